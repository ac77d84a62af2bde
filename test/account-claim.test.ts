// Third round of hardening (docs/decisions/0095-claiming-and-securing-an-account.md):
//   - claiming an address (a password reset or a Google sign-in on an account whose address nobody
//     had proven) ends everything its earlier holder set up (sessions, push devices, the calendar
//     link, the Classroom connection) and asks the student to confirm the name;
//   - securing an account ("sign out everywhere", a new password, a reset) ends the push subscriptions
//     of every other device and resets the calendar link, and says so.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FAKE_ACCOUNTS } from "#fake-google/app.ts";
import { resetCalendarFeed } from "#server/services/calendar/feed.ts";
import { cookiesFrom, googleRedirect, installFakeGoogle } from "#test/fake-google.ts";
import { bearer, call, createUser, postJson, uniqueIp, type TestUser } from "#test/helpers.ts";
import { makePushDevice } from "#test/web-push-device.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

const aarav = FAKE_ACCOUNTS[0]!;
const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;
const feedStatus = async (secret: string) => (await call(`/calendar/${secret}.ics`)).status;

/** A push device subscribed by the session of `token`; answers its endpoint. */
async function subscribeDevice(token: string): Promise<string> {
  const endpoint = `http://127.0.0.1:9/push/${crypto.randomUUID()}`;
  const { keys } = await makePushDevice();
  const res = await call("/api/push/subscribe", {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": "application/json" },
    body: JSON.stringify({ endpoint, keys }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return endpoint;
}

const endpointsOf = async (userId: string) =>
  (
    await env.DB.prepare("SELECT endpoint FROM push_subscriptions WHERE user_id = ?1 ORDER BY endpoint")
      .bind(userId)
      .all<{ endpoint: string }>()
  ).results.map((r) => r.endpoint);

async function loginToken(email: string, password: string): Promise<string> {
  const res = await postJson("/api/auth/login", { email, password }, { "CF-Connecting-IP": uniqueIp() });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** A code mailed to `email` whose subject matches; mail may be sent just after the answer (waitUntil). */
async function mailedCode(email: string, subject: RegExp): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const res = await call(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const mail = ((await res.json()) as { data: { subject: string; text: string }[] }).data.find((m) =>
      subject.test(m.subject),
    );
    const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no code mailed to ${email}`);
}

async function resetPassword(email: string, password: string): Promise<Response> {
  expect((await postJson("/api/auth/password-reset", { email }, { "CF-Connecting-IP": uniqueIp() })).status).toBe(200);
  const code = await mailedCode(email, /reset/i);
  return postJson("/api/auth/password-reset/confirm", { email, code, password }, { "CF-Connecting-IP": uniqueIp() });
}

/** What the earlier holder of an address sets up: two sessions, a push device on each, a calendar link, a Classroom connection with reminders, digest settings. */
async function squat(squatter: TestUser) {
  const second = await loginToken(squatter.email, squatter.password);
  const devices = [await subscribeDevice(squatter.token), await subscribeDevice(second)];
  const calendar = await resetCalendarFeed(env, squatter.userId);
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO google_connections (user_id, google_email, tokens, reminders_enabled, updated_at) VALUES (?1, 'squatter@example.com', 'jwe', 1, 0)",
    ).bind(squatter.userId),
    env.DB.prepare(
      "INSERT INTO classroom_reminders (id, user_id, course_id, course_work_id, kind, course_name, title, due_at, created_at) VALUES (?1, ?2, 'c1', 'w1', 'due_24h', 'Physics', 'Lab', 1, 1)",
    ).bind(crypto.randomUUID(), squatter.userId),
    env.DB.prepare(
      "INSERT INTO notification_settings (user_id, muted, updated_at, digest) VALUES (?1, '[\"market\"]', 0, 1)",
    ).bind(squatter.userId),
  ]);
  expect(await feedStatus(calendar)).toBe(200);
  return { second, devices, calendar };
}

async function expectNothingOfTheSquatterLeft(userId: string, calendar: string, tokens: string[]) {
  for (const token of tokens) expect((await call("/api/auth/me", { headers: bearer(token) })).status).toBe(401);
  expect(await endpointsOf(userId)).toEqual([]);
  expect(await feedStatus(calendar)).toBe(404);
  expect(await count("SELECT COUNT(*) AS n FROM google_connections WHERE user_id = ?1", userId)).toBe(0);
  expect(await count("SELECT COUNT(*) AS n FROM classroom_reminders WHERE user_id = ?1", userId)).toBe(0);
  expect(await count("SELECT COUNT(*) AS n FROM notification_settings WHERE user_id = ?1", userId)).toBe(0);
}

const me = async (token: string) =>
  (
    (await (await call("/api/auth/me", { headers: bearer(token) })).json()) as {
      data: { name: string; confirmName: boolean };
    }
  ).data;
const page = async (path: string, cookie: string) => (await call(path, { headers: { Cookie: cookie } })).text();

describe("claiming an address ends what its earlier holder set up", () => {
  it("a password reset on an unverified account: sessions, push devices, the calendar link, Classroom and its reminders end; the student is asked to confirm the name, on the screens and in the API", async () => {
    const squatter = await createUser({ name: "Squatter Sam", verified: false });
    const { second, calendar } = await squat(squatter);

    const done = await resetPassword(squatter.email, "the real owner's password");
    expect(done.status).toBe(200);
    await expectNothingOfTheSquatterLeft(squatter.userId, calendar, [squatter.token, second]);

    const token = await loginToken(squatter.email, "the real owner's password");
    expect(await me(token)).toMatchObject({ name: "Squatter Sam", confirmName: true });
    const cookie = `__Host-campus_session=${token}`;
    for (const path of ["/dashboard", "/account"]) {
      const html = await page(path, cookie);
      expect(html, path).toContain("Is this your name?");
      expect(html, path).toMatch(
        /<input[^>]*name="name"[^>]*value="Squatter Sam"|<input[^>]*value="Squatter Sam"[^>]*name="name"/,
      );
    }

    // Without JavaScript: the form on /account.
    const saved = await call("/account", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
      body: new URLSearchParams({ intent: "confirm-name", name: "Riya Sharma" }),
    });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Your name is saved.");
    expect(await me(token)).toMatchObject({ name: "Riya Sharma", confirmName: false });
    expect(await page("/dashboard", cookie)).not.toContain("Is this your name?");
  });

  it("an API client confirms or changes the name with PUT /api/auth/name; bad names are a 400", async () => {
    const squatter = await createUser({ name: "Someone Else", verified: false });
    expect((await resetPassword(squatter.email, "owner password 22")).status).toBe(200);
    const token = await loginToken(squatter.email, "owner password 22");
    const put = (body: unknown) =>
      call("/api/auth/name", {
        method: "PUT",
        headers: { ...bearer(token), "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    for (const body of [{}, { name: "" }, { name: "\u200b\u200b" }, { name: "x".repeat(81) }, { name: 7 }])
      expect((await put(body)).status).toBe(400);
    expect((await me(token)).confirmName).toBe(true);
    const res = await put({ name: "  Kavya Iyer " });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { name: "Kavya Iyer" } });
    expect(await me(token)).toMatchObject({ name: "Kavya Iyer", confirmName: false });
    expect(
      (
        await call("/api/auth/name", {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name: "Nobody" }),
        })
      ).status,
    ).toBe(401);
  });

  it("a Google sign-in that takes the account over ends them in the same batch, and asks for the name", async () => {
    await env.DB.prepare("DELETE FROM users WHERE email = ?1").bind(aarav.email).run();
    const squatter = await createUser({ name: "Not Aarav", email: aarav.email, verified: false });
    const { second, calendar } = await squat(squatter);

    const fake = installFakeGoogle();
    const { location, cookie } = await googleRedirect(fake, "auth", "aarav");
    const res = await postJson("/api/google/session", { code: location.searchParams.get("code") }, { Cookie: cookie });
    expect(res.status).toBe(200);
    const owner = (await res.json()) as { data: { userId: string; token: string } };
    vi.restoreAllMocks();
    expect(owner.data.userId).toBe(squatter.userId);

    await expectNothingOfTheSquatterLeft(squatter.userId, calendar, [squatter.token, second]);
    expect(await me(owner.data.token)).toMatchObject({ name: "Not Aarav", confirmName: true });
    expect(await page("/account", cookiesFrom(res))).toContain("Is this your name?");
  });

  it("a reset of an account whose address was already proven is no claim: Classroom and the name stay (push and the calendar end: securing)", async () => {
    const owner = await createUser({ name: "Proven Owner" });
    const { calendar } = await squat(owner);
    expect((await resetPassword(owner.email, "a fresh password 1")).status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM google_connections WHERE user_id = ?1", owner.userId)).toBe(1);
    expect(await endpointsOf(owner.userId)).toEqual([]);
    expect(await feedStatus(calendar)).toBe(404);
    expect((await me(await loginToken(owner.email, "a fresh password 1"))).confirmName).toBe(false);
  });
});

describe("securing an account reaches push and the calendar", () => {
  async function twoDevices() {
    const user = await createUser();
    const thief = await loginToken(user.email, user.password);
    const mine = await subscribeDevice(user.token);
    const theirs = await subscribeDevice(thief);
    const calendar = await resetCalendarFeed(env, user.userId);
    return { user, thief, mine, theirs, calendar };
  }

  it("POST /api/auth/logout-all: every other device's push subscription ends, this one's stays; the calendar link is reset and the answer says so", async () => {
    const { user, mine, calendar } = await twoDevices();
    const res = await call("/api/auth/logout-all", { method: "POST", headers: bearer(user.token) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toContain(
      "Your calendar link no longer works: make a new one on Notifications.",
    );
    expect(await endpointsOf(user.userId)).toEqual([mine]);
    expect(await feedStatus(calendar)).toBe(404);
  });

  it("POST /api/auth/logout and /logout: this device's notifications end with its session (a shared phone), the others' stay", async () => {
    const { user, thief, mine, theirs } = await twoDevices();
    expect((await call("/api/auth/logout", { method: "POST", headers: bearer(thief) })).status).toBe(200);
    expect(await endpointsOf(user.userId)).toEqual([mine]);
    expect(theirs).not.toBe(mine);
    const res = await call("/logout", { method: "POST", headers: { Cookie: user.cookie, Origin: "http://localhost" } });
    expect(res.status).toBeLessThan(400);
    expect(await endpointsOf(user.userId)).toEqual([]);
  });

  it("/account 'Sign out everywhere else' (no JavaScript): the same, and the page tells the student", async () => {
    const { user, thief, mine, calendar } = await twoDevices();
    const res = await call("/account", {
      method: "POST",
      headers: { Cookie: user.cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
      body: new URLSearchParams({ intent: "sign-out-others" }),
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Every other device has been signed out.");
    expect(html).toContain("Your calendar link no longer works: make a new one on Notifications.");
    expect(html).toMatch(/<a[^>]*href="\/notifications"[^>]*>Make a new calendar link<\/a>/);
    expect((await call("/api/auth/me", { headers: bearer(thief) })).status).toBe(401);
    expect(await endpointsOf(user.userId)).toEqual([mine]);
    expect(await feedStatus(calendar)).toBe(404);
  });

  it("POST /api/auth/password: other devices' push ends, this one's stays, the calendar link is reset", async () => {
    const { user, mine, calendar } = await twoDevices();
    const res = await postJson(
      "/api/auth/password",
      { currentPassword: user.password, newPassword: "a much newer password" },
      bearer(user.token),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toContain("Your calendar link no longer works");
    expect(await endpointsOf(user.userId)).toEqual([mine]);
    expect(await feedStatus(calendar)).toBe(404);
  });

  it("a password reset ends every push subscription (there is no 'this device') and the calendar link", async () => {
    const { user, calendar } = await twoDevices();
    const res = await resetPassword(user.email, "reset it all 1234");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toContain("Your calendar link no longer works");
    expect(await endpointsOf(user.userId)).toEqual([]);
    expect(await feedStatus(calendar)).toBe(404);
  });

  it("signing one other device out ends that device's push subscription only", async () => {
    const { user, thief, mine } = await twoDevices();
    const sessions = (
      (await (await call("/api/auth/sessions", { headers: bearer(user.token) })).json()) as {
        data: { sessions: { id: string; current: boolean }[] };
      }
    ).data.sessions;
    const other = sessions.find((s) => !s.current)!;
    expect(
      (await call(`/api/auth/sessions/${other.id}`, { method: "DELETE", headers: bearer(user.token) })).status,
    ).toBe(200);
    expect((await call("/api/auth/me", { headers: bearer(thief) })).status).toBe(401);
    expect(await endpointsOf(user.userId)).toEqual([mine]);
  });

  it("a wrong current password ends nothing", async () => {
    const { user, mine, theirs, calendar } = await twoDevices();
    expect(
      (
        await postJson(
          "/api/auth/password",
          { currentPassword: "not my password", newPassword: "a much newer password" },
          bearer(user.token),
        )
      ).status,
    ).toBe(403);
    expect(await endpointsOf(user.userId)).toEqual([mine, theirs].sort());
    expect(await feedStatus(calendar)).toBe(200);
  });
});
