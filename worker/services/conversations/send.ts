import { z } from "zod";
import {
  CONVERSATION_MESSAGES as M,
  linksToPayment,
  MESSAGE_MAX,
  MESSAGE_SELLER,
  type MessageKind,
  type MessageView,
} from "#common/conversations.ts";
import { ApiError } from "#server/lib/errors.ts";
import { userText } from "#server/lib/validate.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { announce, liveSessions, liveSessionsSql } from "#server/services/conversations/room.ts";
import type { SessionUser } from "#server/services/session-user.ts";

// Sending a message (docs/decisions/0113-conversations.md): one D1 batch advances the conversation's
// last_seq and inserts the message at it, so every message has its place and none is written twice;
// the other member's notice rides in the same batch. Then the conversation's Durable Object passes
// the message to the open sockets.

export type Member = Pick<
  SessionUser,
  "id" | "name" | "campusId" | "openCommunity" | "verified" | "suspendedUntil" | "suspensionReason"
>;

/** A retried request or a resent form carries the same key and makes one message. */
const clientKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "The message key must be 8 to 64 letters, digits, - or _.")
  .optional()
  .or(z.literal("").transform(() => undefined));

export const messageSchema = z.object(
  {
    text: userText({
      name: "Your message",
      max: MESSAGE_MAX,
      multiline: true,
      missing: "Write a message first.",
    }),
    clientKey,
  },
  { error: 'Send the message as a JSON object, for example { "text": "Is this still available?" }.' },
);
export type MessageInput = z.output<typeof messageSchema>;

export const conversationIdSchema = z.uuid({ error: M.noConversation });

export interface Outgoing {
  kind: MessageKind;
  body: string;
  pricePaise?: number | null;
  clientKey?: string | undefined;
}

/** The first name a message shows for its sender. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/**
 * The statements of one message, for a batch: advance the conversation (only where `sender` is one
 * of its two members, neither has blocked the other, and this key was not sent before), insert the
 * message at the new place, and notify the other member unless an unread notice of this
 * conversation already waits. `extra` is a further SQL condition on the conversation's row (its
 * columns by name), numbered from ?1 in `extra.sql` and bound after the statement's own.
 */
export function messageStatements(
  env: Env,
  where: { conversationId: string } | { productId: string; buyerId: string },
  sender: Pick<Member, "id" | "name">,
  out: Outgoing,
  now: number,
  extra: { sql: string; params: unknown[] } = { sql: "1", params: [] },
): { id: string; statements: D1PreparedStatement[] } {
  const id = crypto.randomUUID();
  const which =
    "conversationId" in where
      ? { sql: "id = ?4", params: [where.conversationId, null] }
      : { sql: "product_id = ?4 AND buyer_id = ?5", params: [where.productId, where.buyerId] };
  const flagged = out.kind === "text" && linksToPayment(out.body) ? 1 : 0;
  const preview = out.body.length > 120 ? `${out.body.slice(0, 117)}...` : out.body;
  return {
    id,
    statements: [
      env.DB.prepare(
        `UPDATE conversations SET last_seq = last_seq + 1, last_message_id = ?1, last_message_at = ?2,
           buyer_read_seq = CASE WHEN buyer_id = ?3 THEN last_seq + 1 ELSE buyer_read_seq END,
           seller_read_seq = CASE WHEN seller_id = ?3 THEN last_seq + 1 ELSE seller_read_seq END
         WHERE ${which.sql} AND (buyer_id = ?3 OR seller_id = ?3)
           AND NOT EXISTS (SELECT 1 FROM member_blocks b WHERE (b.blocker_id = buyer_id AND b.blocked_id = seller_id) OR (b.blocker_id = seller_id AND b.blocked_id = buyer_id))
           AND (?6 IS NULL OR NOT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = conversations.id AND m.sender_id = ?3 AND m.client_key = ?6))
           AND EXISTS (SELECT 1 FROM users u WHERE u.id = ?3 AND u.deleted_at IS NULL)
           AND ${extra.sql.replace(/\?(\d+)/g, (_, n: string) => `?${Number(n) + 6}`)}
         RETURNING id`,
      ).bind(id, now, sender.id, ...which.params, out.clientKey ?? null, ...extra.params),
      env.DB.prepare(
        `INSERT INTO messages (id, conversation_id, seq, sender_id, kind, body, price_paise, flagged, client_key, created_at)
         SELECT ?1, id, last_seq, ?2, ?3, ?4, ?5, ?6, ?7, ?8 FROM conversations WHERE last_message_id = ?1`,
      ).bind(id, sender.id, out.kind, out.body, out.pricePaise ?? null, flagged, out.clientKey ?? null, now),
      // The sender is the notice's actor: their first name is read before the text when the notice is
      // (worker/services/notices.ts), so the text holds none.
      env.DB.prepare(
        `INSERT INTO notices (id, user_id, kind, title, text, link, created_at, actor_id)
         SELECT lower(hex(randomblob(16))), other, 'market.message', 'New message about ' || p.title, ': ' || ?2, '/messages/' || c.id, ?3, ?4
         FROM (SELECT *, CASE WHEN buyer_id = ?4 THEN seller_id ELSE buyer_id END AS other FROM conversations WHERE last_message_id = ?1) c
         JOIN products p ON p.id = c.product_id
         WHERE NOT EXISTS (SELECT 1 FROM notices n WHERE n.user_id = c.other AND n.read_at IS NULL AND n.kind = 'market.message' AND n.link = '/messages/' || c.id)`,
      ).bind(id, preview, now, sender.id),
    ],
  };
}

/** A message row as the reads select it (MESSAGE_COLUMNS). */
export interface MessageRow {
  id: string;
  seq: number;
  kind: MessageKind;
  body: string;
  pricePaise: number | null;
  flagged: number;
  createdAt: number;
  senderId: string | null;
  senderName: string | null;
}

/** The columns of a MessageRow, from `messages m LEFT JOIN users u ON u.id = m.sender_id`. */
export const MESSAGE_COLUMNS =
  "m.id, m.seq, m.kind, m.body, m.price_paise AS pricePaise, m.flagged, m.created_at AS createdAt, m.sender_id AS senderId, u.name AS senderName";

/** A written message as the socket sends it, with its conversation and the members' live sessions. */
type Written = Omit<MessageView, "mine"> & { senderId: string | null; conversationId: string; live: string[] };

/** The message just written by the batch, as the socket sends it; null when the batch wrote none. */
export async function written(env: Env, messageId: string): Promise<Written | null> {
  const row = await env.DB.prepare(
    `SELECT ${MESSAGE_COLUMNS}, m.conversation_id AS conversationId, ${liveSessionsSql("m.conversation_id", "?2")} AS live
     FROM messages m LEFT JOIN users u ON u.id = m.sender_id WHERE m.id = ?1`,
  )
    .bind(messageId, Date.now())
    .first<MessageRow & { conversationId: string; live: string | null }>();
  if (!row) return null;
  return {
    ...row,
    flagged: row.flagged === 1,
    senderName: row.senderName ? firstName(row.senderName) : null,
    live: liveSessions(row.live),
  };
}

/** Rate limit of messages, per member. */
export async function limitMessages(env: Env, memberId: string): Promise<void> {
  const { success } = await env.MESSAGE_LIMITER.limit({ key: `message:${memberId}` });
  if (!success) throw new ApiError(429, M.tooFast);
}

/** A written message as `reader` sees it. */
export function viewFor({ conversationId: _, live: __, senderId, ...view }: Written, readerId: string): MessageView {
  return { ...view, mine: senderId === readerId };
}

/** After a batch: the message it wrote to the sockets, and back to the sender. */
export async function deliver(env: Env, messageId: string, reader: { id: string }): Promise<MessageView | null> {
  const message = await written(env, messageId);
  if (!message) return null;
  const { conversationId, live, ...event } = message;
  await announce(env, conversationId, { type: "message", message: event }, live);
  return viewFor(message, reader.id);
}

/**
 * Why a message to an existing conversation was not written: it is not the member's (404), or a
 * block stands between the two (403). A repeated key wrote nothing and is answered with the message
 * it made the first time (null here).
 */
export async function explainNotSent(
  env: Env,
  member: Pick<Member, "id">,
  conversationId: string,
  key: string | undefined,
): Promise<string | null> {
  const row = await env.DB.prepare(
    `SELECT buyer_id AS buyerId, seller_id AS sellerId,
       EXISTS (SELECT 1 FROM member_blocks b WHERE (b.blocker_id = c.buyer_id AND b.blocked_id = c.seller_id) OR (b.blocker_id = c.seller_id AND b.blocked_id = c.buyer_id)) AS blocked,
       (SELECT id FROM messages m WHERE m.conversation_id = c.id AND m.sender_id = ?2 AND m.client_key = ?3) AS earlier
     FROM conversations c WHERE c.id = ?1`,
  )
    .bind(conversationId, member.id, key ?? null)
    .first<{ buyerId: string; sellerId: string; blocked: number; earlier: string | null }>();
  if (!row || (row.buyerId !== member.id && row.sellerId !== member.id)) throw new ApiError(404, M.noConversation);
  if (row.earlier) return row.earlier;
  if (row.blocked) throw new ApiError(403, M.blocked);
  throw new ApiError(409, "The conversation changed while you were sending. Try again.");
}

/** The conversation of which `member` is one of the two (404 otherwise, as if it did not exist). */
export async function requireMember(
  env: Env,
  member: Pick<Member, "id">,
  conversationId: string,
): Promise<{
  buyerId: string;
  sellerId: string;
  campusId: string;
  meetProposedBy: string | null;
  meetAgreedAt: number | null;
}> {
  const row = await env.DB.prepare(
    "SELECT buyer_id AS buyerId, seller_id AS sellerId, campus_id AS campusId, meet_proposed_by AS meetProposedBy, meet_agreed_at AS meetAgreedAt FROM conversations WHERE id = ?1",
  )
    .bind(conversationId)
    .first<{
      buyerId: string;
      sellerId: string;
      campusId: string;
      meetProposedBy: string | null;
      meetAgreedAt: number | null;
    }>();
  if (!row || (row.buyerId !== member.id && row.sellerId !== member.id)) throw new ApiError(404, M.noConversation);
  return row;
}

/** Send a text in a conversation the member is in (`POST /api/messages/:id`, the thread's form). */
export async function sendMessage(
  env: Env,
  member: Member,
  conversationId: string,
  input: MessageInput,
): Promise<MessageView> {
  requireMayAct(member, MESSAGE_SELLER);
  await limitMessages(env, member.id);
  const now = Date.now();
  const { id, statements } = messageStatements(
    env,
    { conversationId },
    member,
    { kind: "text", body: input.text, clientKey: input.clientKey },
    now,
  );
  await env.DB.batch(statements);
  const sent = await deliver(env, id, member);
  if (sent) return sent;
  const earlier = await explainNotSent(env, member, conversationId, input.clientKey);
  const again = earlier ? await written(env, earlier) : null;
  if (!again) throw new ApiError(409, "The conversation changed while you were sending. Try again.");
  return viewFor(again, member.id);
}
