import { and, asc, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { CATEGORY_IDS, CONDITION_IDS, type MarketCategory, type ProductCondition } from "#common/market.ts";
import type { ProductSort, ProductView } from "#common/market.ts";
import { mayContact } from "#common/membership.ts";
import { products } from "#server/db/schema.ts";
import { publicRead } from "#server/lib/edge-cache.ts";
import { visibleTo } from "#server/services/moderation.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import { joinedView, productIdSchema, selectProducts } from "#server/services/market/product-view.ts";

// Reading the marketplace: Browse (the API's list and /all-products), a student's purchases and
// sells, and one listing for its page. A signed-in member reads their own campus's listings; a
// signed-out visitor every college's, never with contacts (docs/decisions/0076-campus-market.md).

const searchText = z.string().trim().max(200, "The search can be at most 200 characters.");
export const listQuerySchema = z.object({
  q: searchText.optional(),
  sort: z.enum(["newest", "price-low", "price-high"], { error: "Sort by newest, price-low or price-high." }).optional(),
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
  /** Signed-out visitors only: one college's listings (a signed-in member always sees their own campus's). */
  campus: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,40}$/, "The campus is the id of a college, like cit (see GET /api/campuses).")
    .optional(),
  category: z.enum(CATEGORY_IDS, { error: `The category is one of ${CATEGORY_IDS.join(", ")}.` }).optional(),
  condition: z.enum(CONDITION_IDS, { error: `The condition is one of ${CONDITION_IDS.join(", ")}.` }).optional(),
});

export interface ListOptions {
  q?: string;
  sort?: ProductSort;
  limit?: number;
  offset?: number;
  /** Marks the products this user sells (`mine`), so the screen offers no Buy button on them. */
  viewerId?: string | null;
  /**
   * Whose listings: a signed-in member's own campus, always. Null for a signed-out visitor: every
   * college's listings (never with contacts), or one college's when `campus` names it.
   */
  campusId: string | null;
  campus?: string;
  category?: MarketCategory | undefined;
  condition?: ProductCondition | undefined;
  /** The clock (tests); listings expired by then are left out. */
  now?: number;
}

/** Available products of a campus; every word of `q` must appear in the title or the description. */
export async function listAvailable(env: Env, options: ListOptions): Promise<(ProductView & { mine: boolean })[]> {
  // A visitor's Browse is the same for every visitor: kept at the edge briefly.
  if (!options.viewerId && options.now === undefined) {
    const { q, sort, category, condition, offset, limit } = options;
    const campus = options.campusId ?? options.campus ?? null;
    return publicRead(
      env,
      "browse",
      { q: q?.trim().toLowerCase(), sort, category, condition, offset, limit },
      { ...BROWSE_CACHE, campus },
      () => readAvailable(env, options),
    );
  }
  return readAvailable(env, options);
}

/** Browse changes with every listing; a visitor may see it up to 20 s late (80 s while it is re-read). */
const BROWSE_CACHE = { tables: ["products", "users", "campuses", "trade_ratings"], freshS: 20, staleS: 60 } as const;

async function readAvailable(env: Env, options: ListOptions): Promise<(ProductView & { mine: boolean })[]> {
  const words = (options.q ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  const campusId = options.campusId ?? options.campus ?? null;
  // Hidden content: only its seller and the campus's moderators see it in the list.
  // A listing past its 60 days is off Browse until its seller renews it.
  const conditions: SQL[] = [
    eq(products.status, "available"),
    gt(products.expiresAt, options.now ?? Date.now()),
    visibleTo(products.hiddenAt, products.sellerId, products.campusId, options.viewerId),
  ];
  if (campusId !== null) conditions.push(eq(products.campusId, campusId));
  if (options.category) conditions.push(eq(products.category, options.category));
  if (options.condition) conditions.push(eq(products.condition, options.condition));
  // instr() on lower-cased text, not LIKE '%word%': D1 refuses a LIKE pattern over 50 bytes ("LIKE or
  // GLOB pattern too complex"), which one long or non-Latin word reaches (17 Devanagari letters), and
  // instr() takes % and _ literally without escaping. Same matching: lower() and LIKE both fold ASCII
  // only.
  for (const word of words) {
    conditions.push(
      sql`(instr(lower(${products.title}), ${word}) > 0 OR instr(lower(${products.description}), ${word}) > 0)`,
    );
  }
  const order =
    options.sort === "price-low"
      ? [asc(products.pricePaise), desc(products.createdAt)]
      : options.sort === "price-high"
        ? [desc(products.pricePaise), desc(products.createdAt)]
        : [desc(products.createdAt), desc(products.id)];
  const rows = await selectProducts(env, options.viewerId)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(options.limit ?? 100)
    .offset(options.offset ?? 0);
  return rows.map((row) => ({ ...joinedView(row), mine: row.sellerId === options.viewerId }));
}

/**
 * The buyer's purchases, with the seller's number only where the buyer may see contacts (a verified
 * member of the seller's campus); null otherwise. A student's own records are theirs whatever campus.
 */
export async function listPurchased(
  env: Env,
  buyer: Pick<SessionUser, "id" | "campusId" | "verified" | "openCommunity">,
): Promise<(Omit<ProductView, "whatsappNumber"> & { whatsappNumber: string | null })[]> {
  const rows = await selectProducts(env, buyer.id)
    .where(eq(products.buyerId, buyer.id))
    .orderBy(desc(products.purchasedAt));
  return rows.map((row) => {
    const view = joinedView(row);
    return { ...view, whatsappNumber: mayContact(buyer, view.campusId) ? view.whatsappNumber : null };
  });
}

export async function listMySells(env: Env, sellerId: string): Promise<ProductView[]> {
  const rows = await selectProducts(env, sellerId)
    .where(eq(products.sellerId, sellerId))
    .orderBy(desc(products.createdAt));
  return rows.map(joinedView);
}

/** What a student of another college is told of a listing: whose marketplace it is on, nothing of it. */
export function elsewhereMessage(market: string): string {
  return `This listing belongs to another college's marketplace (${market}): only its students can see it.`;
}

export type ProductLookup =
  | { kind: "listing"; product: ProductView & { mine: boolean; bought: boolean } }
  /** A listing of another college than the viewer's: only the name of its marketplace. */
  | { kind: "elsewhere"; market: string };

/**
 * One listing as its page and `GET /api/product/:id` show it, in one query. A member sees their own
 * campus's listings and is told when a link leads to another college's (a shared link is the usual
 * way there), a visitor sees any college's; a hidden listing exists only for its seller and its
 * campus's moderators; null otherwise.
 */
export async function getProduct(
  env: Env,
  viewer: Pick<SessionUser, "id" | "campusId"> | null,
  id: string,
): Promise<ProductLookup | null> {
  if (!productIdSchema.safeParse(id).success) return null;
  const [row] = await selectProducts(env, viewer?.id)
    .where(
      and(
        eq(products.id, id.toLowerCase()),
        visibleTo(products.hiddenAt, products.sellerId, products.campusId, viewer?.id),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (viewer && row.campusId !== viewer.campusId)
    return {
      kind: "elsewhere",
      market: row.campusIsOpen ? "the Open community" : (row.campusShortName ?? "another college"),
    };
  return {
    kind: "listing",
    product: {
      ...joinedView(row),
      mine: row.sellerId === viewer?.id,
      bought: viewer !== null && row.buyerId === viewer.id,
    },
  };
}
