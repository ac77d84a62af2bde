import { and, desc, eq, gt, sql } from "drizzle-orm";
import { campuses, emailCodes, loginThrottle, sessions, users } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/errors.ts";
import { DELETED_STUDENT, exportAt, placed } from "#server/services/personal-data/place.ts";

// The account itself and what signs it in: the users row, sessions, the sign-in throttle of its
// address, e-mailed codes and the development outbox's copies of mail to it.

/** An address that can never be anyone's: the reserved .invalid domain and a fresh random id. */
function anonymousEmail(): string {
  return `deleted-${crypto.randomUUID()}@deleted.invalid`;
}

export const ACCOUNT_DATA = {
  users: placed({
    onDelete: "kept-anonymised",
    why: "The row stays so that kept records point at someone: name 'Deleted student', an unusable address, no password, no Google link.",
    exports: [
      exportAt(
        "account",
        ({ db, userId }) =>
          db
            .select({
              id: users.id,
              name: users.name,
              email: users.email,
              createdAt: users.createdAt,
              emailVerifiedAt: users.emailVerifiedAt,
              whatsappNumber: users.whatsappNumber,
              hasPassword: sql<number>`${users.passwordHash} IS NOT NULL`.mapWith(Boolean),
              googleLinked: sql<number>`${users.googleSub} IS NOT NULL`.mapWith(Boolean),
              campusId: users.campusId,
              // Subqueries, not a join: a batch reads rows by column name, and both tables have id and name.
              campusName: sql<string>`(SELECT ${campuses.name} FROM ${campuses} WHERE ${campuses.id} = ${users.campusId})`,
              campusShortName: sql<string>`(SELECT ${campuses.shortName} FROM ${campuses} WHERE ${campuses.id} = ${users.campusId})`,
            })
            .from(users)
            .where(eq(users.id, userId)),
        ([me]) => {
          if (!me) throw new ApiError(401, "Please sign in to continue.");
          return {
            id: me.id,
            name: me.name,
            email: me.email,
            campus: { id: me.campusId, name: me.campusName, shortName: me.campusShortName },
            verified: me.emailVerifiedAt !== null,
            verifiedAt: me.emailVerifiedAt,
            whatsappNumber: me.whatsappNumber,
            hasPassword: me.hasPassword,
            googleLinked: me.googleLinked,
            createdAt: me.createdAt,
          };
        },
      ),
    ],
    erase: {
      // Its answer says whether this call did the deletion (see ERASE_PHASES).
      account: ({ statement, now }) => [
        statement(
          (
            guard,
          ) => `UPDATE users SET name = ?3, email = ?4, password_hash = NULL, google_sub = NULL, whatsapp_number = NULL, email_verified_at = NULL, deleted_at = ?5
       WHERE id = ?1 AND ${guard} RETURNING id`,
          DELETED_STUDENT,
          anonymousEmail(),
          now,
        ),
      ],
    },
  }),
  sessions: placed({
    onDelete: "deleted",
    exports: [
      exportAt(
        "devices",
        ({ db, userId, now }) =>
          db
            .select({
              id: sessions.id,
              device: sessions.device,
              createdAt: sessions.createdAt,
              lastSeenAt: sessions.lastSeenAt,
              expiresAt: sessions.expiresAt,
            })
            .from(sessions)
            .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
            .orderBy(desc(sessions.lastSeenAt)),
        (devices, { currentSessionId }) =>
          devices.map((d) => ({
            device: d.device,
            signedInAt: d.createdAt,
            lastSeenAt: d.lastSeenAt,
            expiresAt: d.expiresAt,
            current: d.id === currentSessionId,
          })),
      ),
    ],
    // Signed out everywhere.
    erase: {
      remove: ({ statement }) => [statement((guard) => `DELETE FROM sessions WHERE user_id = ?1 AND ${guard}`)],
    },
  }),
  login_throttle: placed({
    onDelete: "deleted",
    exports: [
      // Failed sign-ins are counted per address, so the row is found by the account's e-mail.
      exportAt(
        "signInThrottle",
        ({ db, userId }) =>
          db
            .select({
              failures: loginThrottle.failures,
              windowStartedAt: loginThrottle.windowStartedAt,
              lockedUntil: loginThrottle.lockedUntil,
            })
            .from(loginThrottle)
            .where(sql`${loginThrottle.email} = (SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${userId})`),
        (rows) => rows[0] ?? null,
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        statement(
          (guard) => `DELETE FROM login_throttle WHERE email = (SELECT email FROM users WHERE id = ?1) AND ${guard}`,
        ),
      ],
    },
  }),
  email_codes: placed({
    onDelete: "deleted",
    exports: [
      // E-mailed codes waiting to be used: what for and until when, never the code or its hash; a
      // change of address also names the new address the code went to (decision 0123).
      exportAt(
        "codes",
        ({ db, userId, now }) =>
          db
            .select({
              purpose: emailCodes.purpose,
              sentAt: emailCodes.sentAt,
              expiresAt: emailCodes.expiresAt,
              tries: emailCodes.tries,
              newEmail: emailCodes.newEmail,
            })
            .from(emailCodes)
            .where(and(eq(emailCodes.userId, userId), gt(emailCodes.expiresAt, now))),
        (codes) => codes.map(({ newEmail, ...code }) => (newEmail === null ? code : { ...code, newEmail })),
      ),
    ],
    erase: {
      remove: ({ statement }) => [statement((guard) => `DELETE FROM email_codes WHERE user_id = ?1 AND ${guard}`)],
    },
  }),
  dev_outbox: placed({
    onDelete: "deleted",
    why: "Copies of mail kept only by a development Worker (DEV_OUTBOX=1; empty in a deploy). Never exported: the mails carry codes.",
    exports: [],
    erase: {
      remove: ({ statement }) => [
        statement(
          (guard) => `DELETE FROM dev_outbox WHERE to_address = (SELECT email FROM users WHERE id = ?1) AND ${guard}`,
        ),
      ],
    },
  }),
};
