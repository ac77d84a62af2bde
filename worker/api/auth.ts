// `/api/auth/*`: accounts for outside clients: sign-up, sign-in and out, sessions, e-mail
// verification, the password and its reset, a change of address, name and WhatsApp number, the
// export and deletion of the account. Each route validates and calls the use-case in
// worker/services/auth/ or worker/services/account/.
import { bodyLimit } from "#server/lib/body-limit.ts";
import { ACCOUNT_FORM_LIMIT } from "#common/body-limits.ts";
import { Hono } from "hono";
import { ACCOUNT_MESSAGES, DELETION_MESSAGES } from "#common/account-messages.ts";
import { AUTH_MESSAGES } from "#common/auth-messages.ts";
import { clearedSessionCookie } from "#server/lib/session-token.ts";
import {
  endSession,
  loginSchema,
  register,
  registerSchema,
  signIn,
  type SessionUser,
  type StartedSession,
} from "#server/services/auth/sign-in.ts";
import {
  changePassword,
  sessionIdSchema,
  listSessions,
  nameSchema,
  passwordChangeSchema,
  saveName,
  signOutDevice,
  signOutEverywhere,
} from "#server/services/account/settings.ts";
import { saveWhatsappNumber, whatsappProfileSchema } from "#server/services/account/whatsapp-number.ts";
import { deleteAccount, deleteAccountSchema, sendDeletionCode } from "#server/services/account/deletion.ts";
import { exportAccountData, exportHeaders } from "#server/services/account/export.ts";
import { resendVerification, verifyEmail, verifySchema } from "#server/services/auth/verification.ts";
import {
  confirmPasswordReset,
  requestPasswordReset,
  resetConfirmSchema,
  resetRequestSchema,
} from "#server/services/auth/password-reset.ts";
import {
  confirmEmailChange,
  emailChangeConfirmSchema,
  emailChangeSchema,
  requestEmailChange,
} from "#server/services/account/email-change.ts";
import { callerOf } from "#server/api/caller.ts";
import { type AppContext, type AppEnv, requireAuth, validateJson, validateParam, userOf } from "#server/api/context.ts";

const auth = new Hono<AppEnv>();
// Sign-in, registration, codes and account changes: a few short fields each.
auth.use("*", bodyLimit(ACCOUNT_FORM_LIMIT));

// The JSON API answers the token and sets no cookie: a client that forgets its token is signed out.
// Campus's own sign-in screen gets its cookie from its route action (app/routes/auth.tsx).
function signedIn(c: AppContext, { user, token }: StartedSession, status: 200 | 201, message: string) {
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

// Registration and sign-in are limited per client address and e-mail in their use-cases (decision 0008).
auth.post("/register", validateJson(registerSchema), async (c) =>
  signedIn(c, await register(c.env, callerOf(c), c.req.valid("json")), 201, AUTH_MESSAGES.registered),
);

auth.post("/login", validateJson(loginSchema), async (c) =>
  signedIn(c, await signIn(c.env, callerOf(c), c.req.valid("json")), 200, AUTH_MESSAGES.signedIn),
);

/** The caller's own session, for the use-cases that act on the student's devices. */
const ownSession = (c: AppContext) => ({ userId: c.var.user.id, sessionId: c.var.sessionId });

auth.post("/logout", requireAuth, async (c) => {
  await endSession(c.env, c.var.sessionId);
  c.header("Set-Cookie", clearedSessionCookie());
  return c.json({ success: true, message: ACCOUNT_MESSAGES.signedOut });
});

auth.post("/logout-all", requireAuth, async (c) => {
  const { message } = await signOutEverywhere(c.env, ownSession(c));
  c.header("Set-Cookie", clearedSessionCookie());
  return c.json({ success: true, message });
});

// Who is signed in, without a 401 for signed-out visitors (an API client's check; the pages know it
// from the session they are rendered with).
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

// Verifying a college address with the e-mailed code (docs/decisions/0075); code checks and
// requests are limited per client address in their use-cases.
auth.post("/verify", requireAuth, validateJson(verifySchema), async (c) => {
  const message = await verifyEmail(c.env, callerOf(c), c.var.user, c.req.valid("json"));
  return c.json({ success: true, message, data: { verified: true } });
});

auth.post("/verify/resend", requireAuth, async (c) => {
  const message = await resendVerification(c.env, callerOf(c), c.var.user);
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
  const input = c.req.valid("param");
  const { current, message } = await signOutDevice(c.env, ownSession(c), input);
  if (current) c.header("Set-Cookie", clearedSessionCookie());
  return c.json({ success: true, message, data: { id: input.id, current } });
});

// Changes the password (or sets one on a Google-only account) and signs every other device out.
auth.post("/password", requireAuth, validateJson(passwordChangeSchema), async (c) => {
  const { message } = await changePassword(c.env, ownSession(c), c.req.valid("json"));
  return c.json({ success: true, message, data: { userId: c.var.user.id } });
});

// Changing the address (docs/decisions/0123): { email, password } mails a 6-digit code to the new
// address; { code } switches to it, joins the campus of its domain (verified: the code proves it)
// and signs every other device out. Code requests and checks are limited per client address.
auth.post("/email-change", requireAuth, validateJson(emailChangeSchema), async (c) => {
  const { message, email, campus, moves } = await requestEmailChange(
    c.env,
    callerOf(c),
    { member: c.var.user, sessionId: c.var.sessionId },
    c.req.valid("json"),
  );
  return c.json({ success: true, message, data: { email, campus: campusOf(campus), moves } });
});

auth.post("/email-change/confirm", requireAuth, validateJson(emailChangeConfirmSchema), async (c) => {
  const changed = await confirmEmailChange(
    c.env,
    callerOf(c),
    { member: c.var.user, sessionId: c.var.sessionId },
    c.req.valid("json"),
  );
  return c.json({
    success: true,
    message: changed.message,
    data: {
      email: changed.email,
      verified: changed.verified,
      campus: campusOf(changed.campus),
      listingsWithdrawn: changed.listingsWithdrawn,
      calendarReset: changed.calendarReset,
    },
  });
});

/** A campus as the API names it (as in membershipOf). */
function campusOf(campus: { campusId: string; campusName: string; campusShortName: string; openCommunity: boolean }) {
  return {
    id: campus.campusId,
    name: campus.campusName,
    shortName: campus.campusShortName,
    openCommunity: campus.openCommunity,
  };
}

// The WhatsApp number of the student's profile: { whatsappNumber } to set or change it, "" or null
// to remove it; put on their listings still on sale (decision 0114). Private: shown only where
// sellerContact allows.
auth.put("/whatsapp", requireAuth, validateJson(whatsappProfileSchema), async (c) => {
  const { whatsappNumber, message } = await saveWhatsappNumber(c.env, c.var.user.id, c.req.valid("json"));
  return c.json({ success: true, message, data: { userId: c.var.user.id, whatsappNumber } });
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
auth.post("/account/deletion-code", requireAuth, async (c) => {
  const message = await sendDeletionCode(c.env, callerOf(c), c.var.user);
  return c.json({ success: true, message, data: { email: c.var.user.email } });
});

// Deletes the caller's account (the right of erasure): { password }, or { code } for an account
// without one. Signed out everywhere, this client included.
auth.delete("/account", requireAuth, validateJson(deleteAccountSchema), async (c) => {
  await deleteAccount(c.env, callerOf(c), ownSession(c), c.req.valid("json"));
  c.header("Set-Cookie", clearedSessionCookie());
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, message: DELETION_MESSAGES.deleted, data: { deleted: true } });
});

// Password reset by e-mailed code (docs/decisions/0075): the request answers the same for every
// address; the confirmation sets the password and ends every session. Both limited per client.
auth.post("/password-reset", validateJson(resetRequestSchema), async (c) => {
  const message = await requestPasswordReset(c.env, callerOf(c), c.req.valid("json"));
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, message });
});

auth.post("/password-reset/confirm", validateJson(resetConfirmSchema), async (c) => {
  const message = await confirmPasswordReset(c.env, callerOf(c), c.req.valid("json"));
  return c.json({ success: true, message });
});

export default auth;
