import { z } from "zod";
import { AUTH_MESSAGES } from "#common/auth-messages.ts";
import {
  CONVERSATION_MESSAGES as M,
  linksToPayment,
  MESSAGE_MAX,
  MESSAGE_SELLER,
  type MessageKind,
  type MessageView,
} from "#common/messages.ts";
import {
  batchThenRead,
  first,
  int,
  type Query,
  type RowOf,
  select,
  type Sql,
  sql,
  textOrNull,
} from "#server/db/sql.ts";
import { conversations, messages, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { userText } from "#server/lib/validate.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { announce, liveSessions, liveSessionsOf } from "#server/services/messages/room.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { standingSession } from "#server/services/auth/sign-in.ts";
import type { SessionClaims } from "#server/lib/session-token.ts";

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
 * conversation already waits. `extra` is a further condition on the conversation's row (its
 * columns by name).
 */
export function messageStatements(
  where: { conversationId: string } | { productId: string; buyerId: string },
  sender: Pick<Member, "id">,
  out: Outgoing,
  now: number,
  extra: Sql = sql`1`,
): { id: string; statements: [Sql, Sql, Sql] } {
  const id = crypto.randomUUID();
  const which =
    "conversationId" in where
      ? sql`id = ${where.conversationId}`
      : sql`product_id = ${where.productId} AND buyer_id = ${where.buyerId}`;
  const flagged = out.kind === "text" && linksToPayment(out.body) ? 1 : 0;
  const preview = out.body.length > 120 ? `${out.body.slice(0, 117)}...` : out.body;
  const key = out.clientKey ?? null;
  return {
    id,
    statements: [
      sql`UPDATE conversations SET last_seq = last_seq + 1, last_message_id = ${id}, last_message_at = ${now},
           buyer_read_seq = CASE WHEN buyer_id = ${sender.id} THEN last_seq + 1 ELSE buyer_read_seq END,
           seller_read_seq = CASE WHEN seller_id = ${sender.id} THEN last_seq + 1 ELSE seller_read_seq END
         WHERE ${which} AND (buyer_id = ${sender.id} OR seller_id = ${sender.id})
           AND NOT EXISTS (SELECT 1 FROM member_blocks b WHERE (b.blocker_id = buyer_id AND b.blocked_id = seller_id) OR (b.blocker_id = seller_id AND b.blocked_id = buyer_id))
           AND (${key} IS NULL OR NOT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = conversations.id AND m.sender_id = ${sender.id} AND m.client_key = ${key}))
           AND EXISTS (SELECT 1 FROM users u WHERE u.id = ${sender.id} AND u.deleted_at IS NULL)
           AND ${extra}
         RETURNING id`,
      sql`INSERT INTO messages (id, conversation_id, seq, sender_id, kind, body, price_paise, flagged, client_key, created_at)
         SELECT ${id}, id, last_seq, ${sender.id}, ${out.kind}, ${out.body}, ${out.pricePaise ?? null}, ${flagged}, ${key}, ${now} FROM conversations WHERE last_message_id = ${id}`,
      // The sender is the notice's actor: their first name is read before the text when the notice is
      // (worker/services/notifications/notices.ts), so the text holds none.
      sql`INSERT INTO notices (id, user_id, kind, title, text, link, created_at, actor_id)
         SELECT lower(hex(randomblob(16))), other, 'market.message', 'New message about ' || p.title, ': ' || ${preview}, '/messages/' || c.id, ${now}, ${sender.id}
         FROM (SELECT *, CASE WHEN buyer_id = ${sender.id} THEN seller_id ELSE buyer_id END AS other FROM conversations WHERE last_message_id = ${id}) c
         JOIN products p ON p.id = c.product_id
         WHERE NOT EXISTS (SELECT 1 FROM notices n WHERE n.user_id = c.other AND n.read_at IS NULL AND n.kind = 'market.message' AND n.link = '/messages/' || c.id)`,
    ],
  };
}

const m = messages.as("m");
const u = users.as("u");

/** The columns of a MessageRow, of MESSAGES_FROM. */
export const MESSAGE_COLUMNS = {
  id: m.id,
  seq: m.seq,
  kind: m.kind,
  body: m.body,
  pricePaise: m.price_paise,
  flagged: m.flagged,
  createdAt: m.created_at,
  senderId: m.sender_id,
  // NULL once the sender's account is gone (LEFT JOIN).
  senderName: textOrNull(sql`${u.name}`),
};
/** A message row as the reads select it (MESSAGE_COLUMNS). */
export type MessageRow = RowOf<typeof MESSAGE_COLUMNS>;
/** The messages (m) with their senders (u), for MESSAGE_COLUMNS. */
export const MESSAGES_FROM = sql`${m} LEFT JOIN ${u} ON ${u.id} = ${m.sender_id}`;

/** A written message as the socket sends it, with its conversation and the members' live sessions. */
type Written = Omit<MessageView, "mine"> & { senderId: string | null; conversationId: string; live: string[] };

/** The message `messageId` as the socket sends it, with its conversation and live sessions. */
function writtenQuery(messageId: string) {
  return select(
    { ...MESSAGE_COLUMNS, conversationId: m.conversation_id, live: liveSessionsOf(m.conversation_id, Date.now()) },
    sql`FROM ${MESSAGES_FROM} WHERE ${m.id} = ${messageId}`,
  );
}

type WrittenRow = ReturnType<typeof writtenQuery> extends Query<infer Row> ? Row : never;

function asWritten(row: WrittenRow | undefined | null): Written | null {
  if (!row) return null;
  return {
    ...row,
    flagged: row.flagged === 1,
    senderName: row.senderName ? firstName(row.senderName) : null,
    live: liveSessions(row.live),
  };
}

/** A message already written (an earlier send with the same key), as the socket sends it. */
export async function written(env: Env, messageId: string): Promise<Written | null> {
  return asWritten(await first(env, writtenQuery(messageId)));
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

/**
 * Writes a message: its batch (`statements`, which include messageStatements' for `messageId`) and
 * the read of what it wrote in one round trip; then the message to the sockets, and back to the
 * sender as `reader` sees it. Null when the batch wrote no message (the caller says why).
 */
export async function writeAndDeliver(
  env: Env,
  messageId: string,
  reader: { id: string },
  statements: readonly Sql[],
): Promise<MessageView | null> {
  const message = asWritten((await batchThenRead(env, statements, writtenQuery(messageId)))[0]);
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
  const c = conversations.as("c");
  const row = await first(
    env,
    select(
      {
        buyerId: c.buyer_id,
        sellerId: c.seller_id,
        blocked: int(
          sql`EXISTS (SELECT 1 FROM member_blocks b WHERE (b.blocker_id = c.buyer_id AND b.blocked_id = c.seller_id) OR (b.blocker_id = c.seller_id AND b.blocked_id = c.buyer_id))`,
        ),
        earlier: textOrNull(
          sql`(SELECT id FROM messages m WHERE m.conversation_id = c.id AND m.sender_id = ${member.id} AND m.client_key = ${key ?? null})`,
        ),
      },
      sql`FROM ${c} WHERE ${c.id} = ${conversationId}`,
    ),
  );
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
  const c = conversations;
  const row = await first(
    env,
    select(
      {
        buyerId: c.buyer_id,
        sellerId: c.seller_id,
        campusId: c.campus_id,
        meetProposedBy: c.meet_proposed_by,
        meetAgreedAt: c.meet_agreed_at,
      },
      sql`FROM ${c} WHERE id = ${conversationId}`,
    ),
  );
  if (!row || (row.buyerId !== member.id && row.sellerId !== member.id)) throw new ApiError(404, M.noConversation);
  return row;
}

/** Send a text in a conversation the member is in (the thread's form, whose page has read the session). */
export async function sendMessage(
  env: Env,
  member: Member,
  conversationId: string,
  input: MessageInput,
): Promise<MessageView> {
  requireMayAct(member, MESSAGE_SELLER);
  await limitMessages(env, member.id);
  const now = Date.now();
  const { id, statements } = messageStatements({ conversationId }, member, textOf(input), now);
  return (await writeAndDeliver(env, id, member, statements)) ?? sayWhyNotSent(env, member, conversationId, input);
}

/**
 * Send a text from the session token's claims alone (`POST /api/messages/:id`, decision 0143): the
 * batch that writes the message also checks that the session stands and may act, so a send is one
 * round trip to D1. When it wrote nothing, `resolve` reads the session to say why as requireAuth
 * and requireMayAct would (401, 403), and then as sendMessage does.
 */
export async function sendAsClaimed(
  env: Env,
  claims: SessionClaims,
  conversationId: string,
  input: MessageInput,
  resolve: () => Promise<Member | null>,
): Promise<MessageView> {
  await limitMessages(env, claims.userId);
  const now = Date.now();
  const { stands, touch } = standingSession(claims, now);
  const sender = { id: claims.userId };
  const { id, statements } = messageStatements({ conversationId }, sender, textOf(input), now, stands);
  const sent = await writeAndDeliver(env, id, sender, [touch, ...statements]);
  if (sent) return sent;
  const member = await resolve();
  if (!member) throw new ApiError(401, AUTH_MESSAGES.signInFirst);
  requireMayAct(member, MESSAGE_SELLER);
  return sayWhyNotSent(env, member, conversationId, input);
}

const textOf = (input: MessageInput): Outgoing => ({ kind: "text", body: input.text, clientKey: input.clientKey });

/** A text that wrote nothing: the message an earlier send with its key made, or why not (explainNotSent). */
async function sayWhyNotSent(
  env: Env,
  member: Pick<Member, "id">,
  conversationId: string,
  input: MessageInput,
): Promise<MessageView> {
  const earlier = await explainNotSent(env, member, conversationId, input.clientKey);
  const again = earlier ? await written(env, earlier) : null;
  if (!again) throw new ApiError(409, "The conversation changed while you were sending. Try again.");
  return viewFor(again, member.id);
}
