// New reminders also appear as desktop notifications while the Classroom page is open; each one once
// per browser (the ids already shown are remembered in localStorage).
import { formatIndiaWeekdayDateTime as formatIndiaDateTime } from "#common/format.ts";
import type { Reminder } from "#app/components/classroom/types.ts";

const SEEN_KEY = "campus_seen_reminders";
export const UNSUPPORTED = "This browser does not support desktop notifications";
export const DENIED = "Permission for notifications was denied";

function seenReminders(): Set<string> {
  try {
    return new Set(JSON.parse(window.localStorage.getItem(SEEN_KEY) ?? "[]") as string[]);
  } catch {
    return new Set();
  }
}

/** Shows reminders the student has not been shown yet as desktop notifications. */
export function announce(reminders: Reminder[]): void {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  const seen = seenReminders();
  for (const reminder of reminders) {
    if (seen.has(reminder.id)) continue;
    seen.add(reminder.id);
    new Notification(
      reminder.kind === "due_today" ? `Due today: ${reminder.title}` : `Due within 24 hours: ${reminder.title}`,
      {
        body: `${reminder.courseName} · ${formatIndiaDateTime(reminder.dueAt)}`,
        tag: reminder.id,
      },
    );
  }
  try {
    window.localStorage.setItem(SEEN_KEY, JSON.stringify([...seen].slice(-200)));
  } catch {
    // no storage: notifications may repeat on the next visit
  }
}

/** Asks for permission: null once granted, otherwise the message the specification alerts with. */
export async function askPermission(): Promise<typeof UNSUPPORTED | typeof DENIED | null> {
  if (typeof Notification === "undefined") return UNSUPPORTED;
  return (await Notification.requestPermission()) === "granted" ? null : DENIED;
}
