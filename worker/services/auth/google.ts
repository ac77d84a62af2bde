// Google sign-in: the one-time codes that carry its result back to the browser, and the account it
// signs in to (found, made or taken over). What both the API (worker/api/google.ts) and the screens
// call; the Classroom connection is ../classroom/connection.ts.
import { z } from "zod";
import { all, batch, first, insert, int, returning, select, sql, update } from "#server/db/sql.ts";
import { campusDomains, campuses, googleHandoffs, sessions, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { logWarning } from "#server/lib/log.ts";
import {
  exchangeCode,
  GoogleAuthError,
  type GoogleIdentity,
  type GoogleSource,
  verifyIdToken,
} from "#server/lib/google-oauth.ts";
import { type GoogleTokenContents, sealGoogleToken } from "#server/lib/google-token.ts";
import { startSession } from "#server/services/auth/sign-in.ts";
import { createUser } from "#server/services/auth/new-user.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { campusForEmail } from "#server/services/campus.ts";
import { endEarlierHoldersSetUp, endOtherDevices } from "#server/services/auth/account-security.ts";
import { readCookie, setCookie } from "#common/cookies.ts";
import { GOOGLE_MESSAGES } from "#common/google-messages.ts";
import { SETUP_MESSAGES } from "#common/campus-setup-messages.ts";
import { domainCandidates, emailDomain } from "#common/membership.ts";
import type { Caller } from "#server/services/caller.ts";

export const HANDOFF_TTL_MS = 60_000;
/** Ties the one-time code on the way back to the browser that finished the flow (see createHandoff). */
export const HANDOFF_COOKIE = "__Host-campus_google_handoff";

/** A short-lived HttpOnly cookie of the Google flow (state, PKCE verifier, handoff); maxAge 0 clears it. */
export function flowCookie(name: string, value: string, maxAge: number): string {
  return setCookie(name, value, { maxAge, httpOnly: true, secure: true });
}

/** The Google flow's cookie that a redeemed or refused handoff leaves cleared. */
export function clearedHandoffCookie(): string {
  return flowCookie(HANDOFF_COOKIE, "", 0);
}

/** The secret of the browser a handoff was given to, from the request's cookies (null: none). */
export function handoffBinding(cookieHeader: string | null): string | null {
  return readCookie(cookieHeader, HANDOFF_COOKIE);
}

/** The name of the address's college when it requires Google sign-in from its Workspace, else null. */
async function collegeRequiringWorkspace(env: Env, domain: string): Promise<string | null> {
  const candidates = domainCandidates(domain);
  if (candidates.length === 0) return null;
  const d = campusDomains.as("d");
  const c = campuses.as("c");
  const rows = await all(
    env,
    select(
      { domain: d.domain, name: c.name, required: c.google_hd_required },
      sql`FROM ${d} JOIN ${c} ON ${c.id} = ${d.campus_id} WHERE ${d.domain} IN ${sql.list(candidates)}`,
    ),
  );
  // The nearest listed domain decides, as it decides the college (campusForEmail).
  const nearest = candidates.map((domain) => rows.find((r) => r.domain === domain)).find((r) => r !== undefined);
  return nearest?.required === 1 ? nearest.name : null;
}

/**
 * Google vouches for the address only as far as the account's managing organisation goes
 * (docs/decisions/0075): when the ID token names a Workspace domain (`hd`), it must be the
 * address's own domain, a parent of it, or another domain of the same college. A personal Google
 * account (no `hd`) with a Google-verified address counts as Google says.
 */
async function assertGoogleVouches(env: Env, identity: GoogleIdentity): Promise<void> {
  const hd = identity.hostedDomain;
  const domain = emailDomain(identity.email);
  if (!hd) {
    // A personal account, unless the address's college requires its Workspace (decision 0104).
    const college = await collegeRequiringWorkspace(env, domain);
    if (college) throw new ApiError(403, SETUP_MESSAGES.workspaceRequired(college), { code: "google_hd_required" });
    return;
  }
  if (domainCandidates(domain).includes(hd)) return;
  const collegeOf = (d: string) =>
    campusForEmail(env, `x@${d}`).then(
      (c) => (c.openCommunity ? null : c.campusId),
      () => null,
    );
  const [ofAddress, ofHd] = await Promise.all([collegeOf(domain), collegeOf(hd)]);
  if (ofAddress !== null && ofAddress === ofHd) return;
  throw new ApiError(403, GOOGLE_MESSAGES.otherOrganisation(hd), { code: "google_hd_mismatch" });
}

async function sha256Hex(value: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

function randomCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The hash a handoff is stored under: of the code and of the browser it was handed to, together. */
function handoffHash(code: string, binding: string): Promise<string> {
  return sha256Hex(`${code}.${binding}`);
}

/** A handoff code and the secret of the browser it belongs to (kept in an HttpOnly cookie). */
export interface Handoff {
  code: string;
  binding: string;
}

/**
 * Stores a single-use code (only a hash) that the app exchanges on arrival. The hash covers the
 * browser binding too, so the code alone is worthless: a link with someone else's code (login CSRF)
 * or a code read from a log redeems nothing.
 */
export async function createHandoff(
  env: Env,
  purpose: GoogleSource,
  data: { userId?: string; payload?: string },
  now = Date.now(),
): Promise<Handoff> {
  const code = randomCode();
  const binding = randomCode();
  const codeHash = await handoffHash(code, binding);
  await batch(env, [
    // Expired codes are swept as new ones are made; nothing else needs them.
    sql`DELETE FROM google_handoffs WHERE expires_at < ${now}`,
    insert(googleHandoffs, {
      code_hash: codeHash,
      purpose,
      user_id: data.userId ?? null,
      payload: data.payload ?? null,
      expires_at: now + HANDOFF_TTL_MS,
    }),
  ]);
  return { code, binding };
}

/** Redeems a code once, in the browser it was handed to: the conditional DELETE ... RETURNING means a second use finds nothing. */
export async function redeemHandoff(
  env: Env,
  purpose: GoogleSource,
  code: string,
  binding: string | null,
): Promise<{ userId: string | null; payload: string | null } | null> {
  if (!binding) return null;
  const codeHash = await handoffHash(code, binding);
  return first(
    env,
    returning(
      sql`DELETE FROM google_handoffs WHERE code_hash = ${codeHash} AND purpose = ${purpose} AND expires_at > ${Date.now()}`,
      { userId: googleHandoffs.user_id, payload: googleHandoffs.payload },
    ),
  );
}

/** Sign-in: the user a one-time code (bound to this browser) stands for, or null when it is spent. */
export async function redeemSignInHandoff(env: Env, code: string, binding: string | null): Promise<AccountRef | null> {
  const handoff = await redeemHandoff(env, "auth", code, binding);
  if (!handoff?.userId) return null;
  return first(
    env,
    select(
      { id: users.id, name: users.name, email: users.email },
      sql`FROM ${users} WHERE ${users.id} = ${handoff.userId} LIMIT 1`,
    ),
  );
}

/** The one-time code of /auth?code= and /google/callback?code=, as both doors read it. */
export const googleCodeSchema = z.object({
  code: z
    .string({ error: "The sign-in code is missing." })
    .min(1, "The sign-in code is missing.")
    .max(256, "That sign-in code is not valid."),
});

/**
 * Google sign-in's last step, for both doors (POST /api/google/session and the sign-in screen's
 * action): the one-time code from /auth?code=..., redeemed only in the browser that holds its
 * handoff cookie (`binding`), becomes a session on the caller's device. Refused (400) when the code
 * is spent, expired or not this browser's. A door that signed in clears the spent handoff's cookie.
 */
export async function signInWithHandoff(
  env: Env,
  caller: Pick<Caller, "userAgent">,
  binding: string | null,
  input: z.output<typeof googleCodeSchema>,
): Promise<{ user: AccountRef; token: string; expiresAt: number }> {
  const user = await redeemSignInHandoff(env, input.code, binding);
  if (!user) throw new ApiError(400, GOOGLE_MESSAGES.codeUsed);
  return { user, ...(await startSession(env, user.id, caller.userAgent)) };
}

/**
 * The Classroom connection's last step, for both doors (POST /api/google/exchange and the
 * /google/callback screen's action): the one-time code becomes the encrypted Google token, in the
 * browser that holds the code's handoff cookie (`binding`) only. Refused (400) otherwise.
 */
export async function exchangeClassroomHandoff(
  env: Env,
  binding: string | null,
  input: z.output<typeof googleCodeSchema>,
): Promise<{ token: string }> {
  const handoff = await redeemHandoff(env, "classroom", input.code, binding);
  if (!handoff?.payload) throw new ApiError(400, GOOGLE_MESSAGES.codeUsed);
  return { token: handoff.payload };
}

/**
 * The Campus user for a Google account: the one already linked to this Google subject, else the
 * account with the same (Google-verified) e-mail, else a new account. An unverified e-mail gets
 * neither.
 *
 * An account whose address was never verified may have been registered by anyone (pre-hijacking):
 * when Google vouches for the address, its owner takes the account over (decision 0007): the
 * password goes, every session ends, Google is linked and the address counts as verified. An account
 * verified already is simply signed in.
 */
/** Who a Google sign-in resolved to; the session lookup reads the rest (campus, verified). */
export type AccountRef = Pick<SessionUser, "id" | "name" | "email">;

export async function findOrCreateGoogleUser(env: Env, identity: GoogleIdentity, reqId?: string): Promise<AccountRef> {
  const columns = { id: users.id, name: users.name, email: users.email };
  const state = {
    ...columns,
    emailVerifiedAt: users.email_verified_at,
    googleSub: users.google_sub,
    hasPassword: int(sql`${users.password_hash} IS NOT NULL`),
  };
  /** The account whose `column` is `value`. */
  const accountWhere = (column: "google_sub" | "email", value: string) =>
    sql`FROM ${users} WHERE ${users[column]} = ${value} LIMIT 1`;
  // Google speaks for an address only from the organisation that manages it (its `hd`).
  if (identity.emailVerified) await assertGoogleVouches(env, identity);
  const linked = await first(env, select(state, accountWhere("google_sub", identity.sub)));
  if (linked) {
    // Linked before addresses were verified (migration 0006): whoever set its password may not be the owner.
    if (linked.emailVerifiedAt === null && identity.emailVerified && linked.email === identity.email)
      return takeOver(env, linked, identity, reqId);
    return { id: linked.id, name: linked.name, email: linked.email };
  }
  // An address Google has not verified proves nothing: it neither links an account nor claims one.
  if (!identity.emailVerified) throw new ApiError(403, GOOGLE_MESSAGES.emailUnverified);
  const existing = await first(env, select(state, accountWhere("email", identity.email)));
  if (existing && existing.googleSub === null) {
    if (existing.emailVerifiedAt === null) return takeOver(env, existing, identity, reqId);
    // Verified some other way: the same person, so Google is linked and nothing else changes.
    const link = await first(
      env,
      returning(
        update(users, { google_sub: identity.sub }, sql`WHERE id = ${existing.id} AND google_sub IS NULL`),
        columns,
      ),
    );
    if (link) return link;
  }
  if (!existing) {
    // A new account joins the campus of its address (refused when of no college and OPEN_SIGNUP is off).
    const campus = await campusForEmail(env, identity.email);
    const created = await createUser(env, {
      email: identity.email,
      name: identity.name ?? "Google User",
      googleSub: identity.sub,
      passwordHash: null,
      campusId: campus.campusId,
      verified: true,
    });
    if (created) return { id: created.id, name: created.name, email: created.email };
  }
  // Lost a race with the same Google account signing in twice: the other request linked it.
  const again = await first(env, select(columns, accountWhere("google_sub", identity.sub)));
  if (again) return again;
  // Conditional throughout: an account already linked to another Google account is never taken over.
  throw new ApiError(409, GOOGLE_MESSAGES.emailTaken);
}

/**
 * The verified owner takes an unverified account over, in one atomic batch: every session and the
 * Classroom connection someone else may have set up end, the password is removed, Google is linked
 * and the address marked verified. Each statement is conditional on the account still being
 * unverified, so a second, simultaneous sign-in does not end the session the first one is making.
 */
async function takeOver(
  env: Env,
  account: { id: string; hasPassword: number },
  identity: GoogleIdentity,
  reqId?: string,
): Promise<AccountRef> {
  const now = Date.now();
  const stillUnverified = sql`EXISTS (SELECT 1 FROM users WHERE id = ${account.id} AND email_verified_at IS NULL AND (google_sub IS NULL OR google_sub = ${identity.sub}))`;
  // Everything the earlier holder set up goes in the same batch (decision 0095): sessions, push
  // devices, the calendar link, the Classroom connection and its reminders, notification settings;
  // the name is kept but marked for the owner to confirm.
  const [ended, , , , , , , taken] = await batch(env, [
    returning(sql`DELETE FROM sessions WHERE user_id = ${account.id} AND ${stillUnverified}`, { id: sessions.id }),
    ...endOtherDevices(account.id, null, stillUnverified),
    ...endEarlierHoldersSetUp(account.id, stillUnverified),
    returning(
      update(
        users,
        { password_hash: null, google_sub: identity.sub, email_verified_at: now },
        sql`WHERE id = ${account.id} AND email_verified_at IS NULL AND (google_sub IS NULL OR google_sub = ${identity.sub})`,
      ),
      { id: users.id, name: users.name, email: users.email },
    ),
  ]);
  const [user] = taken.rows;
  if (!user) {
    // Someone else's sign-in got there first: this Google account is linked now, or it is not ours.
    const again = await first(
      env,
      select(
        { id: users.id, name: users.name, email: users.email },
        sql`FROM ${users} WHERE ${users.google_sub} = ${identity.sub} LIMIT 1`,
      ),
    );
    if (again) return again;
    throw new ApiError(409, GOOGLE_MESSAGES.emailTaken);
  }
  // A security event, one line: who, and what was undone (never the address, a password or a token).
  logWarning("account taken over by its verified owner through Google sign-in", {
    event: "account.google_takeover",
    ...(reqId ? { reqId } : {}),
    userId: user.id,
    passwordRemoved: Boolean(account.hasPassword),
    sessionsEnded: ended.rows.length,
  });
  return user;
}

export interface CallbackInput {
  source: GoogleSource;
  code: string;
  verifier: string;
  /** For the log line of a takeover. */
  reqId?: string;
}

/** Finishes the redirect: exchanges the code, checks the ID token, and returns a one-time code. */
export async function completeGoogleSignIn(env: Env, input: CallbackInput): Promise<Handoff> {
  const { tokens, idToken } = await exchangeCode(env, input.code, input.verifier);
  const identity = await verifyIdToken(env, idToken);
  if (input.source === "auth") {
    const user = await findOrCreateGoogleUser(env, identity, input.reqId);
    return createHandoff(env, "auth", { userId: user.id });
  }
  const contents: GoogleTokenContents = {
    ...tokens,
    sub: identity.sub,
    email: identity.email,
    name: identity.name,
    picture: identity.picture,
  };
  return createHandoff(env, "classroom", { payload: await sealGoogleToken(env, contents, "browser") });
}

export function isGoogleAuthError(error: unknown): error is GoogleAuthError {
  return error instanceof GoogleAuthError;
}
