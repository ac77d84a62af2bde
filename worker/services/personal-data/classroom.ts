import { desc, eq } from "drizzle-orm";
import { classroomReminders, googleConnections, googleHandoffs } from "#server/db/schema.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// Google and Classroom: the connection (its tokens never exported), the reminders sent, and the
// one-time codes of a Google sign-in on its way. All forgotten with the account.

export const CLASSROOM_DATA = {
  google_connections: placed({
    onDelete: "deleted",
    exports: [
      exportAt(
        "classroom",
        ({ db, userId }) =>
          db
            .select({
              googleEmail: googleConnections.googleEmail,
              remindersEnabled: googleConnections.remindersEnabled,
              lastCheckedAt: googleConnections.lastCheckedAt,
              lastError: googleConnections.lastError,
              updatedAt: googleConnections.updatedAt,
            })
            .from(googleConnections)
            .where(eq(googleConnections.userId, userId)),
        ([google]) => ({ connected: google !== undefined, ...(google ?? {}) }),
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        statement((guard) => `DELETE FROM google_connections WHERE user_id = ?1 AND ${guard}`),
      ],
    },
  }),
  classroom_reminders: placed({
    onDelete: "deleted",
    exports: [
      exportAt("classroom.remindersSent", ({ db, userId }) =>
        db
          .select({
            courseName: classroomReminders.courseName,
            title: classroomReminders.title,
            kind: classroomReminders.kind,
            dueAt: classroomReminders.dueAt,
            link: classroomReminders.link,
            sentAt: classroomReminders.createdAt,
          })
          .from(classroomReminders)
          .where(eq(classroomReminders.userId, userId))
          .orderBy(desc(classroomReminders.createdAt)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        statement((guard) => `DELETE FROM classroom_reminders WHERE user_id = ?1 AND ${guard}`),
      ],
    },
  }),
  google_handoffs: placed({
    onDelete: "deleted",
    exports: [
      // One-time Google codes waiting to be redeemed (a minute at most): how many and for what, never the hash.
      exportAt("classroom.pendingGoogleCodes", ({ db, userId }) =>
        db
          .select({ purpose: googleHandoffs.purpose, expiresAt: googleHandoffs.expiresAt })
          .from(googleHandoffs)
          .where(eq(googleHandoffs.userId, userId)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [statement((guard) => `DELETE FROM google_handoffs WHERE user_id = ?1 AND ${guard}`)],
    },
  }),
};
