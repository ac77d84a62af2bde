import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

// Study Swap (migrations/0003_studyswap.sql): assignment requests and writer profiles.

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
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    attachmentKey: text("attachment_key"),
    attachmentName: text("attachment_name"),
    attachmentType: text("attachment_type"),
    attachmentSize: integer("attachment_size"),
    submissionKey: text("submission_key"),
    createdAt: integer("created_at").notNull(),
    closedAt: integer("closed_at"),
    /** The poster's campus (migrations/0012_campus_market.sql). */
    campusId: text("campus_id").notNull().default("open"),
    // migrations/0017_moderation.sql: hidden by reports or a moderator, the reason its owner sees, the last moderation write.
    hiddenAt: integer("hidden_at"),
    hiddenReason: text("hidden_reason"),
    moderationId: text("moderation_id"),
  },
  (t) => [
    index("study_requests_campus_status_created").on(t.campusId, t.status, t.createdAt),
    index("study_requests_owner").on(t.ownerId, t.createdAt),
    uniqueIndex("study_requests_submission").on(t.ownerId, t.submissionKey),
  ],
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
    /** The writer's campus (migrations/0012_campus_market.sql). */
    campusId: text("campus_id").notNull().default("open"),
  },
  (t) => [index("writers_campus_updated").on(t.campusId, t.updatedAt), index("writers_updated").on(t.updatedAt)],
);
