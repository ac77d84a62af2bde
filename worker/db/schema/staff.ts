import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";
import { campuses } from "./campuses.ts";
import { hostelBlocks } from "./hostel.ts";

// Staff roles, the audit log (migrations/0015_staff.sql, docs/decisions/0080-staff-roles.md) and
// reports (migrations/0017_moderation.sql).

export const STAFF_ROLES = ["warden", "mess", "laundry", "moderator", "admin", "curator"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffRoles = sqliteTable(
  "staff_roles",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    campusId: text("campus_id")
      .notNull()
      .references(() => campuses.id),
    role: text("role", { enum: STAFF_ROLES }).notNull(),
    blockId: text("block_id").references(() => hostelBlocks.id),
    grantedBy: text("granted_by").references(() => users.id),
    grantedAt: integer("granted_at").notNull(),
  },
  (t) => [
    uniqueIndex("staff_roles_one").on(t.userId, t.role, sql`COALESCE(${t.blockId}, '')`),
    index("staff_roles_campus").on(t.campusId, t.role),
    index("staff_roles_granted_by")
      .on(t.grantedBy)
      .where(sql`granted_by IS NOT NULL`),
    // migrations/0034_campus_setup.sql: a block's warden (before the admin removes the block).
    index("staff_roles_block_id")
      .on(t.blockId)
      .where(sql`block_id IS NOT NULL`),
    check("staff_roles_block", sql`(${t.role} = 'warden') = (${t.blockId} IS NOT NULL)`),
  ],
);

/** Append-only: triggers in the migration refuse UPDATE and DELETE. */
export const staffAuditLog = sqliteTable(
  "staff_audit_log",
  {
    id: text("id").primaryKey(),
    campusId: text("campus_id")
      .notNull()
      .references(() => campuses.id),
    actorId: text("actor_id").references(() => users.id),
    action: text("action").notNull(),
    subjectKind: text("subject_kind").notNull(),
    subjectId: text("subject_id").notNull(),
    studentId: text("student_id").references(() => users.id),
    note: text("note"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("staff_audit_log_campus").on(t.campusId, t.createdAt),
    index("staff_audit_log_subject").on(t.subjectKind, t.subjectId),
    index("staff_audit_log_actor").on(t.actorId, t.createdAt),
    index("staff_audit_log_student")
      .on(t.studentId, t.createdAt)
      .where(sql`student_id IS NOT NULL`),
  ],
);

export const contentReports = sqliteTable(
  "content_reports",
  {
    id: text("id").primaryKey(),
    campusId: text("campus_id")
      .notNull()
      .references(() => campuses.id),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["listing", "request", "roommate", "complaint", "library"] }).notNull(),
    subjectId: text("subject_id").notNull(),
    reason: text("reason", {
      enum: ["scam", "offensive", "wrong_category", "personal_information", "graded_work", "copyright", "other"],
    }).notNull(),
    note: text("note"),
    createdAt: integer("created_at").notNull(),
    resolvedAt: integer("resolved_at"),
  },
  (t) => [
    uniqueIndex("content_reports_once").on(t.reporterId, t.kind, t.subjectId),
    index("content_reports_subject").on(t.kind, t.subjectId, t.resolvedAt),
    index("content_reports_queue").on(t.campusId, t.resolvedAt, t.createdAt),
  ],
);
