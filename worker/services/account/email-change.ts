// Changing the account's e-mail address with a code mailed to the new address
// (docs/decisions/0123-changing-the-address.md). It is how a member of the Open community joins their
// college: the code proves the college address, so the account joins that college, verified.
//
// Who may ask: the signed-in student, proving it is them (the current password; an account without
// one, within 10 minutes of a Google sign-in, as for setting a password: decision 0007). The code
// (decision 0075's machinery: 6 digits, 15 minutes, 5 tries, a new one at most once a minute) is
// bound to the new address. The change is one batch: the address, the campus, every other session,
// push device and the calendar link (as securing does: decision 0095), every other code (mailed to
// the old address), the student's notice, what a move between campuses ends (./campus-move.ts), and
// the code used up; each statement conditional on the change happening in this batch.
import { z } from "zod";
import { CALENDAR_RESET, EMAIL_CHANGE_MESSAGES as M } from "#common/account-messages.ts";
import { AUTH_MESSAGES } from "#common/auth-messages.ts";
import { formatIndiaDateTime } from "#common/format.ts";
import { verifiedBadge } from "#common/membership.ts";
import { batch, insertWhere, int, returning, select, sql } from "#server/db/sql.ts";
import { calendarFeeds, notices, sessions, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { logWarning } from "#server/lib/log.ts";
import { verifyPassword } from "#server/lib/password.ts";
import { emailSchema } from "#server/services/auth/sign-in.ts";
import { FRESH_SIGN_IN_MS } from "#server/services/account/settings.ts";
import type { Caller } from "#server/services/caller.ts";
import { campusForEmail, type CampusOfMember } from "#server/services/campus.ts";
import {
  leaveCampus,
  mayLeave,
  moveBlockersOf,
  moveBlockersRead,
  refuseBlockedMove,
} from "#server/services/account/campus-move.ts";
import {
  assertCodeAllowed,
  checkCode,
  codeSchema,
  codeUnused,
  sendCode,
  spendCode,
} from "#server/services/auth/email-codes.ts";
import { sendMail } from "#server/services/mail.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";

/** `POST /api/auth/email-change` and /account's form: the new address, and the current password when the account has one. */
export const emailChangeSchema = z.object({
  email: emailSchema,
  // Empty is allowed here: an account without a password has none to give (checked in requestEmailChange).
  password: z.string({ error: M.needPassword }).max(200, M.wrongPassword).default(""),
});

/** `POST /api/auth/email-change/confirm` and /account's code form. */
export const emailChangeConfirmSchema = z.object({ code: codeSchema });

type Member = Pick<
  SessionUser,
  "id" | "email" | "campusId" | "campusName" | "campusShortName" | "openCommunity" | "grievanceName" | "grievanceEmail"
>;

/** The signed-in student and the session they act from (this device, which stays signed in). */
export interface ChangingMember {
  member: Member;
  sessionId: string;
}

export interface EmailChangeRequested {
  message: string;
  /** The address the code went to. */
  email: string;
  /** The campus the account joins with it. */
  campus: CampusOfMember;
  /** The account moves to another campus (what the move ends is in the message). */
  moves: boolean;
}

/** The campus of the new address; its refusals (no college and OPEN_SIGNUP off, a disabled college) point at the field. */
async function campusOfNewAddress(env: Env, email: string): Promise<CampusOfMember> {
  try {
    return await campusForEmail(env, email);
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(error.status, error.message, { ...error.extra, field: "email" });
    throw error;
  }
}

/**
 * Mails a code to the new address. Refused: the same address (400), the password missing or wrong
 * (400, 403; checks share the password change's limit, LOGIN_LIMITER per student), an account
 * without a password whose Google sign-in is older than 10 minutes (403), an address no college
 * takes while OPEN_SIGNUP is off (400), an address another account uses (409: registration tells
 * that already, decision 0123), a move that a staff role or a reservation stops (409), more than
 * 20 code requests a minute from the client's address or 3 a minute to the same address, a new
 * code within a minute of the last (429).
 */
export async function requestEmailChange(
  env: Env,
  caller: Caller,
  { member, sessionId }: ChangingMember,
  input: z.output<typeof emailChangeSchema>,
): Promise<EmailChangeRequested> {
  await assertCodeAllowed(env, caller.clientAddress);
  const target = input.email;
  if (target === member.email) throw new ApiError(400, M.same, { field: "email" });
  // One round trip: who is asking (the password, this session's age), whether the address is taken,
  // and what would stop a move; each is used only after what comes before it in the checks below.
  const u = users.as("u");
  const s = sessions.as("s");
  const [account, taken, blockers] = await batch(env, [
    select(
      { passwordHash: u.password_hash, sessionCreatedAt: s.created_at },
      sql`FROM ${u} JOIN ${s} ON ${s.user_id} = ${u.id} AND ${s.id} = ${sessionId}
      WHERE ${u.id} = ${member.id} AND ${u.deleted_at} IS NULL`,
    ),
    select({ one: int(sql`1`) }, sql`FROM ${users} WHERE ${users.email} = ${target}`),
    moveBlockersRead(member.id, member.campusId),
  ]);
  const [row] = account.rows;
  if (!row) throw new ApiError(401, AUTH_MESSAGES.signInFirst);
  // It is the student, not a borrowed session: before anything about the new address is answered.
  if (row.passwordHash) {
    if (!input.password) throw new ApiError(400, M.needPassword, { field: "password" });
    const { success } = await env.LOGIN_LIMITER.limit({ key: `password:${member.id}` });
    if (!success) throw new ApiError(429, M.tooMany, { retryAfter: 60 });
    if (!(await verifyPassword(input.password, row.passwordHash)))
      throw new ApiError(403, M.wrongPassword, { field: "password" });
  } else if (Date.now() - row.sessionCreatedAt > FRESH_SIGN_IN_MS) {
    throw new ApiError(403, M.needFreshSignIn, { field: "email", code: "fresh_sign_in" });
  }
  const campus = await campusOfNewAddress(env, target);
  if (taken.rows.length > 0) throw new ApiError(409, M.taken, { field: "email", code: "email_taken" });
  const moves = campus.campusId !== member.campusId;
  if (moves) refuseBlockedMove(moveBlockersOf(blockers.rows), member.campusName);
  // Mail to any one address is limited whoever asks (the same limit as reset requests, a key of its own).
  const perAddress = await env.RESET_EMAIL_LIMITER.limit({ key: `email-change:${target}` });
  if (!perAddress.success) throw new ApiError(429, M.addressLimited, { retryAfter: 60 });
  const sent = await sendCode(env, caller, { id: member.id, email: target, campusName: campus.campusName }, "email");
  if (!sent.ok) throw new ApiError(429, M.tooSoon(sent.retryAfterSeconds), { retryAfter: sent.retryAfterSeconds });
  return {
    message: moves ? `${M.sent(target)} ${M.moves(member.campusName, campus.campusName)}` : M.sent(target),
    email: target,
    campus,
    moves,
  };
}

export interface EmailChanged {
  message: string;
  email: string;
  campus: CampusOfMember;
  verified: true;
  /** Listings on sale at the old campus that left its marketplace. */
  listingsWithdrawn: number;
  calendarReset: boolean;
}

/**
 * Switches the address once the code mailed to it is right. Every check of a code counts towards the
 * client's per-address code limit. Wrong: 400 with the tries left; used up, expired or never asked
 * for: 400 saying to ask for a new code. The address taken meanwhile: 409 (the code stays, for
 * another try once the reason is gone, within its 15 minutes), as are a staff role or reservation
 * that stops a move. A second right answer after the change: 200, nothing changes.
 */
export async function confirmEmailChange(
  env: Env,
  caller: Caller,
  { member, sessionId }: ChangingMember,
  input: z.output<typeof emailChangeConfirmSchema>,
): Promise<EmailChanged> {
  await assertCodeAllowed(env, caller.clientAddress);
  const checked = await checkCode(env, { userId: member.id }, "email", input.code);
  if (!checked.ok) {
    if (checked.reason === "wrong")
      throw new ApiError(400, M.wrong(checked.triesLeft), { field: "code", triesLeft: checked.triesLeft });
    throw new ApiError(400, checked.reason === "used-up" ? M.usedUp : M.missing, { field: "code", triesLeft: 0 });
  }
  const { right } = checked;
  const target = right.newEmail!;
  const campus = await campusOfNewAddress(env, target);
  const moves = campus.campusId !== member.campusId;
  const now = Date.now();
  // The code is still unused: true from the start of this batch until its last statement uses it up,
  // so a second right answer at the same moment changes nothing.
  const unused = codeUnused(right);
  // The change happened (in this batch, as codeUnused says): every other statement's condition.
  const changed = sql`EXISTS (SELECT 1 FROM users WHERE id = ${member.id} AND email = ${target} AND campus_id = ${campus.campusId}) AND ${unused}`;
  const [switchedAnswer, othersAnswer, , calendarAnswer, , , ...rest] = await batch(env, [
    returning(
      sql`UPDATE users SET email = ${target}, email_verified_at = ${now}, campus_id = ${campus.campusId}
      WHERE id = ${member.id} AND email = ${member.email} AND deleted_at IS NULL AND ${unused}
        AND NOT EXISTS (SELECT 1 FROM users o WHERE o.email = ${target})
        AND EXISTS (SELECT 1 FROM sessions WHERE id = ${sessionId} AND user_id = ${member.id})
        ${moves ? sql`AND ${mayLeave(member.id, member.campusId)}` : sql``}`,
      { id: users.id },
    ),
    // Every other device is signed out, its push subscription and the calendar link end (decision 0095).
    returning(sql`DELETE FROM sessions WHERE user_id = ${member.id} AND id <> ${sessionId} AND ${changed}`, {
      id: sessions.id,
    }),
    sql`DELETE FROM push_subscriptions
      WHERE user_id = ${member.id} AND (session_id IS NULL OR session_id <> ${sessionId}) AND ${changed}`,
    returning(sql`DELETE FROM calendar_feeds WHERE user_id = ${member.id} AND ${changed}`, {
      userId: calendarFeeds.user_id,
    }),
    // The student's inbox keeps the change (the audit trail of their own account).
    insertWhere(
      notices,
      {
        id: crypto.randomUUID(),
        user_id: member.id,
        kind: "account.email_changed",
        title: M.noticeTitle,
        text: M.noticeText(member.email, target),
        link: "/account",
        created_at: now,
      },
      changed,
    ),
    // Codes mailed to the old address (to verify it, reset its password, delete the account) prove nothing now.
    sql`DELETE FROM email_codes WHERE user_id = ${member.id} AND purpose <> 'email' AND ${changed}`,
    ...(moves ? leaveCampus(member.id, member.campusId, now, changed) : []),
    // Last: the code is used up.
    spendCode(right, sql`EXISTS (SELECT 1 FROM users WHERE id = ${member.id} AND email = ${target})`),
  ]);
  const switched = switchedAnswer.rows;
  const others = othersAnswer.rows;
  const calendar = calendarAnswer.rows;
  if (switched.length === 0) return explainNoChange(env, member, target, campus, moves);

  const withdrawn = moves ? (rest[0]?.rows.length ?? 0) : 0;
  const calendarReset = calendar.length > 0;
  logWarning("account e-mail address changed", {
    event: "account.email_changed",
    ...(caller.reqId ? { reqId: caller.reqId } : {}),
    userId: member.id,
    fromCampus: member.campusId,
    toCampus: campus.campusId,
    sessionsEnded: others.length,
    listingsWithdrawn: withdrawn,
  });
  // The old address hears of it (after the change: the mail cannot undo or fail it).
  await sendMail(env, changeNoticeMail(member, target, now), "email-changed", caller.later);
  const parts = [
    M.changed(target),
    campus.openCommunity ? M.joinedOpen : M.joined(verifiedBadge(campus.campusShortName)),
    M.othersSignedOut,
    ...(calendarReset ? [CALENDAR_RESET] : []),
  ];
  return {
    message: parts.join(" "),
    email: target,
    campus,
    verified: true,
    listingsWithdrawn: withdrawn,
    calendarReset,
  };
}

/** Why the change's batch changed nothing: done already (a second right answer), or what stands in the way. */
async function explainNoChange(
  env: Env,
  member: Member,
  target: string,
  campus: CampusOfMember,
  moves: boolean,
): Promise<EmailChanged> {
  const [current, taken, blockers] = await batch(env, [
    select({ email: users.email, deletedAt: users.deleted_at }, sql`FROM ${users} WHERE ${users.id} = ${member.id}`),
    select({ one: int(sql`1`) }, sql`FROM ${users} WHERE ${users.email} = ${target} AND ${users.id} <> ${member.id}`),
    moveBlockersRead(member.id, member.campusId),
  ]);
  const [now] = current.rows;
  if (now?.email === target)
    return {
      message: M.already(target),
      email: target,
      campus,
      verified: true,
      listingsWithdrawn: 0,
      calendarReset: false,
    };
  if (!now || now.deletedAt !== null || now.email !== member.email) throw new ApiError(401, AUTH_MESSAGES.signInFirst);
  if (taken.rows.length > 0) throw new ApiError(409, M.taken, { field: "code", code: "email_taken" });
  if (moves) refuseBlockedMove(moveBlockersOf(blockers.rows), member.campusName);
  // This session ended meanwhile (signed out from another device).
  throw new ApiError(401, AUTH_MESSAGES.signInFirst);
}

/**
 * The mail to the old address: what changed, when, and what to do if it was not the student. No code,
 * nothing to click: a link in a mail about an account change is what a phishing mail looks like.
 */
export function changeNoticeMail(
  member: Pick<Member, "email" | "campusName" | "openCommunity" | "grievanceName" | "grievanceEmail">,
  newEmail: string,
  at: number,
): { to: string; subject: string; text: string } {
  const officer =
    !member.openCommunity && member.grievanceEmail
      ? `${member.grievanceName ?? "the grievance officer"} (${member.grievanceEmail}), ${member.campusName}'s grievance officer on Campus`
      : "the people who run Campus for your college";
  return {
    to: member.email,
    subject: "Your Campus e-mail address was changed",
    text: [
      `The e-mail address of your Campus account was changed from ${member.email} to ${newEmail} on ${formatIndiaDateTime(at)} (India time).`,
      "",
      "From now on Campus writes to the new address and you sign in with it. Every other device was signed out.",
      "",
      `If you made this change, there is nothing to do. If you did not, someone who could sign in to your account made it: write to ${officer} at once, and keep this e-mail.`,
      "",
      `Campus - ${member.campusName}`,
      "",
    ].join("\n"),
  };
}
