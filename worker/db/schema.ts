import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

// The one schema. It mirrors migrations/*.sql, which are the only way the database changes.

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    passwordHash: text("password_hash"),
    googleSub: text("google_sub").unique(),
    createdAt: integer("created_at").notNull(),
    /** NULL until the address is proven to be the holder's (an e-mailed code, or a Google sign-in Google vouches for). */
    emailVerifiedAt: integer("email_verified_at"),
    /** migrations/0010_campuses.sql: the campus of the address's domain, or "open". */
    campusId: text("campus_id").notNull().default("open"),
    /** migrations/0014_account_deletion.sql: set when the student deleted the account (the row stays, anonymised). */
    deletedAt: integer("deleted_at"),
    /** migrations/0017_moderation.sql: suspended by a moderator until then (reads, but does not post, buy or book), and why. */
    suspendedUntil: integer("suspended_until"),
    suspensionReason: text("suspension_reason"),
    /** migrations/0028_claims_and_devices.sql: the address was claimed from an earlier holder; the screens ask to confirm the name. */
    confirmName: integer("confirm_name", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    index("users_campus").on(t.campusId),
    index("users_suspended")
      .on(t.campusId, t.suspendedUntil)
      .where(sql`suspended_until IS NOT NULL`),
  ],
);

// Campuses (migrations/0010_campuses.sql).

export const campuses = sqliteTable("campuses", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  shortName: text("short_name").notNull(),
  city: text("city").notNull().default(""),
  /** 1 for the Open community (no domain, no verification). */
  isOpen: integer("is_open", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at").notNull(),
});

export const campusDomains = sqliteTable(
  "campus_domains",
  {
    domain: text("domain").primaryKey(),
    campusId: text("campus_id")
      .notNull()
      .references(() => campuses.id, { onDelete: "cascade" }),
  },
  (t) => [index("campus_domains_campus").on(t.campusId)],
);

export type Campus = typeof campuses.$inferSelect;

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    /** A short label from the User-Agent, e.g. "Chrome on Android". */
    device: text("device").notNull().default("Unknown device"),
    /** Written at most every SESSION_TOUCH_MS (worker/services/auth.ts). */
    lastSeenAt: integer("last_seen_at").notNull().default(0),
  },
  (t) => [index("sessions_user_id").on(t.userId), index("sessions_expires_at").on(t.expiresAt)],
);

export type User = typeof users.$inferSelect;

// Marketplace (migrations/0002_market.sql).

/** One photo of a listing as stored in products.photos (migrations/0021_photos_expiry.sql). */
export interface StoredPhoto {
  key: string;
  type: string;
  w: number;
  h: number;
  /** The R2 key of its ~400 px version; null when none was sent. */
  thumb: string | null;
}

export const products = sqliteTable(
  "products",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    pricePaise: integer("price_paise").notNull(),
    sellerName: text("seller_name").notNull(),
    whatsappNumber: text("whatsapp_number").notNull(),
    imageKey: text("image_key").notNull(),
    imageType: text("image_type").notNull(),
    status: text("status", { enum: ["available", "sold"] })
      .notNull()
      .default("available"),
    buyerId: text("buyer_id").references(() => users.id, { onDelete: "set null" }),
    buyerName: text("buyer_name"),
    saleId: text("sale_id").unique(),
    purchasedAt: integer("purchased_at"),
    /** The form submission that created it (migrations/0009_idempotency.sql). */
    submissionKey: text("submission_key"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** The seller's campus (migrations/0012_campus_market.sql), set on insert from the seller's users.campus_id. */
    campusId: text("campus_id").notNull().default("open"),
    // migrations/0017_moderation.sql: hidden by reports or a moderator, the reason its owner sees, the last moderation write.
    hiddenAt: integer("hidden_at"),
    hiddenReason: text("hidden_reason"),
    moderationId: text("moderation_id"),
    /** migrations/0019_reservations.sql: when the seller confirmed the handover; NULL on a 'sold' product: reserved, waiting for it. */
    handedOverAt: integer("handed_over_at"),
    /** migrations/0020_categories.sql: what it is and its state (common/market.ts lists them). */
    category: text("category", { enum: ["books", "notes", "electronics", "lab", "hostel", "cycles", "other"] })
      .notNull()
      .default("other"),
    condition: text("condition", { enum: ["new", "like_new", "used"] })
      .notNull()
      .default("used"),
    /** migrations/0021_photos_expiry.sql: every photo in the seller's order (JSON; '[]': image_key alone, from before). */
    photos: text("photos", { mode: "json" }).$type<StoredPhoto[]>().notNull().default([]),
    /**
     * migrations/0021_photos_expiry.sql: the listing leaves Browse at this time (60 days after posting or renewing).
     * The DEFAULT 0 is there only because SQLite adds a NOT NULL column with a default; 0 is "expired
     * already", so every insert sets it (createProduct in worker/services/products.ts).
     */
    expiresAt: integer("expires_at").notNull().default(0),
  },
  (t) => [
    uniqueIndex("products_submission").on(t.sellerId, t.submissionKey),
    index("products_campus_available").on(t.campusId, t.status, t.createdAt),
    index("products_seller").on(t.sellerId, t.createdAt),
    index("products_buyer").on(t.buyerId, t.purchasedAt),
    index("products_open_reservations")
      .on(t.buyerId)
      .where(sql`status = 'sold' AND handed_over_at IS NULL`),
    index("products_reservations_due")
      .on(t.purchasedAt)
      .where(sql`status = 'sold' AND handed_over_at IS NULL`),
    index("products_seller_sales")
      .on(t.sellerId)
      .where(sql`status = 'sold' AND handed_over_at IS NOT NULL`),
    index("products_campus_category").on(t.campusId, t.status, t.category, t.createdAt),
    index("products_expiring")
      .on(t.expiresAt)
      .where(sql`status = 'available'`),
  ],
);

// After a handover, buyer and seller rate each other once (migrations/0019_reservations.sql).
export const tradeRatings = sqliteTable(
  "trade_ratings",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    raterId: text("rater_id")
      .notNull()
      .references(() => users.id),
    rateeId: text("ratee_id")
      .notNull()
      .references(() => users.id),
    /** The rater's side of the trade. */
    role: text("role", { enum: ["buyer", "seller"] }).notNull(),
    stars: integer("stars").notNull(),
    note: text("note"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    unique("trade_ratings_once").on(t.productId, t.raterId),
    index("trade_ratings_ratee").on(t.rateeId, t.role),
    index("trade_ratings_rater").on(t.raterId, t.createdAt),
  ],
);

export const saleNotifications = sqliteTable(
  "sale_notifications",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    productTitle: text("product_title").notNull(),
    buyerName: text("buyer_name").notNull(),
    pricePaise: integer("price_paise").notNull(),
    createdAt: integer("created_at").notNull(),
    readAt: integer("read_at"),
    /** migrations/0032: the sale (reservation) this notice was written for; NULL for notices from before it that could not be matched. */
    saleId: text("sale_id"),
    /** migrations/0032: the buyer, so that their name goes with their account. */
    buyerId: text("buyer_id"),
  },
  (t) => [
    index("sale_notifications_seller").on(t.sellerId, t.createdAt),
    index("sale_notifications_product").on(t.productId),
    index("sale_notifications_buyer")
      .on(t.buyerId)
      .where(sql`buyer_id IS NOT NULL`),
  ],
);

export type Product = typeof products.$inferSelect;
// Study Swap (migrations/0003_studyswap.sql).

export const studyRequests = sqliteTable(
  "study_requests",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    subject: text("subject").notNull(),
    requirements: text("requirements").notNull(),
    deadline: text("deadline"),
    budget: text("budget"),
    budgetValue: real("budget_value"),
    pages: integer("pages"),
    contact: text("contact").notNull(),
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    attachmentKey: text("attachment_key"),
    attachmentName: text("attachment_name"),
    attachmentType: text("attachment_type"),
    attachmentSize: integer("attachment_size"),
    submissionKey: text("submission_key"),
    createdAt: integer("created_at").notNull(),
    closedAt: integer("closed_at"),
    /** The poster's campus (migrations/0012_campus_market.sql). */
    campusId: text("campus_id").notNull().default("open"),
    // migrations/0017_moderation.sql: hidden by reports or a moderator, the reason its owner sees, the last moderation write.
    hiddenAt: integer("hidden_at"),
    hiddenReason: text("hidden_reason"),
    moderationId: text("moderation_id"),
  },
  (t) => [
    index("study_requests_campus_status_created").on(t.campusId, t.status, t.createdAt),
    index("study_requests_owner").on(t.ownerId, t.createdAt),
    uniqueIndex("study_requests_submission").on(t.ownerId, t.submissionKey),
  ],
);

export const writers = sqliteTable(
  "writers",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    expertise: text("expertise").notNull(),
    ratePaise: integer("rate_paise"),
    contact: text("contact").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** The writer's campus (migrations/0012_campus_market.sql). */
    campusId: text("campus_id").notNull().default("open"),
  },
  (t) => [index("writers_campus_updated").on(t.campusId, t.updatedAt), index("writers_updated").on(t.updatedAt)],
);

// Google sign-in and Classroom (migrations/0004_google.sql).

export const googleHandoffs = sqliteTable(
  "google_handoffs",
  {
    codeHash: text("code_hash").primaryKey(),
    purpose: text("purpose", { enum: ["auth", "classroom"] }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    payload: text("payload"),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("google_handoffs_expires_at").on(t.expiresAt), index("google_handoffs_user").on(t.userId)],
);

export const googleConnections = sqliteTable(
  "google_connections",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    googleEmail: text("google_email").notNull(),
    tokens: text("tokens").notNull(),
    remindersEnabled: integer("reminders_enabled", { mode: "boolean" }).notNull().default(true),
    lastCheckedAt: integer("last_checked_at"),
    lastError: text("last_error"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("google_connections_enabled").on(t.remindersEnabled)],
);

export const classroomReminders = sqliteTable(
  "classroom_reminders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: text("course_id").notNull(),
    courseWorkId: text("course_work_id").notNull(),
    kind: text("kind", { enum: ["due_24h", "due_today"] }).notNull(),
    courseName: text("course_name").notNull(),
    title: text("title").notNull(),
    dueAt: integer("due_at").notNull(),
    link: text("link"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    unique("classroom_reminders_once").on(t.userId, t.courseWorkId, t.kind),
    index("classroom_reminders_user_created").on(t.userId, t.createdAt),
  ],
);

// Hostel services (migrations/0005_hostel.sql).

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
    // A student holds at most one live booking per slot.
    uniqueIndex("laundry_bookings_one_per_slot")
      .on(t.userId, t.date, t.slotId)
      .where(sql`status <> 'cancelled'`),
  ],
);

// Failed password sign-ins per e-mail across addresses (migrations/0007, docs/decisions/0008).
export const loginThrottle = sqliteTable(
  "login_throttle",
  {
    email: text("email").primaryKey(),
    failures: integer("failures").notNull(),
    windowStartedAt: integer("window_started_at").notNull(),
    lockedUntil: integer("locked_until").notNull().default(0),
  },
  (t) => [index("login_throttle_window").on(t.windowStartedAt)],
);

// E-mailed codes and the development outbox (migrations/0011_email_codes.sql).

export type CodePurpose = "verify" | "reset" | "delete";

export const emailCodes = sqliteTable(
  "email_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<CodePurpose>().notNull(),
    /** HMAC-SHA256 of purpose, account and code (worker/services/email-codes.ts); never the code. */
    codeHash: text("code_hash").notNull(),
    expiresAt: integer("expires_at").notNull(),
    tries: integer("tries").notNull().default(0),
    sentAt: integer("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.purpose] }), index("email_codes_expires").on(t.expiresAt)],
);

export const devOutbox = sqliteTable(
  "dev_outbox",
  {
    id: text("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    /** migrations/0025_digest.sql: the HTML part, when the mail has one. */
    html: text("html"),
    sentAt: integer("sent_at").notNull(),
  },
  (t) => [index("dev_outbox_to").on(t.toAddress, t.sentAt)],
);

// Staff roles, the audit log and notices (migrations/0015_staff.sql, docs/decisions/0080-staff-roles.md).

export const STAFF_ROLES = ["warden", "mess", "laundry", "moderator", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffRoles = sqliteTable(
  "staff_roles",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    campusId: text("campus_id")
      .notNull()
      .references(() => campuses.id),
    role: text("role", { enum: STAFF_ROLES }).notNull(),
    blockId: text("block_id").references(() => hostelBlocks.id),
    grantedBy: text("granted_by").references(() => users.id),
    grantedAt: integer("granted_at").notNull(),
  },
  (t) => [
    uniqueIndex("staff_roles_one").on(t.userId, t.role, sql`COALESCE(${t.blockId}, '')`),
    index("staff_roles_campus").on(t.campusId, t.role),
    index("staff_roles_granted_by")
      .on(t.grantedBy)
      .where(sql`granted_by IS NOT NULL`),
    check("staff_roles_block", sql`(${t.role} = 'warden') = (${t.blockId} IS NOT NULL)`),
  ],
);

/** Append-only: triggers in the migration refuse UPDATE and DELETE. */
export const staffAuditLog = sqliteTable(
  "staff_audit_log",
  {
    id: text("id").primaryKey(),
    campusId: text("campus_id")
      .notNull()
      .references(() => campuses.id),
    actorId: text("actor_id").references(() => users.id),
    action: text("action").notNull(),
    subjectKind: text("subject_kind").notNull(),
    subjectId: text("subject_id").notNull(),
    studentId: text("student_id").references(() => users.id),
    note: text("note"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("staff_audit_log_campus").on(t.campusId, t.createdAt),
    index("staff_audit_log_subject").on(t.subjectKind, t.subjectId),
    index("staff_audit_log_actor").on(t.actorId, t.createdAt),
    index("staff_audit_log_student")
      .on(t.studentId, t.createdAt)
      .where(sql`student_id IS NOT NULL`),
  ],
);

export const notices = sqliteTable(
  "notices",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    link: text("link"),
    createdAt: integer("created_at").notNull(),
    readAt: integer("read_at"),
    /** migrations/0024_push.sql: when it went to the push queue; NULL: not yet. */
    queuedAt: integer("queued_at"),
    /** migrations/0032: the student the notice names (a reservation's buyer), whose name goes with their account. */
    aboutUserId: text("about_user_id"),
  },
  (t) => [
    index("notices_user").on(t.userId, t.createdAt),
    index("notices_unread")
      .on(t.userId)
      .where(sql`read_at IS NULL`),
    index("notices_unqueued")
      .on(t.createdAt)
      .where(sql`queued_at IS NULL`),
    index("notices_about_user")
      .on(t.aboutUserId)
      .where(sql`about_user_id IS NOT NULL`),
  ],
);

// Reports and moderation (migrations/0017_moderation.sql).

export const contentReports = sqliteTable(
  "content_reports",
  {
    id: text("id").primaryKey(),
    campusId: text("campus_id")
      .notNull()
      .references(() => campuses.id),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["listing", "request", "roommate", "complaint"] }).notNull(),
    subjectId: text("subject_id").notNull(),
    reason: text("reason", {
      enum: ["scam", "offensive", "wrong_category", "personal_information", "graded_work", "other"],
    }).notNull(),
    note: text("note"),
    createdAt: integer("created_at").notNull(),
    resolvedAt: integer("resolved_at"),
  },
  (t) => [
    uniqueIndex("content_reports_once").on(t.reporterId, t.kind, t.subjectId),
    index("content_reports_subject").on(t.kind, t.subjectId, t.resolvedAt),
    index("content_reports_queue").on(t.campusId, t.resolvedAt, t.createdAt),
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
    index("block_moves_user").on(t.userId, t.createdAt),
    index("block_moves_decided_by")
      .on(t.decidedBy)
      .where(sql`decided_by IS NOT NULL`),
  ],
);

// Saved listings and wanted posts (migrations/0022_saved_wanted.sql, docs/decisions/0088-saved-and-wanted.md).
export const savedProducts = sqliteTable(
  "saved_products",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index("saved_products_user").on(t.userId, t.createdAt),
    index("saved_products_product").on(t.productId),
  ],
);

export const wantedPosts = sqliteTable(
  "wanted_posts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    campusId: text("campus_id").notNull(),
    words: text("words").notNull(),
    terms: text("terms", { mode: "json" }).$type<string[]>().notNull(),
    category: text("category", { enum: ["books", "notes", "electronics", "lab", "hostel", "cycles", "other"] }),
    maxPricePaise: integer("max_price_paise"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [
    index("wanted_posts_campus").on(t.campusId, t.expiresAt),
    index("wanted_posts_user").on(t.userId, t.expiresAt),
  ],
);

// Every reservation a buyer made, whatever became of it (migrations/0030_reservation_log.sql): the
// 24-hour purchase limit counts these. The id is the reservation's sale id.
export const reservationLog = sqliteTable(
  "reservation_log",
  {
    id: text("id").primaryKey(),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("reservation_log_buyer").on(t.buyerId, t.createdAt)],
);

// A student's private calendar feed (migrations/0023_calendar_feeds.sql, docs/decisions/0090-calendar-feed.md).
export const calendarFeeds = sqliteTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretHash: text("secret_hash").notNull().unique(),
  createdAt: integer("created_at").notNull(),
});

// Web Push (migrations/0024_push.sql, docs/decisions/0091-web-push.md).
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: integer("created_at").notNull(),
    lastSentAt: integer("last_sent_at"),
    /** migrations/0028_claims_and_devices.sql: the session that subscribed this device (NULL: before that migration). */
    sessionId: text("session_id"),
  },
  (t) => [
    index("push_subscriptions_user").on(t.userId, t.createdAt),
    // migrations/0031_push_device_sessions.sql: signing a device out finds its subscriptions.
    index("push_subscriptions_session")
      .on(t.sessionId)
      .where(sql`session_id IS NOT NULL`),
  ],
);

export const notificationSettings = sqliteTable(
  "notification_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    muted: text("muted", { mode: "json" }).$type<string[]>().notNull().default([]),
    quietFrom: integer("quiet_from"),
    quietTo: integer("quiet_to"),
    updatedAt: integer("updated_at").notNull(),
    /** migrations/0025_digest.sql: the daily e-mail digest on, and the India-time day of the last one. */
    digest: integer("digest", { mode: "boolean" }).notNull().default(false),
    digestSentOn: text("digest_sent_on"),
  },
  // The cron's students with the digest on, by the day of their last one.
  (t) => [
    index("notification_settings_digest")
      .on(t.digestSentOn)
      .where(sql`digest = 1`),
  ],
);
