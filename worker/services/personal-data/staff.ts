import { int, select, sql } from "#server/db/sql.ts";
import { contentReports, staffAuditLog, staffRoles } from "#server/db/tables.generated.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// Staff and moderation: the student's roles, the audit lines of what they did as staff or what
// staff did about them, and the reports they made.

export const STAFF_DATA = {
  staff_roles: placed({
    onDelete: "deleted",
    why: "The student's own roles end with the account. A role they granted to someone else stays (it is that person's), with granted_by emptied; who granted it stays in the audit log by id.",
    exports: [
      exportAt("staff.roles", ({ userId }) =>
        select(
          {
            role: staffRoles.role,
            campusId: staffRoles.campus_id,
            blockId: staffRoles.block_id,
            grantedAt: staffRoles.granted_at,
          },
          sql`FROM ${staffRoles} WHERE ${staffRoles.user_id} = ${userId}`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM staff_roles WHERE user_id = ${userId} AND ${guard}`),
        statement((guard) => sql`UPDATE staff_roles SET granted_by = NULL WHERE granted_by = ${userId} AND ${guard}`),
      ],
    },
  }),
  staff_audit_log: placed({
    onDelete: "kept-anonymised",
    why: "The audit log is append-only and must outlive the people in it: a line holds ids only (the actor's and the student's, which then point at the anonymised 'Deleted student' row) and the staff member's note, never a name or an address.",
    exports: [
      exportAt(
        "staff.auditLog",
        ({ userId }) =>
          select(
            {
              action: staffAuditLog.action,
              subjectKind: staffAuditLog.subject_kind,
              subjectId: staffAuditLog.subject_id,
              byMe: int(sql`${staffAuditLog.actor_id} = ${userId}`),
              aboutMe: int(sql`${staffAuditLog.student_id} = ${userId}`),
              note: staffAuditLog.note,
              createdAt: staffAuditLog.created_at,
            },
            sql`FROM ${staffAuditLog} WHERE ${staffAuditLog.actor_id} = ${userId} OR ${staffAuditLog.student_id} = ${userId}
              ORDER BY ${staffAuditLog.created_at} DESC`,
          ),
        (lines) => lines.map((line) => ({ ...line, byMe: line.byMe === 1, aboutMe: line.aboutMe === 1 })),
      ),
    ],
    erase: {},
  }),
  content_reports: placed({
    onDelete: "deleted",
    why: "The student's reports go with the account; a moderator's decision on the content stays in the audit log by ids.",
    exports: [
      // The reports the student made (what, why, and whether a moderator has looked).
      exportAt("reportsMade", ({ userId }) =>
        select(
          {
            kind: contentReports.kind,
            subjectId: contentReports.subject_id,
            reason: contentReports.reason,
            note: contentReports.note,
            createdAt: contentReports.created_at,
            resolvedAt: contentReports.resolved_at,
          },
          sql`FROM ${contentReports} WHERE ${contentReports.reporter_id} = ${userId} ORDER BY ${contentReports.created_at} DESC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM content_reports WHERE reporter_id = ${userId} AND ${guard}`),
      ],
    },
  }),
};
