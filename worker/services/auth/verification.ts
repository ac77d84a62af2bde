// Proving a college address with an e-mailed code (docs/decisions/0075). The account of a
// college address starts unverified; the code sent at registration (or a new one, at most once a
// minute) verifies it. The Open community has no college mail and needs no code.
import { z } from "zod";
import { VERIFY_MESSAGES } from "#common/auth-messages.ts";
import { verifiedBadge } from "#common/membership.ts";
import { run, sql, update } from "#server/db/sql.ts";
import { users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { logError } from "#server/lib/log.ts";
import type { Caller } from "#server/services/caller.ts";
import {
  assertCodeAllowed,
  type CodeScope,
  codeSchema,
  consumeCode,
  sendCode,
} from "#server/services/auth/email-codes.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";

/** `POST /api/auth/verify` and the /verify form (the VerifyBanner's too). */
export const verifySchema = z.object({ code: codeSchema });

type Member = Pick<SessionUser, "id" | "email" | "campusName" | "campusShortName" | "openCommunity" | "verified">;

/**
 * The code sent with a new college account. Nothing about the mail can fail the registration: a
 * failure is logged and the student asks for a new code on the verify screen.
 */
export async function sendCodeAtRegistration(env: Env, scope: CodeScope, member: Member): Promise<void> {
  if (member.openCommunity || member.verified) return;
  try {
    await sendCode(env, scope, { id: member.id, email: member.email, campusName: member.campusName }, "verify");
  } catch (error) {
    logError("mail", error, { msg: "verification code not issued at registration" });
  }
}

function refuseIfNothingToVerify(member: Member): void {
  if (member.openCommunity) throw new ApiError(409, VERIFY_MESSAGES.openCommunity, { code: "open_community" });
  if (member.verified) throw new ApiError(409, VERIFY_MESSAGES.alreadyVerified, { code: "already_verified" });
}

/**
 * A new code, at most once a minute (429 with Retry-After before then); code requests count towards
 * the caller's per-address limit. Answers the message to show.
 */
export async function resendVerification(env: Env, caller: Caller, member: Member): Promise<string> {
  await assertCodeAllowed(env, caller.clientAddress);
  refuseIfNothingToVerify(member);
  const result = await sendCode(
    env,
    caller,
    { id: member.id, email: member.email, campusName: member.campusName },
    "verify",
  );
  if (!result.ok)
    throw new ApiError(429, VERIFY_MESSAGES.tooSoon(result.retryAfterSeconds), {
      retryAfter: result.retryAfterSeconds,
    });
  return VERIFY_MESSAGES.sent(member.email);
}

/**
 * Checks the code and marks the address verified; every check counts towards the caller's
 * per-address code limit. Already verified: a 200 that changes nothing (a second tab, a double
 * submit). Wrong: 400 with the tries left; used up or expired: 400 saying to ask for a new code.
 */
export async function verifyEmail(
  env: Env,
  caller: Caller,
  member: Member,
  input: z.output<typeof verifySchema>,
): Promise<string> {
  await assertCodeAllowed(env, caller.clientAddress);
  if (member.openCommunity) throw new ApiError(409, VERIFY_MESSAGES.openCommunity, { code: "open_community" });
  if (member.verified) return VERIFY_MESSAGES.alreadyVerified;
  const check = await consumeCode(env, caller, { userId: member.id }, "verify", input.code);
  if (!check.ok) {
    if (check.reason === "wrong")
      throw new ApiError(400, VERIFY_MESSAGES.wrong(check.triesLeft), { field: "code", triesLeft: check.triesLeft });
    throw new ApiError(400, check.reason === "used-up" ? VERIFY_MESSAGES.usedUp : VERIFY_MESSAGES.missing, {
      field: "code",
      triesLeft: 0,
    });
  }
  // Conditional: the first proof sets the time; a later one changes nothing.
  await run(
    env,
    update(users, { email_verified_at: Date.now() }, sql`WHERE id = ${member.id} AND email_verified_at IS NULL`),
  );
  return VERIFY_MESSAGES.verified(verifiedBadge(member.campusShortName));
}
