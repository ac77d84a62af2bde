import { bodyLimit } from "#server/lib/body-limit.ts";
import { ACCOUNT_FORM_LIMIT } from "#common/body-limits.ts";
import { Hono, type Next } from "hono";
import { clearedSessionCookie } from "#server/lib/session-token.ts";
import {
  assertRegisterAllowed,
  endAllSessions,
  endSession,
  loginSchema,
  REGISTERED,
  registerSchema,
  registerUser,
  SIGNED_IN,
  signInWithPassword,
  startSession,
  type SessionUser,
} from "#server/services/auth.ts";
import {
  ACCOUNT_MESSAGES,
  changePassword,
  endOwnSession,
  listSessions,
  nameSchema,
  passwordChangeSchema,
  saveName,
  sessionIdSchema,
} from "#server/services/account.ts";
import { CALENDAR_RESET } from "#server/services/account-security.ts";
import {
  deleteAccount,
  deleteAccountSchema,
  DELETION_MESSAGES,
  sendDeletionCode,
} from "#server/services/account-deletion.ts";
import { exportAccountData, exportHeaders } from "#server/services/account-export.ts";
import { assertCodeAllowed, type CodeScope, codeSchema } from "#server/services/email-codes.ts";
import { resendVerification, verifyEmail } from "#server/services/verification.ts";
import {
  confirmPasswordReset,
  requestPasswordReset,
  resetConfirmSchema,
  resetRequestSchema,
} from "#server/services/password-reset.ts";
import { z } from "zod";
import {
  type AppContext,
  type AppEnv,
  clientIp,
  requireAuth,
  validateJson,
  validateParam,
  userOf,
} from "#server/api/context.ts";

const auth = new Hono<AppEnv>();
// Sign-in, registration, codes and account changes: a few short fields each.
auth.use("*", bodyLimit(ACCOUNT_FORM_LIMIT));

// The JSON API answers the token and sets no cookie: a client that forgets its token is signed out.
// Campus's own sign-in screen gets its cookie from its route action (app/routes/auth.tsx).
async function signedIn(c: AppContext, user: SessionUser, status: 200 | 201, message: string) {
  const { token } = await startSession(c.env, user.id, c.req.header("User-Agent") ?? null);
  c.header("Cache-Control", "no-store");
  return c.json(
    {
      success: true,
      message,
      data: { userId: user.id, name: user.name, email: user.email, token, ...membershipOf(user) },
    },
    status,
  );
}

/** Added to the specification's user fields (additive): verified, the campus, and whether to confirm the name (decision 0095). */
function membershipOf(user: SessionUser) {
  return {
    verified: user.verified,
    confirmName: user.confirmName,
    campus: {
      id: user.campusId,
      name: user.campusName,
      shortName: user.campusShortName,
      openCommunity: user.openCommunity,
    },
  };
}

/** The request as a code's scope: its waitUntil, for the mail after the answer. */
function codeScope(c: AppContext): CodeScope {
  return { later: (work) => c.executionCtx.waitUntil(work) };
}

/** Code checks and requests per client address: a script cannot spray codes across accounts. */
async function limitCodes(c: AppContext, next: Next) {
  await assertCodeAllowed(c.env, clientIp(c));
  await next();
}

auth.post(
  "/register",
  // The limit is counted before the body is read, so a flood of malformed bodies is limited too.
  async (c, next) => {
    await assertRegisterAllowed(c.env, clientIp(c));
    await next();
  },
  validateJson(registerSchema),
  async (c) => {
    const input = c.req.valid("json");
    const user = await registerUser(c.env, input, codeScope(c));
    return signedIn(c, user, 201, REGISTERED);
  },
);

auth.post("/login", validateJson(loginSchema), async (c) => {
  const input = c.req.valid("json");
  const user = await signInWithPassword(c.env, clientIp(c), input);
  return signedIn(c, user, 200, SIGNED_IN);
});

auth.post("/logout", requireAuth, async (c) => {
  await endSession(c.env, c.var.sessionId);
  c.header("Set-Cookie", clearedSessionCookie());
  return c.json({ success: true, message: "You have been signed out." });
});

auth.post("/logout-all", requireAuth, async (c) => {
  const { calendarReset } = await endAllSessions(c.env, c.var.user.id, c.var.sessionId);
  c.header("Set-Cookie", clearedSessionCookie());
  return c.json({
    success: true,
    message: calendarReset
      ? `You have been signed out on every device. ${CALENDAR_RESET}`
      : "You have been signed out on every device.",
  });
});

// Who is signed in, without a 401 for signed-out visitors: prerendered pages ask this to fill the
// top bar, and a 401 would put an error in every visitor's console.
auth.get("/session", async (c) => {
  const user = await userOf(c);
  c.header("Cache-Control", "no-store");
  return c.json({
    success: true,
    data: user ? { userId: user.id, name: user.name, email: user.email, ...membershipOf(user) } : null,
  });
});

auth.get("/me", requireAuth, (c) => {
  const { id, name, email } = c.var.user;
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: { userId: id, name, email, ...membershipOf(c.var.user) } });
});

// Verifying a college address with the e-mailed code (docs/decisions/0075).
auth.post("/verify", limitCodes, requireAuth, validateJson(z.object({ code: codeSchema })), async (c) => {
  const { code } = c.req.valid("json");
  const message = await verifyEmail(c.env, codeScope(c), c.var.user, code);
  return c.json({ success: true, message, data: { verified: true } });
});

auth.post("/verify/resend", limitCodes, requireAuth, async (c) => {
  const message = await resendVerification(c.env, codeScope(c), c.var.user);
  return c.json({ success: true, message, data: { email: c.var.user.email } });
});

// The signed-in devices of the caller, this one marked `current`.
auth.get("/sessions", requireAuth, async (c) => {
  const list = await listSessions(c.env, c.var.user.id, c.var.sessionId);
  c.header("Cache-Control", "no-store");
  return c.json({
    success: true,
    message: `${list.length} signed-in ${list.length === 1 ? "device" : "devices"}.`,
    data: { sessions: list },
  });
});

// Signs one of the caller's own devices out; anyone else's session id is a 404 and ends nothing.
auth.delete("/sessions/:id", requireAuth, validateParam(sessionIdSchema), async (c) => {
  const { id } = c.req.valid("param");
  await endOwnSession(c.env, c.var.user.id, id);
  const current = id === c.var.sessionId;
  if (current) c.header("Set-Cookie", clearedSessionCookie());
  return c.json({
    success: true,
    message: current ? "You have been signed out." : "That device has been signed out.",
    data: { id, current },
  });
});

// Changes the password (or sets one on a Google-only account) and signs every other device out.
auth.post("/password", requireAuth, validateJson(passwordChangeSchema), async (c) => {
  const input = c.req.valid("json");
  const { message } = await changePassword(c.env, { userId: c.var.user.id, sessionId: c.var.sessionId }, input);
  return c.json({ success: true, message, data: { userId: c.var.user.id } });
});

// The name other students see; also confirms it after the address was claimed from an earlier holder (decision 0095).
auth.put("/name", requireAuth, validateJson(nameSchema), async (c) => {
  const { name } = await saveName(c.env, c.var.user.id, c.req.valid("json"));
  return c.json({ success: true, message: ACCOUNT_MESSAGES.nameSaved, data: { userId: c.var.user.id, name } });
});

// Everything Campus holds about the caller, as a JSON file to save (the DPDP Act's right of access).
auth.get("/account/export", requireAuth, async (c) => {
  const data = await exportAccountData(c.env, c.var.user.id, c.var.sessionId);
  return c.body(JSON.stringify(data, null, 2), 200, exportHeaders());
});

// The code that deletes an account without a password, e-mailed to its address (once a minute).
auth.post("/account/deletion-code", limitCodes, requireAuth, async (c) => {
  const message = await sendDeletionCode(c.env, codeScope(c), c.var.user);
  return c.json({ success: true, message, data: { email: c.var.user.email } });
});

// Deletes the caller's account (the right of erasure): { password }, or { code } for an account
// without one. Signed out everywhere, this client included. A code check counts towards the
// per-address code limit, as every code check does.
auth.delete("/account", requireAuth, validateJson(deleteAccountSchema), async (c) => {
  const input = c.req.valid("json");
  if (input.code !== undefined) await assertCodeAllowed(c.env, clientIp(c));
  await deleteAccount(
    c.env,
    { ...codeScope(c), reqId: c.var.state.reqId },
    { userId: c.var.user.id, sessionId: c.var.sessionId },
    input,
  );
  c.header("Set-Cookie", clearedSessionCookie());
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, message: DELETION_MESSAGES.deleted, data: { deleted: true } });
});

// Password reset by e-mailed code (docs/decisions/0075): the request answers the same for every
// address; the confirmation sets the password and ends every session. Both limited per client.
auth.post("/password-reset", validateJson(resetRequestSchema), async (c) => {
  const message = await requestPasswordReset(c.env, codeScope(c), clientIp(c), c.req.valid("json"));
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, message });
});

auth.post("/password-reset/confirm", validateJson(resetConfirmSchema), async (c) => {
  const message = await confirmPasswordReset(c.env, codeScope(c), clientIp(c), c.req.valid("json"));
  return c.json({ success: true, message });
});

export default auth;
