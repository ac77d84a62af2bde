import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

// The one schema. It mirrors migrations/*.sql, which are the only way the database changes.

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  passwordHash: text("password_hash"),
  googleSub: text("google_sub").unique(),
  createdAt: integer("created_at").notNull(),
});

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_user_id").on(t.userId)],
);

export type User = typeof users.$inferSelect;

// Study Swap (migrations/0003_studyswap.sql).

export const studyRequests = sqliteTable(
  "study_requests",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    subject: text("subject").notNull(),
    requirements: text("requirements").notNull(),
    deadline: text("deadline"),
    budget: text("budget"),
    budgetValue: real("budget_value"),
    pages: integer("pages"),
    contact: text("contact").notNull(),
    status: text("status", { enum: ["open", "closed"] }).notNull().default("open"),
    attachmentKey: text("attachment_key"),
    attachmentName: text("attachment_name"),
    attachmentType: text("attachment_type"),
    attachmentSize: integer("attachment_size"),
    createdAt: integer("created_at").notNull(),
    closedAt: integer("closed_at"),
  },
  (t) => [index("study_requests_status_created").on(t.status, t.createdAt), index("study_requests_owner").on(t.ownerId, t.createdAt)],
);

export const writers = sqliteTable(
  "writers",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    expertise: text("expertise").notNull(),
    ratePaise: integer("rate_paise"),
    contact: text("contact").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("writers_updated").on(t.updatedAt)],
);
