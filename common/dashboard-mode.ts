// The dashboard view preference (Day-Scholar or Hosteller), kept in a cookie so the server renders
// the right tiles on the first byte (decision 0004). The screen reads and shows it; choosing it is
// worker/services/dashboard/mode.ts.

import { readCookie, setCookie } from "#common/cookies.ts";

export const MODE_COOKIE = "campus_mode";
export const MODES = ["day-scholar", "hosteller"] as const;
export type Mode = (typeof MODES)[number];

/** The dashboard action's refusal of anything but the two modes. */
export const MODE_MISSING = "Choose Day-Scholar or Hosteller.";

export function readMode(cookieHeader: string | null): Mode {
  return readCookie(cookieHeader, MODE_COOKIE) === "hosteller" ? "hosteller" : "day-scholar";
}

export function modeCookie(mode: Mode): string {
  return setCookie(MODE_COOKIE, mode, { maxAge: 31536000 });
}

export function parseMode(value: unknown): Mode | null {
  return value === "hosteller" || value === "day-scholar" ? value : null;
}
