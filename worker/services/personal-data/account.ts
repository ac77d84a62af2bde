import { int, returning, select, sql, text, update } from "#server/db/sql.ts";
import { AUTH_MESSAGES } from "#common/auth-messages.ts";
import { campuses, emailCodes, loginThrottle, sessions, users } from "#server/db/tables.generated.ts";
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
        ({ userId }) => {
          const u = users;
          const c = campuses;
          return select(
            {
              id: u.id,
              name: u.name,
              email: u.email,
              createdAt: u.created_at,
              emailVerifiedAt: u.email_verified_at,
              whatsappNumber: u.whatsapp_number,
              hasPassword: int(sql`${u.password_hash} IS NOT NULL`),
              googleLinked: int(sql`${u.google_sub} IS NOT NULL`),
              campusId: u.campus_id,
              // Subqueries, not a join: a batch reads rows by column name, and both tables have id and name.
              campusName: text(sql`(SELECT ${c.name} FROM ${c} WHERE ${c.id} = ${u.campus_id})`),
              campusShortName: text(sql`(SELECT ${c.short_name} FROM ${c} WHERE ${c.id} = ${u.campus_id})`),
            },
            sql`FROM ${u} WHERE ${u.id} = ${userId}`,
          );
        },
        ([me]) => {
          if (!me) throw new ApiError(401, AUTH_MESSAGES.signInFirst);
          return {
            id: me.id,
            name: me.name,
            email: me.email,
            campus: { id: me.campusId, name: me.campusName, shortName: me.campusShortName },
            verified: me.emailVerifiedAt !== null,
            verifiedAt: me.emailVerifiedAt,
            whatsappNumber: me.whatsappNumber,
            hasPassword: me.hasPassword === 1,
            googleLinked: me.googleLinked === 1,
            createdAt: me.createdAt,
          };
        },
      ),
    ],
    erase: {
      // Its answer says whether this call did the deletion (see ERASE_PHASES).
      account: ({ statement, userId, now }) => [
        statement((guard) =>
          returning(
            update(
              users,
              {
                name: DELETED_STUDENT,
                email: anonymousEmail(),
                password_hash: null,
                google_sub: null,
                whatsapp_number: null,
                email_verified_at: null,
                deleted_at: now,
              },
              sql`WHERE id = ${userId} AND ${guard}`,
            ),
            { id: users.id },
          ),
        ),
      ],
    },
  }),
  sessions: placed({
    onDelete: "deleted",
    exports: [
      exportAt(
        "devices",
        ({ userId, now }) =>
          select(
            {
              id: sessions.id,
              device: sessions.device,
              createdAt: sessions.created_at,
              lastSeenAt: sessions.last_seen_at,
              expiresAt: sessions.expires_at,
            },
            sql`FROM ${sessions} WHERE ${sessions.user_id} = ${userId} AND ${sessions.expires_at} > ${now}
              ORDER BY ${sessions.last_seen_at} DESC`,
          ),
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
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM sessions WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  login_throttle: placed({
    onDelete: "deleted",
    exports: [
      // Failed sign-ins are counted per address, so the row is found by the account's e-mail.
      exportAt(
        "signInThrottle",
        ({ userId }) =>
          select(
            {
              failures: loginThrottle.failures,
              windowStartedAt: loginThrottle.window_started_at,
              lockedUntil: loginThrottle.locked_until,
            },
            sql`FROM ${loginThrottle} WHERE ${loginThrottle.email} = (SELECT email FROM users WHERE id = ${userId})`,
          ),
        (rows) => rows[0] ?? null,
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement(
          (guard) =>
            sql`DELETE FROM login_throttle WHERE email = (SELECT email FROM users WHERE id = ${userId}) AND ${guard}`,
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
        ({ userId, now }) =>
          select(
            {
              purpose: emailCodes.purpose,
              sentAt: emailCodes.sent_at,
              expiresAt: emailCodes.expires_at,
              tries: emailCodes.tries,
              newEmail: emailCodes.new_email,
            },
            sql`FROM ${emailCodes} WHERE ${emailCodes.user_id} = ${userId} AND ${emailCodes.expires_at} > ${now}`,
          ),
        (codes) => codes.map(({ newEmail, ...code }) => (newEmail === null ? code : { ...code, newEmail })),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM email_codes WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  dev_outbox: placed({
    onDelete: "deleted",
    why: "Copies of mail kept only by a development Worker (DEV_OUTBOX=1; empty in a deploy). Never exported: the mails carry codes.",
    exports: [],
    erase: {
      remove: ({ statement, userId }) => [
        statement(
          (guard) =>
            sql`DELETE FROM dev_outbox WHERE to_address = (SELECT email FROM users WHERE id = ${userId}) AND ${guard}`,
        ),
      ],
    },
  }),
};
