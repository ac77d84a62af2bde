// The audit log as the campus admin reads it (docs/decisions/0083-campus-admin.md). Pure.
import { ACADEMICS_AUDIT_ACTIONS } from "#common/academics.ts";

/** Lines per page of the audit log on /admin and GET /api/admin/audit. */
export const AUDIT_PAGE_SIZE = 50;

/** Every action the log records, as the filter lists them and each line reads. */
export const AUDIT_ACTIONS: Record<string, string> = {
  "role.grant": "Granted a role",
  "role.revoke": "Removed a role",
  "complaint.in_progress": "Complaint in progress",
  "complaint.resolved": "Complaint resolved",
  "laundry.picked_up": "Laundry picked up",
  "laundry.washing": "Laundry washing",
  "laundry.ready": "Laundry ready",
  "laundry.collected": "Laundry collected",
  "laundry.capacity": "Laundry slot capacity",
  "mess.menu": "Mess menu changed",
  ...ACADEMICS_AUDIT_ACTIONS,
  hide: "Hid content",
  auto_hide: "Hidden after 3 reports",
  restore: "Restored content",
  dismiss: "Dismissed reports",
  suspend: "Suspended a student",
  lift_suspension: "Lifted a suspension",
  "campus.add": "College added",
  "campus.domain.add": "E-mail domain added",
  "campus.domain.remove": "E-mail domain removed",
  "campus.update": "College details changed",
  "campus.disable": "College disabled (no new members)",
  "campus.enable": "College enabled again",
  "setup.block.add": "Hostel block added",
  "setup.block.update": "Hostel block renamed",
  "setup.block.remove": "Hostel block removed",
  "setup.meal.add": "Meal added",
  "setup.meal.update": "Meal changed",
  "setup.meal.remove": "Meal removed",
  "setup.menu": "Weekly menu changed",
  "setup.slot.add": "Laundry slot added",
  "setup.slot.update": "Laundry slot changed",
  "setup.slot.remove": "Laundry slot removed",
  "setup.grading": "Grading scale changed",
};

/** The words for an action; an action this list does not know yet reads as itself. */
export function describeAuditAction(action: string): string {
  return AUDIT_ACTIONS[action] ?? action;
}

/**
 * What the admin's operations answer, written once for both doors
 * (docs/decisions/0103-use-cases-messages-and-forms.md): the API's answer and, where it says more,
 * the screen's.
 */
export const ADMIN_MESSAGES = {
  /** /admin for someone who is not a campus admin (decision 0083). */
  adminsOnly: "This page is for campus admins: they grant staff roles and read the audit log.",
  roleGrantedOnScreen: "Role granted. The member is told.",
  roleRemoved: "Role removed.",
  roleRemovedOnScreen: "Role removed. The member is told.",
  /** The API's answer to a grant: "Asha is now warden of Block C (Charaka)." */
  roleGranted: (holder: { name: string; role: string; blockName: string | null }) =>
    `${holder.name} is now ${holder.role === "warden" ? `warden of ${holder.blockName}` : holder.role}.`,
} as const;
