import { inboxFrom, inboxStatements, type Inbox } from "#server/services/notices.ts";
import { settingsView, type PushSettings } from "#server/services/push-settings.ts";

// Everything the Notifications page shows in one D1 round trip: the inbox and its
// unread count, the push settings and which devices have push on, and whether a calendar feed
// exists.

export interface NotificationCentre extends Inbox {
  push: PushSettings;
  calendarSince: number | null;
}

export async function notificationCentre(env: Env, userId: string): Promise<NotificationCentre> {
  const [rows, unread, settings, devices, calendar] = await env.DB.batch([
    ...inboxStatements(env, userId),
    env.DB.prepare(
      "SELECT muted, quiet_from AS quietFrom, quiet_to AS quietTo, digest, class_reminders AS classReminders FROM notification_settings WHERE user_id = ?1",
    ).bind(userId),
    env.DB.prepare("SELECT endpoint FROM push_subscriptions WHERE user_id = ?1").bind(userId),
    env.DB.prepare("SELECT created_at AS createdAt FROM calendar_feeds WHERE user_id = ?1").bind(userId),
  ]);
  const setting = settings!.results[0] as
    | { muted: string; quietFrom: number | null; quietTo: number | null; digest: number; classReminders: number }
    | undefined;
  return {
    ...inboxFrom(rows!, unread!),
    push: await settingsView(
      setting && { ...setting, muted: JSON.parse(setting.muted) as string[] },
      (devices!.results as { endpoint: string }[]).map((d) => d.endpoint),
    ),
    calendarSince: (calendar!.results[0] as { createdAt: number } | undefined)?.createdAt ?? null,
  };
}
