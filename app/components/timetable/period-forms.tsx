import { Form } from "react-router";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { answerFor, FormAnswer, SetupField, useSending } from "#app/components/setup/fields.tsx";
import { ChangeFields } from "#app/components/timetable/change-forms.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { hhmm } from "#common/campus-setup.ts";
import { type ClassPeriod, roomLabel, timeRange, WEEKDAYS, weekdayName } from "#common/timetable.ts";
import type { ClassWeek } from "#server/services/timetable/week.ts";
import { PERIOD_INTENTS } from "#app/components/timetable/timetable-intents.ts";
import { withId } from "#app/lib/intents.ts";

// A class's periods as its keepers edit them (/timetable/class/:id/edit). Each form posts its own
// intent (`add`, `save:<id>`, `remove:<id>`, `change:<id>`) to the route's action, so every answer
// shows under the form it came from; plain forms, they work without JavaScript.

function Select({
  form,
  name,
  label,
  result,
  defaultValue,
  options,
}: {
  form: string;
  name: string;
  label: string;
  result: ActionResult | null;
  defaultValue?: string | number;
  options: { value: string | number; label: string }[];
}) {
  return (
    <SetupField form={form} name={name} label={label} result={result}>
      <select className="input w-full" defaultValue={defaultValue} required>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </SetupField>
  );
}

export function PeriodFields({
  form,
  subjects,
  result,
  period,
}: {
  form: string;
  subjects: ClassWeek["subjects"];
  result: ActionResult | null;
  period?: ClassPeriod;
}) {
  return (
    <>
      <Select
        form={form}
        name="weekday"
        label="Day"
        result={result}
        defaultValue={period?.weekday ?? 1}
        options={WEEKDAYS.map((name, i) => ({ value: i + 1, label: name }))}
      />
      <div className="grid grid-cols-2 gap-2">
        <SetupField
          form={form}
          name="startsAt"
          label="Starts"
          type="time"
          result={result}
          defaultValue={period ? hhmm(period.startsMin) : undefined}
          required
        />
        <SetupField
          form={form}
          name="endsAt"
          label="Ends"
          type="time"
          result={result}
          defaultValue={period ? hhmm(period.endsMin) : undefined}
          required
        />
      </div>
      <Select
        form={form}
        name="subjectId"
        label="Subject"
        result={result}
        defaultValue={period?.subjectId}
        options={subjects.map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }))}
      />
      <Select
        form={form}
        name="kind"
        label="Kind"
        result={result}
        defaultValue={period?.kind ?? "lecture"}
        options={[
          { value: "lecture", label: "Lecture" },
          { value: "lab", label: "Lab" },
          { value: "tutorial", label: "Tutorial" },
        ]}
      />
      <div className="grid grid-cols-2 gap-2">
        <SetupField form={form} name="room" label="Room" result={result} defaultValue={period?.room} maxLength={40} />
        <SetupField
          form={form}
          name="teacher"
          label="Teacher"
          result={result}
          defaultValue={period?.teacher}
          maxLength={80}
        />
      </div>
    </>
  );
}

export function PeriodRow({
  period,
  subjects,
  result,
}: {
  period: ClassPeriod;
  subjects: ClassWeek["subjects"];
  result: ActionResult | null;
}) {
  const save = withId(PERIOD_INTENTS.save, period.id);
  const change = withId(PERIOD_INTENTS.change, period.id);
  const saving = useSending(save);
  const changing = useSending(change);
  const saved = answerFor(result, save);
  const changed = answerFor(result, change);
  const removed = answerFor(result, withId(PERIOD_INTENTS.remove, period.id));
  return (
    <li className="card space-y-2 p-3">
      <p>
        <span className="font-semibold">
          {timeRange(period.startsMin, period.endsMin)} {period.subjectName}
        </span>{" "}
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {period.kind}
          {period.room ? ` · ${roomLabel(period.room, { inSentence: true })}` : ""}
          {period.teacher ? ` · ${period.teacher}` : ""}
        </span>
      </p>
      <details open={Boolean(saved && !saved.ok)}>
        <summary className="cursor-pointer text-sm font-semibold text-indigo-700 dark:text-indigo-300">
          Edit this period
        </summary>
        <Form method="post" className="mt-2 space-y-3">
          <PeriodFields form={save} subjects={subjects} result={saved} period={period} />
          <div className="flex flex-wrap gap-2">
            <SubmitButton busy={saving} busyLabel="Saving..." className="btn-secondary" name="intent" value={save}>
              Save
            </SubmitButton>
            <button
              type="submit"
              name="intent"
              value={withId(PERIOD_INTENTS.remove, period.id)}
              formNoValidate
              className="btn-secondary"
            >
              Remove from the week
            </button>
          </div>
          <FormAnswer result={saved ?? removed} />
        </Form>
      </details>
      <details open={Boolean(changed && !changed.ok)}>
        <summary className="cursor-pointer text-sm font-semibold text-indigo-700 dark:text-indigo-300">
          Cancel or move it on one {weekdayName(period.weekday)}
        </summary>
        <Form method="post" className="mt-2 space-y-3">
          <ChangeFields form={change} result={changed} />
          <SubmitButton busy={changing} busyLabel="Saving..." className="btn-secondary" name="intent" value={change}>
            Save the change
          </SubmitButton>
          <FormAnswer result={changed} />
        </Form>
      </details>
    </li>
  );
}
