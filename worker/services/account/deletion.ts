// "Delete my account" for both doors (DELETE /api/auth/account and the /account form): the student's
// own data goes, what other students hold stays with the person anonymised, in one atomic D1 batch
// (docs/decisions/0078-download-and-delete-my-account.md). The statements, table by table, are the
// registry's (../personal-data/registry.ts); this checks the proof, runs them and deletes the files after.
import { z } from "zod";
import { batch, first, select, type Sql, sql, textOrNull } from "#server/db/sql.ts";
import { sessions, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { fileKeys as libraryFileKeys } from "#server/services/library/index-queue.ts";
import { logWarning } from "#server/lib/log.ts";
import { verifyPassword } from "#server/lib/password.ts";
import { PLACED_TABLES } from "#server/services/personal-data/registry.ts";
import {
  DELETED_STUDENT,
  ERASE_PHASES,
  type ErasePhase,
  type Guarded,
  type Erased,
} from "#server/services/personal-data/place.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { assertCodeAllowed, codeSchema, consumeCode, sendCode } from "#server/services/auth/email-codes.ts";
import type { Caller } from "#server/services/caller.ts";
import type { OwnSession } from "#server/services/account/settings.ts";
import { DELETION_MESSAGES } from "#common/account-messages.ts";
import { AUTH_MESSAGES } from "#common/auth-messages.ts";

// The name the screens' messages and the tests know the anonymised account by.
export { DELETED_STUDENT };

/** A form's blank field is no answer, as a missing key is. */
const blankIsMissing = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const deleteAccountSchema = z.object(
  {
    // Not checked for length beyond the cap: a wrong password is a 403 like any other.
    password: z.preprocess(
      blankIsMissing,
      z.string({ error: "Send your password as text." }).max(200, DELETION_MESSAGES.wrongPassword).optional(),
    ),
    // For an account without a password: the code e-mailed by sendDeletionCode.
    code: z.preprocess(blankIsMissing, codeSchema.optional()),
  },
  { error: 'Send the body as a JSON object, for example { "password": "..." }.' },
);

export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/**
 * E-mails the code that deletes an account without a password (one that signs in with Google only),
 * at most once a minute; code requests count towards the caller's per-address limit. Answers the
 * message to show.
 */
export async function sendDeletionCode(
  env: Env,
  caller: Caller,
  member: Pick<SessionUser, "id" | "email" | "campusName">,
): Promise<string> {
  await assertCodeAllowed(env, caller.clientAddress);
  const row = await first(
    env,
    select({ passwordHash: users.password_hash }, sql`FROM ${users} WHERE ${users.id} = ${member.id} LIMIT 1`),
  );
  if (!row) throw new ApiError(401, AUTH_MESSAGES.signInFirst);
  if (row.passwordHash) throw new ApiError(409, DELETION_MESSAGES.hasPassword, { field: "password" });
  const sent = await sendCode(
    env,
    caller,
    { id: member.id, email: member.email, campusName: member.campusName },
    "delete",
  );
  if (!sent.ok)
    throw new ApiError(429, DELETION_MESSAGES.codeTooSoon(sent.retryAfterSeconds), {
      retryAfter: sent.retryAfterSeconds,
    });
  return DELETION_MESSAGES.codeSent(member.email);
}

/**
 * Deletes the signed-in student's account. Proof that it is the student, not a borrowed session: the
 * password (its checks share the change-password limit, LOGIN_LIMITER per student), or, for an account
 * without one, the code e-mailed to the address (sendDeletionCode; 5 tries, used once; a code check
 * counts towards the caller's per-address code limit, as every code check does).
 *
 * Every statement of the batch is conditional on the account being as it was checked (not deleted,
 * the same password hash), and the account row itself is anonymised last: of two simultaneous
 * deletions one does everything and the other nothing (409). Files of the removed rows are deleted
 * after the batch, from the keys the batch itself returned.
 */
export async function deleteAccount(
  env: Env,
  caller: Caller,
  session: OwnSession,
  input: DeleteAccountInput,
): Promise<void> {
  if (input.code !== undefined) await assertCodeAllowed(env, caller.clientAddress);
  const row = await first(
    env,
    select(
      { passwordHash: users.password_hash, deletedAt: users.deleted_at },
      sql`FROM ${users} JOIN ${sessions} ON ${sessions.user_id} = ${users.id} AND ${sessions.id} = ${session.sessionId}
        WHERE ${users.id} = ${session.userId} LIMIT 1`,
    ),
  );
  if (!row) throw new ApiError(401, AUTH_MESSAGES.signInFirst);
  if (row.deletedAt !== null) throw new ApiError(409, DELETION_MESSAGES.alreadyDeleted);
  if (row.passwordHash) {
    if (!input.password) throw new ApiError(400, DELETION_MESSAGES.needPassword, { field: "password" });
    const { success } = await env.LOGIN_LIMITER.limit({ key: `password:${session.userId}` });
    if (!success) throw new ApiError(429, DELETION_MESSAGES.tooMany);
    if (!(await verifyPassword(input.password, row.passwordHash)))
      throw new ApiError(403, DELETION_MESSAGES.wrongPassword, { field: "password" });
  } else {
    if (!input.code) throw new ApiError(400, DELETION_MESSAGES.needCode, { field: "code" });
    const check = await consumeCode(env, caller, { userId: session.userId }, "delete", input.code);
    if (!check.ok) {
      if (check.reason === "wrong")
        throw new ApiError(403, DELETION_MESSAGES.wrongCode(check.triesLeft), {
          field: "code",
          triesLeft: check.triesLeft,
        });
      throw new ApiError(
        403,
        check.reason === "used-up" ? DELETION_MESSAGES.codeUsedUp : DELETION_MESSAGES.codeMissing,
        { field: "code", triesLeft: 0 },
      );
    }
  }

  const now = Date.now();
  const userId = session.userId;
  // The password hash as checked: NULL for a Google-only account (IS compares NULLs).
  const hash = row.passwordHash;
  // A campus keeps one admin (decision 0083), whatever removes the role: the only admin of a campus is
  // not deleted. Part of every statement's condition, so of two admins deleting their accounts at
  // once the second batch finds the first one's role gone and writes nothing.
  const notLastAdmin = sql`NOT EXISTS (SELECT 1 FROM staff_roles r WHERE r.user_id = ${userId} AND r.role = 'admin'
      AND NOT EXISTS (SELECT 1 FROM staff_roles o WHERE o.campus_id = r.campus_id AND o.role = 'admin' AND o.user_id <> ${userId}))`;
  const asChecked = sql`EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND deleted_at IS NULL AND password_hash IS ${hash}) AND ${notLastAdmin}`;
  // The account row checks itself: the same condition, on its own columns.
  const guards: Record<ErasePhase, Sql> = {
    remove: asChecked,
    anonymise: asChecked,
    account: sql`deleted_at IS NULL AND password_hash IS ${hash} AND ${notLastAdmin}`,
  };
  const statements = ERASE_PHASES.flatMap((phase) => {
    const statement: Guarded = (build) => {
      const built = build(guards[phase]);
      // Every statement is conditional: one that is not would run alone when the others write nothing.
      if (!placeholdersAside(built.text).includes(placeholdersAside(guards[phase].text)))
        throw new Error(`account deletion: a statement without its guard: ${built.text}`);
      return built;
    };
    return PLACED_TABLES.flatMap((table) => table.erase[phase]?.({ statement, userId, now }) ?? []);
  });
  const results = await batch(env, statements);
  // The account row is last (the "account" phase): its answer says whether this call did the deletion.
  const done = results.at(-1)?.rows.length === 1;
  if (!done) {
    const u = users.as("u");
    const why = await first(
      env,
      select(
        {
          deletedAt: u.deleted_at,
          onlyAdminOf:
            textOrNull(sql`(SELECT c.name FROM staff_roles r JOIN campuses c ON c.id = r.campus_id WHERE r.user_id = ${userId} AND r.role = 'admin'
            AND NOT EXISTS (SELECT 1 FROM staff_roles o WHERE o.campus_id = r.campus_id AND o.role = 'admin' AND o.user_id <> ${userId}) LIMIT 1)`),
        },
        sql`FROM ${u} WHERE ${u.id} = ${userId}`,
      ),
    );
    if (why?.deletedAt != null) throw new ApiError(409, DELETION_MESSAGES.alreadyDeleted);
    if (why?.onlyAdminOf) throw new ApiError(409, DELETION_MESSAGES.lastAdmin(why.onlyAdminOf), { code: "last_admin" });
    throw new ApiError(409, DELETION_MESSAGES.changed);
  }

  // A listing's other photos and small versions come as its photos JSON; a library upload's photos not
  // yet put together as its count of parts (docs/decisions/0117).
  const keysOf = (x: Erased) => [
    ...(x.fileKey ? libraryFileKeys(x.fileKey, x.fileParts ?? null) : []),
    ...(x.photoList ? photoKeysOf(x.photoList) : []),
  ];
  const fileKeys = [
    ...new Set(
      results.flatMap((r) => r.rows.flatMap(keysOf).filter((k): k is string => typeof k === "string" && k !== "")),
    ),
  ];
  if (fileKeys.length === 0) return;
  try {
    await env.FILES.delete(fileKeys);
  } catch (error) {
    // The account is deleted either way; no row points at these files any more. The keys are random
    // (nothing personal), logged so that an operator can remove them.
    logWarning("account deleted, but some of its files could not be removed", {
      event: "account.delete_files_failed",
      ...(caller.reqId ? { reqId: caller.reqId } : {}),
      fileKeys,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** A statement's text with its parameters' numbers left out: a guard spliced in is renumbered. */
function placeholdersAside(text: string): string {
  return text.replace(/\?\d+/g, "?");
}

/** The keys of a listing's photos and their small versions, from its photos JSON (migrations/0021_photos_expiry.sql). */
function photoKeysOf(photoList: string): (string | null)[] {
  const photos: { key: string; thumb: string | null }[] = JSON.parse(photoList);
  return photos.flatMap((p) => [p.key, p.thumb]);
}
