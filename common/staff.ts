// Staff roles as the screens name them (docs/decisions/0080-staff-roles.md). Pure.
import { STAFF_ROLES_ROLE } from "#common/enums.generated.ts";

/** The roles, as the migration's CHECK lists them (scripts/db-types.mjs). */
export const STAFF_ROLE_NAMES = STAFF_ROLES_ROLE;
export type StaffRoleName = (typeof STAFF_ROLE_NAMES)[number];

export const staffRoleLabel: Record<StaffRoleName, string> = {
  warden: "Warden",
  mess: "Mess staff",
  laundry: "Laundry staff",
  moderator: "Moderator",
  admin: "Campus admin",
  curator: "Library curator",
};

/** A complaint open this long is overdue on the warden's queue. */
export const OVERDUE_MS = 72 * 3_600_000;

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** "5 h", "2 d 3 h", "40 min": a duration as the queue and the chart show it. */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest ? `${days} d ${rest} h` : `${days} d`;
}
