import { CONVERSATION_MESSAGES as M, MESSAGE_SELLER, type MessageView } from "#common/conversations.ts";
import { NO_PRODUCT } from "#common/market-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import { requireMayAct } from "#server/services/campus.ts";
import {
  deliver,
  limitMessages,
  type Member,
  type MessageInput,
  messageStatements,
  viewFor,
  written,
} from "#server/services/conversations/send.ts";

// Messaging a listing's seller from its page (`POST /api/product/:id/messages`, the product page's
// openers): one conversation per (listing, buyer), made by the first message and continued by the
// next (docs/decisions/0113-conversations.md).

export interface Started {
  conversationId: string;
  message: MessageView;
}

/**
 * Start or continue the member's conversation about a listing. A new conversation needs a listing
 * of the member's campus, not their own, on sale or reserved for (or sold to) the member (a buyer who
 * pressed Buy without asking first still has to agree the meeting: My Purchases sends them here),
 * and no block between the two; one that exists is continued whatever became of the listing.
 * The conversation's insert and the message are one batch: two first messages at once make one
 * conversation with both in order.
 */
export async function messageSeller(env: Env, buyer: Member, productId: string, input: MessageInput): Promise<Started> {
  requireMayAct(buyer, MESSAGE_SELLER);
  await limitMessages(env, buyer.id);
  const now = Date.now();
  const { id, statements } = messageStatements(
    env,
    { productId, buyerId: buyer.id },
    buyer,
    { kind: "text", body: input.text, clientKey: input.clientKey },
    now,
  );
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO conversations (id, product_id, campus_id, buyer_id, seller_id, created_at, last_message_at)
       SELECT ?1, p.id, p.campus_id, ?2, p.seller_id, ?3, ?3 FROM products p
       WHERE p.id = ?4 AND p.campus_id = ?5 AND p.seller_id <> ?2 AND p.hidden_at IS NULL
         AND ((p.status = 'available' AND p.expires_at > ?3) OR p.buyer_id = ?2)
         AND NOT EXISTS (SELECT 1 FROM member_blocks b WHERE (b.blocker_id = ?2 AND b.blocked_id = p.seller_id) OR (b.blocker_id = p.seller_id AND b.blocked_id = ?2))
       ON CONFLICT (product_id, buyer_id) DO NOTHING`,
    ).bind(crypto.randomUUID(), buyer.id, now, productId, buyer.campusId),
    ...statements,
  ]);
  const message = await deliver(env, id, buyer);
  const conversation = await env.DB.prepare(
    `SELECT c.id, (SELECT m.id FROM messages m WHERE m.conversation_id = c.id AND m.sender_id = ?2 AND m.client_key = ?3) AS earlier
     FROM conversations c WHERE c.product_id = ?1 AND c.buyer_id = ?2`,
  )
    .bind(productId, buyer.id, input.clientKey ?? null)
    .first<{ id: string; earlier: string | null }>();
  if (message && conversation) return { conversationId: conversation.id, message };
  // A resent first message: the conversation and the message it made the first time.
  if (conversation?.earlier) {
    const again = await written(env, conversation.earlier);
    if (again) {
      return { conversationId: again.conversationId, message: viewFor(again, buyer.id) };
    }
  }
  return explainNoStart(env, buyer, productId, conversation !== null);
}

async function explainNoStart(env: Env, buyer: Member, productId: string, exists: boolean): Promise<never> {
  const row = await env.DB.prepare(
    `SELECT seller_id AS sellerId, campus_id AS campusId, status, hidden_at AS hiddenAt, expires_at AS expiresAt,
       EXISTS (SELECT 1 FROM member_blocks b WHERE (b.blocker_id = ?2 AND b.blocked_id = p.seller_id) OR (b.blocker_id = p.seller_id AND b.blocked_id = ?2)) AS blocked
     FROM products p WHERE id = ?1`,
  )
    .bind(productId, buyer.id)
    .first<{
      sellerId: string;
      campusId: string;
      status: string;
      hiddenAt: number | null;
      expiresAt: number;
      blocked: number;
    }>();
  // Another campus's listing, or one hidden by moderation, does not exist for this member.
  if (!row || row.campusId !== buyer.campusId || (row.hiddenAt !== null && row.sellerId !== buyer.id))
    throw new ApiError(404, NO_PRODUCT);
  if (row.sellerId === buyer.id) throw new ApiError(403, M.ownListing);
  if (row.blocked) throw new ApiError(403, M.blocked);
  if (!exists) throw new ApiError(409, M.listingGone);
  throw new ApiError(409, "The conversation changed while you were sending. Try again.");
}
