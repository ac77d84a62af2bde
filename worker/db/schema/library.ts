import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";
import { campuses } from "./campuses.ts";
import { academicSubjects, academicUnits } from "./academics.ts";

// The library (migrations/0036_library.sql, docs/decisions/0106-library.md): notes, past papers,
// practicals (one PDF each), books (references) and videos (links) of a college, moderated, voted
// on and searched. The full-text table library_search is FTS5, which drizzle does not describe; it
// is read and written with SQL in the library services.

export const LIBRARY_KINDS = [
  "lecture_notes",
  "short_notes",
  "important_questions",
  "past_paper",
  "practical",
  "book",
  "video",
] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];
/** The kinds that carry a file. */
export const LIBRARY_FILE_KINDS = [
  "lecture_notes",
  "short_notes",
  "important_questions",
  "past_paper",
  "practical",
] as const;
export const LIBRARY_EXAMS = ["mid_semester", "end_semester", "supplementary"] as const;
export type LibraryExam = (typeof LIBRARY_EXAMS)[number];
export const LIBRARY_STATUSES = ["pending", "approved", "rejected"] as const;
export const LIBRARY_INDEX_STATES = ["pending", "ready", "failed"] as const;
export type LibraryStatus = (typeof LIBRARY_STATUSES)[number];

export const libraryItems = sqliteTable(
  "library_items",
  {
    id: text("id").primaryKey(),
    campusId: text("campus_id")
      .notNull()
      .references(() => campuses.id, { onDelete: "cascade" }),
    uploaderId: text("uploader_id").references(() => users.id, { onDelete: "set null" }),
    subjectId: text("subject_id")
      .notNull()
      .references(() => academicSubjects.id),
    kind: text("kind", { enum: LIBRARY_KINDS }).notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    year: integer("year"),
    exam: text("exam", { enum: LIBRARY_EXAMS }),
    fileKey: text("file_key"),
    fileBytes: integer("file_bytes"),
    filePages: integer("file_pages"),
    fileSource: text("file_source", { enum: ["pdf", "photos"] }),
    fileSha256: text("file_sha256"),
    author: text("author"),
    edition: text("edition"),
    isbn: text("isbn"),
    shelf: text("shelf"),
    url: text("url"),
    public: integer("public", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: LIBRARY_STATUSES }).notNull().default("pending"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: integer("reviewed_at"),
    reviewNote: text("review_note"),
    hiddenAt: integer("hidden_at"),
    hiddenReason: text("hidden_reason"),
    moderationId: text("moderation_id"),
    helpfulCount: integer("helpful_count").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    indexState: text("index_state", { enum: LIBRARY_INDEX_STATES }).notNull().default("ready"),
    indexError: text("index_error"),
    indexAttempts: integer("index_attempts").notNull().default(0),
    fileParts: integer("file_parts"),
  },
  (t) => [
    index("library_items_subject").on(t.subjectId, t.status, t.kind, t.helpfulCount),
    index("library_items_campus").on(t.campusId, t.status, t.createdAt),
    index("library_items_uploader")
      .on(t.uploaderId, t.createdAt)
      .where(sql`uploader_id IS NOT NULL`),
    index("library_items_reviewed_by")
      .on(t.reviewedBy)
      .where(sql`reviewed_by IS NOT NULL`),
    index("library_items_past_papers")
      .on(t.campusId, t.subjectId, t.year)
      .where(sql`kind = 'past_paper'`),
    index("library_items_indexing")
      .on(t.createdAt)
      .where(sql`index_state = 'pending'`),
    uniqueIndex("library_items_same_file")
      .on(t.campusId, t.fileSha256)
      .where(sql`file_sha256 IS NOT NULL AND status != 'rejected'`),
    check("library_items_past_paper", sql`(kind = 'past_paper') = (year IS NOT NULL AND exam IS NOT NULL)`),
    check("library_items_file", sql`(kind IN ('book', 'video')) = (file_key IS NULL)`),
  ],
);

export const libraryItemUnits = sqliteTable(
  "library_item_units",
  {
    itemId: text("item_id")
      .notNull()
      .references(() => libraryItems.id, { onDelete: "cascade" }),
    unitId: text("unit_id")
      .notNull()
      .references(() => academicUnits.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.unitId] }), index("library_item_units_unit").on(t.unitId)],
);

export const libraryVotes = sqliteTable(
  "library_votes",
  {
    itemId: text("item_id")
      .notNull()
      .references(() => libraryItems.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] }), index("library_votes_user").on(t.userId, t.createdAt)],
);

export type LibraryItem = typeof libraryItems.$inferSelect;
