import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Accounts: users and their sessions, failed sign-ins, e-mailed codes and the development outbox.

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
    /** migrations/0039_conversations.sql: the seller's WhatsApp number, private unless shared in a conversation; NULL: none given. */
    whatsappNumber: text("whatsapp_number"),
  },
  (t) => [
    index("users_campus").on(t.campusId),
    index("users_suspended")
      .on(t.campusId, t.suspendedUntil)
      .where(sql`suspended_until IS NOT NULL`),
  ],
);

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

/** `email`: a change of e-mail address, proven by the code mailed to the new address (migrations/0043). */
export type CodePurpose = "verify" | "reset" | "delete" | "email";

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
    /** migrations/0043_email_change.sql: purpose `email`, the address the code was mailed to and proves; NULL otherwise. */
    newEmail: text("new_email"),
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
