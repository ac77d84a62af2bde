import { z } from "zod";
import { DEFAULT_QUIET } from "#common/notifications.ts";
import { all, insert, returning, run, sql } from "#server/db/sql.ts";
import { notices, notificationSettings } from "#server/db/tables.generated.ts";

// What the reminders before a class (docs/decisions/0110-class-reminders.md) and before an event
// (docs/decisions/0130-the-waiting-list.md) share: the switch on the Notifications page, the notice
// ids that keep a reminder to one however often the cron runs, and the write of a run's notices.

/** A reminder's switch in notification_settings, with its value for a student who never chose. */
const SWITCHES = {
  class_reminders: { unset: 0 },
  event_reminders: { unset: 1 },
} as const;
export type ReminderSwitch = keyof typeof SWITCHES;

/** The body of a reminder switch's route: `{ "enabled": true | false }`. */
export const reminderSwitchSchema = z.object(
  { enabled: z.boolean({ error: "enabled must be true or false." }) },
  { error: 'Send { "enabled": true } or { "enabled": false }.' },
);

/**
 * Turns one reminder on or off: one upsert. A student without a settings row gets the default quiet
 * hours with it, as if the row had not been there. The caller limits the rate.
 */
export async function saveReminderSwitch(
  env: Env,
  userId: string,
  name: ReminderSwitch,
  enabled: boolean,
  now = Date.now(),
): Promise<void> {
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
        [name]: enabled ? 1 : 0,
      },
      sql`ON CONFLICT (user_id) DO UPDATE SET ${sql.raw(`${name} = excluded.${name}`)}, updated_at = excluded.updated_at`,
    ),
  );
}

/**
 * A reminder notice's id from what makes it one (the student and the class slot and date, or the
 * event): 16 bytes of a hash, so the id stays under the 64 characters a notice id may have.
 */
export async function reminderNoticeId(prefix: string, ...parts: string[]): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(parts.join("\n"))));
  return `${prefix}-${Array.from(digest.subarray(0, 16), (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

export interface ReminderNotice {
  id: string;
  userId: string;
  title: string;
  text: string;
  link: string;
}

/** Notices per INSERT: one bound JSON value each, far below D1's statement limits. */
const WRITE_CHUNK = 200;

/**
 * Writes a run's reminders, one INSERT per 200, and answers how many were new (an id already there
 * is one an earlier run sent). The switch is read again inside the write: a student who turned it
 * off meanwhile, or deleted their account, gets nothing.
 */
export async function writeReminders(
  env: Env,
  kind: string,
  name: ReminderSwitch,
  rows: readonly ReminderNotice[],
  now: number,
): Promise<number> {
  const column = sql.raw(`COALESCE(ns.${name}, ${SWITCHES[name].unset})`);
  let sent = 0;
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
    const written = await all(
      env,
      returning(
        sql`INSERT INTO ${notices} (id, user_id, kind, title, text, link, created_at)
          SELECT json_extract(j.value, '$.id'), json_extract(j.value, '$.userId'), ${kind}, json_extract(j.value, '$.title'),
            json_extract(j.value, '$.text'), json_extract(j.value, '$.link'), ${now}
          FROM json_each(${JSON.stringify(rows.slice(i, i + WRITE_CHUNK))}) j
          WHERE EXISTS (SELECT 1 FROM users u LEFT JOIN notification_settings ns ON ns.user_id = u.id
                        WHERE u.id = json_extract(j.value, '$.userId') AND u.deleted_at IS NULL AND ${column} = 1)
          ON CONFLICT (id) DO NOTHING`,
        { id: notices.id },
      ),
    );
    sent += written.length;
  }
  return sent;
}
