// What securing and claiming an account end besides sessions (docs/decisions/0095-claiming-and-securing-an-account.md).
// Each function answers statements for the batch of the change they belong to, under that change's
// own condition (`when`), so they happen exactly when it does and never half.
import { and, eq, isNull, ne, or, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  calendarFeeds,
  classroomReminders,
  googleConnections,
  notificationSettings,
  pushSubscriptions,
  users,
} from "#server/db/schema.ts";
import { CALENDAR_RESET } from "#common/account-messages.ts";

/**
 * Securing ("sign out everywhere", a new password, a reset): the push subscriptions of every session
 * but `keepSessionId` (null: all of them: a reset has no "this device"), and the calendar link, whose
 * secret another device may have copied. Subscriptions from before sessions were recorded count as
 * another device's. The second statement's rows say whether there was a link to reset.
 */
export function endOtherDevices(db: Db, userId: string, keepSessionId: string | null, when?: SQL) {
  const others =
    keepSessionId === null
      ? undefined
      : or(isNull(pushSubscriptions.sessionId), ne(pushSubscriptions.sessionId, keepSessionId));
  return [
    db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), others, when)),
    db
      .delete(calendarFeeds)
      .where(and(eq(calendarFeeds.userId, userId), when))
      .returning({ userId: calendarFeeds.userId }),
  ] as const;
}

/**
 * Claiming (someone proves an address whose account another person set up): besides sessions, push
 * devices and the calendar link, the Classroom connection with its reminders (the earlier holder's
 * Google tokens) and the notification settings go, and the name is marked to be confirmed. `when`
 * must hold only while the address is still unproven: put these before the statement that proves it.
 */
export function endEarlierHoldersSetUp(db: Db, userId: string, when: SQL) {
  return [
    db.delete(googleConnections).where(and(eq(googleConnections.userId, userId), when)),
    db.delete(classroomReminders).where(and(eq(classroomReminders.userId, userId), when)),
    db.delete(notificationSettings).where(and(eq(notificationSettings.userId, userId), when)),
    db
      .update(users)
      .set({ confirmName: true })
      .where(and(eq(users.id, userId), when)),
  ] as const;
}

/** `message`, and the calendar sentence when the link was reset (the rows of endOtherDevices' second statement). */
export function withCalendarNote(
  message: string,
  calendarRows: unknown[],
): { message: string; calendarReset: boolean } {
  const calendarReset = calendarRows.length > 0;
  return { message: calendarReset ? `${message} ${CALENDAR_RESET}` : message, calendarReset };
}
