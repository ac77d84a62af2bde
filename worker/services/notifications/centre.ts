import { batch, select, sql } from "#server/db/sql.ts";
import { calendarFeeds, notificationSettings, pushSubscriptions } from "#server/db/tables.generated.ts";
import { inboxFrom, inboxReads, type Inbox } from "#server/services/notifications/notices.ts";
import { settingsView, type PushSettings } from "#server/services/notifications/push-settings.ts";

// Everything the Notifications page shows in one D1 round trip: the inbox and its
// unread count, the push settings and which devices have push on, and whether a calendar feed
// exists.

export interface NotificationCentre extends Inbox {
  push: PushSettings;
  calendarSince: number | null;
}

export async function notificationCentre(env: Env, userId: string): Promise<NotificationCentre> {
  const s = notificationSettings;
  const [rows, unread, settings, devices, calendar] = await batch(env, [
    ...inboxReads(userId),
    select(
      {
        muted: s.muted,
        quietFrom: s.quiet_from,
        quietTo: s.quiet_to,
        digest: s.digest,
        classReminders: s.class_reminders,
        eventReminders: s.event_reminders,
      },
      sql`FROM ${s} WHERE ${s.user_id} = ${userId}`,
    ),
    select(
      { endpoint: pushSubscriptions.endpoint },
      sql`FROM ${pushSubscriptions} WHERE ${pushSubscriptions.user_id} = ${userId}`,
    ),
    select(
      { createdAt: calendarFeeds.created_at },
      sql`FROM ${calendarFeeds} WHERE ${calendarFeeds.user_id} = ${userId}`,
    ),
  ]);
  const [setting] = settings.rows;
  return {
    ...inboxFrom([rows, unread]),
    push: await settingsView(
      // The muted categories are stored as a JSON list.
      setting && { ...setting, muted: JSON.parse(setting.muted) },
      devices.rows.map((d) => d.endpoint),
    ),
    calendarSince: calendar.rows[0]?.createdAt ?? null,
  };
}
