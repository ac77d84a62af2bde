import type { complaintStatusLabel } from "#common/hostel-labels.ts";

// What the hostel's operations tell a student, written once for both doors
// (docs/decisions/0103-use-cases-messages-and-forms.md): the API's answer and the screen's. Where the
// screen says more (where to look next), its sentence is its own entry. Pure.

export const HOSTEL_MESSAGES = {
  complaintFiled: "Your complaint is filed. You can follow its status here.",
  complaintFiledOnScreen: "Your complaint is filed. You can follow its status under My complaints.",
  meTooAdded: 'Added your "me too".',
  blockSaved: "Your block is saved.",
  moveCancelled: "Your block change is cancelled. You stay in your block.",
  mealRated: "Thanks for rating!",
  listingPosted: "Your listing is live.",
  listingPostedOnScreen: "Your listing is live. Other students can now find you.",
  listingUpdated: "Your listing is updated.",
  listingRemoved: "Your listing is removed.",
  pickupBooked: "Pickup booked.",
  pickupBookedOnScreen: "Pickup booked. Leave your bag at the block's laundry counter before the slot starts.",
  bookingCancelled: "Booking cancelled.",
  /** A complaint's form with two photos (the API reads one). */
  onePhoto: "Attach one photo at most.",
  /** A multipart or urlencoded body the API could not read. */
  unreadableForm: "The form could not be read. Please try again.",
} as const;

type ComplaintStatus = keyof typeof complaintStatusLabel;

const COMPLAINT_STATUS_MESSAGES: Record<ComplaintStatus, string> = {
  open: "Complaint reopened.",
  in_progress: "Marked as in progress.",
  resolved: "Marked as resolved.",
  withdrawn: "Complaint withdrawn.",
};

/** The answer to a complaint's new status: "Marked as resolved.", "Complaint withdrawn." ... */
export function complaintStatusMessage(status: ComplaintStatus): string {
  return COMPLAINT_STATUS_MESSAGES[status];
}

const shortBlock = (name: string) => name.split(" (")[0] ?? name;

/** What a saved residence says: saved, or waiting for the new block's warden (docs/decisions/0084-block-moves.md). */
export function residenceMessage(residence: {
  blockName: string;
  pendingMove: { toBlockName: string } | null;
}): string {
  return residence.pendingMove
    ? `Waiting for the warden of ${shortBlock(residence.pendingMove.toBlockName)} to approve your move from ${shortBlock(residence.blockName)}.`
    : HOSTEL_MESSAGES.blockSaved;
}

/** What each gated hostel write is, as the gate's refusal names it: "Verify your college e-mail to <what>." */
export const HOSTEL_WRITES = {
  fileComplaint: "file a complaint",
  meToo: 'add a "me too"',
  rateMeal: "rate a meal",
  bookPickup: "book a laundry pickup",
  postListing: "post a roommate listing",
  updateListing: "update your roommate listing",
} as const;
