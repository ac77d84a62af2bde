import { env } from "cloudflare:workers";
import { SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { cookiesFrom } from "#test/fake-google.ts";
import { bearer, call, createUser, postJson, unique, uniqueIp, inOneLimiterMinute } from "#test/helpers.ts";

interface AuthBody {
  success: boolean;
  message: string;
  msg?: string;
  data: { userId: string; name: string; email: string; token: string };
}

const secret = new TextEncoder().encode(env.SESSION_SECRET);

describe("POST /api/auth/register", () => {
  it("creates the account, answers 201 with the user and a token, and sets no cookie", async () => {
    const email = `${unique("reg")}@Campus.Test`;
    const res = await postJson(
      "/api/auth/register",
      { name: "  Asha Verma ", email: `  ${email} `, password: "long enough pw" },
      { "CF-Connecting-IP": uniqueIp() },
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as AuthBody;
    expect(body.success).toBe(true);
    expect(body.message).toMatch(/successful/i);
    expect(body.data).toMatchObject({ name: "Asha Verma", email: email.toLowerCase() });
    expect(body.data.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data.token.split(".")).toHaveLength(3);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect((await call("/api/auth/me", { headers: bearer(body.data.token) })).status).toBe(200);
  });

  it("answers 409 for an e-mail that is already taken, whatever its case and spacing", async () => {
    const user = await createUser();
    const res = await postJson(
      "/api/auth/register",
      { name: "Other", email: ` ${user.email.toUpperCase()} `, password: "another password" },
      { "CF-Connecting-IP": uniqueIp() },
    );
    expect(res.status).toBe(409);
    const body = (await res.json()) as AuthBody;
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/already exists/);
  });

  it("two registrations of one address at once make one account: one 201, the other 409", async () => {
    const email = `${unique("race")}@campus.test`;
    const register = (name: string) =>
      postJson("/api/auth/register", { name, email, password: "long enough pw" }, { "CF-Connecting-IP": uniqueIp() });
    const answers = await Promise.all([register("First"), register("Second")]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const { results } = await env.DB.prepare("SELECT name FROM users WHERE email = ?1").bind(email).all();
    expect(results).toHaveLength(1);
  });

  it.each([
    [{ email: "a@b.co", password: "long enough pw" }, /name/i],
    [{ name: "A", password: "long enough pw" }, /e-mail/i],
    [{ name: "A", email: "a@b.co" }, /password/i],
    [{ name: "A", email: "not-an-email", password: "long enough pw" }, /valid e-mail/i],
    [{ name: "A", email: "a@b.co", password: "short" }, /at least 8/],
    [{ name: 42, email: "a@b.co", password: "long enough pw" }, /name/i],
    [{ name: "x".repeat(81), email: "a@b.co", password: "long enough pw" }, /80 characters/],
  ])("answers 400 with a message for %j", async (payload, message) => {
    const res = await postJson("/api/auth/register", payload, { "CF-Connecting-IP": uniqueIp() });
    expect(res.status).toBe(400);
    const body = (await res.json()) as AuthBody;
    expect(body.message).toMatch(message);
    expect(body.msg).toBe(body.message);
  });

  it("answers 400 for malformed JSON and 415 for a body that is not JSON", async () => {
    const malformed = await call("/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp() },
      body: '{"name": "A",',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as AuthBody).message).toMatch(/not valid JSON/);
    const form = await call("/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
      body: "name=A",
    });
    expect(form.status).toBe(415);
  });

  it("answers 413 for a body over the limit without creating anything", async () => {
    const email = `${unique("big")}@campus.test`;
    const res = await postJson(
      "/api/auth/register",
      { name: "A", email, password: "long enough pw", padding: "x".repeat(20_000) },
      { "CF-Connecting-IP": uniqueIp() },
    );
    expect(res.status).toBe(413);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?")
      .bind(email)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it("rate limits registrations from one address with a 429 and a clear message", () =>
    inOneLimiterMinute(async () => {
      const ip = uniqueIp();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await postJson(
          "/api/auth/register",
          { name: "A", email: `${unique("rl")}@campus.test`, password: "long enough pw" },
          { "CF-Connecting-IP": ip },
        );
        statuses.push(res.status);
        if (res.status === 429) expect(((await res.json()) as AuthBody).message).toMatch(/try again/);
      }
      expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
      expect(statuses[10]).toBe(429);
    }));
});

describe("POST /api/auth/login", () => {
  it("signs in with the right password, case-insensitively on the e-mail", async () => {
    const user = await createUser();
    const res = await postJson(
      "/api/auth/login",
      { email: user.email.toUpperCase(), password: user.password },
      { "CF-Connecting-IP": uniqueIp() },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as AuthBody;
    expect(body.data).toMatchObject({ userId: user.userId, email: user.email, name: user.name });
    expect((await call("/api/auth/me", { headers: bearer(body.data.token) })).status).toBe(200);
  });

  it("answers the token and sets no cookie: a client that forgets its token is signed out", async () => {
    const user = await createUser();
    const res = await postJson(
      "/api/auth/login",
      { email: user.email, password: user.password },
      { "CF-Connecting-IP": uniqueIp() },
    );
    expect(res.status).toBe(200);
    const { token } = ((await res.json()) as AuthBody).data;
    expect(res.headers.getSetCookie()).toEqual([]);
    // A browser-like client: whatever cookies the login answer set, and no bearer token.
    const jar = cookiesFrom(res);
    expect(jar).toBe("");
    const me = await call("/api/auth/me", { headers: jar ? { Cookie: jar } : {} });
    expect(me.status).toBe(401);
    const session = (await (await call("/api/auth/session", { headers: jar ? { Cookie: jar } : {} })).json()) as {
      data: unknown;
    };
    expect(session.data).toBeNull();
    // A signed-out client cannot buy: the purchase route refuses without the token.
    expect(
      (await call("/api/product/purchase/anything", { method: "PATCH", headers: jar ? { Cookie: jar } : {} })).status,
    ).toBe(401);
    // The token it was given still works as a bearer token.
    expect((await call("/api/auth/me", { headers: bearer(token) })).status).toBe(200);
  });

  it("register sets no cookie either", async () => {
    const res = await postJson(
      "/api/auth/register",
      { name: "No Cookie", email: `${unique("nocookie")}@campus.test`, password: "long enough pw" },
      { "CF-Connecting-IP": uniqueIp() },
    );
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await call("/api/auth/me", { headers: { Cookie: cookiesFrom(res) } })).status).toBe(401);
  });

  it("answers 401 for a wrong password and for an unknown e-mail, with the same message", async () => {
    const user = await createUser();
    const wrong = await postJson(
      "/api/auth/login",
      { email: user.email, password: "not the password" },
      { "CF-Connecting-IP": uniqueIp() },
    );
    const unknown = await postJson(
      "/api/auth/login",
      { email: `${unique("nobody")}@campus.test`, password: "whatever pw" },
      { "CF-Connecting-IP": uniqueIp() },
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = (await wrong.json()) as AuthBody;
    const b = (await unknown.json()) as AuthBody;
    expect(a.message).toBe("Incorrect e-mail or password.");
    expect(b.message).toBe(a.message);
    expect(wrong.headers.get("Set-Cookie") ?? "").not.toMatch(/__Host-campus_session=[^;]/);
  });

  it("answers 400 when fields are missing", async () => {
    const res = await postJson("/api/auth/login", { email: "a@b.co" }, { "CF-Connecting-IP": uniqueIp() });
    expect(res.status).toBe(400);
    expect(((await res.json()) as AuthBody).message).toMatch(/password/i);
  });

  it("rate limits repeated sign-in attempts for one account from one address", () =>
    inOneLimiterMinute(async () => {
      const user = await createUser();
      const ip = uniqueIp();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await postJson(
          "/api/auth/login",
          { email: user.email, password: "wrong password" },
          { "CF-Connecting-IP": ip },
        );
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses[5]).toBe(429);
      // The right password is refused too while the limit holds: guessing cannot continue.
      const blocked = await postJson(
        "/api/auth/login",
        { email: user.email, password: user.password },
        { "CF-Connecting-IP": ip },
      );
      expect(blocked.status).toBe(429);
    }));
});

describe("sessions", () => {
  it("accepts the bearer token and the cookie on other API calls", async () => {
    const user = await createUser();
    const viaBearer = await call("/api/auth/me", { headers: bearer(user.token) });
    expect(viaBearer.status).toBe(200);
    expect(((await viaBearer.json()) as AuthBody).data).toMatchObject({ userId: user.userId, email: user.email });
    const viaCookie = await call("/api/auth/me", { headers: { Cookie: user.cookie } });
    expect(viaCookie.status).toBe(200);
  });

  it("answers 401 without a token, and tells the browser to drop a dead session cookie", async () => {
    const res = await call("/api/auth/me", { headers: { Cookie: "__Host-campus_session=not-a-token" } });
    expect(res.status).toBe(401);
    expect(res.headers.get("Set-Cookie")).toMatch(/^__Host-campus_session=;.*Max-Age=0/);
    expect(((await res.json()) as AuthBody).message).toMatch(/sign in/i);
  });

  it("refuses a tampered token", async () => {
    const user = await createUser();
    const [header, payload, signature] = user.token.split(".");
    const claims = JSON.parse(atob((payload ?? "").replace(/-/g, "+").replace(/_/g, "/"))) as Record<string, unknown>;
    claims.sub = "someone-else";
    const forgedPayload = btoa(JSON.stringify(claims)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    const res = await call("/api/auth/me", { headers: bearer(`${header}.${forgedPayload}.${signature}`) });
    expect(res.status).toBe(401);
  });

  it("refuses an expired token", async () => {
    const user = await createUser();
    const session = await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ?")
      .bind(user.userId)
      .first<{ id: string }>();
    const expired = await new SignJWT({ sid: session?.id })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.userId)
      .setIssuer("campus")
      .setAudience("campus-session")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(secret);
    expect((await call("/api/auth/me", { headers: bearer(expired) })).status).toBe(401);
  });

  it("refuses a token for another audience, one signed with another key, and alg: none", async () => {
    const user = await createUser();
    const session = await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ?")
      .bind(user.userId)
      .first<{ id: string }>();
    const base = () =>
      new SignJWT({ sid: session?.id })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(user.userId)
        .setIssuer("campus")
        .setExpirationTime("1h");
    const wrongAudience = await base().setAudience("some-other-app").sign(secret);
    const wrongKey = await base()
      .setAudience("campus-session")
      .sign(new TextEncoder().encode("not-our-secret-not-our-secret-123"));
    const none = new UnsecuredJWT({ sid: session?.id })
      .setSubject(user.userId)
      .setIssuer("campus")
      .setAudience("campus-session")
      .setExpirationTime("1h")
      .encode();
    for (const token of [wrongAudience, wrongKey, none]) {
      expect((await call("/api/auth/me", { headers: bearer(token) })).status).toBe(401);
    }
    // The genuine token still works, so the refusals above are about the tokens.
    expect((await call("/api/auth/me", { headers: bearer(user.token) })).status).toBe(200);
  });

  it("logout ends the session for real: the same token stops working", async () => {
    const user = await createUser();
    const res = await call("/api/auth/logout", { method: "POST", headers: bearer(user.token) });
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
    expect((await call("/api/auth/me", { headers: bearer(user.token) })).status).toBe(401);
  });

  it("logout on one device leaves the other signed in; logout-all ends both", async () => {
    const user = await createUser();
    const login = await postJson(
      "/api/auth/login",
      { email: user.email, password: user.password },
      { "CF-Connecting-IP": uniqueIp() },
    );
    const second = ((await login.json()) as AuthBody).data.token;
    await call("/api/auth/logout", { method: "POST", headers: bearer(user.token) });
    expect((await call("/api/auth/me", { headers: bearer(second) })).status).toBe(200);
    const all = await call("/api/auth/logout-all", { method: "POST", headers: bearer(second) });
    expect(all.status).toBe(200);
    expect((await call("/api/auth/me", { headers: bearer(second) })).status).toBe(401);
  });
});

describe("passwords at rest", () => {
  it("stores a PBKDF2 hash with its parameters, never the password", async () => {
    const user = await createUser({ password: "a very particular password" });
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?")
      .bind(user.userId)
      .first<{ password_hash: string }>();
    expect(row?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(row?.password_hash).not.toContain("particular");
  });
});
