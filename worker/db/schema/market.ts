import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, unique, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

// The marketplace (migrations/0002_market.sql and later): listings, ratings, sale notices, saved
// listings, wanted posts and the reservation log.

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
    /**
     * migrations/0041_reservation_price.sql: the price of the reservation or sale `saleId` (an
     * accepted offer's, or the listing's at Buy): what its buyer pays. NULL while on sale;
     * `pricePaise` is always the seller's own price.
     */
    salePricePaise: integer("sale_price_paise"),
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
