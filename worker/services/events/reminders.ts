import { EVENT_MESSAGES as M, EVENT_NOTICES, EVENT_REMINDER_LEAD_MS, eventWhen } from "#common/events.ts";
import { indiaMinutes } from "#common/india-time.ts";
import { inQuietHours } from "#common/notifications.ts";
import { all, int, intOrNull, select, sql, text } from "#server/db/sql.ts";
import { eventAttendees, events, notificationSettings } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { quietOf } from "#server/services/notifications/push-settings.ts";
import {
  reminderNoticeId,
  type ReminderNotice,
  reminderSwitchSchema,
  saveReminderSwitch,
  writeReminders,
} from "#server/services/notifications/reminders.ts";

// A notice an hour before each event a student is going to (docs/decisions/0130-the-waiting-list.md),
// modelled on the class reminders (docs/decisions/0110-class-reminders.md): the cron runs it every
// minute; one read finds the students going to a published event that starts within the hour, whose
// switch is on (the default); one INSERT writes the notices, whose ids are made from the student and
// the event so a second run adds nothing; push and the inbox take them as every other notice. Quiet
// hours hold a reminder back: an event still ahead when they end is reminded then.

export const EVENT_REMINDER_KIND = "event.reminder";

export const eventRemindersSchema = reminderSwitchSchema;

/** Turns event reminders on or off (the Notifications page): one upsert, rate limited with posts. */
export async function setEventReminders(env: Env, userId: string, enabled: boolean, now = Date.now()): Promise<void> {
  const { success } = await env.POST_LIMITER.limit({ key: `event-reminders:${userId}` });
  if (!success) throw new ApiError(429, M.tooMany);
  await saveReminderSwitch(env, userId, "event_reminders", enabled, now);
}

export interface EventReminderRun {
  students: number;
  sent: number;
  quiet: number;
}

/** The reminders due at `now`: events starting after now and within the hour, for everyone going. */
export async function runEventReminders(env: Env, now = Date.now()): Promise<EventReminderRun> {
  const a = eventAttendees.as("a");
  const e = events.as("e");
  const ns = notificationSettings.as("ns");
  const due = await all(
    env,
    select(
      {
        userId: a.user_id,
        eventId: e.id,
        title: e.title,
        startsAt: e.starts_at,
        place: text(sql`COALESCE((SELECT name FROM meetup_places WHERE id = ${e.place_id}), ${e.place_text})`),
        hasSettings: int(sql`${ns.user_id} IS NOT NULL`),
        quietFrom: intOrNull(sql`${ns.quiet_from}`),
        quietTo: intOrNull(sql`${ns.quiet_to}`),
      },
      sql`FROM ${e} JOIN ${a} ON ${a.event_id} = ${e.id} AND ${a.state} = 'going'
        JOIN users u ON u.id = ${a.user_id} AND u.deleted_at IS NULL
        LEFT JOIN ${ns} ON ${ns.user_id} = ${a.user_id}
        WHERE ${e.status} = 'published' AND ${e.starts_at} > ${now} AND ${e.starts_at} <= ${now + EVENT_REMINDER_LEAD_MS}
          AND COALESCE(${ns.event_reminders}, 1) = 1`,
    ),
  );
  const minute = indiaMinutes(now);
  const result: EventReminderRun = { students: 0, sent: 0, quiet: 0 };
  const rows: ReminderNotice[] = [];
  for (const row of due) {
    result.students += 1;
    const quiet = quietOf(row.hasSettings ? row : undefined);
    if (quiet && inQuietHours(minute, quiet.from, quiet.to)) {
      result.quiet += 1;
      continue;
    }
    rows.push({
      // One per student and event: the primary key keeps it to one.
      id: await reminderNoticeId("event", row.userId, row.eventId),
      userId: row.userId,
      ...EVENT_NOTICES.reminder(row.title, eventWhen(row.startsAt), row.place),
      link: `/events/${row.eventId}`,
    });
  }
  result.sent = await writeReminders(env, EVENT_REMINDER_KIND, "event_reminders", rows, now);
  return result;
}
