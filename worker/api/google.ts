import { bodyLimit } from "#server/lib/body-limit.ts";
import { ACCOUNT_FORM_LIMIT } from "#common/body-limits.ts";
import { Hono } from "hono";
import { readCookie } from "#common/cookies.ts";
import { z } from "zod";
import { ApiError } from "#server/lib/errors.ts";
import { logWarning } from "#server/lib/log.ts";
import { googleConfigured, type GoogleSource, startAuthorization } from "#server/lib/google-oauth.ts";
import {
  assignmentsFor,
  coursesFor,
  disableReminders,
  freshBrowserToken,
  turnOnReminders,
  withClassroom,
} from "#server/services/google-classroom.ts";
import {
  completeGoogleSignIn,
  flowCookie,
  HANDOFF_COOKIE,
  HANDOFF_TTL_MS,
  isGoogleAuthError,
  MESSAGES,
  oneTimeCodeSchema,
  exchangeClassroomHandoff,
  signInWithHandoff,
} from "#server/services/google.ts";
import { classroomOverview } from "#server/services/classroom-overview.ts";
import { remindersOverview } from "#server/services/reminders.ts";
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
  if (!googleConfigured(c.env)) {
    const error = "Google sign-in is not configured on this server yet. Please sign in with your e-mail and password.";
    return c.redirect(`${errorTarget}?error=${encodeURIComponent(error)}`, 302);
  }
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

  if (!expectedState || !state || state !== expectedState) return backWith(c, source, { error: MESSAGES.expired });
  if (error)
    return backWith(c, source, { error: error === "access_denied" ? MESSAGES.cancelled : MESSAGES.authFailed });
  if (!verifier || !code || code.length > 2048) return backWith(c, source, { error: MESSAGES.expired });
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
    return backWith(c, source, { error: MESSAGES.authFailed });
  }
});

const codeBody = z.object({
  code: oneTimeCodeSchema,
});

// Sign-in: the one-time code from /auth?code=... becomes the session cookie, in the browser that
// holds the code's handoff cookie.
google.post("/session", validateJson(codeBody), async (c) => {
  const { code } = c.req.valid("json");
  const { user, token, cookies } = await signInWithHandoff(c.env, c.req.raw, code);
  for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
  return c.json({
    success: true,
    message: "Login successful! Redirecting...",
    data: { userId: user.id, name: user.name, email: user.email, token },
  });
});

// Classroom: the one-time code from /google/callback?code=... becomes the (encrypted) Google token.
google.post("/exchange", validateJson(codeBody), async (c) => {
  const { code } = c.req.valid("json");
  const { token, cookies } = await exchangeClassroomHandoff(c.env, c.req.raw, code);
  for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
  return c.json({ success: true, token });
});

const tokenField = z
  .string({ error: "The Google token is missing." })
  .min(1, "The Google token is missing.")
  .max(8192, "That Google token is not valid.");

google.post("/verify-token", validateJson(z.object({ token: tokenField })), async (c) => {
  const { token } = c.req.valid("json");
  const fresh = await freshBrowserToken(c.env, token).catch((error: unknown) => {
    if (isGoogleAuthError(error)) throw new ApiError(502, MESSAGES.fetchFailed);
    throw error;
  });
  if (!fresh) return c.json({ success: true, valid: false, user: null });
  const { name, email, picture } = fresh.contents;
  return c.json({
    success: true,
    valid: true,
    user: { name: name ?? "Google User", email, picture },
    ...(fresh.newToken ? { newToken: fresh.newToken } : {}),
  });
});

// The Classroom screen's read in one request: the Google user, the courses and every active course's
// work, the token opened (and refreshed) once. A course Google refuses (API_NOT_ENABLED ...) is listed
// under problems with the answer its own endpoint would give; the rest still comes back.
google.post("/overview", validateJson(z.object({ token: tokenField })), async (c) => {
  const { token } = c.req.valid("json");
  const overview = await classroomOverview(c.env, token);
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
  if (!token) throw new ApiError(401, MESSAGES.authError, { error: "UNAUTHENTICATED" });
  return token;
}

google.get("/courses", async (c) => {
  const { data, newToken } = await withClassroom(c.env, bearerToken(c), (accessToken) =>
    coursesFor(c.env, accessToken),
  );
  if (newToken) c.header("X-New-Token", newToken);
  return c.json(data);
});

const courseParam = z.object({ id: z.string().regex(/^[\w-]{1,64}$/, "That course id is not valid.") });

google.get("/courses/:id/assignments", validateParam(courseParam), async (c) => {
  const { id } = c.req.valid("param");
  const { data, newToken } = await withClassroom(c.env, bearerToken(c), (accessToken) =>
    assignmentsFor(c.env, accessToken, id),
  );
  if (newToken) c.header("X-New-Token", newToken);
  return c.json(data);
});

const enableBody = z.object({
  userId: z
    .string({ error: "Your e-mail (userId) is missing." })
    .trim()
    .toLowerCase()
    .min(1, "Your e-mail (userId) is missing.")
    .max(254, "That e-mail address is too long."),
  token: tokenField,
});

google.post("/notifications/enable", requireAuth, validateJson(enableBody), async (c) => {
  const input = c.req.valid("json");
  const user = c.var.user;
  if (input.userId !== user.email && input.userId !== user.id)
    throw new ApiError(403, "You can only turn on reminders for your own account.");
  const { message, newToken } = await turnOnReminders(c.env, user, input.token);
  return c.json({ success: true, message, data: { enabled: true }, ...(newToken ? { newToken } : {}) });
});

google.post("/notifications/disable", requireAuth, async (c) => {
  await disableReminders(c.env, c.var.user.id);
  return c.json({ success: true, message: "Reminders are off.", data: { enabled: false } });
});

google.get("/notifications", requireAuth, async (c) => {
  return c.json({ success: true, data: await remindersOverview(c.env, c.var.user.id) });
});

export default google;
