import { type AttendanceStatus, type AttendanceSummary, attendanceSummary } from "#common/attendance.ts";
import { indiaDate, indiaMinutes } from "#common/india-time.ts";

import { ATTENDANCE_MESSAGES as A } from "#common/timetable-messages.ts";
import { batch, insertWhere, int, intOrNull, type Outcomes, run, select, sql, text } from "#server/db/sql.ts";
import {
  academicSubjects,
  attendanceMarks,
  attendanceSubjectThresholds,
  campuses,
} from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { Member } from "#server/services/timetable/access.ts";
import type { AttendanceQuery, MarkInput, MarkParam } from "#server/services/timetable/schema.ts";
import { timetableFrom, timetableReads } from "#server/services/timetable/student.ts";

// A student's attendance (docs/decisions/0109-timetable-and-attendance.md): their own record, read
// and written by nobody else. A mark is one conditional upsert per student, date and slot; the sums
// are per subject against the college's threshold (or the subject's own).

export interface SubjectAttendance extends AttendanceSummary {
  /** The subject's id, or "personal:<title>" for an entry of the student's own. */
  key: string;
  subjectId: string | null;
  title: string;
  cancelled: number;
}

export interface MonthMark {
  date: string;
  slotId: string;
  title: string;
  status: AttendanceStatus;
}

export interface AttendanceView {
  threshold: number;
  subjects: SubjectAttendance[];
  overall: AttendanceSummary;
  month: string;
  marks: MonthMark[];
}

/** The college's attendance rule (a batch's part). */
export const campusThreshold = (campusId: string) =>
  select({ threshold: campuses.attendance_threshold }, sql`FROM ${campuses} WHERE id = ${campusId}`);

/** The college's threshold and the student's sums per subject (a batch's part). */
export function attendanceSumReads(member: Member) {
  const m = attendanceMarks.as("m");
  const x = academicSubjects.as("x");
  const t = attendanceSubjectThresholds.as("t");
  return [
    campusThreshold(member.campusId),
    select(
      {
        key: text(sql`COALESCE(${m.subject_id}, 'personal:' || ${m.title})`),
        subjectId: m.subject_id,
        title: text(sql`COALESCE(MAX(${x.name}), MAX(${m.title}))`),
        threshold: intOrNull(sql`MAX(${t.threshold})`),
        attended: int(sql`SUM(${m.status} = 'present')`),
        held: int(sql`SUM(${m.status} IN ('present', 'absent'))`),
        cancelled: int(sql`SUM(${m.status} = 'cancelled')`),
      },
      sql`FROM ${m} LEFT JOIN ${x} ON ${x.id} = ${m.subject_id}
        LEFT JOIN ${t} ON ${t.subject_id} = ${m.subject_id} AND ${t.campus_id} = ${member.campusId}
        WHERE ${m.user_id} = ${member.id} GROUP BY key ORDER BY title`,
    ),
  ] as const;
}

/** The threshold and per-subject summaries from the outcomes of attendanceSumReads. */
export function attendanceSumsFrom([campus, sums]: Readonly<Outcomes<ReturnType<typeof attendanceSumReads>>>): {
  threshold: number;
  subjects: SubjectAttendance[];
} {
  const threshold = Number(campus.rows[0]?.threshold ?? 75);
  const subjects = sums.rows.map((r) => ({
    ...attendanceSummary(Number(r.attended), Number(r.held), r.threshold ?? threshold),
    key: r.key,
    subjectId: r.subjectId,
    title: r.title,
    cancelled: Number(r.cancelled),
  }));
  return { threshold, subjects };
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
  const [campus, sums, marks] = await batch(env, [
    ...attendanceSumReads(member),
    select(
      { date: m.date, slotId: m.slot_id, title: m.title, status: m.status },
      sql`FROM ${m} WHERE user_id = ${member.id} AND date BETWEEN ${`${month}-01`} AND ${`${month}-31`}
        ORDER BY date DESC, title`,
    ),
  ]);
  const { threshold, subjects } = attendanceSumsFrom([campus, sums]);
  const attended = subjects.reduce((sum, s) => sum + s.attended, 0);
  const held = subjects.reduce((sum, s) => sum + s.held, 0);
  return {
    threshold,
    subjects,
    overall: attendanceSummary(attended, held, threshold),
    month,
    marks: marks.rows,
  };
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
        marked_at: now,
      },
      sql`EXISTS (SELECT 1 FROM timetable_periods p JOIN timetable_choices ch ON ch.class_id = p.class_id WHERE p.id = ${periodId} AND ch.user_id = ${member.id})
        OR EXISTS (SELECT 1 FROM timetable_personal WHERE id = ${periodId} AND user_id = ${member.id})`,
      sql`ON CONFLICT (user_id, date, slot_id) DO UPDATE SET status = excluded.status, marked_at = excluded.marked_at`,
    ),
  );
  if (written.changes === 0) throw new ApiError(404, A.notYourPeriod);
  return { status, title: slot.title };
}
