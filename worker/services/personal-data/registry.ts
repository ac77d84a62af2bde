import { ACCOUNT_DATA } from "#server/services/personal-data/account.ts";
import { CLASSROOM_DATA } from "#server/services/personal-data/classroom.ts";
import { EVENTS_DATA } from "#server/services/personal-data/events.ts";
import { EXAMS_DATA } from "#server/services/personal-data/exams.ts";
import { GRADES_DATA } from "#server/services/personal-data/grades.ts";
import { HOSTEL_DATA } from "#server/services/personal-data/hostel.ts";
import { LIBRARY_DATA } from "#server/services/personal-data/library.ts";
import { LOST_FOUND_DATA } from "#server/services/personal-data/lost-found.ts";
import { MARKET_DATA } from "#server/services/personal-data/market.ts";
import { MESSAGES_DATA } from "#server/services/personal-data/messages.ts";
import { NOTIFICATION_DATA } from "#server/services/personal-data/notifications.ts";
import type { PersonalData } from "#server/services/personal-data/place.ts";
import { STAFF_DATA } from "#server/services/personal-data/staff.ts";
import { STUDYSWAP_DATA } from "#server/services/personal-data/studyswap.ts";
import { TIMETABLE_DATA } from "#server/services/personal-data/timetable.ts";

// Where Campus keeps data about a student, table by table, and what "download my data" and "delete my
// account" do with each (docs/decisions/0078-download-and-delete-my-account.md): every entry carries
// its export reads and its deletion statements, and ../account/export.ts and ../account/deletion.ts do
// nothing but run them (docs/decisions/0101-an-executable-personal-data-registry.md).
// test/account-data.test.ts reads the live schema and fails when a table that refers to a user (a
// foreign key to users, or an e-mail or address column) is missing here: a new table is placed here
// first, and then it is in the export and the deletion.
//
// The order is the export's: its JSON lists the sections as this list does (a read placed inside
// another's section, as "classroom.remindersSent" in "classroom", comes after it). Within each phase
// of the deletion the statements run in this order too; every one of them carries the same guard, so
// only the phases' order matters (place.ts).

export const PERSONAL_DATA = {
  users: ACCOUNT_DATA.users,
  sessions: ACCOUNT_DATA.sessions,
  products: MARKET_DATA.products,
  sale_notifications: MARKET_DATA.sale_notifications,
  trade_ratings: MARKET_DATA.trade_ratings,
  saved_products: MARKET_DATA.saved_products,
  wanted_posts: MARKET_DATA.wanted_posts,
  reservation_log: MARKET_DATA.reservation_log,
  conversations: MESSAGES_DATA.conversations,
  messages: MESSAGES_DATA.messages,
  offers: MESSAGES_DATA.offers,
  member_blocks: MESSAGES_DATA.member_blocks,
  conversation_reports: MESSAGES_DATA.conversation_reports,
  study_requests: STUDYSWAP_DATA.study_requests,
  writers: STUDYSWAP_DATA.writers,
  library_items: LIBRARY_DATA.library_items,
  library_votes: LIBRARY_DATA.library_votes,
  campuses: LIBRARY_DATA.campuses,
  lost_found_posts: LOST_FOUND_DATA.lost_found_posts,
  lost_found_claims: LOST_FOUND_DATA.lost_found_claims,
  hostel_residents: HOSTEL_DATA.hostel_residents,
  block_moves: HOSTEL_DATA.block_moves,
  hostel_complaints: HOSTEL_DATA.hostel_complaints,
  hostel_complaint_me_too: HOSTEL_DATA.hostel_complaint_me_too,
  mess_ratings: HOSTEL_DATA.mess_ratings,
  roommate_listings: HOSTEL_DATA.roommate_listings,
  laundry_bookings: HOSTEL_DATA.laundry_bookings,
  timetable_choices: TIMETABLE_DATA.timetable_choices,
  timetable_personal: TIMETABLE_DATA.timetable_personal,
  timetable_hidden: TIMETABLE_DATA.timetable_hidden,
  attendance_marks: TIMETABLE_DATA.attendance_marks,
  attendance_baselines: TIMETABLE_DATA.attendance_baselines,
  timetable_reps: TIMETABLE_DATA.timetable_reps,
  event_attendees: EVENTS_DATA.event_attendees,
  club_follows: EVENTS_DATA.club_follows,
  club_leads: EVENTS_DATA.club_leads,
  events: EVENTS_DATA.events,
  exam_subjects: EXAMS_DATA.exam_subjects,
  grade_entries: GRADES_DATA.grade_entries,
  google_connections: CLASSROOM_DATA.google_connections,
  classroom_reminders: CLASSROOM_DATA.classroom_reminders,
  google_handoffs: CLASSROOM_DATA.google_handoffs,
  calendar_feeds: NOTIFICATION_DATA.calendar_feeds,
  login_throttle: ACCOUNT_DATA.login_throttle,
  email_codes: ACCOUNT_DATA.email_codes,
  staff_roles: STAFF_DATA.staff_roles,
  staff_audit_log: STAFF_DATA.staff_audit_log,
  notices: NOTIFICATION_DATA.notices,
  push_subscriptions: NOTIFICATION_DATA.push_subscriptions,
  notification_settings: NOTIFICATION_DATA.notification_settings,
  content_reports: STAFF_DATA.content_reports,
  dev_outbox: ACCOUNT_DATA.dev_outbox,
} as const satisfies Record<string, PersonalData>;

/** Every placed table, in the registry's order. */
export const PLACED_TABLES: readonly PersonalData[] = Object.values(PERSONAL_DATA);
