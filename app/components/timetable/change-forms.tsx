import { Form } from "react-router";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { FieldError } from "#app/components/Field.tsx";
import { answerFor, FormAnswer, SetupField, useSending } from "#app/components/setup/fields.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { hhmm } from "#common/campus-setup.ts";
import { formatIndiaDay } from "#common/format.ts";
import { type ClassPeriod, roomLabel, timeRange } from "#common/timetable.ts";
import type { WeekChange } from "#server/services/timetable/week.ts";
import { CHANGE_INTENTS } from "#app/components/timetable/timetable-intents.ts";
import { withId } from "#app/lib/intents.ts";

// A period's one-off changes (cancelled or moved on one date) as a class's keepers write and undo
// them (/timetable/class/:id/edit), under intents `change:<period>`, `edit-change:<id>` and
// `remove-change:<id>`; plain forms, they work without JavaScript.

/** A one-off change's fields: new (empty, cancelled) or an existing change to edit. */
export function ChangeFields({
  form,
  result,
  change,
}: {
  form: string;
  result: ActionResult | null;
  change?: WeekChange;
}) {
  const moved = change?.kind === "moved";
  return (
    <>
      <SetupField
        form={form}
        name="date"
        label="Date"
        type="date"
        result={result}
        required
        defaultValue={change?.date}
      />
      <fieldset>
        <legend className="label">What happens</legend>
        <label className="mr-4 inline-flex items-center gap-2">
          <input type="radio" name="kind" value="cancelled" defaultChecked={!moved} /> Cancelled
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="radio" name="kind" value="moved" defaultChecked={moved} /> Moved
        </label>
        <FieldError id={`${form}-kind`} message={fieldError(result, "kind")} />
      </fieldset>
      <SetupField
        form={form}
        name="room"
        label="New room (when moved)"
        result={result}
        maxLength={40}
        defaultValue={change?.room ?? undefined}
      />
      <div className="grid grid-cols-2 gap-2">
        <SetupField
          form={form}
          name="startsAt"
          label="New start"
          type="time"
          result={result}
          defaultValue={change?.startsMin != null ? hhmm(change.startsMin) : undefined}
        />
        <SetupField
          form={form}
          name="endsAt"
          label="New end"
          type="time"
          result={result}
          defaultValue={change?.endsMin != null ? hhmm(change.endsMin) : undefined}
        />
      </div>
    </>
  );
}

/** A one-off change in the list: what it says, Edit (the same fields, filled) and Undo. */
export function ChangeRow({
  change,
  period,
  result,
}: {
  change: WeekChange;
  period?: ClassPeriod;
  result: ActionResult | null;
}) {
  const edit = withId(CHANGE_INTENTS["edit-change"], change.id);
  const editing = useSending(edit);
  const edited = answerFor(result, edit);
  return (
    <li className="card space-y-2 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          {formatIndiaDay(change.date)} ·{" "}
          {period ? `${timeRange(period.startsMin, period.endsMin)} ${period.subjectName}` : ""}:{" "}
          <strong>
            {change.kind === "cancelled"
              ? "cancelled"
              : `moved${change.room ? ` to ${roomLabel(change.room, { inSentence: true })}` : ""}${change.startsMin !== null && change.endsMin !== null ? ` to ${timeRange(change.startsMin, change.endsMin)}` : ""}`}
          </strong>
        </span>
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value={withId(CHANGE_INTENTS["remove-change"], change.id)}
            className="btn-secondary"
          >
            Undo
          </button>
        </Form>
      </div>
      <details open={Boolean(edited && !edited.ok)}>
        <summary className="cursor-pointer text-sm font-semibold text-indigo-700 dark:text-indigo-300">
          Edit this change
        </summary>
        <Form method="post" className="mt-2 space-y-3">
          <ChangeFields form={edit} result={edited} change={change} />
          <SubmitButton busy={editing} busyLabel="Saving..." className="btn-secondary" name="intent" value={edit}>
            Save the change
          </SubmitButton>
          <FormAnswer result={edited} />
        </Form>
      </details>
    </li>
  );
}
