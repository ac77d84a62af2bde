// Names shown for the stored values. Pure (no database, no zod): the browser imports it too. The
// lists of values are the migrations' CHECK lists (common/enums.generated.ts, decision 0122).
import {
  HOSTEL_COMPLAINTS_CATEGORY,
  HOSTEL_COMPLAINTS_STATUS,
  LAUNDRY_BOOKINGS_SERVICE,
  LAUNDRY_BOOKINGS_STATUS,
  ROOMMATE_LISTINGS_CLEANLINESS,
  ROOMMATE_LISTINGS_ROOM_TYPE,
  ROOMMATE_LISTINGS_SLEEP_SCHEDULE,
  ROOMMATE_LISTINGS_STUDY_HABITS,
} from "#common/enums.generated.ts";

export const COMPLAINT_CATEGORIES = HOSTEL_COMPLAINTS_CATEGORY;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];
export const COMPLAINT_STATUSES = HOSTEL_COMPLAINTS_STATUS;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export const categoryLabel: Record<ComplaintCategory, string> = {
  electrical: "Electrical",
  plumbing: "Plumbing",
  cleaning: "Cleaning",
  internet: "Internet",
  furniture: "Furniture",
  mess: "Mess",
  other: "Other",
};

export const complaintStatusLabel: Record<ComplaintStatus, string> = {
  open: "Open",
  in_progress: "In progress",
  resolved: "Resolved",
  withdrawn: "Withdrawn",
};

export const ROOM_TYPES = ROOMMATE_LISTINGS_ROOM_TYPE;
export const SLEEP_SCHEDULES = ROOMMATE_LISTINGS_SLEEP_SCHEDULE;
export const STUDY_HABITS = ROOMMATE_LISTINGS_STUDY_HABITS;
export const CLEANLINESS = ROOMMATE_LISTINGS_CLEANLINESS;

export const roomTypeLabel: Record<(typeof ROOM_TYPES)[number], string> = {
  single: "Single room",
  double: "Double sharing",
  triple: "Triple sharing",
  any: "Any room type",
};
export const sleepLabel: Record<(typeof SLEEP_SCHEDULES)[number], string> = {
  early_bird: "Early bird",
  night_owl: "Night owl",
  flexible: "Flexible sleeper",
};
export const studyLabel: Record<(typeof STUDY_HABITS)[number], string> = {
  silent: "Studies in silence",
  some_noise: "Fine with some noise",
  group: "Likes group study",
  flexible: "Flexible study habits",
};
export const cleanLabel: Record<(typeof CLEANLINESS)[number], string> = {
  very_tidy: "Very tidy",
  tidy: "Tidy",
  relaxed: "Relaxed about mess",
};

export const MAX_CLOTHES = 40; // per pickup
export const MAX_ACTIVE_BOOKINGS = 3; // upcoming pickups one student can hold at a time
export const LAUNDRY_SERVICES = LAUNDRY_BOOKINGS_SERVICE;
export const serviceLabel: Record<(typeof LAUNDRY_SERVICES)[number], string> = {
  wash: "Wash",
  iron: "Iron",
  dry_clean: "Dry clean",
};
export const BOOKING_STATUSES = LAUNDRY_BOOKINGS_STATUS;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const bookingStatusLabel: Record<BookingStatus, string> = {
  booked: "Booked",
  picked_up: "Picked up",
  washing: "Washing",
  ready: "Ready to collect",
  collected: "Collected",
  cancelled: "Cancelled",
};

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
