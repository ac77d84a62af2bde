import { desc, eq, sql } from "drizzle-orm";
import { calendarFeeds, notices, notificationSettings, pushSubscriptions } from "#server/db/schema.ts";
import { noticeText } from "#server/services/notices.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

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
    why: "The student's own notices are deleted, and so are the notices of their messages in other inboxes (the conversation goes whole). A reservation notice another seller holds stays: it names its buyer by id (actor_id), and reads 'Deleted student' once the account is deleted, with no change to its text.",
    exports: [
      exportAt(
        "notices",
        ({ db, userId }) =>
          db
            .select({
              kind: notices.kind,
              title: notices.title,
              text: notices.text,
              link: notices.link,
              createdAt: notices.createdAt,
              readAt: notices.readAt,
              actorId: notices.actorId,
              actorName: sql<
                string | null
              >`(SELECT a.name FROM users a WHERE a.id = ${notices.actorId} AND a.deleted_at IS NULL)`,
            })
            .from(notices)
            .where(eq(notices.userId, userId))
            .orderBy(desc(notices.createdAt)),
        // As the student reads them: with the name of whoever acted.
        (rows) =>
          rows.map(({ actorId, actorName, ...n }) => ({ ...n, text: noticeText({ ...n, actorId, actorName }) })),
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        statement((guard) => `DELETE FROM notices WHERE user_id = ?1 AND ${guard}`),
        // A message's notice in the other member's inbox, with its preview: the conversation is
        // deleted whole (decision 0113), and its notices with it.
        statement((guard) => `DELETE FROM notices WHERE actor_id = ?1 AND kind = 'market.message' AND ${guard}`),
        // A notice written before migration 0042 that names the student in its text and could not be
        // converted: it goes rather than keep the name.
        statement((guard) => `DELETE FROM notices WHERE about_user_id = ?1 AND ${guard}`),
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
