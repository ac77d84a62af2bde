// The moment a test run starts at (docs/decisions/0099-tests-at-any-hour.md, "A pinned clock").
// Every vitest run and every browser-test run starts here unless CAMPUS_CLOCK says otherwise, and
// time then moves on from it: no result depends on the day or the hour the suite happens to run at.
// `npm run test:clock` (scripts/test-clock.mjs) runs the time-dependent tests at the other moments
// that matter (every weekday, midnight, the ends of a month and a year, 29 February).

/** Wednesday 2 December 2026, 10:00 in India: a teaching day, mid-morning, mid-week. */
export const PINNED_CLOCK = "2026-12-02T10:00:00+05:30";

/** CAMPUS_CLOCK's value meaning "the real clock": a run that checks the calendar of the day it runs on. */
export const REAL_CLOCK = "now";

/**
 * The moment a run starts at, as CAMPUS_CLOCK asks (an ISO time, or "now" for the real clock),
 * else the pinned one; null for the real clock.
 */
export function runMoment(requested: string | undefined = process.env.CAMPUS_CLOCK): string | null {
  const at = requested?.trim() || PINNED_CLOCK;
  if (at === REAL_CLOCK) return null;
  if (!Number.isFinite(Date.parse(at))) throw new Error(`CAMPUS_CLOCK is not a time (or "now"): ${at}`);
  return at;
}

/** How far from the real time the run's clock is, in ms (0 on the real clock). */
export function runClockOffset(requested: string | undefined = process.env.CAMPUS_CLOCK): number {
  const at = runMoment(requested);
  return at === null ? 0 : Date.parse(at) - Date.now();
}
