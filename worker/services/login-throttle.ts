import { eq, lt, and, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { loginThrottle } from "../db/schema";
import { ApiError } from "../lib/errors";

// Failed password sign-ins per e-mail, across every address (docs/decisions/0008). The Workers
// Rate Limiting binding counts every request, per location, in 10 s or 60 s periods; this needs
// failures only, over 15 minutes, everywhere, so it is a row in D1.

export const FAILURE_LIMIT = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

export function accountLockedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts for this account. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

export interface ThrottleState {
  /** Whether a row exists, i.e. there is something to clear after a successful sign-in. */
  tracked: boolean;
}

/**
 * Throws a 429 (message, and `retryAfter` seconds for the answer and its Retry-After header) while
 * the e-mail's password sign-in is locked. Called before the password is checked, so the right
 * password does not get through a lock.
 */
export async function assertPasswordSignInOpen(env: Env, email: string, now = Date.now()): Promise<ThrottleState> {
  const row = await getDb(env.DB).query.loginThrottle.findFirst({ columns: { lockedUntil: true }, where: eq(loginThrottle.email, email) });
  if (row && row.lockedUntil > now) {
    const retryAfter = Math.ceil((row.lockedUntil - now) / 1000);
    throw new ApiError(429, accountLockedMessage(retryAfter), { retryAfter });
  }
  return { tracked: row !== undefined };
}

/**
 * One failed try, counted by a single upsert (no read-then-write: simultaneous failures all count).
 * A window older than FAILURE_WINDOW_MS starts again at 1; reaching FAILURE_LIMIT within it sets
 * the lock. SQLite evaluates every SET expression against the row as it was.
 */
export async function recordFailedSignIn(env: Env, email: string, now = Date.now()): Promise<{ failures: number; lockedUntil: number }> {
  const stale = sql`${loginThrottle.windowStartedAt} <= ${now - FAILURE_WINDOW_MS}`;
  const failures = sql`CASE WHEN ${stale} THEN 1 ELSE ${loginThrottle.failures} + 1 END`;
  const [row] = await getDb(env.DB)
    .insert(loginThrottle)
    .values({ email, failures: 1, windowStartedAt: now, lockedUntil: FAILURE_LIMIT <= 1 ? now + LOCK_MS : 0 })
    .onConflictDoUpdate({
      target: loginThrottle.email,
      set: {
        failures,
        windowStartedAt: sql`CASE WHEN ${stale} THEN ${now} ELSE ${loginThrottle.windowStartedAt} END`,
        lockedUntil: sql`CASE WHEN ${failures} >= ${FAILURE_LIMIT} THEN ${now + LOCK_MS} ELSE ${loginThrottle.lockedUntil} END`,
      },
    })
    .returning({ failures: loginThrottle.failures, lockedUntil: loginThrottle.lockedUntil });
  return row ?? { failures: 0, lockedUntil: 0 };
}

/** A successful sign-in starts the count again. */
export async function clearFailedSignIns(env: Env, email: string): Promise<void> {
  await getDb(env.DB).delete(loginThrottle).where(eq(loginThrottle.email, email));
}

/** Rows whose window and lock are both over say nothing any more (run by the cron job). */
export async function pruneLoginThrottle(env: Env, now = Date.now()): Promise<number> {
  const gone = await getDb(env.DB)
    .delete(loginThrottle)
    .where(and(lt(loginThrottle.windowStartedAt, now - FAILURE_WINDOW_MS), lt(loginThrottle.lockedUntil, now)))
    .returning({ email: loginThrottle.email });
  return gone.length;
}
