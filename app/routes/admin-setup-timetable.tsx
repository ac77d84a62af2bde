import { Form, Link } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import {
  answerFor,
  BackToSetup,
  FormAnswer,
  SetupField,
  SetupSection,
  useSending,
} from "#app/components/setup/fields.tsx";
import { attempt } from "#app/lib/action-result.server.ts";
import { adminPageRead, readSetupForm } from "#app/lib/setup.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { AddForm } from "#app/components/setup/RecordsStep.tsx";
import { TIMETABLE_FORM_LIMIT } from "#common/body-limits.ts";
import { formatIndiaDay } from "#common/format.ts";
import { indiaDate } from "#common/india-time.ts";
import { ATTENDANCE_MESSAGES as A, TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { parseWith } from "#server/lib/validate.ts";
import {
  addHoliday,
  grantRep,
  readTimetableSetup,
  removeHoliday,
  revokeRep,
  setCounting,
  setThreshold,
} from "#server/services/timetable/admin.ts";
import {
  countingSchema,
  holidayParamSchema,
  holidaySchema,
  newClassSchema,
  repSchema,
  thresholdSchema,
} from "#server/services/timetable/schema.ts";
import { addClass } from "#server/services/timetable/week.ts";
import type { Route } from "./+types/admin-setup-timetable";
import { dispatch } from "#app/lib/actions.server.ts";
import { intents, withId } from "#app/lib/intents.ts";

// A step of the set-up (docs/decisions/0109-timetable-and-attendance.md): the college's attendance
// rule, its holidays, its classes and who represents each (class reps keep their class's week).
export const handle = { bodyLimit: TIMETABLE_FORM_LIMIT };

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return adminPageRead(() => readTimetableSetup(envOf(context), user, indiaDate(Date.now())));
}

// The step's forms; one acting on a record posts "<name>:<id>" (withId).
const INTENTS = intents(
  "threshold",
  "subject-threshold",
  "counting",
  "holiday",
  "remove-holiday",
  "class",
  "grant",
  "revoke",
);

export async function action({ context, request }: Route.ActionArgs) {
  const { user, env, intent, verb, id, input } = await readSetupForm(context, request);
  return dispatch({ intent, name: verb }, INTENTS, {
    threshold: () =>
      attempt(intent, A.thresholdSaved(Number(input.threshold)), () =>
        setThreshold(env, user, parseWith(thresholdSchema, input)),
      ),
    "subject-threshold": () =>
      attempt(intent, A.thresholdSaved(Number(input.threshold)), () =>
        setThreshold(env, user, parseWith(thresholdSchema, input)),
      ),
    counting: () => attempt(intent, A.countingSaved, () => setCounting(env, user, parseWith(countingSchema, input))),
    holiday: () => {
      const holiday = parseWith(holidaySchema, input);
      return attempt(intent, M.holidaySaved(holiday.date), () => addHoliday(env, user, holiday));
    },
    "remove-holiday": () =>
      attempt(intent, M.holidayRemoved(id), () =>
        removeHoliday(env, user, parseWith(holidayParamSchema, { date: id })),
      ),
    class: () =>
      attempt(intent, M.classAdded("The class"), () => addClass(env, user, parseWith(newClassSchema, input))),
    grant: () => attempt(intent, M.repGranted, () => grantRep(env, user, id, parseWith(repSchema, input))),
    revoke: () => {
      const userId = intent.split(":")[2] ?? "";
      return attempt(intent, M.repRevoked, () => revokeRep(env, user, id, userId));
    },
  });
}

export default function SetupTimetable({ loaderData, actionData }: Route.ComponentProps) {
  const { threshold, counting, subjectThresholds, holidays, classes, semesters, subjects } = loaderData;
  const result = actionData ?? null;
  const countingAnswer = answerFor(result, INTENTS.counting);
  const savingCounting = useSending(INTENTS.counting);
  const rule = answerFor(result, INTENTS.threshold);
  const subjectRule = answerFor(result, INTENTS["subject-threshold"]);
  const savingRule = useSending(INTENTS.threshold);
  return (
    <>
      <BackToSetup />
      <PageIntro
        title="Timetables and attendance"
        lead="Your college's attendance rule and holidays, its classes, and the students who keep each class's week."
      />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <SetupSection id="rule-heading" title="Attendance rule">
          <Form method="post" className="space-y-3">
            <SetupField
              form="rule"
              name="threshold"
              label="Students need (per cent)"
              type="number"
              min={1}
              max={100}
              inputMode="numeric"
              defaultValue={threshold}
              result={rule}
              required
            />
            <SubmitButton busy={savingRule} busyLabel="Saving..." name="intent" value={INTENTS.threshold}>
              Save the rule
            </SubmitButton>
            <FormAnswer result={rule} />
          </Form>
          {subjects.length > 0 && (
            <Form method="post" className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-800">
              <SetupField form="subject-rule" name="subjectId" label="A subject with its own rule" result={subjectRule}>
                <select className="input w-full" required>
                  {semesters.map((semester) => (
                    <optgroup key={semester.id} label={semester.label}>
                      {subjects
                        .filter((x) => x.semesterId === semester.id)
                        .map((x) => (
                          <option key={x.id} value={x.id}>
                            {x.code} {x.name}
                          </option>
                        ))}
                    </optgroup>
                  ))}
                </select>
              </SetupField>
              <SetupField
                form="subject-rule"
                name="threshold"
                label="It needs (per cent; the college's rule removes it)"
                type="number"
                min={1}
                max={100}
                inputMode="numeric"
                result={subjectRule}
                required
              />
              <button type="submit" name="intent" value={INTENTS["subject-threshold"]} className="btn-secondary">
                Save the subject's rule
              </button>
              <FormAnswer result={subjectRule} />
            </Form>
          )}
          {subjectThresholds.length > 0 && (
            <ul className="text-sm">
              {subjectThresholds.map((s) => (
                <li key={s.subjectId}>
                  {s.code} {s.name}: {s.threshold}%
                </li>
              ))}
            </ul>
          )}
          {/* How a class counts (docs/decisions/0137-attendance-that-fits.md): read with the sums, so a
              change holds for the whole semester. */}
          <Form method="post" className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-800">
            <h3 className="font-semibold">How a class counts</h3>
            <SetupField
              form="counting"
              name="labWeight"
              label="A lab counts as"
              hint="Classes, from 1 to 6. Empty: like any other period."
              type="number"
              min={1}
              max={6}
              inputMode="numeric"
              defaultValue={counting.labWeight ?? ""}
              result={countingAnswer}
            />
            <SetupField
              form="counting"
              name="periodMinutes"
              label="Count a period by its length, in periods of (minutes)"
              hint="From 30 to 120: with 50, a 100-minute double period counts as 2. Empty: every period counts once."
              type="number"
              min={30}
              max={120}
              inputMode="numeric"
              defaultValue={counting.periodMinutes ?? ""}
              result={countingAnswer}
            />
            <SubmitButton busy={savingCounting} busyLabel="Saving..." name="intent" value={INTENTS.counting}>
              Save how classes count
            </SubmitButton>
            <FormAnswer result={countingAnswer} />
          </Form>
        </SetupSection>

        <SetupSection id="holidays-heading" title="Holidays">
          {holidays.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-400">No holidays ahead.</p>
          ) : (
            <ul className="space-y-2">
              {holidays.map((h) => (
                <li key={h.date} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {formatIndiaDay(h.date)}: {h.name}
                  </span>
                  <Form method="post">
                    <button
                      type="submit"
                      name="intent"
                      value={withId(INTENTS["remove-holiday"], h.date)}
                      className="btn-secondary"
                    >
                      Remove
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
          <AddForm count={holidays.length} intent={INTENTS.holiday} button="Add holiday" result={result}>
            {(holiday) => (
              <>
                <SetupField form="holiday" name="date" label="Date" type="date" result={holiday} required />
                <SetupField
                  form="holiday"
                  name="name"
                  label="Name"
                  placeholder="Diwali"
                  result={holiday}
                  required
                  maxLength={60}
                />
              </>
            )}
          </AddForm>
        </SetupSection>
      </div>

      <section aria-labelledby="classes-heading" className="mt-8 space-y-3">
        <h2 id="classes-heading" className="text-lg font-semibold">
          Classes ({classes.length})
        </h2>
        <ul className="grid gap-3 md:grid-cols-2">
          {classes.map((c) => {
            const grant = withId(INTENTS.grant, c.id);
            const granted = answerFor(result, grant);
            return (
              <li key={c.id} className="card min-w-0 space-y-2 p-4">
                <h3 className="font-semibold">
                  <Link to={`/timetable/class/${c.id}/edit`} className="text-indigo-700 underline dark:text-indigo-300">
                    {c.label}
                  </Link>
                </h3>
                {c.reps.length === 0 ? (
                  <p className="text-sm text-slate-600 dark:text-slate-400">No class representative yet.</p>
                ) : (
                  <ul className="space-y-1 text-sm">
                    {c.reps.map((r) => (
                      <li key={r.userId} className="flex flex-wrap items-center justify-between gap-2">
                        <span className="break-all">
                          {r.name} ({r.email})
                        </span>
                        <Form method="post">
                          <button
                            type="submit"
                            name="intent"
                            value={withId(INTENTS.revoke, `${c.id}:${r.userId}`)}
                            className="btn-secondary"
                          >
                            Revoke
                          </button>
                        </Form>
                      </li>
                    ))}
                  </ul>
                )}
                <Form key={c.reps.length} method="post" className="space-y-2">
                  <SetupField
                    form={grant}
                    name="email"
                    label="Make a student the class rep (college e-mail)"
                    type="email"
                    result={granted}
                    required
                  />
                  <button type="submit" name="intent" value={grant} className="btn-secondary">
                    Grant
                  </button>
                  <FormAnswer result={granted} />
                </Form>
              </li>
            );
          })}
        </ul>
        <SetupSection id="new-class-heading" title="Add a class">
          {semesters.length === 0 ? (
            <p>
              Set up the{" "}
              <Link to="/admin/setup/academics" className="underline">
                academics tree
              </Link>{" "}
              first: a class is a semester and a section.
            </p>
          ) : (
            <AddForm
              count={classes.length}
              intent={INTENTS.class}
              button="Add class"
              result={result}
              className="max-w-md space-y-3"
            >
              {(newClass) => (
                <>
                  <SetupField form="class" name="semesterId" label="Semester" result={newClass}>
                    <select className="input w-full" required>
                      {semesters.map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.label}
                        </option>
                      ))}
                    </select>
                  </SetupField>
                  <SetupField
                    form="class"
                    name="section"
                    label="Section"
                    placeholder="A"
                    result={newClass}
                    required
                    maxLength={8}
                  />
                </>
              )}
            </AddForm>
          )}
        </SetupSection>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Timetables · Campus" },
  { name: "robots", content: "noindex" },
];
