import { z } from "zod";
import { EVENT_MESSAGES as M, EVENT_NOTICES, EVENT_REMINDER_LEAD_MS, eventWhen } from "#common/events.ts";
import { indiaMinutes } from "#common/india-time.ts";
import { DEFAULT_QUIET, inQuietHours } from "#common/notifications.ts";
import { all, insert, int, intOrNull, returning, run, select, sql, text } from "#server/db/sql.ts";
import { eventAttendees, events, notices, notificationSettings } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { quietOf } from "#server/services/notifications/push-settings.ts";

// A notice an hour before each event a student is going to (docs/decisions/0130-the-waiting-list.md),
// modelled on the class reminders (docs/decisions/0110-class-reminders.md): the cron runs it every
// minute; one read finds the students going to a published event that starts within the hour, whose
// switch is on (the default); one INSERT writes the notices, whose ids are made from the student and
// the event so a second run adds nothing; push and the inbox take them as every other notice. Quiet
// hours hold a reminder back: an event still ahead when they end is reminded then.

export const EVENT_REMINDER_KIND = "event.reminder";
const WRITE_CHUNK = 200;

export const eventRemindersSchema = z.object(
  { enabled: z.boolean({ error: "enabled must be true or false." }) },
  { error: 'Send { "enabled": true } or { "enabled": false }.' },
);

/** Turns event reminders on or off (the Notifications page): one upsert, rate limited with posts. */
export async function setEventReminders(env: Env, userId: string, enabled: boolean, now = Date.now()): Promise<void> {
  const { success } = await env.POST_LIMITER.limit({ key: `event-reminders:${userId}` });
  if (!success) throw new ApiError(429, M.tooMany);
  await run(
    env,
    insert(
      notificationSettings,
      {
        user_id: userId,
        muted: "[]",
        quiet_from: DEFAULT_QUIET.from,
        quiet_to: DEFAULT_QUIET.to,
        updated_at: now,
        event_reminders: enabled ? 1 : 0,
      },
      sql`ON CONFLICT (user_id) DO UPDATE SET event_reminders = excluded.event_reminders, updated_at = excluded.updated_at`,
    ),
  );
}

/** The notice's id: one per student and event (the primary key keeps it to one). */
async function reminderId(userId: string, eventId: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${userId}\n${eventId}`)),
  );
  return `event-${Array.from(digest.subarray(0, 16), (b) => b.toString(16).padStart(2, "0")).join("")}`;
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
  const rows: { id: string; userId: string; title: string; text: string; link: string }[] = [];
  for (const row of due) {
    result.students += 1;
    const quiet = quietOf(row.hasSettings ? row : undefined);
    if (quiet && inQuietHours(minute, quiet.from, quiet.to)) {
      result.quiet += 1;
      continue;
    }
    rows.push({
      id: await reminderId(row.userId, row.eventId),
      userId: row.userId,
      ...EVENT_NOTICES.reminder(row.title, eventWhen(row.startsAt), row.place),
      link: `/events/${row.eventId}`,
    });
  }
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
    const written = await all(
      env,
      returning(
        sql`INSERT INTO ${notices} (id, user_id, kind, title, text, link, created_at)
          SELECT json_extract(j.value, '$.id'), json_extract(j.value, '$.userId'), ${EVENT_REMINDER_KIND},
            json_extract(j.value, '$.title'), json_extract(j.value, '$.text'), json_extract(j.value, '$.link'), ${now}
          FROM json_each(${JSON.stringify(rows.slice(i, i + WRITE_CHUNK))}) j WHERE 1
          ON CONFLICT (id) DO NOTHING`,
        { id: notices.id },
      ),
    );
    result.sent += written.length;
  }
  return result;
}
