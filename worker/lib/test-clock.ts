// A clock the tests control (docs/decisions/0099-tests-at-any-hour.md). Much of Campus
// depends on the hour and the day in India (meals served, laundry slots passed, "due tomorrow",
// the 07:30 digest), so a test that ran against the wall clock passed or failed by the hour it ran
// at. With TEST_CLOCK = "1" (the browser tests' server only; never a deploy), a request may carry an
// offset from the real time in the `X-Campus-Clock` header or the `campus-clock` cookie, and the
// server runs it with every `Date` shifted by that much; TEST_CLOCK_OFFSET_MS shifts every request
// of a run. The same shift is what the test processes apply to themselves (shiftDates), so the
// browser, the test and the server agree on "now".
import { AsyncLocalStorage } from "node:async_hooks";
import { parse as parseCookies } from "cookie-es";

export const CLOCK_HEADER = "X-Campus-Clock";
export const CLOCK_COOKIE = "campus-clock";

const INSTALLED = Symbol.for("campus.shiftedDates");
type Shifted = typeof globalThis & { [INSTALLED]?: () => number };

/**
 * Replaces the global `Date` so that `Date.now()`, `new Date()` and `Date()` read the real time
 * plus `offset()`; dates made from a value are untouched and `instanceof Date` still holds. Once per
 * global: a second call changes where the offset comes from.
 */
export function shiftDates(offset: () => number): void {
  const global = globalThis as Shifted;
  const installed = global[INSTALLED] !== undefined;
  global[INSTALLED] = offset;
  if (installed) return;
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const now = () => realNow() + global[INSTALLED]!();
  globalThis.Date = new Proxy(RealDate, {
    construct(target, args: unknown[], newTarget) {
      return Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget) as object;
    },
    apply() {
      return new RealDate(now()).toString();
    },
    get(target, property, receiver) {
      if (property === "now") return now;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

const requestOffsets = new AsyncLocalStorage<number>();

/** The offset a request asks for (header first, then cookie), in whole milliseconds; null when none or malformed. */
function requestedOffset(request: Request): number | null {
  const raw = request.headers.get(CLOCK_HEADER) ?? parseCookies(request.headers.get("Cookie") ?? "")[CLOCK_COOKIE];
  if (raw === undefined || !/^-?\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

/**
 * Runs `work` on the clock the test asked for: only when the deploy's TEST_CLOCK is "1", else it
 * runs as is (the header and the cookie mean nothing).
 */
export function onTestClock<T>(
  env: { TEST_CLOCK?: string; TEST_CLOCK_OFFSET_MS?: string },
  request: Request | null,
  work: () => T,
): T {
  if (env.TEST_CLOCK !== "1") return work();
  shiftDates(() => requestOffsets.getStore() ?? 0);
  const base = Number(env.TEST_CLOCK_OFFSET_MS) || 0;
  const offset = (request && requestedOffset(request)) ?? base;
  return requestOffsets.run(offset, work);
}
