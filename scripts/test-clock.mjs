// `npm run test:clock`: the time-dependent tests at the moments where a calendar bug shows
// (docs/decisions/0099-tests-at-any-hour.md, "A pinned clock"). `npm test` runs at one pinned moment
// (scripts/clock.ts), so a test that trusts the calendar passes there and may fail on another day;
// this runs the tests that read the clock, India time, "today" or weekdays at each weekday, around
// midnight, at the ends of a month and a year and on 29 February, and prints a table of the results.
// Run it after any change that touches time (the README says when).
//
//   npm run test:clock                      # Worker tests, then the browser tests (builds first)
//   npm run test:clock -- --worker-only     # only the Worker tests (a few minutes)
//   npm run test:clock -- --e2e-only        # only the browser tests
//   npm run test:clock -- --at=2027-02-28T12:00:00+05:30   # one moment of your own (repeatable)
import { existsSync } from "node:fs";
import { quietEnv, run } from "./lib.mjs";

/** Where a calendar bug shows: every weekday mid-morning, either side of midnight, ends and leap days. */
export const MOMENTS = [
  ["Monday 10:00", "2026-12-07T10:00:00+05:30"],
  ["Tuesday 10:00", "2026-12-08T10:00:00+05:30"],
  ["Wednesday 10:00", "2026-12-09T10:00:00+05:30"],
  ["Thursday 10:00", "2026-12-10T10:00:00+05:30"],
  ["Friday 10:00", "2026-12-11T10:00:00+05:30"],
  ["Saturday 10:00", "2026-12-12T10:00:00+05:30"],
  ["Sunday 10:00", "2026-12-13T10:00:00+05:30"],
  ["Thursday 00:30", "2026-12-10T00:30:00+05:30"],
  ["Saturday 23:45", "2026-12-12T23:45:00+05:30"],
  ["31 December 23:50", "2026-12-31T23:50:00+05:30"],
  ["28 February 12:00", "2027-02-28T12:00:00+05:30"],
  ["29 February 12:00 (leap year)", "2028-02-29T12:00:00+05:30"],
];

/**
 * The Worker, unit and component tests that read the clock, India time, "today" or weekdays, or
 * count in a window of time (a per-minute limit, 24 hours, 7 days). scripts/test-clock.test.mjs
 * fails when a test file that reads them is missing here.
 */
export const WORKER_FILES = [
  "app/routes/__tests__/googleclassroom.test.tsx",
  "common/classroom-due.test.ts",
  "common/format.test.ts",
  "common/india-time.test.ts",
  "common/market.test.ts",
  "common/timetable.test.ts",
  "test/account-data.test.ts",
  "test/account.test.ts",
  "test/attendance-fit.test.ts",
  "test/auth.test.ts",
  "test/calendar.test.ts",
  "test/campus-setup.test.ts",
  "test/class-reminders.test.ts",
  "test/digest.test.ts",
  "test/email-change.test.ts",
  "test/events.test.ts",
  "test/exams.test.ts",
  "test/google-overview.test.ts",
  "test/google.test.ts",
  "test/hostel-campus.test.ts",
  "test/hostel-complaints.test.ts",
  "test/hostel-forms.test.ts",
  "test/hostel-laundry.test.ts",
  "test/hostel-mess.test.ts",
  "test/input-hygiene.test.ts",
  "test/library-indexing.test.ts",
  "test/login-throttle.test.ts",
  "test/lost-found-pages.test.ts",
  "test/lost-found.test.ts",
  "test/market-pages.test.ts",
  "test/market-photos.test.ts",
  "test/market.test.ts",
  "test/meetup-places.test.ts",
  "test/messages.test.ts",
  "test/moderation.test.ts",
  "test/notice-actors.test.ts",
  "test/pages.test.ts",
  "test/password-reset.test.ts",
  "test/product-page-roles.test.ts",
  "test/push.test.ts",
  "test/query-budget.test.ts",
  "test/reservations.test.ts",
  "test/robust-fuzz.test.ts",
  "test/robust-oauth.test.ts",
  "test/robust-races.test.ts",
  "test/robust-security.test.ts",
  "test/role-guards.test.ts",
  "test/saved-wanted.test.ts",
  "test/staff-forms.test.ts",
  "test/staff-ops.test.ts",
  "test/staff.test.ts",
  "test/timetable-attendance.test.ts",
  "test/timetable-pages.test.ts",
  "test/timetable-share.test.ts",
  "test/timetable.test.ts",
  "test/today.test.ts",
  "test/verification.test.ts",
  "test/wanted-rules.test.ts",
];

/** The browser tests that show what depends on the day or the hour. */
export const E2E_FILES = [
  "e2e/attendance-fit.test.ts",
  "e2e/college-setup.test.ts",
  "e2e/dashboard.test.ts",
  "e2e/digest.test.ts",
  "e2e/events.test.ts",
  "e2e/exams.test.ts",
  "e2e/google.test.ts",
  "e2e/hostel.test.ts",
  "e2e/lost-found.test.ts",
  "e2e/messages.test.ts",
  "e2e/push.test.ts",
  "e2e/reservations.test.ts",
  "e2e/staff-ops.test.ts",
  "e2e/timetable-week.test.ts",
  "e2e/timetable.test.ts",
];

if (import.meta.main) {
  const args = process.argv.slice(2);
  const own = args.filter((a) => a.startsWith("--at=")).map((a) => [a.slice(5), a.slice(5)]);
  const moments = own.length ? own : MOMENTS;
  const suites = [];
  if (!args.includes("--e2e-only")) suites.push(["Worker tests", "vitest", ["run", ...WORKER_FILES]]);
  if (!args.includes("--worker-only")) suites.push(["browser tests", "node", ["scripts/e2e.mjs", ...E2E_FILES]]);
  if (suites.some(([name]) => name === "browser tests") && !existsSync("build/server/wrangler.json")) {
    if (run("npm", ["run", "build"]) !== 0) process.exit(1);
  }

  const results = [];
  const started = Date.now();
  for (const [name, at] of moments)
    for (const [suite, command, commandArgs] of suites) {
      console.log(`\n=== test:clock: ${suite} at ${name} (CAMPUS_CLOCK=${at}) ===`);
      const t = Date.now();
      const code = run(command, commandArgs, { env: { ...quietEnv, CAMPUS_CLOCK: at } });
      results.push({ name, at, suite, ok: code === 0, seconds: Math.round((Date.now() - t) / 1000) });
    }

  console.log(`\ntest:clock: ${Math.round((Date.now() - started) / 1000)} s\n`);
  console.log(`| moment (India time) | CAMPUS_CLOCK | ${suites.map(([suite]) => suite).join(" | ")} |`);
  console.log(`| --- | --- | ${suites.map(() => "---").join(" | ")} |`);
  for (const [name, at] of moments) {
    const cells = suites.map(([suite]) => {
      const r = results.find((x) => x.at === at && x.suite === suite);
      return `${r.ok ? "passed" : "FAILED"} (${r.seconds} s)`;
    });
    console.log(`| ${name} | ${at} | ${cells.join(" | ")} |`);
  }
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}
