// What a student can turn on and off for push notifications, shared by the server and
// the Notifications page. Client-safe.

export const NOTIFICATION_CATEGORIES = [
  {
    id: "market",
    label: "Marketplace",
    hint: "Messages, reservations, sales, handovers, wanted matches and listings about to expire",
  },
  { id: "hostel", label: "Hostel", hint: "Complaint updates, laundry ready, block changes" },
  { id: "classroom", label: "Classroom", hint: "Due tomorrow and due today" },
  { id: "lostfound", label: "Lost & found", hint: "Likely matches, claims, handovers and posts about to expire" },
  { id: "events", label: "Events", hint: "Reminders, changes and cancellations, and a place freed on a waiting list" },
  { id: "campus", label: "Campus", hint: "Moderation and staff roles" },
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number]["id"];
// Pure: a page that takes the list from its loader carries neither (the bundler keeps a call otherwise).
export const CATEGORY_IDS = /* @__PURE__ */ NOTIFICATION_CATEGORIES.map((c) => c.id) as [
  NotificationCategory,
  ...NotificationCategory[],
];

/**
 * A push subscription's endpoint as the page may see it: a hash, so the page can tell whether this
 * browser's subscription is one the server sends to (the endpoint itself is a capability URL).
 */
export async function deviceKey(endpoint: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(endpoint)));
  return Array.from(digest.subarray(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A notice's category from its kind ("market.reserved", "laundry.ready", "classroom.due_today" ...). */
export function categoryOf(kind: string): NotificationCategory {
  const head = kind.split(".")[0];
  if (head === "market") return "market";
  if (head === "complaint" || head === "laundry" || head === "block") return "hostel";
  if (head === "classroom") return "classroom";
  if (head === "lostfound") return "lostfound";
  if (head === "event" || head === "club") return "events";
  return "campus";
}

/** Quiet hours when a student has not chosen: 23:00 to 07:00 India time (minutes after midnight). */
export const DEFAULT_QUIET = { from: 23 * 60, to: 7 * 60 } as const;

/** "23:00" for 1380. */
export function clockOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** 1380 for "23:00"; null for anything else. */
export function minutesOf(clock: unknown): number | null {
  const match = typeof clock === "string" ? /^([01]\d|2[0-3]):([0-5]\d)$/.exec(clock.trim()) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Whether `minute` (after midnight) falls in the quiet hours from..to, which may wrap midnight. */
export function inQuietHours(minute: number, from: number, to: number): boolean {
  if (from === to) return false;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

const READ = "Marked as read.";
/** The page's own script says these two too, so they are named on their own: it carries them, not the table. */
export const DEVICE_ON = "Notifications are on for this device.";
export const PUSH_NOT_SET_UP = "Notifications are not set up on this server.";

/**
 * What the notification operations answer (notices read, push settings, the digest, a device's
 * subscription), written once for both doors (docs/decisions/0103-use-cases-messages-and-forms.md)
 * and for the page's own script.
 */
export const NOTIFICATION_MESSAGES = {
  read: READ,
  allReadOnScreen: "All notices marked as read.",
  settingsSaved: "Notification settings saved.",
  digestOn: "The daily e-mail digest is on.",
  digestOff: "The daily e-mail digest is off.",
  classRemindersOn: "Class reminders are on: Campus tells you 10 minutes before each class.",
  classRemindersOff: "Class reminders are off.",
  classRemindersTooFast: "You are changing class reminders too fast. Please wait a minute and try again.",
  deviceOn: DEVICE_ON,
  deviceOff: "Notifications are off for this device.",
  notSetUp: PUSH_NOT_SET_UP,
  /** The API's answer to marking one notice or all unread ones read. */
  readCount: (changed: number) => (changed === 1 ? READ : `Marked ${changed} notices as read.`),
} as const;
