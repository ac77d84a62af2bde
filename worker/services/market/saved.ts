import type { ProductView } from "#common/market.ts";
import { NO_PRODUCT } from "#common/market-messages.ts";
import { all, first, int, run, select, sql } from "#server/db/sql.ts";
import { products, savedProducts } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { visible } from "#server/services/moderation/reports.ts";
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

const p = products.as("p");

/** Save a listing (the heart; `PUT /api/product/:id/save`): one conditional INSERT; 404 for a listing the student cannot see; rate limited. */
export async function saveProduct(env: Env, member: Member, productId: string): Promise<void> {
  await limitSaving(env, member.id);
  const now = Date.now();
  // Not hidden, or the student's own, or they moderate its campus.
  const shown = visible(p.hidden_at, p.seller_id, p.campus_id, member.id);
  const result = await run(
    env,
    sql`INSERT INTO saved_products (user_id, product_id, created_at)
     SELECT ${member.id}, p.id, ${now} FROM ${p}
     WHERE p.id = ${productId} AND p.campus_id = ${member.campusId}
       AND ${shown}
       AND (SELECT COUNT(*) FROM saved_products WHERE user_id = ${member.id}) < ${MAX_SAVED}
     ON CONFLICT (user_id, product_id) DO NOTHING`,
  );
  if (result.changes === 1) return;
  // Nothing written: already saved (fine), not visible (404), or the cap.
  const row = await first(
    env,
    select(
      {
        saved: int(
          sql`EXISTS (SELECT 1 FROM saved_products WHERE user_id = ${member.id} AND product_id = ${productId})`,
        ),
        listed: int(
          sql`EXISTS (SELECT 1 FROM ${p} WHERE p.id = ${productId} AND p.campus_id = ${member.campusId} AND ${shown})`,
        ),
      },
      sql``,
    ),
  );
  if (row?.saved) return;
  if (!row?.listed) throw new ApiError(404, NO_PRODUCT);
  throw new ApiError(409, `You have ${MAX_SAVED} saved listings already. Remove some on the Saved tab to save more.`);
}

/** Unsave it (`DELETE /api/product/:id/save`): idempotent; rate limited with saving. */
export async function unsaveProduct(env: Env, member: Member, productId: string): Promise<void> {
  await limitSaving(env, member.id);
  await run(env, sql`DELETE FROM ${savedProducts} WHERE user_id = ${member.id} AND product_id = ${productId}`);
}

/**
 * The student's saved listings, newest saved first, each as it is now (on sale, reserved, sold or
 * expired: the screen says which). Those no longer visible to them (hidden since) are left out; a
 * deleted listing took its row with it. One query.
 */
export async function listSaved(env: Env, member: Reader): Promise<ShownProduct<ProductView & { mine: boolean }>[]> {
  const saved = savedProducts;
  const rows = await all(
    env,
    selectProducts(
      member.id,
      sql`JOIN ${saved} ON ${saved.product_id} = ${p.id} AND ${saved.user_id} = ${member.id}
       WHERE ${p.campus_id} = ${member.campusId} AND ${visible(p.hidden_at, p.seller_id, p.campus_id, member.id)}
       ORDER BY ${saved.created_at} DESC, ${p.id} DESC LIMIT ${MAX_SAVED}`,
    ),
  );
  return rows.map((row) => ({ ...viewFor(member, row), mine: row.sellerId === member.id }));
}
