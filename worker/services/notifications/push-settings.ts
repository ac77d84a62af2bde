import { z } from "zod";
import {
  CATEGORY_IDS,
  clockOf,
  DEFAULT_QUIET,
  deviceKey,
  minutesOf,
  type NotificationCategory,
} from "#common/notifications.ts";
import { batch, insert, run, select, sql } from "#server/db/sql.ts";
import { notificationSettings, pushSubscriptions } from "#server/db/tables.generated.ts";

// A student's notification settings (docs/decisions/0091-web-push.md): muted categories and quiet
// hours, which delivery (./push.ts) applies, and the devices' count as the page shows it.

export interface PushSettings {
  muted: NotificationCategory[];
  /** Quiet hours "HH:MM" India time; null: none (push at any hour). */
  quiet: { from: string; to: string } | null;
  devices: number;
  /** deviceKey() of each device's endpoint: the page says "on for this device" only for one of these. */
  deviceKeys: string[];
  /** The daily e-mail digest (worker/services/notifications/digest.ts): off unless the student turned it on. */
  digest: boolean;
  /** A notice 10 minutes before each class (worker/services/timetable/class-reminders.ts): off unless turned on. */
  classReminders: boolean;
  /** On unless turned off (docs/decisions/0130-the-waiting-list.md). */
  eventReminders: boolean;
}

/** A student's quiet hours in minutes from their settings row: the default without one, null when turned off. */
export function quietOf(
  row: { quietFrom: number | null; quietTo: number | null } | undefined,
): { from: number; to: number } | null {
  if (!row) return DEFAULT_QUIET;
  return row.quietFrom !== null && row.quietTo !== null ? { from: row.quietFrom, to: row.quietTo } : null;
}

/** The settings as the page and the API show them, from the row (its muted list parsed) and the devices' endpoints. */
export async function settingsView(
  row:
    | {
        muted: string[];
        quietFrom: number | null;
        quietTo: number | null;
        digest: boolean | number;
        classReminders: boolean | number;
        eventReminders?: boolean | number;
      }
    | undefined,
  endpoints: string[],
): Promise<PushSettings> {
  const quiet = quietOf(row);
  return {
    muted: (row?.muted ?? []).filter((c): c is NotificationCategory => (CATEGORY_IDS as readonly string[]).includes(c)),
    quiet: quiet && { from: clockOf(quiet.from), to: clockOf(quiet.to) },
    devices: endpoints.length,
    deviceKeys: await Promise.all(endpoints.map(deviceKey)),
    digest: Boolean(row?.digest),
    classReminders: Boolean(row?.classReminders),
    eventReminders: row?.eventReminders === undefined ? true : Boolean(row.eventReminders),
  };
}

/** The student's settings (the defaults when never saved) and their devices. */
export async function pushSettings(env: Env, userId: string): Promise<PushSettings> {
  const s = notificationSettings;
  const p = pushSubscriptions;
  const [settings, devices] = await batch(env, [
    select(
      {
        muted: s.muted,
        quietFrom: s.quiet_from,
        quietTo: s.quiet_to,
        digest: s.digest,
        classReminders: s.class_reminders,
        eventReminders: s.event_reminders,
      },
      sql`FROM ${s} WHERE ${s.user_id} = ${userId} LIMIT 1`,
    ),
    select({ endpoint: p.endpoint }, sql`FROM ${p} WHERE ${p.user_id} = ${userId} ORDER BY ${p.created_at} DESC`),
  ]);
  const [setting] = settings.rows;
  return settingsView(
    // The muted categories are stored as a JSON list.
    setting && { ...setting, muted: JSON.parse(setting.muted) },
    devices.rows.map((d) => d.endpoint),
  );
}

const clock = (name: string) =>
  z.unknown().transform((value, ctx) => {
    const minutes = minutesOf(value);
    if (minutes === null) {
      ctx.addIssue({ code: "custom", message: `quiet.${name} must be a time like 23:00.` });
      return z.NEVER;
    }
    return minutes;
  });

export const settingsSchema = z.object(
  {
    muted: z
      .array(z.enum(CATEGORY_IDS, { error: `Each muted category is one of ${CATEGORY_IDS.join(", ")}.` }))
      .max(CATEGORY_IDS.length),
    quiet: z
      .object({ from: clock("from"), to: clock("to") }, { error: "quiet must be { from, to } or null." })
      .nullable(),
  },
  { error: 'Send { "muted": [...], "quiet": { "from": "23:00", "to": "07:00" } or null }.' },
);

/** `PUT /api/push/settings`: one upsert. */
export async function savePushSettings(
  env: Env,
  userId: string,
  input: z.output<typeof settingsSchema>,
  now = Date.now(),
): Promise<void> {
  const muted = JSON.stringify([...new Set(input.muted)]);
  const quietFrom = input.quiet?.from ?? null;
  const quietTo = input.quiet?.to ?? null;
  await run(
    env,
    insert(
      notificationSettings,
      { user_id: userId, muted, quiet_from: quietFrom, quiet_to: quietTo, updated_at: now },
      sql`ON CONFLICT (user_id) DO UPDATE SET muted = ${muted}, quiet_from = ${quietFrom}, quiet_to = ${quietTo}, updated_at = ${now}`,
    ),
  );
}
