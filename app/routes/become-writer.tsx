import { useState } from "react";
import { redirect, useFetcher } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SignInGate, Steps } from "#app/components/studyswap/parts.tsx";
import { VerifyBanner } from "#app/components/verify-banner.ts";
import { mayAct } from "#common/membership.ts";
import { envOf, getUser, logLoaderFailure } from "#app/lib/session.server.ts";
import { BECOME_WRITER, CONTACT_STUDENTS, type StudyRequest } from "#common/studyswap.ts";
import { SAMPLE_REQUESTS } from "#app/components/studyswap/samples.ts";
import { deleteWriter, getMyWriter, saveWriter, writerInputSchema } from "#server/services/studyswap/writers.ts";
import { listOpenRequests } from "#server/services/studyswap/requests.ts";
import { attempt } from "#app/lib/action-result.server.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { STUDYSWAP_MESSAGES } from "#common/studyswap-messages.ts";
import { reportAction } from "#app/lib/report.server.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import type { Route } from "./+types/become-writer";
import { RequestBoard, WriterProfile, type BoardState } from "#app/components/studyswap/WriterBoard.tsx";
import { readForm } from "#app/lib/form.server.ts";
import { dispatch } from "#app/lib/actions.server.ts";
import { isIntent, mergeIntents } from "#app/lib/intents.ts";
import { WRITER_INTENTS } from "#app/components/studyswap/studyswap-intents.ts";
import { REPORT_INTENTS } from "#app/components/moderation/report-intents.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await getUser(context);
  if (!user) return { signedIn: false as const, writer: null, defaultName: "", board: null, verifyEmail: null };
  const env = envOf(context);
  // The board is rendered with the page (no spinner, no layout shift, one round trip on a slow
  // network). When the list cannot be read, the page still renders, with the samples and the
  // warning of the specification (decision 0022).
  const [writer, board] = await Promise.all([
    getMyWriter(env, user.id),
    listOpenRequests(env, user).then(loadedBoard, (error: unknown) => {
      logLoaderFailure(context, request, "writers' board failed", error);
      return sampleBoard(Date.now());
    }),
  ]);
  // An unverified college account browses the board without contacts, and sees the verify banner
  // instead of Contact Student and the writer profile form.
  return {
    signedIn: true as const,
    writer,
    defaultName: user.name,
    board,
    verifyEmail: mayAct(user) ? null : user.email,
  };
}

// The writer's profile and the requests' report form.
const INTENTS = mergeIntents(WRITER_INTENTS, REPORT_INTENTS);

export async function action({ context, request }: Route.ActionArgs) {
  const user = await getUser(context);
  if (!user) throw redirect("/login");
  const form = await readForm(request);
  // Anything but a report or a removal saves the profile, as a form without an intent always has.
  const posted = form.get("intent");
  const name = isIntent(INTENTS, posted) ? posted : INTENTS["save-writer"];
  const env = envOf(context);
  return dispatch({ intent: name, name }, INTENTS, {
    report: () => reportAction(env, user, form),
    "delete-writer": (intent) => attempt(intent, STUDYSWAP_MESSAGES.writerRemoved, () => deleteWriter(env, user.id)),
    "save-writer": (intent) =>
      attempt(intent, STUDYSWAP_MESSAGES.writerSavedListed, () =>
        saveWriter(env, user, parseWith(writerInputSchema, formInput(form))),
      ),
  });
}

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

/** The verify banner's reason on the board: both of its gated actions. */
function boardGate(): string {
  return `${CONTACT_STUDENTS} or ${BECOME_WRITER}`;
}

const GUIDE = [
  { title: "Browse", text: "Find requests in subjects you know well; filter and sort them." },
  { title: "Contact", text: "Use Contact Student to e-mail or call the student directly." },
  { title: "Negotiate", text: "Agree on scope, deadline and price before you start." },
  { title: "Deliver", text: "Hand over quality work on time and build your reputation." },
];

const loadedBoard = (requests: StudyRequest[]): BoardState => ({ state: "loaded", requests });
/** The specification's fallback: three sample requests, posted an hour apart before `now`. */
const sampleBoard = (now: number): BoardState => ({
  state: "samples",
  requests: SAMPLE_REQUESTS.map((sample, i) => ({ ...sample, createdAt: now - (i + 1) * 3_600_000 })),
});

/**
 * "Refresh list" reads the board again through the loader (a fetcher with `?refresh`). When that
 * read fails (the connection dropped, the server failed) the specification's fallback applies: the
 * samples with the warning, never the error page.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (!new URL(request.url).searchParams.has("refresh")) return serverLoader();
  try {
    return await serverLoader();
  } catch (error) {
    console.warn("Could not refresh the request board:", error);
    return {
      signedIn: true as const,
      writer: null,
      defaultName: "",
      board: sampleBoard(Date.now()),
      verifyEmail: null,
    };
  }
}

/**
 * The board as the server rendered it, until the writer asks for a fresh list ("Refresh list"):
 * then the spinner, and the new list or, when the read fails, the samples with the warning. A new
 * server answer (after saving the profile, say) replaces a refreshed list.
 */
function useRequestBoard(initial: BoardState) {
  const fetcher = useFetcher<typeof clientLoader>();
  const [dismissed, setDismissed] = useState(false);
  const [showFetched, setShowFetched] = useState(false);
  // A new server answer wins over a refreshed list (adjusted while rendering, not in an effect).
  const [source, setSource] = useState(initial);
  if (source !== initial) {
    setSource(initial);
    setShowFetched(false);
    setDismissed(false);
  }
  const refresh = () => {
    setDismissed(false);
    setShowFetched(true);
    void fetcher.load("/become-writer?refresh=1");
  };
  const fetched = fetcher.data?.board ?? null;
  const board: BoardState = showFetched
    ? fetcher.state !== "idle" || !fetched
      ? { state: "loading" }
      : fetched
    : initial;
  return { board, warning: board.state === "samples" && !dismissed, dismissWarning: () => setDismissed(true), refresh };
}

/** The board with its "Refresh list" (the hook reads through this route's loader). */
function Board({ initial }: { initial: BoardState }) {
  return <RequestBoard {...useRequestBoard(initial)} />;
}

export default function BecomeWriter({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <PageIntro
        title="Assignment Opportunities for Writers"
        lead="Browse assignment requests from students and contact them directly."
      />
      {loaderData.signedIn ? (
        <>
          {loaderData.verifyEmail && <VerifyBanner what={boardGate()} email={loaderData.verifyEmail} />}
          <Board initial={loaderData.board} />
          <Steps id="guide-heading" title="How to help as a writer" steps={GUIDE} wide />
          {/* A profile made before (while it was allowed) can still be edited away; a new one waits for verification. */}
          {(!loaderData.verifyEmail || loaderData.writer) && (
            <WriterProfile writer={loaderData.writer} defaultName={loaderData.defaultName} posted={actionData} />
          )}
        </>
      ) : (
        <SignInGate returnTo="/become-writer" lead="You need to be signed in to browse assignment requests." />
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Assignment Opportunities for Writers · Campus" },
  { name: "description", content: "Browse assignment requests from students and contact them directly." },
];
