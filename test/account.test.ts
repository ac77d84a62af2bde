// Account pre-hijacking through Google sign-in, the device list, changing the password,
// session tokens without exp, and the cron job that forgets expired sessions.
import { env, exports } from "cloudflare:workers";
import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FAKE_ACCOUNTS } from "#fake-google/app.ts";
import { cookiesFrom, googleRedirect, installFakeGoogle } from "#test/fake-google.ts";
import {
  bearer,
  call,
  createUser,
  postJson,
  unique,
  uniqueIp,
  type TestUser,
  inOneLimiterMinute,
} from "#test/helpers.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

const aarav = FAKE_ACCOUNTS[0]!;
const noname = FAKE_ACCOUNTS[1]!;
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0";

async function resetGoogleUsers() {
  // The fake Google's accounts have fixed addresses: each test starts without their Campus accounts.
  await env.DB.prepare("DELETE FROM users WHERE email IN (?, ?)").bind(aarav.email, noname.email).run();
}

interface SignedIn {
  userId: string;
  name: string;
  cookie: string;
  token: string;
}

/** The whole Google sign-in as a browser does it: redirect dance, then the one-time code for a session. */
async function signInWithGoogle(account = "aarav", userAgent = CHROME_ANDROID): Promise<SignedIn> {
  const fake = installFakeGoogle();
  const { location, cookie } = await googleRedirect(fake, "auth", account);
  const code = location.searchParams.get("code");
  if (!code) throw new Error(`Google sign-in refused: ${location.searchParams.get("error")}`);
  const res = await postJson("/api/google/session", { code }, { Cookie: cookie, "User-Agent": userAgent });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { userId: string; name: string; token: string } };
  vi.restoreAllMocks();
  return { userId: body.data.userId, name: body.data.name, token: body.data.token, cookie: cookiesFrom(res) };
}

async function login(email: string, password: string, userAgent = FIREFOX_WINDOWS): Promise<Response> {
  return postJson("/api/auth/login", { email, password }, { "CF-Connecting-IP": uniqueIp(), "User-Agent": userAgent });
}

async function loginToken(email: string, password: string, userAgent = FIREFOX_WINDOWS): Promise<string> {
  const res = await login(email, password, userAgent);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function me(headers: Record<string, string>): Promise<number> {
  return (await call("/api/auth/me", { headers })).status;
}

async function userRow(id: string) {
  return env.DB.prepare("SELECT password_hash, google_sub, email_verified_at FROM users WHERE id = ?")
    .bind(id)
    .first<{ password_hash: string | null; google_sub: string | null; email_verified_at: number | null }>();
}

/** JSON lines written with console.warn during `run`. */
async function warnings<T>(
  run: () => Promise<T>,
): Promise<{ result: T; lines: Record<string, unknown>[]; raw: string }> {
  const spy = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  const result = await run();
  const raw = spy.mock.calls.map((args) => args.map(String).join(" ")).join("\n");
  const lines = raw
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  spy.mockRestore();
  return { result, lines, raw };
}

const takeoverLines = (lines: Record<string, unknown>[]) => lines.filter((l) => l.event === "account.google_takeover");

describe("pre-hijacking through Google sign-in", () => {
  it("the verified owner takes over an account someone else registered with their address", async () => {
    await resetGoogleUsers();
    // The attacker registers the victim's address with a password of their own and keeps two sessions.
    const attacker = await createUser({
      name: "Not Aarav",
      email: aarav.email,
      password: "attacker-secret-1",
      verified: false,
    });
    const attackerSecond = await loginToken(aarav.email, "attacker-secret-1");
    expect(await me(bearer(attacker.token))).toBe(200);
    expect(await me({ Cookie: attacker.cookie })).toBe(200);

    // The owner later uses "Continue with Google".
    const { result: victim, lines, raw } = await warnings(() => signInWithGoogle());
    expect(victim.userId).toBe(attacker.userId);

    // The attacker is out: every old session answers 401 and the password no longer signs in.
    expect(await me(bearer(attacker.token))).toBe(401);
    expect(await me({ Cookie: attacker.cookie })).toBe(401);
    expect(await me(bearer(attackerSecond))).toBe(401);
    const again = await login(aarav.email, "attacker-secret-1");
    expect(again.status).toBe(401);

    // The owner is signed in, and is the only one.
    const mine = await call("/api/auth/me", { headers: { Cookie: victim.cookie } });
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { data: { email: string } }).data.email).toBe(aarav.email);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?")
      .bind(victim.userId)
      .first<number>("n");
    expect(count).toBe(1);
    const row = await userRow(victim.userId);
    expect(row?.password_hash).toBeNull();
    expect(row?.google_sub).toBe(aarav.sub);
    expect(row?.email_verified_at).toEqual(expect.any(Number));

    // One JSON line says what happened, with nothing secret in it.
    const [line, ...more] = takeoverLines(lines);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: "warn",
      event: "account.google_takeover",
      userId: victim.userId,
      passwordRemoved: true,
      sessionsEnded: 2,
    });
    expect(line?.reqId).toEqual(expect.any(String));
    for (const secret of ["attacker-secret-1", attacker.token, attackerSecond, aarav.email])
      expect(raw).not.toContain(secret);
  });

  it("an account Google verified already is simply signed in: no takeover, its password and sessions stay", async () => {
    await resetGoogleUsers();
    const first = await signInWithGoogle();
    // The owner adds a password right after signing in with Google, and signs in with it elsewhere.
    const set = await postJson("/api/auth/password", { newPassword: "owner-password-1" }, bearer(first.token));
    expect(set.status).toBe(200);
    const withPassword = await loginToken(aarav.email, "owner-password-1");

    const { result: second, lines } = await warnings(() => signInWithGoogle());
    expect(second.userId).toBe(first.userId);
    expect(takeoverLines(lines)).toEqual([]);
    expect(await me(bearer(first.token))).toBe(200);
    expect(await me(bearer(withPassword))).toBe(200);
    expect((await login(aarav.email, "owner-password-1")).status).toBe(200);
  });

  it("an account created by Google counts as verified and says so", async () => {
    await resetGoogleUsers();
    const owner = await signInWithGoogle("noname");
    expect((await userRow(owner.userId))?.email_verified_at).toEqual(expect.any(Number));
    const page = await call("/account", { headers: { Cookie: owner.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Verified through Google");
  });

  it("a password account linked to Google before addresses were verified is taken over by the owner's next Google sign-in", async () => {
    await resetGoogleUsers();
    const attacker = await createUser({ email: aarav.email, password: "attacker-secret-2", verified: false });
    // What migration 0006 leaves for an account the old code linked: Google's subject, no verification.
    await env.DB.prepare("UPDATE users SET google_sub = ?, email_verified_at = NULL WHERE id = ?")
      .bind(aarav.sub, attacker.userId)
      .run();
    const { result: owner, lines } = await warnings(() => signInWithGoogle());
    expect(owner.userId).toBe(attacker.userId);
    expect(takeoverLines(lines)).toHaveLength(1);
    expect(await me(bearer(attacker.token))).toBe(401);
    expect((await login(aarav.email, "attacker-secret-2")).status).toBe(401);
  });

  it("an address verified some other way is linked to Google, keeping the password and the sessions", async () => {
    await resetGoogleUsers();
    const user = await createUser({ email: aarav.email, password: "verified-owner-1" });
    const { result: owner, lines } = await warnings(() => signInWithGoogle());
    expect(owner.userId).toBe(user.userId);
    expect(takeoverLines(lines)).toEqual([]);
    expect(await me(bearer(user.token))).toBe(200);
    expect((await login(aarav.email, "verified-owner-1")).status).toBe(200);
    expect((await userRow(user.userId))?.google_sub).toBe(aarav.sub);
  });

  it("the takeover also drops a Classroom connection the other person set up", async () => {
    await resetGoogleUsers();
    const attacker = await createUser({ email: aarav.email, verified: false });
    await env.DB.prepare(
      "INSERT INTO google_connections (user_id, google_email, tokens, reminders_enabled, updated_at) VALUES (?, 'attacker@example.com', 'jwe', 1, 0)",
    )
      .bind(attacker.userId)
      .run();
    await signInWithGoogle();
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM google_connections WHERE user_id = ?")
      .bind(attacker.userId)
      .first<number>("n");
    expect(left).toBe(0);
  });
});

interface SessionsBody {
  success: boolean;
  data: { sessions: { id: string; device: string; createdAt: number; lastSeenAt: number; current: boolean }[] };
}

async function sessionsOf(token: string): Promise<SessionsBody["data"]["sessions"]> {
  const res = await call("/api/auth/sessions", { headers: bearer(token) });
  expect(res.status).toBe(200);
  return ((await res.json()) as SessionsBody).data.sessions;
}

/** A user with a second session on another device. */
async function userOnTwoDevices(verified = true): Promise<{ user: TestUser; other: string }> {
  const user = await createUser({ verified });
  const other = await loginToken(user.email, user.password, CHROME_ANDROID);
  return { user, other };
}

describe("signed-in devices", () => {
  it("lists my live sessions with a device label, this one marked and first", async () => {
    const { other } = await userOnTwoDevices();
    const list = await sessionsOf(other);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, device: "Chrome on Android" });
    expect(list[1]).toMatchObject({ current: false });
    for (const s of list) {
      expect(s.createdAt).toBeGreaterThan(Date.now() - 60_000);
      expect(s.lastSeenAt).toBeGreaterThanOrEqual(s.createdAt);
    }
    // Expired sessions are not listed.
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, list[1]!.id)
      .run();
    expect(await sessionsOf(other)).toHaveLength(1);
  });

  it("ends one of my own sessions by id; that device is signed out, this one is not", async () => {
    const { user, other } = await userOnTwoDevices();
    const [, target] = await sessionsOf(user.token);
    const res = await call(`/api/auth/sessions/${target!.id}`, { method: "DELETE", headers: bearer(user.token) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: "That device has been signed out." });
    expect(await me(bearer(other))).toBe(401);
    expect(await me(bearer(user.token))).toBe(200);
    const twice = await call(`/api/auth/sessions/${target!.id}`, { method: "DELETE", headers: bearer(user.token) });
    expect(twice.status).toBe(404);
  });

  it("someone else's session id answers 404 and ends nothing", async () => {
    const mine = await createUser();
    const { user: victim } = await userOnTwoDevices();
    const [theirs] = await sessionsOf(victim.token);
    const res = await call(`/api/auth/sessions/${theirs!.id}`, { method: "DELETE", headers: bearer(mine.token) });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toMatch(/not signed in to your account/);
    expect(await me(bearer(victim.token))).toBe(200);
    expect(await sessionsOf(victim.token)).toHaveLength(2);
  });

  it("refuses a malformed id with a 400, and asks a signed-out caller to sign in", async () => {
    const user = await createUser();
    const bad = await call("/api/auth/sessions/not-a-session", { method: "DELETE", headers: bearer(user.token) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe("That is not a session id.");
    expect((await call("/api/auth/sessions")).status).toBe(401);
    expect((await call(`/api/auth/sessions/${crypto.randomUUID()}`, { method: "DELETE" })).status).toBe(401);
  });

  it("records when a session was last used, at most once every ten minutes", async () => {
    const user = await createUser();
    const [current] = await sessionsOf(user.token);
    const lastSeen = () =>
      env.DB.prepare("SELECT last_seen_at FROM sessions WHERE id = ?").bind(current!.id).first<number>("last_seen_at");
    const recent = Date.now() - 60_000;
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE id = ?").bind(recent, current!.id).run();
    await me(bearer(user.token));
    expect(await lastSeen()).toBe(recent);
    const old = Date.now() - 11 * 60_000;
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE id = ?").bind(old, current!.id).run();
    await me(bearer(user.token));
    expect(await lastSeen()).toBeGreaterThan(Date.now() - 5_000);
  });
});

describe("changing the password", () => {
  it("needs the current password: a wrong one is a 403 and changes nothing", async () => {
    const { user, other } = await userOnTwoDevices();
    const res = await postJson(
      "/api/auth/password",
      { currentPassword: "not my password", newPassword: "a-new-password" },
      bearer(user.token),
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ success: false, message: "Your current password is incorrect." });
    // A wrong current password is not "signed out": the session and its cookie stay.
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(await me(bearer(user.token))).toBe(200);
    expect(await me(bearer(other))).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(200);
    const missing = await postJson("/api/auth/password", { newPassword: "a-new-password" }, bearer(user.token));
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe("Enter your current password.");
  });

  it("validates the new password like registration", async () => {
    const user = await createUser();
    const short = await postJson(
      "/api/auth/password",
      { currentPassword: user.password, newPassword: "short" },
      bearer(user.token),
    );
    expect(short.status).toBe(400);
    expect(((await short.json()) as { message: string }).message).toBe(
      "Your new password must be at least 8 characters.",
    );
    const notJson = await call("/api/auth/password", { method: "POST", headers: bearer(user.token), body: "x" });
    expect(notJson.status).toBe(415);
    expect(
      (await postJson("/api/auth/password", { currentPassword: user.password, newPassword: "long-enough" })).status,
    ).toBe(401);
  });

  it("ends every other session, keeps this one; the new password works and the old one does not", async () => {
    const { user, other } = await userOnTwoDevices();
    const res = await postJson(
      "/api/auth/password",
      { currentPassword: user.password, newPassword: "brand-new-password" },
      bearer(user.token),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      message: "Your password has been changed. Every other device has been signed out.",
    });
    expect(await me(bearer(user.token))).toBe(200);
    expect(await me(bearer(other))).toBe(401);
    expect((await login(user.email, "brand-new-password")).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(401);
  });

  it("rate limits the current-password check per user with a 429", () =>
    inOneLimiterMinute(async () => {
      const user = await createUser();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        // A new client address each time: the limit follows the account, not the address.
        const res = await postJson(
          "/api/auth/password",
          { currentPassword: `guess-${i}`, newPassword: "whatever-123" },
          { ...bearer(user.token), "CF-Connecting-IP": uniqueIp() },
        );
        statuses.push(res.status);
      }
      expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
      const right = await postJson(
        "/api/auth/password",
        { currentPassword: user.password, newPassword: "whatever-123" },
        bearer(user.token),
      );
      expect(right.status).toBe(429);
      expect(((await right.json()) as { message: string }).message).toMatch(/wait a minute/);
    }));

  it("a Google-only account sets a password right after signing in with Google, not from an old session", async () => {
    await resetGoogleUsers();
    const owner = await signInWithGoogle("noname");
    await env.DB.prepare("UPDATE sessions SET created_at = ? WHERE user_id = ?")
      .bind(Date.now() - 11 * 60_000, owner.userId)
      .run();
    const stale = await postJson("/api/auth/password", { newPassword: "first-password-1" }, bearer(owner.token));
    expect(stale.status).toBe(403);
    expect(((await stale.json()) as { message: string }).message).toMatch(
      /within 10 minutes of signing in with Google/,
    );

    const fresh = await signInWithGoogle("noname");
    const set = await postJson("/api/auth/password", { newPassword: "first-password-1" }, bearer(fresh.token));
    expect(set.status).toBe(200);
    expect(((await set.json()) as { message: string }).message).toBe(
      "Your password has been set. Every other device has been signed out.",
    );
    expect(await me(bearer(owner.token))).toBe(401);
    expect((await login(noname.email, "first-password-1")).status).toBe(200);
  });
});

describe("session tokens", () => {
  async function tokenFor(user: TestUser, withExp: boolean): Promise<string> {
    const sid = await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ?").bind(user.userId).first<string>("id");
    let jwt = new SignJWT({ sid })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(user.userId)
      .setIssuer("campus")
      .setAudience("campus-session")
      .setIssuedAt();
    if (withExp) jwt = jwt.setExpirationTime("1h");
    return jwt.sign(new TextEncoder().encode(env.SESSION_SECRET));
  }

  it("a token without exp is refused, though it names a live session and is signed with the right key", async () => {
    const user = await createUser();
    expect(await me(bearer(await tokenFor(user, true)))).toBe(200);
    expect(await me(bearer(await tokenFor(user, false)))).toBe(401);
    const page = await call("/account", {
      headers: { Cookie: `__Host-campus_session=${await tokenFor(user, false)}` },
      redirect: "manual",
    });
    expect(page.status).toBe(302);
  });
});

describe("the expired-sessions cron job", () => {
  it("scheduled() deletes expired session rows only, and logs the count", async () => {
    const user = await createUser();
    const now = Date.now();
    const expired = [unique("expired"), unique("expired")];
    const live = unique("live");
    for (const [id, expiresAt] of [
      [expired[0], now - 1],
      [expired[1], now - 86_400_000],
      [live, now + 60_000],
    ] as const) {
      await env.DB.prepare("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
        .bind(id, user.userId, now - 1000, expiresAt)
        .run();
    }
    const spy = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const worker = exports.default as unknown as { scheduled: (controller: ScheduledController) => Promise<void> };
    await worker.scheduled({
      cron: "*/30 * * * *",
      scheduledTime: now,
      noRetry() {},
    } as unknown as ScheduledController);
    const lines = spy.mock.calls
      .map(([line]) => String(line))
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    spy.mockRestore();

    const ids = await env.DB.prepare("SELECT id FROM sessions WHERE id IN (?, ?, ?)")
      .bind(expired[0], expired[1], live)
      .all<{ id: string }>();
    expect(ids.results.map((r) => r.id)).toEqual([live]);
    expect(await me(bearer(user.token))).toBe(200);
    const line = lines.find((l) => l.job === "expired-sessions");
    expect(line).toMatchObject({ level: "info", msg: "cron", cron: "*/30 * * * *" });
    expect(line?.deleted).toBeGreaterThanOrEqual(2);
    // The reminders job still runs.
    expect(lines.some((l) => l.job === "reminders")).toBe(true);
  });
});

describe("/account", () => {
  // Its guard (signed out: to /login, remembering /account): pages.test.ts.

  it("shows the profile, an unverified address, and the devices with this one marked", async () => {
    const { user } = await userOnTwoDevices(false);
    const res = await call("/account", { headers: { Cookie: user.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Your account · Campus</title>");
    expect(html).toContain(user.email);
    // The campus the address decided (decision 0073).
    expect(html).toMatch(/<dt[^>]*>Campus<\/dt><dd[^>]*>Campus Institute of Technology<\/dd>/);
    expect(html).toContain("Not verified");
    expect(html).toContain("This device");
    expect(html).toContain("Chrome on Android");
    expect(html).toContain("Sign out everywhere else");
    expect(html).toContain('href="/account"');
  });

  it("changes the password through the form, without JavaScript", async () => {
    const { user, other } = await userOnTwoDevices();
    const post = (fields: Record<string, string>) =>
      call("/account", { method: "POST", headers: { Cookie: user.cookie }, body: new URLSearchParams(fields) });
    const wrong = await post({
      intent: "change-password",
      currentPassword: "nope-nope",
      newPassword: "form-password-1",
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain("Your current password is incorrect.");
    const ok = await post({
      intent: "change-password",
      currentPassword: user.password,
      newPassword: "form-password-1",
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Your password has been changed.");
    expect(await me(bearer(other))).toBe(401);
    expect(await me({ Cookie: user.cookie })).toBe(200);
  });

  it("signs another device out, and every other device, through the form", async () => {
    const { user, other } = await userOnTwoDevices();
    const third = await loginToken(user.email, user.password);
    const [target] = await sessionsOf(other);
    const post = (fields: Record<string, string>) =>
      call("/account", { method: "POST", headers: { Cookie: user.cookie }, body: new URLSearchParams(fields) });
    const someoneElse = await createUser();
    const [foreign] = await sessionsOf(someoneElse.token);
    expect((await post({ intent: "sign-out-device", id: foreign!.id })).status).toBe(404);
    expect(await me(bearer(someoneElse.token))).toBe(200);

    const one = await post({ intent: "sign-out-device", id: target!.id });
    expect(one.status).toBe(200);
    expect(await one.text()).toContain("That device has been signed out.");
    expect(await sessionsOf(user.token)).toHaveLength(2);
    const all = await post({ intent: "sign-out-others" });
    expect(await all.text()).toContain("Every other device has been signed out.");
    expect(await me(bearer(other))).toBe(401);
    expect(await me(bearer(third))).toBe(401);
    expect(await me({ Cookie: user.cookie })).toBe(200);
  });
});
