import { useState } from "react";
import { redirect, useFetcher } from "react-router";
import { Alert, Spinner } from "#app/components/Alert.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { RequestCard } from "#app/components/studyswap/RequestCard.tsx";
import { SignInGate, Steps } from "#app/components/studyswap/parts.tsx";
import { envOf, getUser, logLoaderFailure } from "#app/lib/session.server.ts";
import { filterBySubject, sortRequests, type SortOrder, type StudyRequest } from "#common/studyswap.ts";
import { deleteWriter, getMyWriter, listOpenRequests, saveWriter, writerInputSchema } from "#server/services/studyswap.ts";
import { attempt } from "#app/lib/action-result.server.ts";
import { parseWith } from "#server/lib/validate.ts";
import type { Route } from "./+types/become-writer";
import { readForm } from "#app/lib/form.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await getUser(context, request);
  if (!user) return { signedIn: false as const, writer: null, defaultName: "", board: null };
  const env = envOf(context);
  // The board is rendered with the page (no spinner, no layout shift, one round trip on a slow
  // network). When the list cannot be read, the page still renders, with the samples and the
  // warning of the specification (decision 0022).
  const [writer, board] = await Promise.all([getMyWriter(env, user.id), listOpenRequests(env).then(loadedBoard, (error: unknown) => {
      logLoaderFailure(context, request, "writers' board failed", error);
      return sampleBoard(Date.now());
    })]);
  return { signedIn: true as const, writer, defaultName: user.name, board };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = await getUser(context, request);
  if (!user) throw redirect("/login");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const env = envOf(context);
  if (intent === "delete-writer") return attempt(intent, "Your writer profile is removed.", () => deleteWriter(env, user.id));
  return attempt("save-writer", "Your writer profile is saved. Students see it on Study Swap.", () => saveWriter(env, user.id, parseWith(writerInputSchema, Object.fromEntries(form))));
}

const SAMPLE_REQUESTS: Omit<StudyRequest, "createdAt">[] = [
  {
    _id: "sample-ml-paper",
    title: "Machine Learning Research Paper",
    subject: "Computer Science",
    deadline: "7 days",
    budget: "$150",
    budgetValue: 150,
    pages: 10,
    requirements: "A research paper comparing supervised learning algorithms on a public data set, with at least eight academic references in IEEE style.",
    contact: "sample@example.com",
    attachment: null,
  },
  {
    _id: "sample-marketing-case",
    title: "Marketing Case Study Analysis",
    subject: "Business Management",
    deadline: "5 days",
    budget: "₹2,000",
    budgetValue: 2000,
    pages: 6,
    requirements: "Analyse a well-known brand's digital marketing strategy using the 4P framework and suggest three improvements.",
    contact: "+91 90000 00000",
    attachment: null,
  },
  {
    _id: "sample-climate-review",
    title: "Climate Change Literature Review",
    subject: "Environmental Science",
    deadline: "10 days",
    budget: "₹3,500",
    budgetValue: 3500,
    pages: 15,
    requirements: "A literature review of recent research on climate change adaptation in South Asian cities, with a summary table of findings.",
    contact: "sample@example.com",
    attachment: null,
  },
];

const GUIDE = [
  { title: "Browse", text: "Find requests in subjects you know well; filter and sort them." },
  { title: "Contact", text: "Use Contact Student to e-mail or call the student directly." },
  { title: "Negotiate", text: "Agree on scope, deadline and price before you start." },
  { title: "Deliver", text: "Hand over quality work on time and build your reputation." },
];

type Board = { state: "loading" } | { state: "loaded"; requests: StudyRequest[] } | { state: "samples"; requests: StudyRequest[] };

const loadedBoard = (requests: StudyRequest[]): Board => ({ state: "loaded", requests });
/** The specification's fallback: three sample requests, posted an hour apart before `now`. */
const sampleBoard = (now: number): Board => ({ state: "samples", requests: SAMPLE_REQUESTS.map((sample, i) => ({ ...sample, createdAt: now - (i + 1) * 3_600_000 })) });

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
    return { signedIn: true as const, writer: null, defaultName: "", board: sampleBoard(Date.now()) };
  }
}

/**
 * The board as the server rendered it, until the writer asks for a fresh list ("Refresh list"):
 * then the spinner, and the new list or, when the read fails, the samples with the warning. A new
 * server answer (after saving the profile, say) replaces a refreshed list.
 */
function useRequestBoard(initial: Board) {
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
  const board: Board = showFetched ? (fetcher.state !== "idle" || !fetched ? { state: "loading" } : fetched) : initial;
  return { board, warning: board.state === "samples" && !dismissed, dismissWarning: () => setDismissed(true), refresh };
}

const SORTS: { value: SortOrder; label: string }[] = [
  { value: "latest", label: "Latest first" },
  { value: "budget-high", label: "Budget: high to low" },
  { value: "budget-low", label: "Budget: low to high" },
];

function RequestBoard({ initial }: { initial: Board }) {
  const { board, warning, dismissWarning, refresh } = useRequestBoard(initial);
  const [filter, setFilter] = useState("");
  const [sort, setSort] = useState<SortOrder>("latest");
  const all = board.state === "loading" ? [] : board.requests;
  const shown = sortRequests(filterBySubject(all, filter), sort);
  const filtering = filter.trim() !== "";

  return (
    <section aria-labelledby="board-heading" className="space-y-4">
      <h2 id="board-heading" className="sr-only">
        Assignment requests
      </h2>
      {warning && (
        <Alert tone="warning" onDismiss={dismissWarning}>
          Failed to load assignment requests. Using sample data.
        </Alert>
      )}
      <div className="card grid gap-4 p-4 sm:grid-cols-[1fr_auto] sm:items-start">
        <div>
          <label htmlFor="subject-filter" className="label">
            Filter by subject
          </label>
          <input id="subject-filter" type="search" value={filter} onChange={(event) => setFilter(event.target.value)} placeholder="e.g. Computer Science" className="input" />
        </div>
        <div>
          <label htmlFor="sort" className="label">
            Sort by
          </label>
          <select id="sort" value={sort} onChange={(event) => setSort(event.target.value as SortOrder)} className="input sm:w-56">
            {SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {board.state === "loading" ? (
        <div className="card flex items-center justify-center gap-3 p-10 text-slate-600 dark:text-slate-400" aria-busy="true">
          <Spinner label="Loading assignment requests" />
          <span aria-hidden="true">Loading assignment requests…</span>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
              {board.state === "samples" ? `Showing ${shown.length} sample request${shown.length === 1 ? "" : "s"}` : `${shown.length} request${shown.length === 1 ? "" : "s"}`}
              {filtering ? ` matching “${filter.trim()}”` : ""}
            </p>
            <button type="button" className="btn-secondary" onClick={refresh}>
              Refresh list
            </button>
          </div>
          {shown.length === 0 ? (
            <div className="card p-8 text-center">
              <h3 className="text-lg font-semibold">No Assignment Requests Found</h3>
              <p className="mt-1 text-slate-600 dark:text-slate-400">{filtering ? "No assignments match your current filter." : "No new assignment requests available at the moment."}</p>
              {filtering && (
                <button type="button" className="btn-secondary mt-4" onClick={() => setFilter("")}>
                  Clear filter to see all assignments
                </button>
              )}
            </div>
          ) : (
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {shown.map((request) => (
                <li key={request._id}>
                  <RequestCard request={request} sample={board.state === "samples"} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

interface WriterProfileProps {
  writer: Route.ComponentProps["loaderData"]["writer"];
  defaultName: string;
  /** The answer to a form post made without JavaScript. */
  posted: Route.ComponentProps["actionData"];
}

function WriterProfile({ writer, defaultName, posted }: WriterProfileProps) {
  const fetcher = useFetcher<typeof action>();
  const saving = fetcher.state !== "idle";
  const result = fetcher.data ?? posted;
  const fieldError = (name: string) => (result && !result.ok && result.field === name ? result.message : null);
  return (
    <details className="card group p-5" open={posted ? true : undefined}>
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 font-semibold">
        <span>{writer ? "Edit your writer profile" : "Create your writer profile"}</span>
        <span aria-hidden="true" className="text-slate-500 transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Your profile is listed on Study Swap so students can find you. Your contact is shown to signed-in students only.</p>
      <fetcher.Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" aria-busy={saving}>
        <input type="hidden" name="intent" value="save-writer" />
        <div>
          <label htmlFor="writer-name" className="label">
            Name
          </label>
          <input id="writer-name" name="name" required maxLength={80} defaultValue={writer?.name ?? defaultName} className="input" aria-invalid={fieldError("name") ? true : undefined} />
        </div>
        <div>
          <label htmlFor="writer-contact" className="label">
            Contact (e-mail or phone)
          </label>
          <input id="writer-contact" name="contact" required maxLength={254} defaultValue={writer?.contact ?? ""} className="input" aria-invalid={fieldError("contact") ? true : undefined} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="writer-expertise" className="label">
            Expertise
          </label>
          <input id="writer-expertise" name="expertise" required maxLength={200} defaultValue={writer?.expertise ?? ""} placeholder="e.g. Economics, statistics, essay editing" className="input" />
        </div>
        <div>
          <label htmlFor="writer-rate" className="label">
            Rate per page in ₹ (optional)
          </label>
          <input id="writer-rate" name="rate" inputMode="decimal" defaultValue={writer?.rate ?? ""} placeholder="e.g. 150" className="input" />
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving && fetcher.formData?.get("intent") === "save-writer" ? "Saving..." : "Save profile"}
          </button>
          {writer && (
            <button type="submit" name="intent" value="delete-writer" formNoValidate className="btn-secondary" disabled={saving}>
              Remove profile
            </button>
          )}
        </div>
        <div className="sm:col-span-2" aria-live="polite">
          {result && (
            <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>
          )}
        </div>
      </fetcher.Form>
    </details>
  );
}

export default function BecomeWriter({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <PageIntro title="Assignment Opportunities for Writers" lead="Browse assignment requests from students and contact them directly." />
      {loaderData.signedIn ? (
        <>
          <RequestBoard initial={loaderData.board} />
          <Steps id="guide-heading" title="How to help as a writer" steps={GUIDE} wide />
          <WriterProfile writer={loaderData.writer} defaultName={loaderData.defaultName} posted={actionData} />
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
