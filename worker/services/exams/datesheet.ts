import {
  EXAM_CSV_COLUMNS,
  EXAM_KINDS,
  EXAM_KIND_LABELS,
  EXAM_MESSAGES as M,
  examLine,
  MAX_CLASS_EXAMS,
  type Exam,
  type ExamKind,
} from "#common/exams.ts";
import { formatIndiaDay } from "#common/format.ts";
import { indiaDate, isCalendarDate } from "#common/india-time.ts";
import type { ImportProblem } from "#common/academics.ts";
import { minutesOf } from "#common/notifications.ts";
import { batch, first, insertWhere, int, select, type Sql, sql, text, update } from "#server/db/sql.ts";
import { academicSubjects, classExams } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { parseCsv } from "#server/services/academics/csv.ts";
import { audit, notices } from "#server/services/staff.ts";
import {
  type ClassInfo,
  classLabel,
  editableClass,
  editorGuard,
  limitEdit,
  type Member,
} from "#server/services/timetable/access.ts";
import type { ExamImportInput, ExamInput, NewExamInput } from "#server/services/exams/schema.ts";

// A class's datesheet, kept by those who keep its week (docs/decisions/0135-datesheet.md): its
// representatives, the college's curators and campus admins. Every change is one batch: the write
// (guarded by editorGuard, so a role revoked meanwhile writes nothing), its audit line, and the
// notices to the class and to those who sit the subject as an elective or a backlog, written only
// when the audit line was.

const e = classExams.as("e");
const x = academicSubjects.as("x");

/** The columns of an exam with its subject (rows are Exam without `source`). */
export const EXAM_COLUMNS = {
  id: e.id,
  classId: e.class_id,
  subjectId: e.subject_id,
  subjectCode: x.code,
  subjectName: x.name,
  kind: e.kind,
  date: e.date,
  startsMin: e.starts_min,
  endsMin: e.ends_min,
  room: e.room,
};
export const EXAM = e;
export const EXAM_SUBJECT = x;
export const EXAM_JOIN = sql`JOIN ${x} ON ${x.id} = ${e.subject_id}`;

/** Who is told of a change to a class's exam of a subject: the class, and who sits the subject outside it. */
const toldOf = (classId: string, subjectId: string): Sql =>
  sql`SELECT user_id FROM timetable_choices WHERE class_id = ${classId}
    UNION SELECT user_id FROM exam_subjects WHERE subject_id = ${subjectId}`;

/**
 * The audit line and the notices of one change, in the change's own batch: written only where the
 * member still keeps the class and `happened` holds after the change's own statement.
 */
function told(
  member: Member,
  cls: ClassInfo,
  exam: { id: string; subjectId: string },
  action: string,
  sentence: string,
  now: number,
  happened: Sql,
) {
  const auditId = crypto.randomUUID();
  return [
    audit(
      {
        id: auditId,
        campusId: member.campusId,
        actorId: member.id,
        action,
        subjectKind: "class_exam",
        subjectId: exam.id,
        studentId: null,
        note: sentence.slice(0, 200),
        at: now,
      },
      sql`${editorGuard(member.id, member.campusId, cls.id, now)} AND ${happened}`,
    ),
    notices(
      toldOf(cls.id, exam.subjectId),
      { kind: "timetable.exam", title: M.noticeTitle, text: sentence, link: "/exams", at: now },
      sql`EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ${auditId})`,
    ),
  ] as const;
}

/** A subject of the class's semester (the only subjects its datesheet takes). */
const subjectOfClass = (classId: string, subjectId: string) =>
  select(
    { id: x.id, code: x.code, name: x.name },
    sql`FROM ${x} WHERE ${x.id} = ${subjectId} AND ${x.semester_id} = (SELECT semester_id FROM timetable_classes WHERE id = ${classId})`,
  );

const dayOf = (date: string) => formatIndiaDay(date);

function checkDate(date: string, now: number, field = "date"): void {
  if (date < indiaDate(now)) throw new ApiError(400, M.pastDate, { field });
}

export interface ClassDatesheet {
  cls: ClassInfo & { label: string };
  /** Today's and later exams, by date and start. */
  exams: Omit<Exam, "source">[];
  /** The subjects of the class's semester, for the form. */
  subjects: { id: string; code: string; name: string }[];
}

/** The keeper's view of a class's datesheet (403 unless they keep the class, 404 at another college). */
export async function classDatesheet(
  env: Env,
  member: Member,
  classId: string,
  now = Date.now(),
): Promise<ClassDatesheet> {
  const { cls, rest } = await editableClass(
    env,
    member,
    classId,
    [
      select(
        EXAM_COLUMNS,
        sql`FROM ${e} ${EXAM_JOIN} WHERE ${e.class_id} = ${classId} AND ${e.date} >= ${indiaDate(now)}
        ORDER BY ${e.date}, ${e.starts_min}, ${x.code} LIMIT ${sql.raw(String(MAX_CLASS_EXAMS))}`,
      ),
      select(
        { id: x.id, code: x.code, name: x.name },
        sql`FROM ${x} WHERE ${x.semester_id} = (SELECT semester_id FROM timetable_classes WHERE id = ${classId} AND campus_id = ${member.campusId})
          ORDER BY ${x.position}, ${x.code}`,
      ),
    ] as const,
    now,
  );
  const [exams, subjects] = rest;
  return { cls: { ...cls, label: classLabel(cls) }, exams: exams.rows, subjects: subjects.rows };
}

/** `POST /api/exams`: an exam on a class's datesheet; the class is told. */
export async function addExam(
  env: Env,
  member: Member,
  input: NewExamInput,
  now = Date.now(),
): Promise<Omit<Exam, "source">> {
  const { cls, rest } = await editableClass(
    env,
    member,
    input.classId,
    [
      subjectOfClass(input.classId, input.subjectId),
      select(
        { n: int(sql`COUNT(*)`) },
        sql`FROM ${classExams} WHERE class_id = ${input.classId} AND date >= ${indiaDate(now)}`,
      ),
    ] as const,
    now,
  );
  const [subjectRows, count] = rest;
  const subject = subjectRows.rows[0];
  if (!subject) throw new ApiError(400, M.noSuchSubject, { field: "subjectId" });
  checkDate(input.date, now);
  if ((count.rows[0]?.n ?? 0) >= MAX_CLASS_EXAMS) throw new ApiError(409, M.tooManyExams);
  await limitEdit(env, member);
  const exam: Omit<Exam, "source"> = {
    id: crypto.randomUUID(),
    classId: cls.id,
    subjectId: subject.id,
    subjectCode: subject.code,
    subjectName: subject.name,
    kind: input.kind,
    date: input.date,
    startsMin: input.startsAt,
    endsMin: input.endsAt,
    room: input.room,
  };
  const [written] = await batch(env, [
    insertWhere(
      classExams,
      {
        id: exam.id,
        campus_id: member.campusId,
        class_id: cls.id,
        subject_id: subject.id,
        kind: exam.kind,
        date: exam.date,
        starts_min: exam.startsMin,
        ends_min: exam.endsMin,
        room: exam.room,
        created_at: now,
        updated_at: now,
      },
      editorGuard(member.id, member.campusId, cls.id, now),
      sql`ON CONFLICT (class_id, subject_id, kind, date) DO NOTHING`,
    ),
    // Told only when this exam was written (not a sitting already there).
    ...told(
      member,
      cls,
      exam,
      "exam.add",
      M.addedNotice(examLine(exam), dayOf(exam.date)),
      now,
      sql`EXISTS (SELECT 1 FROM class_exams WHERE id = ${exam.id})`,
    ),
  ]);
  if (written.changes === 0) {
    const there = await first(
      env,
      select(
        { id: classExams.id },
        sql`FROM ${classExams} WHERE class_id = ${cls.id} AND subject_id = ${subject.id} AND kind = ${exam.kind} AND date = ${exam.date}`,
      ),
    );
    if (there) throw new ApiError(409, M.sitsExists, { field: "date" });
    throw new ApiError(403, M.editorsOnly, { code: "staff_only" });
  }
  return exam;
}

/** An exam of the member's college, then the gate on its class; `more` (given the class) are read with the gate. */
async function examOf<const More extends readonly Sql[]>(
  env: Env,
  member: Member,
  id: string,
  now: number,
  more: (classId: string) => More,
) {
  const row = await first(
    env,
    select(EXAM_COLUMNS, sql`FROM ${e} ${EXAM_JOIN} WHERE ${e.id} = ${id} AND ${e.campus_id} = ${member.campusId}`),
  );
  if (!row) throw new ApiError(404, M.noSuchExam);
  const { cls, rest } = await editableClass(env, member, row.classId, more(row.classId), now);
  return { exam: row, cls, rest };
}

/** `PATCH /api/exams/:id`: the exam whole; the class is told. */
export async function updateExam(
  env: Env,
  member: Member,
  id: string,
  input: ExamInput,
  now = Date.now(),
): Promise<void> {
  const { exam, cls, rest } = await examOf(
    env,
    member,
    id,
    now,
    (classId) => [subjectOfClass(classId, input.subjectId)] as const,
  );
  const subject = rest[0].rows[0];
  if (!subject) throw new ApiError(400, M.noSuchSubject, { field: "subjectId" });
  checkDate(input.date, now);
  await limitEdit(env, member);
  const after = {
    ...exam,
    subjectId: subject.id,
    subjectName: subject.name,
    kind: input.kind,
    date: input.date,
    startsMin: input.startsAt,
    endsMin: input.endsAt,
    room: input.room,
  };
  const [written] = await batch(env, [
    update(
      classExams,
      {
        subject_id: after.subjectId,
        kind: after.kind,
        date: after.date,
        starts_min: after.startsMin,
        ends_min: after.endsMin,
        room: after.room,
        updated_at: now,
      },
      sql`WHERE id = ${id} AND ${editorGuard(member.id, member.campusId, cls.id, now)}
        AND NOT EXISTS (SELECT 1 FROM class_exams WHERE class_id = ${cls.id} AND subject_id = ${after.subjectId}
          AND kind = ${after.kind} AND date = ${after.date} AND id <> ${id})`,
    ),
    ...told(
      member,
      cls,
      after,
      "exam.update",
      M.savedNotice(examLine(after), dayOf(after.date)),
      now,
      sql`EXISTS (SELECT 1 FROM class_exams WHERE id = ${id} AND updated_at = ${now})`,
    ),
  ]);
  if (written.changes === 0) throw new ApiError(409, M.sitsExists, { field: "date" });
}

/** `DELETE /api/exams/:id`; the class is told. */
export async function removeExam(env: Env, member: Member, id: string, now = Date.now()): Promise<void> {
  const { exam, cls } = await examOf(env, member, id, now, () => [] as const);
  await limitEdit(env, member);
  const [removed] = await batch(env, [
    sql`DELETE FROM class_exams WHERE id = ${id} AND ${editorGuard(member.id, member.campusId, cls.id, now)}`,
    ...told(
      member,
      cls,
      exam,
      "exam.remove",
      M.removedNotice(examLine(exam), dayOf(exam.date)),
      now,
      sql`NOT EXISTS (SELECT 1 FROM class_exams WHERE id = ${id})`,
    ),
  ]);
  if (removed.changes === 0) throw new ApiError(404, M.noSuchExam);
}

/** A kind as a file may write it: its id ("end_semester") or its label ("End-semester"), any case. */
function kindOf(value: string): ExamKind | null {
  const wanted = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return (
    EXAM_KINDS.find(
      (kind) => kind === wanted || EXAM_KIND_LABELS[kind].toLowerCase().replace(/[\s-]+/g, "_") === wanted,
    ) ?? null
  );
}

interface ImportRow {
  row: number;
  subjectId: string;
  kind: ExamKind;
  date: string;
  startsMin: number;
  endsMin: number;
  room: string;
}

/**
 * `POST /api/exams/import`: a class's exams from a CSV file (subject_code, kind, date, starts, ends,
 * room). Every row is checked first: one bad row refuses the file with every row's problem, and
 * nothing is written; a good file is one batch, a sitting already on the datesheet is updated.
 */
export async function importExams(
  env: Env,
  member: Member,
  input: ExamImportInput,
  now = Date.now(),
): Promise<{ imported: number; message: string }> {
  const { cls, rest } = await editableClass(
    env,
    member,
    input.classId,
    [
      select(
        { id: x.id, code: text(sql`upper(${x.code})`) },
        sql`FROM ${x} WHERE ${x.semester_id} = (SELECT semester_id FROM timetable_classes WHERE id = ${input.classId})`,
      ),
      select(
        { n: int(sql`COUNT(*)`) },
        sql`FROM ${classExams} WHERE class_id = ${input.classId} AND date >= ${indiaDate(now)}`,
      ),
    ] as const,
    now,
  );
  const [subjectRows, count] = rest;
  const codes = new Map(subjectRows.rows.map((s) => [s.code, s.id]));
  const parsed = parseCsv(input.csv);
  if (!parsed) throw new ApiError(400, M.importUnreadable, { field: "csv" });
  const [header, ...lines] = parsed;
  const names = header?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
  if (EXAM_CSV_COLUMNS.some((column, i) => names[i] !== column))
    throw new ApiError(400, M.importHeader, { field: "csv" });
  if (lines.length === 0) throw new ApiError(400, M.importEmpty, { field: "csv" });
  const today = indiaDate(now);
  const problems: ImportProblem[] = [];
  const rows: ImportRow[] = [];
  const seen = new Map<string, number>();
  for (const { cells, row } of lines) {
    const [code = "", kindText = "", date = "", starts = "", ends = "", room = ""] = cells.map((cell) => cell.trim());
    const rowProblems: string[] = [];
    const subjectId = codes.get(code.toUpperCase());
    if (!subjectId) rowProblems.push(M.rowSubject(code));
    const kind = kindOf(kindText);
    if (!kind) rowProblems.push(M.rowKind(kindText));
    if (!isCalendarDate(date)) rowProblems.push(M.rowDate(date));
    else if (date < today) rowProblems.push(M.rowPast(date));
    const startsMin = minutesOf(starts);
    const endsMin = minutesOf(ends);
    if (startsMin === null) rowProblems.push(M.rowTime(starts));
    if (endsMin === null) rowProblems.push(M.rowTime(ends));
    if (startsMin !== null && endsMin !== null && endsMin <= startsMin) rowProblems.push(M.rowEnds);
    if (room.length > 40) rowProblems.push(M.rowRoom);
    const key = `${subjectId}|${kind}|${date}`;
    if (subjectId && kind && seen.has(key)) rowProblems.push(M.rowRepeat(seen.get(key)!));
    seen.set(key, row);
    if (rowProblems.length > 0) {
      for (const message of rowProblems) problems.push({ at: `Row ${row}`, message });
      continue;
    }
    rows.push({ row, subjectId: subjectId!, kind: kind!, date, startsMin: startsMin!, endsMin: endsMin!, room });
  }
  if (problems.length > 0)
    throw new ApiError(400, M.importRefused(new Set(problems.map((p) => p.at)).size), {
      field: "csv",
      problems: problems.slice(0, 100),
    });
  if ((count.rows[0]?.n ?? 0) + rows.length > MAX_CLASS_EXAMS)
    throw new ApiError(409, M.tooManyExams, { field: "csv" });
  await limitEdit(env, member);
  const guard = editorGuard(member.id, member.campusId, cls.id, now);
  const auditId = crypto.randomUUID();
  const sentence = M.importNotice(rows.length);
  const outcomes = await batch(env, [
    ...rows.map((r) =>
      insertWhere(
        classExams,
        {
          id: crypto.randomUUID(),
          campus_id: member.campusId,
          class_id: cls.id,
          subject_id: r.subjectId,
          kind: r.kind,
          date: r.date,
          starts_min: r.startsMin,
          ends_min: r.endsMin,
          room: r.room,
          created_at: now,
          updated_at: now,
        },
        guard,
        sql`ON CONFLICT (class_id, subject_id, kind, date) DO UPDATE SET starts_min = excluded.starts_min,
          ends_min = excluded.ends_min, room = excluded.room, updated_at = excluded.updated_at`,
      ),
    ),
    audit(
      {
        id: auditId,
        campusId: member.campusId,
        actorId: member.id,
        action: "exam.import",
        subjectKind: "timetable_class",
        subjectId: cls.id,
        studentId: null,
        note: `${sentence} ${classLabel(cls)}`.slice(0, 200),
        at: now,
      },
      guard,
    ),
    notices(
      sql`SELECT user_id FROM timetable_choices WHERE class_id = ${cls.id}
        UNION SELECT user_id FROM exam_subjects WHERE subject_id IN (SELECT subject_id FROM class_exams WHERE class_id = ${cls.id} AND updated_at = ${now})`,
      { kind: "timetable.exam", title: M.noticeTitle, text: sentence, link: "/exams", at: now },
      sql`EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ${auditId})`,
    ),
  ]);
  // The audit line is written only where the member still keeps the class: none, nothing was.
  if (outcomes[rows.length]!.changes === 0) throw new ApiError(403, M.editorsOnly, { code: "staff_only" });
  return { imported: rows.length, message: M.imported(rows.length) };
}
