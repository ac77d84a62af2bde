// Where Campus keeps data about a student, table by table, and what "download my data" and "delete my
// account" do with each (docs/decisions/0078-download-and-delete-my-account.md). test/account-data.test.ts
// reads the live schema and fails when a table that refers to a user (a foreign key to users, or an
// e-mail or address column) is missing here: a new table must be placed in the export and in the deletion first.

export type OnDelete =
  /** Every row of the student goes. */
  | "deleted"
  /** Rows other students hold stay, pointing at the anonymised account ("Deleted student"). */
  | "kept-anonymised";

export interface PersonalData {
  /** Where the export shows it (a dotted path in the JSON); null only with a `why`. */
  exportedAs: string | null;
  onDelete: OnDelete;
  /** Why, for a table whose rows are not all deleted. */
  why?: string;
}

export const PERSONAL_DATA = {
  users: {
    exportedAs: "account",
    onDelete: "kept-anonymised",
    why: "The row stays so that kept records point at someone: name 'Deleted student', an unusable address, no password, no Google link.",
  },
  sessions: { exportedAs: "devices", onDelete: "deleted" },
  products: {
    exportedAs: "marketplace.selling, marketplace.bought",
    onDelete: "kept-anonymised",
    why: "Products still on sale are deleted with their images; a product sold to or bought from another student is their purchase or sale record and stays, with the seller's name and WhatsApp number (or the buyer's name) anonymised.",
  },
  sale_notifications: {
    exportedAs: "marketplace.saleNotifications",
    onDelete: "kept-anonymised",
    why: "The student's own notices are deleted; a notice another seller holds about the student's purchase stays with the buyer's name anonymised.",
  },
  study_requests: { exportedAs: "studySwap.requests", onDelete: "deleted" },
  writers: { exportedAs: "studySwap.writerProfile", onDelete: "deleted" },
  google_handoffs: { exportedAs: "classroom.pendingGoogleCodes", onDelete: "deleted" },
  google_connections: { exportedAs: "classroom", onDelete: "deleted" },
  classroom_reminders: { exportedAs: "classroom.remindersSent", onDelete: "deleted" },
  hostel_residents: { exportedAs: "hostel.residence", onDelete: "deleted" },
  block_moves: {
    exportedAs: "hostel.blockMoves",
    onDelete: "deleted",
    why: "The student's own requests to move block go with the account; a move they decided as a warden stays the other student's, with decided_by emptied (the decision stays in the audit log by id).",
  },
  hostel_complaints: {
    exportedAs: "hostel.complaints",
    onDelete: "kept-anonymised",
    why: "A complaint another student said 'me too' to is theirs too and stays, signed 'Deleted'; every other complaint of the student is deleted with its photo.",
  },
  hostel_complaint_me_too: {
    exportedAs: "hostel.meToos",
    onDelete: "kept-anonymised",
    why: "A 'me too' on another student's complaint counts towards it; the count stays, the person is anonymised.",
  },
  mess_ratings: { exportedAs: "hostel.messRatings", onDelete: "deleted" },
  roommate_listings: { exportedAs: "hostel.roommateListing", onDelete: "deleted" },
  laundry_bookings: { exportedAs: "hostel.laundryBookings", onDelete: "deleted" },
  login_throttle: { exportedAs: "signInThrottle", onDelete: "deleted" },
  email_codes: { exportedAs: "codes", onDelete: "deleted" },
  dev_outbox: {
    exportedAs: null,
    onDelete: "deleted",
    why: "Copies of mail kept only by a development Worker (DEV_OUTBOX=1; empty in a deploy). Never exported: the mails carry codes.",
  },
  staff_roles: {
    exportedAs: "staff.roles",
    onDelete: "deleted",
    why: "The student's own roles end with the account. A role they granted to someone else stays (it is that person's), with granted_by emptied; who granted it stays in the audit log by id.",
  },
  staff_audit_log: {
    exportedAs: "staff.auditLog",
    onDelete: "kept-anonymised",
    why: "The audit log is append-only and must outlive the people in it: a line holds ids only (the actor's and the student's, which then point at the anonymised 'Deleted student' row) and the staff member's note, never a name or an address.",
  },
  notices: {
    exportedAs: "notices",
    onDelete: "kept-anonymised",
    why: "The student's own notices are deleted; a reservation notice another seller holds names the student as its buyer and stays, the name replaced by 'Deleted student'.",
  },
  saved_products: { exportedAs: "marketplace.saved", onDelete: "deleted" },
  calendar_feeds: { exportedAs: "calendarFeed", onDelete: "deleted" },
  push_subscriptions: { exportedAs: "notifications.devices", onDelete: "deleted" },
  notification_settings: { exportedAs: "notifications.settings", onDelete: "deleted" },
  wanted_posts: { exportedAs: "marketplace.wanted", onDelete: "deleted" },
  reservation_log: { exportedAs: "marketplace.reservationsMade", onDelete: "deleted" },
  trade_ratings: {
    exportedAs: "marketplace.ratings",
    onDelete: "kept-anonymised",
    why: "A rating is the other student's record of a trade and counts in their average: it stays, its rater or ratee pointing at the anonymised account.",
  },
  content_reports: {
    exportedAs: "reportsMade",
    onDelete: "deleted",
    why: "The student's reports go with the account; a moderator's decision on the content stays in the audit log by ids.",
  },
} as const satisfies Record<string, PersonalData>;
