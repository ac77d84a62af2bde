import { select, sql } from "#server/db/sql.ts";
import { classroomReminders, googleConnections, googleHandoffs } from "#server/db/tables.generated.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// Google and Classroom: the connection (its tokens never exported), the reminders sent, and the
// one-time codes of a Google sign-in on its way. All forgotten with the account.

export const CLASSROOM_DATA = {
  google_connections: placed({
    onDelete: "deleted",
    exports: [
      exportAt(
        "classroom",
        ({ userId }) =>
          select(
            {
              googleEmail: googleConnections.google_email,
              remindersEnabled: googleConnections.reminders_enabled,
              lastCheckedAt: googleConnections.last_checked_at,
              lastError: googleConnections.last_error,
              updatedAt: googleConnections.updated_at,
            },
            sql`FROM ${googleConnections} WHERE ${googleConnections.user_id} = ${userId}`,
          ),
        ([google]) => ({
          connected: google !== undefined,
          ...(google ? { ...google, remindersEnabled: google.remindersEnabled === 1 } : {}),
        }),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM google_connections WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  classroom_reminders: placed({
    onDelete: "deleted",
    exports: [
      exportAt("classroom.remindersSent", ({ userId }) =>
        select(
          {
            courseName: classroomReminders.course_name,
            title: classroomReminders.title,
            kind: classroomReminders.kind,
            dueAt: classroomReminders.due_at,
            link: classroomReminders.link,
            sentAt: classroomReminders.created_at,
          },
          sql`FROM ${classroomReminders} WHERE ${classroomReminders.user_id} = ${userId}
            ORDER BY ${classroomReminders.created_at} DESC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM classroom_reminders WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  google_handoffs: placed({
    onDelete: "deleted",
    exports: [
      // One-time Google codes waiting to be redeemed (a minute at most): how many and for what, never the hash.
      exportAt("classroom.pendingGoogleCodes", ({ userId }) =>
        select(
          { purpose: googleHandoffs.purpose, expiresAt: googleHandoffs.expires_at },
          sql`FROM ${googleHandoffs} WHERE ${googleHandoffs.user_id} = ${userId}`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM google_handoffs WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
};
