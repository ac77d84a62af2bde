// Verifying a college address with the e-mailed code (docs/decisions/0075): 6 digits, 15 minutes,
// 5 tries, a new code at most once a minute, stored hashed and compared in constant time, one
// conditional write per rule so concurrent requests cannot get past them.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CODE_MAX_TRIES, consumeCode, issueCode } from "#server/services/auth/email-codes.ts";
import {
  bearer,
  call,
  createUser,
  ORIGIN,
  postJson,
  unique,
  uniqueIp,
  type TestUser,
  inOneLimiterMinute,
} from "#test/helpers.ts";
import { captureRequestLogs } from "#test/query-budget-helpers.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

async function latestCode(email: string): Promise<string> {
  const res = await call(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const [mail] = ((await res.json()) as { data: { text: string }[] }).data;
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

function verify(user: TestUser, code: unknown) {
  return postJson("/api/auth/verify", { code }, { ...bearer(user.token), "CF-Connecting-IP": uniqueIp() });
}

function resend(user: TestUser) {
  return call("/api/auth/verify/resend", {
    method: "POST",
    headers: { ...bearer(user.token), "CF-Connecting-IP": uniqueIp() },
  });
}

async function me(user: TestUser) {
  const res = await call("/api/auth/me", { headers: bearer(user.token) });
  return ((await res.json()) as { data: { verified: boolean; campus: { id: string; shortName: string } } }).data;
}

/** A code that is not this one. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("registering with a college address", () => {
  it("creates an unverified account (the answer keeps the specification's fields) and e-mails a 6-digit code", async () => {
    const email = `${unique("reg")}@campus.test`;
    const res = await postJson(
      "/api/auth/register",
      { name: "Asha", email, password: "correct horse battery" },
      { "CF-Connecting-IP": uniqueIp() },
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as { success: boolean; message: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ success: true, message: "Registration successful! Welcome to Campus." });
    expect(body.data).toMatchObject({
      name: "Asha",
      email,
      userId: expect.any(String),
      token: expect.any(String),
      verified: false,
      campus: { id: "cit", shortName: "CIT" },
    });
    expect(await latestCode(email)).toMatch(/^\d{6}$/);
    const row = await env.DB.prepare("SELECT email_verified_at FROM users WHERE email = ?1")
      .bind(email)
      .first<{ email_verified_at: number | null }>();
    expect(row!.email_verified_at).toBeNull();
  });

  it("the /register screen's action does the same: unverified, code mailed", async () => {
    const email = `${unique("screen")}@riverside.test`;
    const form = new URLSearchParams({ intent: "register", name: "Ravi", email, password: "correct horse battery" });
    const res = await call("/register", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, "CF-Connecting-IP": uniqueIp() },
      body: form,
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const mails = ((await (await call(`/api/dev/outbox?to=${email}`)).json()) as { data: { subject: string }[] }).data;
    expect(mails.map((m) => m.subject)).toEqual(["Your Campus verification code (Riverside College of Engineering)"]);
  });
});

describe("POST /api/auth/verify", () => {
  it("the right code verifies the account: /me says verified, and the code works once", async () => {
    const user = await createUser({ verified: false });
    expect(await me(user)).toMatchObject({ verified: false, campus: { id: "cit" } });
    const code = await latestCode(user.email);
    const res = await verify(user, code);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      message: "Your college e-mail is verified. You are now a Verified CIT student.",
    });
    expect(await me(user)).toMatchObject({ verified: true });
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM email_codes WHERE user_id = ?1").bind(user.userId).first("n"),
    ).toBe(0);
    // Again: nothing to do, and nothing changes.
    const again = await verify(user, code);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ message: "Your e-mail is already verified." });
  });

  it("accepts the code typed with a space or dash in it", async () => {
    const user = await createUser({ verified: false });
    const code = await latestCode(user.email);
    expect((await verify(user, `${code.slice(0, 3)} ${code.slice(3)}`)).status).toBe(200);
  });

  it("a wrong code: 400 with the tries left; after 5 tries even the right code is refused until a new one is sent", async () => {
    const user = await createUser({ verified: false });
    const code = await latestCode(user.email);
    for (let left = CODE_MAX_TRIES - 1; left >= 1; left--) {
      const res = await verify(user, otherThan(code));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        message: `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`,
        triesLeft: left,
      });
    }
    const fifth = await verify(user, otherThan(code));
    expect(fifth.status).toBe(400);
    expect(await fifth.json()).toMatchObject({ message: "That code has had its 5 tries. Ask for a new code." });
    const right = await verify(user, code);
    expect(right.status).toBe(400);
    expect(await right.json()).toMatchObject({ message: "That code has had its 5 tries. Ask for a new code." });
    expect(await me(user)).toMatchObject({ verified: false });
    // A new code (a minute later) works.
    await env.DB.prepare("UPDATE email_codes SET sent_at = sent_at - 61000 WHERE user_id = ?1").bind(user.userId).run();
    expect((await resend(user)).status).toBe(200);
    expect((await verify(user, await latestCode(user.email))).status).toBe(200);
  });

  it("a code older than 15 minutes is refused", async () => {
    const user = await createUser({ verified: false });
    const code = await latestCode(user.email);
    // 15 minutes and a moment later.
    await env.DB.prepare("UPDATE email_codes SET expires_at = ?1 WHERE user_id = ?2")
      .bind(Date.now() - 1, user.userId)
      .run();
    const res = await verify(user, code);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: "That code has expired or was already used. Ask for a new code.",
    });
    expect(await me(user)).toMatchObject({ verified: false });
  });

  it("a code lives 15 minutes from when it was sent", async () => {
    const before = Date.now();
    const user = await createUser({ verified: false });
    const row = await env.DB.prepare("SELECT sent_at, expires_at FROM email_codes WHERE user_id = ?1")
      .bind(user.userId)
      .first<{ sent_at: number; expires_at: number }>();
    expect(row!.sent_at).toBeGreaterThanOrEqual(before);
    expect(row!.expires_at - row!.sent_at).toBe(15 * 60 * 1000);
  });

  it("the code is stored only as a keyed hash, and compared in constant time", async () => {
    const user = await createUser({ verified: false });
    const code = await latestCode(user.email);
    const row = await env.DB.prepare("SELECT * FROM email_codes WHERE user_id = ?1")
      .bind(user.userId)
      .first<Record<string, unknown>>();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    // Not a plain hash of the code: without the key the hash cannot be reproduced.
    const plain = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(code)))]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");
    expect(row!.code_hash).not.toBe(plain);
    const compare = vi.spyOn(
      crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean },
      "timingSafeEqual",
    );
    expect((await verify(user, otherThan(code))).status).toBe(400);
    expect((await verify(user, code)).status).toBe(200);
    expect(compare).toHaveBeenCalledTimes(2);
  });

  it("a code of one purpose or one account proves nothing else", async () => {
    const a = await createUser({ verified: false });
    const b = await createUser({ verified: false });
    expect((await verify(b, await latestCode(a.email))).status).toBe(400);
    const scope = {};
    const issued = await issueCode(env, scope, a.userId, "reset");
    if (!issued.ok) throw new Error("not issued");
    expect((await verify(a, issued.code)).status).toBe(400);
    expect(await consumeCode(env, scope, { email: a.email }, "reset", issued.code)).toEqual({
      ok: true,
      userId: a.userId,
    });
  });

  it("ten simultaneous guesses get no more than 5 comparisons", async () => {
    const user = await createUser({ verified: false });
    const code = await latestCode(user.email);
    const answers = await Promise.all(Array.from({ length: 10 }, () => verify(user, otherThan(code))));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { message: string }[];
    const counted =
      bodies.filter((b) => b.message.startsWith("That code is not right.")).length +
      bodies.filter((b) => b.message.startsWith("That code has had its 5 tries")).length;
    expect(answers.every((r) => r.status === 400)).toBe(true);
    expect(counted).toBe(10);
    // Exactly five were compared: four "not right" and the fifth used the code up; the rest were refused uncompared.
    expect(bodies.filter((b) => b.message.startsWith("That code is not right.")).length).toBe(4);
    const row = await env.DB.prepare("SELECT tries FROM email_codes WHERE user_id = ?1")
      .bind(user.userId)
      .first<{ tries: number }>();
    expect(row!.tries).toBe(5);
  });

  it("a signed-out caller gets 401; a missing or malformed code 400; an Open community member 409", async () => {
    expect((await postJson("/api/auth/verify", { code: "123456" }, { "CF-Connecting-IP": uniqueIp() })).status).toBe(
      401,
    );
    const user = await createUser({ verified: false });
    for (const code of [undefined, "", "12345", "1234567", "abcdef", 123456, null]) {
      const res = await verify(user, code);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: "Enter the 6-digit code from the e-mail." });
    }
    const open = await createUser({ email: `${unique("o")}@open.example`, verified: false });
    const res = await verify(open, "123456");
    expect(res.status).toBe(409);
  });
});

describe("POST /api/auth/verify/resend", () => {
  it("at most once a minute: 429 with Retry-After, then a new code that replaces the old one", () =>
    inOneLimiterMinute(async () => {
      const user = await createUser({ verified: false });
      const first = await latestCode(user.email);
      const tooSoon = await resend(user);
      expect(tooSoon.status).toBe(429);
      expect(Number(tooSoon.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(Number(tooSoon.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
      expect(((await tooSoon.json()) as { message: string }).message).toMatch(
        /^We sent a code less than a minute ago\. You can ask for a new one in \d+ seconds\.$/,
      );
      await env.DB.prepare("UPDATE email_codes SET sent_at = sent_at - 61000 WHERE user_id = ?1")
        .bind(user.userId)
        .run();
      const ok = await resend(user);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({
        message: `We sent a new code to ${user.email}. It works for 15 minutes.`,
      });
      const second = await latestCode(user.email);
      if (second !== first) expect((await verify(user, first)).status).toBe(400);
      expect((await verify(user, second)).status).toBe(200);
    }));

  it("five simultaneous requests a minute on send one mail", async () => {
    const user = await createUser({ verified: false });
    await env.DB.prepare("UPDATE email_codes SET sent_at = sent_at - 61000 WHERE user_id = ?1").bind(user.userId).run();
    const answers = await Promise.all(Array.from({ length: 5 }, () => resend(user)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429]);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM dev_outbox WHERE to_address = ?1")
      .bind(user.email)
      .first("n");
    expect(n).toBe(2);
  });

  it("a verified account has nothing to resend (409), and a signed-out caller gets 401", async () => {
    const user = await createUser();
    expect((await resend(user)).status).toBe(409);
    expect(
      (await call("/api/auth/verify/resend", { method: "POST", headers: { "CF-Connecting-IP": uniqueIp() } })).status,
    ).toBe(401);
  });

  it("code requests and checks are limited per client address", () =>
    inOneLimiterMinute(async () => {
      const ip = uniqueIp();
      const user = await createUser({ verified: false });
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++)
        statuses.push(
          (await postJson("/api/auth/verify", { code: "000000" }, { ...bearer(user.token), "CF-Connecting-IP": ip }))
            .status,
        );
      expect(statuses.slice(-2)).toEqual([429, 429]);
    }));
});

describe("the /verify screen and its action (the VerifyBanner posts here)", () => {
  function post(user: TestUser, fields: Record<string, string>) {
    return call("/verify", {
      method: "POST",
      headers: {
        Cookie: user.cookie,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: ORIGIN,
        "CF-Connecting-IP": uniqueIp(),
      },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  }

  it(
    "shows the code form to an unverified student, and 'verified' to a verified one",
    { timeout: 30_000 },
    async () => {
      const user = await createUser({ verified: false });
      const page = await call("/verify", { headers: { Cookie: user.cookie } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Verification code");
      expect(html).toContain(user.email);
      expect(html).toContain('value="verify"');
      expect(html).toContain('value="resend"');
      const verified = await createUser();
      const done = await (await call("/verify", { headers: { Cookie: verified.cookie } })).text();
      expect(done).toContain("Verified CIT student");
      expect(done).not.toContain("Verification code");
    },
  );

  it("sends a signed-out visitor to sign in first", async () => {
    const res = await call("/verify", { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
  });

  it("without JavaScript: the right code verifies and goes back to a same-site returnTo", async () => {
    const user = await createUser({ verified: false });
    const res = await post(user, {
      intent: "verify",
      code: await latestCode(user.email),
      returnTo: "/find-writer?x=1",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/find-writer?x=1");
    expect(await me(user)).toMatchObject({ verified: true });
  });

  it("a returnTo off the site (or to the sign-in screens) goes to the dashboard instead", async () => {
    for (const returnTo of ["https://evil.example/", "//evil.example", "/\\evil.example", "/login", ""]) {
      const user = await createUser({ verified: false });
      const res = await post(user, { intent: "verify", code: await latestCode(user.email), returnTo });
      expect(res.headers.get("Location"), returnTo).toBe("/dashboard");
    }
  });

  it("a wrong code answers the form's error (400) and verifies nothing; resend answers its message", async () => {
    const user = await createUser({ verified: false });
    const code = await latestCode(user.email);
    const wrong = await post(user, { intent: "verify", code: otherThan(code), returnTo: "/dashboard" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That code is not right. 4 tries left.");
    const tooSoon = await post(user, { intent: "resend", returnTo: "/dashboard" });
    expect(tooSoon.status).toBe(429);
    expect(await tooSoon.text()).toContain("We sent a code less than a minute ago.");
    await env.DB.prepare("UPDATE email_codes SET sent_at = sent_at - 61000 WHERE user_id = ?1").bind(user.userId).run();
    const sent = await post(user, { intent: "resend", returnTo: "/dashboard" });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain(`We sent a new code to ${user.email}.`);
    expect(await me(user)).toMatchObject({ verified: false });
  });
});

describe("D1 queries per page (at most 3)", () => {
  it("/verify, /reset-password, /account and /dev/outbox", { timeout: 30_000 }, async () => {
    // Counted from each request's log line (worker/lib/d1-session.ts counts what the request asked of D1).
    const logs = captureRequestLogs();
    const user = await createUser({ verified: false });
    const counts: Record<string, number> = {};
    for (const path of ["/verify", "/reset-password", "/account", "/dev/outbox"]) {
      const res = await call(path, { headers: { Cookie: user.cookie } });
      expect(res.status, path).toBe(200);
      await res.text();
      counts[path] = logs.usageOf(res).queries;
    }
    logs.stop();
    console.warn(`queries per page: ${JSON.stringify(counts)}`);
    expect(counts).toEqual({ "/verify": 1, "/reset-password": 1, "/account": 3, "/dev/outbox": 2 });
  });
});
