// Password reset by e-mailed code (docs/decisions/0075). Nothing here tells whether an
// address has an account: the request always answers the same, the limits apply to every address
// alike, and a wrong, expired or missing code gets one message.
import { z } from "zod";
import { batch, first, select, sql, update } from "#server/db/sql.ts";
import { campuses, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { hashPassword } from "#server/lib/password.ts";
import { RESET_MESSAGES } from "#common/auth-messages.ts";
import { emailSchema, newPasswordField } from "#server/services/auth/sign-in.ts";
import type { Caller } from "#server/services/caller.ts";
import { assertCodeAllowed, codeSchema, consumeCode, sendCode } from "#server/services/auth/email-codes.ts";
import { logError } from "#server/lib/log.ts";
import { clearFailedSignIns } from "#server/services/auth/login-throttle.ts";
import { endEarlierHoldersSetUp, endOtherDevices, withCalendarNote } from "#server/services/auth/account-security.ts";

export const resetRequestSchema = z.object({ email: emailSchema });

export const resetConfirmSchema = z.object({
  email: emailSchema,
  code: codeSchema,
  password: newPasswordField,
});

/**
 * Sends a reset code to the address if it has an account. Limited per client address and per
 * e-mail address (the same for addresses with and without an account); the answer is always
 * RESET_MESSAGES.requested. Before the answer every address gets exactly the same work (the two
 * limits); looking the address up, making the code and mailing it are handed to `caller.later`
 * (waitUntil) alike for both, so the time of the answer says nothing about the address. (Doing the
 * same work in both paths before answering was not enough: a known address wrote its code to the D1
 * primary and an unknown one only read, about 45 ms apart.)
 */
export async function requestPasswordReset(
  env: Env,
  caller: Pick<Caller, "clientAddress" | "later">,
  input: z.output<typeof resetRequestSchema>,
): Promise<string> {
  await assertCodeAllowed(env, caller.clientAddress);
  const perAddress = await env.RESET_EMAIL_LIMITER.limit({ key: `reset:${input.email}` });
  if (!perAddress.success) throw new ApiError(429, RESET_MESSAGES.addressLimited, { retryAfter: 60 });
  const job = mailResetCode(env, input.email);
  if (caller.later) caller.later(job);
  else await job;
  return RESET_MESSAGES.requested;
}

/** After the answer: the code and its mail, if the address has an account. Never throws (logged). */
async function mailResetCode(env: Env, email: string): Promise<void> {
  try {
    const account = await first(
      env,
      select(
        { id: users.id, email: users.email, campusName: campuses.name },
        // A deleted account's anonymous address never gets a code (decision 0078).
        sql`FROM ${users} JOIN ${campuses} ON ${campuses.id} = ${users.campus_id}
          WHERE ${users.email} = ${email} AND ${users.deleted_at} IS NULL LIMIT 1`,
      ),
    );
    // A code sent under a minute ago stays the one to use. Already after the answer: the mail is sent here.
    if (account) await sendCode(env, {}, account, "reset");
  } catch (error) {
    logError("password-reset", error, { msg: "reset code not sent" });
  }
}

/**
 * Sets a new password with the e-mailed code and ends every session of the account. The code also
 * proves the address, so an unverified account becomes verified and a sign-in lock on the address
 * is lifted. Any failure of the code is one 400 that does not say whether the account exists.
 */
export async function confirmPasswordReset(
  env: Env,
  caller: Pick<Caller, "clientAddress" | "later">,
  input: z.output<typeof resetConfirmSchema>,
): Promise<string> {
  await assertCodeAllowed(env, caller.clientAddress);
  const check = await consumeCode(env, caller, { email: input.email }, "reset", input.code);
  if (!check.ok) throw new ApiError(400, RESET_MESSAGES.badCode, { field: "code" });
  const passwordHash = await hashPassword(input.password);
  const now = Date.now();
  const { userId } = check;
  // Whoever set the account up before the address was proven (decision 0095): true until the last
  // statement of the batch proves it, so the claim's statements run exactly for such an account.
  const unproven = sql`EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND email_verified_at IS NULL)`;
  // One batch: the new password, every session gone (a thief's too) with every push device and the
  // calendar link, what an earlier holder set up, and the address proven.
  const [, , , calendar] = await batch(env, [
    update(users, { password_hash: passwordHash }, sql`WHERE id = ${userId}`),
    sql`DELETE FROM sessions WHERE user_id = ${userId}`,
    ...endOtherDevices(userId, null),
    ...endEarlierHoldersSetUp(userId, unproven),
    update(users, { email_verified_at: now }, sql`WHERE id = ${userId} AND email_verified_at IS NULL`),
  ]);
  await clearFailedSignIns(env, input.email);
  return withCalendarNote(RESET_MESSAGES.done, calendar.rows).message;
}
