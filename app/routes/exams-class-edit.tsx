import { data, Form, Link, useNavigation } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { Field } from "#app/components/Field.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { DATESHEET_INTENTS } from "#app/components/exams/exam-intents.ts";
import { attempt, attemptTold } from "#app/lib/action-result.server.ts";
import { byName, dispatch } from "#app/lib/actions.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { withId } from "#app/lib/intents.ts";
import { requirePageRoles } from "#app/lib/roles.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import type { ImportProblem } from "#common/academics.ts";
import { EXAMS_FORM_LIMIT } from "#common/body-limits.ts";
import { EXAM_CSV_COLUMNS, EXAM_KIND_LABELS, EXAM_KINDS, EXAM_MESSAGES as M, examLine } from "#common/exams.ts";
import { formatIndiaDay } from "#common/format.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { addExam, classDatesheet, importExams, removeExam } from "#server/services/exams/datesheet.ts";
import { examIdSchema, examImportSchema, newExamSchema } from "#server/services/exams/schema.ts";
import type { Route } from "./+types/exams-class-edit";

// A class's datesheet as its keepers edit it (docs/decisions/0135-datesheet.md): its class
// representatives, the college's curators and campus admins. Each change is audited and tells the
// class and those who sit the subject outside it.
export const handle = { bodyLimit: EXAMS_FORM_LIMIT };

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = await requireUser(context);
  try {
    return await classDatesheet(envOf(context), user, params.id);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404))
      throw data(error.message, { status: error.status });
    throw error;
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = await requireUser(context);
  requirePageRoles(user, ["rep", "curator"], M.editorsOnly);
  const env = envOf(context);
  const form = await readForm(request);
  const input = formInput(form);
  const posted = byName(form);
  return dispatch({ intent: posted.intent, name: posted.name }, DATESHEET_INTENTS, {
    add: (intent) =>
      attempt(intent, M.added, () => addExam(env, user, parseWith(newExamSchema, { ...input, classId: params.id }))),
    import: async (intent) => {
      // The file's text if one was chosen, else what was pasted.
      const file = form.get("file");
      const csv = file instanceof File && file.size > 0 ? await file.text() : input.csv;
      return attemptTold(intent, () =>
        importExams(env, user, parseWith(examImportSchema, { classId: params.id, csv })),
      );
    },
    remove: (intent) =>
      attempt(intent, M.removed, () => removeExam(env, user, parseWith(examIdSchema, { id: posted.id }).id)),
  });
}

export default function DatesheetEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { cls, exams, subjects } = loaderData;
  const result = actionData ?? null;
  const busy = useNavigation().state === "submitting";
  const problems = (result && !result.ok ? (result.details?.problems as ImportProblem[] | undefined) : undefined) ?? [];
  const forImport = result?.intent === DATESHEET_INTENTS.import;
  return (
    <>
      <p className="mb-4">
        <Link to="/exams" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
          Back to my exams
        </Link>
      </p>
      <PageIntro
        title={`Datesheet of ${cls.label}`}
        lead="Every change is saved at once, written in the college's audit log, and sent to the class's students as a notice."
      />
      {result && (
        <Alert tone={result.ok ? "success" : "error"}>
          <p>{result.message}</p>
          {problems.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {problems.map((problem, i) => (
                <li key={i}>{`${problem.at}: ${problem.message}`}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        <section aria-labelledby="exams-heading" className="card min-w-0 p-4 sm:p-6">
          <h2 id="exams-heading" className="text-lg font-semibold">
            {`Exams from today (${exams.length})`}
          </h2>
          {exams.length === 0 ? (
            <p className="mt-2 text-slate-600 dark:text-slate-400">
              No exams yet: add them one by one, or import a file.
            </p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
              {exams.map((exam) => (
                <li key={exam.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0">
                    <span className="block font-semibold">{formatIndiaDay(exam.date)}</span>
                    <span className="block text-sm break-words text-slate-700 dark:text-slate-300">
                      {examLine(exam)}
                    </span>
                  </span>
                  <Form method="post">
                    <button
                      type="submit"
                      name="intent"
                      value={withId("remove", exam.id)}
                      className="btn-secondary min-h-11"
                      disabled={busy}
                    >
                      Remove<span className="sr-only">{` ${exam.subjectName} on ${exam.date}`}</span>
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="space-y-6">
          <Form method="post" className="card space-y-3 p-4" aria-labelledby="add-exam-heading">
            <h2 id="add-exam-heading" className="text-lg font-semibold">
              Add an exam
            </h2>
            <Field name="subjectId" label="Subject" result={forImport ? null : result}>
              <select required defaultValue="" className="input max-w-full">
                <option value="" disabled>
                  Choose a subject
                </option>
                {subjects.map((subject) => (
                  <option key={subject.id} value={subject.id}>
                    {`${subject.code} ${subject.name}`}
                  </option>
                ))}
              </select>
            </Field>
            <Field name="kind" label="Kind" result={forImport ? null : result}>
              <select required defaultValue="end_semester" className="input">
                {EXAM_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {EXAM_KIND_LABELS[kind]}
                  </option>
                ))}
              </select>
            </Field>
            <Field name="date" label="Date" result={forImport ? null : result}>
              <input type="date" required className="input" />
            </Field>
            <div className="grid grid-cols-2 gap-3">
              <Field name="startsAt" label="Starts" result={forImport ? null : result}>
                <input type="time" required className="input" />
              </Field>
              <Field name="endsAt" label="Ends" result={forImport ? null : result}>
                <input type="time" required className="input" />
              </Field>
            </div>
            <Field name="room" label="Room (optional)" result={forImport ? null : result}>
              <input maxLength={40} className="input" />
            </Field>
            <button type="submit" name="intent" value="add" className="btn-primary min-h-11" disabled={busy}>
              {busy ? "Saving…" : "Add the exam"}
            </button>
          </Form>
          <Form
            method="post"
            encType="multipart/form-data"
            className="card space-y-3 p-4"
            aria-labelledby="import-heading"
          >
            <h2 id="import-heading" className="text-lg font-semibold">
              Import a datesheet
            </h2>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {`A CSV file with the columns ${EXAM_CSV_COLUMNS.join(", ")}: one row per exam, such as CS-201,end_semester,2026-12-14,09:30,12:30,101. A bad row refuses the whole file, each row's problem listed; an exam already on the datesheet is updated.`}
            </p>
            <Field name="file" label="CSV file" result={forImport ? result : null}>
              <input type="file" accept=".csv,text/csv" className="input" />
            </Field>
            <Field name="csv" label="Or paste it" result={null}>
              <textarea rows={5} className="input font-mono text-sm" placeholder={EXAM_CSV_COLUMNS.join(",")} />
            </Field>
            <button type="submit" name="intent" value="import" className="btn-primary min-h-11" disabled={busy}>
              {busy ? "Importing…" : "Import"}
            </button>
          </Form>
        </div>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Edit a datesheet · Campus" },
  { name: "robots", content: "noindex" },
];
