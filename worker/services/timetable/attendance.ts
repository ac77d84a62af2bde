import { type AttendanceStatus, type AttendanceSummary, attendanceSummary } from "#common/attendance.ts";
import { indiaDate, indiaMinutes } from "#common/india-time.ts";

import { ATTENDANCE_MESSAGES as A } from "#common/timetable-messages.ts";
import {
  batch,
  insertWhere,
  int,
  intOrNull,
  type Outcomes,
  run,
  select,
  selectDistinct,
  sql,
  text,
} from "#server/db/sql.ts";
import {
  academicSubjects,
  attendanceBaselines,
  attendanceMarks,
  attendanceSubjectThresholds,
  campuses,
} from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { Member } from "#server/services/timetable/access.ts";
import type {
  AttendanceQuery,
  BaselineInput,
  BaselineParam,
  MarkInput,
  MarkParam,
} from "#server/services/timetable/schema.ts";
import { timetableFrom, timetableReads } from "#server/services/timetable/student.ts";

// A student's attendance (docs/decisions/0109-timetable-and-attendance.md): their own record, read
// and written by nobody else. A mark is one conditional upsert per student, date and slot; the sums
// are per subject against the college's threshold (or the subject's own), each mark counted as the
// college counts its kind and length, plus what the student already had when they started
// (docs/decisions/0137-attendance-that-fits.md).

export interface SubjectAttendance extends AttendanceSummary {
  /** The subject's id, or "personal:<title>" for an entry of the student's own. */
  key: string;
  subjectId: string | null;
  title: string;
  cancelled: number;
  /** What the student entered as already had before their marks here (counted in attended/held). */
  alreadyHad: { attended: number; held: number } | null;
}

/** How the college counts a class (docs/decisions/0137-attendance-that-fits.md); null: once. */
export interface AttendanceCounting {
  labWeight: number | null;
  periodMinutes: number | null;
}

export interface MonthMark {
  date: string;
  slotId: string;
  title: string;
  status: AttendanceStatus;
}

export interface AttendanceView {
  /** The subjects of the student's class's week (for "what I already had"). */
  classSubjects: { id: string; code: string; name: string }[];
  threshold: number;
  counting: AttendanceCounting;
  subjects: SubjectAttendance[];
  overall: AttendanceSummary;
  month: string;
  marks: MonthMark[];
}

/** The college's attendance rule and how it counts a class (a batch's part). */
export const campusThreshold = (campusId: string) =>
  select(
    {
      threshold: campuses.attendance_threshold,
      labWeight: campuses.attendance_lab_weight,
      periodMinutes: campuses.attendance_period_minutes,
    },
    sql`FROM ${campuses} WHERE id = ${campusId}`,
  );

/**
 * What one mark counts for, as the college counts now: a lab as the college's lab weight when it
 * has one; otherwise, when the college counts by length, the period's minutes in its period length,
 * rounded half up and at least 1 (a 100-minute double of 50-minute periods is 2); otherwise 1.
 */
function markWeight(m: ReturnType<typeof attendanceMarks.as>, c: ReturnType<typeof campuses.as>) {
  return sql`(CASE
    WHEN ${m.kind} = 'lab' AND ${c.attendance_lab_weight} IS NOT NULL THEN ${c.attendance_lab_weight}
    WHEN ${c.attendance_period_minutes} IS NOT NULL AND ${m.minutes} > 0
      THEN MAX(1, (2 * ${m.minutes} + ${c.attendance_period_minutes}) / (2 * ${c.attendance_period_minutes}))
    ELSE 1 END)`;
}

/** The college's threshold, the student's weighted sums per subject and what they already had (a batch's part). */
export function attendanceSumReads(member: Member) {
  const m = attendanceMarks.as("m");
  const c = campuses.as("c");
  const x = academicSubjects.as("x");
  const t = attendanceSubjectThresholds.as("t");
  const b = attendanceBaselines.as("b");
  const weight = markWeight(m, c);
  return [
    campusThreshold(member.campusId),
    select(
      {
        key: text(sql`COALESCE(${m.subject_id}, 'personal:' || ${m.title})`),
        subjectId: m.subject_id,
        title: text(sql`COALESCE(MAX(${x.name}), MAX(${m.title}))`),
        threshold: intOrNull(sql`MAX(${t.threshold})`),
        attended: int(sql`SUM(CASE WHEN ${m.status} = 'present' THEN ${weight} ELSE 0 END)`),
        held: int(sql`SUM(CASE WHEN ${m.status} IN ('present', 'absent') THEN ${weight} ELSE 0 END)`),
        cancelled: int(sql`SUM(${m.status} = 'cancelled')`),
      },
      sql`FROM ${m} JOIN ${c} ON ${c.id} = ${member.campusId} LEFT JOIN ${x} ON ${x.id} = ${m.subject_id}
        LEFT JOIN ${t} ON ${t.subject_id} = ${m.subject_id} AND ${t.campus_id} = ${member.campusId}
        WHERE ${m.user_id} = ${member.id} GROUP BY key ORDER BY title`,
    ),
    select(
      { subjectId: b.subject_id, title: x.name, threshold: t.threshold, attended: b.attended, held: b.held },
      sql`FROM ${b} JOIN ${x} ON ${x.id} = ${b.subject_id}
        LEFT JOIN ${t} ON ${t.subject_id} = ${b.subject_id} AND ${t.campus_id} = ${member.campusId}
        WHERE ${b.user_id} = ${member.id}`,
    ),
  ] as const;
}

/** The threshold, the counting and per-subject summaries (marks plus what was already had) from attendanceSumReads. */
export function attendanceSumsFrom([campus, sums, baselines]: Readonly<
  Outcomes<ReturnType<typeof attendanceSumReads>>
>): {
  threshold: number;
  counting: AttendanceCounting;
  subjects: SubjectAttendance[];
} {
  const row = campus.rows[0];
  const threshold = Number(row?.threshold ?? 75);
  const counting = { labWeight: row?.labWeight ?? null, periodMinutes: row?.periodMinutes ?? null };
  const had = new Map(baselines.rows.map((r) => [r.subjectId, r]));
  const subjects: SubjectAttendance[] = sums.rows.map((r) => {
    const before = r.subjectId ? had.get(r.subjectId) : undefined;
    if (before) had.delete(before.subjectId);
    return {
      ...attendanceSummary(
        Number(r.attended) + (before?.attended ?? 0),
        Number(r.held) + (before?.held ?? 0),
        r.threshold ?? threshold,
      ),
      key: r.key,
      subjectId: r.subjectId,
      title: r.title,
      cancelled: Number(r.cancelled),
      alreadyHad: before ? { attended: before.attended, held: before.held } : null,
    };
  });
  // A subject with what was already had and no mark in Campus yet.
  for (const r of had.values())
    subjects.push({
      ...attendanceSummary(r.attended, r.held, r.threshold ?? threshold),
      key: r.subjectId,
      subjectId: r.subjectId,
      title: r.title,
      cancelled: 0,
      alreadyHad: { attended: r.attended, held: r.held },
    });
  subjects.sort((p, q) => p.title.localeCompare(q.title));
  return { threshold, counting, subjects };
}

/** `GET /api/attendance` and /attendance: per subject, overall, and one month's marks, in one batch. */
export async function readAttendance(
  env: Env,
  member: Member,
  query: AttendanceQuery,
  now = Date.now(),
): Promise<AttendanceView> {
  const month = query.month ?? indiaDate(now).slice(0, 7);
  const m = attendanceMarks;
  const [campus, sums, baselines, marks, classSubjects] = await batch(env, [
    ...attendanceSumReads(member),
    select(
      { date: m.date, slotId: m.slot_id, title: m.title, status: m.status },
      sql`FROM ${m} WHERE user_id = ${member.id} AND date BETWEEN ${`${month}-01`} AND ${`${month}-31`}
        ORDER BY date DESC, title`,
    ),
    classSubjectsRead(member),
  ]);
  const { threshold, counting, subjects } = attendanceSumsFrom([campus, sums, baselines]);
  const attended = subjects.reduce((sum, s) => sum + s.attended, 0);
  const held = subjects.reduce((sum, s) => sum + s.held, 0);
  return {
    threshold,
    counting,
    subjects,
    overall: attendanceSummary(attended, held, threshold),
    month,
    marks: marks.rows,
    classSubjects: classSubjects.rows,
  };
}

/** The subjects of the student's class's week, for "what I already had" (a batch's part). */
function classSubjectsRead(member: Member) {
  const x = academicSubjects.as("x");
  return selectDistinct(
    { id: x.id, code: x.code, name: x.name },
    sql`FROM timetable_periods p JOIN timetable_choices ch ON ch.class_id = p.class_id
      JOIN ${x} ON ${x.id} = p.subject_id
      WHERE ch.user_id = ${member.id} AND ${x.campus_id} = ${member.campusId} ORDER BY ${x.name}`,
  );
}

/**
 * `PUT /api/attendance/baselines/:subjectId` and /attendance's form: what the student already had in
 * a subject of their college when they started keeping attendance here. One upsert whose guard is
 * the subject's college; entering it again replaces it.
 */
export async function setBaseline(
  env: Env,
  member: Member,
  { subjectId }: BaselineParam,
  { attended, held }: BaselineInput,
  now = Date.now(),
): Promise<{ subject: string }> {
  const { success } = await env.SAVE_LIMITER.limit({ key: `attendance:${member.id}` });
  if (!success) throw new ApiError(429, A.tooMany);
  const [written, subject] = await batch(env, [
    insertWhere(
      attendanceBaselines,
      { user_id: member.id, subject_id: subjectId, attended, held, updated_at: now },
      sql`EXISTS (SELECT 1 FROM academic_subjects WHERE id = ${subjectId} AND campus_id = ${member.campusId})`,
      sql`ON CONFLICT (user_id, subject_id) DO UPDATE SET attended = excluded.attended, held = excluded.held, updated_at = excluded.updated_at`,
    ),
    select(
      { name: academicSubjects.name },
      sql`FROM ${academicSubjects} WHERE id = ${subjectId} AND campus_id = ${member.campusId}`,
    ),
  ]);
  const name = subject.rows[0]?.name;
  if (written.changes === 0 || !name) throw new ApiError(404, A.baselineSubjectInvalid, { field: "subjectId" });
  return { subject: name };
}

/** `DELETE /api/attendance/baselines/:subjectId`: the subject counts only the marks made here again. */
export async function removeBaseline(env: Env, member: Member, { subjectId }: BaselineParam): Promise<void> {
  const { success } = await env.SAVE_LIMITER.limit({ key: `attendance:${member.id}` });
  if (!success) throw new ApiError(429, A.tooMany);
  const removed = await run(
    env,
    sql`DELETE FROM attendance_baselines WHERE user_id = ${member.id} AND subject_id = ${subjectId}`,
  );
  if (removed.changes === 0) throw new ApiError(404, A.noSuchBaseline);
}

/**
 * `PUT /api/attendance/:date/:periodId` and Today's one-tap forms: present, absent or cancelled, for
 * a slot of the student's own timetable on that date, once it has started. One conditional upsert:
 * marking twice (or twice at once) leaves one row with the last status.
 */
export async function markAttendance(
  env: Env,
  member: Member,
  { date, periodId }: MarkParam,
  { status }: MarkInput,
  now = Date.now(),
): Promise<{ status: MarkInput["status"]; title: string }> {
  const today = indiaDate(now);
  if (date > today) throw new ApiError(400, A.notStarted);
  const { success } = await env.SAVE_LIMITER.limit({ key: `attendance:${member.id}` });
  if (!success) throw new ApiError(429, A.tooMany);
  const day = timetableFrom(await batch(env, timetableReads(member, date, date)), {
    date,
    today,
    span: "day",
  });
  const slot = day.days[0]!.slots.find((s) => s.id === periodId);
  if (!slot) throw new ApiError(404, A.notYourPeriod);
  if (!slot.keepsAttendance) throw new ApiError(400, A.ownEntryNoAttendance);
  if (date === today && slot.startsMin > indiaMinutes(now)) throw new ApiError(400, A.notStarted);
  // The slot is checked again inside the write: still the student's class's period (or their own entry).
  const written = await run(
    env,
    insertWhere(
      attendanceMarks,
      {
        user_id: member.id,
        date,
        slot_id: periodId,
        subject_id: slot.subjectId,
        title: slot.title,
        status,
        kind: slot.kind,
        minutes: slot.endsMin - slot.startsMin,
        marked_at: now,
      },
      sql`EXISTS (SELECT 1 FROM timetable_periods p JOIN timetable_choices ch ON ch.class_id = p.class_id WHERE p.id = ${periodId} AND ch.user_id = ${member.id})
        OR EXISTS (SELECT 1 FROM timetable_personal WHERE id = ${periodId} AND user_id = ${member.id} AND keeps_attendance = 1)`,
      sql`ON CONFLICT (user_id, date, slot_id) DO UPDATE SET status = excluded.status, kind = excluded.kind, minutes = excluded.minutes, marked_at = excluded.marked_at`,
    ),
  );
  if (written.changes === 0) throw new ApiError(404, A.notYourPeriod);
  return { status, title: slot.title };
}
