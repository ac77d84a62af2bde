import { useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { Badge, EmptyState } from "#app/components/hostel/ui.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { Field } from "#app/components/Field.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { formatIndiaDateTime, formatIndiaShortDateTime } from "#common/format.ts";
import type { ReportKind } from "#common/moderation.ts";
import type { QueueItem, SuspendedMember } from "#server/services/moderation/queue.ts";
import { MODERATION_INTENTS } from "#app/components/staff/staff-intents.ts";

// The moderators' queue on /staff (docs/decisions/0082-reports-and-moderation.md): reported
// content of the campus, the most reported and then the newest first, with its reports and the
// four actions. Each action posts an intent to /staff's action; every form works without JS.

/**
 * The words of common/moderation.ts the queue shows, given with the page's data (the /staff loader)
 * so that the script /staff loads carries no copy of the tables the report forms of other screens use.
 */
export interface ModerationWords {
  kinds: Record<ReportKind, string>;
  reasons: Record<string, string>;
  suspendMaxDays: number;
}

export function ModerationQueue({ items, words }: { items: QueueItem[]; words: ModerationWords }) {
  return (
    <section aria-labelledby="reports-heading" className="min-w-0 space-y-4">
      <h2 id="reports-heading" className="text-lg font-semibold">
        Reported content <span className="font-normal text-slate-600 dark:text-slate-400">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <EmptyState title="Nothing reported.">
          Reports from students appear here; content three verified students report is hidden until you look.
        </EmptyState>
      ) : (
        <ol className="space-y-4">
          {items.map((item) => (
            <li key={`${item.kind}:${item.id}`}>
              <ReportCard item={item} words={words} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ReportCard({ item, words }: { item: QueueItem; words: ModerationWords }) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle" ? String(fetcher.formData?.get("intent") ?? "") : null;
  const result = fetcher.data;
  const key = `${item.kind}-${item.id}`;
  // A field's problem shows under it, in the form that was sent (hide and suspend both have a reason).
  const error = (intent: string, name: string) => (result?.intent === intent ? fieldError(result, name) : null);
  const hideReason = error(MODERATION_INTENTS["mod-hide"], "reason");
  const days = error(MODERATION_INTENTS["mod-suspend"], "days");
  const suspendReason = error(MODERATION_INTENTS["mod-suspend"], "reason");
  const hidden = (
    <>
      <input type="hidden" name="kind" value={item.kind} />
      <input type="hidden" name="id" value={item.id} />
    </>
  );
  return (
    <article
      className={`card p-5 ${item.hiddenAt ? "border-l-4 border-l-amber-500 dark:border-l-amber-400" : ""}`}
      aria-labelledby={`r-${key}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="indigo">{words.kinds[item.kind]}</Badge>
        <Badge tone="rose">{item.reportCount === 1 ? "1 report" : `${item.reportCount} reports`}</Badge>
        {item.hiddenAt && <Badge tone="amber">Hidden</Badge>}
        {item.ownerSuspendedUntil && (
          <Badge tone="slate">Owner suspended until {formatIndiaShortDateTime(item.ownerSuspendedUntil)}</Badge>
        )}
      </div>
      <h3 id={`r-${key}`} className="mt-3 break-words font-semibold">
        {item.title}
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        By {item.ownerName}
        {item.hiddenReason ? ` · ${item.hiddenReason}` : ""}
      </p>
      <ul aria-label="Reports" className="mt-3 space-y-1 text-sm">
        {item.reports.map((r, i) => (
          <li key={i}>
            <span className="font-medium">{words.reasons[r.reason] ?? r.reason}</span>
            <span className="text-slate-600 dark:text-slate-400"> · {formatIndiaShortDateTime(r.at)}</span>
            {r.note && <span className="block break-words text-slate-700 dark:text-slate-300">“{r.note}”</span>}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-start gap-3">
        {item.kind === "library" && (
          <a href={`/library/${item.id}`} target="_blank" rel="noopener" className="btn-secondary">
            Open the item
          </a>
        )}
        {item.kind === "lostfound" && (
          <a href={`/lost-found/${item.id}`} target="_blank" rel="noopener" className="btn-secondary">
            Open the post
          </a>
        )}
        {item.hiddenAt ? (
          <fetcher.Form method="post">
            {hidden}
            <SubmitButton
              busy={busy === MODERATION_INTENTS["mod-restore"]}
              busyLabel="Restoring..."
              className="btn-secondary"
              name="intent"
              value={MODERATION_INTENTS["mod-restore"]}
            >
              Restore
            </SubmitButton>
          </fetcher.Form>
        ) : null}
        <fetcher.Form method="post">
          {hidden}
          <SubmitButton
            busy={busy === MODERATION_INTENTS["mod-dismiss"]}
            busyLabel="Dismissing..."
            className="btn-secondary"
            name="intent"
            value={MODERATION_INTENTS["mod-dismiss"]}
          >
            Dismiss reports
          </SubmitButton>
        </fetcher.Form>
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-indigo-700 dark:text-indigo-300">
          Hide with a reason
        </summary>
        <fetcher.Form method="post" className="mt-2 space-y-2">
          {hidden}
          <ReasonField id={`hide-${key}`} label="Reason the student will see" required problem={hideReason} />
          <SubmitButton
            busy={busy === MODERATION_INTENTS["mod-hide"]}
            busyLabel="Hiding..."
            name="intent"
            value={MODERATION_INTENTS["mod-hide"]}
          >
            Hide
          </SubmitButton>
        </fetcher.Form>
      </details>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium text-indigo-700 dark:text-indigo-300">
          Suspend {item.ownerName}
        </summary>
        <fetcher.Form method="post" className="mt-2 space-y-2">
          {hidden}
          <Field
            id={`days-${key}`}
            name="days"
            label={`Days (1 to ${words.suspendMaxDays})`}
            error={days}
            className="space-y-2"
          >
            <input type="number" min={1} max={words.suspendMaxDays} defaultValue={7} required className="input w-28" />
          </Field>
          <ReasonField id={`why-${key}`} label="Reason the student will see" required problem={suspendReason} />
          <p className="text-sm text-slate-600 dark:text-slate-400">
            They can still read Campus, but not post, buy or book until then.
          </p>
          <SubmitButton
            busy={busy === MODERATION_INTENTS["mod-suspend"]}
            busyLabel="Suspending..."
            name="intent"
            value={MODERATION_INTENTS["mod-suspend"]}
          >
            Suspend
          </SubmitButton>
        </fetcher.Form>
      </details>
      <div aria-live="polite">
        {result && (result.ok || !result.field) && (
          <div className="mt-3">
            <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>
          </div>
        )}
      </div>
    </article>
  );
}

/**
 * The campus's suspended students on /staff, the soonest to end first, each with "Lift suspension"
 * (an optional note the student reads). Posts intent mod-lift to /staff's action; works without JS.
 */
export function SuspendedStudents({ members }: { members: SuspendedMember[] }) {
  // A lifted student leaves `members` as the page reloads its data in the same moment the answer
  // arrives; their card is kept (in its place, the soonest to end first) so the moderator sees it.
  const [lifting, setLifting] = useState<SuspendedMember[]>([]);
  const shown = [...members, ...lifting.filter((kept) => !members.some((m) => m.userId === kept.userId))].sort(
    (a, b) => a.until - b.until,
  );
  const keep = (member: SuspendedMember) =>
    setLifting((list) => (list.some((m) => m.userId === member.userId) ? list : [...list, member]));
  return (
    <section aria-labelledby="suspended-heading" className="min-w-0 space-y-4">
      <h2 id="suspended-heading" className="text-lg font-semibold">
        Suspended students <span className="font-normal text-slate-600 dark:text-slate-400">({members.length})</span>
      </h2>
      {shown.length === 0 ? (
        <EmptyState title="Nobody is suspended.">
          Students you suspend appear here until their suspension ends; you can lift it earlier.
        </EmptyState>
      ) : (
        <ol className="space-y-4">
          {shown.map((member) => (
            <li key={member.userId}>
              <SuspendedCard member={member} onLift={keep} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function SuspendedCard({ member, onLift }: { member: SuspendedMember; onLift: (member: SuspendedMember) => void }) {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.data;
  const key = `lift-${member.userId}`;
  const note = fieldError(result, "reason");
  const lifted = result?.ok === true;
  return (
    <article className="card p-5" aria-labelledby={`${key}-name`}>
      <h3 id={`${key}-name`} className="break-words font-semibold">
        {member.name}
      </h3>
      {!lifted && (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Suspended until {formatIndiaDateTime(member.until)}
          {member.reason ? ` · ${member.reason}` : ""}
        </p>
      )}
      <details className="mt-3" hidden={lifted}>
        <summary className="cursor-pointer text-sm font-medium text-indigo-700 dark:text-indigo-300">
          Lift the suspension
        </summary>
        <fetcher.Form method="post" className="mt-2 space-y-2" onSubmit={() => onLift(member)}>
          <input type="hidden" name="userId" value={member.userId} />
          <ReasonField
            id={`${key}-note`}
            label={
              <>
                Note the student will see{" "}
                <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
              </>
            }
            problem={note}
          />
          <SubmitButton
            busy={fetcher.state !== "idle"}
            busyLabel="Lifting..."
            name="intent"
            value={MODERATION_INTENTS["mod-lift"]}
          >
            Lift suspension
          </SubmitButton>
        </fetcher.Form>
      </details>
      <div aria-live="polite">
        {result && (result.ok || !result.field) && (
          <div className="mt-3">
            <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>
          </div>
        )}
      </div>
    </article>
  );
}

/** The reason (or note) a moderator writes for the student, with its problem under it. */
function ReasonField({
  id,
  label,
  required = false,
  problem,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  problem: string | null | undefined;
}) {
  return (
    <Field id={id} name="reason" label={label} error={problem ?? null} className="space-y-2">
      <textarea rows={2} maxLength={300} required={required} />
    </Field>
  );
}
