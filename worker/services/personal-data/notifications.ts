import { select, sql, textOrNull } from "#server/db/sql.ts";
import { calendarFeeds, notices, notificationSettings, pushSubscriptions } from "#server/db/tables.generated.ts";
import { noticeText } from "#server/services/notifications/notices.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// What reaches the student: the calendar feed, the inbox, push devices and their settings.

export const NOTIFICATION_DATA = {
  calendar_feeds: placed({
    onDelete: "deleted",
    exports: [
      // The feed's secret is never kept (only its hash, which is not exported): when it was made.
      exportAt(
        "calendarFeed",
        ({ userId }) =>
          select(
            { createdAt: calendarFeeds.created_at },
            sql`FROM ${calendarFeeds} WHERE ${calendarFeeds.user_id} = ${userId}`,
          ),
        ([feed]) => (feed ? { since: feed.createdAt } : null),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM calendar_feeds WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  notices: placed({
    onDelete: "kept-anonymised",
    why: "The student's own notices are deleted, and so are the notices of their messages in other inboxes (the conversation goes whole). A reservation notice another seller holds stays: it names its buyer by id (actor_id), and reads 'Deleted student' once the account is deleted, with no change to its text.",
    exports: [
      exportAt(
        "notices",
        ({ userId }) =>
          select(
            {
              kind: notices.kind,
              title: notices.title,
              text: notices.text,
              link: notices.link,
              createdAt: notices.created_at,
              readAt: notices.read_at,
              actorId: notices.actor_id,
              actorName: textOrNull(
                sql`(SELECT a.name FROM users a WHERE a.id = ${notices.actor_id} AND a.deleted_at IS NULL)`,
              ),
            },
            sql`FROM ${notices} WHERE ${notices.user_id} = ${userId} ORDER BY ${notices.created_at} DESC`,
          ),
        // As the student reads them: with the name of whoever acted.
        (rows) =>
          rows.map(({ actorId, actorName, ...n }) => ({ ...n, text: noticeText({ ...n, actorId, actorName }) })),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM notices WHERE user_id = ${userId} AND ${guard}`),
        // A message's notice in the other member's inbox, with its preview: the conversation is
        // deleted whole (decision 0113), and its notices with it.
        statement(
          (guard) => sql`DELETE FROM notices WHERE actor_id = ${userId} AND kind = 'market.message' AND ${guard}`,
        ),
        // A notice written before migration 0042 that names the student in its text and could not be
        // converted: it goes rather than keep the name.
        statement((guard) => sql`DELETE FROM notices WHERE about_user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  push_subscriptions: placed({
    onDelete: "deleted",
    exports: [
      // A device's push service address (its keys are the browser's, not the student's words: left out).
      exportAt("notifications.devices", ({ userId }) =>
        select(
          {
            endpoint: pushSubscriptions.endpoint,
            createdAt: pushSubscriptions.created_at,
            lastSentAt: pushSubscriptions.last_sent_at,
          },
          sql`FROM ${pushSubscriptions} WHERE ${pushSubscriptions.user_id} = ${userId}`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  notification_settings: placed({
    onDelete: "deleted",
    exports: [
      exportAt(
        "notifications.settings",
        ({ userId }) =>
          select(
            {
              muted: notificationSettings.muted,
              quietFrom: notificationSettings.quiet_from,
              quietTo: notificationSettings.quiet_to,
              digest: notificationSettings.digest,
              digestSentOn: notificationSettings.digest_sent_on,
              classReminders: notificationSettings.class_reminders,
              eventReminders: notificationSettings.event_reminders,
              updatedAt: notificationSettings.updated_at,
            },
            sql`FROM ${notificationSettings} WHERE ${notificationSettings.user_id} = ${userId}`,
          ),
        ([settings]) =>
          settings
            ? {
                ...settings,
                // The muted categories are stored as a JSON list.
                muted: JSON.parse(settings.muted),
                digest: settings.digest === 1,
                classReminders: settings.classReminders === 1,
                eventReminders: settings.eventReminders === 1,
              }
            : null,
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM notification_settings WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
};
