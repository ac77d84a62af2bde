import { useActionData, useFetcher } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { formatIndiaShortDateTime } from "#common/format.ts";
import type { MoveRequest } from "#server/services/hostel/block-moves.ts";
import { MOVE_INTENTS } from "#app/components/staff/staff-intents.ts";
import { isIntent } from "#app/lib/intents.ts";
import { Field } from "#app/components/Field.tsx";

// The warden's "Block changes" (decision 0084): students waiting to move into the
// warden's blocks, oldest first; approve or decline with an optional note the student reads.
const FETCHER = "block-moves";
const short = (name: string) => name.split(" (")[0] ?? name;

export function BlockMoves({ moves }: { moves: MoveRequest[] }) {
  const fetcher = useFetcher<ActionResult>({ key: FETCHER });
  const posted = useActionData<ActionResult>();
  const result = fetcher.data ?? (isIntent(MOVE_INTENTS, posted?.intent) ? posted : undefined);
  return (
    <section aria-labelledby="moves-heading" className="mt-6 min-w-0 space-y-3">
      <h2 id="moves-heading" className="text-lg font-semibold">
        {`Block changes (${moves.length})`}
      </h2>
      <div aria-live="polite">{result && <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>}</div>
      {moves.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No student is waiting to move into your blocks.</p>
      ) : (
        <ul className="space-y-3">
          {moves.map((m) => (
            <li key={m.id}>
              <MoveCard move={m} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MoveCard({ move }: { move: MoveRequest }) {
  const fetcher = useFetcher<ActionResult>({ key: FETCHER });
  const busy =
    fetcher.state !== "idle" && fetcher.formData?.get("id") === move.id
      ? String(fetcher.formData?.get("intent"))
      : null;
  return (
    <article className="card p-4" aria-labelledby={`move-${move.id}`}>
      <h3 id={`move-${move.id}`} className="font-semibold break-words">
        {`${move.studentName}: ${short(move.fromBlockName)} to ${short(move.toBlockName)}, room ${move.room}`}
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Asked {formatIndiaShortDateTime(move.requestedAt)}
      </p>
      <fetcher.Form method="post" className="mt-3 space-y-2">
        <input type="hidden" name="id" value={move.id} />
        <Field
          id={`move-note-${move.id}`}
          name="note"
          label={
            <>
              Note for the student <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
            </>
          }
          className="space-y-2"
        >
          <input maxLength={300} className="input w-full" />
        </Field>
        <div className="flex flex-wrap gap-2">
          <SubmitButton
            busy={busy === MOVE_INTENTS["move-approve"]}
            busyLabel="Approving..."
            name="intent"
            value={MOVE_INTENTS["move-approve"]}
            disabled={busy !== null}
          >
            Approve<span className="sr-only"> the move of {move.studentName}</span>
          </SubmitButton>
          <SubmitButton
            busy={busy === MOVE_INTENTS["move-decline"]}
            busyLabel="Declining..."
            className="btn-secondary"
            name="intent"
            value={MOVE_INTENTS["move-decline"]}
            disabled={busy !== null}
          >
            Decline<span className="sr-only"> the move of {move.studentName}</span>
          </SubmitButton>
        </div>
      </fetcher.Form>
    </article>
  );
}
