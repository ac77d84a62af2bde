import { int, returning, select, sql } from "#server/db/sql.ts";
import {
  products,
  reservationLog,
  saleNotifications,
  savedProducts,
  tradeRatings,
  wantedPosts,
} from "#server/db/tables.generated.ts";
import { imageUrl, photosOf } from "#server/services/market/product-view.ts";
import { DELETED_STUDENT, exportAt, placed } from "#server/services/personal-data/place.ts";

// The marketplace: listings sold and bought, sale notices, ratings, saved listings, wanted posts
// and the log of reservations made. A trade is also the other student's record: it stays, with
// the person anonymised (docs/decisions/0078-download-and-delete-my-account.md, 0085-reservations.md).

export const MARKET_DATA = {
  products: placed({
    onDelete: "kept-anonymised",
    why: "Products still on sale are deleted with their images; a product sold to or bought from another student is their purchase or sale record and stays, with the seller's name and WhatsApp number (or the buyer's name) anonymised.",
    exports: [
      exportAt(
        "marketplace.selling",
        ({ userId }) =>
          select(
            {
              id: products.id,
              title: products.title,
              description: products.description,
              pricePaise: products.price_paise,
              // What the reservation or sale was made at (an accepted offer's price), NULL while on sale.
              salePricePaise: products.sale_price_paise,
              sellerName: products.seller_name,
              whatsappNumber: products.whatsapp_number,
              imageKey: products.image_key,
              imageType: products.image_type,
              photos: products.photos,
              category: products.category,
              condition: products.condition,
              expiresAt: products.expires_at,
              status: products.status,
              buyerName: products.buyer_name,
              soldAt: products.purchased_at,
              createdAt: products.created_at,
              updatedAt: products.updated_at,
            },
            sql`FROM ${products} WHERE ${products.seller_id} = ${userId} ORDER BY ${products.created_at} DESC`,
          ),
        (selling) =>
          selling.map(({ imageKey, imageType, photos, ...p }) => ({
            ...p,
            image: imageUrl(imageKey),
            // photos is the listing's JSON list of stored photos (migrations/0021_photos_expiry.sql).
            images: photosOf({ imageKey, imageType, photos: JSON.parse(photos) }).map((photo) => imageUrl(photo.key)),
          })),
      ),
      exportAt("marketplace.bought", ({ userId }) =>
        select(
          {
            id: products.id,
            title: products.title,
            description: products.description,
            // What the student bought it at: the reservation's price (an accepted offer's), or the listing's.
            pricePaise: int(sql`COALESCE(${products.sale_price_paise}, ${products.price_paise})`),
            sellerName: products.seller_name,
            purchasedAt: products.purchased_at,
          },
          sql`FROM ${products} WHERE ${products.buyer_id} = ${userId} ORDER BY ${products.purchased_at} DESC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        // The student's open reservations go back on sale (nobody will come to the handover).
        statement(
          (guard) =>
            sql`UPDATE products SET status = 'available', buyer_id = NULL, buyer_name = NULL, sale_id = NULL, purchased_at = NULL, sale_price_paise = NULL WHERE buyer_id = ${userId} AND status = 'sold' AND handed_over_at IS NULL AND ${guard}`,
        ),
        // Still on sale: nobody else holds it. Its photos are deleted after the batch.
        statement((guard) =>
          returning(sql`DELETE FROM products WHERE seller_id = ${userId} AND status = 'available' AND ${guard}`, {
            fileKey: products.image_key,
            photoList: products.photos,
          }),
        ),
      ],
      // What other students hold stays, without the person: sales they bought, purchases they sold.
      anonymise: ({ statement, userId }) => [
        statement(
          (guard) =>
            sql`UPDATE products SET seller_name = ${DELETED_STUDENT}, whatsapp_number = '' WHERE seller_id = ${userId} AND ${guard}`,
        ),
        statement(
          (guard) => sql`UPDATE products SET buyer_name = ${DELETED_STUDENT} WHERE buyer_id = ${userId} AND ${guard}`,
        ),
      ],
    },
  }),
  sale_notifications: placed({
    onDelete: "kept-anonymised",
    why: "The student's own notices are deleted; a notice another seller holds about the student's purchase stays with the buyer's name anonymised.",
    exports: [
      exportAt("marketplace.saleNotifications", ({ userId }) =>
        select(
          {
            id: saleNotifications.id,
            productId: saleNotifications.product_id,
            productTitle: saleNotifications.product_title,
            buyerName: saleNotifications.buyer_name,
            pricePaise: saleNotifications.price_paise,
            createdAt: saleNotifications.created_at,
            readAt: saleNotifications.read_at,
          },
          sql`FROM ${saleNotifications} WHERE ${saleNotifications.seller_id} = ${userId}
            ORDER BY ${saleNotifications.created_at} DESC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM sale_notifications WHERE seller_id = ${userId} AND ${guard}`),
      ],
      anonymise: ({ statement, userId }) => [
        statement(
          (guard) =>
            sql`UPDATE sale_notifications SET buyer_name = ${DELETED_STUDENT} WHERE (buyer_id = ${userId} OR product_id IN (SELECT id FROM products WHERE buyer_id = ${userId})) AND ${guard}`,
        ),
      ],
    },
  }),
  trade_ratings: placed({
    onDelete: "kept-anonymised",
    why: "A rating is the other student's record of a trade and counts in their average: it stays, its rater or ratee pointing at the anonymised account.",
    exports: [
      // Ratings the student gave and received after handovers.
      exportAt(
        "marketplace.ratings",
        ({ userId }) =>
          select(
            {
              productId: tradeRatings.product_id,
              given: int(sql`${tradeRatings.rater_id} = ${userId}`),
              role: tradeRatings.role,
              stars: tradeRatings.stars,
              note: tradeRatings.note,
              createdAt: tradeRatings.created_at,
            },
            sql`FROM ${tradeRatings} WHERE ${tradeRatings.rater_id} = ${userId} OR ${tradeRatings.ratee_id} = ${userId}
              ORDER BY ${tradeRatings.created_at} DESC`,
          ),
        (ratings) => ratings.map((rating) => ({ ...rating, given: rating.given === 1 })),
      ),
    ],
    erase: {},
  }),
  saved_products: placed({
    onDelete: "deleted",
    exports: [
      exportAt("marketplace.saved", ({ userId }) =>
        select(
          { productId: savedProducts.product_id, savedAt: savedProducts.created_at },
          sql`FROM ${savedProducts} WHERE ${savedProducts.user_id} = ${userId} ORDER BY ${savedProducts.created_at} DESC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM saved_products WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  wanted_posts: placed({
    onDelete: "deleted",
    exports: [
      exportAt("marketplace.wanted", ({ userId }) =>
        select(
          {
            id: wantedPosts.id,
            words: wantedPosts.words,
            category: wantedPosts.category,
            maxPricePaise: wantedPosts.max_price_paise,
            createdAt: wantedPosts.created_at,
            expiresAt: wantedPosts.expires_at,
          },
          sql`FROM ${wantedPosts} WHERE ${wantedPosts.user_id} = ${userId} ORDER BY ${wantedPosts.created_at} DESC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM wanted_posts WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  reservation_log: placed({
    onDelete: "deleted",
    exports: [
      // Every reservation the student made (the 24-hour purchase limit counts them).
      exportAt("marketplace.reservationsMade", ({ userId }) =>
        select(
          { productId: reservationLog.product_id, reservedAt: reservationLog.created_at },
          sql`FROM ${reservationLog} WHERE ${reservationLog.buyer_id} = ${userId} ORDER BY ${reservationLog.created_at} DESC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM reservation_log WHERE buyer_id = ${userId} AND ${guard}`),
      ],
    },
  }),
};
