import { indiaDate, indiaMinutes, weekdayOfDate } from "#common/india-time.ts";
import { inQuietHours, NOTIFICATION_MESSAGES } from "#common/notifications.ts";
import { classReminderNotice, resolveDay } from "#common/timetable.ts";
import { batch, select, type Sql, sql, textOrNull, withTables } from "#server/db/sql.ts";
import {
  campusHolidays,
  notificationSettings,
  timetableChanges,
  timetableChoices,
  timetableHidden,
  timetablePersonal,
  users,
} from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { PERIOD, PERIOD_COLUMNS, PERIOD_JOIN } from "#server/services/timetable/access.ts";
import { quietOf } from "#server/services/notifications/push-settings.ts";
import {
  reminderNoticeId,
  type ReminderNotice,
  reminderSwitchSchema,
  saveReminderSwitch,
  writeReminders,
} from "#server/services/notifications/reminders.ts";

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
export const classRemindersSchema = reminderSwitchSchema;

/**
 * Turns class reminders on or off (`PUT /api/push/class-reminders` and the Notifications page): one
 * upsert (saveReminderSwitch). Rate limited per student with the other posts (POST_LIMITER).
 */
export async function setClassReminders(env: Env, userId: string, enabled: boolean, now = Date.now()): Promise<void> {
  const { success } = await env.POST_LIMITER.limit({ key: `class-reminders:${userId}` });
  if (!success) throw new ApiError(429, NOTIFICATION_MESSAGES.classRemindersTooFast);
  await saveReminderSwitch(env, userId, "class_reminders", enabled, now);
}

/** The notice's id: one per student, slot and date (the primary key that keeps it to one). */
const reminderId = (userId: string, slotId: string, date: string) =>
  reminderNoticeId(`class-${date}`, userId, slotId, date);

/** The window: today's weekday and date (India time), after this minute and up to that one. */
interface Window {
  weekday: number;
  date: string;
  minute: number;
  until: number;
}

/** The table `due`: the periods that may start in the window (at their usual time, or moved into it). */
const duePeriods = ({ weekday, date, minute, until }: Window): Sql => sql`due AS (
  SELECT id, class_id FROM timetable_periods WHERE weekday = ${weekday} AND starts_min > ${minute} AND starts_min <= ${until}
  UNION
  SELECT p.id, p.class_id FROM timetable_changes g JOIN timetable_periods p ON p.id = g.period_id
  WHERE g.date = ${date} AND g.kind = 'moved' AND g.starts_min > ${minute} AND g.starts_min <= ${until}
)`;

/** The reads of a run (one batch): students, the due periods, their changes and hidings, holidays, own entries. */
function reminderReads(window: Window) {
  const { weekday, date, minute, until } = window;
  const due = duePeriods(window);
  const ch = timetableChoices.as("ch");
  const ns = notificationSettings.as("ns");
  const u = users.as("u");
  const e = timetablePersonal.as("e");
  const p = PERIOD;
  return [
    // The students to remind: in a class with a period in the window, or with an own entry in it.
    withTables(
      due,
      select(
        {
          userId: ch.user_id,
          // Null for a student with an own entry and no class (the second part's LEFT JOIN).
          classId: textOrNull(sql`${ch.class_id}`),
          campusId: u.campus_id,
          quietFrom: ns.quiet_from,
          quietTo: ns.quiet_to,
        },
        sql`FROM ${ch}
          JOIN ${ns} ON ${ns.user_id} = ${ch.user_id} AND ${ns.class_reminders} = 1
          JOIN ${u} ON ${u.id} = ${ch.user_id} AND ${u.deleted_at} IS NULL
          WHERE ${ch.class_id} IN (SELECT class_id FROM due)
          UNION
          SELECT ${e.user_id}, ${ch.class_id}, ${u.campus_id}, ${ns.quiet_from}, ${ns.quiet_to}
          FROM ${e}
          JOIN ${ns} ON ${ns.user_id} = ${e.user_id} AND ${ns.class_reminders} = 1
          JOIN ${u} ON ${u.id} = ${e.user_id} AND ${u.deleted_at} IS NULL
          LEFT JOIN ${ch} ON ${ch.user_id} = ${e.user_id}
          WHERE ${e.weekday} = ${weekday} AND ${e.starts_min} > ${minute} AND ${e.starts_min} <= ${until}`,
      ),
    ),
    withTables(
      due,
      select(
        { ...PERIOD_COLUMNS, classId: p.class_id, campusId: p.campus_id },
        sql`FROM ${p} ${PERIOD_JOIN} WHERE ${p.id} IN (SELECT id FROM due)`,
      ),
    ),
    withTables(
      due,
      select(
        {
          periodId: timetableChanges.period_id,
          date: timetableChanges.date,
          kind: timetableChanges.kind,
          room: timetableChanges.room,
          startsMin: timetableChanges.starts_min,
          endsMin: timetableChanges.ends_min,
        },
        sql`FROM ${timetableChanges} WHERE date = ${date} AND period_id IN (SELECT id FROM due)`,
      ),
    ),
    withTables(
      due,
      select(
        { userId: timetableHidden.user_id, periodId: timetableHidden.period_id },
        sql`FROM ${timetableHidden} WHERE period_id IN (SELECT id FROM due)`,
      ),
    ),
    // Each college's holiday today, by the primary key (campus, date).
    select(
      { campusId: campusHolidays.campus_id, name: campusHolidays.name },
      sql`FROM ${campusHolidays} WHERE campus_id IN (SELECT id FROM campuses) AND date = ${date}`,
    ),
    select(
      {
        userId: e.user_id,
        id: e.id,
        weekday: e.weekday,
        startsMin: e.starts_min,
        endsMin: e.ends_min,
        title: e.title,
        room: e.room,
      },
      sql`FROM ${e} JOIN ${ns} ON ${ns.user_id} = ${e.user_id} AND ${ns.class_reminders} = 1
        WHERE ${e.weekday} = ${weekday} AND ${e.starts_min} > ${minute} AND ${e.starts_min} <= ${until}`,
    ),
  ] as const;
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
  const [students, periods, changes, hidden, holidays, personal] = await batch(
    env,
    reminderReads({ weekday, date, minute, until }),
  );

  const classPeriods = periods.rows;
  const oneOff = changes.rows;
  const holidayOf = new Map(holidays.rows.map((h) => [h.campusId, h]));
  const hiddenBy = groupBy(hidden.rows, (h) => h.userId);
  const entriesOf = groupBy(personal.rows, (e) => e.userId);

  const run: ClassReminderRun = { students: 0, sent: 0, quiet: 0 };
  const rows: ReminderNotice[] = [];
  const seen = new Set<string>();
  for (const student of students.rows) {
    if (seen.has(student.userId)) continue;
    seen.add(student.userId);
    const holiday = holidayOf.get(student.campusId);
    // A college holiday is a day off: no reminders at all, the student's own entries included.
    if (holiday) continue;
    const day = resolveDay(date, {
      // A class of another college than the student's is not theirs (as their timetable reads it).
      periods: classPeriods.filter((p) => p.classId === student.classId && p.campusId === student.campusId),
      // Reminders come for every entry of the student's own, whether or not it keeps attendance.
      personal: (entriesOf.get(student.userId) ?? []).map((e) => ({ ...e, keepsAttendance: true })),
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
        link: "/timetable",
      });
  }

  run.sent = await writeReminders(env, CLASS_REMINDER_KIND, "class_reminders", rows, now);
  return run;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
