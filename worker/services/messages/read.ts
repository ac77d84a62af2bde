import { z } from "zod";
import {
  CONVERSATION_MESSAGES as M,
  THREAD_PAGE,
  type ConversationSummary,
  type MessageView,
} from "#common/messages.ts";
import { all, batch, int, oneOf, select, type Sql, sql, textOrNull } from "#server/db/sql.ts";
import { conversations, meetupPlaces, offers, products, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { announce, liveSessions, liveSessionsOf } from "#server/services/messages/room.ts";
import {
  firstName,
  type Member,
  MESSAGE_COLUMNS,
  MESSAGES_FROM,
  type MessageRow,
} from "#server/services/messages/send.ts";
import { imageUrl, photosFrom } from "#server/services/market/product-view.ts";

// Reading conversations (docs/decisions/0113-conversations.md): the inbox, and one thread with
// everything its screen shows, in one D1 batch that also marks it read.

/** The first photo's small version, from a product row's photo columns. */
function photoOf(imageKey: string, photos: string | null): string {
  const list = photos ? photosFrom(photos) : [];
  return imageUrl(list[0]?.thumb ?? list[0]?.key ?? imageKey);
}

/** The reader's side of a conversation. */
const ROLES = ["buyer", "seller"] as const;

const c = conversations.as("c");
const p = products.as("p");
const u = users.as("u");

const INBOX_LIMIT = 100;

/**
 * The price a conversation (`c`) shows for its listing (`p`): the reservation's own price in the
 * conversation whose buyer holds it (what the two agreed), the listing's price in every other.
 */
const CONVERSATION_PRICE = int(
  sql`CASE WHEN ${p.buyer_id} = ${c.buyer_id} THEN COALESCE(${p.sale_price_paise}, ${p.price_paise}) ELSE ${p.price_paise} END`,
);

/** The member's conversations, latest first, with unread counts (`GET /api/messages`, /messages): one query. */
export async function listConversations(env: Env, member: Pick<Member, "id">): Promise<ConversationSummary[]> {
  const rows = await all(
    env,
    select(
      {
        id: c.id,
        productId: c.product_id,
        productTitle: p.title,
        imageKey: p.image_key,
        photos: p.photos,
        pricePaise: CONVERSATION_PRICE,
        role: oneOf(ROLES, sql`c.role`),
        otherName: u.name,
        lastMessageAt: c.last_message_at,
        unread: int(sql`c.last_seq - c.read_seq`),
        lastMessage:
          textOrNull(sql`(SELECT CASE m.kind WHEN 'text' THEN m.body WHEN 'contact' THEN 'Shared a WhatsApp number' ELSE m.body END
        FROM messages m WHERE m.conversation_id = c.id ORDER BY m.seq DESC LIMIT 1)`),
      },
      sql`FROM (
       SELECT *, 'buyer' AS role, seller_id AS other_id, buyer_read_seq AS read_seq FROM conversations WHERE buyer_id = ${member.id}
       UNION ALL
       SELECT *, 'seller' AS role, buyer_id AS other_id, seller_read_seq AS read_seq FROM conversations WHERE seller_id = ${member.id}
     ) c
     JOIN ${p} ON ${p.id} = c.product_id
     JOIN ${u} ON ${u.id} = c.other_id
     ORDER BY c.last_message_at DESC LIMIT ${INBOX_LIMIT}`,
    ),
  );
  return rows.map(({ imageKey, photos, ...row }) => ({
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
  const mp = meetupPlaces.as("mp");
  const o = offers.as("o");
  /** The conversation is the member's: in a query over `conversations` alone. */
  const membersOnly = sql`EXISTS (SELECT 1 FROM conversations WHERE id = ${conversationId} AND (buyer_id = ${member.id} OR seller_id = ${member.id}))`;
  const page =
    query.after !== undefined
      ? select(
          MESSAGE_COLUMNS,
          sql`FROM ${MESSAGES_FROM}
           WHERE m.conversation_id = ${conversationId} AND ${membersOnly} AND m.seq > ${query.after}
           ORDER BY m.seq ASC LIMIT ${THREAD_PAGE * 4}`,
        )
      : select(
          MESSAGE_COLUMNS,
          sql`FROM ${MESSAGES_FROM}
           WHERE m.conversation_id = ${conversationId} AND ${membersOnly} AND m.seq < ${query.before ?? Number.MAX_SAFE_INTEGER}
           ORDER BY m.seq DESC LIMIT ${THREAD_PAGE + 1}`,
        );
  const [head, messages, offer, places, markedConversation, markedNotices] = await batch(env, [
    select(
      {
        id: c.id,
        buyerId: c.buyer_id,
        sellerId: c.seller_id,
        productId: c.product_id,
        title: p.title,
        imageKey: p.image_key,
        photos: p.photos,
        pricePaise: CONVERSATION_PRICE,
        status: p.status,
        buyerOfProduct: p.buyer_id,
        handedOverAt: p.handed_over_at,
        hiddenAt: p.hidden_at,
        expiresAt: p.expires_at,
        otherName: u.name,
        lastSeq: c.last_seq,
        buyerReadSeq: c.buyer_read_seq,
        sellerReadSeq: c.seller_read_seq,
        meetPlaceId: c.meet_place_id,
        // The place, by LEFT JOIN: null when none was proposed.
        placeName: textOrNull(sql`${mp.name}`),
        placeNote: mp.note,
        meetAt: c.meet_at,
        meetProposedBy: c.meet_proposed_by,
        meetAgreedAt: c.meet_agreed_at,
        blocking: int(
          sql`EXISTS (SELECT 1 FROM member_blocks b WHERE b.blocker_id = ${member.id} AND b.blocked_id = u.id)`,
        ),
        blockedBy: int(
          sql`EXISTS (SELECT 1 FROM member_blocks b WHERE b.blocker_id = u.id AND b.blocked_id = ${member.id})`,
        ),
        reported: int(
          sql`EXISTS (SELECT 1 FROM conversation_reports r WHERE r.conversation_id = c.id AND r.reporter_id = ${member.id})`,
        ),
        // The members' live sessions (a JSON array), for the seen mark's delivery.
        live: liveSessionsOf(c.id, now),
      },
      sql`FROM ${c} JOIN ${p} ON ${p.id} = ${c.product_id}
       JOIN ${u} ON ${u.id} = CASE WHEN ${c.buyer_id} = ${member.id} THEN ${c.seller_id} ELSE ${c.buyer_id} END
       LEFT JOIN ${mp} ON ${mp.id} = ${c.meet_place_id}
       WHERE ${c.id} = ${conversationId} AND (${c.buyer_id} = ${member.id} OR ${c.seller_id} = ${member.id})`,
    ),
    page,
    select(
      { id: o.id, pricePaise: o.price_paise, createdAt: o.created_at },
      sql`FROM ${o} WHERE ${o.conversation_id} = ${conversationId} AND ${o.status} = 'waiting' AND ${membersOnly}`,
    ),
    select(
      { id: meetupPlaces.id, name: meetupPlaces.name, note: meetupPlaces.note },
      sql`FROM ${meetupPlaces} WHERE campus_id = ${member.campusId} AND retired_at IS NULL ORDER BY name LIMIT 50`,
    ),
    // Read: the member's mark moves to the last message, and the conversation's unread notice with it.
    ...(markRead ? readStatements(conversationId, member.id, now) : []),
  ]);
  const row = head.rows[0];
  if (!row) throw new ApiError(404, M.noConversation);
  const role = row.buyerId === member.id ? "buyer" : "seller";
  const readSeq = role === "buyer" ? row.buyerReadSeq : row.sellerReadSeq;
  if (markRead && readSeq < row.lastSeq)
    await announce(env, conversationId, { type: "seen", userId: member.id, seq: row.lastSeq }, liveSessions(row.live));
  // The page after `after` is read oldest first (the first of them); every page is newest first here.
  const rows: MessageRow[] = query.after !== undefined ? messages.rows.reverse() : messages.rows;
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
  const waiting = offer.rows[0];
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
    places: places.rows,
    blocking: row.blocking === 1,
    blockedBy: row.blockedBy === 1,
    reported: row.reported === 1,
    cleared: {
      conversation: (markedConversation?.changes ?? 0) > 0,
      notices: markedNotices?.changes ?? 0,
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
  const rows = await all(
    env,
    select(
      {
        id: c.id,
        role: oneOf(ROLES, sql`CASE WHEN ${c.buyer_id} = ${memberId} THEN 'buyer' ELSE 'seller' END`),
        otherName: u.name,
        unread: int(
          sql`${c.last_seq} - CASE WHEN ${c.buyer_id} = ${memberId} THEN ${c.buyer_read_seq} ELSE ${c.seller_read_seq} END`,
        ),
        lastMessageAt: c.last_message_at,
      },
      sql`FROM ${c} JOIN ${u} ON ${u.id} = CASE WHEN ${c.buyer_id} = ${memberId} THEN ${c.seller_id} ELSE ${c.buyer_id} END
     WHERE ${c.product_id} = ${productId} AND (${c.buyer_id} = ${memberId} OR ${c.seller_id} = ${memberId}) ORDER BY ${c.last_message_at} DESC LIMIT 50`,
    ),
  );
  return rows.map((row) => ({ ...row, otherName: firstName(row.otherName) }));
}

/** Reading a thread: the member's mark moves to its last message, and its unread notice is read. */
function readStatements(conversationId: string, memberId: string, now: number): Sql[] {
  return [
    sql`UPDATE conversations SET
         buyer_read_seq = CASE WHEN buyer_id = ${memberId} THEN last_seq ELSE buyer_read_seq END,
         seller_read_seq = CASE WHEN seller_id = ${memberId} THEN last_seq ELSE seller_read_seq END
       WHERE id = ${conversationId} AND (buyer_id = ${memberId} OR seller_id = ${memberId}) AND last_seq > CASE WHEN buyer_id = ${memberId} THEN buyer_read_seq ELSE seller_read_seq END`,
    sql`UPDATE notices SET read_at = ${now} WHERE user_id = ${memberId} AND read_at IS NULL AND kind = 'market.message' AND link = '/messages/' || ${conversationId}`,
  ];
}
