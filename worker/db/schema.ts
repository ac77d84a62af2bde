import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

// The one schema. It mirrors migrations/*.sql, which are the only way the database changes.

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  passwordHash: text("password_hash"),
  googleSub: text("google_sub").unique(),
  createdAt: integer("created_at").notNull(),
});

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_user_id").on(t.userId)],
);

export type User = typeof users.$inferSelect;

// Hostel services (migrations/0005_hostel.sql).

export const hostelBlocks = sqliteTable("hostel_blocks", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  position: integer("position").notNull(),
});

export const hostelResidents = sqliteTable("hostel_residents", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  blockId: text("block_id")
    .notNull()
    .references(() => hostelBlocks.id),
  room: text("room").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

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
    category: text("category", { enum: ["electrical", "plumbing", "cleaning", "internet", "furniture", "mess", "other"] }).notNull(),
    description: text("description").notNull(),
    photoKey: text("photo_key"),
    photoType: text("photo_type"),
    status: text("status", { enum: ["open", "in_progress", "resolved", "withdrawn"] }).notNull().default("open"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    resolvedAt: integer("resolved_at"),
  },
  (t) => [index("hostel_complaints_block").on(t.blockId, t.status), index("hostel_complaints_user").on(t.userId, t.createdAt)],
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
  (t) => [primaryKey({ columns: [t.complaintId, t.userId] })],
);

export const messMeals = sqliteTable("mess_meals", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  startsAtMin: integer("starts_at_min").notNull(),
  endsAtMin: integer("ends_at_min").notNull(),
  position: integer("position").notNull(),
});

export const messMenu = sqliteTable(
  "mess_menu",
  {
    day: integer("day").notNull(),
    mealId: text("meal_id")
      .notNull()
      .references(() => messMeals.id),
    items: text("items").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.mealId] })],
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
  (t) => [primaryKey({ columns: [t.userId, t.date, t.mealId] }), index("mess_ratings_date").on(t.date, t.mealId)],
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
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("roommate_listings_updated").on(t.updatedAt)],
);

export const laundrySlots = sqliteTable("laundry_slots", {
  id: text("id").primaryKey(),
  startsAtMin: integer("starts_at_min").notNull(),
  endsAtMin: integer("ends_at_min").notNull(),
  capacity: integer("capacity").notNull(),
  position: integer("position").notNull(),
});

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
    status: text("status", { enum: ["booked", "picked_up", "delivered", "cancelled"] }).notNull().default("booked"),
    createdAt: integer("created_at").notNull(),
    cancelledAt: integer("cancelled_at"),
  },
  (t) => [index("laundry_bookings_slot").on(t.date, t.slotId, t.status), index("laundry_bookings_user").on(t.userId, t.startsAt)],
);
