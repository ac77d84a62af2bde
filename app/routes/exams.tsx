import { Form, Link, useNavigation } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { Field } from "#app/components/Field.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { ExamList } from "#app/components/exams/ExamList.tsx";
import { EXAM_SUBJECT_INTENTS } from "#app/components/exams/exam-intents.ts";
import { attemptTold } from "#app/lib/action-result.server.ts";
import { fieldError } from "#app/lib/action-result.ts";
import { byName, dispatch } from "#app/lib/actions.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { withId } from "#app/lib/intents.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { EXAMS_FORM_LIMIT } from "#common/body-limits.ts";
import { EXAM_MESSAGES as M, EXAM_REASON_LABELS, EXAM_SUBJECT_REASONS, MAX_EXAM_SUBJECTS } from "#common/exams.ts";
import { formatIndiaDay } from "#common/format.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { readPublicAcademics } from "#server/services/academics/tree.ts";
import { examSubjectParamSchema, examSubjectSchema } from "#server/services/exams/schema.ts";
import { addExamSubject, readMyDatesheet, removeExamSubject } from "#server/services/exams/student.ts";
import type { Route } from "./+types/exams";

// A student's datesheet (docs/decisions/0135-datesheet.md): their class's exams and those of the
// subjects they sit outside it, with countdowns, clashes and the way to each subject's past papers;
// and the subjects of their own (electives, backlogs) from the college's academics tree.
export const handle = { bodyLimit: EXAMS_FORM_LIMIT };

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  const [sheet, tree] = await Promise.all([
    readMyDatesheet(env, user),
    user.openCommunity ? null : readPublicAcademics(env, user.campusId),
  ]);
  const own = new Set(sheet.subjects.map((s) => s.subjectId));
  const choices: { group: string; subjects: { id: string; label: string }[] }[] = [];
  for (const programme of tree?.programmes ?? [])
    for (const branch of programme.branches)
      for (const semester of branch.semesters) {
        const subjects = semester.subjects
          .filter((subject) => !own.has(subject.id))
          .map((subject) => ({ id: subject.id, label: `${subject.code} ${subject.name}` }));
        if (subjects.length > 0)
          choices.push({ group: `${programme.name} · ${branch.name} · Semester ${semester.number}`, subjects });
      }
  return { ...sheet, choices };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  const form = await readForm(request);
  const input = formInput(form);
  const posted = byName(form);
  return dispatch({ intent: posted.intent, name: posted.name }, EXAM_SUBJECT_INTENTS, {
    "add-subject": (intent) =>
      attemptTold(intent, () =>
        addExamSubject(
          env,
          user,
          parseWith(examSubjectParamSchema, { subjectId: input.subjectId }).subjectId,
          parseWith(examSubjectSchema, input),
        ),
      ),
    "remove-subject": (intent) =>
      attemptTold(intent, () =>
        removeExamSubject(env, user, parseWith(examSubjectParamSchema, { subjectId: posted.id }).subjectId),
      ),
  });
}

export default function Exams({ loaderData, actionData }: Route.ComponentProps) {
  const { today, classLabel, keeps, exams, clashes, subjects, choices } = loaderData;
  const result = actionData ?? null;
  const busy = useNavigation().state === "submitting";
  const byId = new Map(exams.map((exam) => [exam.id, exam]));
  // Each clashing pair once, in the datesheet's order.
  const pairs = exams.flatMap((a) =>
    (clashes[a.id] ?? []).filter((id) => id > a.id).map((id) => [a, byId.get(id)!] as const),
  );
  return (
    <div className="space-y-4">
      <PageIntro
        title="Exams"
        lead={
          classLabel
            ? `The datesheet of ${classLabel}, and of the subjects you sit outside it.`
            : "Your datesheet: your class's exams, and those of the subjects you sit outside it."
        }
      />
      {result && (
        <Alert tone={result.ok ? "success" : "error"}>
          <p>{result.message}</p>
        </Alert>
      )}
      {pairs.length > 0 && (
        <section
          aria-labelledby="clashes-heading"
          className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
        >
          <h2 id="clashes-heading" className="font-semibold">
            {pairs.length === 1 ? "An exam clash" : `${pairs.length} exam clashes`}
          </h2>
          <ul className="mt-1 space-y-1 text-sm">
            {pairs.map(([a, b]) => (
              <li key={`${a.id}${b.id}`}>{`${formatIndiaDay(a.date)}: ${M.clash(a.subjectName, b.subjectName)}`}</li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="datesheet-heading" className="card p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="datesheet-heading" className="text-lg font-semibold">
            {exams.length === 0 ? "Datesheet" : `Datesheet: ${exams.length} ${exams.length === 1 ? "exam" : "exams"}`}
          </h2>
          {keeps.map((kept) => (
            <Link key={kept.id} to={`/exams/class/${kept.id}/edit`} className="btn-secondary min-h-11">
              {keeps.length === 1 ? "Edit the class's datesheet" : `Edit the datesheet of ${kept.label}`}
            </Link>
          ))}
        </div>
        {exams.length === 0 ? (
          <p className="mt-3 text-slate-700 dark:text-slate-300">
            {classLabel || subjects.length > 0 ? M.none : M.noClass}{" "}
            {!classLabel && (
              <Link to="/timetable" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
                Choose my class
              </Link>
            )}
          </p>
        ) : (
          <div className="mt-3">
            <ExamList exams={exams} clashes={clashes} today={today} />
          </div>
        )}
      </section>
      <section aria-labelledby="own-heading" className="card space-y-3 p-4 sm:p-6">
        <h2 id="own-heading" className="text-lg font-semibold">
          Subjects outside my class
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          An elective taught in another class, or a backlog you are repeating: their exams join your datesheet, and a
          clash with your class's exams is flagged.
        </p>
        {subjects.length > 0 && (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {subjects.map((subject) => (
              <li key={subject.subjectId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0">
                  <span className="font-semibold break-words">{`${subject.code} ${subject.name}`}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-400">
                    {`${EXAM_REASON_LABELS[subject.reason]} · ${subject.semester}`}
                  </span>
                </span>
                <Form method="post">
                  <button
                    type="submit"
                    name="intent"
                    value={withId("remove-subject", subject.subjectId)}
                    className="btn-secondary min-h-11"
                    disabled={busy}
                  >
                    Remove<span className="sr-only">{` ${subject.name}`}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {subjects.length < MAX_EXAM_SUBJECTS && choices.length > 0 && (
          <Form method="post" className="space-y-3" aria-labelledby="add-subject-heading">
            <h3 id="add-subject-heading" className="font-semibold">
              Add a subject
            </h3>
            <Field name="subjectId" label="Subject" result={result}>
              <select required defaultValue="" className="input max-w-full">
                <option value="" disabled>
                  Choose a subject
                </option>
                {choices.map((group) => (
                  <optgroup key={group.group} label={group.group}>
                    {group.subjects.map((subject) => (
                      <option key={subject.id} value={subject.id}>
                        {subject.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </Field>
            <fieldset>
              <legend className="text-sm font-medium">I sit it as</legend>
              <div className="mt-1 flex flex-wrap gap-4">
                {EXAM_SUBJECT_REASONS.map((reason, i) => (
                  <label key={reason} className="flex min-h-11 items-center gap-2">
                    <input type="radio" name="reason" value={reason} defaultChecked={i === 0} className="h-5 w-5" />
                    {EXAM_REASON_LABELS[reason]}
                  </label>
                ))}
              </div>
              {fieldError(result, "reason") && (
                <p className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
                  {fieldError(result, "reason")}
                </p>
              )}
            </fieldset>
            <button type="submit" name="intent" value="add-subject" className="btn-primary min-h-11" disabled={busy}>
              {busy ? "Adding…" : "Add to my datesheet"}
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Exams · Campus" },
  { name: "description", content: "Your datesheet, with countdowns, clash warnings and past papers." },
];
