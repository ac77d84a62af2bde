import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { API_NOT_ENABLED_MESSAGE, FAKE_ACCOUNTS } from "#fake-google/app.ts";
import { api } from "#server/api/app.ts";
import { runReminders } from "#server/services/classroom/reminders.ts";
import { cookiesFrom, FAKE_ORIGIN, googleRedirect, installFakeGoogle } from "#test/fake-google.ts";
import { bearer, call, createUser, postJson, unique, uniqueIp } from "#test/helpers.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

const aarav = FAKE_ACCOUNTS[0]!;
const noname = FAKE_ACCOUNTS[1]!;

async function resetGoogleUsers() {
  // Tests share one database per file run only through these fixed fake accounts.
  await env.DB.prepare("DELETE FROM users WHERE email IN (?, ?)").bind(aarav.email, noname.email).run();
}

/** The whole classroom connection: redirect, one-time code, encrypted Google token. */
async function classroomToken(fake: ReturnType<typeof installFakeGoogle>, account = "aarav"): Promise<string> {
  const { location, cookie } = await googleRedirect(fake, "classroom", account);
  expect(location.pathname).toBe("/google/callback");
  const res = await postJson("/api/google/exchange", { code: location.searchParams.get("code") }, { Cookie: cookie });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { token: string };
  return body.token;
}

describe("GET /api/google/auth", () => {
  it("sends the browser to Google with PKCE (S256), state and the right scopes, in HttpOnly cookies", async () => {
    installFakeGoogle();
    const res = await call("/api/google/auth?source=classroom", { redirect: "manual" });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("Location") ?? "");
    expect(`${to.origin}${to.pathname}`).toBe(`${FAKE_ORIGIN}/o/oauth2/v2/auth`);
    expect(to.searchParams.get("client_id")).toBe("campus-test.apps.googleusercontent.com");
    expect(to.searchParams.get("redirect_uri")).toBe("http://localhost/api/google/callback");
    expect(to.searchParams.get("code_challenge_method")).toBe("S256");
    expect(to.searchParams.get("access_type")).toBe("offline");
    expect(to.searchParams.get("scope")).toContain("classroom.coursework.me.readonly");
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) expect(cookie).toMatch(/HttpOnly; Secure; SameSite=Lax; Max-Age=600/);
    expect(cookies.join()).toContain(`classroom.${to.searchParams.get("state")}`);
    expect(cookies.join()).not.toContain(to.searchParams.get("code_challenge") ?? "-");
  });

  it("asks only for sign-in scopes when signing in", async () => {
    installFakeGoogle();
    const res = await call("/api/google/auth?source=auth", { redirect: "manual" });
    const to = new URL(res.headers.get("Location") ?? "");
    expect(to.searchParams.get("scope")).toBe("openid email profile");
  });

  it("refuses an unknown source with a 400 and a message", async () => {
    const res = await call("/api/google/auth?source=elsewhere");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("source must be auth or classroom.");
  });

  it("returns to the screen with a message when no Google client is configured", async () => {
    const res = await api.fetch(
      new Request("http://localhost/api/google/auth?source=auth"),
      { ...env, GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "" },
      {
        waitUntil() {},
        passThroughOnException() {},
        props: {},
      } as unknown as ExecutionContext,
    );
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("Location") ?? "", "http://localhost");
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("error")).toMatch(/Google sign-in is not configured/);
  });
});

describe("Google sign-in", () => {
  it("creates the user with their Google name, returns a one-time code, and the code signs them in once", async () => {
    await resetGoogleUsers();
    const fake = installFakeGoogle();
    const { location, cookie } = await googleRedirect(fake, "auth");
    expect(location.pathname).toBe("/auth");
    const code = location.searchParams.get("code") ?? "";
    expect(code.length).toBeGreaterThan(30);
    expect(location.searchParams.has("token")).toBe(false);
    // The flow cookies are spent; what is left ties the code to this browser (and the D1 bookmark
    // of the account just written, so this browser reads it back: decision 0093).
    expect(cookie).toMatch(/^__Host-campus_google_handoff=[\w-]{40,}(; __Host-campus_d1=[\w-]+)?$/);

    const res = await postJson("/api/google/session", { code }, { Cookie: cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      success: boolean;
      data: { userId: string; name: string; email: string; token: string };
    };
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ name: "Aarav Gupta", email: aarav.email });
    const session = cookiesFrom(res);
    expect(session).toMatch(/^__Host-campus_session=/);
    const me = await call("/api/auth/me", { headers: { Cookie: session } });
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(aarav.email);

    const again = await postJson("/api/google/session", { code }, { Cookie: cookie });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { message: string }).message).toBe(
      "This sign-in link has expired or was already used. Please sign in again.",
    );

    // Signing in again finds the same account.
    const second = await googleRedirect(fake, "auth");
    const res2 = await postJson(
      "/api/google/session",
      { code: second.location.searchParams.get("code") },
      { Cookie: second.cookie },
    );
    expect(((await res2.json()) as { data: { userId: string } }).data.userId).toBe(body.data.userId);
  });

  it("the same Google account's first sign-in, twice at once, makes one account that both sign in to", async () => {
    const fake = installFakeGoogle();
    const key = unique("twice");
    fake.settings.extraAccounts.push({ key, sub: unique("sub"), email: `${key}@example.com`, name: "Twice Over" });
    const redirects = await Promise.all([googleRedirect(fake, "auth", key), googleRedirect(fake, "auth", key)]);
    const signedIn = await Promise.all(
      redirects.map(async ({ location, cookie }) => {
        const res = await postJson(
          "/api/google/session",
          { code: location.searchParams.get("code") },
          { Cookie: cookie },
        );
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: { userId: string } }).data.userId;
      }),
    );
    expect(signedIn[1]).toBe(signedIn[0]);
    const { results } = await env.DB.prepare("SELECT id FROM users WHERE email = ?1").bind(`${key}@example.com`).all();
    expect(results).toHaveLength(1);
  });

  it("names an account 'Google User' when Google gives no name", async () => {
    await resetGoogleUsers();
    const fake = installFakeGoogle();
    const { location, cookie } = await googleRedirect(fake, "auth", "noname");
    const res = await postJson("/api/google/session", { code: location.searchParams.get("code") }, { Cookie: cookie });
    expect(((await res.json()) as { data: { name: string } }).data.name).toBe("Google User");
  });

  // Decision 0007: the address of a password account was never verified, so whoever set the
  // password may not be its owner. Google's verified owner takes the account over (keeping its name and
  // data); the password is removed. test/account.test.ts covers the rest of the takeover.
  it("takes over an unverified account with the same verified e-mail, keeping its name but not its password", async () => {
    await resetGoogleUsers();
    const existing = await createUser({ name: "Aarav G.", email: aarav.email, verified: false });
    const fake = installFakeGoogle();
    const { location, cookie } = await googleRedirect(fake, "auth");
    const res = await postJson("/api/google/session", { code: location.searchParams.get("code") }, { Cookie: cookie });
    const body = (await res.json()) as { data: { userId: string; name: string } };
    expect(body.data).toMatchObject({ userId: existing.userId, name: "Aarav G." });
    const row = await env.DB.prepare("SELECT google_sub FROM users WHERE id = ?")
      .bind(existing.userId)
      .first<{ google_sub: string }>();
    expect(row?.google_sub).toBe(aarav.sub);
    const login = await postJson(
      "/api/auth/login",
      { email: aarav.email, password: existing.password },
      { "CF-Connecting-IP": uniqueIp() },
    );
    expect(login.status).toBe(401);
  });

  it("refuses a callback whose state does not match", async () => {
    const fake = installFakeGoogle();
    const { location } = await googleRedirect(fake, "auth", "aarav", { state: "forged-state" });
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("error")).toBe(
      "Your Google sign-in took too long or was started in another tab. Please try again.",
    );
    expect(location.searchParams.has("code")).toBe(false);
  });

  it("refuses a callback without the PKCE verifier cookie", async () => {
    const fake = installFakeGoogle();
    const { location } = await googleRedirect(fake, "auth", "aarav", { dropVerifier: true });
    expect(location.searchParams.get("error")).toBe(
      "Your Google sign-in took too long or was started in another tab. Please try again.",
    );
  });

  it("refuses a callback with no flow cookies at all", async () => {
    installFakeGoogle();
    const res = await call("/api/google/callback?code=abc&state=xyz", { redirect: "manual" });
    const location = new URL(res.headers.get("Location") ?? "", "http://localhost");
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("error")).toMatch(/Please try again/);
  });

  it("refuses an ID token issued for another client (audience)", async () => {
    await resetGoogleUsers();
    const fake = installFakeGoogle();
    fake.settings.idTokenAudience = "someone-else.apps.googleusercontent.com";
    const { location } = await googleRedirect(fake, "auth");
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("error")).toBe("Failed to authenticate with Google. Please try again.");
    const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?")
      .bind(aarav.email)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });

  it("says so when the student cancels on Google's screen", async () => {
    const fake = installFakeGoogle();
    const { location } = await googleRedirect(fake, "auth", "");
    expect(location.searchParams.get("error")).toBe("Google sign-in was cancelled. Please try again.");
  });

  it("validates the one-time code body", async () => {
    expect((await postJson("/api/google/session", {})).status).toBe(400);
    const res = await postJson("/api/google/session", { code: "x".repeat(300) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("That sign-in code is not valid.");
    expect(
      (
        await call("/api/google/session", {
          method: "POST",
          body: "code=1",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        })
      ).status,
    ).toBe(415);
  });

  it("a classroom code cannot sign anyone in, and a sign-in code cannot open Classroom", async () => {
    await resetGoogleUsers();
    const fake = installFakeGoogle();
    const classroom = await googleRedirect(fake, "classroom");
    expect(
      (
        await postJson(
          "/api/google/session",
          { code: classroom.location.searchParams.get("code") },
          { Cookie: classroom.cookie },
        )
      ).status,
    ).toBe(400);
    const auth = await googleRedirect(fake, "auth");
    expect(
      (
        await postJson(
          "/api/google/exchange",
          { code: auth.location.searchParams.get("code") },
          { Cookie: auth.cookie },
        )
      ).status,
    ).toBe(400);
  });

  it("a code older than 60 seconds is refused", async () => {
    await resetGoogleUsers();
    const fake = installFakeGoogle();
    const { location, cookie } = await googleRedirect(fake, "auth");
    await env.DB.prepare("UPDATE google_handoffs SET expires_at = ?")
      .bind(Date.now() - 1)
      .run();
    expect(
      (await postJson("/api/google/session", { code: location.searchParams.get("code") }, { Cookie: cookie })).status,
    ).toBe(400);
  });
});

describe("Classroom connection", () => {
  it("returns to /google/callback with a code that becomes an opaque, encrypted Google token, once", async () => {
    const fake = installFakeGoogle();
    const { location, cookie } = await googleRedirect(fake, "classroom");
    expect(location.pathname).toBe("/google/callback");
    const code = location.searchParams.get("code");
    const res = await postJson("/api/google/exchange", { code }, { Cookie: cookie });
    const { token } = (await res.json()) as { token: string };
    // A compact JWE (five parts), with no Google token readable inside.
    expect(token.split(".")).toHaveLength(5);
    expect(atob(token.split(".")[0] ?? "")).toContain('"enc":"A256GCM"');
    expect(token).not.toContain("ya29");
    expect((await postJson("/api/google/exchange", { code }, { Cookie: cookie })).status).toBe(400);
  });

  it("verify-token: valid with the Google user, invalid for anything else", async () => {
    const fake = installFakeGoogle();
    const token = await classroomToken(fake);
    const res = await postJson("/api/google/verify-token", { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      valid: true,
      user: { name: "Aarav Gupta", email: aarav.email, picture: `${FAKE_ORIGIN}/avatar/aarav.png` },
    });

    const forged = `${token.slice(0, -4)}AAAA`;
    expect(await (await postJson("/api/google/verify-token", { token: forged })).json()).toEqual({
      success: true,
      valid: false,
      user: null,
    });
    expect(await (await postJson("/api/google/verify-token", { token: "not-a-token" })).json()).toEqual({
      success: true,
      valid: false,
      user: null,
    });
    const missing = await postJson("/api/google/verify-token", {});
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe("The Google token is missing.");
  });

  it("verify-token gives 'Google User' for an account without a name", async () => {
    const fake = installFakeGoogle();
    const token = await classroomToken(fake, "noname");
    const body = (await (await postJson("/api/google/verify-token", { token })).json()) as {
      user: { name: string; picture: string | null };
    };
    expect(body.user).toEqual({ name: "Google User", email: noname.email, picture: null });
  });

  it("lists courses with section, teachers, state and link", async () => {
    const fake = installFakeGoogle();
    const token = await classroomToken(fake);
    const res = await call("/api/google/courses", { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-New-Token")).toBeNull();
    const courses = (await res.json()) as { id: string }[];
    expect(courses).toEqual([
      {
        id: "c-ds",
        name: "Data Structures",
        section: "CSE-A",
        teacherNames: ["Dr. Neha Kapoor"],
        courseState: "ACTIVE",
        alternateLink: "https://classroom.google.com/c/c-ds",
      },
      {
        id: "c-os",
        name: "Operating Systems",
        section: "CSE-B",
        teacherNames: ["Prof. Rajiv Menon", "Dr. Sana Iqbal"],
        courseState: "ACTIVE",
        alternateLink: "https://classroom.google.com/c/c-os",
      },
      {
        id: "c-old",
        name: "Engineering Graphics 2025",
        section: null,
        teacherNames: ["Mr. Arun Das"],
        courseState: "ARCHIVED",
        alternateLink: "https://classroom.google.com/c/c-old",
      },
    ]);
  });

  it("lists a course's assignments with the student's own state and the due moment", async () => {
    const now = Date.UTC(2026, 8, 14, 6, 30); // 12:00 India time
    const fake = installFakeGoogle({ now: () => now });
    const token = await classroomToken(fake);
    const res = await call("/api/google/courses/c-os/assignments", { headers: bearer(token) });
    expect(res.status).toBe(200);
    const list = (await res.json()) as unknown[];
    expect(list).toEqual([
      {
        id: "cw-turnedin",
        courseId: "c-os",
        title: "Process scheduling problem set",
        description: null,
        dueDate: Date.UTC(2026, 8, 15, 3, 30),
        state: "TURNED_IN",
        maxPoints: 20,
        alternateLink: "https://classroom.google.com/c/c-os/a/cw-turnedin/details",
      },
      {
        id: "cw-returned",
        courseId: "c-os",
        title: "Deadlock case study",
        description: null,
        dueDate: Date.UTC(2026, 8, 11, 11, 30),
        state: "RETURNED",
        maxPoints: 10,
        alternateLink: "https://classroom.google.com/c/c-os/a/cw-returned/details",
      },
      {
        id: "cw-6days",
        courseId: "c-os",
        title: "Memory management quiz",
        description: null,
        dueDate: Date.UTC(2026, 8, 20, 5, 30),
        state: "ASSIGNED",
        maxPoints: 10,
        alternateLink: "https://classroom.google.com/c/c-os/a/cw-6days/details",
      },
    ]);
    const ds = (await (await call("/api/google/courses/c-ds/assignments", { headers: bearer(token) })).json()) as {
      id: string;
      dueDate: number | null;
      description: string | null;
    }[];
    expect(ds.find((a) => a.id === "cw-nodate")?.dueDate).toBeNull();
    expect(ds.find((a) => a.id === "cw-nodate")?.description?.length).toBeGreaterThan(200);
  });

  it("refreshes an expired Google access token on the server and hands back the new token", async () => {
    const fake = installFakeGoogle();
    const token = await classroomToken(fake);
    fake.expireAccessTokens();
    // Our token still believes its access token is live: Google's 401 makes the server refresh.
    const res = await call("/api/google/courses", { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBe(3);
    const newToken = res.headers.get("X-New-Token");
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(token);
    expect(fake.refreshCount()).toBe(1);
    // The new token works without another refresh.
    const next = await call("/api/google/courses/c-ds/assignments", { headers: bearer(newToken ?? "") });
    expect(next.status).toBe(200);
    expect(next.headers.get("X-New-Token")).toBeNull();
    expect(fake.refreshCount()).toBe(1);
  });

  it("verify-token refreshes a token whose access token has run out and returns newToken", async () => {
    const fake = installFakeGoogle();
    const token = await classroomToken(fake);
    vi.setSystemTime(Date.now() + 10 * 60_000);
    try {
      const body = (await (await postJson("/api/google/verify-token", { token })).json()) as {
        valid: boolean;
        newToken?: string;
      };
      expect(body.valid).toBe(true);
      expect(body.newToken).toBeTruthy();
      expect(fake.refreshCount()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers 401 'Authentication error' without a token or with a bad one", async () => {
    installFakeGoogle();
    for (const headers of [{}, bearer("garbage")]) {
      const res = await call("/api/google/courses", { headers });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe("Authentication error. Please try again.");
    }
  });

  it("passes on Google's 403 API_NOT_ENABLED with its message and an enable link", async () => {
    const fake = installFakeGoogle();
    const token = await classroomToken(fake, "noname");
    const res = await call("/api/google/courses/c-phy/assignments", { headers: bearer(token) });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { success: boolean; error: string; message: string; enableUrl: string };
    expect(body).toMatchObject({ success: false, error: "API_NOT_ENABLED", message: API_NOT_ENABLED_MESSAGE });
    expect(body.enableUrl).toBe(
      "https://console.developers.google.com/apis/api/classroom.googleapis.com/overview?project=1234567890",
    );
  });

  it("rejects a malformed course id with a 400 and an unknown one with a 404", async () => {
    const fake = installFakeGoogle();
    const token = await classroomToken(fake);
    expect((await call("/api/google/courses/bad%20id!/assignments", { headers: bearer(token) })).status).toBe(400);
    const res = await call("/api/google/courses/c-nope/assignments", { headers: bearer(token) });
    expect(res.status).toBe(404);
  });
});

describe("reminders", () => {
  // The job walks every connection in the database: start each test from none.
  beforeEach(async () => {
    await env.DB.prepare("DELETE FROM google_connections").run();
  });

  it("enable needs a signed-in user, their own e-mail and a Google token", async () => {
    const fake = installFakeGoogle();
    const token = await classroomToken(fake);
    const user = await createUser();
    const other = await createUser();
    expect((await postJson("/api/google/notifications/enable", { userId: user.email, token })).status).toBe(401);
    const forOther = await postJson(
      "/api/google/notifications/enable",
      { userId: other.email, token },
      { Cookie: user.cookie },
    );
    expect(forOther.status).toBe(403);
    expect(((await forOther.json()) as { message: string }).message).toBe(
      "You can only turn on reminders for your own account.",
    );
    expect(
      (await postJson("/api/google/notifications/enable", { userId: user.email }, { Cookie: user.cookie })).status,
    ).toBe(400);
    expect(
      (
        await postJson(
          "/api/google/notifications/enable",
          { userId: user.email, token: "bad" },
          { Cookie: user.cookie },
        )
      ).status,
    ).toBe(400);
    expect((await postJson("/api/google/notifications/enable", { token }, { Cookie: user.cookie })).status).toBe(400);

    const ok = await postJson(
      "/api/google/notifications/enable",
      { userId: user.email, token },
      { Cookie: user.cookie },
    );
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { data: { enabled: boolean } }).data.enabled).toBe(true);
    // Stored encrypted: no Google token is readable in the row.
    const row = await env.DB.prepare("SELECT tokens FROM google_connections WHERE user_id = ?")
      .bind(user.userId)
      .first<{ tokens: string }>();
    expect(row?.tokens.split(".")).toHaveLength(5);
    expect(row?.tokens).not.toMatch(/ya29|1\/\/fake/);
    // The browser token cannot be used as the stored one (separate keys per purpose) and vice versa.
    expect(await (await postJson("/api/google/verify-token", { token: row?.tokens })).json()).toMatchObject({
      valid: false,
    });

    const list = await call("/api/google/notifications", { headers: { Cookie: user.cookie } });
    expect(await list.json()).toEqual({ success: true, data: { enabled: true, reminders: [] } });
    expect((await call("/api/google/notifications")).status).toBe(401);
    expect((await postJson("/api/google/notifications/disable", {})).status).toBe(401);
  });

  it("exchange refuses a missing, unknown or oversized code with a 400 and a message", async () => {
    for (const body of [{}, { code: "" }, { code: "never-issued" }, { code: "x".repeat(300) }]) {
      const res = await postJson("/api/google/exchange", body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/sign-in (code|link)/);
    }
  });

  it("the scheduled job records exactly the right reminders, once each, at fixed clock times", async () => {
    const noonIst = Date.UTC(2026, 8, 14, 6, 30); // Mon 14 Sep 2026, 12:00 India time
    const fake = installFakeGoogle({ now: () => noonIst });
    const token = await classroomToken(fake);
    const user = await createUser();
    const bystander = await createUser();
    expect(
      (await postJson("/api/google/notifications/enable", { userId: user.email, token }, { Cookie: user.cookie }))
        .status,
    ).toBe(200);

    const kinds = async () =>
      (
        await env.DB.prepare(
          "SELECT course_work_id, kind FROM classroom_reminders WHERE user_id = ? ORDER BY course_work_id, kind",
        )
          .bind(user.userId)
          .all<{ course_work_id: string; kind: string }>()
      ).results.map((r) => `${r.course_work_id}:${r.kind}`);

    // 12:00: the worksheet due 23:59 tonight (24 h and today) and the quiz due 10:00 tomorrow (24 h).
    // Not the turned-in problem set (due 09:00 tomorrow), not the archived course, not overdue work.
    const first = await runReminders(env, noonIst);
    expect(first).toMatchObject({ created: 3, failed: 0 });
    expect(await kinds()).toEqual(["cw-today:due_24h", "cw-today:due_today", "cw-tomorrow:due_24h"]);

    // The same run again records nothing new.
    expect((await runReminders(env, noonIst)).created).toBe(0);
    expect((await runReminders(env, noonIst + 30 * 60_000)).created).toBe(0);

    // 00:30 the next day (India): the quiz is now due today.
    expect((await runReminders(env, noonIst + 12.5 * 3_600_000)).created).toBe(1);
    expect(await kinds()).toEqual([
      "cw-today:due_24h",
      "cw-today:due_today",
      "cw-tomorrow:due_24h",
      "cw-tomorrow:due_today",
    ]);

    // 19:00 that day: the graph assignment (18:00 the day after) comes within 24 hours.
    expect((await runReminders(env, noonIst + 31 * 3_600_000)).created).toBe(1);
    expect(await kinds()).toContain("cw-2days:due_24h");

    const list = (await (await call("/api/google/notifications", { headers: { Cookie: user.cookie } })).json()) as {
      data: { reminders: { kind: string; title: string; courseName: string; dueAt: number; link: string }[] };
    };
    expect(list.data.reminders).toHaveLength(5);
    expect(list.data.reminders[0]).toMatchObject({
      kind: "due_24h",
      title: "Graph traversal assignment",
      courseName: "Data Structures",
      dueAt: Date.UTC(2026, 8, 16, 12, 30),
    });
    const others = await call("/api/google/notifications", { headers: { Cookie: bystander.cookie } });
    expect(((await others.json()) as { data: { reminders: unknown[] } }).data.reminders).toEqual([]);

    // Turned off: the tokens are forgotten and the job skips the user.
    expect((await postJson("/api/google/notifications/disable", {}, { Cookie: user.cookie })).status).toBe(200);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM google_connections WHERE user_id = ?")
        .bind(user.userId)
        .first("n"),
    ).toBe(0);
    expect((await runReminders(env, noonIst + 40 * 3_600_000)).users).toBe(0);
  });

  it("refreshes the stored token when it has expired and keeps going past a course with the API off", async () => {
    const noonIst = Date.UTC(2026, 8, 14, 6, 30);
    const fake = installFakeGoogle({ now: () => noonIst });
    const token = await classroomToken(fake, "noname");
    const user = await createUser();
    await postJson("/api/google/notifications/enable", { userId: user.email, token }, { Cookie: user.cookie });
    const before = await env.DB.prepare("SELECT tokens FROM google_connections WHERE user_id = ?")
      .bind(user.userId)
      .first<string>("tokens");
    fake.expireAccessTokens();
    vi.setSystemTime(Date.now() + 10 * 60_000);
    try {
      // Web Technology's work is due in 3 days at 17:00: at 18:00 two days later it is within 24 h.
      const result = await runReminders(env, noonIst + 2 * 86_400_000 + 6 * 3_600_000);
      expect(result).toMatchObject({ created: 1, failed: 0 });
    } finally {
      vi.useRealTimers();
    }
    expect(fake.refreshCount()).toBe(1);
    const after = await env.DB.prepare("SELECT tokens FROM google_connections WHERE user_id = ?")
      .bind(user.userId)
      .first<string>("tokens");
    expect(after).not.toBe(before);
  });

  it("records a failure for a user whose Google access was revoked, without stopping the others", async () => {
    installFakeGoogle();
    const user = await createUser();
    await env.DB.prepare(
      "INSERT INTO google_connections (user_id, google_email, tokens, reminders_enabled, updated_at) VALUES (?, 'x@example.com', 'not-a-jwe', 1, 0)",
    )
      .bind(user.userId)
      .run();
    const result = await runReminders(env, Date.now());
    expect(result).toEqual({ users: 1, created: 0, failed: 1 });
    const row = await env.DB.prepare("SELECT last_error FROM google_connections WHERE user_id = ?")
      .bind(user.userId)
      .first<string>("last_error");
    expect(row).toBe("Google access was revoked; reconnect Google Classroom.");
  });

  it("scheduled() runs the reminders job", async () => {
    const { exports } = await import("cloudflare:workers");
    const spy = vi.spyOn(console, "log");
    const worker = exports.default as unknown as { scheduled: (controller: ScheduledController) => Promise<void> };
    await worker.scheduled({
      cron: "*/30 * * * *",
      scheduledTime: Date.now(),
      noRetry() {},
    } as unknown as ScheduledController);
    expect(spy.mock.calls.some(([line]) => typeof line === "string" && line.includes('"job":"reminders"'))).toBe(true);
  });
});
