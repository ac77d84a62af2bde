// Password accounts and sessions: registering, signing in (with the sign-in throttle), starting a
// session and resolving one from a bearer token or the session cookie.
import { z } from "zod";
import { batch, first, insert, int, run, select, type Sql, sql, textOrNull, update } from "#server/db/sql.ts";
import { campuses, sessions, users } from "#server/db/tables.generated.ts";
import { STAFF_ROLES_ROLE } from "#common/enums.generated.ts";
import { campusForEmail, mayActSql } from "#server/services/campus.ts";
import { ApiError } from "#server/lib/errors.ts";
import { deviceLabel } from "#server/lib/device-label.ts";
import { DUMMY_HASH, hashPassword, verifyPassword } from "#server/lib/password.ts";
import { userText } from "#server/lib/validate.ts";
import { clearFailedSignIns, countPasswordTry } from "#server/services/auth/login-throttle.ts";
import type { Caller } from "#server/services/caller.ts";
import type { CodeScope } from "#server/services/auth/email-codes.ts";
import { sendCodeAtRegistration } from "#server/services/auth/verification.ts";
import { createUser } from "#server/services/auth/new-user.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { noteCampus } from "#server/lib/d1-session.ts";
import { AUTH_MESSAGES } from "#common/auth-messages.ts";
import {
  readSessionToken,
  type SessionClaims,
  SESSION_TTL_MS,
  sessionKey,
  signSessionToken,
  verifySessionToken,
} from "#server/lib/session-token.ts";
import { configOf } from "#server/lib/config.ts";

// The session glue of the screens (app/lib/session.server.ts) takes the type with the lookup.
export type { SessionUser };

/** "Last active" on /account is this precise: a session's row is written at most this often. */
export const SESSION_TOUCH_MS = 10 * 60 * 1000;

/** The columns of a SessionUser, for a select that joins users to campuses. */
const sessionUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  campusId: users.campus_id,
  campusName: campuses.name,
  campusShortName: campuses.short_name,
  openCommunity: campuses.is_open,
  // The footer names the college's grievance officer on every page: read with the session, no query of its own.
  grievanceName: campuses.grievance_name,
  grievanceEmail: campuses.grievance_email,
  emailVerifiedAt: users.email_verified_at,
  suspendedUntil: users.suspended_until,
  suspensionReason: users.suspension_reason,
  confirmName: users.confirm_name,
  joinedAt: users.created_at,
  // Subqueries of the one session query: no D1 round trip of their own on any page.
  unreadNotices: int(sql`(SELECT COUNT(*) FROM notices n WHERE n.user_id = ${users.id} AND n.read_at IS NULL)`),
  // Conversations with unread messages, as buyer and as seller (docs/decisions/0113-conversations.md).
  unreadConversations: int(
    sql`((SELECT COUNT(*) FROM conversations c WHERE c.buyer_id = ${users.id} AND c.last_seq > c.buyer_read_seq) + (SELECT COUNT(*) FROM conversations c WHERE c.seller_id = ${users.id} AND c.last_seq > c.seller_read_seq))`,
  ),
  // The roles held at the member's own campus, for the guards that answer before a staff route reads
  // its body (requireRoles); the use-cases read the grants again with their own statements.
  roles: textOrNull(
    sql`(SELECT group_concat(s.role) FROM staff_roles s WHERE s.user_id = ${users.id} AND s.campus_id = ${users.campus_id})`,
  ),
  classRep: int(
    sql`EXISTS (SELECT 1 FROM timetable_reps r JOIN timetable_classes k ON k.id = r.class_id WHERE r.user_id = ${users.id} AND k.campus_id = ${users.campus_id})`,
  ),
};

/** A role as staff_roles.role holds it (its CHECK list). */
const isStaffRole = (role: string): role is SessionUser["roles"][number] =>
  (STAFF_ROLES_ROLE as readonly string[]).includes(role);

function toSessionUser(row: {
  id: string;
  name: string;
  email: string;
  campusId: string;
  campusName: string;
  campusShortName: string;
  openCommunity: number;
  grievanceName: string | null;
  grievanceEmail: string | null;
  emailVerifiedAt: number | null;
  suspendedUntil: number | null;
  suspensionReason: string | null;
  confirmName: number;
  joinedAt: number;
  unreadNotices: number;
  unreadConversations: number;
  roles: string | null;
  classRep: number;
}): SessionUser {
  const { emailVerifiedAt, roles, classRep, openCommunity, confirmName, ...rest } = row;
  const held = roles ? roles.split(",").filter(isStaffRole) : [];
  return {
    ...rest,
    openCommunity: openCommunity === 1,
    confirmName: confirmName === 1,
    roles: held,
    staff: held.length > 0,
    classRep: classRep === 1,
    verified: emailVerifiedAt !== null,
  };
}

const email = z
  .string({ error: "Enter your e-mail address." })
  .trim()
  .toLowerCase()
  .min(1, "Enter your e-mail address.")
  .max(254, AUTH_MESSAGES.emailTooLong)
  .pipe(z.email("Enter a valid e-mail address."));

/** An e-mail address as every form and endpoint takes it: trimmed, lower case, at most 254 characters. */
export const emailSchema = email;

/** A person's name as other students see it: registration, and a name changed later. */
export const personName = userText({ name: "Your name", max: 80, missing: "Enter your name." });

export const registerSchema = z.object({
  name: personName,
  email,
  password: z
    .string({ error: "Enter a password." })
    .min(8, "Your password must be at least 8 characters.")
    .max(200, "Your password can be at most 200 characters."),
});

/**
 * A password chosen anew (a change on /account, a reset): at least 8 characters. Kept with the other
 * password rules here, so a reset (./password-reset.ts) needs nothing of the account page's module.
 */
export const newPasswordField = z
  .string({ error: "Enter a new password." })
  .min(8, "Your new password must be at least 8 characters.")
  .max(200, "Your new password can be at most 200 characters.");

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: "Enter your password." })
    .min(1, "Enter your password.")
    .max(200, AUTH_MESSAGES.wrongCredentials),
});

export type RegisterInput = z.output<typeof registerSchema>;
export type LoginInput = z.output<typeof loginSchema>;

/** A new session on the caller's device: who it is, and the token the door hands over (decision 0009). */
export interface StartedSession {
  user: SessionUser;
  token: string;
  expiresAt: number;
}

/**
 * Registration, for both doors: limited per client address, then the account (its campus decided
 * by the address), and a session on the caller's device. A college address starts unverified and
 * is e-mailed its code after the answer; the mail cannot fail the registration. The API answers the
 * token, the sign-in screen sets it as the cookie (decision 0009).
 */
export async function register(env: Env, caller: Caller, input: RegisterInput): Promise<StartedSession> {
  const { success } = await env.REGISTER_LIMITER.limit({ key: `register:${caller.clientAddress}` });
  if (!success) throw new ApiError(429, AUTH_MESSAGES.registerLimited);
  const user = await createAccount(env, input, caller);
  return { user, ...(await startSession(env, user.id, caller.userAgent)) };
}

/**
 * Password sign-in, for both doors. Limits, in order: per client address and e-mail, per address
 * across e-mails (credential stuffing), and per e-mail across addresses (failed tries in D1; a
 * locked e-mail is refused before its password is checked: decision 0008). Throws ApiError (429,
 * 401); answers a session on the caller's device.
 */
export async function signIn(env: Env, caller: Caller, input: LoginInput): Promise<StartedSession> {
  const pair = await env.LOGIN_LIMITER.limit({ key: `login:${caller.clientAddress}:${input.email}` });
  if (!pair.success) throw new ApiError(429, AUTH_MESSAGES.signInLimited);
  const address = await env.LOGIN_ADDRESS_LIMITER.limit({ key: `login:${caller.clientAddress}` });
  if (!address.success) throw new ApiError(429, AUTH_MESSAGES.signInLimited);
  // Counted as a failure until the password proves otherwise (docs/decisions/0008).
  await countPasswordTry(env, input.email);
  const user = await authenticate(env, input);
  await clearFailedSignIns(env, input.email);
  return { user, ...(await startSession(env, user.id, caller.userAgent)) };
}

/** The account of a registration, and its verification code (`scope`: the mail's waitUntil). */
async function createAccount(env: Env, input: RegisterInput, scope: CodeScope): Promise<SessionUser> {
  // The address decides the campus (refused here when it is of no college and OPEN_SIGNUP is off).
  const campus = await campusForEmail(env, input.email);
  const passwordHash = await hashPassword(input.password);
  // The UNIQUE index decides between two simultaneous registrations; no read-then-write.
  const created = await createUser(env, {
    email: input.email,
    name: input.name,
    passwordHash,
    campusId: campus.campusId,
    verified: false,
  });
  if (!created) throw new ApiError(409, AUTH_MESSAGES.emailTaken);
  // Nobody has proven the address yet: a college account starts unverified.
  const user: SessionUser = {
    ...created,
    ...campus,
    verified: false,
    suspendedUntil: null,
    suspensionReason: null,
    unreadNotices: 0,
    unreadConversations: 0,
    staff: false,
    roles: [],
    classRep: false,
    confirmName: false,
  };
  await sendCodeAtRegistration(env, scope, user);
  return user;
}

async function authenticate(env: Env, input: LoginInput): Promise<SessionUser> {
  const user = await first(
    env,
    select(
      { ...sessionUserColumns, passwordHash: users.password_hash },
      // A deleted account keeps no password, and is refused here as well (decision 0078).
      sql`FROM ${users} JOIN ${campuses} ON ${campuses.id} = ${users.campus_id}
        WHERE ${users.email} = ${input.email} AND ${users.deleted_at} IS NULL LIMIT 1`,
    ),
  );
  // Verify against a dummy hash when there is no user so both paths take the same time.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !user.passwordHash || !ok) throw new ApiError(401, AUTH_MESSAGES.wrongCredentials);
  const { passwordHash: _, ...row } = user;
  return toSessionUser(row);
}

/**
 * A new session row and its signed token. `userAgent` names the device in the list on /account
 * ("Chrome on Android"); without it the session is an "Unknown device".
 */
export async function startSession(
  env: Env,
  userId: string,
  userAgent: string | null = null,
): Promise<{ token: string; expiresAt: number }> {
  const now = Date.now();
  const expiresAt = now + SESSION_TTL_MS;
  const sessionId = crypto.randomUUID();
  await run(
    env,
    insert(sessions, {
      id: sessionId,
      user_id: userId,
      created_at: now,
      expires_at: expiresAt,
      device: deviceLabel(userAgent),
      last_seen_at: now,
    }),
  );
  const token = await signSessionToken(sessionKey(configOf(env)), { userId, sessionId }, expiresAt);
  return { token, expiresAt };
}

export interface ResolvedSession {
  user: SessionUser;
  sessionId: string;
  /** The session's tag for the service worker (common/device-session.ts): a hash of its id. */
  tag: string;
}

/** The session's tag for the service worker: a hash of its id (common/device-session.ts). */
async function sessionTag(sessionId: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`campus-device-session:${sessionId}`)),
  );
  return [...digest.subarray(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The signed-in user of a request (bearer token or cookie), or null. Each door looks a request's
 * session up once (worker/api/context.ts sessionOf, app/lib/session.server.ts) and keeps it for the
 * request. Touches the session's last-seen time every SESSION_TOUCH_MS.
 */
export async function resolveSession(env: Env, request: Request): Promise<ResolvedSession | null> {
  const claims = await sessionClaimsOf(env, request);
  if (!claims) return null;
  const now = Date.now();
  const row = await first(
    env,
    select(
      { ...sessionUserColumns, lastSeenAt: sessions.last_seen_at },
      // A deleted account's sessions are gone with it; one started by a sign-in that raced the deletion
      // is refused here.
      sql`FROM ${sessions} JOIN ${users} ON ${users.id} = ${sessions.user_id} JOIN ${campuses} ON ${campuses.id} = ${users.campus_id}
        WHERE ${sessionStands(sessions, users, claims, now)}
        LIMIT 1`,
    ),
  );
  if (!row) return null;
  if (now - row.lastSeenAt >= SESSION_TOUCH_MS) await run(env, touchSession(claims, now));
  const { lastSeenAt: _, ...userRow } = row;
  const user = toSessionUser(userRow);
  noteCampus(env, user.campusId);
  return { user, sessionId: claims.sessionId, tag: await sessionTag(claims.sessionId) };
}

/** The claims of a request's session token (bearer or cookie): its signature and expiry only, no D1. */
export async function sessionClaimsOf(env: Env, request: Request): Promise<SessionClaims | null> {
  const token = readSessionToken(request);
  return token ? verifySessionToken(sessionKey(configOf(env)), token) : null;
}

/** That the claims' session (`s`, its member `u`) stands at `now`: not expired, its account not deleted. */
function sessionStands(s: typeof sessions, u: typeof users, claims: SessionClaims, now: number): Sql {
  return sql`${s.id} = ${claims.sessionId} AND ${s.user_id} = ${claims.userId} AND ${s.expires_at} > ${now} AND ${u.deleted_at} IS NULL`;
}

/** Touches the session's last-seen time when it is SESSION_TOUCH_MS old; conditional, so two requests of the same moment write once. */
function touchSession(claims: SessionClaims, now: number): Sql {
  return update(
    sessions,
    { last_seen_at: now },
    sql`WHERE id = ${claims.sessionId} AND user_id = ${claims.userId} AND expires_at > ${now} AND last_seen_at < ${now - SESSION_TOUCH_MS + 1}`,
  );
}

/**
 * For a write that checks the session in its own statements instead of reading it first (decision
 * 0143): `stands`, a condition that the claims' session stands at `now`, its account is not deleted
 * and its member may act (requireMayAct's rule, mayActSql); and `touch`, the statement that keeps its
 * last-seen time as resolveSession does, for the same batch. When the write is refused, the caller
 * reads the session (resolveSession) to say why.
 */
export function standingSession(claims: SessionClaims, now: number): { stands: Sql; touch: Sql } {
  const s = sessions.as("ss");
  const u = users.as("su");
  const k = campuses.as("sk");
  return {
    stands: sql`EXISTS (SELECT 1 FROM ${s} JOIN ${u} ON ${u.id} = ${s.user_id} JOIN ${k} ON ${k.id} = ${u.campus_id}
      WHERE ${sessionStands(s, u, claims, now)} AND ${mayActSql(u, k, now)})`,
    touch: touchSession(claims, now),
  };
}

/**
 * Signing out this device: its session, and the notifications it turned on (a shared phone must not
 * keep showing the student's notices to the next person). The student turns them on again after
 * signing back in.
 */
export async function endSession(env: Env, sessionId: string): Promise<void> {
  await batch(env, [
    sql`DELETE FROM sessions WHERE id = ${sessionId}`,
    sql`DELETE FROM push_subscriptions WHERE session_id = ${sessionId}`,
  ]);
}
