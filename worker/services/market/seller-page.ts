import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { ProductView } from "#common/market.ts";
import { getDb } from "#server/db/client.ts";
import { campuses, products, tradeRatings, users } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/errors.ts";
import { badgeOf } from "#server/services/campus.ts";
import { joinedView, selectProducts } from "#server/services/market/product-view.ts";
import type { SessionUser } from "#server/services/session-user.ts";

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
  const db = getDb(env.DB);
  const [sellerRows, productRows, ratingRows] = await db.batch([
    db
      .select({
        id: users.id,
        name: users.name,
        verifiedAt: users.emailVerifiedAt,
        campusIsOpen: campuses.isOpen,
        campusShortName: campuses.shortName,
        sales:
          sql<number>`(SELECT COUNT(*) FROM products s WHERE s.seller_id = ${users.id} AND s.status = 'sold' AND s.handed_over_at IS NOT NULL)`.mapWith(
            Number,
          ),
        rating: sql<
          number | null
        >`(SELECT AVG(r.stars) FROM trade_ratings r WHERE r.ratee_id = ${users.id} AND r.role = 'buyer')`,
        ratings:
          sql<number>`(SELECT COUNT(*) FROM trade_ratings r WHERE r.ratee_id = ${users.id} AND r.role = 'buyer')`.mapWith(
            Number,
          ),
      })
      .from(users)
      .leftJoin(campuses, eq(campuses.id, users.campusId))
      .where(and(eq(users.id, sellerId), eq(users.campusId, reader.campusId), isNull(users.deletedAt))),
    selectProducts(env, reader.id)
      .where(
        and(
          eq(products.sellerId, sellerId),
          eq(products.campusId, reader.campusId),
          eq(products.status, "available"),
          isNull(products.hiddenAt),
          gt(products.expiresAt, now),
        ),
      )
      .orderBy(desc(products.createdAt))
      .limit(SELLER_PAGE_LISTINGS),
    db
      .select({
        stars: tradeRatings.stars,
        note: tradeRatings.note,
        productTitle: products.title,
        createdAt: tradeRatings.createdAt,
      })
      .from(tradeRatings)
      .innerJoin(products, eq(products.id, tradeRatings.productId))
      .where(
        and(eq(tradeRatings.rateeId, sellerId), eq(tradeRatings.role, "buyer"), eq(products.campusId, reader.campusId)),
      )
      .orderBy(desc(tradeRatings.createdAt))
      .limit(SELLER_PAGE_RATINGS),
  ]);
  const seller = sellerRows[0];
  if (!seller) throw new ApiError(404, NO_SELLER);
  return {
    seller: {
      id: seller.id,
      name: seller.name,
      verifiedBadge: badgeOf(seller.verifiedAt !== null, seller.campusIsOpen, seller.campusShortName),
      sales: seller.sales,
      rating: seller.rating === null ? null : Math.round(Number(seller.rating) * 10) / 10,
      ratings: seller.ratings,
    },
    products: productRows.map((row) => {
      const { whatsappNumber: _never, ...view } = joinedView(row);
      return { ...view, mine: row.sellerId === reader.id };
    }),
    ratings: ratingRows,
  };
}
