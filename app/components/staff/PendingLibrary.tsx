import { useState } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { Badge, EmptyState } from "#app/components/hostel/ui.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { formatIndiaShortDateTime } from "#common/format.ts";
import { libraryIndexLabel, LIBRARY_MESSAGES } from "#common/library-contribute.ts";
import type { PendingItem } from "#server/services/library/review.ts";
import { LIBRARY_REVIEW_INTENTS } from "#app/components/staff/staff-intents.ts";
import { Field } from "#app/components/Field.tsx";

// The library's uploads waiting for a second look, on /staff beside the reports
// (docs/decisions/0106-library.md): each with its file to open, Approve, and Not approved with a
// note the uploader reads. Intents "lib-approve" and "lib-reject" to /staff's action; no JS needed.
// A file is approved once the indexer has read it (docs/decisions/0117): until then the card says
// where that stands, and an unreadable file can only be refused.

export function PendingLibrary({ items, kinds }: { items: PendingItem[]; kinds: Record<string, string> }) {
  // One fetcher for the list, held here: a decided item leaves the list when /staff reloads, and
  // its card with it, so the answer ("Approved: ...") is shown above the list, not in the card.
  const fetcher = useFetcher<ActionResult>();
  const [lastId, setLastId] = useState<string | null>(null);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <section aria-labelledby="library-pending-heading" className="min-w-0 space-y-4">
      <h2 id="library-pending-heading" className="text-lg font-semibold">
        Library uploads to review{" "}
        <span className="font-normal text-slate-600 dark:text-slate-400">({items.length})</span>
      </h2>
      {result?.ok && <Alert tone="success">{result.message}</Alert>}
      {items.length === 0 ? (
        <EmptyState title="Nothing to review.">
          New notes, papers, books and videos appear here until you decide.
        </EmptyState>
      ) : (
        <ol className="space-y-4">
          {items.map((item) => (
            <li key={item.id}>
              {item.mine ? (
                <OwnUpload item={item} kind={kinds[item.kind] ?? item.kind} />
              ) : (
                <PendingCard
                  item={item}
                  kind={kinds[item.kind] ?? item.kind}
                  fetcher={fetcher}
                  result={lastId === item.id && result && !result.ok ? result : undefined}
                  onSubmit={() => setLastId(item.id)}
                />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function PendingCard({
  item,
  kind,
  fetcher,
  result,
  onSubmit,
}: {
  item: PendingItem;
  kind: string;
  fetcher: FetcherWithComponents<ActionResult>;
  /** This card's refusal, if its last decision was refused. */
  result: ActionResult | undefined;
  onSubmit: () => void;
}) {
  const mine = fetcher.state !== "idle" && fetcher.formData?.get("id") === item.id;
  const busy = mine ? String(fetcher.formData?.get("intent") ?? "") : null;
  const noteError = result?.intent === LIBRARY_REVIEW_INTENTS["lib-reject"] ? fieldError(result, "note") : null;
  return (
    <article className="card p-5" aria-labelledby={`lib-${item.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="indigo">{kind}</Badge>
        <span className="text-sm text-slate-600 dark:text-slate-400">{formatIndiaShortDateTime(item.createdAt)}</span>
        {item.hasFile && item.indexState !== "ready" ? (
          <Badge tone={item.indexState === "failed" ? "rose" : "amber"}>{libraryIndexLabel[item.indexState]}</Badge>
        ) : null}
      </div>
      <h3 id={`lib-${item.id}`} className="mt-3 break-words font-semibold">
        {item.title}
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {item.subject} · by {item.uploaderName ?? "a former student"}
      </p>
      {item.hasFile && item.indexState === "failed" && item.indexError ? (
        <p className="mt-2 text-sm text-red-700 dark:text-red-300">{LIBRARY_MESSAGES.indexFailed(item.indexError)}</p>
      ) : item.hasFile && item.indexState === "pending" ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{LIBRARY_MESSAGES.indexing}</p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-start gap-3">
        {item.hasFile && item.indexState === "ready" ? (
          <a href={`/api/library/items/${item.id}/file`} target="_blank" rel="noopener" className="btn-secondary">
            Open the file
          </a>
        ) : item.url ? (
          <a href={item.url} target="_blank" rel="noopener noreferrer" className="btn-secondary">
            Open the link
          </a>
        ) : null}
        <a href={`/library/${item.id}`} className="btn-secondary">
          Details
        </a>
        {!item.hasFile || item.indexState === "ready" ? (
          <fetcher.Form method="post" onSubmit={onSubmit}>
            <input type="hidden" name="id" value={item.id} />
            <SubmitButton
              busy={busy === LIBRARY_REVIEW_INTENTS["lib-approve"]}
              busyLabel="Approving..."
              name="intent"
              value={LIBRARY_REVIEW_INTENTS["lib-approve"]}
            >
              Approve
            </SubmitButton>
          </fetcher.Form>
        ) : null}
      </div>
      <details className="mt-3" open={!!noteError}>
        <summary className="cursor-pointer text-sm font-medium text-indigo-700 dark:text-indigo-300">
          Not approved, with a note
        </summary>
        <fetcher.Form method="post" className="mt-2 space-y-2" onSubmit={onSubmit}>
          <input type="hidden" name="id" value={item.id} />
          <Field
            id={`note-${item.id}`}
            name="note"
            label="Note the uploader will read"
            error={noteError}
            className="space-y-2"
          >
            <textarea rows={2} maxLength={500} required className="input" />
          </Field>
          <SubmitButton
            busy={busy === LIBRARY_REVIEW_INTENTS["lib-reject"]}
            busyLabel="Sending..."
            className="btn-secondary"
            name="intent"
            value={LIBRARY_REVIEW_INTENTS["lib-reject"]}
          >
            Not approved
          </SubmitButton>
        </fetcher.Form>
      </details>
      {result && !result.ok && !noteError && (
        <div className="mt-3">
          <Alert tone="error">{result.message}</Alert>
        </div>
      )}
    </article>
  );
}

/** The reviewer's own upload: listed, not decided here (a second person approves it). */
function OwnUpload({ item, kind }: { item: PendingItem; kind: string }) {
  return (
    <article className="card p-5" aria-labelledby={`lib-${item.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="indigo">{kind}</Badge>
        <span className="text-sm text-slate-600 dark:text-slate-400">{formatIndiaShortDateTime(item.createdAt)}</span>
      </div>
      <h3 id={`lib-${item.id}`} className="mt-3 break-words font-semibold">
        {item.title}
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {item.subject} · {LIBRARY_MESSAGES.reviewOwn}
      </p>
      <a href={`/library/${item.id}`} className="btn-secondary mt-4 inline-flex">
        Details
      </a>
    </article>
  );
}
