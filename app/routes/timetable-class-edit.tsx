import { data, Link } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SetupSection } from "#app/components/setup/fields.tsx";
import { AddForm } from "#app/components/setup/RecordsStep.tsx";
import { ChangeRow } from "#app/components/timetable/change-forms.tsx";
import { PeriodFields, PeriodRow } from "#app/components/timetable/period-forms.tsx";
import { attempt } from "#app/lib/action-result.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { requirePageRoles } from "#app/lib/roles.server.ts";
import { TIMETABLE_FORM_LIMIT } from "#common/body-limits.ts";
import { WEEKDAYS } from "#common/timetable.ts";
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
import { readClassWeek } from "#server/services/timetable/week.ts";
import type { Route } from "./+types/timetable-class-edit";
import { byName, dispatch } from "#app/lib/actions.server.ts";
import { mergeIntents } from "#app/lib/intents.ts";
import { CHANGE_INTENTS, PERIOD_INTENTS } from "#app/components/timetable/timetable-intents.ts";

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

// A rep's forms: the periods' and their one-day changes'.
const INTENTS = mergeIntents(PERIOD_INTENTS, CHANGE_INTENTS);

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = await requireUser(context);
  requirePageRoles(user, ["rep", "curator"], M.editorsOnly);
  const env = envOf(context);
  const input = formInput(await readForm(request));
  const posted = byName(String(input.intent ?? ""));
  const { id } = posted;
  return dispatch(posted, INTENTS, {
    add: (intent) =>
      attempt(intent, M.periodAdded, () =>
        addPeriod(env, user, parseWith(newPeriodSchema, { ...input, classId: params.id })),
      ),
    save: (intent) =>
      attempt(intent, M.periodSaved, () =>
        updatePeriod(env, user, parseWith(idParamSchema, { id }), parseWith(periodSchema, input)),
      ),
    remove: (intent) =>
      attempt(intent, M.periodRemoved, () => removePeriod(env, user, parseWith(idParamSchema, { id }))),
    change: (intent) =>
      attempt(intent, M.changeSaved, () =>
        addChange(env, user, parseWith(newChangeSchema, { ...input, periodId: id })),
      ),
    "edit-change": (intent) =>
      attempt(intent, M.changeSaved, () =>
        updateChange(env, user, parseWith(idParamSchema, { id }), parseWith(changeSchema, input)),
      ),
    "remove-change": (intent) =>
      attempt(intent, M.changeRemoved, () => removeChange(env, user, parseWith(idParamSchema, { id }))),
  });
}

export default function ClassWeekEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { class: cls, periods, subjects, changes } = loaderData;
  const result = actionData ?? null;
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
          <AddForm count={periods.length} intent={INTENTS.add} button="Add period" result={result}>
            {(added) => <PeriodFields form="add" subjects={subjects} result={added} />}
          </AddForm>
        </SetupSection>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Class week · Campus" },
  { name: "robots", content: "noindex" },
];
