import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { campuses } from "./campuses.ts";

// A campus's academics tree (migrations/0035_academics.sql, docs/decisions/0105-academics-tree.md):
// programmes > branches > semesters > subjects > units. Ids never change; each node also has a
// natural key within its parent, by which an import finds it again.

const campusId = () =>
  text("campus_id")
    .notNull()
    .references(() => campuses.id, { onDelete: "cascade" });

export const academicProgrammes = sqliteTable(
  "academic_programmes",
  {
    id: text("id").primaryKey(),
    campusId: campusId(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("academic_programmes_slug").on(t.campusId, t.slug)],
);

export const academicBranches = sqliteTable(
  "academic_branches",
  {
    id: text("id").primaryKey(),
    campusId: campusId(),
    programmeId: text("programme_id")
      .notNull()
      .references(() => academicProgrammes.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("academic_branches_slug").on(t.programmeId, t.slug),
    index("academic_branches_campus").on(t.campusId),
  ],
);

export const academicSemesters = sqliteTable(
  "academic_semesters",
  {
    id: text("id").primaryKey(),
    campusId: campusId(),
    branchId: text("branch_id")
      .notNull()
      .references(() => academicBranches.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
  },
  (t) => [
    uniqueIndex("academic_semesters_number").on(t.branchId, t.number),
    index("academic_semesters_campus").on(t.campusId),
    check("academic_semesters_number_range", sql`${t.number} BETWEEN 1 AND 12`),
  ],
);

export const academicSubjects = sqliteTable(
  "academic_subjects",
  {
    id: text("id").primaryKey(),
    campusId: campusId(),
    semesterId: text("semester_id")
      .notNull()
      .references(() => academicSemesters.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("academic_subjects_code").on(t.semesterId, t.code),
    index("academic_subjects_campus").on(t.campusId),
  ],
);

export const academicUnits = sqliteTable(
  "academic_units",
  {
    id: text("id").primaryKey(),
    campusId: campusId(),
    subjectId: text("subject_id")
      .notNull()
      .references(() => academicSubjects.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    title: text("title").notNull(),
    topics: text("topics").notNull().default(""),
  },
  (t) => [
    uniqueIndex("academic_units_number").on(t.subjectId, t.number),
    index("academic_units_campus").on(t.campusId),
    check("academic_units_number_range", sql`${t.number} BETWEEN 1 AND 20`),
  ],
);
