import { useFetcher } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import type { Residence } from "#server/services/hostel/common.ts";
import { RESIDENCE_INTENTS } from "#app/components/hostel/hostel-intents.ts";
import { Field } from "#app/components/Field.tsx";

// Where a student lives (decision 0084): the first choice of a block and room, and a move to another
// block, which waits for the new block's warden. /hostel-complaints shows these above the block's complaints.

export function ChooseBlock({ blocks }: { blocks: { id: string; name: string }[] }) {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.data;
  return (
    <div className="card p-5">
      <h3 className="font-semibold">Which block do you live in?</h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        You'll see your block's open complaints here and can back the ones you share. Filing a complaint sets it too.
        Choose carefully: after that, a move to another block waits for its warden's approval (at most once a week), and
        the block sees who is new.
      </p>
      <fetcher.Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <BlockAndRoom idPrefix="res" blockLabel="Hostel block" placeholder="Choose your block" blocks={blocks} />
        <SubmitButton busy={fetcher.state !== "idle"} busyLabel="Saving...">
          Save
        </SubmitButton>
      </fetcher.Form>
      {result && !result.ok && (
        <div className="mt-3">
          <Alert tone="error">{result.message}</Alert>
        </div>
      )}
    </div>
  );
}

/**
 * The student's block and room, and a move to another block (decision 0084): it waits
 * for the warden of the new block, and can be cancelled until then.
 */
export function YourBlock({ blocks, residence }: { blocks: { id: string; name: string }[]; residence: Residence }) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle" ? String(fetcher.formData?.get("intent") ?? "") : null;
  const result = fetcher.data;
  const short = (name: string) => name.split(" (")[0] ?? name;
  const move = residence.pendingMove;
  return (
    <section aria-labelledby="your-block" className="card p-4 text-sm">
      <h3 id="your-block" className="font-semibold">
        {`Your block: ${residence.blockName}, room ${residence.room}`}
      </h3>
      {move ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="text-amber-900 dark:text-amber-200">{`Waiting for the warden of ${short(move.toBlockName)} to approve your move from ${short(residence.blockName)} (room ${move.room}).`}</p>
          <fetcher.Form method="post">
            <SubmitButton
              busy={busy === RESIDENCE_INTENTS["cancel-move"]}
              busyLabel="Cancelling..."
              className="btn-secondary"
              name="intent"
              value={RESIDENCE_INTENTS["cancel-move"]}
            >
              Cancel the move
            </SubmitButton>
          </fetcher.Form>
        </div>
      ) : (
        <details className="mt-2">
          <summary className="cursor-pointer font-medium text-indigo-700 dark:text-indigo-300">
            Move to another block
          </summary>
          <p className="mt-2 text-slate-600 dark:text-slate-400">
            The warden of the new block approves moves. Until then your complaints, laundry and mess stay with{" "}
            {short(residence.blockName)}.
          </p>
          <fetcher.Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
            <BlockAndRoom
              idPrefix="move"
              blockLabel="New block"
              placeholder="Choose a block"
              blocks={blocks.filter((b) => b.id !== residence.blockId)}
            />
            <SubmitButton busy={busy === "residence"} busyLabel="Asking...">
              Ask to move
            </SubmitButton>
          </fetcher.Form>
        </details>
      )}
      <div aria-live="polite">
        {result && (
          <div className="mt-3">
            <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>
          </div>
        )}
      </div>
    </section>
  );
}

/** The residence form's fields (intent "residence", a block and a room): the first choice and a move. */
function BlockAndRoom({
  idPrefix,
  blockLabel,
  placeholder,
  blocks,
}: {
  idPrefix: string;
  blockLabel: string;
  placeholder: string;
  blocks: { id: string; name: string }[];
}) {
  return (
    <>
      <input type="hidden" name="intent" value={RESIDENCE_INTENTS.residence} />
      <Field id={`${idPrefix}-block`} name="blockId" label={blockLabel} className="min-w-[12rem] flex-1">
        <select required defaultValue="" className="input">
          <option value="" disabled>
            {placeholder}
          </option>
          {blocks.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${idPrefix}-room`} name="room" label="Room" className="w-28">
        <input required maxLength={10} className="input" />
      </Field>
    </>
  );
}
