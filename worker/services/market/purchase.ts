import { z } from "zod";
import { AUTH_MESSAGES } from "#common/auth-messages.ts";
import { formatIndiaShortDateTime, formatRupees } from "#common/format.ts";
import { ceilToMinute } from "#common/india-time.ts";
import { BUY, RESERVATION_HOURS, paiseToRupees, rupeesToPaise, whatsappLink } from "#common/market.ts";
import { NO_PRODUCT, SEEN_PRICE_NOT_A_NUMBER } from "#common/market-messages.ts";
import {
  all,
  batch,
  first,
  int,
  intOrNull,
  oneOf,
  returning,
  run,
  select,
  type Sql,
  sql,
  text,
  update,
} from "#server/db/sql.ts";
import { offers, products, saleNotifications } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { selectProducts, type ShownProduct, viewFor } from "#server/services/market/product-view.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";

// Buying reserves the product (docs/decisions/0085-reservations.md): one conditional write that only
// one buyer can win, with the seller's notices in the same batch. The steps after it (handover,
// decline, cancel, expiry) are in worker/services/market/reservations.ts.

export interface PurchaseResult {
  /** The product as its buyer now sees it: with the seller's number where sellerContact allows. */
  product: ShownProduct;
  /** `directLink`: '' when the seller has no WhatsApp number (decision 0114). */
  notification: { sent: boolean; directLink: string };
}

/** One account makes at most this many reservations in any 24 hours, whatever becomes of them (the reservation log, docs/decisions/0085-reservations.md). */
export const PURCHASE_LIMIT = 5;
export const PURCHASE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A buyer holds at most this many reservations waiting for a handover. */
export const OPEN_RESERVATIONS_LIMIT = 5;

/**
 * What a buyer sends with a purchase, both doors: the price in rupees they saw (optional for API
 * clients of the specification, which send no body; a screen always sends it). Compared exactly (as
 * paise) with the current price, so a seller's price change between looking and buying is never paid.
 * A JSON number: a screen's form hands its hidden field over as one (app/lib/market.server.ts).
 */
export const purchaseSchema = z.object(
  {
    price: z
      .number({ error: SEEN_PRICE_NOT_A_NUMBER })
      .transform((rupees, ctx) => {
        const paise = rupeesToPaise(rupees);
        if (paise === null) {
          ctx.addIssue({
            code: "custom",
            message:
              "The price you saw must be a number of rupees, 0 or more, with at most two decimals (for example 249 or 249.5).",
          });
          return z.NEVER;
        }
        return paise;
      })
      .optional(),
  },
  { error: 'Send the body as a JSON object, for example { "price": 249.5 }.' },
);
export type PurchaseInput = z.output<typeof purchaseSchema>;

/**
 * One atomic batch: a conditional UPDATE that only an available product of someone else can pass,
 * at the price the buyer saw (when they sent it) and while the buyer has made fewer than
 * PURCHASE_LIMIT reservations in the last 24 hours, whatever became of them (the reservation log:
 * a cancelled one counts, or reserve-and-cancel would notify a seller without end); the log row and
 * the seller's notice, inserted only for the sale id this very call wrote. D1 runs one statement at
 * a time, so the count and the sale cannot interleave with another purchase: of any number of
 * simultaneous attempts exactly the allowed ones get a row back. Only a verified member buys, and
 * only a product of their own campus.
 */
export async function purchaseProduct(
  env: Env,
  buyer: SessionUser,
  id: string,
  input: PurchaseInput = {},
): Promise<PurchaseResult> {
  requireMayAct(buyer, BUY);
  const now = Date.now();
  const since = now - PURCHASE_WINDOW_MS;
  const seen = input.price ?? null;
  const saleId = crypto.randomUUID();
  const [reserved, , notice] = await batch(env, [
    reserve({
      buyerId: buyer.id,
      buyerName: buyer.name,
      campusId: buyer.campusId,
      productId: id,
      saleId,
      now,
      seenPricePaise: seen,
    }),
    reservationLog(saleId, now),
    sql`INSERT INTO sale_notifications (id, seller_id, product_id, product_title, buyer_name, price_paise, created_at, sale_id, buyer_id)
       SELECT ${crypto.randomUUID()}, seller_id, id, title, ${buyer.name}, sale_price_paise, ${now}, sale_id, buyer_id FROM products WHERE sale_id = ${saleId}`,
    // The seller's inbox too: who reserved it, and what happens next (decision 0098). The buyer is
    // the notice's actor: their name is read before the text when the notice is (worker/services/notifications/notices.ts).
    sql`INSERT INTO notices (id, user_id, kind, title, text, link, created_at, actor_id)
       SELECT lower(hex(randomblob(16))), seller_id, 'market.reserved', title || ' is reserved', ${RESERVED_NOTICE_TEXT}, '/mysells', ${now}, buyer_id
       FROM products WHERE sale_id = ${saleId}`,
    lapseOffers(saleId, now),
  ]);
  if (reserved.rows.length === 0) return explainNoPurchase(env, buyer, id, seen, since);
  const p = products.as("p");
  const row = await first(env, selectProducts(undefined, sql`WHERE ${p.id} = ${id}`));
  return {
    product: viewFor(buyer, row!),
    // The link the specification's client offers the buyer after a purchase (section 8).
    notification: {
      sent: notice.changes === 1,
      directLink: row!.whatsappNumber ? whatsappLink(row!.whatsappNumber) : "",
    },
  };
}

export interface Reservation {
  buyerId: string;
  /** The buyer's name as the seller sees it; null: read from their account (an offer accepted by the seller). */
  buyerName: string | null;
  /** The buyer's campus: only a product of it is reserved. */
  campusId: string;
  productId: string;
  saleId: string;
  now: number;
  /** The price the buyer saw (Buy): the product must still cost exactly that. */
  seenPricePaise?: number | null;
  /**
   * The price the two agreed (an accepted offer): the reservation is made at it, whatever the listing
   * costs. It is the reservation's (sale_price_paise), never the listing's: a reservation that ends
   * without a handover leaves the listing at the seller's own price.
   */
  agreedPricePaise?: number | null;
  /** Only while this member sells it (the seller accepting an offer). */
  sellerId?: string | null;
  /** Only while this offer of the buyer on the product still waits for an answer. */
  offerId?: string | null;
}

/**
 * The one conditional write that reserves a product, for Buy and for an accepted offer alike: only an
 * available, shown, unexpired product of someone else on the buyer's campus passes, while the buyer
 * is not suspended, has made fewer than PURCHASE_LIMIT reservations in 24 hours and holds fewer than
 * OPEN_RESERVATIONS_LIMIT waiting for a handover. An accepted offer also needs the offer still
 * waiting and no block between the two (the seller is the one acting, so the buyer's state is
 * checked here, not by a gate on the request). Of any number of simultaneous attempts on one
 * product exactly one gets its id back; the statements after it in the batch select by `saleId`.
 */
export function reserve(r: Reservation): Sql {
  const seen = r.seenPricePaise ?? null;
  const sellerId = r.sellerId ?? null;
  const offerId = r.offerId ?? null;
  return returning(
    update(
      products,
      {
        status: "sold",
        buyer_id: r.buyerId,
        buyer_name: sql`COALESCE(${r.buyerName}, (SELECT name FROM users WHERE id = ${r.buyerId}))`,
        sale_id: r.saleId,
        purchased_at: r.now,
        updated_at: r.now,
        sale_price_paise: sql`COALESCE(${r.agreedPricePaise ?? null}, price_paise)`,
      },
      sql`WHERE id = ${r.productId} AND status = 'available' AND seller_id <> ${r.buyerId} AND campus_id = ${r.campusId} AND hidden_at IS NULL AND expires_at > ${r.now}
       AND (${seen} IS NULL OR price_paise = ${seen})
       AND (${sellerId} IS NULL OR seller_id = ${sellerId})
       AND (${offerId} IS NULL OR (EXISTS (SELECT 1 FROM offers o WHERE o.id = ${offerId} AND o.status = 'waiting' AND o.product_id = products.id AND o.buyer_id = ${r.buyerId})
         AND NOT EXISTS (SELECT 1 FROM member_blocks b WHERE (b.blocker_id = ${r.buyerId} AND b.blocked_id = products.seller_id) OR (b.blocker_id = products.seller_id AND b.blocked_id = ${r.buyerId}))))
       AND (SELECT COUNT(*) FROM reservation_log WHERE buyer_id = ${r.buyerId} AND created_at > ${r.now - PURCHASE_WINDOW_MS}) < ${PURCHASE_LIMIT}
       AND (SELECT COUNT(*) FROM products WHERE buyer_id = ${r.buyerId} AND status = 'sold' AND handed_over_at IS NULL) < ${OPEN_RESERVATIONS_LIMIT}
       AND EXISTS (SELECT 1 FROM users WHERE id = ${r.buyerId} AND deleted_at IS NULL AND (suspended_until IS NULL OR suspended_until <= ${r.now}))`,
    ),
    { id: products.id },
  );
}

/** The reservation's log row (the 24-hour limit counts it), written only for the sale `saleId` made. */
export function reservationLog(saleId: string, now: number): Sql {
  return sql`INSERT INTO reservation_log (id, buyer_id, product_id, created_at) SELECT sale_id, buyer_id, id, ${now} FROM products WHERE sale_id = ${saleId}`;
}

/**
 * Offers still waiting on a product that `saleId` just reserved lapse: the listing is gone, so no
 * seller can accept them any more (docs/decisions/0113-conversations.md).
 */
export function lapseOffers(saleId: string, now: number): Sql {
  return update(
    offers,
    { status: "lapsed", decided_at: now },
    sql`WHERE status = 'waiting' AND product_id = (SELECT id FROM products WHERE sale_id = ${saleId})`,
  );
}

/** Why the conditional purchase wrote nothing, from one read: 404, 403, 409 or 429. */
async function explainNoPurchase(
  env: Env,
  buyer: SessionUser,
  id: string,
  seen: number | null,
  since: number,
): Promise<never> {
  const buyerId = buyer.id;
  const p = products;
  const row = await first(
    env,
    select(
      {
        sellerId: p.seller_id,
        campusId: p.campus_id,
        status: p.status,
        pricePaise: p.price_paise,
        hiddenAt: p.hidden_at,
        expiresAt: p.expires_at,
        recent: int(sql`(SELECT COUNT(*) FROM reservation_log WHERE buyer_id = ${buyerId} AND created_at > ${since})`),
        oldestCounted: intOrNull(
          sql`(SELECT created_at FROM reservation_log WHERE buyer_id = ${buyerId} AND created_at > ${since} ORDER BY created_at DESC LIMIT 1 OFFSET ${PURCHASE_LIMIT - 1})`,
        ),
        buyerDeletedAt: intOrNull(sql`(SELECT deleted_at FROM users WHERE id = ${buyerId})`),
        open: int(
          sql`(SELECT COUNT(*) FROM products WHERE buyer_id = ${buyerId} AND status = 'sold' AND handed_over_at IS NULL)`,
        ),
      },
      sql`FROM ${p} WHERE id = ${id}`,
    ),
  );
  // Another campus's product is answered as one that does not exist: its existence is not confirmed.
  // Hidden by reports or a moderator: it does not exist for a buyer.
  if (!row || row.campusId !== buyer.campusId || (row.hiddenAt !== null && row.sellerId !== buyerId))
    throw new ApiError(404, NO_PRODUCT);
  // The buyer's account was deleted while this purchase was on its way.
  if (row.buyerDeletedAt !== null) throw new ApiError(401, AUTH_MESSAGES.signInFirst);
  if (row.sellerId === buyerId) throw new ApiError(403, "You can't buy your own product.");
  if (row.status !== "available") throw new ApiError(409, "Sorry, this product has just been sold to someone else.");
  if (row.expiresAt <= Date.now())
    throw new ApiError(409, "This listing has expired: its seller has not renewed it, so it cannot be bought now.");
  if (row.recent >= PURCHASE_LIMIT) {
    // When the oldest purchase that still counts leaves the window.
    const retryAt = ceilToMinute((row.oldestCounted ?? Date.now()) + PURCHASE_WINDOW_MS);
    throw new ApiError(
      429,
      `You can buy at most ${PURCHASE_LIMIT} products in 24 hours. Try again after ${formatIndiaShortDateTime(retryAt)}.`,
      { retryAt },
    );
  }
  if (row.open >= OPEN_RESERVATIONS_LIMIT) {
    throw new ApiError(
      409,
      `You already have ${OPEN_RESERVATIONS_LIMIT} reservations waiting for a handover. Meet those sellers, or cancel one on My Purchases, before reserving more.`,
    );
  }
  if (seen !== null && row.pricePaise !== seen) {
    throw new ApiError(
      409,
      `The price has changed: it is now ${formatRupees(row.pricePaise)} (you saw ${formatRupees(seen)}). Check the new price and buy again.`,
      {
        price: paiseToRupees(row.pricePaise),
        pricePaise: row.pricePaise,
        seenPrice: paiseToRupees(seen),
      },
    );
  }
  // The product changed between the write and this read (sold and the sale undone cannot happen;
  // a price changed and changed back can).
  throw new ApiError(409, "The product changed while you were buying it. Reload and try again.");
}

/** The seller's reservation notice, after the buyer's name (its actor). */
export const RESERVED_NOTICE_TEXT = ` reserved it. Meet them to hand it over: they pay you then. Confirm the handover on My Sells, or decline it there. The reservation ends by itself after ${RESERVATION_HOURS} hours.`;

/** Where the reservation a sale notice was written for stands now. */
const SALE_STATES = ["reserved", "sold", "ended"] as const;

export interface SaleNotice {
  id: string;
  productTitle: string;
  buyerName: string;
  pricePaise: number;
  createdAt: number;
  /** Where the reservation it was written for stands now: waiting for the handover, handed over (a sale), or ended (declined, cancelled, expired). */
  state: (typeof SALE_STATES)[number];
}

/** The seller's unread notices of reservations, each with where its reservation stands now (the listing is read in the same query). */
export async function unreadSaleNotices(env: Env, sellerId: string): Promise<SaleNotice[]> {
  const n = saleNotifications;
  const p = products;
  return all(
    env,
    select(
      {
        id: n.id,
        productTitle: n.product_title,
        // The buyer's name as it is now (renamed since, or "Deleted student" written by their deletion).
        buyerName: text(
          sql`COALESCE((SELECT u.name FROM users u WHERE u.id = ${n.buyer_id} AND u.deleted_at IS NULL), ${n.buyer_name})`,
        ),
        pricePaise: n.price_paise,
        createdAt: n.created_at,
        state: oneOf(
          SALE_STATES,
          sql`CASE WHEN ${n.sale_id} IS NULL OR ${p.sale_id} IS NOT ${n.sale_id} THEN 'ended' WHEN ${p.handed_over_at} IS NULL THEN 'reserved' ELSE 'sold' END`,
        ),
      },
      sql`FROM ${n} LEFT JOIN ${p} ON ${p.id} = ${n.product_id}
        WHERE ${n.seller_id} = ${sellerId} AND ${n.read_at} IS NULL ORDER BY ${n.created_at} DESC LIMIT ${20}`,
    ),
  );
}

export async function markSaleNoticesRead(env: Env, sellerId: string): Promise<void> {
  await run(
    env,
    update(saleNotifications, { read_at: Date.now() }, sql`WHERE seller_id = ${sellerId} AND read_at IS NULL`),
  );
}
