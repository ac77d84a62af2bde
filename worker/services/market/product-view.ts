import { eq, getTableColumns, sql } from "drizzle-orm";
import { z } from "zod";
import { RESERVATION_HOURS, type ProductView } from "#common/market.ts";
import { mayContact, type Membership } from "#common/membership.ts";
import { getDb } from "#server/db/client.ts";
import { campuses, products, users, type Product, type StoredPhoto } from "#server/db/schema.ts";
import { badgeOf } from "#server/services/campus.ts";
import type { SessionUser } from "#server/services/session-user.ts";

// A product as every part of the marketplace answers it (browse, the listing, the purchase, saved
// listings, the account export): the row joined to its seller's record, and its photos' URLs.
// Every product belongs to its seller's campus (docs/decisions/0076-campus-market.md): it is
// listed, bought and changed only there, and another campus's product answers 404 as if it did not
// exist.

export const IMAGE_PREFIX = "products/";
export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

export const productIdSchema = z.uuid("That is not a valid product id.");

/** A reservation not handed over in this time returns to Browse (the cron, worker/services/reservations.ts). */
export const RESERVATION_MS = RESERVATION_HOURS * 60 * 60 * 1000;

export function imageUrl(imageKey: string): string {
  return `/api/files/${imageKey}`;
}

/** A product row with what its badge needs: the seller's verified flag and the campus's short name. */
type ProductRow = Product & {
  sellerVerifiedAt: number | null;
  campusShortName: string | null;
  campusIsOpen: boolean | null;
  sellerSales?: number;
  sellerRating?: number | null;
  sellerRatings?: number;
  rated?: number;
  saved?: number;
};

/**
 * Products joined to their sellers and campuses, in the one query of a list (no query per row):
 * with the seller's completed sales and buyers' ratings, and, given a viewer, whether
 * they rated this trade.
 */
export function selectProducts(env: Env, viewerId?: string | null) {
  return getDb(env.DB)
    .select({
      ...getTableColumns(products),
      sellerVerifiedAt: users.emailVerifiedAt,
      campusShortName: campuses.shortName,
      campusIsOpen: campuses.isOpen,
      sellerSales:
        sql<number>`(SELECT COUNT(*) FROM products s WHERE s.seller_id = ${products.sellerId} AND s.status = 'sold' AND s.handed_over_at IS NOT NULL)`
          .mapWith(Number)
          .as("seller_sales"),
      sellerRating: sql<
        number | null
      >`(SELECT AVG(r.stars) FROM trade_ratings r WHERE r.ratee_id = ${products.sellerId} AND r.role = 'buyer')`.as(
        "seller_rating",
      ),
      sellerRatings:
        sql<number>`(SELECT COUNT(*) FROM trade_ratings r WHERE r.ratee_id = ${products.sellerId} AND r.role = 'buyer')`
          .mapWith(Number)
          .as("seller_ratings"),
      rated: viewerId
        ? sql<number>`EXISTS (SELECT 1 FROM trade_ratings r WHERE r.product_id = ${products.id} AND r.rater_id = ${viewerId})`
            .mapWith(Number)
            .as("rated")
        : sql<number>`0`.mapWith(Number).as("rated"),
      // The viewer saved it (the heart), in the same query.
      saved: viewerId
        ? sql<number>`EXISTS (SELECT 1 FROM saved_products sp WHERE sp.product_id = ${products.id} AND sp.user_id = ${viewerId})`
            .mapWith(Number)
            .as("saved")
        : sql<number>`0`.mapWith(Number).as("saved"),
    })
    .from(products)
    .leftJoin(users, eq(users.id, products.sellerId))
    .leftJoin(campuses, eq(campuses.id, products.campusId));
}

/** Who reads a product: what the contact rule needs of them. */
export type Reader = Pick<SessionUser, "id" | "campusId" | "verified" | "openCommunity">;

/**
 * Who sees a seller's WhatsApp number, the one rule of both doors (decision 0076): the seller, on
 * their own listing; its buyer, while they may contact members of its campus (a verified member of
 * it). Nobody else: null. A seller who deleted their account has "" (the purchase stays, the number
 * does not).
 */
export function sellerContact(
  reader: Reader | null,
  product: Pick<Product, "sellerId" | "buyerId" | "campusId" | "whatsappNumber">,
): string | null {
  if (!reader) return null;
  if (product.sellerId === reader.id) return product.whatsappNumber;
  return product.buyerId === reader.id && mayContact(reader, product.campusId) ? product.whatsappNumber : null;
}

/** A product as one reader may see it: the seller's number only where sellerContact says, else null. */
export type ShownProduct<View extends ProductView = ProductView> = Omit<View, "whatsappNumber"> & {
  whatsappNumber: string | null;
};

/** A joined row as `reader` sees it (the contact by sellerContact; the reservation's price by priceFor). */
export function viewFor(reader: Reader | null, row: ProductRow): ShownProduct {
  return { ...joinedView(row), pricePaise: priceFor(reader, row), whatsappNumber: sellerContact(reader, row) };
}

/**
 * The price a reader sees: a reservation's (or sale's) own price to its buyer and seller, the price
 * the two agreed; the listing's price to everyone else, who were not party to the bargain.
 */
export function priceFor(
  reader: Pick<Reader, "id"> | null,
  row: Pick<Product, "sellerId" | "buyerId" | "pricePaise" | "salePricePaise">,
): number {
  const party = reader !== null && (reader.id === row.sellerId || reader.id === row.buyerId);
  return party ? (row.salePricePaise ?? row.pricePaise) : row.pricePaise;
}

export const badgeOfMember = (member: Pick<Membership, "verified" | "openCommunity" | "campusShortName">) =>
  badgeOf(member.verified, member.openCommunity, member.campusShortName);

/** A joined row as the screens see it, its badge from the seller's row. */
export function joinedView(row: ProductRow): ProductView {
  return {
    ...toView(row, badgeOf(row.sellerVerifiedAt !== null, row.campusIsOpen, row.campusShortName)),
    seller: {
      sales: row.sellerSales ?? 0,
      rating:
        row.sellerRating === null || row.sellerRating === undefined
          ? null
          : Math.round(Number(row.sellerRating) * 10) / 10,
      ratings: row.sellerRatings ?? 0,
    },
    rated: row.rated === 1,
    saved: row.saved === 1,
  };
}

export function toView(row: Product, badge: string | null): ProductView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    pricePaise: row.pricePaise,
    sellerName: row.sellerName,
    sellerId: row.sellerId,
    whatsappNumber: row.whatsappNumber,
    image: imageUrl(row.imageKey),
    images: photosOf(row).map((photo) => ({
      url: imageUrl(photo.key),
      thumbUrl: imageUrl(photo.thumb ?? photo.key),
      width: photo.w || null,
      height: photo.h || null,
    })),
    thumb: imageUrl(photosOf(row)[0]?.thumb ?? row.imageKey),
    expiresAt: row.expiresAt,
    status: row.status,
    createdAt: row.createdAt,
    purchaseDate: row.purchasedAt,
    buyerName: row.buyerName,
    campusId: row.campusId,
    verifiedBadge: badge,
    hiddenReason: row.hiddenAt !== null ? (row.hiddenReason ?? "Hidden by a moderator.") : null,
    handedOverAt: row.handedOverAt,
    category: row.category,
    condition: row.condition,
    reservedUntil:
      row.status === "sold" && row.handedOverAt === null && row.purchasedAt !== null
        ? row.purchasedAt + RESERVATION_MS
        : null,
  };
}

/** A listing's photos as stored; a listing from before has only image_key (no size, no small version). */
export function photosOf(row: Pick<Product, "imageKey" | "imageType" | "photos">): StoredPhoto[] {
  return row.photos.length > 0 ? row.photos : [{ key: row.imageKey, type: row.imageType, w: 0, h: 0, thumb: null }];
}

/** Every R2 key of a listing: its photos and their small versions. */
export function photoKeys(row: Pick<Product, "imageKey" | "imageType" | "photos">): string[] {
  return [...new Set(photosOf(row).flatMap((photo) => (photo.thumb ? [photo.key, photo.thumb] : [photo.key])))];
}
