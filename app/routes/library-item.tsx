import { data, Form, Link, redirect, useFetcher, useNavigation } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { ReportControl } from "#app/components/moderation/ReportControl.tsx";
import { refused, succeeded } from "#app/lib/action-result.server.ts";
import type { ActionResult } from "#app/lib/action-result.ts";
import { readForm } from "#app/lib/form.server.ts";
import { reportAction } from "#app/lib/report.server.ts";
import { envOf, getUser, requireUser } from "#app/lib/session.server.ts";
import { formatIndiaDate } from "#common/format.ts";
import {
  LIBRARY_MESSAGES,
  libraryExamLabel,
  libraryKindLabel,
  libraryIndexLabel,
  libraryStatusLabel,
  type LibraryExamName,
} from "#common/library-contribute.ts";
import { ApiError } from "#server/lib/errors.ts";
import { parseWith } from "#server/lib/validate.ts";
import { deleteItem, itemIdSchema, readItem, setHelpful } from "#server/services/library/item.ts";
import type { Route } from "./+types/library-item";
import { dispatch } from "#app/lib/actions.server.ts";
import { intents, mergeIntents } from "#app/lib/intents.ts";
import { REPORT_INTENTS } from "#app/components/moderation/report-intents.ts";

// One library item (docs/decisions/0106-library.md): what it is, View and Download, Helpful, Report,
// and for its uploader its status and Delete. The same use-case as GET /api/library/items/:id: an
// item the visitor may not see is a 404, as one that never was.
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const user = await getUser(context);
  const item = await readItem(envOf(context), user, parseWith(itemIdSchema, params.id)).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) throw data(LIBRARY_MESSAGES.notFound, { status: 404 });
    throw error;
  });
  return { item, added: new URL(request.url).searchParams.get("added") === "1", signedIn: !!user };
}

// The item's vote and delete forms, and the report form.
const INTENTS = mergeIntents(intents("helpful", "not-helpful", "delete"), REPORT_INTENTS);

export async function action({ context, params, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  const form = await readForm(request);
  const id = parseWith(itemIdSchema, params.id);
  const helpful = async (intent: string, on: boolean) => {
    await setHelpful(env, user, id, on);
    return succeeded(intent, on ? LIBRARY_MESSAGES.voted : LIBRARY_MESSAGES.unvoted);
  };
  return dispatch(form, INTENTS, {
    report: () => reportAction(env, user, form),
    helpful: (intent) => refusedAsAnswer(intent, () => helpful(intent, true)),
    "not-helpful": (intent) => refusedAsAnswer(intent, () => helpful(intent, false)),
    delete: (intent) =>
      refusedAsAnswer(intent, async () => {
        await deleteItem(env, user, id);
        return redirect("/library/new?deleted=1");
      }),
  });
}

/** A refusal (ApiError) as the form's answer, whatever the write answers when it succeeds. */
async function refusedAsAnswer<T>(intent: string, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) return refused(intent, error);
    throw error;
  }
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function HelpfulToggle({ id, voted, count }: { id: string; voted: boolean; count: number }) {
  const fetcher = useFetcher<ActionResult>();
  // Shown at once as pressed; the page's data brings the real count back.
  const pending = fetcher.formData?.get("intent");
  const pressed = pending ? pending === INTENTS.helpful : voted;
  const shown = pending ? count + (pressed === voted ? 0 : pressed ? 1 : -1) : count;
  return (
    <fetcher.Form method="post" action={`/library/${id}`}>
      <button
        type="submit"
        name="intent"
        value={pressed ? INTENTS["not-helpful"] : INTENTS.helpful}
        aria-pressed={pressed}
        className="btn-secondary"
      >
        <span aria-hidden="true">{pressed ? "★" : "☆"}</span> Helpful · {shown}
      </button>
      {fetcher.data && !fetcher.data.ok && (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {fetcher.data.message}
        </p>
      )}
    </fetcher.Form>
  );
}

export default function LibraryItem({ loaderData, actionData }: Route.ComponentProps) {
  const { item, added, signedIn } = loaderData;
  const navigation = useNavigation();
  const fileUrl = `/api/library/items/${item.id}/file`;
  return (
    <div className="space-y-6">
      <PageIntro
        title={item.title}
        lead={`${libraryKindLabel[item.kind]} · ${item.subject.code} ${item.subject.name}`}
      />
      {added && item.review?.status === "pending" && <Alert tone="success">{LIBRARY_MESSAGES.added}</Alert>}
      {added && item.review?.status === "approved" && <Alert tone="success">{LIBRARY_MESSAGES.addedApproved}</Alert>}
      {actionData && !actionData.ok && actionData.intent !== INTENTS.report && (
        <Alert tone="error">{actionData.message}</Alert>
      )}
      <article className="card space-y-4 p-5 sm:p-6">
        {item.review && (
          <p className="text-sm">
            <span className="font-semibold">Status: </span>
            <span data-testid="library-status">{libraryStatusLabel[item.review.status]}</span>
            {item.review.note && <span> — {item.review.note}</span>}
            {item.review.hidden && <span> · Hidden: {item.review.hiddenReason}</span>}
          </p>
        )}
        {item.file && item.file.state !== "ready" && (
          <p className="text-sm" role="status">
            <span className="font-semibold">File: </span>
            <span data-testid="library-index-state">{libraryIndexLabel[item.file.state]}</span>
            {item.file.state === "pending" ? (
              <span className="text-slate-600 dark:text-slate-400"> — {LIBRARY_MESSAGES.indexing}</span>
            ) : item.file.error ? (
              <span className="text-red-700 dark:text-red-300"> — {item.file.error}</span>
            ) : null}
          </p>
        )}
        <dl className="space-y-1 text-sm">
          {!item.viewer.member && <Fact term="College">{item.campusName}</Fact>}
          <Fact term="Subject">
            {item.subject.code} {item.subject.name}
          </Fact>
          {item.units.length > 0 && (
            <Fact term="Units">{item.units.map((u) => `Unit ${u.number}: ${u.title}`).join(", ")}</Fact>
          )}
          {item.year && item.exam && (
            <Fact term="Exam">
              {libraryExamLabel[item.exam as LibraryExamName]} {item.year}
            </Fact>
          )}
          {item.author && <Fact term="Author">{item.author}</Fact>}
          {item.edition && <Fact term="Edition">{item.edition}</Fact>}
          {item.isbn && <Fact term="ISBN">{item.isbn}</Fact>}
          {item.shelf && <Fact term="Shelf">{item.shelf}</Fact>}
          {item.file?.pages && <Fact term="Pages">{item.file.pages}</Fact>}
          <Fact term="Shared by">{item.uploader ?? "A former student"}</Fact>
          <Fact term="Added">{formatIndiaDate(item.createdAt)}</Fact>
        </dl>
        {item.description && (
          <p className="whitespace-pre-line text-slate-800 dark:text-slate-200">{item.description}</p>
        )}
        <div className="flex flex-wrap items-start gap-3">
          {item.file && (item.file.state === "ready" || item.file.source === "pdf") && (
            <>
              <a href={fileUrl} target="_blank" rel="noopener" className="btn-primary">
                View
              </a>
              <a href={`${fileUrl}?download=1`} className="btn-secondary">
                Download
              </a>
            </>
          )}
          {item.url && (
            <a href={item.url} target="_blank" rel="noopener noreferrer" className="btn-primary">
              Watch the video
            </a>
          )}
          {item.viewer.member && signedIn && !item.viewer.uploader && item.review?.status !== "pending" && (
            <HelpfulToggle id={item.id} voted={item.viewer.voted} count={item.helpfulCount} />
          )}
          {(item.viewer.uploader || !item.viewer.member || !signedIn) && (
            <p className="self-center text-sm text-slate-600 dark:text-slate-400">Helpful to {item.helpfulCount}</p>
          )}
        </div>
        {signedIn && item.viewer.member && !item.viewer.uploader && (
          <ReportControl kind="library" id={item.id} title={item.title} />
        )}
        {item.viewer.uploader && (
          <details className="text-sm">
            <summary className="inline-block min-h-6 cursor-pointer py-0.5 text-red-700 underline dark:text-red-300">
              Delete from the library
            </summary>
            <Form method="post" className="mt-2 space-y-2">
              <p>This removes the item and its file for everyone. It cannot be undone.</p>
              <button
                type="submit"
                name="intent"
                value={INTENTS.delete}
                className="btn-secondary"
                disabled={navigation.state !== "idle"}
              >
                Yes, delete it
              </button>
            </Form>
          </details>
        )}
      </article>
      {!signedIn && (
        <p className="text-sm">
          <Link to="/login" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
            Sign in
          </Link>{" "}
          to add your own notes to your college's library.
        </p>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData: loaded }) => [
  { title: `${loaded?.item.title ?? "Library item"} · Campus` },
];
