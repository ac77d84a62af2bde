import { desc, eq, or, sql } from "drizzle-orm";
import {
  products,
  reservationLog,
  saleNotifications,
  savedProducts,
  tradeRatings,
  wantedPosts,
} from "#server/db/schema.ts";
import { imageUrl, photosOf } from "#server/services/market/product-view.ts";
import { DELETED_STUDENT, exportAt, placed } from "#server/services/personal-data/place.ts";

// The marketplace: listings sold and bought, sale notices, ratings, saved listings, wanted posts
// and the log of reservations made. A trade is also the other student's record: it stays, with
// the person anonymised (docs/decisions/0078-download-and-delete-my-account.md, 0085-reservations.md).

export const MARKETPLACE_DATA = {
  products: placed({
    onDelete: "kept-anonymised",
    why: "Products still on sale are deleted with their images; a product sold to or bought from another student is their purchase or sale record and stays, with the seller's name and WhatsApp number (or the buyer's name) anonymised.",
    exports: [
      exportAt(
        "marketplace.selling",
        ({ db, userId }) =>
          db
            .select({
              id: products.id,
              title: products.title,
              description: products.description,
              pricePaise: products.pricePaise,
              // What the reservation or sale was made at (an accepted offer's price), NULL while on sale.
              salePricePaise: products.salePricePaise,
              sellerName: products.sellerName,
              whatsappNumber: products.whatsappNumber,
              imageKey: products.imageKey,
              imageType: products.imageType,
              photos: products.photos,
              category: products.category,
              condition: products.condition,
              expiresAt: products.expiresAt,
              status: products.status,
              buyerName: products.buyerName,
              soldAt: products.purchasedAt,
              createdAt: products.createdAt,
              updatedAt: products.updatedAt,
            })
            .from(products)
            .where(eq(products.sellerId, userId))
            .orderBy(desc(products.createdAt)),
        (selling) =>
          selling.map(({ imageKey, imageType, photos, ...p }) => ({
            ...p,
            image: imageUrl(imageKey),
            images: photosOf({ imageKey, imageType, photos }).map((photo) => imageUrl(photo.key)),
          })),
      ),
      exportAt("marketplace.bought", ({ db, userId }) =>
        db
          .select({
            id: products.id,
            title: products.title,
            description: products.description,
            // What the student bought it at: the reservation's price (an accepted offer's), or the listing's.
            pricePaise: sql<number>`COALESCE(${products.salePricePaise}, ${products.pricePaise})`,
            sellerName: products.sellerName,
            purchasedAt: products.purchasedAt,
          })
          .from(products)
          .where(eq(products.buyerId, userId))
          .orderBy(desc(products.purchasedAt)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        // The student's open reservations go back on sale (nobody will come to the handover).
        statement(
          (guard) =>
            `UPDATE products SET status = 'available', buyer_id = NULL, buyer_name = NULL, sale_id = NULL, purchased_at = NULL, sale_price_paise = NULL WHERE buyer_id = ?1 AND status = 'sold' AND handed_over_at IS NULL AND ${guard}`,
        ),
        // Still on sale: nobody else holds it. Its photos are deleted after the batch.
        statement(
          (guard) =>
            `DELETE FROM products WHERE seller_id = ?1 AND status = 'available' AND ${guard} RETURNING image_key AS fileKey, photos AS photoList`,
        ),
      ],
      // What other students hold stays, without the person: sales they bought, purchases they sold.
      anonymise: ({ statement }) => [
        statement(
          (guard) => `UPDATE products SET seller_name = ?3, whatsapp_number = '' WHERE seller_id = ?1 AND ${guard}`,
          DELETED_STUDENT,
        ),
        statement((guard) => `UPDATE products SET buyer_name = ?3 WHERE buyer_id = ?1 AND ${guard}`, DELETED_STUDENT),
      ],
    },
  }),
  sale_notifications: placed({
    onDelete: "kept-anonymised",
    why: "The student's own notices are deleted; a notice another seller holds about the student's purchase stays with the buyer's name anonymised.",
    exports: [
      exportAt("marketplace.saleNotifications", ({ db, userId }) =>
        db
          .select({
            id: saleNotifications.id,
            productId: saleNotifications.productId,
            productTitle: saleNotifications.productTitle,
            buyerName: saleNotifications.buyerName,
            pricePaise: saleNotifications.pricePaise,
            createdAt: saleNotifications.createdAt,
            readAt: saleNotifications.readAt,
          })
          .from(saleNotifications)
          .where(eq(saleNotifications.sellerId, userId))
          .orderBy(desc(saleNotifications.createdAt)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        statement((guard) => `DELETE FROM sale_notifications WHERE seller_id = ?1 AND ${guard}`),
      ],
      anonymise: ({ statement }) => [
        statement(
          (guard) =>
            `UPDATE sale_notifications SET buyer_name = ?3 WHERE (buyer_id = ?1 OR product_id IN (SELECT id FROM products WHERE buyer_id = ?1)) AND ${guard}`,
          DELETED_STUDENT,
        ),
      ],
    },
  }),
  trade_ratings: placed({
    onDelete: "kept-anonymised",
    why: "A rating is the other student's record of a trade and counts in their average: it stays, its rater or ratee pointing at the anonymised account.",
    exports: [
      // Ratings the student gave and received after handovers.
      exportAt("marketplace.ratings", ({ db, userId }) =>
        db
          .select({
            productId: tradeRatings.productId,
            given: sql<number>`${tradeRatings.raterId} = ${userId}`.mapWith((v) => v === 1),
            role: tradeRatings.role,
            stars: tradeRatings.stars,
            note: tradeRatings.note,
            createdAt: tradeRatings.createdAt,
          })
          .from(tradeRatings)
          .where(or(eq(tradeRatings.raterId, userId), eq(tradeRatings.rateeId, userId)))
          .orderBy(desc(tradeRatings.createdAt)),
      ),
    ],
    erase: {},
  }),
  saved_products: placed({
    onDelete: "deleted",
    exports: [
      exportAt("marketplace.saved", ({ db, userId }) =>
        db
          .select({ productId: savedProducts.productId, savedAt: savedProducts.createdAt })
          .from(savedProducts)
          .where(eq(savedProducts.userId, userId))
          .orderBy(desc(savedProducts.createdAt)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [statement((guard) => `DELETE FROM saved_products WHERE user_id = ?1 AND ${guard}`)],
    },
  }),
  wanted_posts: placed({
    onDelete: "deleted",
    exports: [
      exportAt("marketplace.wanted", ({ db, userId }) =>
        db
          .select({
            id: wantedPosts.id,
            words: wantedPosts.words,
            category: wantedPosts.category,
            maxPricePaise: wantedPosts.maxPricePaise,
            createdAt: wantedPosts.createdAt,
            expiresAt: wantedPosts.expiresAt,
          })
          .from(wantedPosts)
          .where(eq(wantedPosts.userId, userId))
          .orderBy(desc(wantedPosts.createdAt)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [statement((guard) => `DELETE FROM wanted_posts WHERE user_id = ?1 AND ${guard}`)],
    },
  }),
  reservation_log: placed({
    onDelete: "deleted",
    exports: [
      // Every reservation the student made (the 24-hour purchase limit counts them).
      exportAt("marketplace.reservationsMade", ({ db, userId }) =>
        db
          .select({ productId: reservationLog.productId, reservedAt: reservationLog.createdAt })
          .from(reservationLog)
          .where(eq(reservationLog.buyerId, userId))
          .orderBy(desc(reservationLog.createdAt)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [statement((guard) => `DELETE FROM reservation_log WHERE buyer_id = ?1 AND ${guard}`)],
    },
  }),
};
