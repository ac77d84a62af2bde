// The dashboard view preference (Day-Scholar or Hosteller), kept in a cookie so the server renders
// the right tiles on the first byte.

export const MODE_COOKIE = "campus_mode";
export type Mode = "day-scholar" | "hosteller";

export function readMode(cookieHeader: string | null): Mode {
  const match = cookieHeader?.match(/(?:^|;\s*)campus_mode=([^;]+)/);
  return match?.[1] === "hosteller" ? "hosteller" : "day-scholar";
}

export function modeCookie(mode: Mode): string {
  return `${MODE_COOKIE}=${mode}; Path=/; SameSite=Lax; Max-Age=31536000`;
}

export function parseMode(value: unknown): Mode | null {
  return value === "hosteller" || value === "day-scholar" ? value : null;
}
