// The campus admin's set-up as the screens need it (docs/decisions/0104-campus-setup.md): the steps and
// time wording. Apart from the message table, so the set-up pages' bundles carry only these.

/** The set-up's steps, in the order the overview lists them. */
export const SETUP_STEPS = [
  { key: "college", title: "College and e-mail domains", path: "/admin/setup/college" },
  { key: "blocks", title: "Hostel blocks", path: "/admin/setup/blocks" },
  { key: "mess", title: "Mess: meals and weekly menu", path: "/admin/setup/mess" },
  { key: "laundry", title: "Laundry slots", path: "/admin/setup/laundry" },
  { key: "academics", title: "Academics", path: "/admin/setup/academics" },
  { key: "timetable", title: "Timetables and attendance", path: "/admin/setup/timetable" },
  { key: "grades", title: "Grading scale", path: "/admin/setup/grades" },
  { key: "places", title: "Safe meet-up places", path: "/admin/setup/meetup-places" },
] as const;
export type SetupStep = (typeof SETUP_STEPS)[number]["key"];

/** "HH:MM" to minutes after midnight, or null. */
export function minutesOf(time: string): number | null {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(time.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Minutes after midnight as "HH:MM" (what a time input shows). */
export function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
