// Names shown for the stored values. Pure (no database, no zod): the browser imports it too.

export const COMPLAINT_CATEGORIES = [
  "electrical",
  "plumbing",
  "cleaning",
  "internet",
  "furniture",
  "mess",
  "other",
] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

export const categoryLabel: Record<ComplaintCategory, string> = {
  electrical: "Electrical",
  plumbing: "Plumbing",
  cleaning: "Cleaning",
  internet: "Internet",
  furniture: "Furniture",
  mess: "Mess",
  other: "Other",
};

export const complaintStatusLabel = {
  open: "Open",
  in_progress: "In progress",
  resolved: "Resolved",
  withdrawn: "Withdrawn",
} as const;

export const ROOM_TYPES = ["single", "double", "triple", "any"] as const;
export const SLEEP_SCHEDULES = ["early_bird", "night_owl", "flexible"] as const;
export const STUDY_HABITS = ["silent", "some_noise", "group", "flexible"] as const;
export const CLEANLINESS = ["very_tidy", "tidy", "relaxed"] as const;

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
export const LAUNDRY_SERVICES = ["wash", "iron", "dry_clean"] as const;
export const serviceLabel: Record<(typeof LAUNDRY_SERVICES)[number], string> = {
  wash: "Wash",
  iron: "Iron",
  dry_clean: "Dry clean",
};
export const bookingStatusLabel = {
  booked: "Booked",
  picked_up: "Picked up",
  washing: "Washing",
  ready: "Ready to collect",
  collected: "Collected",
  cancelled: "Cancelled",
} as const;

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
