import { env, exports } from "cloudflare:workers";

export const ORIGIN = "http://localhost";

let counter = 0;
/** A value unique to this test run, so tests never share users or rate-limit keys. */
export function unique(prefix = "u"): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 7)}`;
}

/** A made-up client address: rate limits are keyed by it, so each test gets its own counters. */
export function uniqueIp(): string {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

export function call(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, init));
}

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

export interface TestUser {
  userId: string;
  name: string;
  email: string;
  password: string;
  token: string;
  cookie: string;
}

/**
 * Registers a fresh user through the API and returns its bearer token, and the session cookie a
 * browser signed in with that session would send (the API itself sets no cookie). The address is at
 * Campus Institute of Technology (campus.test) unless `email` says otherwise, and counts as verified
 * (as if the e-mailed code had been entered) unless `verified: false`: tests of verification itself
 * go through the code.
 */
export async function createUser(
  overrides: Partial<{ name: string; email: string; password: string; verified: boolean }> = {},
): Promise<TestUser> {
  const name = overrides.name ?? "Test Student";
  const email = overrides.email ?? `${unique("student")}@campus.test`;
  const password = overrides.password ?? "correct horse battery";
  const res = await postJson("/api/auth/register", { name, email, password }, { "CF-Connecting-IP": uniqueIp() });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { userId: string; token: string } };
  const cookie = `__Host-campus_session=${body.data.token}`;
  if (overrides.verified !== false)
    await env.DB.prepare("UPDATE users SET email_verified_at = ?1 WHERE id = ?2")
      .bind(Date.now(), body.data.userId)
      .run();
  return {
    userId: body.data.userId,
    name,
    email: email.trim().toLowerCase(),
    password,
    token: body.data.token,
    cookie,
  };
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/**
 * Waits until the clock reads later than `instant` (a record's createdAt), so that the next record
 * is stamped later and "newest first" has one right answer. Usually returns at once.
 */
export async function clockPast(instant: number): Promise<void> {
  while (Date.now() <= instant) await new Promise((resolve) => setTimeout(resolve, 1));
}

/** A D1 binding that refuses every statement on `table` (a simulated outage); everything else works. */
export function dbFailingOn(table: string): D1Database {
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare") {
        return (sql: string) => {
          if (sql.includes(table)) throw new Error(`D1_ERROR: simulated outage of ${table}`);
          return target.prepare(sql);
        };
      }
      const value: unknown = Reflect.get(target, prop);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The minute the Rate Limiting binding counts in: fixed 60 s windows of the wall clock (miniflare's
 * windows start at every minute since the epoch), whatever shift CAMPUS_CLOCK gave this isolate's
 * Date (worker/lib/test-clock.ts).
 */
function limiterMinute(): number {
  const shift = (globalThis as { [key: symbol]: (() => number) | undefined })[Symbol.for("campus.shiftedDates")];
  return Math.floor((Date.now() - (shift?.() ?? 0)) / 60_000);
}

/**
 * Runs a test of a per-minute limit (the 21st post in a minute is a 429) so that its requests fall
 * in one window: a run that crossed a minute boundary saw its count start again half-way, proves
 * nothing either way, and runs again (with its own new users and addresses), up to 3 times. No
 * waiting: a run that stays inside one minute, almost every run, is the only one.
 */
export async function inOneLimiterMinute(run: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const minute = limiterMinute();
    let failure: unknown = null;
    try {
      await run();
    } catch (error) {
      failure = error;
    }
    if (limiterMinute() === minute || attempt === 3) {
      if (failure) throw failure;
      return;
    }
  }
}
