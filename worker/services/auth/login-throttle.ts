import { all, first, insert, returning, run, sql } from "#server/db/sql.ts";
import { loginThrottle } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";

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

/**
 * Counts this try before the password is checked, with one upsert, and throws a 429 (message, and
 * `retryAfter` seconds for the answer and its Retry-After header) when it is over the limit or the
 * account is locked. Counting first is what makes a burst safe: of any number of simultaneous tries
 * at most FAILURE_LIMIT reach the password check (D1 runs the upserts one after another), and the
 * right password does not get through a lock. A successful sign-in clears the count afterwards.
 * A window older than FAILURE_WINDOW_MS starts again at 1; the try past the limit sets the lock.
 * SQLite evaluates every SET expression against the row as it was.
 */
export async function countPasswordTry(env: Env, email: string, now = Date.now()): Promise<void> {
  const t = loginThrottle;
  const stale = sql`${t.window_started_at} <= ${now - FAILURE_WINDOW_MS}`;
  const tries = sql`CASE WHEN ${stale} THEN 1 ELSE ${t.failures} + 1 END`;
  const row = await first(
    env,
    returning(
      insert(
        t,
        { email, failures: 1, window_started_at: now, locked_until: 0 },
        sql`ON CONFLICT (email) DO UPDATE SET failures = ${tries},
          window_started_at = CASE WHEN ${stale} THEN ${now} ELSE ${t.window_started_at} END,
          locked_until = CASE WHEN ${tries} > ${FAILURE_LIMIT} AND ${t.locked_until} <= ${now} THEN ${now + LOCK_MS} ELSE ${t.locked_until} END`,
      ),
      { failures: t.failures, lockedUntil: t.locked_until },
    ),
  );
  if (row && (row.lockedUntil > now || row.failures > FAILURE_LIMIT)) {
    const retryAfter = Math.max(1, Math.ceil((row.lockedUntil - now) / 1000));
    throw new ApiError(429, accountLockedMessage(retryAfter), { retryAfter });
  }
}

/** A successful sign-in starts the count again. */
export async function clearFailedSignIns(env: Env, email: string): Promise<void> {
  await run(env, sql`DELETE FROM login_throttle WHERE email = ${email}`);
}

/** Rows whose window and lock are both over say nothing any more (run by the cron job). */
export async function pruneLoginThrottle(env: Env, now = Date.now()): Promise<number> {
  const gone = await all(
    env,
    returning(
      sql`DELETE FROM login_throttle WHERE window_started_at < ${now - FAILURE_WINDOW_MS} AND locked_until < ${now}`,
      {
        email: loginThrottle.email,
      },
    ),
  );
  return gone.length;
}
