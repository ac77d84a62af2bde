// A student's own account: what /account shows and what both it and /api/auth/* change (the signed-in
// devices, the password), and the cron job that forgets expired sessions.
import { z } from "zod";
import {
  all,
  batch,
  first,
  int,
  intOrNull,
  type Query,
  returning,
  run,
  select,
  sql,
  textOrNull,
  update,
} from "#server/db/sql.ts";
import { emailCodes, products, sessions, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { hashPassword, verifyPassword } from "#server/lib/password.ts";
import { newPasswordField, personName } from "#server/services/auth/sign-in.ts";
import { endOtherDevices, withCalendarNote } from "#server/services/auth/account-security.ts";
import { ACCOUNT_MESSAGES } from "#common/account-messages.ts";
import { AUTH_MESSAGES } from "#common/auth-messages.ts";
import { CODE_MAX_TRIES } from "#server/services/auth/email-codes.ts";

/** An account without a password may set one this long after signing in with Google (decision 0007). */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

export const passwordChangeSchema = z.object({
  // Empty is allowed here: an account with no password has none to give (checked in changePassword).
  currentPassword: z
    .string({ error: "Enter your current password." })
    .max(200, ACCOUNT_MESSAGES.wrongPassword)
    .default(""),
  newPassword: newPasswordField,
});

export const sessionIdSchema = z.object({
  id: z.uuid({ error: "That is not a session id." }),
});

export interface AccountOverview {
  name: string;
  email: string;
  emailVerifiedAt: number | null;
  /** How the address was verified; only Google can verify one today. */
  verifiedThrough: "google" | null;
  hasPassword: boolean;
  /** The profile's WhatsApp number, or null (decision 0114). */
  whatsappNumber: string | null;
}

/** The row of a read below. */
type RowOf<Read> = Read extends (...args: never[]) => Query<infer Row> ? Row : never;

const overviewQuery = (userId: string) =>
  select(
    {
      name: users.name,
      email: users.email,
      emailVerifiedAt: users.email_verified_at,
      googleSub: users.google_sub,
      passwordHash: users.password_hash,
      whatsappNumber: users.whatsapp_number,
    },
    sql`FROM ${users} WHERE ${users.id} = ${userId} LIMIT 1`,
  );

function overviewFrom(user: RowOf<typeof overviewQuery> | undefined): AccountOverview | null {
  if (!user) return null;
  return {
    name: user.name,
    email: user.email,
    emailVerifiedAt: user.emailVerifiedAt,
    verifiedThrough: user.emailVerifiedAt !== null && user.googleSub !== null ? "google" : null,
    hasPassword: user.passwordHash !== null,
    whatsappNumber: user.whatsappNumber,
  };
}

export async function accountOverview(env: Env, userId: string): Promise<AccountOverview | null> {
  return overviewFrom((await first(env, overviewQuery(userId))) ?? undefined);
}

export interface SessionView {
  id: string;
  device: string;
  createdAt: number;
  lastSeenAt: number;
  current: boolean;
}

const sessionsQuery = (userId: string, now: number) =>
  select(
    {
      id: sessions.id,
      device: sessions.device,
      createdAt: sessions.created_at,
      lastSeenAt: sessions.last_seen_at,
    },
    sql`FROM ${sessions} WHERE ${sessions.user_id} = ${userId} AND ${sessions.expires_at} > ${now}
      ORDER BY ${sessions.last_seen_at} DESC, ${sessions.created_at} DESC`,
  );

function sessionViews(rows: RowOf<typeof sessionsQuery>[], currentSessionId: string): SessionView[] {
  const views = rows.map((row) => ({ ...row, current: row.id === currentSessionId }));
  return [...views.filter((v) => v.current), ...views.filter((v) => !v.current)];
}

/** The user's live sessions, the current one first, then the most recently used. */
export async function listSessions(
  env: Env,
  userId: string,
  currentSessionId: string,
  now = Date.now(),
): Promise<SessionView[]> {
  return sessionViews(await all(env, sessionsQuery(userId, now)), currentSessionId);
}

/** A change of e-mail waiting for its code (decision 0123): the address the code went to, and until when it works. */
export interface PendingEmailChange {
  email: string;
  expiresAt: number;
}

const pendingEmailChangeQuery = (userId: string, now: number) =>
  select(
    { email: emailCodes.new_email, expiresAt: emailCodes.expires_at },
    sql`FROM ${emailCodes} WHERE ${emailCodes.user_id} = ${userId} AND ${emailCodes.purpose} = 'email'
      AND ${emailCodes.expires_at} > ${now} AND ${emailCodes.tries} < ${CODE_MAX_TRIES}`,
  );

function pendingFrom(rows: RowOf<typeof pendingEmailChangeQuery>[]): PendingEmailChange | null {
  const [row] = rows;
  return row?.email ? { email: row.email, expiresAt: row.expiresAt } : null;
}

/** The account page's reads (the details, the devices, a change of e-mail waiting for its code) in one D1 batch. */
export async function accountPage(
  env: Env,
  userId: string,
  currentSessionId: string,
  now = Date.now(),
): Promise<{ account: AccountOverview | null; devices: SessionView[]; pendingEmailChange: PendingEmailChange | null }> {
  const [user, devices, pending] = await batch(env, [
    overviewQuery(userId),
    sessionsQuery(userId, now),
    pendingEmailChangeQuery(userId, now),
  ]);
  return {
    account: overviewFrom(user.rows[0]),
    devices: sessionViews(devices.rows, currentSessionId),
    pendingEmailChange: pendingFrom(pending.rows),
  };
}

/**
 * What the dashboard's "join your college" card needs (decision 0123), in one query: whether the
 * change asks for a password, whether this session may change the address without one (a Google
 * sign-in in the last 10 minutes), and a change waiting for its code.
 */
export async function emailChangeState(
  env: Env,
  userId: string,
  sessionId: string,
  now = Date.now(),
): Promise<{ hasPassword: boolean; freshSignIn: boolean; pending: PendingEmailChange | null }> {
  const e = emailCodes;
  const row = await first(
    env,
    select(
      {
        hasPassword: int(sql`${users.password_hash} IS NOT NULL`),
        sessionCreatedAt: sessions.created_at,
        // Of the LEFT JOIN: NULL without a change waiting.
        email: textOrNull(sql`${e.new_email}`),
        expiresAt: intOrNull(sql`${e.expires_at}`),
      },
      sql`FROM ${users} JOIN ${sessions} ON ${sessions.user_id} = ${users.id} AND ${sessions.id} = ${sessionId}
        LEFT JOIN ${e} ON ${e.user_id} = ${users.id} AND ${e.purpose} = 'email' AND ${e.expires_at} > ${now}
          AND ${e.tries} < ${CODE_MAX_TRIES}
        WHERE ${users.id} = ${userId} LIMIT 1`,
    ),
  );
  return {
    hasPassword: row?.hasPassword === 1,
    freshSignIn: row !== null && now - row.sessionCreatedAt <= FRESH_SIGN_IN_MS,
    pending: row?.email && row.expiresAt !== null ? { email: row.email, expiresAt: row.expiresAt } : null,
  };
}

/** Who acts on their own devices: the student, and the session of the request (this device). */
export interface OwnSession {
  userId: string;
  sessionId: string;
}

/**
 * Signs one of the student's own devices out: its session, and the push subscription that device
 * made (a device signed out from another one stops receiving the student's notices). Any other id
 * (someone else's, made up, ended) is a 404. `current` says it was this device: the door then clears
 * its cookie (and the screen goes to /login).
 */
export async function signOutDevice(
  env: Env,
  session: OwnSession,
  input: z.output<typeof sessionIdSchema>,
): Promise<{ current: boolean; message: string }> {
  const { userId } = session;
  const sessionId = input.id;
  const [ended] = await batch(env, [
    returning(sql`DELETE FROM sessions WHERE id = ${sessionId} AND user_id = ${userId}`, { id: sessions.id }),
    sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND session_id = ${sessionId}`,
  ]);
  if (ended.rows.length === 0) throw new ApiError(404, ACCOUNT_MESSAGES.sessionNotFound);
  const current = sessionId === session.sessionId;
  return { current, message: current ? ACCOUNT_MESSAGES.signedOut : ACCOUNT_MESSAGES.signedOutDevice };
}

/** What securing the account did: the message to show, and whether the calendar link was reset (the screen links to a new one). */
export interface Secured {
  message: string;
  calendarReset: boolean;
}

/**
 * "Sign out everywhere else": every other session ends, and with them the push subscriptions of
 * every other device and the calendar link (decision 0095), in one batch.
 */
export async function endOtherSessions(env: Env, session: OwnSession): Promise<Secured> {
  const { userId, sessionId } = session;
  const [, , calendar] = await batch(env, [
    sql`DELETE FROM sessions WHERE user_id = ${userId} AND id <> ${sessionId}`,
    ...endOtherDevices(userId, sessionId),
  ]);
  return withCalendarNote(ACCOUNT_MESSAGES.signedOutOthers, calendar.rows);
}

/**
 * "Sign out everywhere" (`POST /api/auth/logout-all`): every session ends, this one too, and with
 * them the push subscriptions of every other device and the calendar link (decision 0095), in one
 * batch. This device keeps its notifications: it is the student's own.
 */
export async function signOutEverywhere(env: Env, session: OwnSession): Promise<Secured> {
  const { userId, sessionId } = session;
  const [, , calendar] = await batch(env, [
    sql`DELETE FROM sessions WHERE user_id = ${userId}`,
    ...endOtherDevices(userId, sessionId),
  ]);
  return withCalendarNote(ACCOUNT_MESSAGES.signedOutEverywhere, calendar.rows);
}

/**
 * Changes (or, for an account that signs in only with Google, sets) the password, and ends every
 * other session so a device that knew the old password is out. Returns the message to show.
 *
 * - With a password: the current one is required, and its checks are rate limited per user
 *   (LOGIN_LIMITER), so a stolen session cannot guess it.
 * - Without one (Google-only): allowed only from a session started in the last FRESH_SIGN_IN_MS,
 *   i.e. right after Google vouched for the person; an old, possibly stolen session cannot add a
 *   password and make itself permanent.
 */
export async function changePassword(
  env: Env,
  session: OwnSession,
  input: z.output<typeof passwordChangeSchema>,
): Promise<Secured> {
  const row = await first(
    env,
    select(
      { passwordHash: users.password_hash, sessionCreatedAt: sessions.created_at },
      sql`FROM ${users} JOIN ${sessions} ON ${sessions.user_id} = ${users.id} AND ${sessions.id} = ${session.sessionId}
        WHERE ${users.id} = ${session.userId} LIMIT 1`,
    ),
  );
  if (!row) throw new ApiError(401, AUTH_MESSAGES.signInFirst);
  if (row.passwordHash) {
    if (!input.currentPassword) throw new ApiError(400, ACCOUNT_MESSAGES.needCurrent, { field: "currentPassword" });
    const { success } = await env.LOGIN_LIMITER.limit({ key: `password:${session.userId}` });
    if (!success) throw new ApiError(429, ACCOUNT_MESSAGES.tooMany);
    if (!(await verifyPassword(input.currentPassword, row.passwordHash)))
      throw new ApiError(403, ACCOUNT_MESSAGES.wrongPassword, { field: "currentPassword" });
  } else if (Date.now() - row.sessionCreatedAt > FRESH_SIGN_IN_MS) {
    throw new ApiError(403, ACCOUNT_MESSAGES.needFreshSignIn, { field: "newPassword" });
  }
  const passwordHash = await hashPassword(input.newPassword);
  // Every statement is conditional, in one batch: the password changes only if it is still the one
  // checked above and this session still exists (a takeover in between ended it), and the other
  // sessions, their devices' push subscriptions and the calendar link end only if the new password
  // went in (decision 0095).
  const { userId, sessionId } = session;
  const newPasswordIn = sql`(SELECT password_hash FROM users WHERE id = ${userId}) = ${passwordHash}`;
  const asChecked = row.passwordHash ? sql`password_hash = ${row.passwordHash}` : sql`password_hash IS NULL`;
  const [updated, , , calendar] = await batch(env, [
    returning(
      update(
        users,
        { password_hash: passwordHash },
        sql`WHERE id = ${userId} AND ${asChecked} AND EXISTS (SELECT 1 FROM sessions WHERE id = ${sessionId})`,
      ),
      { id: users.id },
    ),
    sql`DELETE FROM sessions WHERE user_id = ${userId} AND id <> ${sessionId} AND ${newPasswordIn}`,
    ...endOtherDevices(userId, sessionId, newPasswordIn),
  ]);
  if (updated.rows.length === 0) throw new ApiError(409, ACCOUNT_MESSAGES.changedMeanwhile);
  return withCalendarNote(
    row.passwordHash ? ACCOUNT_MESSAGES.passwordChanged : ACCOUNT_MESSAGES.passwordSet,
    calendar.rows,
  );
}

export const nameSchema = z.object({ name: personName });

/**
 * Sets the name other students see, and clears the "confirm your name" prompt a claimed account
 * shows (decision 0095). The seller's listings carry the name too (a listing's seller is the
 * account's name, decision 0132): they change in the same batch. Limited like every write a script
 * could repeat.
 */
export async function saveName(
  env: Env,
  userId: string,
  input: z.output<typeof nameSchema>,
): Promise<{ name: string }> {
  const { success } = await env.POST_LIMITER.limit({ key: `name:${userId}` });
  if (!success) throw new ApiError(429, ACCOUNT_MESSAGES.nameLimited);
  const [saved] = await batch(env, [
    returning(update(users, { name: input.name, confirm_name: 0 }, sql`WHERE id = ${userId} AND deleted_at IS NULL`), {
      name: users.name,
    }),
    // The guard keeps a deleted account's listings as "Deleted student".
    update(
      products,
      { seller_name: input.name },
      sql`WHERE seller_id = ${userId} AND EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND deleted_at IS NULL)`,
    ),
  ]);
  const row = saved.rows[0];
  if (!row) throw new ApiError(401, AUTH_MESSAGES.signInFirst);
  return row;
}

/** The cron job: forgets sessions past their expiry (they already sign nobody in). */
export async function deleteExpiredSessions(env: Env, now = Date.now()): Promise<number> {
  const { changes } = await run(env, sql`DELETE FROM sessions WHERE expires_at <= ${now}`);
  return changes;
}
