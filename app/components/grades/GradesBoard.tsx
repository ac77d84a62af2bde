import { useState } from "react";
import { Form } from "react-router";
import { Field } from "#app/components/Field.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { GRADES_INTENTS as INTENTS } from "#app/components/grades/grades-intents.ts";
import { answerFor, FormAnswer, useSending } from "#app/components/setup/fields.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { withId } from "#app/lib/intents.ts";
import { gpaText, GRADE_LIMITS, GRADES_WORDS as W, type Gpa, whatIf } from "#common/grades.ts";
import type { GradesPage } from "#server/services/grades/page.ts";
import type { GpaView } from "#server/services/grades/student.ts";

// The screen of /grades (docs/decisions/0133-grades.md). Every form posts (or, for the "what if",
// gets) without JavaScript; with it, the "what if" is worked out as the grades are chosen.

type Page = GradesPage & { whatIf: Record<string, string>; asked: boolean };

const hundredths = (value: number | null) => (value === null ? null : Math.round(value * 100));
const link = "font-semibold text-indigo-700 underline underline-offset-2 dark:text-indigo-300";

export function GradesBoard({ page, result }: { page: Page; result: ActionResult | null }) {
  return (
    <div className="space-y-6">
      <Summary page={page} />
      <EnterGrades page={page} result={result} />
      <WhatIf page={page} />
      <Semesters page={page} result={result} />
      <AddGrade page={page} result={result} />
    </div>
  );
}

function Summary({ page }: { page: Page }) {
  const { cgpa } = page;
  return (
    <section aria-labelledby="cgpa-heading" className="card p-5">
      <h2 id="cgpa-heading" className="text-lg font-semibold">
        CGPA
      </h2>
      <p className="mt-1">
        <span className="text-4xl font-bold" data-testid="cgpa">
          {gpaText(hundredths(cgpa.value))}
        </span>{" "}
        <span className="text-sm text-slate-600 dark:text-slate-400">{W.outOf(page.scale)}</span>
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{W.credits(cgpa)}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{W.rule(page.repeatRule)}</p>
    </section>
  );
}

function GradeSelect({
  id,
  name,
  label,
  page,
  defaultValue,
  value,
  onChange,
  empty,
  required,
}: {
  id: string;
  name: string;
  label: string;
  page: Page;
  defaultValue?: string;
  value?: string;
  onChange?: (value: string) => void;
  empty: string;
  required?: boolean;
}) {
  return (
    <Field id={id} name={name} label={label} labelClassName="label text-sm">
      <select
        className="input w-full sm:w-52"
        defaultValue={value === undefined ? (defaultValue ?? "") : undefined}
        value={value}
        required={required}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
      >
        <option value="">{empty}</option>
        {page.scale.map((g) => (
          <option key={g.letter} value={g.letter}>
            {W.gradeOption(g.letter, g.points)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The picker of a semester of the tree (a GET form), and that semester's grades to save. */
function EnterGrades({ page, result }: { page: Page; result: ActionResult | null }) {
  const { chosen } = page;
  const answer = answerFor(result, INTENTS.save);
  const saving = useSending(INTENTS.save);
  const graded = new Map(
    page.attempts.filter((a) => a.semester === chosen?.number).map((a) => [a.subjectId, a.grade] as const),
  );
  return (
    <section aria-labelledby="enter-heading" className="card space-y-4 p-5">
      <h2 id="enter-heading" className="text-lg font-semibold">
        Enter grades
      </h2>
      {page.semesterOptions.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">{W.noTree}</p>
      ) : (
        <Form method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <Field
            id="semester"
            name="semester"
            label="Your programme, branch and semester"
            className="min-w-0 sm:flex-1"
          >
            <select className="input w-full" defaultValue={chosen?.id ?? ""} required>
              {!chosen && <option value="">Choose your semester</option>}
              {page.semesterOptions.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" className="btn-secondary">
            Show subjects
          </button>
        </Form>
      )}
      {chosen &&
        (chosen.subjects.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">{W.noSubjects(chosen.label)}</p>
        ) : (
          <Form method="post" className="space-y-3" aria-labelledby="enter-heading">
            <h3 className="font-semibold">{chosen.label}</h3>
            <ul className="space-y-3">
              {chosen.subjects.map((x) => (
                <li
                  key={x.id}
                  className="flex flex-wrap items-end justify-between gap-2 border-b border-slate-200 pb-3 dark:border-slate-800"
                >
                  <GradeSelect
                    id={`grade-${x.id}`}
                    name={`grade.${x.id}`}
                    label={W.subjectLabel(x.code, x.name, x.creditHalves)}
                    page={page}
                    defaultValue={graded.get(x.id)}
                    empty="Not graded yet"
                  />
                </li>
              ))}
            </ul>
            <Field
              id="enter-semester-taken"
              name="semesterTaken"
              label="Semester you took them in"
              hint={W.semesterTakenHint}
              result={answer}
            >
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={GRADE_LIMITS.semesters}
                defaultValue={chosen.number}
                className="input w-24"
              />
            </Field>
            <SubmitButton busy={saving} busyLabel="Saving..." name="intent" value={INTENTS.save}>
              Save grades
            </SubmitButton>
            <FormAnswer result={answer} />
          </Form>
        ))}
    </section>
  );
}

/** Hypothetical grades for the chosen semester's subjects not graded in it: never saved. */
function WhatIf({ page }: { page: Page }) {
  const { chosen } = page;
  const open =
    chosen?.subjects.filter((x) => !page.attempts.some((a) => a.subjectId === x.id && a.semester === chosen.number)) ??
    [];
  const [picked, setPicked] = useState<Record<string, string>>(page.whatIf);
  if (!chosen || open.length === 0) return null;
  const hypothetical = open.flatMap((x) =>
    picked[x.id] ? [{ subjectId: x.id, grade: picked[x.id]!, creditHalves: x.creditHalves }] : [],
  );
  const summary = whatIf(page.attempts, hypothetical, chosen.number, page.scaleGrades, page.repeatRule);
  const sgpa: Gpa | undefined = summary.semesters.find((s) => s.semester === chosen.number)?.sgpa;
  return (
    <section aria-labelledby="whatif-heading" className="card space-y-3 p-5">
      <h2 id="whatif-heading" className="text-lg font-semibold">
        What if
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{W.whatIfLead(chosen.label)}</p>
      <p
        role="status"
        aria-live="polite"
        className="sticky top-2 z-10 rounded-lg bg-indigo-50 p-3 font-semibold shadow-sm dark:bg-indigo-950"
        data-testid="what-if"
      >
        {hypothetical.length === 0
          ? W.whatIfNone
          : W.whatIfResult(chosen.number, gpaText(sgpa?.hundredths ?? null), gpaText(summary.cgpa.hundredths))}
      </p>
      <Form method="get" className="space-y-3" preventScrollReset>
        <input type="hidden" name="semester" value={chosen.id} />
        <ul className="space-y-3">
          {open.map((x) => (
            <li key={x.id}>
              <GradeSelect
                id={`if-${x.id}`}
                name={`if.${x.id}`}
                label={W.subjectLabel(x.code, x.name, x.creditHalves)}
                page={page}
                value={picked[x.id] ?? ""}
                onChange={(value) => setPicked((now) => ({ ...now, [x.id]: value }))}
                empty="No grade"
              />
            </li>
          ))}
        </ul>
        <button type="submit" className="btn-secondary">
          Work it out
        </button>
      </Form>
    </section>
  );
}

function GpaLine({ gpa }: { gpa: GpaView }) {
  return <span className="text-sm text-slate-600 dark:text-slate-400">{W.credits(gpa)}</span>;
}

function Semesters({ page, result }: { page: Page; result: ActionResult | null }) {
  return (
    <section aria-labelledby="semesters-heading" className="space-y-3">
      <h2 id="semesters-heading" className="text-xl font-semibold">
        Your semesters
      </h2>
      {page.semesters.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">{W.noGrades}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {page.semesters.map((s) => (
            <li key={s.semester} className="card p-4" aria-labelledby={`semester-${s.semester}`}>
              <h3 id={`semester-${s.semester}`} className="font-semibold">
                Semester {s.semester}: SGPA{" "}
                <span data-testid={`sgpa-${s.semester}`}>{gpaText(hundredths(s.sgpa.value))}</span>
              </h3>
              <GpaLine gpa={s.sgpa} />
              <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
                {s.grades.map((g) => (
                  <GradeRow key={`${g.subjectId}-${g.attempt}`} grade={g} result={result} />
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function GradeRow({
  grade: g,
  result,
}: {
  grade: Page["semesters"][number]["grades"][number];
  result: ActionResult | null;
}) {
  const intent = withId(INTENTS.remove, g.subjectId);
  const answer = answerFor(result, intent);
  const removing = useSending(intent);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="min-w-0 break-words">
        <span className="font-mono text-xs">{g.code}</span> {g.name}
        {g.attempt > 1 && <span className="text-sm text-slate-600 dark:text-slate-400"> · {W.attempt(g.attempt)}</span>}
      </span>
      <span className="flex items-center gap-2">
        <span className={`font-bold ${g.failed ? "text-rose-800 dark:text-rose-300" : ""}`}>
          {g.grade}
          {g.failed && <span className="text-sm font-semibold"> ({W.failed})</span>}
        </span>
        <Form method="post">
          <input type="hidden" name="attempt" value={g.attempt} />
          <SubmitButton busy={removing} busyLabel="Removing..." className="btn-secondary" name="intent" value={intent}>
            Remove<span className="sr-only"> {W.removeName(g.code, g.attempt)}</span>
          </SubmitButton>
        </Form>
      </span>
      {answer && !answer.ok && (
        <span className="basis-full">
          <FormAnswer result={answer} />
        </span>
      )}
    </li>
  );
}

/** A repeat (a backlog cleared later) or a subject of another semester of the tree. */
function AddGrade({ page, result }: { page: Page; result: ActionResult | null }) {
  const answer = answerFor(result, INTENTS.add);
  const adding = useSending(INTENTS.add);
  if (page.allSubjects.length === 0) return null;
  const groups = new Map<string, Page["allSubjects"]>();
  for (const x of page.allSubjects) groups.set(x.semesterLabel, [...(groups.get(x.semesterLabel) ?? []), x]);
  return (
    <section aria-labelledby="add-heading" className="card space-y-3 p-5">
      <h2 id="add-heading" className="text-lg font-semibold">
        Add a repeat or another subject
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{W.addLead}</p>
      <Form method="post" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end">
        <Field id="add-subject" name="subjectId" label="Subject" result={answer} className="min-w-0">
          <select className="input w-full" required defaultValue="">
            <option value="">Choose the subject</option>
            {[...groups].map(([label, subjects]) => (
              <optgroup key={label} label={label}>
                {subjects.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.code} {x.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
        <Field id="add-semester" name="semesterTaken" label="Semester taken" result={answer}>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={GRADE_LIMITS.semesters}
            required
            className="input w-24"
          />
        </Field>
        <Field id="add-grade" name="grade" label="Grade" result={answer}>
          <select className="input w-full sm:w-32" required defaultValue="">
            <option value="">Choose</option>
            {page.scale.map((g) => (
              <option key={g.letter} value={g.letter}>
                {W.gradeOption(g.letter, g.points)}
              </option>
            ))}
          </select>
        </Field>
        <div className="sm:col-span-3">
          <SubmitButton busy={adding} busyLabel="Saving..." name="intent" value={INTENTS.add}>
            Add grade
          </SubmitButton>
        </div>
      </Form>
      <FormAnswer result={answer} />
      <p className="text-sm">
        <a href="#cgpa-heading" className={link}>
          Back to your CGPA
        </a>
      </p>
    </section>
  );
}
