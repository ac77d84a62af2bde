import { formatIndiaDate } from "#common/format.ts";
import { LISTING_MS, RENEW_WINDOW_DAYS, RENEW_WINDOW_MS, SELL, type ProductView } from "#common/market.ts";
import { LEFT_WITH_THE_MOVE, NO_PRODUCT } from "#common/market-messages.ts";
import { first, returning, run, select, sql, update } from "#server/db/sql.ts";
import { products } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { ownUnsold } from "#server/services/market/listing.ts";
import { badgeOfMember, productColumns, toView } from "#server/services/market/product-view.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";

// Listings leave Browse 60 days after they were posted or renewed
// (docs/decisions/0087-photos-and-expiry.md): no job flips them (Browse and the purchase read
// expires_at); the seller renews, and the cron warns them shortly before.

/**
 * Renew a listing (`POST /api/product/:id/renew`, My Sells and the product page): an available one
 * of the seller's own, for LISTING_DAYS more, once it has expired or is in its last
 * RENEW_WINDOW_DAYS. One conditional write: a second renewal right after changes nothing and is
 * refused, so scripting it gains nothing.
 */
export async function renewProduct(env: Env, user: SessionUser, id: string, now = Date.now()): Promise<ProductView> {
  requireMayAct(user, SELL);
  const row = await first(
    env,
    returning(
      update(
        products,
        { expires_at: now + LISTING_MS, updated_at: now },
        // A listing is renewed on the seller's own campus only: one left behind by a move stays off
        // Browse there (worker/services/account/campus-move.ts).
        sql`WHERE ${ownUnsold(user.id, id)} AND campus_id = ${user.campusId} AND expires_at <= ${now + RENEW_WINDOW_MS}`,
      ),
      productColumns(products),
    ),
  );
  if (row) return toView(row, badgeOfMember(user));
  const current = await first(
    env,
    select(
      {
        sellerId: products.seller_id,
        status: products.status,
        campusId: products.campus_id,
        expiresAt: products.expires_at,
      },
      sql`FROM ${products} WHERE id = ${id} LIMIT 1`,
    ),
  );
  if (current && current.sellerId === user.id && current.status === "available" && current.campusId !== user.campusId)
    throw new ApiError(409, LEFT_WITH_THE_MOVE);
  if (!current || current.campusId !== user.campusId) throw new ApiError(404, NO_PRODUCT);
  if (current.sellerId !== user.id) throw new ApiError(403, "You can only renew your own products.");
  if (current.status === "sold") throw new ApiError(409, "This product has been sold, so it cannot be renewed.");
  throw new ApiError(
    409,
    `This listing does not need renewing yet: it stays on Browse until ${formatIndiaDate(current.expiresAt)}. You can renew it in its last ${RENEW_WINDOW_DAYS} days.`,
  );
}

/** A seller is told this long before their listing leaves Browse (the cron, warnExpiringListings). */
export const EXPIRY_WARNING_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * The cron: the seller of every available listing that leaves Browse within 3 days gets one notice
 * to renew it. One statement; the notice's id is made of the listing and its end, so a listing is
 * warned once per 60 days however often the cron runs (and again after a renewal).
 */
export async function warnExpiringListings(env: Env, now = Date.now()): Promise<{ warned: number }> {
  const days = LISTING_MS / 86_400_000;
  const result = await run(
    env,
    sql`INSERT OR IGNORE INTO notices (id, user_id, kind, title, text, link, created_at)
     SELECT 'expiring-' || id || '-' || expires_at, seller_id, 'market.expiring', title || ' leaves Browse soon',
       ${`It has been listed for almost ${days} days. Renew it on My Sells to keep it on Browse for ${days} more days.`}, '/mysells', ${now}
     FROM products WHERE status = 'available' AND hidden_at IS NULL AND expires_at > ${now} AND expires_at <= ${now + EXPIRY_WARNING_MS}`,
  );
  return { warned: result.changes };
}
