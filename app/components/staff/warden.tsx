import { useActionData, useFetcher } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { Badge, EmptyState, statusTone } from "#app/components/hostel/ui.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { formatIndiaShortDateTime } from "#common/format.ts";
import { categoryLabel, complaintStatusLabel } from "#common/hostel-labels.ts";
import { formatDuration } from "#common/staff.ts";
import type { BlockResolveTime, QueueComplaint } from "#server/services/hostel/warden.ts";
import { WARDEN_INTENTS } from "#app/components/staff/staff-intents.ts";
import { Field } from "#app/components/Field.tsx";

/** The warden's queue: open first, then the most "me too", then the oldest. */
export function ComplaintQueue({ queue, now }: { queue: QueueComplaint[]; now: number }) {
  // One fetcher for every card: a resolved complaint leaves the queue, and its answer must outlive its card.
  const status = useFetcher<ActionResult>({ key: STATUS_FETCHER });
  // Without JavaScript the form posts the page, and the answer comes as the page's action data.
  const posted = useActionData<ActionResult>();
  const result = status.data ?? posted;
  return (
    <section aria-labelledby="queue-heading" className="min-w-0 space-y-4">
      <h2 id="queue-heading" className="text-lg font-semibold">
        Complaints to act on <span className="font-normal text-slate-600 dark:text-slate-400">({queue.length})</span>
      </h2>
      <div aria-live="polite">{result && <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>}</div>
      {queue.length === 0 ? (
        <EmptyState title="No open complaints in your blocks.">
          New complaints appear here as students file them.
        </EmptyState>
      ) : (
        <ol className="space-y-4">
          {queue.map((c) => (
            <li key={c.id}>
              <QueueCard complaint={c} now={now} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const STATUS_FETCHER = "complaint-status";

function QueueCard({ complaint: c, now }: { complaint: QueueComplaint; now: number }) {
  const fetcher = useFetcher<ActionResult>({ key: STATUS_FETCHER });
  const busy =
    fetcher.state !== "idle" && fetcher.formData?.get("id") === c.id
      ? String(fetcher.formData.get("intent") ?? "")
      : null;
  const noteId = `note-${c.id}`;
  return (
    <article
      className={`card p-5 ${c.overdue ? "border-l-4 border-l-rose-500 dark:border-l-rose-400" : ""}`}
      aria-labelledby={`q-${c.id}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="indigo">{categoryLabel[c.category]}</Badge>
        <Badge tone={statusTone[c.status]}>{complaintStatusLabel[c.status]}</Badge>
        {c.overdue && <Badge tone="rose">Open over 72 hours</Badge>}
      </div>
      <h3 id={`q-${c.id}`} className="mt-3 font-semibold">
        {c.blockName.split(" (")[0]} · Room {c.room}
      </h3>
      <p className="mt-1 whitespace-pre-line break-words text-slate-700 dark:text-slate-300">{c.description}</p>
      {c.photoUrl && (
        <a
          href={c.photoUrl}
          target="_blank"
          rel="noopener"
          className="mt-2 inline-block text-sm font-medium text-indigo-700 underline dark:text-indigo-300"
        >
          See the photo
        </a>
      )}
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {c.meTooCount === 0 ? "No “me too”" : `${c.meTooCount} “me too”`} · filed by {c.authorName}{" "}
        {formatDuration(now - c.createdAt)} ago ({formatIndiaShortDateTime(c.createdAt)})
      </p>
      {c.statusNote && <p className="mt-2 text-sm">Last note: {c.statusNote}</p>}
      {/* Keyed by the status: the note field empties once its change is saved. */}
      <fetcher.Form method="post" key={c.status} className="mt-4 space-y-3">
        <input type="hidden" name="id" value={c.id} />
        <Field
          id={noteId}
          name="note"
          label={
            <>
              Note for the student <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
            </>
          }
        >
          <textarea rows={2} maxLength={500} className="input" />
        </Field>
        <div className="flex flex-wrap gap-3">
          {c.status === "open" && (
            <SubmitButton
              busy={busy === WARDEN_INTENTS.in_progress}
              busyLabel="Saving..."
              className="btn-secondary"
              name="intent"
              value={WARDEN_INTENTS.in_progress}
            >
              Start work
            </SubmitButton>
          )}
          <SubmitButton
            busy={busy === WARDEN_INTENTS.resolved}
            busyLabel="Saving..."
            name="intent"
            value={WARDEN_INTENTS.resolved}
          >
            Mark resolved
          </SubmitButton>
        </div>
      </fetcher.Form>
    </article>
  );
}

/** Median time to resolve per block over the last 30 days, as a bar chart in plain HTML. */
export function ResolveTimes({ blocks }: { blocks: BlockResolveTime[] }) {
  const longest = Math.max(1, ...blocks.map((b) => b.medianMs ?? 0));
  return (
    <section aria-labelledby="times-heading" className="card p-5">
      <h2 id="times-heading" className="text-lg font-semibold">
        Median time to resolve
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">Complaints resolved in the last 30 days, per block.</p>
      <dl className="mt-4 space-y-3">
        {blocks.map((b) => (
          <div key={b.blockId}>
            <dt className="flex justify-between gap-2 text-sm font-medium">
              <span>{b.blockName.split(" (")[0]}</span>
              <span className="text-slate-600 dark:text-slate-400">
                {b.resolved === 0 ? "none resolved" : `${b.resolved} resolved`}
              </span>
            </dt>
            <dd className="mt-1 flex items-center gap-2">
              <span aria-hidden="true" className="h-3 flex-1 rounded-full bg-slate-100 dark:bg-slate-800">
                <span
                  className="block h-3 rounded-full bg-indigo-500 dark:bg-indigo-400"
                  style={{ width: `${b.medianMs === null ? 0 : Math.max(4, (b.medianMs / longest) * 100)}%` }}
                />
              </span>
              <span className="w-20 text-right text-sm tabular-nums">
                {b.medianMs === null ? "–" : formatDuration(b.medianMs)}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
