// Times are stored as UTC epoch milliseconds and shown in India time, whatever the device's zone.

const indiaDate = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", day: "numeric", month: "short", year: "numeric" });
const indiaDateTime = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "5 Mar 2026" in India time. */
export function formatIndiaDate(epochMs: number): string {
  return indiaDate.format(epochMs);
}

/** "5 Mar 2026, 9:40 pm" in India time. */
export function formatIndiaDateTime(epochMs: number): string {
  return indiaDateTime.format(epochMs);
}
