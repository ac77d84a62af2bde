// The audit log as the campus admin reads it (docs/decisions/0083-campus-admin.md). Pure.

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
  hide: "Hid content",
  auto_hide: "Hidden after 3 reports",
  restore: "Restored content",
  dismiss: "Dismissed reports",
  suspend: "Suspended a student",
  lift_suspension: "Lifted a suspension",
  "campus.add": "College added",
  "campus.domain.add": "E-mail domain added",
  "campus.domain.remove": "E-mail domain removed",
};

/** The words for an action; an action this list does not know yet reads as itself. */
export function describeAuditAction(action: string): string {
  return AUDIT_ACTIONS[action] ?? action;
}
