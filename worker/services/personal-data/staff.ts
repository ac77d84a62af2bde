import { desc, eq, or, sql } from "drizzle-orm";
import { contentReports, staffAuditLog, staffRoles } from "#server/db/schema.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// Staff and moderation: the student's roles, the audit lines of what they did as staff or what
// staff did about them, and the reports they made.

export const STAFF_DATA = {
  staff_roles: placed({
    onDelete: "deleted",
    why: "The student's own roles end with the account. A role they granted to someone else stays (it is that person's), with granted_by emptied; who granted it stays in the audit log by id.",
    exports: [
      exportAt("staff.roles", ({ db, userId }) =>
        db
          .select({
            role: staffRoles.role,
            campusId: staffRoles.campusId,
            blockId: staffRoles.blockId,
            grantedAt: staffRoles.grantedAt,
          })
          .from(staffRoles)
          .where(eq(staffRoles.userId, userId)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        statement((guard) => `DELETE FROM staff_roles WHERE user_id = ?1 AND ${guard}`),
        statement((guard) => `UPDATE staff_roles SET granted_by = NULL WHERE granted_by = ?1 AND ${guard}`),
      ],
    },
  }),
  staff_audit_log: placed({
    onDelete: "kept-anonymised",
    why: "The audit log is append-only and must outlive the people in it: a line holds ids only (the actor's and the student's, which then point at the anonymised 'Deleted student' row) and the staff member's note, never a name or an address.",
    exports: [
      exportAt("staff.auditLog", ({ db, userId }) =>
        db
          .select({
            action: staffAuditLog.action,
            subjectKind: staffAuditLog.subjectKind,
            subjectId: staffAuditLog.subjectId,
            byMe: sql<number>`${staffAuditLog.actorId} = ${userId}`.mapWith((v) => v === 1),
            aboutMe: sql<number>`${staffAuditLog.studentId} = ${userId}`.mapWith((v) => v === 1),
            note: staffAuditLog.note,
            createdAt: staffAuditLog.createdAt,
          })
          .from(staffAuditLog)
          .where(or(eq(staffAuditLog.actorId, userId), eq(staffAuditLog.studentId, userId)))
          .orderBy(desc(staffAuditLog.createdAt)),
      ),
    ],
    erase: {},
  }),
  content_reports: placed({
    onDelete: "deleted",
    why: "The student's reports go with the account; a moderator's decision on the content stays in the audit log by ids.",
    exports: [
      // The reports the student made (what, why, and whether a moderator has looked).
      exportAt("reportsMade", ({ db, userId }) =>
        db
          .select({
            kind: contentReports.kind,
            subjectId: contentReports.subjectId,
            reason: contentReports.reason,
            note: contentReports.note,
            createdAt: contentReports.createdAt,
            resolvedAt: contentReports.resolvedAt,
          })
          .from(contentReports)
          .where(eq(contentReports.reporterId, userId))
          .orderBy(desc(contentReports.createdAt)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        statement((guard) => `DELETE FROM content_reports WHERE reporter_id = ?1 AND ${guard}`),
      ],
    },
  }),
};
