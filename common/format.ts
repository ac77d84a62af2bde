// How times and money read, for the server and the browser alike (client-safe: no server imports).
// Times are UTC epoch milliseconds shown in India time (Asia/Kolkata, UTC+05:30 all year, no daylight
// saving); money is integer paise shown in rupees with Indian digit grouping (en-IN).
//
// Written by hand, not with Intl: the server's and the browser's ICU data differ ("Sep" / "Sept",
// "pm" / "PM", the default locale), and a page rendered on one and hydrated on the other must read
// the same, character for character.

const IST_OFFSET_MS = 330 * 60_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The India wall clock of an instant, read through UTC getters. */
const india = (ms: number) => new Date(ms + IST_OFFSET_MS);

function dayMonth(d: Date): string {
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

function timeOfDay(d: Date): string {
  const hours = d.getUTCHours();
  return `${hours % 12 || 12}:${String(d.getUTCMinutes()).padStart(2, "0")} ${hours < 12 ? "am" : "pm"}`;
}

/** "2 Mar 2026". */
export function formatIndiaDate(ms: number): string {
  const d = india(ms);
  return `${dayMonth(d)} ${d.getUTCFullYear()}`;
}

/** "5 Mar 2026, 9:40 pm". */
export function formatIndiaDateTime(ms: number): string {
  return `${formatIndiaDate(ms)}, ${timeOfDay(india(ms))}`;
}

/** Within the coming days, where the year goes without saying: "5 Mar, 4:05 pm". */
export function formatIndiaShortDateTime(ms: number): string {
  const d = india(ms);
  return `${dayMonth(d)}, ${timeOfDay(d)}`;
}

/** A due date: "Mon, 21 Sep 2026". */
export function formatIndiaWeekdayDate(ms: number): string {
  return `${DAYS[india(ms).getUTCDay()]}, ${formatIndiaDate(ms)}`;
}

/** A due time: "Mon, 21 Sep 2026, 4:05 pm". */
export function formatIndiaWeekdayDateTime(ms: number): string {
  return `${formatIndiaWeekdayDate(ms)}, ${timeOfDay(india(ms))}`;
}

/** The India date of an instant, short: "21 Nov". */
export function formatIndiaDayMonth(ms: number): string {
  return dayMonth(india(ms));
}

/** An India calendar date written YYYY-MM-DD, as "Thu, 5 Mar". */
export function formatIndiaDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${DAYS[d.getUTCDay()]}, ${dayMonth(d)}`;
}

/** Paise as rupees: "₹0", "₹6,500", "₹1,25,000", "₹249.50". */
export function formatRupees(paise: number): string {
  const whole = String(Math.floor(paise / 100));
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",");
  const fraction = paise % 100 ? `.${String(paise % 100).padStart(2, "0")}` : "";
  return `₹${rest ? `${rest},` : ""}${last3}${fraction}`;
}
