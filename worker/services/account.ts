// A student's own account: what /account shows and what both it and /api/auth/* change (the signed-in
// devices, the password), and the cron job that forgets expired sessions.
import { and, desc, eq, gt, isNull, lte, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "#server/db/client.ts";
import { emailCodes, pushSubscriptions, sessions, users } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/errors.ts";
import { hashPassword, verifyPassword } from "#server/lib/password.ts";
import { personName } from "#server/services/auth.ts";
import { endOtherDevices, withCalendarNote } from "#server/services/account-security.ts";
import { ACCOUNT_MESSAGES } from "#common/account-messages.ts";
import { AUTH_MESSAGES } from "#common/auth-messages.ts";
import { CODE_MAX_TRIES } from "#server/services/email-codes.ts";

/** An account without a password may set one this long after signing in with Google (decision 0007). */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

/** A password chosen anew (a change, a reset): at least 8 characters. */
export const newPasswordField = z
  .string({ error: "Enter a new password." })
  .min(8, "Your new password must be at least 8 characters.")
  .max(200, "Your new password can be at most 200 characters.");

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

const overviewQuery = (env: Env, userId: string) =>
  getDb(env.DB).query.users.findFirst({
    columns: {
      name: true,
      email: true,
      emailVerifiedAt: true,
      googleSub: true,
      passwordHash: true,
      whatsappNumber: true,
    },
    where: eq(users.id, userId),
  });

function overviewFrom(user: Awaited<ReturnType<typeof overviewQuery>>): AccountOverview | null {
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
  return overviewFrom(await overviewQuery(env, userId));
}

export interface SessionView {
  id: string;
  device: string;
  createdAt: number;
  lastSeenAt: number;
  current: boolean;
}

const sessionsQuery = (env: Env, userId: string, now: number) =>
  getDb(env.DB)
    .select({
      id: sessions.id,
      device: sessions.device,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));

function sessionViews(rows: Awaited<ReturnType<typeof sessionsQuery>>, currentSessionId: string): SessionView[] {
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
  return sessionViews(await sessionsQuery(env, userId, now), currentSessionId);
}

/** A change of e-mail waiting for its code (decision 0123): the address the code went to, and until when it works. */
export interface PendingEmailChange {
  email: string;
  expiresAt: number;
}

const pendingEmailChangeQuery = (env: Env, userId: string, now: number) =>
  getDb(env.DB)
    .select({ email: emailCodes.newEmail, expiresAt: emailCodes.expiresAt })
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.userId, userId),
        eq(emailCodes.purpose, "email"),
        gt(emailCodes.expiresAt, now),
        sql`${emailCodes.tries} < ${CODE_MAX_TRIES}`,
      ),
    );

function pendingFrom(rows: Awaited<ReturnType<typeof pendingEmailChangeQuery>>): PendingEmailChange | null {
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
  const [user, rows, pending] = await getDb(env.DB).batch([
    overviewQuery(env, userId),
    sessionsQuery(env, userId, now),
    pendingEmailChangeQuery(env, userId, now),
  ]);
  return {
    account: overviewFrom(user),
    devices: sessionViews(rows, currentSessionId),
    pendingEmailChange: pendingFrom(pending),
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
  const [row] = await getDb(env.DB)
    .select({
      hasPassword: sql<number>`${users.passwordHash} IS NOT NULL`.mapWith(Number),
      sessionCreatedAt: sessions.createdAt,
      email: emailCodes.newEmail,
      expiresAt: emailCodes.expiresAt,
    })
    .from(users)
    .innerJoin(sessions, and(eq(sessions.userId, users.id), eq(sessions.id, sessionId)))
    .leftJoin(
      emailCodes,
      and(
        eq(emailCodes.userId, users.id),
        eq(emailCodes.purpose, "email"),
        gt(emailCodes.expiresAt, now),
        sql`${emailCodes.tries} < ${CODE_MAX_TRIES}`,
      ),
    )
    .where(eq(users.id, userId))
    .limit(1);
  return {
    hasPassword: row?.hasPassword === 1,
    freshSignIn: row !== undefined && now - row.sessionCreatedAt <= FRESH_SIGN_IN_MS,
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
  const db = getDb(env.DB);
  const [ended] = await db.batch([
    db
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .returning({ id: sessions.id }),
    db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.sessionId, sessionId))),
  ]);
  if (ended.length === 0) throw new ApiError(404, ACCOUNT_MESSAGES.sessionNotFound);
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
  const db = getDb(env.DB);
  const [, , calendar] = await db.batch([
    db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId))),
    ...endOtherDevices(db, userId, sessionId),
  ]);
  return withCalendarNote(ACCOUNT_MESSAGES.signedOutOthers, calendar);
}

/**
 * "Sign out everywhere" (`POST /api/auth/logout-all`): every session ends, this one too, and with
 * them the push subscriptions of every other device and the calendar link (decision 0095), in one
 * batch. This device keeps its notifications: it is the student's own.
 */
export async function signOutEverywhere(env: Env, session: OwnSession): Promise<Secured> {
  const { userId, sessionId } = session;
  const db = getDb(env.DB);
  const [, , calendar] = await db.batch([
    db.delete(sessions).where(eq(sessions.userId, userId)),
    ...endOtherDevices(db, userId, sessionId),
  ]);
  return withCalendarNote(ACCOUNT_MESSAGES.signedOutEverywhere, calendar);
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
  const db = getDb(env.DB);
  const [row] = await db
    .select({ passwordHash: users.passwordHash, sessionCreatedAt: sessions.createdAt })
    .from(users)
    .innerJoin(sessions, and(eq(sessions.userId, users.id), eq(sessions.id, session.sessionId)))
    .where(eq(users.id, session.userId))
    .limit(1);
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
  const newPasswordIn = sql`(select ${users.passwordHash} from ${users} where ${users.id} = ${session.userId}) = ${passwordHash}`;
  const [updated, , , calendar] = await db.batch([
    db
      .update(users)
      .set({ passwordHash })
      .where(
        and(
          eq(users.id, session.userId),
          row.passwordHash ? eq(users.passwordHash, row.passwordHash) : isNull(users.passwordHash),
          sql`exists (select 1 from ${sessions} where ${sessions.id} = ${session.sessionId})`,
        ),
      )
      .returning({ id: users.id }),
    db
      .delete(sessions)
      .where(and(eq(sessions.userId, session.userId), ne(sessions.id, session.sessionId), newPasswordIn)),
    ...endOtherDevices(db, session.userId, session.sessionId, newPasswordIn),
  ]);
  if (updated.length === 0) throw new ApiError(409, ACCOUNT_MESSAGES.changedMeanwhile);
  return withCalendarNote(row.passwordHash ? ACCOUNT_MESSAGES.passwordChanged : ACCOUNT_MESSAGES.passwordSet, calendar);
}

export const nameSchema = z.object({ name: personName });

/**
 * Sets the name other students see, and clears the "confirm your name" prompt a claimed account
 * shows (decision 0095). Limited like every write a script could repeat.
 */
export async function saveName(
  env: Env,
  userId: string,
  input: z.output<typeof nameSchema>,
): Promise<{ name: string }> {
  const { success } = await env.POST_LIMITER.limit({ key: `name:${userId}` });
  if (!success) throw new ApiError(429, ACCOUNT_MESSAGES.nameLimited);
  const [saved] = await getDb(env.DB)
    .update(users)
    .set({ name: input.name, confirmName: false })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ name: users.name });
  if (!saved) throw new ApiError(401, AUTH_MESSAGES.signInFirst);
  return saved;
}

/** The cron job: forgets sessions past their expiry (they already sign nobody in). */
export async function deleteExpiredSessions(env: Env, now = Date.now()): Promise<number> {
  const result = await getDb(env.DB).delete(sessions).where(lte(sessions.expiresAt, now)).run();
  return result.meta.changes ?? 0;
}
