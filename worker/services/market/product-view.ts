import { z } from "zod";
import { RESERVATION_HOURS, type ProductView } from "#common/market.ts";
import { mayContact, type Membership } from "#common/membership.ts";
import { int, intOrNull, type Query, type RowOf, select, type Sql, sql, textOrNull } from "#server/db/sql.ts";
import { campuses, products, users } from "#server/db/tables.generated.ts";
import { badgeOf } from "#server/services/campus.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";

// A product as every part of the marketplace answers it (browse, the listing, the purchase, saved
// listings, the account export): the row joined to its seller's record, and its photos' URLs.
// Every product belongs to its seller's campus (docs/decisions/0076-campus-market.md): it is
// listed, bought and changed only there, and another campus's product answers 404 as if it did not
// exist.

export const IMAGE_PREFIX = "products/";
export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

export const productIdSchema = z.uuid("That is not a valid product id.");

/** A reservation not handed over in this time returns to Browse (the cron, worker/services/market/reservations.ts). */
export const RESERVATION_MS = RESERVATION_HOURS * 60 * 60 * 1000;

export function imageUrl(imageKey: string): string {
  return `/api/files/${imageKey}`;
}

/** One photo of a listing as stored in products.photos (migrations/0021_photos_expiry.sql), a JSON list. */
export interface StoredPhoto {
  key: string;
  type: string;
  w: number;
  h: number;
  /** The R2 key of its ~400 px version; null when none was sent. */
  thumb: string | null;
}

/** products.photos as written (the listing's own JSON: JSON.stringify of its StoredPhoto list). */
export function photosFrom(json: string): StoredPhoto[] {
  return JSON.parse(json) as StoredPhoto[];
}

/** A product's own columns under the names the code uses, of `t` (the table or an alias of it). */
export function productColumns(t: typeof products) {
  return {
    id: t.id,
    sellerId: t.seller_id,
    title: t.title,
    description: t.description,
    pricePaise: t.price_paise,
    sellerName: t.seller_name,
    whatsappNumber: t.whatsapp_number,
    imageKey: t.image_key,
    imageType: t.image_type,
    status: t.status,
    buyerId: t.buyer_id,
    buyerName: t.buyer_name,
    saleId: t.sale_id,
    purchasedAt: t.purchased_at,
    createdAt: t.created_at,
    updatedAt: t.updated_at,
    submissionKey: t.submission_key,
    campusId: t.campus_id,
    hiddenAt: t.hidden_at,
    hiddenReason: t.hidden_reason,
    moderationId: t.moderation_id,
    handedOverAt: t.handed_over_at,
    category: t.category,
    condition: t.condition,
    photos: t.photos,
    expiresAt: t.expires_at,
    salePricePaise: t.sale_price_paise,
  };
}

/** A product row as productColumns reads it. */
export type ProductRecord = RowOf<ReturnType<typeof productColumns>>;

const p = products.as("p");
const u = users.as("u");
const c = campuses.as("c");

/**
 * Products joined to their sellers and campuses, in the one query of a list (no query per row):
 * with the seller's completed sales and buyers' ratings, and, given a viewer, whether they rated
 * this trade and saved it. `rest` is the statement's WHERE, ORDER BY and LIMIT (and any further
 * join), the product aliased `p` (products.as("p")).
 */
export function selectProducts(viewerId: string | null | undefined, rest: Sql) {
  return select(
    {
      ...productColumns(p),
      // The seller's record and campus, by LEFT JOIN: null when the row is not there.
      sellerVerifiedAt: u.email_verified_at,
      campusShortName: textOrNull(sql`${c.short_name}`),
      campusIsOpen: intOrNull(sql`${c.is_open}`),
      sellerSales: int(
        sql`(SELECT COUNT(*) FROM products s WHERE s.seller_id = ${p.seller_id} AND s.status = 'sold' AND s.handed_over_at IS NOT NULL)`,
      ),
      // An average: a number with decimals, or null before the first rating.
      sellerRating: intOrNull(
        sql`(SELECT AVG(r.stars) FROM trade_ratings r WHERE r.ratee_id = ${p.seller_id} AND r.role = 'buyer')`,
      ),
      sellerRatings: int(
        sql`(SELECT COUNT(*) FROM trade_ratings r WHERE r.ratee_id = ${p.seller_id} AND r.role = 'buyer')`,
      ),
      rated: viewerId
        ? int(sql`EXISTS (SELECT 1 FROM trade_ratings r WHERE r.product_id = ${p.id} AND r.rater_id = ${viewerId})`)
        : int(sql`0`),
      // The viewer saved it (the heart), in the same query.
      saved: viewerId
        ? int(sql`EXISTS (SELECT 1 FROM saved_products sp WHERE sp.product_id = ${p.id} AND sp.user_id = ${viewerId})`)
        : int(sql`0`),
    },
    sql`FROM ${p} LEFT JOIN ${u} ON ${u.id} = ${p.seller_id} LEFT JOIN ${c} ON ${c.id} = ${p.campus_id} ${rest}`,
  );
}

/** A product row with what its badge and the seller's record need (selectProducts). */
export type ProductRow = ReturnType<typeof selectProducts> extends Query<infer Row> ? Row : never;

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
  product: Pick<ProductRecord, "sellerId" | "buyerId" | "campusId" | "whatsappNumber">,
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
  row: Pick<ProductRecord, "sellerId" | "buyerId" | "pricePaise" | "salePricePaise">,
): number {
  const party = reader !== null && (reader.id === row.sellerId || reader.id === row.buyerId);
  return party ? (row.salePricePaise ?? row.pricePaise) : row.pricePaise;
}

export const badgeOfMember = (member: Pick<Membership, "verified" | "openCommunity" | "campusShortName">) =>
  badgeOf(member.verified, member.openCommunity, member.campusShortName);

/** A joined row as the screens see it, its badge from the seller's row. */
export function joinedView(row: ProductRow): ProductView {
  return {
    ...toView(
      row,
      badgeOf(
        row.sellerVerifiedAt !== null,
        row.campusIsOpen === null ? null : row.campusIsOpen === 1,
        row.campusShortName,
      ),
    ),
    seller: {
      sales: row.sellerSales,
      rating: row.sellerRating === null ? null : Math.round(Number(row.sellerRating) * 10) / 10,
      ratings: row.sellerRatings,
    },
    rated: row.rated === 1,
    saved: row.saved === 1,
  };
}

export function toView(row: ProductRecord, badge: string | null): ProductView {
  const photos = photosOf(row);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    pricePaise: row.pricePaise,
    sellerName: row.sellerName,
    sellerId: row.sellerId,
    whatsappNumber: row.whatsappNumber,
    image: imageUrl(row.imageKey),
    images: photos.map((photo) => ({
      url: imageUrl(photo.key),
      thumbUrl: imageUrl(photo.thumb ?? photo.key),
      width: photo.w || null,
      height: photo.h || null,
    })),
    thumb: imageUrl(photos[0]?.thumb ?? row.imageKey),
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

/** A listing's photos as the row stores them (products.photos), or as a list already read. */
type PhotoColumns = { imageKey: string; imageType: string; photos: string | readonly StoredPhoto[] };

/** A listing's photos as stored; a listing from before has only image_key (no size, no small version). */
export function photosOf(row: PhotoColumns): StoredPhoto[] {
  const photos = typeof row.photos === "string" ? photosFrom(row.photos) : row.photos;
  return photos.length > 0 ? [...photos] : [{ key: row.imageKey, type: row.imageType, w: 0, h: 0, thumb: null }];
}

/** Every R2 key of a listing: its photos and their small versions. */
export function photoKeys(row: PhotoColumns): string[] {
  return [...new Set(photosOf(row).flatMap((photo) => (photo.thumb ? [photo.key, photo.thumb] : [photo.key])))];
}
