import { z } from "zod";
import {
  CATEGORY_IDS,
  CONDITION_IDS,
  PRODUCT_SORT_IDS,
  type MarketCategory,
  type ProductCondition,
} from "#common/market.ts";
import type { ProductSort, ProductView } from "#common/market.ts";
import { elsewhereMessage, NO_PRODUCT } from "#common/market-messages.ts";
import { all, batch, first, select, type Sql, sql } from "#server/db/sql.ts";
import { conversations, products } from "#server/db/tables.generated.ts";
import { publicRead } from "#server/lib/edge-cache.ts";
import { ApiError } from "#server/lib/errors.ts";
import { readerCampus } from "#server/services/campus.ts";
import { visible } from "#server/services/moderation/reports.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import {
  joinedView,
  productIdSchema,
  type Reader,
  selectProducts,
  type ShownProduct,
  viewFor,
} from "#server/services/market/product-view.ts";

// Reading the marketplace: Browse (the API's list and /all-products), a student's purchases and
// sells, and one listing for its page. A signed-in member reads their own campus's listings; a
// signed-out visitor every college's, never with contacts (docs/decisions/0076-campus-market.md).

/** The longest search Browse reads: the API refuses a longer one, the page searches its first characters. */
const MAX_SEARCH = 200;
const searchText = z.string().trim().max(MAX_SEARCH, `The search can be at most ${MAX_SEARCH} characters.`);

/** Browse's filters: the API's query (`GET /api/product/available`) and the page's address (/all-products). */
const browseFilters = {
  q: searchText.optional(),
  sort: z.enum(PRODUCT_SORT_IDS, { error: "Sort by newest, price-low or price-high." }).optional(),
  /** Signed-out visitors only: one college's listings (readerCampus: a member always sees their own campus's). */
  campus: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,40}$/, "The campus is the id of a college, like cit (see GET /api/campuses).")
    .optional(),
  category: z.enum(CATEGORY_IDS, { error: `The category is one of ${CATEGORY_IDS.join(", ")}.` }).optional(),
  condition: z.enum(CONDITION_IDS, { error: `The condition is one of ${CONDITION_IDS.join(", ")}.` }).optional(),
};

/** The Browse query of the API: a value it cannot read is a 400 naming it. */
export const listQuerySchema = z.object({
  ...browseFilters,
  limit: z.coerce
    .number({ error: "The limit must be a number." })
    .int("The limit must be a whole number.")
    .min(1, "The limit must be between 1 and 100.")
    .max(100, "The limit must be between 1 and 100.")
    .optional(),
  offset: z.coerce
    .number({ error: "The offset must be a number." })
    .int("The offset must be a whole number.")
    .min(0, "The offset must be 0 or more.")
    .max(100_000, "The offset is too large.")
    .optional(),
});

/** Pages of /all-products beyond this are page 1: a deep offset costs the database a long scan. */
export const MAX_BROWSE_PAGE = 400;

/**
 * The same query as Browse's address (/all-products?q=&sort=&category=&condition=&campus=&page=):
 * the same fields, each forgiving (decision 0086): a hand-edited link still shows products, so a
 * value the API refuses means "all" here, a search too long is its first characters, and a page out
 * of range is page 1.
 */
export const browsePageQuerySchema = z.object({
  q: browseFilters.q.catch(({ input }) => (typeof input === "string" ? input.trim().slice(0, MAX_SEARCH) : undefined)),
  sort: browseFilters.sort.catch(undefined),
  campus: browseFilters.campus.catch(undefined),
  category: browseFilters.category.catch(undefined),
  condition: browseFilters.condition.catch(undefined),
  page: z.coerce.number().int().min(1).max(MAX_BROWSE_PAGE).catch(1),
});

export type BrowseQuery = Omit<z.output<typeof listQuerySchema>, "campus"> & {
  /** The college a visitor asked for (`?campus=`); readerCampus decides whose listings are read. */
  campus?: string | undefined;
};

/** A listing on Browse: never with the seller's number, whoever reads it (the specification's list has none). */
export type BrowseItem = ShownProduct<ProductView & { mine: boolean }> & { whatsappNumber: null };

/**
 * Browse Products, both doors' one use-case: the available listings of the college the reader sees
 * (readerCampus: a member their own, a visitor the one asked for or every college), filtered, sorted
 * and sliced as asked. Anyone may browse. The reader's own listings are marked (`mine`: no Buy on
 * them), and the hearts they set (`saved`).
 */
export async function browse(
  env: Env,
  reader: Pick<SessionUser, "id" | "campusId"> | null,
  query: BrowseQuery,
  now?: number,
): Promise<BrowseItem[]> {
  const rows = await listAvailable(env, {
    ...query,
    campusId: readerCampus(reader, query.campus),
    viewerId: reader?.id ?? null,
    ...(now !== undefined && { now }),
  });
  return rows.map((row) => ({ ...row, whatsappNumber: null }));
}

interface ListOptions {
  q?: string | undefined;
  sort?: ProductSort | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  /** Marks the products this user sells (`mine`), so the screen offers no Buy button on them. */
  viewerId: string | null;
  /** Whose listings (readerCampus): one college's, or null for every college's. */
  campusId: string | null;
  category?: MarketCategory | undefined;
  condition?: ProductCondition | undefined;
  /** The clock (tests); listings expired by then are left out. */
  now?: number;
}

/** Available products of a campus; every word of `q` must appear in the title or the description. */
async function listAvailable(env: Env, options: ListOptions): Promise<(ProductView & { mine: boolean })[]> {
  // A visitor's Browse is the same for every visitor: kept at the edge briefly.
  if (!options.viewerId && options.now === undefined) {
    const { q, sort, category, condition, offset, limit, campusId } = options;
    return publicRead(
      env,
      "browse",
      { q: q?.trim().toLowerCase(), sort, category, condition, offset, limit },
      { ...BROWSE_CACHE, campus: campusId },
      () => readAvailable(env, options),
    );
  }
  return readAvailable(env, options);
}

const p = products.as("p");

/** Browse changes with every listing; a visitor may see it up to 20 s late (80 s while it is re-read). */
const BROWSE_CACHE = { tables: ["products", "users", "campuses", "trade_ratings"], freshS: 20, staleS: 60 } as const;

async function readAvailable(env: Env, options: ListOptions): Promise<(ProductView & { mine: boolean })[]> {
  const words = (options.q ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  const campusId = options.campusId;
  // Hidden content: only its seller and the campus's moderators see it in the list.
  // A listing past its 60 days is off Browse until its seller renews it.
  const conditions: Sql[] = [
    sql`${p.status} = ${"available"}`,
    sql`${p.expires_at} > ${options.now ?? Date.now()}`,
    visible(p.hidden_at, p.seller_id, p.campus_id, options.viewerId),
  ];
  if (campusId !== null) conditions.push(sql`${p.campus_id} = ${campusId}`);
  if (options.category) conditions.push(sql`${p.category} = ${options.category}`);
  if (options.condition) conditions.push(sql`${p.condition} = ${options.condition}`);
  // instr() on lower-cased text, not LIKE '%word%': D1 refuses a LIKE pattern over 50 bytes ("LIKE or
  // GLOB pattern too complex"), which one long or non-Latin word reaches (17 Devanagari letters), and
  // instr() takes % and _ literally without escaping. Same matching: lower() and LIKE both fold ASCII
  // only.
  for (const word of words) {
    conditions.push(sql`(instr(lower(${p.title}), ${word}) > 0 OR instr(lower(${p.description}), ${word}) > 0)`);
  }
  const order =
    options.sort === "price-low"
      ? sql`${p.price_paise} ASC, ${p.created_at} DESC`
      : options.sort === "price-high"
        ? sql`${p.price_paise} DESC, ${p.created_at} DESC`
        : sql`${p.created_at} DESC, ${p.id} DESC`;
  const rows = await all(
    env,
    selectProducts(
      options.viewerId,
      sql`WHERE ${sql.join(conditions, " AND ")} ORDER BY ${order} LIMIT ${options.limit ?? 100} OFFSET ${options.offset ?? 0}`,
    ),
  );
  return rows.map((row) => ({ ...joinedView(row), mine: row.sellerId === options.viewerId }));
}

/** A buyer's purchases, newest first. */
const purchasedBy = (buyerId: string) =>
  selectProducts(buyerId, sql`WHERE ${p.buyer_id} = ${buyerId} ORDER BY ${p.purchased_at} DESC`);

/**
 * My Purchases: what the reader reserved and bought, newest first, each with the seller's number
 * where sellerContact allows (a verified member of the seller's campus). A student's own records are
 * theirs whatever campus.
 */
export async function listPurchased(env: Env, buyer: Reader): Promise<ShownProduct[]> {
  const rows = await all(env, purchasedBy(buyer.id));
  return rows.map((row) => viewFor(buyer, row));
}

/**
 * My Purchases with each purchase's conversation with its seller, where one was started (decision
 * 0113): one D1 batch, one round trip.
 */
export async function listPurchasedWithConversations(
  env: Env,
  buyer: Reader,
): Promise<{ products: ShownProduct[]; conversations: Record<string, string> }> {
  const c = conversations;
  const [rows, started] = await batch(env, [
    purchasedBy(buyer.id),
    select(
      { productId: c.product_id, id: c.id },
      sql`FROM ${c} WHERE ${c.buyer_id} = ${buyer.id}
        AND ${c.product_id} IN (SELECT ${products.id} FROM ${products} WHERE ${products.buyer_id} = ${buyer.id})`,
    ),
  ]);
  return {
    products: rows.rows.map((row) => viewFor(buyer, row)),
    conversations: Object.fromEntries(started.rows.map((row) => [row.productId, row.id])),
  };
}

/** My Sells: the reader's own listings, newest first, sold or not. */
export async function listMySells(env: Env, seller: Reader): Promise<ShownProduct[]> {
  const rows = await all(
    env,
    selectProducts(seller.id, sql`WHERE ${p.seller_id} = ${seller.id} ORDER BY ${p.created_at} DESC`),
  );
  return rows.map((row) => viewFor(seller, row));
}

export type ProductLookup =
  | { kind: "listing"; product: ShownProduct<ProductView & { mine: boolean; bought: boolean }> }
  /** A listing of another college than the reader's: only the name of its marketplace, and what to say. */
  | { kind: "elsewhere"; market: string; message: string };

/**
 * One listing as its page and `GET /api/product/:id` show it, in one query. A member sees their own
 * campus's listings and is told when a link leads to another college's (a shared link is the usual
 * way there), a visitor sees any college's; a hidden listing exists only for its seller and its
 * campus's moderators; anything else is a 404 (NO_PRODUCT).
 */
export async function getProduct(env: Env, reader: Reader | null, id: string): Promise<ProductLookup> {
  if (!productIdSchema.safeParse(id).success) throw new ApiError(404, NO_PRODUCT);
  const row = await first(
    env,
    selectProducts(
      reader?.id,
      sql`WHERE ${p.id} = ${id.toLowerCase()} AND ${visible(p.hidden_at, p.seller_id, p.campus_id, reader?.id)} LIMIT 1`,
    ),
  );
  if (!row) throw new ApiError(404, NO_PRODUCT);
  if (reader && row.campusId !== reader.campusId) {
    const market = row.campusIsOpen ? "the Open community" : (row.campusShortName ?? "another college");
    return { kind: "elsewhere", market, message: elsewhereMessage(market) };
  }
  return {
    kind: "listing",
    product: {
      ...viewFor(reader, row),
      mine: row.sellerId === reader?.id,
      bought: reader !== null && row.buyerId === reader.id,
    },
  };
}
