import { sql } from "drizzle-orm";
import { MESSAGE_KINDS, REPORT_REASON_IDS } from "#common/conversations.ts";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { campuses } from "./campuses.ts";
import { products } from "./market.ts";
import { users } from "./users.ts";

// Trade that talks (migrations/0039_conversations.sql, docs/decisions/0113-conversations.md):
// conversations between a listing's seller and a buyer, their messages and offers, blocks, reports,
// and the campus's safe meet-up places.

export const meetupPlaces = sqliteTable(
  "meetup_places",
  {
    id: text("id").primaryKey(),
    campusId: text("campus_id")
      .notNull()
      .references(() => campuses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    note: text("note"),
    createdAt: integer("created_at").notNull(),
    retiredAt: integer("retired_at"),
  },
  (t) => [index("meetup_places_campus").on(t.campusId, t.retiredAt, t.name)],
);

export const conversations = sqliteTable(
  "conversations",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    campusId: text("campus_id")
      .notNull()
      .references(() => campuses.id),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    lastMessageAt: integer("last_message_at").notNull(),
    lastMessageId: text("last_message_id"),
    lastSeq: integer("last_seq").notNull().default(0),
    buyerReadSeq: integer("buyer_read_seq").notNull().default(0),
    sellerReadSeq: integer("seller_read_seq").notNull().default(0),
    meetPlaceId: text("meet_place_id").references(() => meetupPlaces.id, { onDelete: "set null" }),
    meetAt: integer("meet_at"),
    meetProposedBy: text("meet_proposed_by").references(() => users.id, { onDelete: "set null" }),
    meetAgreedAt: integer("meet_agreed_at"),
  },
  (t) => [
    uniqueIndex("conversations_once").on(t.productId, t.buyerId),
    index("conversations_buyer").on(t.buyerId, t.lastMessageAt),
    index("conversations_seller").on(t.sellerId, t.lastMessageAt),
    uniqueIndex("conversations_last_message").on(t.lastMessageId),
    index("conversations_meet_proposed_by").on(t.meetProposedBy),
    index("conversations_meet_place").on(t.meetPlaceId),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: MESSAGE_KINDS }).notNull(),
    body: text("body").notNull(),
    pricePaise: integer("price_paise"),
    flagged: integer("flagged", { mode: "boolean" }).notNull().default(false),
    clientKey: text("client_key"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("messages_order").on(t.conversationId, t.seq),
    uniqueIndex("messages_client_key")
      .on(t.conversationId, t.senderId, t.clientKey)
      .where(sql`client_key IS NOT NULL`),
    index("messages_sender")
      .on(t.senderId)
      .where(sql`sender_id IS NOT NULL`),
  ],
);

export const offers = sqliteTable(
  "offers",
  {
    id: text("id").primaryKey(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    pricePaise: integer("price_paise").notNull(),
    status: text("status", { enum: ["waiting", "accepted", "declined", "withdrawn", "lapsed"] })
      .notNull()
      .default("waiting"),
    createdAt: integer("created_at").notNull(),
    decidedAt: integer("decided_at"),
    saleId: text("sale_id"),
  },
  (t) => [
    uniqueIndex("offers_one_waiting")
      .on(t.conversationId)
      .where(sql`status = 'waiting'`),
    index("offers_conversation").on(t.conversationId),
    index("offers_product").on(t.productId, t.status),
    index("offers_buyer").on(t.buyerId),
  ],
);

export const memberBlocks = sqliteTable(
  "member_blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("member_blocks_blocked").on(t.blockedId)],
);

export const conversationReports = sqliteTable(
  "conversation_reports",
  {
    id: text("id").primaryKey(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    campusId: text("campus_id")
      .notNull()
      .references(() => campuses.id),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: REPORT_REASON_IDS }).notNull(),
    note: text("note"),
    createdAt: integer("created_at").notNull(),
    resolvedAt: integer("resolved_at"),
  },
  (t) => [
    uniqueIndex("conversation_reports_once").on(t.reporterId, t.conversationId),
    index("conversation_reports_conversation").on(t.conversationId),
    index("conversation_reports_queue").on(t.campusId, t.resolvedAt, t.createdAt),
  ],
);
