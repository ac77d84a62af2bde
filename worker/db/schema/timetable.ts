import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { academicSemesters, academicSubjects } from "./academics.ts";
import { campuses } from "./campuses.ts";
import { users } from "./users.ts";

// Class timetables and attendance (migrations/0037_timetable.sql,
// docs/decisions/0109-timetable-and-attendance.md). Times are minutes after midnight in India time,
// dates India dates (YYYY-MM-DD), weekdays 1 = Monday ... 7 = Sunday.

export const PERIOD_KINDS = ["lecture", "lab", "tutorial"] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];
export const CHANGE_KINDS = ["cancelled", "moved"] as const;
export const ATTENDANCE_STATUSES = ["present", "absent", "cancelled"] as const;

const campusId = () =>
  text("campus_id")
    .notNull()
    .references(() => campuses.id, { onDelete: "cascade" });

export const timetableClasses = sqliteTable(
  "timetable_classes",
  {
    id: text("id").primaryKey(),
    campusId: campusId(),
    semesterId: text("semester_id")
      .notNull()
      .references(() => academicSemesters.id, { onDelete: "cascade" }),
    section: text("section").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("timetable_classes_section").on(t.semesterId, t.section),
    index("timetable_classes_campus").on(t.campusId),
  ],
);

export const timetablePeriods = sqliteTable(
  "timetable_periods",
  {
    id: text("id").primaryKey(),
    campusId: campusId(),
    classId: text("class_id")
      .notNull()
      .references(() => timetableClasses.id, { onDelete: "cascade" }),
    weekday: integer("weekday").notNull(),
    startsMin: integer("starts_min").notNull(),
    endsMin: integer("ends_min").notNull(),
    subjectId: text("subject_id")
      .notNull()
      .references(() => academicSubjects.id),
    room: text("room").notNull().default(""),
    teacher: text("teacher").notNull().default(""),
    kind: text("kind", { enum: PERIOD_KINDS }).notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("timetable_periods_class").on(t.classId, t.weekday, t.startsMin),
    index("timetable_periods_subject").on(t.subjectId),
    // migrations/0038: the class reminders' cron finds the periods about to start, in every class.
    index("timetable_periods_start").on(t.weekday, t.startsMin),
    check("timetable_periods_weekday", sql`${t.weekday} BETWEEN 1 AND 7`),
  ],
);

export const timetableChanges = sqliteTable(
  "timetable_changes",
  {
    id: text("id").primaryKey(),
    periodId: text("period_id")
      .notNull()
      .references(() => timetablePeriods.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    kind: text("kind", { enum: CHANGE_KINDS }).notNull(),
    room: text("room"),
    startsMin: integer("starts_min"),
    endsMin: integer("ends_min"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("timetable_changes_date").on(t.periodId, t.date),
    // migrations/0038: periods moved into the next 10 minutes today (the class reminders' cron).
    index("timetable_changes_moved")
      .on(t.date, t.startsMin)
      .where(sql`kind = 'moved'`),
  ],
);

export const campusHolidays = sqliteTable(
  "campus_holidays",
  {
    campusId: campusId(),
    date: text("date").notNull(),
    name: text("name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.campusId, t.date] })],
);

export const timetableReps = sqliteTable(
  "timetable_reps",
  {
    classId: text("class_id")
      .notNull()
      .references(() => timetableClasses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    grantedBy: text("granted_by").references(() => users.id),
    grantedAt: integer("granted_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.userId] }),
    index("timetable_reps_user").on(t.userId),
    index("timetable_reps_granted_by")
      .on(t.grantedBy)
      .where(sql`granted_by IS NOT NULL`),
  ],
);

export const timetableChoices = sqliteTable(
  "timetable_choices",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    classId: text("class_id")
      .notNull()
      .references(() => timetableClasses.id, { onDelete: "cascade" }),
    chosenAt: integer("chosen_at").notNull(),
  },
  (t) => [index("timetable_choices_class").on(t.classId)],
);

export const timetablePersonal = sqliteTable(
  "timetable_personal",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    weekday: integer("weekday").notNull(),
    startsMin: integer("starts_min").notNull(),
    endsMin: integer("ends_min").notNull(),
    title: text("title").notNull(),
    room: text("room").notNull().default(""),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("timetable_personal_user").on(t.userId, t.weekday, t.startsMin),
    // migrations/0038: own entries about to start, for every student (the class reminders' cron).
    index("timetable_personal_start").on(t.weekday, t.startsMin),
  ],
);

export const timetableHidden = sqliteTable(
  "timetable_hidden",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    periodId: text("period_id")
      .notNull()
      .references(() => timetablePeriods.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodId] }), index("timetable_hidden_period").on(t.periodId)],
);

export const attendanceMarks = sqliteTable(
  "attendance_marks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    /** A period's id or a personal entry's; no foreign key, so marks outlive a reshuffled week. */
    slotId: text("slot_id").notNull(),
    subjectId: text("subject_id").references(() => academicSubjects.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    status: text("status", { enum: ATTENDANCE_STATUSES }).notNull(),
    markedAt: integer("marked_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date, t.slotId] }), index("attendance_marks_subject").on(t.subjectId)],
);

export const attendanceSubjectThresholds = sqliteTable(
  "attendance_subject_thresholds",
  {
    subjectId: text("subject_id")
      .primaryKey()
      .references(() => academicSubjects.id, { onDelete: "cascade" }),
    campusId: campusId(),
    threshold: integer("threshold").notNull(),
  },
  (t) => [index("attendance_subject_thresholds_campus").on(t.campusId)],
);
