import { z } from "zod";
import { indiaDate, indiaMinutes, weekdayOfDate } from "#common/india-time.ts";
import { DEFAULT_QUIET, inQuietHours, NOTIFICATION_MESSAGES } from "#common/notifications.ts";
import {
  type ClassPeriod,
  classReminderNotice,
  type OneOffChange,
  type PersonalEntry,
  resolveDay,
} from "#common/timetable.ts";
import { ApiError } from "#server/lib/errors.ts";
import { quietOf } from "#server/services/push-settings.ts";

// A notice 10 minutes before each class (docs/decisions/0110-class-reminders.md), for students who
// turned it on. The cron runs it every minute: the periods of any class and the own entries that
// start within the next 10 minutes are read in one batch, each student's day is resolved by the
// timetable's own pure function (hidden periods, one-off changes, holidays), and the notices are
// written by one INSERT whose ids are made from the student, the slot and the date, so a second or
// overlapping run adds nothing. Push and the inbox then take them as every other notice.

/** How long before a class its reminder goes. */
export const CLASS_REMINDER_LEAD_MIN = 10;
/** The notices' kind (its category for push is "campus", with the timetable's other notices). */
export const CLASS_REMINDER_KIND = "timetable.reminder";
/** Notices per INSERT: one bound JSON value each, far below D1's statement limits. */
const WRITE_CHUNK = 200;

export const classRemindersSchema = z.object(
  { enabled: z.boolean({ error: "enabled must be true or false." }) },
  { error: 'Send { "enabled": true } or { "enabled": false }.' },
);

/**
 * Turns class reminders on or off (`PUT /api/push/class-reminders` and the Notifications page): one
 * upsert. A student without a settings row gets the default quiet hours with it, as if the row had
 * not been there. Rate limited per student with the other posts (POST_LIMITER).
 */
export async function setClassReminders(env: Env, userId: string, enabled: boolean, now = Date.now()): Promise<void> {
  const { success } = await env.POST_LIMITER.limit({ key: `class-reminders:${userId}` });
  if (!success) throw new ApiError(429, NOTIFICATION_MESSAGES.classRemindersTooFast);
  await env.DB.prepare(
    `INSERT INTO notification_settings (user_id, muted, quiet_from, quiet_to, updated_at, class_reminders) VALUES (?1, '[]', ?2, ?3, ?4, ?5)
     ON CONFLICT (user_id) DO UPDATE SET class_reminders = excluded.class_reminders, updated_at = excluded.updated_at`,
  )
    .bind(userId, DEFAULT_QUIET.from, DEFAULT_QUIET.to, now, enabled ? 1 : 0)
    .run();
}

/** The notice's id: one per student, slot and date (the primary key that keeps it to one). */
async function reminderId(userId: string, slotId: string, date: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${userId}\n${slotId}\n${date}`)),
  );
  // 16 bytes of the hash: the id stays under the 64 characters a notice id may have when marked read.
  return `class-${date}-${Array.from(digest.subarray(0, 16), (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** The periods that may start in the window (?1 weekday, ?2 date, ?3 after this minute, ?4 up to this one). */
const DUE_PERIODS = `due AS (
  SELECT id, class_id FROM timetable_periods WHERE weekday = ?1 AND starts_min > ?3 AND starts_min <= ?4
  UNION
  SELECT p.id, p.class_id FROM timetable_changes g JOIN timetable_periods p ON p.id = g.period_id
  WHERE g.date = ?2 AND g.kind = 'moved' AND g.starts_min > ?3 AND g.starts_min <= ?4
)`;

interface Student {
  userId: string;
  classId: string | null;
  campusId: string;
  quietFrom: number | null;
  quietTo: number | null;
}

export interface ClassReminderRun {
  /** Students with a class or own entry in the next 10 minutes and the switch on. */
  students: number;
  /** Notices written by this run (0 for what an earlier run already sent). */
  sent: number;
  /** Students whose quiet hours hold their reminders back. */
  quiet: number;
}

/**
 * The reminders due at `now`: slots of today (India time) starting after this minute and within the
 * next 10, not cancelled, not hidden, at their moved time, never on a college holiday or in the
 * student's quiet hours. Two D1 round trips whatever the number of students: one batch of reads and
 * one INSERT per 200 notices. A class starting just after midnight is not reminded (the window stays
 * within the day; the default quiet hours cover it anyway).
 */
export async function runClassReminders(env: Env, now = Date.now()): Promise<ClassReminderRun> {
  const date = indiaDate(now);
  const weekday = weekdayOfDate(date);
  const minute = indiaMinutes(now);
  const until = Math.min(minute + CLASS_REMINDER_LEAD_MIN, 24 * 60 - 1);
  const window = [weekday, date, minute, until] as const;
  const [students, periods, changes, hidden, holidays, personal] = await env.DB.batch([
    // The students to remind: in a class with a period in the window, or with an own entry in it.
    env.DB.prepare(
      `WITH ${DUE_PERIODS}
       SELECT ch.user_id AS userId, ch.class_id AS classId, u.campus_id AS campusId, ns.quiet_from AS quietFrom, ns.quiet_to AS quietTo
       FROM timetable_choices ch
       JOIN notification_settings ns ON ns.user_id = ch.user_id AND ns.class_reminders = 1
       JOIN users u ON u.id = ch.user_id AND u.deleted_at IS NULL
       WHERE ch.class_id IN (SELECT class_id FROM due)
       UNION
       SELECT e.user_id, ch.class_id, u.campus_id, ns.quiet_from, ns.quiet_to
       FROM timetable_personal e
       JOIN notification_settings ns ON ns.user_id = e.user_id AND ns.class_reminders = 1
       JOIN users u ON u.id = e.user_id AND u.deleted_at IS NULL
       LEFT JOIN timetable_choices ch ON ch.user_id = e.user_id
       WHERE e.weekday = ?1 AND e.starts_min > ?3 AND e.starts_min <= ?4`,
    ).bind(...window),
    env.DB.prepare(
      `WITH ${DUE_PERIODS}
       SELECT p.id, p.class_id AS classId, p.campus_id AS campusId, p.weekday, p.starts_min AS startsMin, p.ends_min AS endsMin,
         p.subject_id AS subjectId, x.name AS subjectName, x.code AS subjectCode, p.room, p.teacher, p.kind
       FROM timetable_periods p JOIN academic_subjects x ON x.id = p.subject_id
       WHERE p.id IN (SELECT id FROM due)`,
    ).bind(...window),
    env.DB.prepare(
      `WITH ${DUE_PERIODS}
       SELECT period_id AS periodId, date, kind, room, starts_min AS startsMin, ends_min AS endsMin
       FROM timetable_changes WHERE date = ?2 AND period_id IN (SELECT id FROM due)`,
    ).bind(...window),
    env.DB.prepare(
      `WITH ${DUE_PERIODS}
       SELECT user_id AS userId, period_id AS periodId FROM timetable_hidden WHERE period_id IN (SELECT id FROM due)`,
    ).bind(...window),
    // Each college's holiday today, by the primary key (campus, date).
    env.DB.prepare(
      "SELECT campus_id AS campusId, name FROM campus_holidays WHERE campus_id IN (SELECT id FROM campuses) AND date = ?1",
    ).bind(date),
    env.DB.prepare(
      `SELECT e.user_id AS userId, e.id, e.weekday, e.starts_min AS startsMin, e.ends_min AS endsMin, e.title, e.room
       FROM timetable_personal e JOIN notification_settings ns ON ns.user_id = e.user_id AND ns.class_reminders = 1
       WHERE e.weekday = ?1 AND e.starts_min > ?2 AND e.starts_min <= ?3`,
    ).bind(weekday, minute, until),
  ]);

  const classPeriods = periods!.results as (ClassPeriod & { classId: string; campusId: string })[];
  const oneOff = changes!.results as OneOffChange[];
  const holidayOf = new Map((holidays!.results as { campusId: string; name: string }[]).map((h) => [h.campusId, h]));
  const hiddenBy = groupBy(hidden!.results as { userId: string; periodId: string }[], (h) => h.userId);
  const entriesOf = groupBy(personal!.results as (PersonalEntry & { userId: string })[], (e) => e.userId);

  const run: ClassReminderRun = { students: 0, sent: 0, quiet: 0 };
  const rows: { id: string; userId: string; title: string; text: string }[] = [];
  const seen = new Set<string>();
  for (const student of students!.results as Student[]) {
    if (seen.has(student.userId)) continue;
    seen.add(student.userId);
    const holiday = holidayOf.get(student.campusId);
    // A college holiday is a day off: no reminders at all, the student's own entries included.
    if (holiday) continue;
    const day = resolveDay(date, {
      // A class of another college than the student's is not theirs (as their timetable reads it).
      periods: classPeriods.filter((p) => p.classId === student.classId && p.campusId === student.campusId),
      personal: entriesOf.get(student.userId) ?? [],
      hidden: (hiddenBy.get(student.userId) ?? []).map((h) => h.periodId),
      holidays: [],
      changes: oneOff,
    });
    const due = day.slots.filter((s) => s.state !== "cancelled" && s.startsMin > minute && s.startsMin <= until);
    if (due.length === 0) continue;
    run.students += 1;
    const quiet = quietOf(student);
    if (quiet && inQuietHours(minute, quiet.from, quiet.to)) {
      // As push holds other notices through quiet hours: a class still ahead when they end is
      // reminded then (the window is 10 minutes wide); one that has started by then is not.
      run.quiet += 1;
      continue;
    }
    for (const slot of due)
      rows.push({
        id: await reminderId(student.userId, slot.id, date),
        userId: student.userId,
        ...classReminderNotice(slot),
      });
  }

  for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
    // The switch is read again inside the write: a student who turned it off meanwhile gets nothing.
    const { results } = await env.DB.prepare(
      `INSERT INTO notices (id, user_id, kind, title, text, link, created_at)
       SELECT json_extract(j.value, '$.id'), json_extract(j.value, '$.userId'), ?2, json_extract(j.value, '$.title'),
         json_extract(j.value, '$.text'), '/timetable', ?3
       FROM json_each(?1) j
       WHERE EXISTS (SELECT 1 FROM notification_settings ns JOIN users u ON u.id = ns.user_id AND u.deleted_at IS NULL
                     WHERE ns.user_id = json_extract(j.value, '$.userId') AND ns.class_reminders = 1)
       ON CONFLICT (id) DO NOTHING
       RETURNING id`,
    )
      .bind(JSON.stringify(rows.slice(i, i + WRITE_CHUNK)), CLASS_REMINDER_KIND, now)
      .all();
    run.sent += results.length;
  }
  return run;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
