import { index, integer, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

// Google sign-in and Classroom (migrations/0004_google.sql).

export const googleHandoffs = sqliteTable(
  "google_handoffs",
  {
    codeHash: text("code_hash").primaryKey(),
    purpose: text("purpose", { enum: ["auth", "classroom"] }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    payload: text("payload"),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("google_handoffs_expires_at").on(t.expiresAt), index("google_handoffs_user").on(t.userId)],
);

export const googleConnections = sqliteTable(
  "google_connections",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    googleEmail: text("google_email").notNull(),
    tokens: text("tokens").notNull(),
    remindersEnabled: integer("reminders_enabled", { mode: "boolean" }).notNull().default(true),
    lastCheckedAt: integer("last_checked_at"),
    lastError: text("last_error"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("google_connections_enabled").on(t.remindersEnabled)],
);

export const classroomReminders = sqliteTable(
  "classroom_reminders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: text("course_id").notNull(),
    courseWorkId: text("course_work_id").notNull(),
    kind: text("kind", { enum: ["due_24h", "due_today"] }).notNull(),
    courseName: text("course_name").notNull(),
    title: text("title").notNull(),
    dueAt: integer("due_at").notNull(),
    link: text("link"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    unique("classroom_reminders_once").on(t.userId, t.courseWorkId, t.kind),
    index("classroom_reminders_user_created").on(t.userId, t.createdAt),
  ],
);
