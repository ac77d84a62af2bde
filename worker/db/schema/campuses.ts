import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Campuses and their e-mail domains (migrations/0010_campuses.sql, docs/decisions/0073-campuses.md).

export const campuses = sqliteTable("campuses", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  shortName: text("short_name").notNull(),
  city: text("city").notNull().default(""),
  /** 1 for the Open community (no domain, no verification). */
  isOpen: integer("is_open", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at").notNull(),
  // migrations/0034_campus_setup.sql: Google sign-in only from the college's Workspace, and an operator's switch-off.
  googleHdRequired: integer("google_hd_required", { mode: "boolean" }).notNull().default(false),
  disabledAt: integer("disabled_at"),
  // migrations/0036_library.sql: the grievance officer the footer names.
  grievanceName: text("grievance_name"),
  grievanceEmail: text("grievance_email"),
  // migrations/0037_timetable.sql: the attendance a student needs, in percent (a CHECK keeps it 1..100).
  attendanceThreshold: integer("attendance_threshold").notNull().default(75),
});

export const campusDomains = sqliteTable(
  "campus_domains",
  {
    domain: text("domain").primaryKey(),
    campusId: text("campus_id")
      .notNull()
      .references(() => campuses.id, { onDelete: "cascade" }),
  },
  (t) => [index("campus_domains_campus").on(t.campusId)],
);

export type Campus = typeof campuses.$inferSelect;
