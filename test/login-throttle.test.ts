import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FAKE_ACCOUNTS } from "#fake-google/app.ts";
import { googleRedirect, installFakeGoogle } from "#test/fake-google.ts";
import { call, createUser, inOneLimiterMinute, postJson, unique, uniqueIp } from "#test/helpers.ts";

// Password guessing spread across addresses. Ten failed sign-ins for one e-mail
// within 15 minutes lock that e-mail's password sign-in for 15 minutes (docs/decisions/0008).

interface Answer {
  success: boolean;
  message: string;
  retryAfter?: number;
}

const LOCKED = /^Too many failed sign-in attempts for this account\. Try again in 15 minutes\.$/;

afterEach(() => {
  vi.restoreAllMocks();
});

let v6Counter = 0;
/** A fresh IPv6 /64 of the documentation range, as "2001:db8:<a>:<b>". */
function uniquePrefix64(): string {
  v6Counter += 1;
  return `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${v6Counter.toString(16)}`;
}

function login(email: string, password: string, ip: string) {
  return postJson("/api/auth/login", { email, password }, { "CF-Connecting-IP": ip });
}

function formLogin(email: string, password: string, ip: string) {
  return call("/login", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": ip },
    body: new URLSearchParams({ intent: "signin", email, password }),
    redirect: "manual",
  });
}

async function throttleRow(email: string) {
  return env.DB.prepare("SELECT failures, window_started_at, locked_until FROM login_throttle WHERE email = ?")
    .bind(email)
    .first<{ failures: number; window_started_at: number; locked_until: number }>();
}

/** One wrong password per address, one after the other; the statuses in order. */
async function guessFrom(email: string, addresses: string[]): Promise<Response[]> {
  const answers: Response[] = [];
  for (const ip of addresses) answers.push(await login(email, "wrong password", ip));
  return answers;
}

describe("per-account limit across addresses", { timeout: 60_000 }, () => {
  it("100 wrong passwords from 100 different addresses: 10 are tried, then every answer is a 429 with when to try again", async () => {
    const user = await createUser();
    const answers = await guessFrom(
      user.email,
      Array.from({ length: 100 }, () => uniqueIp()),
    );
    const statuses = answers.map((res) => res.status);
    const through = statuses.findIndex((status) => status === 429);
    console.log(`100 addresses, one account: ${through} wrong passwords were checked before the lock`);
    expect(statuses.slice(0, 10)).toEqual(new Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(new Array(90).fill(429));

    const limited = answers[10]!;
    const body = (await limited.json()) as Answer;
    expect(body.success).toBe(false);
    expect(body.message).toMatch(LOCKED);
    expect(body.retryAfter).toBeGreaterThan(14 * 60);
    expect(body.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(Number(limited.headers.get("Retry-After"))).toBe(body.retryAfter);
    // Every try is counted, the refused ones too; the lock was set by the 11th.
    expect((await throttleRow(user.email))?.failures).toBe(100);

    // The right password does not bypass the lock, from a new address or through the sign-in form.
    const right = await login(user.email, user.password, uniqueIp());
    expect(right.status).toBe(429);
    expect(right.headers.get("Set-Cookie")).toBeNull();
    expect(((await right.json()) as Answer).message).toMatch(LOCKED);
    const form = await formLogin(user.email, user.password, uniqueIp());
    expect(form.status).toBe(429);
    expect(form.headers.get("Set-Cookie") ?? "").not.toContain("__Host-campus_session=");
    expect(await form.text()).toContain("Too many failed sign-in attempts for this account. Try again in 15 minutes.");
  });

  it("100 tries from 100 addresses in one IPv6 /64 count as one address: 5 are tried, then 429", () =>
    inOneLimiterMinute(async () => {
      const user = await createUser();
      const prefix = uniquePrefix64();
      const answers = await guessFrom(
        user.email,
        Array.from(
          { length: 100 },
          (_, i) =>
            `${prefix}:${(i + 1).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::${(i * 3 + 1).toString(16)}`,
        ),
      );
      const statuses = answers.map((res) => res.status);
      const through = statuses.findIndex((status) => status === 429);
      console.log(`100 addresses in one /64, one account: ${through} wrong passwords were checked before the limit`);
      expect(statuses.slice(0, 5)).toEqual(new Array(5).fill(401));
      expect(statuses.slice(5)).toEqual(new Array(95).fill(429));
      expect(((await answers[5]!.json()) as Answer).message).toMatch(/Too many sign-in attempts/);
      // Only checked passwords count towards the account's lock.
      expect((await throttleRow(user.email))?.failures).toBe(5);
    }));

  it("of 30 simultaneous wrong passwords exactly 10 are checked; the rest get 429 and the account locks", async () => {
    const user = await createUser();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login(user.email, "wrong password", uniqueIp())),
    );
    const statuses = answers.map((res) => res.status);
    const failed = statuses.filter((status) => status === 401).length;
    console.log(`30 simultaneous wrong passwords: ${failed} checked, ${30 - failed} refused by the lock`);
    // Each try is counted before its password is checked, so a burst cannot outrun the count.
    expect(failed).toBe(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    // No lost update: every try is one count in the table.
    const row = await throttleRow(user.email);
    expect(row?.failures).toBe(30);
    expect(row?.locked_until).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect((await login(user.email, user.password, uniqueIp())).status).toBe(429);
  });

  it("a successful sign-in clears the failures; nine more do not lock", async () => {
    const user = await createUser();
    for (const res of await guessFrom(
      user.email,
      Array.from({ length: 9 }, () => uniqueIp()),
    ))
      expect(res.status).toBe(401);
    expect((await login(user.email, user.password, uniqueIp())).status).toBe(200);
    expect(await throttleRow(user.email)).toBeNull();
    for (const res of await guessFrom(
      user.email,
      Array.from({ length: 9 }, () => uniqueIp()),
    ))
      expect(res.status).toBe(401);
    expect((await login(user.email, user.password, uniqueIp())).status).toBe(200);
  });

  it("the lock ends after its time, and the count starts again", async () => {
    const user = await createUser();
    await guessFrom(
      user.email,
      Array.from({ length: 10 }, () => uniqueIp()),
    );
    expect((await login(user.email, user.password, uniqueIp())).status).toBe(429);
    // Sixteen minutes later.
    const past = Date.now() - 16 * 60_000;
    await env.DB.prepare("UPDATE login_throttle SET window_started_at = ?, locked_until = ? WHERE email = ?")
      .bind(past - 60_000, past, user.email)
      .run();
    expect((await login(user.email, "wrong password", uniqueIp())).status).toBe(401);
    expect((await throttleRow(user.email))?.failures).toBe(1);
    expect((await login(user.email, user.password, uniqueIp())).status).toBe(200);
  });

  it("failures older than the window do not add up", async () => {
    const user = await createUser();
    await guessFrom(
      user.email,
      Array.from({ length: 9 }, () => uniqueIp()),
    );
    await env.DB.prepare("UPDATE login_throttle SET window_started_at = ? WHERE email = ?")
      .bind(Date.now() - 16 * 60_000, user.email)
      .run();
    expect((await login(user.email, "wrong password", uniqueIp())).status).toBe(401);
    expect((await throttleRow(user.email))?.failures).toBe(1);
    expect((await login(user.email, user.password, uniqueIp())).status).toBe(200);
  });

  it("an unknown e-mail is limited the same way, so the 429 does not tell which accounts exist", async () => {
    const email = `${unique("nobody")}@campus.test`;
    const statuses = (
      await guessFrom(
        email,
        Array.from({ length: 11 }, () => uniqueIp()),
      )
    ).map((res) => res.status);
    expect(statuses).toEqual([...new Array(10).fill(401), 429]);
  });

  it("the e-mail is counted as typed in any case or spacing", async () => {
    const user = await createUser();
    const spellings = [user.email, user.email.toUpperCase(), ` ${user.email} `];
    for (let i = 0; i < 10; i++) await login(spellings[i % 3]!, "wrong password", uniqueIp());
    expect((await login(user.email, user.password, uniqueIp())).status).toBe(429);
  });

  it("another account is not affected by one account's lock", async () => {
    const locked = await createUser();
    const other = await createUser();
    await guessFrom(
      locked.email,
      Array.from({ length: 10 }, () => uniqueIp()),
    );
    expect((await login(locked.email, locked.password, uniqueIp())).status).toBe(429);
    expect((await login(other.email, other.password, uniqueIp())).status).toBe(200);
  });

  it("locks only password sign-in: Google sign-in still works for a locked account", async () => {
    const account = FAKE_ACCOUNTS[0]!;
    await env.DB.prepare("DELETE FROM users WHERE email = ?").bind(account.email).run();
    const fake = installFakeGoogle();
    const first = await googleRedirect(fake, "auth");
    expect(
      (
        await postJson(
          "/api/google/session",
          { code: first.location.searchParams.get("code") },
          { Cookie: first.cookie },
        )
      ).status,
    ).toBe(200);
    await guessFrom(
      account.email,
      Array.from({ length: 10 }, () => uniqueIp()),
    );
    expect((await login(account.email, "any password at all", uniqueIp())).status).toBe(429);
    const again = await googleRedirect(fake, "auth");
    const session = await postJson(
      "/api/google/session",
      { code: again.location.searchParams.get("code") },
      { Cookie: again.cookie },
    );
    expect(session.status).toBe(200);
    expect(((await session.json()) as { data: { email: string } }).data.email).toBe(account.email);
  });
});

describe("per-address limits key IPv6 clients by their /64", { timeout: 60_000 }, () => {
  it("the sign-in form's per-address limit counts a whole /64 as one address", () =>
    inOneLimiterMinute(async () => {
      const user = await createUser();
      const prefix = uniquePrefix64();
      const pages: string[] = [];
      for (let i = 0; i < 6; i++)
        pages.push(await (await formLogin(user.email, "wrong again", `${prefix}:${i}::${i + 1}`)).text());
      expect(pages[4]).toContain("Incorrect e-mail or password.");
      expect(pages[5]).toContain("Too many sign-in attempts");
    }));

  it("registration's per-address limit counts a whole /64 as one address", () =>
    inOneLimiterMinute(async () => {
      const prefix = uniquePrefix64();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await postJson(
          "/api/auth/register",
          { name: "V6", email: `${unique("v6")}@campus.test`, password: "long enough pw" },
          { "CF-Connecting-IP": `${prefix}::${i + 1}` },
        );
        statuses.push(res.status);
      }
      expect(statuses).toEqual([...new Array(10).fill(201), 429]);
    }));

  it("an IPv4-mapped IPv6 address is the same client as its IPv4 address", () =>
    inOneLimiterMinute(async () => {
      const user = await createUser();
      const ip = uniqueIp();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await login(user.email, "wrong password", i % 2 ? ip : `::ffff:${ip}`)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    }));

  it("one address guessing across many e-mails (credential stuffing) is limited too", () =>
    inOneLimiterMinute(async () => {
      const prefix = uniquePrefix64();
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++)
        statuses.push((await login(`${unique("stuff")}@campus.test`, "password123", `${prefix}::${i + 1}`)).status);
      expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    }));
});
