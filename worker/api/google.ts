// `/api/google/*`: sign-in with Google and the Classroom viewer: the OAuth start and callback, the
// app's token exchanges, the courses and assignments, and the reminders switch
// (worker/services/auth/google.ts, worker/services/classroom/).
import { bodyLimit } from "#server/lib/body-limit.ts";
import { ACCOUNT_FORM_LIMIT } from "#common/body-limits.ts";
import { Hono } from "hono";
import { readCookie } from "#common/cookies.ts";
import { z } from "zod";
import { AUTH_MESSAGES } from "#common/auth-messages.ts";
import { GOOGLE_MESSAGES } from "#common/google-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import { logWarning } from "#server/lib/log.ts";
import { googleConfigured, type GoogleSource, startAuthorization } from "#server/lib/google-oauth.ts";
import { sessionCookie } from "#server/lib/session-token.ts";
import {
  assignmentsFor,
  coursesFor,
  disableReminders,
  enableRemindersSchema,
  googleTokenSchema,
  turnOnReminders,
  verifyGoogleToken,
  withClassroom,
} from "#server/services/classroom/connection.ts";
import {
  clearedHandoffCookie,
  completeGoogleSignIn,
  exchangeClassroomHandoff,
  flowCookie,
  googleCodeSchema,
  HANDOFF_COOKIE,
  HANDOFF_TTL_MS,
  handoffBinding,
  isGoogleAuthError,
  signInWithHandoff,
} from "#server/services/auth/google.ts";
import { callerOf } from "#server/api/caller.ts";
import { classroomOverview } from "#server/services/classroom/overview.ts";
import { remindersOverview } from "#server/services/classroom/reminders.ts";
import {
  type AppContext,
  type AppEnv,
  requireAuth,
  validateJson,
  validateParam,
  validateQuery,
} from "#server/api/context.ts";

const google = new Hono<AppEnv>();
// One-time codes and tokens: a few short fields.
google.use("*", bodyLimit(ACCOUNT_FORM_LIMIT));

google.use(async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});

// The state and PKCE verifier of a flow in progress: HttpOnly, ten minutes, sent back only on the
// top-level GET that Google redirects to (SameSite=Lax).
const STATE_COOKIE = "__Host-campus_google_state";
const VERIFIER_COOKIE = "__Host-campus_google_verifier";
const FLOW_COOKIE_MAX_AGE = 600;
const HANDOFF_COOKIE_MAX_AGE = HANDOFF_TTL_MS / 1000;

const cookieOf = (c: AppContext, name: string) => readCookie(c.req.header("Cookie"), name);

const SOURCE_HOME: Record<GoogleSource, string> = { auth: "/auth", classroom: "/google/callback" };

function backWith(c: AppContext, source: GoogleSource, params: Record<string, string>) {
  c.header("Set-Cookie", flowCookie(STATE_COOKIE, "", 0), { append: true });
  c.header("Set-Cookie", flowCookie(VERIFIER_COOKIE, "", 0), { append: true });
  c.header("Referrer-Policy", "no-referrer");
  return c.redirect(`${SOURCE_HOME[source]}?${new URLSearchParams(params).toString()}`, 302);
}

const authQuery = z.object({
  source: z.enum(["auth", "classroom"], { error: "source must be auth or classroom." }).default("auth"),
});

google.get("/auth", validateQuery(authQuery), (c) => {
  const { source } = c.req.valid("query");
  const errorTarget = source === "classroom" ? "/googleclassroom" : "/auth";
  if (!googleConfigured(c.env))
    return c.redirect(`${errorTarget}?error=${encodeURIComponent(GOOGLE_MESSAGES.notConfigured)}`, 302);
  const flow = startAuthorization(c.env, source);
  c.header("Set-Cookie", flowCookie(STATE_COOKIE, `${source}.${flow.state}`, FLOW_COOKIE_MAX_AGE), { append: true });
  c.header("Set-Cookie", flowCookie(VERIFIER_COOKIE, flow.verifier, FLOW_COOKIE_MAX_AGE), { append: true });
  return c.redirect(flow.url, 302);
});

google.get("/callback", async (c) => {
  const stateCookie = cookieOf(c, STATE_COOKIE) ?? "";
  const dot = stateCookie.indexOf(".");
  const cookieSource = stateCookie.slice(0, dot);
  const source: GoogleSource = cookieSource === "classroom" ? "classroom" : "auth";
  const expectedState = dot > 0 ? stateCookie.slice(dot + 1) : "";
  const verifier = cookieOf(c, VERIFIER_COOKIE);
  const { state, code, error } = c.req.query();

  if (!expectedState || !state || state !== expectedState)
    return backWith(c, source, { error: GOOGLE_MESSAGES.expired });
  if (error)
    return backWith(c, source, {
      error: error === "access_denied" ? GOOGLE_MESSAGES.cancelled : GOOGLE_MESSAGES.authFailed,
    });
  if (!verifier || !code || code.length > 2048) return backWith(c, source, { error: GOOGLE_MESSAGES.expired });
  try {
    const handoff = await completeGoogleSignIn(c.env, {
      source,
      code,
      verifier,
      reqId: c.var.state.reqId,
    });
    c.header("Set-Cookie", flowCookie(HANDOFF_COOKIE, handoff.binding, HANDOFF_COOKIE_MAX_AGE), { append: true });
    return backWith(c, source, { code: handoff.code });
  } catch (caught) {
    if (caught instanceof ApiError) return backWith(c, source, { error: caught.message });
    if (!isGoogleAuthError(caught)) throw caught;
    logWarning("google callback refused", { reqId: c.var.state.reqId, reason: caught.message });
    return backWith(c, source, { error: GOOGLE_MESSAGES.authFailed });
  }
});

// Sign-in: the one-time code from /auth?code=... becomes the session cookie, in the browser that
// holds the code's handoff cookie (this door sets the cookie: decision 0009).
google.post("/session", validateJson(googleCodeSchema), async (c) => {
  const binding = handoffBinding(c.req.header("Cookie") ?? null);
  const { user, token, expiresAt } = await signInWithHandoff(c.env, callerOf(c), binding, c.req.valid("json"));
  c.header("Set-Cookie", sessionCookie(token, expiresAt), { append: true });
  c.header("Set-Cookie", clearedHandoffCookie(), { append: true });
  return c.json({
    success: true,
    message: AUTH_MESSAGES.signedIn,
    data: { userId: user.id, name: user.name, email: user.email, token },
  });
});

// Classroom: the one-time code from /google/callback?code=... becomes the (encrypted) Google token.
google.post("/exchange", validateJson(googleCodeSchema), async (c) => {
  const binding = handoffBinding(c.req.header("Cookie") ?? null);
  const { token } = await exchangeClassroomHandoff(c.env, binding, c.req.valid("json"));
  c.header("Set-Cookie", clearedHandoffCookie(), { append: true });
  return c.json({ success: true, token });
});

google.post("/verify-token", validateJson(googleTokenSchema), async (c) => {
  const verdict = await verifyGoogleToken(c.env, c.req.valid("json"));
  if (!verdict.valid) return c.json({ success: true, valid: false, user: null });
  return c.json({
    success: true,
    valid: true,
    user: verdict.user,
    ...(verdict.newToken ? { newToken: verdict.newToken } : {}),
  });
});

// The Classroom screen's read in one request: the Google user, the courses and every active course's
// work, the token opened (and refreshed) once. A course Google refuses (API_NOT_ENABLED ...) is listed
// under problems with the answer its own endpoint would give; the rest still comes back.
google.post("/overview", validateJson(googleTokenSchema), async (c) => {
  const overview = await classroomOverview(c.env, c.req.valid("json"));
  if (!overview.valid)
    return c.json({
      success: true,
      valid: false,
      message: overview.message,
      user: null,
      courses: [],
      assignments: [],
      problems: [],
    });
  const { newToken, ...rest } = overview;
  return c.json({ success: true, ...rest, ...(newToken ? { newToken } : {}) });
});

function bearerToken(c: AppContext): string {
  const header = c.req.header("Authorization") ?? "";
  const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
  if (!token) throw new ApiError(401, GOOGLE_MESSAGES.authError, { error: "UNAUTHENTICATED" });
  return token;
}

google.get("/courses", async (c) => {
  const { data, newToken } = await withClassroom(c.env, bearerToken(c), (accessToken) =>
    coursesFor(c.env, accessToken),
  );
  if (newToken) c.header("X-New-Token", newToken);
  return c.json(data);
});

const courseParam = z.object({ id: z.string().regex(/^[\w-]{1,64}$/, GOOGLE_MESSAGES.courseIdInvalid) });

google.get("/courses/:id/assignments", validateParam(courseParam), async (c) => {
  const { id } = c.req.valid("param");
  const { data, newToken } = await withClassroom(c.env, bearerToken(c), (accessToken) =>
    assignmentsFor(c.env, accessToken, id),
  );
  if (newToken) c.header("X-New-Token", newToken);
  return c.json(data);
});

google.post("/notifications/enable", requireAuth, validateJson(enableRemindersSchema), async (c) => {
  const { message, newToken } = await turnOnReminders(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message, data: { enabled: true }, ...(newToken ? { newToken } : {}) });
});

google.post("/notifications/disable", requireAuth, async (c) => {
  await disableReminders(c.env, c.var.user.id);
  return c.json({ success: true, message: GOOGLE_MESSAGES.remindersOff, data: { enabled: false } });
});

google.get("/notifications", requireAuth, async (c) => {
  return c.json({ success: true, data: await remindersOverview(c.env, c.var.user.id) });
});

export default google;
