import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { HiddenMark } from "#app/components/moderation/HiddenMark.tsx";
import { ReportControl } from "#app/components/moderation/ReportControl.tsx";
import { useConfirmSubmit } from "#app/components/dialogs.tsx";
import { Badge, statusTone } from "#app/components/hostel/ui.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { Field, FieldError } from "#app/components/Field.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { formatIndiaDayMonth, formatIndiaShortDateTime } from "#common/format.ts";
import type { Newcomer } from "#server/services/hostel/common.ts";
import type { ComplaintView } from "#server/services/hostel/complaints.ts";
import { categoryLabel, COMPLAINT_CATEGORIES, complaintStatusLabel } from "#common/hostel-labels.ts";
import { COMPLAINT_INTENTS } from "#app/components/hostel/hostel-intents.ts";

/**
 * Who moved into the block in the last 7 days, shown to everyone in it (the newcomer included): until
 * residence is verified, a stranger who picks the block to read its complaints is seen doing so.
 */
export function Newcomers({
  blockName,
  newcomers,
  count,
}: {
  blockName: string;
  newcomers: Newcomer[];
  count: number;
}) {
  if (count === 0) return null;
  const names = newcomers.map((n) => `${n.you ? "you" : n.name} (joined ${formatIndiaDayMonth(n.joinedAt)})`);
  const more = count - newcomers.length;
  const list =
    more > 0
      ? `${names.join(", ")} and ${more} more`
      : names.length > 1
        ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`
        : names[0];
  return (
    <aside
      aria-labelledby="newcomers-heading"
      className="card border-l-4 border-l-sky-500 p-4 text-sm dark:border-l-sky-400"
    >
      <p>
        <strong id="newcomers-heading">New in {blockName} this week:</strong> {list}.
      </p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        Everyone who moves into the block is listed here for 7 days. A student can change block once a week.
      </p>
    </aside>
  );
}

// After a complaint is filed the loader runs again and brings a new key for the next one.
export function FileComplaint({
  blocks,
  residence,
  submissionKey,
}: {
  blocks: { id: string; name: string }[];
  residence: { blockId: string; room: string } | null;
  submissionKey: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data?.intent === COMPLAINT_INTENTS.create ? fetcher.data : null;
  // Every field the server found wrong shows its own problem (decision 0103).
  const error = (name: string) => fieldError(result, name);

  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) formRef.current?.reset();
  }, [fetcher.state, result]);

  return (
    <section aria-labelledby="file-heading" className="card p-5 lg:sticky lg:top-4">
      <h2 id="file-heading" className="text-lg font-semibold">
        File a complaint
      </h2>
      <fetcher.Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        className="mt-4 space-y-4"
        aria-busy={busy}
      >
        <input type="hidden" name="intent" value={COMPLAINT_INTENTS.create} />
        <input type="hidden" name="submissionKey" value={submissionKey} />
        <Field name="category" label="Category" result={result}>
          <select required className="input" defaultValue="">
            <option value="" disabled>
              Choose a category
            </option>
            {COMPLAINT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel[c]}
              </option>
            ))}
          </select>
        </Field>
        <div className="grid grid-cols-[minmax(0,1fr)_7rem] gap-3">
          <Field name="blockId" label="Hostel block" result={result} errorElsewhere>
            <select required className="input" defaultValue={residence?.blockId ?? ""}>
              <option value="" disabled>
                Choose
              </option>
              {/* A resident files for their own block; another block is a move its warden approves (Your block). */}
              {(residence ? blocks.filter((b) => b.id === residence.blockId) : blocks).map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </Field>
          <Field name="room" label="Room" result={result} errorElsewhere>
            <input required maxLength={10} defaultValue={residence?.room ?? ""} placeholder="B-204" className="input" />
          </Field>
        </div>
        {/* Below both fields, full width: a refused block change is a sentence or two. */}
        <FieldError id="blockId" message={error("blockId")} />
        <FieldError id="room" message={error("room")} />
        <Field name="description" label="What's wrong?" result={result}>
          <textarea
            required
            minLength={10}
            maxLength={1000}
            rows={4}
            className="input"
            placeholder="Where it is, since when, what you have tried."
          />
        </Field>
        <Field
          name="photo"
          label={
            <>
              Photo <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
            </>
          }
          hint="JPEG, PNG or WebP, up to 5 MB."
          result={result}
        >
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-slate-100 file:px-4 file:font-semibold file:text-slate-800 dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-slate-100"
          />
        </Field>
        {result && (result.ok || !result.field) && (
          <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>
        )}
        <SubmitButton busy={busy} busyLabel="Filing..." className="btn-primary w-full">
          File complaint
        </SubmitButton>
      </fetcher.Form>
    </section>
  );
}

/** canAct: the student may add a "me too" (an unverified college account sees the verify banner instead). */
export function ComplaintCard({ complaint, canAct = true }: { complaint: ComplaintView; canAct?: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  const busyIntent = fetcher.state !== "idle" ? String(fetcher.formData?.get("intent") ?? "") : null;
  const withdraw = useConfirmSubmit({
    title: "Withdraw your complaint?",
    question: "Withdraw this complaint? Your block will no longer see it.",
    confirmLabel: "Withdraw",
  });
  const result = fetcher.data;
  const active = complaint.status === "open" || complaint.status === "in_progress";
  const others = complaint.meTooCount;

  return (
    <article className="card p-5" aria-labelledby={`c-${complaint.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="indigo">{categoryLabel[complaint.category]}</Badge>
        <Badge tone={statusTone[complaint.status]}>{complaintStatusLabel[complaint.status]}</Badge>
        {complaint.mine && <Badge>Yours</Badge>}
      </div>
      <h3 id={`c-${complaint.id}`} className="mt-3 font-semibold">
        {complaint.blockName.split(" (")[0]} · Room {complaint.room}
      </h3>
      <p className="mt-1 whitespace-pre-line break-words text-slate-700 dark:text-slate-300">{complaint.description}</p>
      <HiddenMark reason={complaint.hiddenReason} />
      {complaint.photoUrl && (
        <a
          href={complaint.photoUrl}
          target="_blank"
          rel="noopener"
          className="mt-3 inline-block rounded-xl focus-visible:outline"
        >
          <img
            src={complaint.photoUrl}
            alt={`Photo attached to the ${categoryLabel[complaint.category].toLowerCase()} complaint`}
            width={160}
            height={120}
            loading="lazy"
            className="h-28 w-40 rounded-xl border border-slate-200 object-cover dark:border-slate-700"
          />
        </a>
      )}
      {complaint.statusNote && (
        <p className="mt-3 rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800/60 dark:text-slate-200">
          <span className="font-semibold">Warden's note:</span> {complaint.statusNote}
        </p>
      )}
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        Filed by {complaint.mine ? "you" : complaint.authorName} · {formatIndiaShortDateTime(complaint.createdAt)}
        {complaint.resolvedAt ? ` · resolved ${formatIndiaShortDateTime(complaint.resolvedAt)}` : ""}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <span className="text-sm font-semibold">
          {others === 0 ? "No “me too” yet" : `${others} ${others === 1 ? "student has" : "students have"} this too`}
        </span>
        {active && !complaint.mine && canAct && (
          <fetcher.Form method="post">
            <input type="hidden" name="id" value={complaint.id} />
            <SubmitButton
              busy={busyIntent === COMPLAINT_INTENTS.metoo}
              busyLabel="Adding..."
              className="btn-secondary"
              name="intent"
              value={COMPLAINT_INTENTS.metoo}
              disabled={complaint.meToo}
            >
              {complaint.meToo ? "You said me too" : "Me too"}
            </SubmitButton>
          </fetcher.Form>
        )}
        {active && complaint.mine && (
          <>
            <fetcher.Form method="post">
              <input type="hidden" name="id" value={complaint.id} />
              <SubmitButton
                busy={busyIntent === COMPLAINT_INTENTS.resolve}
                busyLabel="Saving..."
                className="btn-secondary"
                name="intent"
                value={COMPLAINT_INTENTS.resolve}
              >
                Mark resolved
              </SubmitButton>
            </fetcher.Form>
            <fetcher.Form method="post">
              <input type="hidden" name="id" value={complaint.id} />
              <SubmitButton
                busy={busyIntent === COMPLAINT_INTENTS.withdraw}
                busyLabel="Withdrawing..."
                className="btn-secondary text-red-700 dark:text-red-300"
                name="intent"
                value={COMPLAINT_INTENTS.withdraw}
                onClick={withdraw.onClick}
              >
                Withdraw
              </SubmitButton>
              {withdraw.dialog}
            </fetcher.Form>
          </>
        )}
      </div>
      {result && !result.ok && (
        <div className="mt-3">
          <Alert tone="error">{result.message}</Alert>
        </div>
      )}
      {!complaint.mine && (
        <ReportControl
          kind="complaint"
          id={complaint.id}
          title={`the complaint about ${complaint.blockName.split(" (")[0]}, room ${complaint.room}`}
        />
      )}
    </article>
  );
}
