// India Standard Time is UTC+05:30 all year (no daylight saving), so a fixed offset is exact and
// cheaper than Intl on every call. Pure functions: the browser uses them too.

export const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The India date of an instant, as YYYY-MM-DD. */
export function indiaDate(now: number): string {
  return new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Minutes after India midnight (0..1439). */
export function indiaMinutes(now: number): number {
  return Math.floor(((now + IST_OFFSET_MS) % DAY_MS) / 60_000);
}

/** Day of the week in India: 1 = Monday ... 7 = Sunday. */
export function indiaWeekday(now: number): number {
  const day = new Date(now + IST_OFFSET_MS).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The weekday (1 = Monday) of an India date written YYYY-MM-DD. */
export function weekdayOfDate(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The UTC instant of `minutes` after midnight on an India date. */
export function indiaInstant(date: string, minutes: number): number {
  return Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS + minutes * 60_000;
}

/** The India date `days` after another India date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A real calendar date written YYYY-MM-DD (rejects 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** 450 -> "07:30". */
export function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** An instant rounded up to the next whole minute, so "after 4:06 pm" is true at 4:06 pm. */
export function ceilToMinute(ms: number): number {
  return Math.ceil(ms / 60_000) * 60_000;
}
