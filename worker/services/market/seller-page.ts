import { z } from "zod";
import type { ProductView } from "#common/market.ts";
import { batch, int, intOrNull, select, sql, textOrNull } from "#server/db/sql.ts";
import { campuses, products, tradeRatings, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { badgeOf } from "#server/services/campus.ts";
import { joinedView, selectProducts } from "#server/services/market/product-view.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";

// A seller's page (docs/decisions/0115): who they are, what they sell now, and what their buyers
// said. For members of the seller's own campus only; one D1 batch.

/** The most listings and ratings the page shows (newest first). */
export const SELLER_PAGE_LISTINGS = 48;
export const SELLER_PAGE_RATINGS = 30;

export const NO_SELLER = "This seller is not on your campus's marketplace.";

export const sellerIdSchema = z.string().trim().min(1).max(64);

export interface SellerRating {
  stars: number;
  note: string | null;
  /** The listing the rating is about, as it is called now. */
  productTitle: string;
  createdAt: number;
}

export interface SellerPage {
  seller: {
    id: string;
    name: string;
    verifiedBadge: string | null;
    /** Completed sales (handed over). */
    sales: number;
    /** The average of their buyers' stars, one decimal; null before the first rating. */
    rating: number | null;
    ratings: number;
  };
  /** Their listings on sale now: available, not hidden, not expired; with no contact. */
  products: (Omit<ProductView, "whatsappNumber"> & { mine: boolean })[];
  /** Their buyers' ratings, newest first. */
  ratings: SellerRating[];
}

/**
 * The seller's page as `reader` sees it, both doors' one read. Another campus's seller, a deleted
 * account or an unknown id is the same 404: nothing tells them apart.
 */
export async function sellerPage(
  env: Env,
  reader: Pick<SessionUser, "id" | "campusId">,
  sellerId: string,
  now = Date.now(),
): Promise<SellerPage> {
  const u = users.as("u");
  const c = campuses.as("c");
  const p = products.as("p");
  const r = tradeRatings.as("r");
  const [sellerRows, productRows, ratingRows] = await batch(env, [
    select(
      {
        id: u.id,
        name: u.name,
        verifiedAt: u.email_verified_at,
        // The campus, by LEFT JOIN: null when the row is not there.
        campusIsOpen: intOrNull(sql`${c.is_open}`),
        campusShortName: textOrNull(sql`${c.short_name}`),
        sales: int(
          sql`(SELECT COUNT(*) FROM products s WHERE s.seller_id = ${u.id} AND s.status = 'sold' AND s.handed_over_at IS NOT NULL)`,
        ),
        // An average: a number with decimals, or null before the first rating.
        rating: intOrNull(
          sql`(SELECT AVG(r.stars) FROM trade_ratings r WHERE r.ratee_id = ${u.id} AND r.role = 'buyer')`,
        ),
        ratings: int(sql`(SELECT COUNT(*) FROM trade_ratings r WHERE r.ratee_id = ${u.id} AND r.role = 'buyer')`),
      },
      sql`FROM ${u} LEFT JOIN ${c} ON ${c.id} = ${u.campus_id}
       WHERE ${u.id} = ${sellerId} AND ${u.campus_id} = ${reader.campusId} AND ${u.deleted_at} IS NULL`,
    ),
    selectProducts(
      reader.id,
      sql`WHERE ${p.seller_id} = ${sellerId} AND ${p.campus_id} = ${reader.campusId} AND ${p.status} = ${"available"}
        AND ${p.hidden_at} IS NULL AND ${p.expires_at} > ${now}
       ORDER BY ${p.created_at} DESC LIMIT ${SELLER_PAGE_LISTINGS}`,
    ),
    select(
      { stars: r.stars, note: r.note, productTitle: p.title, createdAt: r.created_at },
      sql`FROM ${r} JOIN ${p} ON ${p.id} = ${r.product_id}
       WHERE ${r.ratee_id} = ${sellerId} AND ${r.role} = ${"buyer"} AND ${p.campus_id} = ${reader.campusId}
       ORDER BY ${r.created_at} DESC LIMIT ${SELLER_PAGE_RATINGS}`,
    ),
  ]);
  const seller = sellerRows.rows[0];
  if (!seller) throw new ApiError(404, NO_SELLER);
  return {
    seller: {
      id: seller.id,
      name: seller.name,
      verifiedBadge: badgeOf(
        seller.verifiedAt !== null,
        seller.campusIsOpen === null ? null : seller.campusIsOpen === 1,
        seller.campusShortName,
      ),
      sales: seller.sales,
      rating: seller.rating === null ? null : Math.round(Number(seller.rating) * 10) / 10,
      ratings: seller.ratings,
    },
    products: productRows.rows.map((row) => {
      const { whatsappNumber: _never, ...view } = joinedView(row);
      return { ...view, mine: row.sellerId === reader.id };
    }),
    ratings: ratingRows.rows,
  };
}
