import { intents } from "#app/lib/intents.ts";

/** The notification settings' forms (PushPanel, DigestPanel, ClassRemindersPanel, EventRemindersPanel) on /notifications. */
export const NOTIFICATION_SETTING_INTENTS = intents("push-settings", "digest", "class-reminders", "event-reminders");
