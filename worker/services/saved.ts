import { and, desc, eq, sql } from "drizzle-orm";
import type { ProductView } from "#common/market.ts";
import { NO_PRODUCT } from "#common/market-messages.ts";
import { getDb } from "#server/db/client.ts";
import { products, savedProducts } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import { visibleTo } from "#server/services/moderation.ts";
import { type Reader, selectProducts, type ShownProduct, viewFor } from "#server/services/market/product-view.ts";

// Saved listings (docs/decisions/0088-saved-and-wanted.md): the heart on a card. A student
// saves only what they can see (their campus's listings, not hidden from them); saving twice is one
// row, unsaving what is not saved changes nothing. Reading needs no verified address: saving is not
// trading.

/** A student keeps at most this many saved listings (a script cannot grow the table without end). */
export const MAX_SAVED = 500;

type Member = Pick<SessionUser, "id" | "campusId">;

/** Saves and unsaves a minute per student (SAVE_LIMITER in wrangler.toml): far above a person's taps. */
async function limitSaving(env: Env, userId: string): Promise<void> {
  const { success } = await env.SAVE_LIMITER.limit({ key: `save:${userId}` });
  if (!success)
    throw new ApiError(429, "You are saving and removing listings too fast. Please wait a minute and try again.");
}

/** Not hidden, or the student's own, or they moderate its campus (as visibleTo; ?1 is the student). */
const VISIBLE =
  "(p.hidden_at IS NULL OR p.seller_id = ?1 OR EXISTS (SELECT 1 FROM staff_roles sr WHERE sr.user_id = ?1 AND sr.campus_id = p.campus_id AND sr.role IN ('moderator', 'admin')))";

/** Save a listing (the heart; `PUT /api/product/:id/save`): one conditional INSERT; 404 for a listing the student cannot see; rate limited. */
export async function saveProduct(env: Env, member: Member, productId: string): Promise<void> {
  await limitSaving(env, member.id);
  const now = Date.now();
  const result = await env.DB.prepare(
    `INSERT INTO saved_products (user_id, product_id, created_at)
     SELECT ?1, p.id, ?2 FROM products p
     WHERE p.id = ?3 AND p.campus_id = ?4
       AND ${VISIBLE}
       AND (SELECT COUNT(*) FROM saved_products WHERE user_id = ?1) < ?5
     ON CONFLICT (user_id, product_id) DO NOTHING`,
  )
    .bind(member.id, now, productId, member.campusId, MAX_SAVED)
    .run();
  if (result.meta.changes === 1) return;
  // Nothing written: already saved (fine), not visible (404), or the cap.
  const row = await env.DB.prepare(
    `SELECT EXISTS (SELECT 1 FROM saved_products WHERE user_id = ?1 AND product_id = ?2) AS saved,
       EXISTS (SELECT 1 FROM products p WHERE p.id = ?2 AND p.campus_id = ?3 AND ${VISIBLE}) AS listed`,
  )
    .bind(member.id, productId, member.campusId)
    .first<{ saved: number; listed: number }>();
  if (row?.saved) return;
  if (!row?.listed) throw new ApiError(404, NO_PRODUCT);
  throw new ApiError(409, `You have ${MAX_SAVED} saved listings already. Remove some on the Saved tab to save more.`);
}

/** Unsave it (`DELETE /api/product/:id/save`): idempotent; rate limited with saving. */
export async function unsaveProduct(env: Env, member: Member, productId: string): Promise<void> {
  await limitSaving(env, member.id);
  await getDb(env.DB)
    .delete(savedProducts)
    .where(and(eq(savedProducts.userId, member.id), eq(savedProducts.productId, productId)));
}

/**
 * The student's saved listings, newest saved first, each as it is now (on sale, reserved, sold or
 * expired: the screen says which). Those no longer visible to them (hidden since) are left out; a
 * deleted listing took its row with it. One query.
 */
export async function listSaved(env: Env, member: Reader): Promise<ShownProduct<ProductView & { mine: boolean }>[]> {
  const rows = await selectProducts(env, member.id)
    .innerJoin(savedProducts, and(eq(savedProducts.productId, products.id), eq(savedProducts.userId, member.id)))
    .where(
      and(
        eq(products.campusId, member.campusId),
        visibleTo(products.hiddenAt, products.sellerId, products.campusId, member.id),
      ),
    )
    .orderBy(desc(savedProducts.createdAt), desc(sql`${products.id}`))
    .limit(MAX_SAVED);
  return rows.map((row) => ({ ...viewFor(member, row), mine: row.sellerId === member.id }));
}
