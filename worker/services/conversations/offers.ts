import { z } from "zod";
import { CONVERSATION_MESSAGES as M, MESSAGE_SELLER, type MessageView } from "#common/conversations.ts";
import { formatRupees } from "#common/format.ts";
import { parsePricePaise } from "#common/market.ts";
import { ApiError } from "#server/lib/errors.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { deliver, limitMessages, type Member, messageStatements } from "#server/services/conversations/send.ts";
import { lapseOffersStatement, reservationLogStatement, reserveStatement } from "#server/services/market/purchase.ts";

// Offers (docs/decisions/0113-conversations.md): in a conversation the buyer offers a price; the
// seller accepts, which reserves the listing for that buyer at that price through the same
// conditional write as Buy (one winner against a Buy or another offer), or declines.

export const offerSchema = z.object(
  {
    price: z.unknown().transform((value, ctx) => {
      const paise = parsePricePaise(typeof value === "number" ? String(value) : value);
      if (paise === null || paise <= 0) {
        ctx.addIssue({ code: "custom", message: "Offer a price in rupees above 0, for example 450." });
        return z.NEVER;
      }
      return paise;
    }),
  },
  { error: 'Send the offer as a JSON object, for example { "price": 450 }.' },
);
export type OfferInput = z.output<typeof offerSchema>;

export const answerSchema = z.object(
  { answer: z.enum(["accept", "decline"], { error: 'Answer "accept" or "decline".' }) },
  { error: 'Send the answer as a JSON object, for example { "answer": "accept" }.' },
);
export type AnswerInput = z.output<typeof answerSchema>;

export const offerIdSchema = z.uuid({ error: M.offerGone });

/** The buyer offers a price; at most one offer waits per conversation, and only on a listing still on sale. */
export async function makeOffer(
  env: Env,
  buyer: Member,
  conversationId: string,
  { price }: OfferInput,
): Promise<MessageView> {
  requireMayAct(buyer, MESSAGE_SELLER);
  await limitMessages(env, buyer.id);
  const now = Date.now();
  const offerId = crypto.randomUUID();
  const { id, statements } = messageStatements(
    env,
    { conversationId },
    buyer,
    { kind: "offer", body: `Offered ${formatRupees(price)}`, pricePaise: price },
    now,
    { sql: "EXISTS (SELECT 1 FROM offers WHERE id = ?1)", params: [offerId] },
  );
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO offers (id, conversation_id, product_id, buyer_id, price_paise, created_at)
       SELECT ?1, c.id, c.product_id, ?2, ?3, ?4 FROM conversations c JOIN products p ON p.id = c.product_id
       WHERE c.id = ?5 AND c.buyer_id = ?2 AND p.status = 'available' AND p.hidden_at IS NULL AND p.expires_at > ?4
       ON CONFLICT DO NOTHING`,
    ).bind(offerId, buyer.id, price, now, conversationId),
    ...statements,
  ]);
  const sent = await deliver(env, id, buyer);
  if (sent) return sent;
  // Nothing written: why, from one read.
  const row = await env.DB.prepare(
    `SELECT c.buyer_id AS buyerId, c.seller_id AS sellerId, p.status, p.hidden_at AS hiddenAt, p.expires_at AS expiresAt,
       EXISTS (SELECT 1 FROM offers o WHERE o.conversation_id = c.id AND o.status = 'waiting') AS waiting
     FROM conversations c JOIN products p ON p.id = c.product_id WHERE c.id = ?1`,
  )
    .bind(conversationId)
    .first<{
      buyerId: string;
      sellerId: string;
      status: string;
      hiddenAt: number | null;
      expiresAt: number;
      waiting: number;
    }>();
  if (!row || (row.buyerId !== buyer.id && row.sellerId !== buyer.id)) throw new ApiError(404, M.noConversation);
  if (row.buyerId !== buyer.id) throw new ApiError(403, M.offerOnlyBuyer);
  if (row.status !== "available" || row.hiddenAt !== null || row.expiresAt <= now)
    throw new ApiError(409, M.notAvailable);
  if (row.waiting) throw new ApiError(409, M.offerWaiting);
  throw new ApiError(403, M.blocked);
}

/**
 * The seller answers the waiting offer. Accepting is one batch: the reservation (Buy's own
 * conditional write, at the offered price and only while the seller still sells it), its log row,
 * the offer marked accepted, the product's other waiting offers lapsed, and the answer in the
 * conversation, each written only for the sale this call made.
 */
export async function answerOffer(
  env: Env,
  seller: Member,
  offerId: string,
  { answer }: AnswerInput,
): Promise<{ message: MessageView; conversationId: string }> {
  requireMayAct(seller, MESSAGE_SELLER);
  const offer = await env.DB.prepare(
    `SELECT o.conversation_id AS conversationId, o.product_id AS productId, o.buyer_id AS buyerId, o.price_paise AS pricePaise,
       o.status, c.seller_id AS sellerId, u.campus_id AS buyerCampusId
     FROM offers o JOIN conversations c ON c.id = o.conversation_id JOIN users u ON u.id = o.buyer_id WHERE o.id = ?1`,
  )
    .bind(offerId)
    .first<{
      conversationId: string;
      productId: string;
      buyerId: string;
      pricePaise: number;
      status: string;
      sellerId: string;
      buyerCampusId: string;
    }>();
  if (!offer || (offer.sellerId !== seller.id && offer.buyerId !== seller.id)) throw new ApiError(404, M.offerGone);
  if (offer.sellerId !== seller.id) throw new ApiError(403, M.offerOnlySeller);
  if (offer.status !== "waiting") throw new ApiError(409, M.offerGone);
  const now = Date.now();
  if (answer === "decline") {
    const { id, statements } = messageStatements(
      env,
      { conversationId: offer.conversationId },
      seller,
      {
        kind: "declined",
        body: `Declined the offer of ${formatRupees(offer.pricePaise)}`,
        pricePaise: offer.pricePaise,
      },
      now,
      {
        sql: "EXISTS (SELECT 1 FROM offers WHERE id = ?1 AND decided_at = ?2 AND status = 'declined')",
        params: [offerId, now],
      },
    );
    await env.DB.batch([
      env.DB.prepare(
        "UPDATE offers SET status = 'declined', decided_at = ?2 WHERE id = ?1 AND status = 'waiting'",
      ).bind(offerId, now),
      ...statements,
    ]);
    const message = await deliver(env, id, seller);
    if (!message) throw new ApiError(409, M.offerGone);
    return { message, conversationId: offer.conversationId };
  }
  const saleId = crypto.randomUUID();
  const { id, statements } = messageStatements(
    env,
    { conversationId: offer.conversationId },
    seller,
    {
      kind: "accepted",
      body: `Accepted the offer of ${formatRupees(offer.pricePaise)}: reserved for you at that price`,
      pricePaise: offer.pricePaise,
    },
    now,
    { sql: "EXISTS (SELECT 1 FROM offers WHERE id = ?1 AND sale_id = ?2)", params: [offerId, saleId] },
  );
  await env.DB.batch([
    // The offer must still wait as the reservation is written: the guard is in the reservation itself.
    reserveStatement(env, {
      buyerId: offer.buyerId,
      buyerName: null,
      campusId: offer.buyerCampusId,
      productId: offer.productId,
      saleId,
      now,
      agreedPricePaise: offer.pricePaise,
      sellerId: seller.id,
      offerId,
    }),
    reservationLogStatement(env, saleId, now),
    env.DB.prepare(
      "UPDATE offers SET status = 'accepted', decided_at = ?2, sale_id = ?3 WHERE id = ?1 AND status = 'waiting' AND EXISTS (SELECT 1 FROM products WHERE sale_id = ?3)",
    ).bind(offerId, now, saleId),
    lapseOffersStatement(env, saleId, now),
    ...statements,
  ]);
  const message = await deliver(env, id, seller);
  if (message) return { message, conversationId: offer.conversationId };
  // Nothing written: why, from one read.
  const now2 = await env.DB.prepare(
    `SELECT o.status, p.status AS productStatus,
       EXISTS (SELECT 1 FROM member_blocks b WHERE (b.blocker_id = o.buyer_id AND b.blocked_id = p.seller_id) OR (b.blocker_id = p.seller_id AND b.blocked_id = o.buyer_id)) AS blocked,
       EXISTS (SELECT 1 FROM users u WHERE u.id = o.buyer_id AND u.suspended_until > ?2) AS suspended
     FROM offers o JOIN products p ON p.id = o.product_id WHERE o.id = ?1`,
  )
    .bind(offerId, now)
    .first<{ status: string; productStatus: string; blocked: number; suspended: number }>();
  if (now2?.status !== "waiting") throw new ApiError(409, M.offerGone);
  if (now2.blocked) throw new ApiError(403, M.blocked);
  if (now2.productStatus !== "available") throw new ApiError(409, M.notAvailable);
  if (now2.suspended) throw new ApiError(409, M.buyerCannotReserve);
  throw new ApiError(
    409,
    "This buyer can't reserve more right now (they are at their limit of reservations). Ask them to finish or cancel one first.",
  );
}

/** The buyer takes back their waiting offer. */
export async function withdrawOffer(env: Env, buyer: Member, offerId: string): Promise<MessageView> {
  const now = Date.now();
  const offer = await env.DB.prepare(
    "SELECT conversation_id AS conversationId, buyer_id AS buyerId, price_paise AS pricePaise FROM offers WHERE id = ?1",
  )
    .bind(offerId)
    .first<{ conversationId: string; buyerId: string; pricePaise: number }>();
  if (!offer || offer.buyerId !== buyer.id) throw new ApiError(404, M.offerGone);
  const { id, statements } = messageStatements(
    env,
    { conversationId: offer.conversationId },
    buyer,
    { kind: "system", body: `Withdrew the offer of ${formatRupees(offer.pricePaise)}`, pricePaise: offer.pricePaise },
    now,
    {
      sql: "EXISTS (SELECT 1 FROM offers WHERE id = ?1 AND decided_at = ?2 AND status = 'withdrawn')",
      params: [offerId, now],
    },
  );
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE offers SET status = 'withdrawn', decided_at = ?3 WHERE id = ?1 AND buyer_id = ?2 AND status = 'waiting'",
    ).bind(offerId, buyer.id, now),
    ...statements,
  ]);
  const message = await deliver(env, id, buyer);
  if (!message) throw new ApiError(409, M.offerGone);
  return message;
}
