import { z } from "zod";
import { NO_PRODUCT } from "#common/market-messages.ts";
import { batch, first, run, select, type Sql, sql, update } from "#server/db/sql.ts";
import { products, type ProductsRow } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { optionalUserText } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { RESERVATION_MS } from "#server/services/market/product-view.ts";

// Buying reserves; the seller completes the sale at the handover (
// docs/decisions/0085-reservations.md). A reserved product is status 'sold' with handed_over_at
// NULL. Every transition is one conditional write in one batch with the other side's notice: the
// notice is written first, on the very condition of the write that follows it, so both happen or
// neither (a D1 batch is one transaction).

type Member = Pick<SessionUser, "id" | "campusId" | "name">;

const p = products.as("p");

/** SQL: the product (`t`: products, or an alias of it) is reserved and waiting for its handover. */
const reserved = (t: typeof products) => sql`${t.status} = 'sold' AND ${t.handed_over_at} IS NULL`;

/** Each trade step is a write a script could repeat: the shared per-member write limit. */
async function limited(env: Env, member: Member): Promise<void> {
  const { success } = await env.POST_LIMITER.limit({ key: `trade:${member.id}` });
  if (!success) throw new ApiError(429, "Too many changes in a minute. Please wait a minute and try again.");
}

function readReservation(env: Env, id: string) {
  return first(
    env,
    select(
      {
        sellerId: products.seller_id,
        buyerId: products.buyer_id,
        saleId: products.sale_id,
        title: products.title,
        status: products.status,
        handedOverAt: products.handed_over_at,
        campusId: products.campus_id,
      },
      sql`FROM ${products} WHERE id = ${id}`,
    ),
  );
}

type Reservation = NonNullable<Awaited<ReturnType<typeof readReservation>>>;

async function findReservation(env: Env, member: Member, id: string): Promise<Reservation> {
  await limited(env, member);
  const row = await readReservation(env, id);
  // Neither side of it: it does not exist for them.
  if (!row || (row.sellerId !== member.id && row.buyerId !== member.id)) throw new ApiError(404, NO_PRODUCT);
  return row;
}

function notReserved(row: Reservation): ApiError {
  if (row.status === "available")
    return new ApiError(409, "This product is not reserved any more: it is back on sale.");
  return new ApiError(409, "The handover is already confirmed: the sale is complete.");
}

type Side = "seller" | "buyer";

/** The member on `side` of the product (`t`: products, or an alias of it). */
const sideOf = (t: typeof products, side: Side) => (side === "seller" ? t.seller_id : t.buyer_id);

const notice = (who: Side, kind: string, title: string, text: string, link: string) => ({
  who,
  kind,
  title,
  text,
  link,
});

/**
 * The notice to one side, then the write, both on the same condition (the reservation `saleId`
 * still open, and the member on their side of it).
 */
function transition(
  id: string,
  saleId: string,
  member: { side: Side; memberId: string },
  set: Partial<ProductsRow>,
  n: ReturnType<typeof notice>,
  now: number,
): [Sql, Sql] {
  return [
    sql`INSERT INTO notices (id, user_id, kind, title, text, link, created_at)
       SELECT lower(hex(randomblob(16))), ${sideOf(p, n.who)}, ${n.kind}, replace(${n.title}, '{title}', p.title), ${n.text}, ${n.link}, ${now} FROM ${p}
       WHERE p.id = ${id} AND p.sale_id = ${saleId} AND ${reserved(p)} AND ${sideOf(p, member.side)} = ${member.memberId}`,
    update(
      products,
      { ...set, updated_at: now },
      sql`WHERE id = ${id} AND sale_id = ${saleId} AND ${reserved(products)} AND ${sideOf(products, member.side)} = ${member.memberId}`,
    ),
  ];
}

// The reservation's price goes with it: the listing is back at the seller's own price_paise.
const BACK_ON_SALE: Partial<ProductsRow> = {
  status: "available",
  buyer_id: null,
  buyer_name: null,
  sale_id: null,
  purchased_at: null,
  sale_price_paise: null,
};

type Step = "handover" | "decline" | "cancel";

const STEPS: Record<
  Step,
  { side: Side; wrongSide: string; set: (now: number) => Partial<ProductsRow>; notice: ReturnType<typeof notice> }
> = {
  // The seller confirms they handed it over: the sale is complete.
  handover: {
    side: "seller",
    wrongSide: "Only the seller confirms the handover.",
    set: (now) => ({ handed_over_at: now }),
    notice: notice(
      "buyer",
      "market.handover",
      "{title}: the sale is complete",
      "The seller confirmed the handover. Rate them on My Purchases.",
      "/purchases",
    ),
  },
  // The seller declines: on sale again.
  decline: {
    side: "seller",
    wrongSide: "Only the seller declines a reservation; as the buyer, cancel it.",
    set: () => BACK_ON_SALE,
    notice: notice(
      "buyer",
      "market.declined",
      "{title}: the seller declined your reservation",
      "It is no longer reserved for you. Nothing was paid through Campus.",
      "/purchases",
    ),
  },
  // The buyer cancels before the handover: on sale again.
  cancel: {
    side: "buyer",
    wrongSide: "Only the buyer cancels a reservation; as the seller, decline it.",
    set: () => BACK_ON_SALE,
    notice: notice(
      "seller",
      "market.cancelled",
      "{title}: the buyer cancelled the reservation",
      "It is on sale again on Browse.",
      "/mysells",
    ),
  },
};

/** One step of a reservation by its seller or buyer: 404 for anyone else, 403 for the wrong side, 409 once it is not open. */
async function takeStep(env: Env, member: Member, id: string, step: Step): Promise<void> {
  const { side, wrongSide, set, notice: told } = STEPS[step];
  const row = await findReservation(env, member, id);
  if ((side === "seller" ? row.sellerId : row.buyerId) !== member.id) throw new ApiError(403, wrongSide);
  if (row.status !== "sold" || row.handedOverAt !== null || !row.saleId) throw notReserved(row);
  const now = Date.now();
  const [, changed] = await batch(env, transition(id, row.saleId, { side, memberId: member.id }, set(now), told, now));
  if (changed.changes !== 1) {
    // Another step won the race: say which.
    const current = await readReservation(env, id);
    throw current ? notReserved(current) : new ApiError(409, "This product is no longer reserved.");
  }
}

/** `POST /api/product/:id/handover`. */
export const confirmHandover = (env: Env, seller: Member, id: string) => takeStep(env, seller, id, "handover");
/** `POST /api/product/:id/decline`. */
export const declineReservation = (env: Env, seller: Member, id: string) => takeStep(env, seller, id, "decline");
/** `POST /api/product/:id/cancel`. */
export const cancelReservation = (env: Env, buyer: Member, id: string) => takeStep(env, buyer, id, "cancel");

/**
 * The cron: reservations older than 72 hours return to Browse, each side told. One batch: both
 * notices, then the write, on the same condition (a handover or a cancel that lands first takes the
 * product out of it).
 */
export async function expireReservations(env: Env, now = Date.now()): Promise<{ expired: number }> {
  const cutoff = now - RESERVATION_MS;
  /** SQL: the product (`t`: products, or an alias of it) was reserved before the cutoff and not handed over. */
  const due = (t: typeof products) => sql`${reserved(t)} AND ${t.purchased_at} <= ${cutoff}`;
  const [, , expired] = await batch(env, [
    sql`INSERT INTO notices (id, user_id, kind, title, text, link, created_at)
       SELECT lower(hex(randomblob(16))), p.buyer_id, 'market.expired', p.title || ': your reservation ended', 'It was not handed over within 72 hours, so it is on sale again.', '/all-products', ${now}
       FROM ${p} WHERE ${due(p)} AND p.buyer_id IS NOT NULL`,
    sql`INSERT INTO notices (id, user_id, kind, title, text, link, created_at)
       SELECT lower(hex(randomblob(16))), p.seller_id, 'market.expired', p.title || ': the reservation ended', 'It was not handed over within 72 hours, so it is on Browse again.', '/mysells', ${now}
       FROM ${p} WHERE ${due(p)}`,
    update(products, { ...BACK_ON_SALE, updated_at: now }, sql`WHERE ${due(products)}`),
  ]);
  return { expired: expired.changes };
}

/** A rating of the other side of a completed trade (`POST /api/product/:id/rating`, the rating forms). */
export const ratingSchema = z.object({
  stars: z.coerce
    .number({ error: "Give 1 to 5 stars." })
    .int("Give 1 to 5 stars.")
    .min(1, "Give 1 to 5 stars.")
    .max(5, "Give 1 to 5 stars."),
  note: optionalUserText({ name: "The note", max: 280, tooLong: "Keep the note under 280 characters." }),
});

export type RatingInput = z.output<typeof ratingSchema>;

/**
 * Rate the trade (`POST /api/product/:id/rating { stars, note }`, My Purchases and My Sells): after
 * the handover, buyer and seller rate each other once. Answers the rater's side.
 */
export async function rateTrade(
  env: Env,
  member: Member,
  id: string,
  { stars, note }: RatingInput,
): Promise<{ role: "buyer" | "seller" }> {
  const row = await findReservation(env, member, id);
  if (row.status !== "sold" || row.handedOverAt === null)
    throw new ApiError(409, "You can rate once the seller has confirmed the handover.");
  const role = row.buyerId === member.id ? "buyer" : "seller";
  const result = await run(
    env,
    sql`INSERT INTO trade_ratings (id, product_id, rater_id, ratee_id, role, stars, note, created_at)
     SELECT ${crypto.randomUUID()}, p.id, ${member.id}, CASE WHEN p.buyer_id = ${member.id} THEN p.seller_id ELSE p.buyer_id END, ${role}, ${stars}, ${note}, ${Date.now()} FROM ${p}
     WHERE p.id = ${id} AND p.status = 'sold' AND p.handed_over_at IS NOT NULL AND (p.buyer_id = ${member.id} OR p.seller_id = ${member.id}) AND p.buyer_id IS NOT NULL
     ON CONFLICT (product_id, rater_id) DO NOTHING`,
  );
  if (result.changes !== 1) throw new ApiError(409, "You have rated this trade already.");
  return { role };
}
