// Password reset by e-mailed code (docs/decisions/0075): the request never reveals whether
// an address has an account, the confirmation sets the password and ends every session.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { requestPasswordReset } from "#server/services/auth/password-reset.ts";
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

const REQUESTED = "If an account uses that address, we have e-mailed it a 6-digit code. It works for 15 minutes.";
const BAD_CODE = "That code is wrong or has expired. Check the address and the code, or ask for a new code.";

function requestReset(email: string, ip = uniqueIp()) {
  return postJson("/api/auth/password-reset", { email }, { "CF-Connecting-IP": ip });
}

function confirm(email: string, code: string, password: string, ip = uniqueIp()) {
  return postJson("/api/auth/password-reset/confirm", { email, code, password }, { "CF-Connecting-IP": ip });
}

/**
 * The reset mails to `email`, newest first. The code is mailed after the answer (waitUntil), so this
 * waits up to 2 s for the first one, unless `none` says none is expected (an address without an account).
 */
async function resetMails(email: string, none = false) {
  for (let tries = 0; ; tries += 1) {
    const res = await call(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const { data } = (await res.json()) as { data: { subject: string; text: string }[] };
    const mails = data.filter((m) => m.subject.startsWith("Your Campus password reset code"));
    if (mails.length > 0 || none || tries >= 100) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function resetCode(email: string): Promise<string> {
  const [mail] = await resetMails(email);
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error("no reset code mailed");
  return code;
}

function login(user: Pick<TestUser, "email">, password: string) {
  return postJson("/api/auth/login", { email: user.email, password }, { "CF-Connecting-IP": uniqueIp() });
}

describe("POST /api/auth/password-reset", () => {
  it("answers 200 with the same body for an address with an account and one without; only the account gets mail", async () => {
    const user = await createUser();
    const stranger = `${unique("nobody")}@campus.test`;
    const known = await requestReset(user.email);
    const unknown = await requestReset(stranger);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const knownBody = await known.text();
    expect(knownBody).toBe(await unknown.text());
    expect(JSON.parse(knownBody)).toEqual({ success: true, message: REQUESTED });
    expect(await resetMails(user.email)).toHaveLength(1);
    expect(await resetMails(stranger, true)).toHaveLength(0);
  });

  it("the mail: plain text with the campus's name and the code, nothing else secret", async () => {
    const user = await createUser({ email: `${unique("r")}@riverside.test` });
    await requestReset(user.email);
    const [mail] = await resetMails(user.email);
    expect(mail!.subject).toBe("Your Campus password reset code (Riverside College of Engineering)");
    expect(mail!.text).toMatch(/^Your Campus password reset code is \d{6}$/m);
    expect(mail!.text).toContain("Riverside College of Engineering");
    for (const secret of [user.password, user.token, user.userId, env.SESSION_SECRET])
      expect(mail!.text).not.toContain(secret);
  });

  it("a second request within a minute answers the same and sends nothing new; the first code still works", async () => {
    const user = await createUser();
    await requestReset(user.email);
    const again = await requestReset(user.email);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ success: true, message: REQUESTED });
    expect(await resetMails(user.email)).toHaveLength(1);
  });

  it("is limited per e-mail address, alike for addresses with and without an account", () =>
    inOneLimiterMinute(async () => {
      const user = await createUser();
      const stranger = `${unique("nobody")}@campus.test`;
      for (const email of [user.email, stranger]) {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) statuses.push((await requestReset(email)).status);
        expect(statuses, email).toEqual([200, 200, 200, 429]);
      }
    }));

  it("is limited per client address", () =>
    inOneLimiterMinute(async () => {
      const ip = uniqueIp();
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await requestReset(`${unique("spray")}@campus.test`, ip)).status);
      expect(statuses.at(-1)).toBe(429);
    }));

  it("refuses a malformed address with 400", async () => {
    for (const email of ["", "not-an-address", "a".repeat(300) + "@campus.test"])
      expect((await requestReset(email)).status).toBe(400);
  });
});

// Third round of hardening: a known address answered about 45 ms later than an unknown one (a D1
// write and the mail before the answer). Now both do the same before answering and hand the rest to
// waitUntil. No timing assertion (it would be flaky): the work itself is compared.
describe("the reset request does the same work for every address", () => {
  /**
   * env whose D1 answers nothing until `open()` (every statement waits), and counts the statements
   * prepared: an answer that waited for D1 would not come while it is shut.
   */
  function shutDb(): { env: Env; prepared: () => number; open: () => void } {
    let n = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const waiting = (statement: D1PreparedStatement): D1PreparedStatement =>
      new Proxy(statement, {
        get(target, prop) {
          const value: unknown = Reflect.get(target, prop);
          if (prop === "bind") return (...args: unknown[]) => waiting(target.bind(...args));
          if (typeof value !== "function") return value;
          if (prop === "first" || prop === "run" || prop === "all" || prop === "raw") {
            return async (...args: unknown[]) => {
              await gate;
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          }
          return (value as (...a: unknown[]) => unknown).bind(target);
        },
      });
    const db = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "prepare") {
          return (sql: string) => {
            n += 1;
            return waiting(target.prepare(sql));
          };
        }
        const value: unknown = Reflect.get(target, prop);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    return { env: { ...env, DB: db }, prepared: () => n, open };
  }

  it("an address with an account and one without: the same answer without waiting for D1, the same statements begun, one job handed to waitUntil; only the account gets mail", async () => {
    const user = await createUser();
    const stranger = `${unique("nobody")}@campus.test`;
    const seen: { answer: string; prepared: number; jobs: number }[] = [];
    const jobs: Promise<unknown>[] = [];
    const gates: (() => void)[] = [];
    for (const email of [user.email, stranger]) {
      const shut = shutDb();
      gates.push(shut.open);
      const mine: Promise<unknown>[] = [];
      const answer = await Promise.race([
        requestPasswordReset(shut.env, { later: (work) => void mine.push(work), clientAddress: uniqueIp() }, { email }),
        new Promise<string>((resolve) => setTimeout(() => resolve("the answer waited for D1"), 1500)),
      ]);
      seen.push({ answer, prepared: shut.prepared(), jobs: mine.length });
      jobs.push(...mine);
    }
    expect(seen[0]).toMatchObject({ answer: REQUESTED, jobs: 1 });
    expect(seen[1]).toEqual(seen[0]);
    for (const open of gates) open();
    await Promise.all(jobs);
    expect(await resetMails(user.email)).toHaveLength(1);
    expect(await resetMails(stranger, true)).toHaveLength(0);
  });
});

describe("POST /api/auth/password-reset/confirm", () => {
  it("sets the new password and ends every session", async () => {
    const user = await createUser();
    expect((await call("/api/auth/me", { headers: bearer(user.token) })).status).toBe(200);
    await requestReset(user.email);
    const res = await confirm(user.email, await resetCode(user.email), "a brand new password");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      message: "Your password has been changed and every device has been signed out. Sign in with your new password.",
    });
    expect((await call("/api/auth/me", { headers: bearer(user.token) })).status).toBe(401);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?1").bind(user.userId).first("n"),
    ).toBe(0);
    expect((await login(user, user.password)).status).toBe(401);
    expect((await login(user, "a brand new password")).status).toBe(200);
  });

  it("the code works once", async () => {
    const user = await createUser();
    await requestReset(user.email);
    const code = await resetCode(user.email);
    expect((await confirm(user.email, code, "first new password")).status).toBe(200);
    const again = await confirm(user.email, code, "second new password");
    expect(again.status).toBe(400);
    expect((await login(user, "first new password")).status).toBe(200);
  });

  it("proves the address: an unverified college account becomes verified", async () => {
    const user = await createUser({ verified: false });
    await requestReset(user.email);
    expect((await confirm(user.email, await resetCode(user.email), "a brand new password")).status).toBe(200);
    const row = await env.DB.prepare("SELECT email_verified_at FROM users WHERE id = ?1")
      .bind(user.userId)
      .first<{ email_verified_at: number | null }>();
    expect(row!.email_verified_at).not.toBeNull();
  });

  it("a wrong code, an expired code, no code, a used-up code and an unknown address all get the same 400", async () => {
    const user = await createUser();
    await requestReset(user.email);
    const code = await resetCode(user.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const answers: Response[] = [];
    answers.push(await confirm(user.email, wrong, "a brand new password"));
    answers.push(await confirm(`${unique("nobody")}@campus.test`, code, "a brand new password"));
    const noCode = await createUser();
    answers.push(await confirm(noCode.email, code, "a brand new password"));
    for (let i = 0; i < 4; i++) answers.push(await confirm(user.email, wrong, "a brand new password"));
    // Five tries used: even the right code is refused, with the same words.
    answers.push(await confirm(user.email, code, "a brand new password"));
    const expired = await createUser();
    await requestReset(expired.email);
    const expiredCode = await resetCode(expired.email);
    await env.DB.prepare("UPDATE email_codes SET expires_at = ?1 WHERE user_id = ?2")
      .bind(Date.now() - 1, expired.userId)
      .run();
    answers.push(await confirm(expired.email, expiredCode, "a brand new password"));
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, message: BAD_CODE });
    }
    expect((await login(user, user.password)).status).toBe(200);
    expect((await login(expired, expired.password)).status).toBe(200);
  });

  it("a new password that is too short is refused before the code is tried", async () => {
    const user = await createUser();
    await requestReset(user.email);
    const res = await confirm(user.email, await resetCode(user.email), "short");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "Your new password must be at least 8 characters." });
    const row = await env.DB.prepare("SELECT tries FROM email_codes WHERE user_id = ?1 AND purpose = 'reset'")
      .bind(user.userId)
      .first<{ tries: number }>();
    expect(row!.tries).toBe(0);
  });

  it("a verification code is no reset code", async () => {
    const user = await createUser({ verified: false });
    const res = await call(`/api/dev/outbox?to=${encodeURIComponent(user.email)}`);
    const verifyCode = /\b(\d{6})\b/.exec(((await res.json()) as { data: { text: string }[] }).data[0]!.text)![1]!;
    expect((await confirm(user.email, verifyCode, "a brand new password")).status).toBe(400);
  });

  it("is limited per client address", () =>
    inOneLimiterMinute(async () => {
      const ip = uniqueIp();
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++)
        statuses.push((await confirm(`${unique("g")}@campus.test`, "123456", "a brand new password", ip)).status);
      expect(statuses.at(-1)).toBe(429);
    }));
});

describe("the /reset-password screen (works without JavaScript)", () => {
  function post(fields: Record<string, string>, ip = uniqueIp()) {
    return call("/reset-password", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost",
        "CF-Connecting-IP": ip,
      },
      body: new URLSearchParams(fields),
    });
  }

  it(
    "asks for a code, then takes it with a new password; the same answer for an unknown address",
    { timeout: 30_000 },
    async () => {
      const user = await createUser();
      const asked = await post({ intent: "request", email: user.email });
      expect(asked.status).toBe(200);
      const askedHtml = await asked.text();
      expect(askedHtml).toContain(REQUESTED);
      expect(askedHtml).toContain("Code from the e-mail");
      const stranger = await post({ intent: "request", email: `${unique("nobody")}@campus.test` });
      expect(stranger.status).toBe(200);
      expect(await stranger.text()).toContain(REQUESTED);
      const wrong = await post({
        intent: "confirm",
        email: user.email,
        code: "000000",
        password: "a brand new password",
      });
      const code = await resetCode(user.email);
      if (code !== "000000") {
        expect(wrong.status).toBe(400);
        expect(await wrong.text()).toContain(BAD_CODE);
      }
      const done = await post({ intent: "confirm", email: user.email, code, password: "a brand new password" });
      expect(done.status).toBe(200);
      expect(await done.text()).toContain("Your password has been changed and every device has been signed out.");
      expect((await call("/api/auth/me", { headers: bearer(user.token) })).status).toBe(401);
    },
  );

  it("the sign-in screen links to it", async () => {
    const html = await (await call("/login")).text();
    expect(html).toMatch(/<a[^>]*href="\/reset-password"[^>]*>Forgot password\?<\/a>/);
  });
});

describe("/account shows the verified status", () => {
  it("'Verified CIT student' for a verified member; the code form for an unverified one", async () => {
    const verified = await createUser();
    expect(await (await call("/account", { headers: { Cookie: verified.cookie } })).text()).toContain(
      "Verified CIT student",
    );
    const unverified = await createUser({ verified: false });
    const html = await (await call("/account", { headers: { Cookie: unverified.cookie } })).text();
    expect(html).toContain("Not verified");
    expect(html).toContain("Verification code");
    expect(html).toContain('action="/verify"');
  });
});
