import { CONVERSATION_MESSAGES as M, MESSAGE_SELLER, type MessageView } from "#common/messages.ts";
import { NO_PRODUCT } from "#common/market-messages.ts";
import { first, int, select, sql, textOrNull } from "#server/db/sql.ts";
import { conversations, products } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { requireMayAct } from "#server/services/campus.ts";
import {
  writeAndDeliver,
  limitMessages,
  type Member,
  type MessageInput,
  messageStatements,
  viewFor,
  written,
} from "#server/services/messages/send.ts";

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
    { productId, buyerId: buyer.id },
    buyer,
    { kind: "text", body: input.text, clientKey: input.clientKey },
    now,
  );
  const message = await writeAndDeliver(env, id, buyer, [
    sql`INSERT INTO conversations (id, product_id, campus_id, buyer_id, seller_id, created_at, last_message_at)
       SELECT ${crypto.randomUUID()}, p.id, p.campus_id, ${buyer.id}, p.seller_id, ${now}, ${now} FROM products p
       WHERE p.id = ${productId} AND p.campus_id = ${buyer.campusId} AND p.seller_id <> ${buyer.id} AND p.hidden_at IS NULL
         AND ((p.status = 'available' AND p.expires_at > ${now}) OR p.buyer_id = ${buyer.id})
         AND NOT EXISTS (SELECT 1 FROM member_blocks b WHERE (b.blocker_id = ${buyer.id} AND b.blocked_id = p.seller_id) OR (b.blocker_id = p.seller_id AND b.blocked_id = ${buyer.id}))
       ON CONFLICT (product_id, buyer_id) DO NOTHING`,
    ...statements,
  ]);
  const c = conversations.as("c");
  const conversation = await first(
    env,
    select(
      {
        id: c.id,
        earlier: textOrNull(
          sql`(SELECT m.id FROM messages m WHERE m.conversation_id = c.id AND m.sender_id = ${buyer.id} AND m.client_key = ${input.clientKey ?? null})`,
        ),
      },
      sql`FROM ${c} WHERE ${c.product_id} = ${productId} AND ${c.buyer_id} = ${buyer.id}`,
    ),
  );
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
  const p = products.as("p");
  const row = await first(
    env,
    select(
      {
        sellerId: p.seller_id,
        campusId: p.campus_id,
        status: p.status,
        hiddenAt: p.hidden_at,
        expiresAt: p.expires_at,
        blocked: int(
          sql`EXISTS (SELECT 1 FROM member_blocks b WHERE (b.blocker_id = ${buyer.id} AND b.blocked_id = p.seller_id) OR (b.blocker_id = p.seller_id AND b.blocked_id = ${buyer.id}))`,
        ),
      },
      sql`FROM ${p} WHERE id = ${productId}`,
    ),
  );
  // Another campus's listing, or one hidden by moderation, does not exist for this member.
  if (!row || row.campusId !== buyer.campusId || (row.hiddenAt !== null && row.sellerId !== buyer.id))
    throw new ApiError(404, NO_PRODUCT);
  if (row.sellerId === buyer.id) throw new ApiError(403, M.ownListing);
  if (row.blocked) throw new ApiError(403, M.blocked);
  if (!exists) throw new ApiError(409, M.listingGone);
  throw new ApiError(409, "The conversation changed while you were sending. Try again.");
}
