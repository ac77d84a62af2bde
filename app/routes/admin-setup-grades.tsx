import { Form } from "react-router";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { answerFor, FormAnswer, SetupField, SetupSection, useSending } from "#app/components/setup/fields.tsx";
import { RecordsStep } from "#app/components/setup/RecordsStep.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { attempt } from "#app/lib/action-result.server.ts";
import { dispatch } from "#app/lib/actions.server.ts";
import { intents } from "#app/lib/intents.ts";
import { adminPageRead, readSetupForm } from "#app/lib/setup.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { GRADES_FORM_LIMIT } from "#common/body-limits.ts";
import { GRADE_LIMITS, GRADES_MESSAGES as M, normalLetter, pointsText } from "#common/grades.ts";
import { parseWith } from "#server/lib/validate.ts";
import {
  addScaleGrade,
  readGradingScale,
  removeScaleGrade,
  repeatRuleSchema,
  saveScalePoints,
  scaleGradeSchema,
  scalePointsSchema,
  setRepeatRule,
} from "#server/services/grades/scale.ts";
import type { Route } from "./+types/admin-setup-grades";

// A step of the set-up (docs/decisions/0133-grades.md): the college's grading scale, the letters and
// their points (the 10-point O to F scale until the admin changes it), and whether a repeated subject
// counts by its latest attempt or its best. Every student's SGPA and CGPA follow it at once.
export const handle = { bodyLimit: GRADES_FORM_LIMIT };

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return adminPageRead(() => readGradingScale(envOf(context), user));
}

// The step's forms; one acting on a grade posts "<name>:<letter>" (withId).
const INTENTS = intents("add", "save", "remove", "rule");

export async function action({ context, request }: Route.ActionArgs) {
  const { user, env, intent, verb, id, input } = await readSetupForm(context, request);
  const letter = normalLetter(id);
  return dispatch({ intent, name: verb }, INTENTS, {
    add: () =>
      attempt(intent, M.gradeAdded(normalLetter(String(input.letter ?? ""))), () =>
        addScaleGrade(env, user, parseWith(scaleGradeSchema, input)),
      ),
    save: () =>
      attempt(intent, M.gradeSaved(letter), () =>
        saveScalePoints(env, user, letter, parseWith(scalePointsSchema, input).points),
      ),
    remove: () => attempt(intent, M.gradeRemoved(letter), () => removeScaleGrade(env, user, letter)),
    rule: () => {
      const { repeatRule } = parseWith(repeatRuleSchema, input);
      return attempt(intent, M.ruleSaved(repeatRule), () => setRepeatRule(env, user, repeatRule));
    },
  });
}

export default function SetupGrades({ loaderData, actionData }: Route.ComponentProps) {
  const { scale, repeatRule, isDefault } = loaderData;
  const result = actionData ?? null;
  const records = scale.map((g) => ({ id: g.letter, ...g }));
  return (
    <RecordsStep
      title="Grading scale"
      lead={`The letter grades of your college and their points. ${isDefault ? "This is the usual 10-point scale until you change it." : "Students' SGPA and CGPA follow every change at once."} A grade of 0 points is a fail.`}
      list={{ id: "grades", heading: `Grades (${scale.length})`, empty: "No grades." }}
      add={{ id: "add-grade-heading", title: "Add a grade", button: "Add grade" }}
      intents={INTENTS}
      removalAnswerAbove
      records={records}
      fields={(form, answer, grade) => <GradeFields form={form} result={answer} grade={grade} />}
      inlineSave
      row={(grade) => ({
        name: `grade ${grade.letter}`,
        saveName: `the points of ${grade.letter}`,
        infoFirst: true,
        info: (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <span className="font-bold text-slate-900 dark:text-slate-100">{grade.letter}</span> ·{" "}
            {grade.points === 0 ? "a fail" : `${pointsText(Math.round(grade.points * 100))} points`}
          </p>
        ),
      })}
      result={result}
      aside={<RepeatRule rule={repeatRule} result={result} />}
    />
  );
}

function GradeFields({
  form,
  result,
  grade,
}: {
  form: string;
  result: ActionResult | null;
  grade?: { letter: string; points: number };
}) {
  const points = (
    <SetupField
      form={form}
      name="points"
      label={grade ? `Points of ${grade.letter}` : "Points"}
      hint={grade ? undefined : "0 to 10, like 8 or 8.5; 0 is a fail."}
      result={result}
      defaultValue={grade ? String(grade.points) : undefined}
      required
      inputMode="text"
      pattern="\d{1,2}(\.\d{1,2})?"
      maxLength={5}
      className={grade ? "min-w-0 flex-1" : undefined}
    />
  );
  if (grade) return points;
  return (
    <>
      <SetupField
        form={form}
        name="letter"
        label="Letter"
        hint="Like A+ or O (up to 4 letters, digits, + or -)."
        result={result}
        required
        maxLength={GRADE_LIMITS.letter}
      />
      {points}
    </>
  );
}

function RepeatRule({ rule, result }: { rule: "latest" | "best"; result: ActionResult | null }) {
  const answer = answerFor(result, INTENTS.rule);
  const saving = useSending(INTENTS.rule);
  return (
    <SetupSection id="repeat-heading" title="A repeated subject">
      <Form method="post" className="space-y-3">
        <fieldset className="space-y-2">
          <legend className="text-sm text-slate-600 dark:text-slate-400">
            A subject taken again (to clear a backlog, or to improve) counts once in the CGPA:
          </legend>
          {(
            [
              ["latest", "By its latest attempt"],
              ["best", "By its best attempt"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name="repeatRule" value={value} defaultChecked={rule === value} required />
              {label}
            </label>
          ))}
        </fieldset>
        <SubmitButton busy={saving} busyLabel="Saving..." className="btn-secondary" name="intent" value={INTENTS.rule}>
          Save the rule
        </SubmitButton>
        <FormAnswer result={answer} />
      </Form>
    </SetupSection>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Grading scale · Campus" },
  { name: "robots", content: "noindex" },
];
