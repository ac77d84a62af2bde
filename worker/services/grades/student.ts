import { z } from "zod";
import {
  type GradeAttempt,
  GRADE_LIMITS as L,
  GRADES_MESSAGES as M,
  type Gpa,
  gradesSummary,
  normalLetter,
  type RepeatRule,
  type ScaleGrade,
} from "#common/grades.ts";
import { batch, insertWhere, type Outcomes, select, sql } from "#server/db/sql.ts";
import { academicSemesters, academicSubjects, gradeEntries } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { campusScale, onScale, scaleOf } from "#server/services/grades/scale.ts";

// A student's grades (docs/decisions/0133-grades.md): theirs alone, read and written by nobody else
// (no staff read, no admin read). Each attempt at a subject is one row; a save is one conditional
// upsert that holds only while the subject is their college's, the letter is on its scale and no
// other attempt of the subject sits in that semester.

export type Student = Pick<SessionUser, "id" | "campusId">;

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const whole = (value: unknown) => (typeof value === "string" && /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : value);
const bounded = (max: number, message: string) =>
  z.preprocess(whole, z.number({ error: message }).int(message).min(1, message).max(max, message));

/** `:subjectId` of the grades API. */
export const subjectParamSchema = z.object({
  subjectId: z.string({ error: M.noSuchSubject }).trim().min(1, M.noSuchSubject).max(100, M.noSuchSubject),
});

/** `PUT /api/grades/:subjectId` and the page's forms. */
export const gradeSchema = z.object({
  grade: z
    .string({ error: M.chooseGrade })
    .transform(normalLetter)
    .pipe(z.string().min(1, M.chooseGrade).max(L.letter, M.letterInvalid)),
  /** The semester the attempt was taken in; the subject's own semester when left out. */
  semesterTaken: z.preprocess(blank, bounded(L.semesters, M.semesterInvalid).optional()),
  /** Which attempt (1 the first); left out, the one in that semester, or a new one. */
  attempt: z.preprocess(blank, bounded(L.attempts, M.attemptInvalid).optional()),
});
export type GradeInput = z.output<typeof gradeSchema>;

/** `DELETE /api/grades/:subjectId?attempt=`: one attempt, or every attempt of the subject. */
export const removeQuerySchema = z.object({
  attempt: z.preprocess(blank, bounded(L.attempts, M.attemptInvalid).optional()),
});

/** One grade as the student reads it. */
export interface GradeView {
  subjectId: string;
  code: string;
  name: string;
  /** Credits (1.5 for a lab), or null when the college has not given them. */
  credits: number | null;
  attempt: number;
  semester: number;
  grade: string;
  /** The grade's points on the scale (8.5), or null for a letter the scale no longer holds. */
  points: number | null;
  failed: boolean;
}

export interface GpaView {
  /** "8.25" as a number, or null (shown as "—"). */
  value: number | null;
  credits: number;
  earnedCredits: number;
  failed: number;
}

export interface GradesView {
  scale: { letter: string; points: number }[];
  repeatRule: RepeatRule;
  cgpa: GpaView;
  semesters: { semester: number; sgpa: GpaView; grades: GradeView[] }[];
}

export const gpaView = (gpa: Gpa): GpaView => ({
  value: gpa.hundredths === null ? null : gpa.hundredths / 100,
  credits: gpa.creditHalves / 2,
  earnedCredits: gpa.earnedHalves / 2,
  failed: gpa.failed,
});

/** The student's grades with their subjects (a batch's part). */
export function gradeRows(student: Student) {
  const g = gradeEntries.as("g");
  const x = academicSubjects.as("x");
  return select(
    {
      subjectId: g.subject_id,
      code: x.code,
      name: x.name,
      creditHalves: x.credit_halves,
      attempt: g.attempt,
      semester: g.semester,
      grade: g.grade,
    },
    sql`FROM ${g} JOIN ${x} ON ${x.id} = ${g.subject_id}
      WHERE ${g.user_id} = ${student.id} AND ${g.campus_id} = ${student.campusId}
      ORDER BY ${g.semester}, ${x.position}, ${x.code}, ${g.attempt}`,
  );
}

/** The view from the outcomes of campusScale and gradeRows. */
export function gradesFrom([campus, rows]: Readonly<
  Outcomes<readonly [ReturnType<typeof campusScale>, ReturnType<typeof gradeRows>]>
>): GradesView & { scaleGrades: ScaleGrade[]; attempts: GradeAttempt[] } {
  const scaleGrades = scaleOf(campus.rows[0]?.scale ?? null);
  const repeatRule = campus.rows[0]?.rule ?? "latest";
  const attempts: GradeAttempt[] = rows.rows.map((r) => ({
    subjectId: r.subjectId,
    attempt: r.attempt,
    semester: r.semester,
    grade: r.grade,
    creditHalves: r.creditHalves,
  }));
  const summary = gradesSummary(attempts, scaleGrades, repeatRule);
  const views = rows.rows.map((r): GradeView => {
    const points = scaleGrades.find((s) => s.letter === r.grade)?.points ?? null;
    return {
      subjectId: r.subjectId,
      code: r.code,
      name: r.name,
      credits: r.creditHalves === null ? null : r.creditHalves / 2,
      attempt: r.attempt,
      semester: r.semester,
      grade: r.grade,
      points: points === null ? null : points / 100,
      failed: points === 0,
    };
  });
  return {
    scale: scaleGrades.map((s) => ({ letter: s.letter, points: s.points / 100 })),
    repeatRule,
    cgpa: gpaView(summary.cgpa),
    semesters: summary.semesters.map((s) => ({
      semester: s.semester,
      sgpa: gpaView(s.sgpa),
      grades: views.filter((v) => v.semester === s.semester),
    })),
    scaleGrades,
    attempts,
  };
}

/** `GET /api/grades`: the student's grades, SGPA per semester and CGPA, in one batch. */
export async function readGrades(env: Env, student: Student): Promise<GradesView> {
  const {
    scaleGrades: _s,
    attempts: _a,
    ...view
  } = gradesFrom(await batch(env, [campusScale(student.campusId), gradeRows(student)] as const));
  return view;
}

async function limitGrades(env: Env, student: Student) {
  const { success } = await env.SAVE_LIMITER.limit({ key: `grades:${student.id}` });
  if (!success) throw new ApiError(429, M.tooMany);
}

/** A subject of the student's college with its semester's number (a batch's part). */
const subjectOf = (student: Student, subjectId: string) =>
  select(
    { code: academicSubjects.code, semester: academicSemesters.number },
    sql`FROM ${academicSubjects} JOIN ${academicSemesters} ON ${academicSemesters.id} = ${academicSubjects.semester_id}
      WHERE ${academicSubjects.id} = ${subjectId} AND ${academicSubjects.campus_id} = ${student.campusId}`,
  );

const attemptsOf = (student: Student, subjectId: string) =>
  select(
    { attempt: gradeEntries.attempt, semester: gradeEntries.semester },
    sql`FROM ${gradeEntries} WHERE user_id = ${student.id} AND subject_id = ${subjectId}`,
  );

/** The row one grade writes, and the checks of it against what was read. */
function planGrade(
  student: Student,
  subjectId: string,
  input: GradeInput,
  read: {
    subject: { code: string; semester: number } | undefined;
    scale: ScaleGrade[];
    attempts: { attempt: number; semester: number }[];
  },
  now: number,
) {
  const { subject, scale, attempts } = read;
  if (!subject) throw new ApiError(404, M.noSuchSubject, { field: "subjectId" });
  if (!scale.some((g) => g.letter === input.grade))
    throw new ApiError(400, M.gradeNotOnScale(scale.map((g) => g.letter)), { field: "grade" });
  const semester = input.semesterTaken ?? subject.semester;
  const inSemester = attempts.find((a) => a.semester === semester);
  const attempt = input.attempt ?? inSemester?.attempt ?? attempts.reduce((n, a) => Math.max(n, a.attempt), 0) + 1;
  if (attempt > L.attempts) throw new ApiError(400, M.attemptInvalid, { field: "attempt" });
  if (inSemester && inSemester.attempt !== attempt)
    throw new ApiError(409, M.attemptClash(semester), { field: "semesterTaken" });
  const statement = insertWhere(
    gradeEntries,
    {
      user_id: student.id,
      subject_id: subjectId,
      campus_id: student.campusId,
      attempt,
      semester,
      grade: input.grade,
      updated_at: now,
    },
    sql`EXISTS (SELECT 1 FROM academic_subjects WHERE id = ${subjectId} AND campus_id = ${student.campusId})
      AND ${onScale(student.campusId, input.grade)}
      AND NOT EXISTS (SELECT 1 FROM grade_entries WHERE user_id = ${student.id} AND subject_id = ${subjectId}
        AND semester = ${semester} AND attempt <> ${attempt})`,
    sql`ON CONFLICT (user_id, subject_id, attempt) DO UPDATE SET grade = excluded.grade, semester = excluded.semester, updated_at = excluded.updated_at`,
  );
  return { code: subject.code, attempt, semester, statement };
}

/**
 * `PUT /api/grades/:subjectId`: the grade of one attempt. Without `attempt`, the attempt taken in
 * that semester is changed, or a new one is added (a repeat); saving the same twice, or twice at
 * once, leaves one row.
 */
export async function putGrade(
  env: Env,
  student: Student,
  subjectId: string,
  input: GradeInput,
  now = Date.now(),
): Promise<{ code: string; attempt: number; semester: number; grade: string }> {
  await limitGrades(env, student);
  const [subject, campus, attempts] = await batch(env, [
    subjectOf(student, subjectId),
    campusScale(student.campusId),
    attemptsOf(student, subjectId),
  ]);
  const plan = planGrade(
    student,
    subjectId,
    input,
    { subject: subject.rows[0], scale: scaleOf(campus.rows[0]?.scale ?? null), attempts: attempts.rows },
    now,
  );
  const [written] = await batch(env, [plan.statement]);
  if (written.changes === 0) {
    // The scale, the subject or the student's other attempt changed since the read: say which.
    const [subjectNow, campusNow, attemptsNow] = await batch(env, [
      subjectOf(student, subjectId),
      campusScale(student.campusId),
      attemptsOf(student, subjectId),
    ]);
    planGrade(
      student,
      subjectId,
      input,
      { subject: subjectNow.rows[0], scale: scaleOf(campusNow.rows[0]?.scale ?? null), attempts: attemptsNow.rows },
      now,
    );
    throw new ApiError(409, M.changedMeanwhile);
  }
  return { code: plan.code, attempt: plan.attempt, semester: plan.semester, grade: input.grade };
}

/** The page's form of a semester: a grade for each subject chosen (those left "not graded" stay as they are). */
export const semesterGradesSchema = z.object({
  semesterTaken: z.preprocess(blank, bounded(L.semesters, M.semesterInvalid).optional()),
  grades: z
    .array(z.object({ subjectId: subjectParamSchema.shape.subjectId, grade: gradeSchema.shape.grade }))
    .max(60, M.nothingToSave)
    .min(1, M.nothingToSave),
});
export type SemesterGradesInput = z.output<typeof semesterGradesSchema>;

/** The page's "Save grades": every chosen grade of one semester in one batch, each conditional. */
export async function saveSemesterGrades(
  env: Env,
  student: Student,
  input: SemesterGradesInput,
  now = Date.now(),
): Promise<number> {
  await limitGrades(env, student);
  const ids = JSON.stringify(input.grades.map((g) => g.subjectId));
  const [subjects, campus, attempts] = await batch(env, [
    select(
      { id: academicSubjects.id, code: academicSubjects.code, semester: academicSemesters.number },
      sql`FROM ${academicSubjects} JOIN ${academicSemesters} ON ${academicSemesters.id} = ${academicSubjects.semester_id}
        WHERE ${academicSubjects.campus_id} = ${student.campusId} AND ${academicSubjects.id} IN (SELECT value FROM json_each(${ids}))`,
    ),
    campusScale(student.campusId),
    select(
      { subjectId: gradeEntries.subject_id, attempt: gradeEntries.attempt, semester: gradeEntries.semester },
      sql`FROM ${gradeEntries} WHERE user_id = ${student.id} AND subject_id IN (SELECT value FROM json_each(${ids}))`,
    ),
  ]);
  const scale = scaleOf(campus.rows[0]?.scale ?? null);
  const plans = input.grades.map((g) =>
    planGrade(
      student,
      g.subjectId,
      { grade: g.grade, semesterTaken: input.semesterTaken },
      {
        subject: subjects.rows.find((s) => s.id === g.subjectId),
        scale,
        attempts: attempts.rows.filter((a) => a.subjectId === g.subjectId),
      },
      now,
    ),
  );
  const written = await batch(
    env,
    plans.map((p) => p.statement),
  );
  return written.reduce((n, w) => n + (w.changes > 0 ? 1 : 0), 0);
}

/** `DELETE /api/grades/:subjectId`: one attempt, or all of the subject's; only the student's own. */
export async function removeGrade(
  env: Env,
  student: Student,
  subjectId: string,
  { attempt }: { attempt?: number | undefined },
): Promise<void> {
  await limitGrades(env, student);
  const [removed] = await batch(env, [
    sql`DELETE FROM grade_entries WHERE user_id = ${student.id} AND subject_id = ${subjectId}
      ${attempt === undefined ? sql`` : sql`AND attempt = ${attempt}`}`,
  ]);
  if (removed.changes === 0) throw new ApiError(404, M.noSuchGrade);
}
