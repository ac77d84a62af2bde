import {
  clashesOf,
  EXAM_MESSAGES as M,
  examsHorizon,
  MAX_EXAM_SUBJECTS,
  withoutRepeats,
  type Exam,
  type ExamSubjectReason,
} from "#common/exams.ts";
import { indiaDate } from "#common/india-time.ts";
import { batch, first, insertWhere, int, oneOf, type Query, select, sql, text } from "#server/db/sql.ts";
import { academicSubjects, examSubjects } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { EXAM, EXAM_COLUMNS, EXAM_JOIN, EXAM_SUBJECT } from "#server/services/exams/datesheet.ts";
import {
  limitOwn,
  type Member,
  SEMESTER,
  SEMESTER_JOINS,
  SEMESTER_LABEL,
  SEMESTER_ORDER,
} from "#server/services/timetable/access.ts";
import type { ExamSubjectInput } from "#server/services/exams/schema.ts";

// A student's datesheet (docs/decisions/0135-datesheet.md): their class's exams, and the exams of
// the subjects they sit outside it (electives, backlogs) from any class of their college that has
// them, one sitting each, with the clashes between them. Only the student's own rows are read.

const e = EXAM;
const EXAM_SOURCES = ["class", "elective", "backlog"] as const;
const x = EXAM_SUBJECT;

/** The student's exams from `from` to `to` (dates), by date and start: one statement for every reader. */
export function myExamsRead(member: Pick<Member, "id" | "campusId">, from: string, to: string): Query<Exam> {
  return select(
    {
      ...EXAM_COLUMNS,
      source: oneOf(
        EXAM_SOURCES,
        sql`CASE WHEN ${e.class_id} = (SELECT class_id FROM timetable_choices WHERE user_id = ${member.id})
          THEN 'class' ELSE (SELECT reason FROM exam_subjects WHERE user_id = ${member.id} AND subject_id = ${e.subject_id}) END`,
      ),
    },
    sql`FROM ${e} ${EXAM_JOIN}
      WHERE ${e.campus_id} = ${member.campusId} AND ${e.date} BETWEEN ${from} AND ${to}
        AND (${e.class_id} = (SELECT class_id FROM timetable_choices WHERE user_id = ${member.id})
          OR ${e.subject_id} IN (SELECT subject_id FROM exam_subjects WHERE user_id = ${member.id}))
      ORDER BY ${e.date}, ${e.starts_min}, ${x.code} LIMIT 300`,
  );
}

/** The exams as the student sees them: a sitting once (sections share a paper), the class's first. */
export function examsFrom(rows: readonly Exam[]): { exams: Exam[]; clashes: Record<string, string[]> } {
  const ordered = [...rows].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.startsMin - b.startsMin ||
      Number(b.source === "class") - Number(a.source === "class"),
  );
  const exams = withoutRepeats(ordered);
  return { exams, clashes: clashesOf(exams) };
}

export interface ExamSubject {
  subjectId: string;
  code: string;
  name: string;
  /** "B.Tech CSE · Semester 3". */
  semester: string;
  reason: ExamSubjectReason;
}

export interface MyDatesheet {
  today: string;
  /** The student's class, or null before they choose one. */
  classLabel: string | null;
  /** The classes whose datesheet the student keeps: those they represent, and their own as a curator or admin. */
  keeps: { id: string; label: string }[];
  exams: Exam[];
  clashes: Record<string, string[]>;
  subjects: ExamSubject[];
}

const s = academicSubjects.as("subj");
const own = examSubjects.as("o");

const mySubjectsRead = (member: Pick<Member, "id" | "campusId">) =>
  select(
    { subjectId: s.id, code: s.code, name: s.name, semester: SEMESTER_LABEL, reason: own.reason },
    sql`FROM ${own} JOIN ${s} ON ${s.id} = ${own.subject_id} JOIN ${SEMESTER} ON ${SEMESTER.id} = ${s.semester_id} ${SEMESTER_JOINS}
      WHERE ${own.user_id} = ${member.id} AND ${s.campus_id} = ${member.campusId} ORDER BY ${own.added_at}`,
  );

/** `GET /api/exams` and /exams: today's and later exams, their clashes, and the subjects of the student's own. */
export async function readMyDatesheet(env: Env, member: Member, now = Date.now()): Promise<MyDatesheet> {
  const today = indiaDate(now);
  const [rows, subjects, cls, kept] = await batch(env, [
    myExamsRead(member, today, examsHorizon(today)),
    mySubjectsRead(member),
    select(
      {
        id: text(sql`c.id`),
        label: SEMESTER_LABEL,
        section: text(sql`c.section`),
        keeps:
          int(sql`EXISTS (SELECT 1 FROM staff_roles WHERE user_id = ${member.id} AND campus_id = ${member.campusId} AND role IN ('admin', 'curator'))
          OR EXISTS (SELECT 1 FROM timetable_reps WHERE user_id = ${member.id} AND class_id = c.id)`),
      },
      sql`FROM timetable_choices t JOIN timetable_classes c ON c.id = t.class_id JOIN ${SEMESTER} ON ${SEMESTER.id} = c.semester_id ${SEMESTER_JOINS}
        WHERE t.user_id = ${member.id} AND c.campus_id = ${member.campusId}`,
    ),
    // The classes they represent (a rep need not have chosen the class as their own).
    select(
      { id: text(sql`c.id`), label: SEMESTER_LABEL, section: text(sql`c.section`) },
      sql`FROM timetable_reps r JOIN timetable_classes c ON c.id = r.class_id JOIN ${SEMESTER} ON ${SEMESTER.id} = c.semester_id ${SEMESTER_JOINS}
        WHERE r.user_id = ${member.id} AND c.campus_id = ${member.campusId} ORDER BY ${SEMESTER_ORDER}, c.section LIMIT 10`,
    ),
  ]);
  const { exams, clashes } = examsFrom(rows.rows);
  const chosen = cls.rows[0];
  return {
    today,
    classLabel: chosen ? `${chosen.label} · ${chosen.section}` : null,
    keeps: [
      ...(chosen?.keeps === 1 ? [{ id: chosen.id, label: `${chosen.label} · ${chosen.section}` }] : []),
      ...kept.rows.filter((k) => k.id !== chosen?.id).map((k) => ({ id: k.id, label: `${k.label} · ${k.section}` })),
    ],
    exams,
    clashes,
    subjects: subjects.rows,
  };
}

/** `PUT /api/exams/subjects/:subjectId`: a subject of the college's tree the student sits (an elective or a backlog). */
export async function addExamSubject(
  env: Env,
  member: Member,
  subjectId: string,
  input: ExamSubjectInput,
  now = Date.now(),
): Promise<{ message: string }> {
  const subject = await first(
    env,
    select({ name: s.name }, sql`FROM ${s} WHERE ${s.id} = ${subjectId} AND ${s.campus_id} = ${member.campusId}`),
  );
  if (!subject) throw new ApiError(404, M.noSuchTreeSubject, { field: "subjectId" });
  await limitOwn(env, member);
  const [written, count] = await batch(env, [
    insertWhere(
      examSubjects,
      { user_id: member.id, subject_id: subjectId, reason: input.reason, added_at: now },
      sql`(SELECT COUNT(*) FROM exam_subjects WHERE user_id = ${member.id}) < ${MAX_EXAM_SUBJECTS}`,
      sql`ON CONFLICT (user_id, subject_id) DO UPDATE SET reason = excluded.reason`,
    ),
    select(
      { n: int(sql`COUNT(*)`) },
      sql`FROM exam_subjects WHERE user_id = ${member.id} AND subject_id = ${subjectId}`,
    ),
  ]);
  if (written.changes === 0 && (count.rows[0]?.n ?? 0) === 0) throw new ApiError(409, M.tooManySubjects);
  return { message: M.subjectAdded(subject.name, input.reason) };
}

/** `DELETE /api/exams/subjects/:subjectId`. */
export async function removeExamSubject(env: Env, member: Member, subjectId: string): Promise<{ message: string }> {
  await limitOwn(env, member);
  const [removed] = await batch(env, [
    select(
      { name: s.name },
      sql`FROM ${s} WHERE ${s.id} = ${subjectId} AND EXISTS (SELECT 1 FROM exam_subjects WHERE user_id = ${member.id} AND subject_id = ${subjectId})`,
    ),
    sql`DELETE FROM exam_subjects WHERE user_id = ${member.id} AND subject_id = ${subjectId}`,
  ]);
  const name = removed.rows[0]?.name;
  if (!name) throw new ApiError(404, M.notYourSubject);
  return { message: M.subjectRemoved(name) };
}
