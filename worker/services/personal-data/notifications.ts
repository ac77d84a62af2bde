import { desc, eq } from "drizzle-orm";
import { calendarFeeds, notices, notificationSettings, pushSubscriptions } from "#server/db/schema.ts";
import { DELETED_STUDENT, exportAt, placed } from "#server/services/personal-data/place.ts";

// What reaches the student: the calendar feed, the inbox, push devices and their settings.

export const NOTIFICATION_DATA = {
  calendar_feeds: placed({
    onDelete: "deleted",
    exports: [
      // The feed's secret is never kept (only its hash, which is not exported): when it was made.
      exportAt(
        "calendarFeed",
        ({ db, userId }) =>
          db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)),
        ([feed]) => (feed ? { since: feed.createdAt } : null),
      ),
    ],
    erase: {
      remove: ({ statement }) => [statement((guard) => `DELETE FROM calendar_feeds WHERE user_id = ?1 AND ${guard}`)],
    },
  }),
  notices: placed({
    onDelete: "kept-anonymised",
    why: "The student's own notices are deleted; a reservation notice another seller holds names the student as its buyer and stays, the name replaced by 'Deleted student'.",
    exports: [
      exportAt("notices", ({ db, userId }) =>
        db
          .select({
            kind: notices.kind,
            title: notices.title,
            text: notices.text,
            link: notices.link,
            createdAt: notices.createdAt,
            readAt: notices.readAt,
          })
          .from(notices)
          .where(eq(notices.userId, userId))
          .orderBy(desc(notices.createdAt)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [statement((guard) => `DELETE FROM notices WHERE user_id = ?1 AND ${guard}`)],
      // A seller's reservation notice names its buyer first (decision 0098): the name goes, the notice stays.
      anonymise: ({ statement }) => [
        statement(
          (guard) =>
            `UPDATE notices SET text = ?3 || substr(text, length((SELECT name FROM users WHERE id = ?1)) + 1), about_user_id = NULL WHERE about_user_id = ?1 AND ${guard}`,
          DELETED_STUDENT,
        ),
      ],
    },
  }),
  push_subscriptions: placed({
    onDelete: "deleted",
    exports: [
      // A device's push service address (its keys are the browser's, not the student's words: left out).
      exportAt("notifications.devices", ({ db, userId }) =>
        db
          .select({
            endpoint: pushSubscriptions.endpoint,
            createdAt: pushSubscriptions.createdAt,
            lastSentAt: pushSubscriptions.lastSentAt,
          })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        statement((guard) => `DELETE FROM push_subscriptions WHERE user_id = ?1 AND ${guard}`),
      ],
    },
  }),
  notification_settings: placed({
    onDelete: "deleted",
    exports: [
      exportAt(
        "notifications.settings",
        ({ db, userId }) =>
          db
            .select({
              muted: notificationSettings.muted,
              quietFrom: notificationSettings.quietFrom,
              quietTo: notificationSettings.quietTo,
              digest: notificationSettings.digest,
              digestSentOn: notificationSettings.digestSentOn,
              classReminders: notificationSettings.classReminders,
              updatedAt: notificationSettings.updatedAt,
            })
            .from(notificationSettings)
            .where(eq(notificationSettings.userId, userId)),
        (rows) => rows[0] ?? null,
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        statement((guard) => `DELETE FROM notification_settings WHERE user_id = ?1 AND ${guard}`),
      ],
    },
  }),
};
