import { z } from "zod";
import {
  CONVERSATION_MESSAGES as M,
  THREAD_PAGE,
  type ConversationSummary,
  type MessageView,
} from "#common/conversations.ts";
import type { StoredPhoto } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/errors.ts";
import { announce, liveSessions, liveSessionsSql } from "#server/services/conversations/room.ts";
import { firstName, type Member, MESSAGE_COLUMNS, type MessageRow } from "#server/services/conversations/send.ts";
import { imageUrl } from "#server/services/market/product-view.ts";

// Reading conversations (docs/decisions/0113-conversations.md): the inbox, and one thread with
// everything its screen shows, in one D1 batch that also marks it read.

/** The first photo's small version, from a product row's photo columns. */
function photoOf(imageKey: string, photos: string | null): string {
  const list = photos ? (JSON.parse(photos) as StoredPhoto[]) : [];
  return imageUrl(list[0]?.thumb ?? list[0]?.key ?? imageKey);
}

const INBOX_LIMIT = 100;

/**
 * SQL: the price a conversation (`c`) shows for its listing (`p`): the reservation's own price in the
 * conversation whose buyer holds it (what the two agreed), the listing's price in every other.
 */
const CONVERSATION_PRICE =
  "CASE WHEN p.buyer_id = c.buyer_id THEN COALESCE(p.sale_price_paise, p.price_paise) ELSE p.price_paise END";

/** The member's conversations, latest first, with unread counts (`GET /api/messages`, /messages): one query. */
export async function listConversations(env: Env, member: Pick<Member, "id">): Promise<ConversationSummary[]> {
  const { results } = await env.DB.prepare(
    `SELECT c.id, c.product_id AS productId, p.title AS productTitle, p.image_key AS imageKey, p.photos, ${CONVERSATION_PRICE} AS pricePaise,
       c.role, u.name AS otherName, c.last_message_at AS lastMessageAt, c.last_seq - c.read_seq AS unread,
       (SELECT CASE m.kind WHEN 'text' THEN m.body WHEN 'contact' THEN 'Shared a WhatsApp number' ELSE m.body END
        FROM messages m WHERE m.conversation_id = c.id ORDER BY m.seq DESC LIMIT 1) AS lastMessage
     FROM (
       SELECT *, 'buyer' AS role, seller_id AS other_id, buyer_read_seq AS read_seq FROM conversations WHERE buyer_id = ?1
       UNION ALL
       SELECT *, 'seller' AS role, buyer_id AS other_id, seller_read_seq AS read_seq FROM conversations WHERE seller_id = ?1
     ) c
     JOIN products p ON p.id = c.product_id
     JOIN users u ON u.id = c.other_id
     ORDER BY c.last_message_at DESC LIMIT ?2`,
  )
    .bind(member.id, INBOX_LIMIT)
    .all<Omit<ConversationSummary, "productPhoto"> & { imageKey: string; photos: string | null }>();
  return results.map(({ imageKey, photos, ...row }) => ({
    ...row,
    otherName: firstName(row.otherName),
    productPhoto: photoOf(imageKey, photos),
  }));
}

export const threadQuerySchema = z.object({
  before: z.coerce
    .number({ error: "before must be a message number." })
    .int("before must be a message number.")
    .positive("before must be a message number.")
    .optional(),
  after: z.coerce
    .number({ error: "after must be a message number." })
    .int("after must be a message number.")
    .min(0, "after must be a message number.")
    .optional(),
});
export type ThreadQuery = z.output<typeof threadQuerySchema>;

export interface MeetupView {
  placeId: string | null;
  placeName: string | null;
  placeNote: string | null;
  at: number;
  proposedByMe: boolean;
  agreedAt: number | null;
}

export interface Thread {
  id: string;
  role: "buyer" | "seller";
  product: {
    id: string;
    title: string;
    photo: string;
    pricePaise: number;
    /** available: on sale; reserved: reserved for this conversation's buyer; gone: sold to someone else, hidden or expired. */
    state: "available" | "reserved" | "sold" | "gone";
  };
  other: { id: string; name: string };
  messages: MessageView[];
  /** Earlier messages exist before the first one here. */
  more: boolean;
  lastSeq: number;
  /** The other member's last seen message (the "Seen" mark). */
  otherReadSeq: number;
  offer: { id: string; pricePaise: number; createdAt: number } | null;
  meetup: MeetupView | null;
  places: { id: string; name: string; note: string | null }[];
  /** The reader blocked the other member. */
  blocking: boolean;
  /** The other member blocked the reader. */
  blockedBy: boolean;
  reported: boolean;
  /**
   * What this reading marked read: the conversation (it had unread messages) and its unread notices.
   * The top bar's counts were read with the session, before this, and take these off.
   */
  cleared: { conversation: boolean; notices: number };
}

interface ThreadRow {
  id: string;
  buyerId: string;
  sellerId: string;
  productId: string;
  title: string;
  imageKey: string;
  photos: string | null;
  pricePaise: number;
  status: string;
  buyerOfProduct: string | null;
  handedOverAt: number | null;
  hiddenAt: number | null;
  expiresAt: number;
  otherName: string;
  lastSeq: number;
  buyerReadSeq: number;
  sellerReadSeq: number;
  meetPlaceId: string | null;
  placeName: string | null;
  placeNote: string | null;
  meetAt: number | null;
  meetProposedBy: string | null;
  meetAgreedAt: number | null;
  blocking: number;
  blockedBy: number;
  reported: number;
  /** The members' live sessions (a JSON array), for the seen mark's delivery. */
  live: string | null;
}

/** The conversation (?1) is the member's (?2): in a query over `conversations` alone. */
const MEMBERS_ONLY = "(buyer_id = ?2 OR seller_id = ?2)";

/**
 * A conversation the member is in (`GET /api/messages/:id`, /messages/:id), with its latest page of
 * messages (or the page before `before`, or everything after `after`, which a client that
 * reconnects asks for), marked read up to its last message. One D1 batch; a conversation of someone
 * else is a 404 and its batch read and wrote nothing of it.
 */
export async function readThread(
  env: Env,
  member: Pick<Member, "id" | "campusId">,
  conversationId: string,
  query: ThreadQuery = {},
  { markRead = true, now = Date.now() }: { markRead?: boolean; now?: number } = {},
): Promise<Thread> {
  const page =
    query.after !== undefined
      ? env.DB.prepare(
          `SELECT * FROM (SELECT ${MESSAGE_COLUMNS}
           FROM messages m LEFT JOIN users u ON u.id = m.sender_id
           WHERE m.conversation_id = ?1 AND EXISTS (SELECT 1 FROM conversations WHERE id = ?1 AND ${MEMBERS_ONLY}) AND m.seq > ?3
           ORDER BY m.seq ASC LIMIT ?4) ORDER BY seq DESC`,
        ).bind(conversationId, member.id, query.after, THREAD_PAGE * 4)
      : env.DB.prepare(
          `SELECT ${MESSAGE_COLUMNS}
           FROM messages m LEFT JOIN users u ON u.id = m.sender_id
           WHERE m.conversation_id = ?1 AND EXISTS (SELECT 1 FROM conversations WHERE id = ?1 AND ${MEMBERS_ONLY}) AND m.seq < ?3
           ORDER BY m.seq DESC LIMIT ?4`,
        ).bind(conversationId, member.id, query.before ?? Number.MAX_SAFE_INTEGER, THREAD_PAGE + 1);
  const [head, messages, offer, places, markedConversation, markedNotices] = await env.DB.batch([
    env.DB.prepare(
      `SELECT c.id, c.buyer_id AS buyerId, c.seller_id AS sellerId, c.product_id AS productId, p.title, p.image_key AS imageKey, p.photos,
         ${CONVERSATION_PRICE} AS pricePaise, p.status, p.buyer_id AS buyerOfProduct, p.handed_over_at AS handedOverAt, p.hidden_at AS hiddenAt,
         p.expires_at AS expiresAt, u.name AS otherName, c.last_seq AS lastSeq, c.buyer_read_seq AS buyerReadSeq, c.seller_read_seq AS sellerReadSeq,
         c.meet_place_id AS meetPlaceId, mp.name AS placeName, mp.note AS placeNote, c.meet_at AS meetAt, c.meet_proposed_by AS meetProposedBy,
         c.meet_agreed_at AS meetAgreedAt,
         EXISTS (SELECT 1 FROM member_blocks b WHERE b.blocker_id = ?2 AND b.blocked_id = u.id) AS blocking,
         EXISTS (SELECT 1 FROM member_blocks b WHERE b.blocker_id = u.id AND b.blocked_id = ?2) AS blockedBy,
         EXISTS (SELECT 1 FROM conversation_reports r WHERE r.conversation_id = c.id AND r.reporter_id = ?2) AS reported,
         ${liveSessionsSql("c.id", "?3")} AS live
       FROM conversations c JOIN products p ON p.id = c.product_id
       JOIN users u ON u.id = CASE WHEN c.buyer_id = ?2 THEN c.seller_id ELSE c.buyer_id END
       LEFT JOIN meetup_places mp ON mp.id = c.meet_place_id
       WHERE c.id = ?1 AND (c.buyer_id = ?2 OR c.seller_id = ?2)`,
    ).bind(conversationId, member.id, now),
    page,
    env.DB.prepare(
      `SELECT o.id, o.price_paise AS pricePaise, o.created_at AS createdAt FROM offers o
       WHERE o.conversation_id = ?1 AND o.status = 'waiting' AND EXISTS (SELECT 1 FROM conversations WHERE id = ?1 AND ${MEMBERS_ONLY})`,
    ).bind(conversationId, member.id),
    env.DB.prepare(
      `SELECT id, name, note FROM meetup_places WHERE campus_id = ?1 AND retired_at IS NULL ORDER BY name LIMIT 50`,
    ).bind(member.campusId),
    // Read: the member's mark moves to the last message, and the conversation's unread notice with it.
    ...(markRead ? readStatements(env, conversationId, member.id, now) : []),
  ]);
  const row = head?.results[0] as ThreadRow | undefined;
  if (!row) throw new ApiError(404, M.noConversation);
  const role = row.buyerId === member.id ? "buyer" : "seller";
  const readSeq = role === "buyer" ? row.buyerReadSeq : row.sellerReadSeq;
  if (markRead && readSeq < row.lastSeq)
    await announce(env, conversationId, { type: "seen", userId: member.id, seq: row.lastSeq }, liveSessions(row.live));
  const rows = (messages?.results ?? []) as MessageRow[];
  const more = query.after === undefined && rows.length > THREAD_PAGE;
  const shown = rows.slice(0, THREAD_PAGE).reverse();
  const reservedHere = row.status === "sold" && row.buyerOfProduct === row.buyerId;
  const state: Thread["product"]["state"] = reservedHere
    ? row.handedOverAt === null
      ? "reserved"
      : "sold"
    : row.status === "available" && row.hiddenAt === null && row.expiresAt > now
      ? "available"
      : "gone";
  const otherId = role === "buyer" ? row.sellerId : row.buyerId;
  const waiting = offer?.results[0] as { id: string; pricePaise: number; createdAt: number } | undefined;
  return {
    id: row.id,
    role,
    product: {
      id: row.productId,
      title: row.title,
      photo: photoOf(row.imageKey, row.photos),
      pricePaise: row.pricePaise,
      state,
    },
    other: { id: otherId, name: firstName(row.otherName) },
    messages: shown.map((m) => toView(m, member.id)),
    more,
    lastSeq: row.lastSeq,
    otherReadSeq: role === "buyer" ? row.sellerReadSeq : row.buyerReadSeq,
    offer: waiting ?? null,
    meetup:
      row.meetAt !== null
        ? {
            placeId: row.meetPlaceId,
            placeName: row.placeName,
            placeNote: row.placeNote,
            at: row.meetAt,
            proposedByMe: row.meetProposedBy === member.id,
            agreedAt: row.meetAgreedAt,
          }
        : null,
    places: (places?.results ?? []) as Thread["places"],
    blocking: row.blocking === 1,
    blockedBy: row.blockedBy === 1,
    reported: row.reported === 1,
    cleared: {
      conversation: (markedConversation?.meta.changes ?? 0) > 0,
      notices: markedNotices?.meta.changes ?? 0,
    },
  };
}

export function toView(m: MessageRow, readerId: string): MessageView {
  return {
    id: m.id,
    seq: m.seq,
    kind: m.kind,
    body: m.body,
    pricePaise: m.pricePaise,
    mine: m.senderId === readerId,
    senderName: m.senderName ? firstName(m.senderName) : null,
    flagged: m.flagged === 1,
    createdAt: m.createdAt,
  };
}

/** A listing's conversations as its page shows them to the member: theirs as buyer, or all as its seller. */
export interface ListingConversation {
  id: string;
  role: "buyer" | "seller";
  otherName: string;
  unread: number;
  lastMessageAt: number;
}

/**
 * The member's conversations about a listing (its page links to them): the one they started as a
 * buyer, or, as its seller, every buyer's. One query, run beside the listing's own read.
 */
export async function conversationsOnListing(
  env: Env,
  productId: string,
  memberId: string,
): Promise<ListingConversation[]> {
  const { results } = await env.DB.prepare(
    `SELECT c.id, CASE WHEN c.buyer_id = ?2 THEN 'buyer' ELSE 'seller' END AS role, u.name AS otherName,
       c.last_seq - CASE WHEN c.buyer_id = ?2 THEN c.buyer_read_seq ELSE c.seller_read_seq END AS unread, c.last_message_at AS lastMessageAt
     FROM conversations c JOIN users u ON u.id = CASE WHEN c.buyer_id = ?2 THEN c.seller_id ELSE c.buyer_id END
     WHERE c.product_id = ?1 AND (c.buyer_id = ?2 OR c.seller_id = ?2) ORDER BY c.last_message_at DESC LIMIT 50`,
  )
    .bind(productId, memberId)
    .all<ListingConversation>();
  return results.map((row) => ({ ...row, otherName: firstName(row.otherName) }));
}

/** Reading a thread: the member's mark moves to its last message, and its unread notice is read. */
function readStatements(env: Env, conversationId: string, memberId: string, now: number): D1PreparedStatement[] {
  return [
    env.DB.prepare(
      `UPDATE conversations SET
         buyer_read_seq = CASE WHEN buyer_id = ?2 THEN last_seq ELSE buyer_read_seq END,
         seller_read_seq = CASE WHEN seller_id = ?2 THEN last_seq ELSE seller_read_seq END
       WHERE id = ?1 AND ${MEMBERS_ONLY} AND last_seq > CASE WHEN buyer_id = ?2 THEN buyer_read_seq ELSE seller_read_seq END`,
    ).bind(conversationId, memberId),
    env.DB.prepare(
      "UPDATE notices SET read_at = ?3 WHERE user_id = ?2 AND read_at IS NULL AND kind = 'market.message' AND link = '/messages/' || ?1",
    ).bind(conversationId, memberId, now),
  ];
}
