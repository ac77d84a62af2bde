import { data, Form, Link } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { FieldError, SubmitButton } from "#app/components/form-controls.tsx";
import { answerFor, Field, FormAnswer, SetupSection, useSending } from "#app/components/setup/fields.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { attempt } from "#app/lib/action-result.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { TIMETABLE_FORM_LIMIT } from "#common/body-limits.ts";
import { hhmm } from "#common/campus-setup.ts";
import { formatIndiaDay } from "#common/format.ts";
import { type ClassPeriod, roomLabel, timeRange, WEEKDAYS, weekdayName } from "#common/timetable.ts";
import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { addChange, removeChange, updateChange } from "#server/services/timetable/changes.ts";
import { addPeriod, removePeriod, updatePeriod } from "#server/services/timetable/periods.ts";
import {
  changeSchema,
  idParamSchema,
  newChangeSchema,
  newPeriodSchema,
  periodSchema,
} from "#server/services/timetable/schema.ts";
import { type ClassWeek, readClassWeek, type WeekChange } from "#server/services/timetable/week.ts";
import type { Route } from "./+types/timetable-class-edit";

// A class's week as its keepers edit it (docs/decisions/0109-timetable-and-attendance.md): its class
// representatives, the college's curators and campus admins. Each change is audited and tells the
// class's students.
export const handle = { bodyLimit: TIMETABLE_FORM_LIMIT };

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = await requireUser(context);
  try {
    return await readClassWeek(envOf(context), user, parseWith(idParamSchema, { id: params.id }));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404))
      throw data(error.message, { status: error.status });
    throw error;
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  const input = formInput(await readForm(request));
  const intent = String(input.intent ?? "");
  const [verb = "", id = ""] = intent.split(":");
  if (verb === "add")
    return attempt(intent, M.periodAdded, () =>
      addPeriod(env, user, parseWith(newPeriodSchema, { ...input, classId: params.id })),
    );
  if (verb === "save")
    return attempt(intent, M.periodSaved, () =>
      updatePeriod(env, user, parseWith(idParamSchema, { id }), parseWith(periodSchema, input)),
    );
  if (verb === "remove")
    return attempt(intent, M.periodRemoved, () => removePeriod(env, user, parseWith(idParamSchema, { id })));
  if (verb === "change")
    return attempt(intent, M.changeSaved, () =>
      addChange(env, user, parseWith(newChangeSchema, { ...input, periodId: id })),
    );
  if (verb === "edit-change")
    return attempt(intent, M.changeSaved, () =>
      updateChange(env, user, parseWith(idParamSchema, { id }), parseWith(changeSchema, input)),
    );
  if (verb === "remove-change")
    return attempt(intent, M.changeRemoved, () => removeChange(env, user, parseWith(idParamSchema, { id })));
  return attempt(intent, "", () => Promise.reject(new ApiError(400, "Unknown action.")));
}

export default function ClassWeekEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { class: cls, periods, subjects, changes } = loaderData;
  const result = actionData ?? null;
  const added = answerFor(result, "add");
  const adding = useSending("add");
  return (
    <>
      <p className="mb-4">
        <Link to="/timetable" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
          Back to the timetable
        </Link>
      </p>
      <PageIntro
        title={`Week of ${cls.label}`}
        lead="Every change is saved at once, written in the college's audit log, and sent to the class's students as a notice."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        <section aria-labelledby="periods-heading" className="min-w-0 space-y-4">
          <h2 id="periods-heading" className="text-lg font-semibold">
            Periods ({periods.length})
          </h2>
          {periods.length === 0 && (
            <p className="text-slate-600 dark:text-slate-400">No periods yet: add the first with the form.</p>
          )}
          {WEEKDAYS.map((dayName, i) => {
            const ofDay = periods.filter((p) => p.weekday === i + 1);
            if (ofDay.length === 0) return null;
            return (
              <div key={dayName} className="space-y-2">
                <h3 className="font-semibold">{dayName}</h3>
                <ul className="space-y-2">
                  {ofDay.map((p) => (
                    <PeriodRow key={p.id} period={p} subjects={subjects} result={result} />
                  ))}
                </ul>
              </div>
            );
          })}
          {changes.length > 0 && (
            <section aria-labelledby="changes-heading" className="space-y-2">
              <h2 id="changes-heading" className="text-lg font-semibold">
                One-off changes from today
              </h2>
              <ul className="space-y-2">
                {changes.map((c) => (
                  <ChangeRow key={c.id} change={c} period={periods.find((x) => x.id === c.periodId)} result={result} />
                ))}
              </ul>
            </section>
          )}
        </section>
        <SetupSection id="add-period-heading" title="Add a period">
          <Form key={periods.length} method="post" className="space-y-3">
            <PeriodFields form="add" subjects={subjects} result={added} />
            <SubmitButton busy={adding} busyLabel="Adding..." name="intent" value="add">
              Add period
            </SubmitButton>
            <FormAnswer result={added} />
          </Form>
        </SetupSection>
      </div>
    </>
  );
}

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
  const id = `${form}-${name}`.replace(/[^\w-]/g, "_");
  const error = fieldError(result, name);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="input w-full"
        defaultValue={defaultValue}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={id} message={error} />
    </div>
  );
}

function PeriodFields({
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
        <Field
          form={form}
          name="startsAt"
          label="Starts"
          type="time"
          result={result}
          defaultValue={period ? hhmm(period.startsMin) : undefined}
          required
        />
        <Field
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
        <Field form={form} name="room" label="Room" result={result} defaultValue={period?.room} maxLength={40} />
        <Field
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

function PeriodRow({
  period,
  subjects,
  result,
}: {
  period: ClassPeriod;
  subjects: ClassWeek["subjects"];
  result: ActionResult | null;
}) {
  const save = `save:${period.id}`;
  const change = `change:${period.id}`;
  const saving = useSending(save);
  const changing = useSending(change);
  const saved = answerFor(result, save);
  const changed = answerFor(result, change);
  const removed = answerFor(result, `remove:${period.id}`);
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
            <button type="submit" name="intent" value={`remove:${period.id}`} formNoValidate className="btn-secondary">
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

/** A one-off change's fields: new (empty, cancelled) or an existing change to edit. */
function ChangeFields({ form, result, change }: { form: string; result: ActionResult | null; change?: WeekChange }) {
  const moved = change?.kind === "moved";
  return (
    <>
      <Field form={form} name="date" label="Date" type="date" result={result} required defaultValue={change?.date} />
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
      <Field
        form={form}
        name="room"
        label="New room (when moved)"
        result={result}
        maxLength={40}
        defaultValue={change?.room ?? undefined}
      />
      <div className="grid grid-cols-2 gap-2">
        <Field
          form={form}
          name="startsAt"
          label="New start"
          type="time"
          result={result}
          defaultValue={change?.startsMin != null ? hhmm(change.startsMin) : undefined}
        />
        <Field
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
function ChangeRow({
  change,
  period,
  result,
}: {
  change: WeekChange;
  period?: ClassPeriod;
  result: ActionResult | null;
}) {
  const edit = `edit-change:${change.id}`;
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
          <button type="submit" name="intent" value={`remove-change:${change.id}`} className="btn-secondary">
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

export const meta: Route.MetaFunction = () => [
  { title: "Class week · Campus" },
  { name: "robots", content: "noindex" },
];
