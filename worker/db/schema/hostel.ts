import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";
import { campuses } from "./campuses.ts";

// Hostel services (migrations/0005_hostel.sql, 0013_campus_hostel.sql): blocks and residents,
// complaints, the mess, roommates, laundry and block moves.

export const hostelBlocks = sqliteTable(
  "hostel_blocks",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    // migrations/0013_campus_hostel.sql: the campus the block belongs to.
    campusId: text("campus_id").notNull().default("cit"),
  },
  (t) => [index("hostel_blocks_campus").on(t.campusId, t.position)],
);

export const hostelResidents = sqliteTable(
  "hostel_residents",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    blockId: text("block_id")
      .notNull()
      .references(() => hostelBlocks.id),
    room: text("room").notNull(),
    updatedAt: integer("updated_at").notNull(),
    // migrations/0008_hostel_fairness.sql: when they joined this block, and last moved between blocks.
    joinedAt: integer("joined_at").notNull().default(0),
    blockChangedAt: integer("block_changed_at"),
  },
  (t) => [index("hostel_residents_block_joined").on(t.blockId, t.joinedAt)],
);

export const hostelComplaints = sqliteTable(
  "hostel_complaints",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockId: text("block_id")
      .notNull()
      .references(() => hostelBlocks.id),
    room: text("room").notNull(),
    category: text("category", {
      enum: ["electrical", "plumbing", "cleaning", "internet", "furniture", "mess", "other"],
    }).notNull(),
    description: text("description").notNull(),
    photoKey: text("photo_key"),
    photoType: text("photo_type"),
    status: text("status", { enum: ["open", "in_progress", "resolved", "withdrawn"] })
      .notNull()
      .default("open"),
    submissionKey: text("submission_key"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    resolvedAt: integer("resolved_at"),
    // migrations/0015_staff.sql: the staff note of the last status change, and its audit line.
    statusNote: text("status_note"),
    statusAuditId: text("status_audit_id"),
    // migrations/0017_moderation.sql: hidden by reports or a moderator, the reason its owner sees, the last moderation write.
    hiddenAt: integer("hidden_at"),
    hiddenReason: text("hidden_reason"),
    moderationId: text("moderation_id"),
  },
  (t) => [
    index("hostel_complaints_block").on(t.blockId, t.status),
    index("hostel_complaints_user").on(t.userId, t.createdAt),
    uniqueIndex("hostel_complaints_submission").on(t.userId, t.submissionKey),
  ],
);

export const hostelComplaintMeToo = sqliteTable(
  "hostel_complaint_me_too",
  {
    complaintId: text("complaint_id")
      .notNull()
      .references(() => hostelComplaints.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.complaintId, t.userId] }),
    index("hostel_complaint_me_too_user").on(t.userId, t.createdAt),
  ],
);

export const messMeals = sqliteTable(
  "mess_meals",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    startsAtMin: integer("starts_at_min").notNull(),
    endsAtMin: integer("ends_at_min").notNull(),
    position: integer("position").notNull(),
    // migrations/0013_campus_hostel.sql: the campus whose mess serves it.
    campusId: text("campus_id").notNull().default("cit"),
  },
  (t) => [index("mess_meals_campus").on(t.campusId, t.position)],
);

export const messMenu = sqliteTable(
  "mess_menu",
  {
    day: integer("day").notNull(),
    mealId: text("meal_id")
      .notNull()
      .references(() => messMeals.id),
    items: text("items").notNull(),
    // migrations/0016_laundry_mess_staff.sql: when the mess last changed it (NULL: as migrated).
    updatedAt: integer("updated_at"),
  },
  (t) => [primaryKey({ columns: [t.day, t.mealId] }), index("mess_menu_meal").on(t.mealId, t.day)],
);

export const messRatings = sqliteTable(
  "mess_ratings",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    mealId: text("meal_id")
      .notNull()
      .references(() => messMeals.id),
    stars: integer("stars").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.date, t.mealId] }),
    index("mess_ratings_date").on(t.date, t.mealId),
    // migrations/0034_campus_setup.sql: has anyone rated this meal (before the admin removes it).
    index("mess_ratings_meal").on(t.mealId),
  ],
);

export const roommateListings = sqliteTable(
  "roommate_listings",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    about: text("about").notNull(),
    preferredBlock: text("preferred_block").references(() => hostelBlocks.id),
    roomType: text("room_type", { enum: ["single", "double", "triple", "any"] }).notNull(),
    budgetPaise: integer("budget_paise").notNull(),
    sleepSchedule: text("sleep_schedule", { enum: ["early_bird", "night_owl", "flexible"] }).notNull(),
    studyHabits: text("study_habits", { enum: ["silent", "some_noise", "group", "flexible"] }).notNull(),
    cleanliness: text("cleanliness", { enum: ["very_tidy", "tidy", "relaxed"] }).notNull(),
    whatsapp: text("whatsapp"),
    email: text("email"),
    submissionKey: text("submission_key"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    // migrations/0013_campus_hostel.sql: the poster's campus.
    campusId: text("campus_id").notNull().default("open"),
    // migrations/0017_moderation.sql: hidden by reports or a moderator, the reason its owner sees, the last moderation write.
    hiddenAt: integer("hidden_at"),
    hiddenReason: text("hidden_reason"),
    moderationId: text("moderation_id"),
  },
  (t) => [
    index("roommate_listings_updated").on(t.updatedAt),
    index("roommate_listings_campus").on(t.campusId, t.updatedAt),
    // migrations/0034_campus_setup.sql: a block's listings, when the admin adds or removes a block.
    index("roommate_listings_preferred_block").on(t.preferredBlock),
  ],
);

export const laundrySlots = sqliteTable(
  "laundry_slots",
  {
    id: text("id").primaryKey(),
    startsAtMin: integer("starts_at_min").notNull(),
    endsAtMin: integer("ends_at_min").notNull(),
    capacity: integer("capacity").notNull(),
    position: integer("position").notNull(),
    // migrations/0013_campus_hostel.sql: the campus whose laundry runs it.
    campusId: text("campus_id").notNull().default("cit"),
  },
  (t) => [index("laundry_slots_campus").on(t.campusId, t.position)],
);

export const laundryBookings = sqliteTable(
  "laundry_bookings",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    slotId: text("slot_id")
      .notNull()
      .references(() => laundrySlots.id),
    date: text("date").notNull(),
    startsAt: integer("starts_at").notNull(),
    clothes: integer("clothes").notNull(),
    service: text("service", { enum: ["wash", "iron", "dry_clean"] }).notNull(),
    // migrations/0016_laundry_mess_staff.sql: the laundry staff's steps (and the audit line of the last).
    status: text("status", { enum: ["booked", "picked_up", "washing", "ready", "collected", "cancelled"] })
      .notNull()
      .default("booked"),
    createdAt: integer("created_at").notNull(),
    cancelledAt: integer("cancelled_at"),
    statusAt: integer("status_at"),
    statusAuditId: text("status_audit_id"),
  },
  (t) => [
    index("laundry_bookings_slot").on(t.date, t.slotId, t.status),
    index("laundry_bookings_user").on(t.userId, t.startsAt),
    // migrations/0034_campus_setup.sql: a slot's bookings (before the admin removes it).
    index("laundry_bookings_slot_date").on(t.slotId, t.date),
    // A student holds at most one live booking per slot.
    uniqueIndex("laundry_bookings_one_per_slot")
      .on(t.userId, t.date, t.slotId)
      .where(sql`status <> 'cancelled'`),
  ],
);

// A student's pending or decided move to another hostel block (migrations/0018_block_moves.sql).
export const blockMoves = sqliteTable(
  "block_moves",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    campusId: text("campus_id")
      .notNull()
      .references(() => campuses.id),
    fromBlockId: text("from_block_id")
      .notNull()
      .references(() => hostelBlocks.id),
    toBlockId: text("to_block_id")
      .notNull()
      .references(() => hostelBlocks.id),
    room: text("room").notNull(),
    status: text("status", { enum: ["pending", "approved", "declined", "cancelled"] })
      .notNull()
      .default("pending"),
    createdAt: integer("created_at").notNull(),
    decidedAt: integer("decided_at"),
    decidedBy: text("decided_by").references(() => users.id),
    note: text("note"),
    auditId: text("audit_id"),
  },
  (t) => [
    uniqueIndex("block_moves_one_pending")
      .on(t.userId)
      .where(sql`status = 'pending'`),
    index("block_moves_to_block").on(t.toBlockId, t.status, t.createdAt),
    // migrations/0034_campus_setup.sql: moves out of a block (before the admin removes it).
    index("block_moves_from_block").on(t.fromBlockId),
    index("block_moves_user").on(t.userId, t.createdAt),
    index("block_moves_decided_by")
      .on(t.decidedBy)
      .where(sql`decided_by IS NOT NULL`),
  ],
);
