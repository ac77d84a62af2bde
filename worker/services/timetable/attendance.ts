import { type AttendanceSummary, attendanceSummary } from "#common/attendance.ts";
import { indiaDate, indiaMinutes } from "#common/india-time.ts";

import { ATTENDANCE_MESSAGES as A } from "#common/timetable-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { Member } from "#server/services/timetable/access.ts";
import type { AttendanceQuery, MarkInput, MarkParam } from "#server/services/timetable/schema.ts";
import { timetableFrom, timetableStatements } from "#server/services/timetable/student.ts";

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
  status: "present" | "absent" | "cancelled";
}

export interface AttendanceView {
  threshold: number;
  subjects: SubjectAttendance[];
  overall: AttendanceSummary;
  month: string;
  marks: MonthMark[];
}

/** The college's threshold and the student's sums per subject: the statements (a batch's part). */
export function attendanceSumStatements(env: Env, member: Member): [D1PreparedStatement, D1PreparedStatement] {
  return [
    env.DB.prepare("SELECT attendance_threshold AS threshold FROM campuses WHERE id = ?1").bind(member.campusId),
    env.DB.prepare(
      `SELECT COALESCE(m.subject_id, 'personal:' || m.title) AS key, m.subject_id AS subjectId,
         COALESCE(MAX(x.name), MAX(m.title)) AS title, MAX(t.threshold) AS threshold,
         SUM(m.status = 'present') AS attended, SUM(m.status IN ('present', 'absent')) AS held, SUM(m.status = 'cancelled') AS cancelled
       FROM attendance_marks m LEFT JOIN academic_subjects x ON x.id = m.subject_id
         LEFT JOIN attendance_subject_thresholds t ON t.subject_id = m.subject_id AND t.campus_id = ?2
       WHERE m.user_id = ?1 GROUP BY key ORDER BY title`,
    ).bind(member.id, member.campusId),
  ];
}

/** The threshold and per-subject summaries from the results of attendanceSumStatements. */
export function attendanceSumsFrom(
  campus: D1Result,
  sums: D1Result,
): { threshold: number; subjects: SubjectAttendance[] } {
  const threshold = Number((campus.results[0] as { threshold: number } | undefined)?.threshold ?? 75);
  const rows = sums.results as {
    key: string;
    subjectId: string | null;
    title: string;
    threshold: number | null;
    attended: number;
    held: number;
    cancelled: number;
  }[];
  const subjects = rows.map((r) => ({
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
  const [campus, sums, marks] = await env.DB.batch([
    ...attendanceSumStatements(env, member),
    env.DB.prepare(
      `SELECT date, slot_id AS slotId, title, status FROM attendance_marks
       WHERE user_id = ?1 AND date BETWEEN ?2 AND ?3 ORDER BY date DESC, title`,
    ).bind(member.id, `${month}-01`, `${month}-31`),
  ]);
  const { threshold, subjects } = attendanceSumsFrom(campus!, sums!);
  const attended = subjects.reduce((sum, s) => sum + s.attended, 0);
  const held = subjects.reduce((sum, s) => sum + s.held, 0);
  return {
    threshold,
    subjects,
    overall: attendanceSummary(attended, held, threshold),
    month,
    marks: marks!.results as MonthMark[],
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
  const day = timetableFrom(await env.DB.batch(timetableStatements(env, member, date, date)), {
    date,
    today,
    span: "day",
  });
  const slot = day.days[0]!.slots.find((s) => s.id === periodId);
  if (!slot) throw new ApiError(404, A.notYourPeriod);
  if (date === today && slot.startsMin > indiaMinutes(now)) throw new ApiError(400, A.notStarted);
  // The slot is checked again inside the write: still the student's class's period (or their own entry).
  const written = await env.DB.prepare(
    `INSERT INTO attendance_marks (user_id, date, slot_id, subject_id, title, status, marked_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
     WHERE EXISTS (SELECT 1 FROM timetable_periods p JOIN timetable_choices ch ON ch.class_id = p.class_id WHERE p.id = ?3 AND ch.user_id = ?1)
        OR EXISTS (SELECT 1 FROM timetable_personal WHERE id = ?3 AND user_id = ?1)
     ON CONFLICT (user_id, date, slot_id) DO UPDATE SET status = excluded.status, marked_at = excluded.marked_at`,
  )
    .bind(member.id, date, periodId, slot.subjectId, slot.title, status, now)
    .run();
  if (written.meta.changes === 0) throw new ApiError(404, A.notYourPeriod);
  return { status, title: slot.title };
}
