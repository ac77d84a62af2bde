// The Classroom connection: a browser's Google token kept fresh, Classroom calls with it, and the
// reminders the scheduled job sends with the tokens kept for it. Google sign-in is ../auth/google.ts.
import { z } from "zod";
import { AUTH_MESSAGES } from "#common/auth-messages.ts";
import { GOOGLE_MESSAGES } from "#common/google-messages.ts";
import { insert, run, sql } from "#server/db/sql.ts";
import { googleConnections } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { type Assignment, ClassroomError, type Course, listAssignments, listCourses } from "#server/lib/classroom.ts";
import { GoogleAuthError, refreshTokens } from "#server/lib/google-oauth.ts";
import { type GoogleTokenContents, openGoogleToken, sealGoogleToken } from "#server/lib/google-token.ts";
import { isGoogleAuthError } from "#server/services/auth/google.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";

/** The browser's Google token (decision 0030), as every Classroom door takes it. */
export const googleTokenField = z
  .string({ error: GOOGLE_MESSAGES.tokenMissing })
  .min(1, GOOGLE_MESSAGES.tokenMissing)
  .max(8192, GOOGLE_MESSAGES.tokenInvalid);

/** `POST /api/google/verify-token` and `/overview`, and the Classroom screen's overview. */
export const googleTokenSchema = z.object({ token: googleTokenField });

/**
 * `POST /api/google/notifications/enable` (the specification's `userId`: the student's e-mail, or
 * their id) and the Classroom screen's "Turn on reminders", whose student is the session's.
 */
export const enableRemindersSchema = z.object({
  userId: z
    .string({ error: GOOGLE_MESSAGES.userIdMissing })
    .trim()
    .toLowerCase()
    .min(1, GOOGLE_MESSAGES.userIdMissing)
    .max(254, AUTH_MESSAGES.emailTooLong),
  token: googleTokenField,
});

/** Refresh an access token this long before Google says it expires. */
const REFRESH_MARGIN_MS = 60_000;

export interface FreshToken {
  contents: GoogleTokenContents;
  /** Set when the access token was refreshed: the browser should keep this token from now on. */
  newToken: string | null;
}

/** Opens a browser Google token and refreshes its access token when it has (nearly) expired. */
export async function freshBrowserToken(env: Env, token: string, force = false): Promise<FreshToken | null> {
  const contents = await openGoogleToken(env, token, "browser");
  if (!contents) return null;
  if (!force && contents.expiresAt - REFRESH_MARGIN_MS > Date.now()) return { contents, newToken: null };
  try {
    const refreshed = { ...contents, ...(await refreshTokens(env, contents)) };
    return { contents: refreshed, newToken: await sealGoogleToken(env, refreshed, "browser") };
  } catch (error) {
    if (error instanceof GoogleAuthError && error.rejected) return null;
    throw error;
  }
}

export function classroomApiError(error: unknown): unknown {
  if (!(error instanceof ClassroomError)) return error;
  if (error.kind === "api_not_enabled")
    return new ApiError(403, error.message, { error: "API_NOT_ENABLED", enableUrl: error.enableUrl });
  if (error.kind === "unauthenticated")
    return new ApiError(401, GOOGLE_MESSAGES.authError, { error: "UNAUTHENTICATED" });
  if (error.kind === "not_found") return new ApiError(404, GOOGLE_MESSAGES.courseNotFound, { error: "NOT_FOUND" });
  return new ApiError(502, GOOGLE_MESSAGES.fetchFailed, { error: "CLASSROOM_FAILED" });
}

/** Runs a Classroom call with a fresh access token, refreshing once more if Google calls it stale. */
export async function withClassroom<T>(
  env: Env,
  token: string,
  call: (accessToken: string) => Promise<T>,
): Promise<{ data: T; newToken: string | null }> {
  let fresh = await freshBrowserToken(env, token);
  if (!fresh) throw new ApiError(401, GOOGLE_MESSAGES.authError, { error: "UNAUTHENTICATED" });
  try {
    return { data: await call(fresh.contents.accessToken), newToken: fresh.newToken };
  } catch (error) {
    if (!(error instanceof ClassroomError && error.kind === "unauthenticated")) throw classroomApiError(error);
  }
  fresh = await freshBrowserToken(env, fresh.newToken ?? token, true);
  if (!fresh) throw new ApiError(401, GOOGLE_MESSAGES.authError, { error: "UNAUTHENTICATED" });
  try {
    return { data: await call(fresh.contents.accessToken), newToken: fresh.newToken };
  } catch (error) {
    throw classroomApiError(error);
  }
}

export function coursesFor(env: Env, accessToken: string): Promise<Course[]> {
  return listCourses(env, accessToken);
}

export function assignmentsFor(env: Env, accessToken: string, courseId: string): Promise<Assignment[]> {
  return listAssignments(env, accessToken, courseId);
}

/** Turns reminders on: the Google tokens are kept, encrypted, for the scheduled job. */
export async function enableReminders(env: Env, user: SessionUser, contents: GoogleTokenContents): Promise<void> {
  const now = Date.now();
  const sealed = await sealGoogleToken(env, contents, "rest");
  await run(
    env,
    insert(
      googleConnections,
      { user_id: user.id, google_email: contents.email, tokens: sealed, reminders_enabled: 1, updated_at: now },
      sql`ON CONFLICT (user_id) DO UPDATE SET google_email = ${contents.email}, tokens = ${sealed},
        reminders_enabled = 1, last_error = NULL, updated_at = ${now}`,
    ),
  );
}

/**
 * Turns reminders on with the browser's Google token (both doors: the API and the Classroom screen's
 * action), for the student's own account only (`userId`: their e-mail or id; 403 otherwise).
 * Answers the message to show and the refreshed token when it changed.
 */
export async function turnOnReminders(
  env: Env,
  user: SessionUser,
  input: z.output<typeof enableRemindersSchema>,
): Promise<{ message: string; newToken: string | null }> {
  if (input.userId !== user.email && input.userId !== user.id)
    throw new ApiError(403, GOOGLE_MESSAGES.remindersNotYours);
  const fresh = await freshBrowserToken(env, input.token);
  if (!fresh) throw new ApiError(400, GOOGLE_MESSAGES.remindersExpired, { error: "UNAUTHENTICATED" });
  if (!fresh.contents.refreshToken) throw new ApiError(400, GOOGLE_MESSAGES.remindersNeedRefresh);
  await enableReminders(env, user, fresh.contents);
  return { message: GOOGLE_MESSAGES.remindersOn, newToken: fresh.newToken };
}

/** Turns reminders off and forgets the stored Google tokens; past reminders stay listed. */
export async function disableReminders(env: Env, userId: string): Promise<void> {
  await run(env, sql`DELETE FROM google_connections WHERE user_id = ${userId}`);
}

/**
 * `POST /api/google/verify-token`: whether the browser's Google token still opens (refreshed when it
 * had run out: `newToken`), and whose it is. Google's token endpoint failing is a 502, not a verdict.
 */
export async function verifyGoogleToken(
  env: Env,
  input: z.output<typeof googleTokenSchema>,
): Promise<
  | { valid: false }
  | { valid: true; user: { name: string; email: string; picture: string | null }; newToken: string | null }
> {
  const fresh = await freshBrowserToken(env, input.token).catch((error: unknown) => {
    if (isGoogleAuthError(error)) throw new ApiError(502, GOOGLE_MESSAGES.fetchFailed);
    throw error;
  });
  if (!fresh) return { valid: false };
  const { name, email, picture } = fresh.contents;
  return { valid: true, user: { name: name ?? "Google User", email, picture }, newToken: fresh.newToken };
}
