import { bookingStatusLabel } from "#common/hostel-labels.ts";
import { complaintStatusMessage } from "#common/hostel-messages.ts";
import type { LaundryStep } from "#common/hostel-staff.ts";

// What the staff's operations answer (wardens, laundry and mess staff), written once for both
// doors (docs/decisions/0103-use-cases-messages-and-forms.md): the API's answer and the staff
// console's. Pure.

export const STAFF_MESSAGES = {
  /** /staff for someone who holds no role (decision 0080). */
  staffOnly: "This page is for hostel staff: wardens, mess and laundry staff, moderators and campus admins.",
  moveApproved: "Move approved. The student is told.",
  moveDeclined: "Move declined. The student is told.",
  capacitySavedOnScreen: "Capacity saved.",
  menuUpdated: "Menu updated.",
  menuSavedOnScreen: "Menu saved. The mess page shows it now.",
} as const;

const TOLD = " The student is told.";

/** The console's answer to a warden's status change: the student's own wording, and that they are told. */
export function wardenStatusMessage(status: "in_progress" | "resolved"): string {
  return `${complaintStatusMessage(status)}${TOLD}`;
}

/** A block change decided (decision 0084). */
export function moveDecisionMessage(status: "approved" | "declined"): string {
  return status === "approved" ? STAFF_MESSAGES.moveApproved : STAFF_MESSAGES.moveDeclined;
}

/** A laundry step marked: "Marked washing.", and for "ready" that the student is told. */
export function laundryStepMessage(status: LaundryStep): string {
  return `Marked ${bookingStatusLabel[status].toLowerCase()}.${status === "ready" ? TOLD : ""}`;
}

/** The API's answer to a slot's new capacity. */
export function slotCapacityMessage(capacity: number): string {
  return `The slot now takes ${capacity} pickups.`;
}
