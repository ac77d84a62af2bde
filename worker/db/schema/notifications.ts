import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

// Students' notices (migrations/0015_staff.sql), the calendar feed and Web Push with its settings
// (migrations/0023_calendar_feeds.sql, 0024_push.sql).

export const notices = sqliteTable(
  "notices",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    link: text("link"),
    createdAt: integer("created_at").notNull(),
    readAt: integer("read_at"),
    /** migrations/0024_push.sql: when it went to the push queue; NULL: not yet. */
    queuedAt: integer("queued_at"),
    /**
     * migrations/0032: the student a notice written before 0042 names in its text and that 0042 could
     * not convert; deleting that account deletes such a notice. No longer written.
     */
    aboutUserId: text("about_user_id"),
    /**
     * migrations/0042: who acted (a message's sender, a reservation's buyer). The text holds no name:
     * the actor's name is read and put before it when the notice is read (worker/services/notices.ts).
     */
    actorId: text("actor_id"),
  },
  (t) => [
    index("notices_user").on(t.userId, t.createdAt),
    index("notices_unread")
      .on(t.userId)
      .where(sql`read_at IS NULL`),
    index("notices_unqueued")
      .on(t.createdAt)
      .where(sql`queued_at IS NULL`),
    index("notices_about_user")
      .on(t.aboutUserId)
      .where(sql`about_user_id IS NOT NULL`),
    index("notices_actor")
      .on(t.actorId)
      .where(sql`actor_id IS NOT NULL`),
  ],
);

// A student's private calendar feed (migrations/0023_calendar_feeds.sql, docs/decisions/0090-calendar-feed.md).
export const calendarFeeds = sqliteTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretHash: text("secret_hash").notNull().unique(),
  createdAt: integer("created_at").notNull(),
});

// Web Push (migrations/0024_push.sql, docs/decisions/0091-web-push.md).
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: integer("created_at").notNull(),
    lastSentAt: integer("last_sent_at"),
    /** migrations/0028_claims_and_devices.sql: the session that subscribed this device (NULL: before that migration). */
    sessionId: text("session_id"),
  },
  (t) => [
    index("push_subscriptions_user").on(t.userId, t.createdAt),
    // migrations/0031_push_device_sessions.sql: signing a device out finds its subscriptions.
    index("push_subscriptions_session")
      .on(t.sessionId)
      .where(sql`session_id IS NOT NULL`),
  ],
);

export const notificationSettings = sqliteTable(
  "notification_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    muted: text("muted", { mode: "json" }).$type<string[]>().notNull().default([]),
    quietFrom: integer("quiet_from"),
    quietTo: integer("quiet_to"),
    updatedAt: integer("updated_at").notNull(),
    /** migrations/0025_digest.sql: the daily e-mail digest on, and the India-time day of the last one. */
    digest: integer("digest", { mode: "boolean" }).notNull().default(false),
    digestSentOn: text("digest_sent_on"),
    /** migrations/0038_class_reminders.sql: a notice 10 minutes before each class (off unless turned on). */
    classReminders: integer("class_reminders", { mode: "boolean" }).notNull().default(false),
  },
  // The cron's students with the digest on, by the day of their last one.
  (t) => [
    index("notification_settings_digest")
      .on(t.digestSentOn)
      .where(sql`digest = 1`),
  ],
);
