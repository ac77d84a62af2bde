// What securing and claiming an account end besides sessions (docs/decisions/0095-claiming-and-securing-an-account.md).
// Each function answers statements for the batch of the change they belong to, under that change's
// own condition (`when`), so they happen exactly when it does and never half.
import { returning, type Sql, sql, update } from "#server/db/sql.ts";
import { calendarFeeds, users } from "#server/db/tables.generated.ts";
import { CALENDAR_RESET } from "#common/account-messages.ts";

/** ` AND <condition>`, or nothing without one. */
const andAlso = (condition: Sql | undefined) => (condition ? sql` AND ${condition}` : sql``);

/**
 * Securing ("sign out everywhere", a new password, a reset): the push subscriptions of every session
 * but `keepSessionId` (null: all of them: a reset has no "this device"), and the calendar link, whose
 * secret another device may have copied. Subscriptions from before sessions were recorded count as
 * another device's. The second statement's rows say whether there was a link to reset.
 */
export function endOtherDevices(userId: string, keepSessionId: string | null, when?: Sql) {
  const others = keepSessionId === null ? undefined : sql`(session_id IS NULL OR session_id <> ${keepSessionId})`;
  return [
    sql`DELETE FROM push_subscriptions WHERE user_id = ${userId}${andAlso(others)}${andAlso(when)}`,
    returning(sql`DELETE FROM calendar_feeds WHERE user_id = ${userId}${andAlso(when)}`, {
      userId: calendarFeeds.user_id,
    }),
  ] as const;
}

/**
 * Claiming (someone proves an address whose account another person set up): besides sessions, push
 * devices and the calendar link, the Classroom connection with its reminders (the earlier holder's
 * Google tokens) and the notification settings go, and the name is marked to be confirmed. `when`
 * must hold only while the address is still unproven: put these before the statement that proves it.
 */
export function endEarlierHoldersSetUp(userId: string, when: Sql) {
  return [
    sql`DELETE FROM google_connections WHERE user_id = ${userId} AND ${when}`,
    sql`DELETE FROM classroom_reminders WHERE user_id = ${userId} AND ${when}`,
    sql`DELETE FROM notification_settings WHERE user_id = ${userId} AND ${when}`,
    update(users, { confirm_name: 1 }, sql`WHERE id = ${userId} AND ${when}`),
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
