import { z } from "zod";
import { CONVERSATION_MESSAGES as M, MESSAGE_SELLER, type MessageView } from "#common/messages.ts";
import { formatRupees } from "#common/format.ts";
import { parsePricePaise } from "#common/market.ts";
import { first, int, select, sql, update } from "#server/db/sql.ts";
import { conversations, offers, products, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { writeAndDeliver, limitMessages, type Member, messageStatements } from "#server/services/messages/send.ts";
import { lapseOffers, reservationLog, reserve } from "#server/services/market/purchase.ts";

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
    { conversationId },
    buyer,
    { kind: "offer", body: `Offered ${formatRupees(price)}`, pricePaise: price },
    now,
    sql`EXISTS (SELECT 1 FROM offers WHERE id = ${offerId})`,
  );
  const sent = await writeAndDeliver(env, id, buyer, [
    sql`INSERT INTO offers (id, conversation_id, product_id, buyer_id, price_paise, created_at)
       SELECT ${offerId}, c.id, c.product_id, ${buyer.id}, ${price}, ${now} FROM conversations c JOIN products p ON p.id = c.product_id
       WHERE c.id = ${conversationId} AND c.buyer_id = ${buyer.id} AND p.status = 'available' AND p.hidden_at IS NULL AND p.expires_at > ${now}
       ON CONFLICT DO NOTHING`,
    ...statements,
  ]);
  if (sent) return sent;
  // Nothing written: why, from one read.
  const c = conversations.as("c");
  const p = products.as("p");
  const row = await first(
    env,
    select(
      {
        buyerId: c.buyer_id,
        sellerId: c.seller_id,
        status: p.status,
        hiddenAt: p.hidden_at,
        expiresAt: p.expires_at,
        waiting: int(sql`EXISTS (SELECT 1 FROM offers o WHERE o.conversation_id = c.id AND o.status = 'waiting')`),
      },
      sql`FROM ${c} JOIN ${p} ON ${p.id} = ${c.product_id} WHERE ${c.id} = ${conversationId}`,
    ),
  );
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
  const o = offers.as("o");
  const c = conversations.as("c");
  const u = users.as("u");
  const offer = await first(
    env,
    select(
      {
        conversationId: o.conversation_id,
        productId: o.product_id,
        buyerId: o.buyer_id,
        pricePaise: o.price_paise,
        status: o.status,
        sellerId: c.seller_id,
        buyerCampusId: u.campus_id,
      },
      sql`FROM ${o} JOIN ${c} ON ${c.id} = ${o.conversation_id} JOIN ${u} ON ${u.id} = ${o.buyer_id} WHERE ${o.id} = ${offerId}`,
    ),
  );
  if (!offer || (offer.sellerId !== seller.id && offer.buyerId !== seller.id)) throw new ApiError(404, M.offerGone);
  if (offer.sellerId !== seller.id) throw new ApiError(403, M.offerOnlySeller);
  if (offer.status !== "waiting") throw new ApiError(409, M.offerGone);
  const now = Date.now();
  if (answer === "decline") {
    const { id, statements } = messageStatements(
      { conversationId: offer.conversationId },
      seller,
      {
        kind: "declined",
        body: `Declined the offer of ${formatRupees(offer.pricePaise)}`,
        pricePaise: offer.pricePaise,
      },
      now,
      sql`EXISTS (SELECT 1 FROM offers WHERE id = ${offerId} AND decided_at = ${now} AND status = 'declined')`,
    );
    const message = await writeAndDeliver(env, id, seller, [
      update(offers, { status: "declined", decided_at: now }, sql`WHERE id = ${offerId} AND status = 'waiting'`),
      ...statements,
    ]);
    if (!message) throw new ApiError(409, M.offerGone);
    return { message, conversationId: offer.conversationId };
  }
  const saleId = crypto.randomUUID();
  const { id, statements } = messageStatements(
    { conversationId: offer.conversationId },
    seller,
    {
      kind: "accepted",
      body: `Accepted the offer of ${formatRupees(offer.pricePaise)}: reserved for you at that price`,
      pricePaise: offer.pricePaise,
    },
    now,
    sql`EXISTS (SELECT 1 FROM offers WHERE id = ${offerId} AND sale_id = ${saleId})`,
  );
  const message = await writeAndDeliver(env, id, seller, [
    // The offer must still wait as the reservation is written: the guard is in the reservation itself.
    reserve({
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
    reservationLog(saleId, now),
    update(
      offers,
      { status: "accepted", decided_at: now, sale_id: saleId },
      sql`WHERE id = ${offerId} AND status = 'waiting' AND EXISTS (SELECT 1 FROM products WHERE sale_id = ${saleId})`,
    ),
    lapseOffers(saleId, now),
    ...statements,
  ]);
  if (message) return { message, conversationId: offer.conversationId };
  // Nothing written: why, from one read.
  const p = products.as("p");
  const now2 = await first(
    env,
    select(
      {
        status: o.status,
        productStatus: p.status,
        blocked: int(
          sql`EXISTS (SELECT 1 FROM member_blocks b WHERE (b.blocker_id = o.buyer_id AND b.blocked_id = p.seller_id) OR (b.blocker_id = p.seller_id AND b.blocked_id = o.buyer_id))`,
        ),
        suspended: int(sql`EXISTS (SELECT 1 FROM users u WHERE u.id = o.buyer_id AND u.suspended_until > ${now})`),
      },
      sql`FROM ${o} JOIN ${p} ON ${p.id} = ${o.product_id} WHERE ${o.id} = ${offerId}`,
    ),
  );
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
  const offer = await first(
    env,
    select(
      { conversationId: offers.conversation_id, buyerId: offers.buyer_id, pricePaise: offers.price_paise },
      sql`FROM ${offers} WHERE id = ${offerId}`,
    ),
  );
  if (!offer || offer.buyerId !== buyer.id) throw new ApiError(404, M.offerGone);
  const { id, statements } = messageStatements(
    { conversationId: offer.conversationId },
    buyer,
    { kind: "system", body: `Withdrew the offer of ${formatRupees(offer.pricePaise)}`, pricePaise: offer.pricePaise },
    now,
    sql`EXISTS (SELECT 1 FROM offers WHERE id = ${offerId} AND decided_at = ${now} AND status = 'withdrawn')`,
  );
  const message = await writeAndDeliver(env, id, buyer, [
    update(
      offers,
      { status: "withdrawn", decided_at: now },
      sql`WHERE id = ${offerId} AND buyer_id = ${buyer.id} AND status = 'waiting'`,
    ),
    ...statements,
  ]);
  if (!message) throw new ApiError(409, M.offerGone);
  return message;
}
