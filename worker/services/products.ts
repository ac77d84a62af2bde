import { and, asc, desc, eq, getTableColumns, gt, isNull, lte, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { formatIndiaDate, formatIndiaShortDateTime, formatRupees } from "#common/format.ts";
import { CATEGORY_IDS, CONDITION_IDS, type MarketCategory, type ProductCondition } from "#common/market.ts";
import {
  BUY,
  RESERVATION_HOURS,
  IMAGE_TOO_LARGE,
  LISTING_MS,
  MAX_IMAGE_BYTES,
  MAX_PHOTOS,
  RENEW_WINDOW_DAYS,
  RENEW_WINDOW_MS,
  SELL,
  THUMB_MAX_BYTES,
  THUMB_MAX_SIDE,
  normaliseIndianMobile,
  paiseToRupees,
  parsePricePaise,
  rupeesToPaise,
  type ProductSort,
  type ProductView,
} from "#common/market.ts";
import { mayContact, type Membership } from "#common/membership.ts";
import { getDb } from "#server/db/client.ts";
import { publicRead } from "#server/lib/edge-cache.ts";
import { campuses, products, saleNotifications, users, type Product, type StoredPhoto } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/errors.ts";
import { SUBMISSION_FIELD, submissionKeyOf } from "#server/lib/idempotency.ts";
import { ceilToMinute } from "#common/india-time.ts";
import { limitPosting } from "#server/lib/post-limit.ts";
import { sniffImageType, type ImageType } from "#server/lib/sniff.ts";
import { storableImage } from "#server/lib/stored-image.ts";
import { parseWith, userText } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import { badgeOf, requireMayAct } from "#server/services/campus.ts";
import { visibleTo } from "#server/services/moderation.ts";
import { wantedMatchStatement } from "#server/services/wanted.ts";

// The marketplace: what the API (worker/api/products.ts) and the screens' loaders both call.
// Every product belongs to its seller's campus (docs/decisions/0076-campus-market.md): it
// is listed, bought and changed only there, and another campus's product answers 404 as if it did
// not exist. Selling and buying need a verified member (requireMayAct).

const IMAGE_PREFIX = "products/";
export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

const text = (field: string, max: number, multiline = false) =>
  userText({ name: `The ${field}`, max, multiline, missing: `Enter the ${field}.` });

const price = z.unknown().transform((value, ctx) => {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
    ctx.addIssue({ code: "custom", message: "Enter the price in rupees." });
    return z.NEVER;
  }
  const paise = parsePricePaise(value);
  if (paise === null) {
    ctx.addIssue({
      code: "custom",
      message:
        "The price must be a number of rupees above 0, with at most two decimals (for example 249 or 249.50), and at most ₹10,00,000.",
    });
    return z.NEVER;
  }
  return paise;
});

const whatsapp = z.unknown().transform((value, ctx) => {
  if (typeof value !== "string" || value.trim() === "") {
    ctx.addIssue({ code: "custom", message: "Enter your WhatsApp number." });
    return z.NEVER;
  }
  const number = normaliseIndianMobile(value);
  if (!number) {
    ctx.addIssue({
      code: "custom",
      message:
        "Enter a valid Indian mobile number for WhatsApp: 10 digits starting with 6, 7, 8 or 9 (a +91 prefix is fine).",
    });
    return z.NEVER;
  }
  return number;
});

// Optional for API clients of the specification (they send neither): "other" and "used".
const category = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.enum(CATEGORY_IDS, { error: `Choose a category: ${CATEGORY_IDS.join(", ")}.` }).default("other"),
);
const condition = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.enum(CONDITION_IDS, { error: `Choose the condition: ${CONDITION_IDS.join(", ")}.` }).default("used"),
);

export const productFieldsSchema = z.object({
  category,
  condition,
  title: text("title", 100),
  description: text("description", 2000, true),
  price,
  sellerName: text("seller name", 80),
  whatsappNumber: whatsapp,
});

export const productPatchSchema = z
  .object({ title: text("title", 100), description: text("description", 2000, true), price })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, "Send at least one of title, description or price to change.");

export const productIdSchema = z.uuid("That is not a valid product id.");

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

export type ProductFields = z.output<typeof productFieldsSchema>;
export type ProductPatch = z.output<typeof productPatchSchema>;

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

const badgeOfMember = (member: Pick<Membership, "verified" | "openCommunity" | "campusShortName">) =>
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

/** A photo checked by content and size, its bytes read once, with its small version when one came. */
export interface CheckedPhoto {
  bytes: Uint8Array;
  name: string;
  type: ImageType;
  width: number;
  height: number;
  thumb: { bytes: Uint8Array; type: ImageType } | null;
}

/** A checked image file: its bytes, real type and pixel size (0 when its header does not say). `which` names it in a refusal ("Photo 2"), null for the only one. */
async function checkImageFile(
  value: unknown,
  which: string | null,
): Promise<{ bytes: Uint8Array; name: string; type: ImageType; width: number; height: number }> {
  if (!(value instanceof File) || value.size === 0)
    throw new ApiError(400, "Choose an image of the product (JPEG, PNG, WebP or GIF).", { field: "image" });
  if (value.size > MAX_IMAGE_BYTES)
    throw new ApiError(400, which ? `${which} is too large: it can be at most 5 MB.` : IMAGE_TOO_LARGE, {
      field: "image",
    });
  const bytes = new Uint8Array(await value.arrayBuffer());
  const type = sniffImageType(bytes.subarray(0, 16));
  if (!type)
    throw new ApiError(
      400,
      which
        ? `${which} is not an image we accept: use a JPEG, PNG, WebP or GIF.`
        : "That file is not an image we accept: use a JPEG, PNG, WebP or GIF.",
      { field: "image" },
    );
  // At most MAX_IMAGE_SIDE pixels, without the camera's metadata; its size 0 x 0 when the header
  // does not say (the photo is still what it claims to be).
  return { ...storableImage(bytes, type, which ?? "The photo", "image"), name: value.name, type };
}

/**
 * The photos of a posted listing (`image`, one to MAX_PHOTOS of them, in order) and their small
 * versions (`thumb`, one per photo in the same order, or none), each checked by its bytes: the type,
 * 5 MB for a photo, THUMB_MAX_BYTES and THUMB_MAX_SIDE for a small version. What the browser
 * claimed about a file is never used.
 */
export async function checkPhotos(form: FormData): Promise<CheckedPhoto[]> {
  // Without JavaScript an empty file field still sends one empty file: that is no photo.
  const images = form
    .getAll("image")
    .filter((value) => !(value instanceof File && value.size === 0 && value.name === ""));
  if (images.length === 0)
    throw new ApiError(400, "Choose an image of the product (JPEG, PNG, WebP or GIF).", { field: "image" });
  if (images.length > MAX_PHOTOS)
    throw new ApiError(400, `A listing can have at most ${MAX_PHOTOS} photos: you sent ${images.length}.`, {
      field: "image",
    });
  const thumbs = form.getAll("thumb");
  if (thumbs.length > 0 && thumbs.length !== images.length)
    throw new ApiError(400, "Send one small version (thumb) per photo, in the same order, or none.", {
      field: "thumb",
    });
  const photos: CheckedPhoto[] = [];
  for (const [i, image] of images.entries()) {
    const which = images.length > 1 ? `Photo ${i + 1}` : null;
    const photo = await checkImageFile(image, which);
    let thumb: CheckedPhoto["thumb"] = null;
    if (thumbs.length > 0) {
      const small = thumbs[i];
      const bad = `The small version of ${which ?? "the photo"} must be a JPEG, PNG or WebP of at most ${THUMB_MAX_SIDE} pixels on its longest side and ${THUMB_MAX_BYTES / 1024} KB.`;
      if (!(small instanceof File) || small.size === 0 || small.size > THUMB_MAX_BYTES)
        throw new ApiError(400, bad, { field: "thumb" });
      const checked = await checkImageFile(small, which).catch(() => null);
      if (
        !checked ||
        checked.type === "image/gif" ||
        checked.width === 0 ||
        Math.max(checked.width, checked.height) > THUMB_MAX_SIDE
      )
        throw new ApiError(400, bad, { field: "thumb" });
      thumb = { bytes: checked.bytes, type: checked.type };
    }
    photos.push({ ...photo, thumb });
  }
  return photos;
}

/**
 * A product posted as multipart form data (the API and the /upload form action): fields validated,
 * every photo checked by content, then created. The submission key is the API's Idempotency-Key
 * header, else the form's submissionKey field.
 */
export async function createProductFromForm(
  env: Env,
  seller: SessionUser,
  form: FormData,
  idempotencyKey: string | null = null,
): Promise<ProductView> {
  requireMayAct(seller, SELL);
  const textOf = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const fields = parseWith(productFieldsSchema, {
    title: textOf("title"),
    description: textOf("description"),
    price: textOf("price"),
    sellerName: textOf("sellerName"),
    whatsappNumber: textOf("whatsappNumber"),
    category: textOf("category"),
    condition: textOf("condition"),
  });
  const key = submissionKeyOf(idempotencyKey, form.get(SUBMISSION_FIELD));
  return createProduct(env, seller, fields, await checkPhotos(form), key);
}

async function submittedProduct(env: Env, sellerId: string, submissionKey: string): Promise<Product | undefined> {
  return getDb(env.DB).query.products.findFirst({
    where: and(eq(products.sellerId, sellerId), eq(products.submissionKey, submissionKey)),
  });
}

/**
 * Stores the photos, then the row; if the row cannot be written the photos are removed again. A
 * repeat of the same submission answers the product the first one made and leaves no second set of
 * photos (checked first; the UNIQUE (seller, key) index decides between simultaneous repeats).
 */
export async function createProduct(
  env: Env,
  seller: SessionUser,
  fields: ProductFields,
  photos: CheckedPhoto[],
  submissionKey: string | null = null,
): Promise<ProductView> {
  requireMayAct(seller, SELL);
  const badge = badgeOfMember(seller);
  if (submissionKey) {
    const earlier = await submittedProduct(env, seller.id, submissionKey);
    if (earlier) return toView(earlier, badge);
  }
  await limitPosting(env, seller.id);
  const id = crypto.randomUUID();
  const newKey = () => `${IMAGE_PREFIX}${crypto.randomUUID()}`;
  const stored: StoredPhoto[] = photos.map((photo) => ({
    key: newKey(),
    type: photo.type,
    w: photo.width,
    h: photo.height,
    thumb: photo.thumb ? newKey() : null,
  }));
  const keys = stored.flatMap((photo) => (photo.thumb ? [photo.key, photo.thumb] : [photo.key]));
  const put = (key: string, bytes: Uint8Array, type: string, name: string) =>
    env.FILES.put(key, bytes, {
      httpMetadata: { contentType: type, cacheControl: IMAGE_CACHE_CONTROL },
      customMetadata: { productId: id, originalName: name.slice(0, 200) },
    });
  const now = Date.now();
  let row: Product | undefined;
  try {
    await Promise.all(
      photos.flatMap((photo, i) => {
        const keysOf = stored[i]!;
        return [
          put(keysOf.key, photo.bytes, photo.type, photo.name),
          ...(photo.thumb && keysOf.thumb
            ? [put(keysOf.thumb, photo.thumb.bytes, photo.thumb.type, `small ${photo.name}`)]
            : []),
        ];
      }),
    );
    const values: Product = {
      id,
      sellerId: seller.id,
      title: fields.title,
      description: fields.description,
      pricePaise: fields.price,
      sellerName: fields.sellerName,
      whatsappNumber: fields.whatsappNumber,
      category: fields.category,
      condition: fields.condition,
      imageKey: stored[0]!.key,
      imageType: stored[0]!.type,
      photos: stored,
      expiresAt: now + LISTING_MS,
      submissionKey,
      createdAt: now,
      updatedAt: now,
      // The seller's campus, never the client's say.
      campusId: seller.campusId,
      status: "available",
      buyerId: null,
      buyerName: null,
      saleId: null,
      purchasedAt: null,
      hiddenAt: null,
      hiddenReason: null,
      moderationId: null,
      handedOverAt: null,
    };
    const insert = getDb(env.DB)
      .insert(products)
      .values(values)
      .onConflictDoNothing({ target: [products.sellerId, products.submissionKey] })
      .toSQL();
    // One batch: the listing, and the notices of the wanted posts it matches. Drizzle's D1
    // batch takes no raw statement, so both go to D1 as they are; the row is what was inserted.
    // wanted matches: the listing's text is bound, lower-cased in JS (D1 folds only A-Z).
    const [inserted] = await env.DB.batch([
      env.DB.prepare(insert.sql).bind(...insert.params),
      wantedMatchStatement(env, id, now, `${fields.title}\n${fields.description}`),
    ]);
    if (inserted?.meta.changes === 1) row = values;
  } catch (error) {
    await env.FILES.delete(keys);
    throw error;
  }
  if (row) return toView(row, badge);
  // A simultaneous repeat of this submission won: its product is the answer, these photos go.
  await env.FILES.delete(keys);
  const earlier = submissionKey ? await submittedProduct(env, seller.id, submissionKey) : undefined;
  if (!earlier) throw new ApiError(409, "This form was already sent. Reload the page and try again.");
  return toView(earlier, badge);
}

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

/** Who changes a product: their id, campus and membership. */
type Actor = Pick<SessionUser, "id" | "campusId" | "verified" | "openCommunity" | "campusShortName">;

const NO_PRODUCT = "This product no longer exists.";

/** Why a conditional write on someone's product changed nothing: 404 (also for another campus's), 403 or 409. */
async function explainNoChange(env: Env, user: Actor, id: string, verb: "edit" | "delete"): Promise<never> {
  const row = await getDb(env.DB).query.products.findFirst({
    columns: { sellerId: true, status: true, campusId: true },
    where: eq(products.id, id),
  });
  if (!row || row.campusId !== user.campusId) throw new ApiError(404, NO_PRODUCT);
  if (row.sellerId !== user.id) throw new ApiError(403, `You can only ${verb} your own products.`);
  if (row.status === "sold")
    throw new ApiError(
      409,
      `This product has been sold, so it can no longer be ${verb === "edit" ? "edited" : "deleted"}.`,
    );
  throw new ApiError(409, "The product changed while you were editing it. Reload and try again.");
}

const ownUnsold = (userId: string, id: string) =>
  and(eq(products.id, id), eq(products.sellerId, userId), eq(products.status, "available"));

/** Edits an unsold product of the user's own. Not gated: a seller may always fix their listing. */
export async function updateProduct(env: Env, user: Actor, id: string, patch: ProductPatch): Promise<ProductView> {
  const [row] = await getDb(env.DB)
    .update(products)
    .set({
      ...(patch.title !== undefined && { title: patch.title }),
      ...(patch.description !== undefined && { description: patch.description }),
      ...(patch.price !== undefined && { pricePaise: patch.price }),
      updatedAt: Date.now(),
    })
    .where(ownUnsold(user.id, id))
    .returning();
  if (!row) return explainNoChange(env, user, id, "edit");
  return toView(row, badgeOfMember(user));
}

/** Deletes an unsold product of the user and its image. Not gated: taking one's listing down is always allowed. */
export async function deleteProduct(env: Env, user: Actor, id: string): Promise<void> {
  const [row] = await getDb(env.DB)
    .delete(products)
    .where(ownUnsold(user.id, id))
    .returning({ imageKey: products.imageKey, imageType: products.imageType, photos: products.photos });
  if (!row) return explainNoChange(env, user, id, "delete");
  await env.FILES.delete(photoKeys(row));
}

/**
 * Renews an available listing of the seller's own for LISTING_DAYS more, once it has expired or is in
 * its last RENEW_WINDOW_DAYS. One conditional write: a second renewal right after changes
 * nothing and is refused, so scripting it gains nothing.
 */
export async function renewProduct(env: Env, user: SessionUser, id: string, now = Date.now()): Promise<ProductView> {
  requireMayAct(user, SELL);
  const [row] = await getDb(env.DB)
    .update(products)
    .set({ expiresAt: now + LISTING_MS, updatedAt: now })
    .where(and(ownUnsold(user.id, id), lte(products.expiresAt, now + RENEW_WINDOW_MS)))
    .returning();
  if (row) return toView(row, badgeOfMember(user));
  const current = await getDb(env.DB).query.products.findFirst({
    columns: { sellerId: true, status: true, campusId: true, expiresAt: true },
    where: eq(products.id, id),
  });
  if (!current || current.campusId !== user.campusId) throw new ApiError(404, NO_PRODUCT);
  if (current.sellerId !== user.id) throw new ApiError(403, "You can only renew your own products.");
  if (current.status === "sold") throw new ApiError(409, "This product has been sold, so it cannot be renewed.");
  throw new ApiError(
    409,
    `This listing does not need renewing yet: it stays on Browse until ${formatIndiaDate(current.expiresAt)}. You can renew it in its last ${RENEW_WINDOW_DAYS} days.`,
  );
}

/**
 * One product for its page, in one query with its seller's record; null when the viewer may
 * not see it: another campus's (for a member; a visitor sees every college's, as on Browse), or hidden
 * and neither theirs nor moderated by them. Sold, reserved and expired listings are returned: the page
 * says so.
 */
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

/** A seller is told this long before their listing leaves Browse (the cron, warnExpiringListings). */
export const EXPIRY_WARNING_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * The cron: the seller of every available listing that leaves Browse within 3 days gets one notice
 * to renew it. One statement; the notice's id is made of the listing and its end, so a listing is
 * warned once per 60 days however often the cron runs (and again after a renewal).
 */
export async function warnExpiringListings(env: Env, now = Date.now()): Promise<{ warned: number }> {
  const result = await env.DB.prepare(
    `INSERT OR IGNORE INTO notices (id, user_id, kind, title, text, link, created_at)
     SELECT 'expiring-' || id || '-' || expires_at, seller_id, 'market.expiring', title || ' leaves Browse soon',
       'It has been listed for almost ${LISTING_MS / 86_400_000} days. Renew it on My Sells to keep it on Browse for ${LISTING_MS / 86_400_000} more days.', '/mysells', ?1
     FROM products WHERE status = 'available' AND hidden_at IS NULL AND expires_at > ?1 AND expires_at <= ?2`,
  )
    .bind(now, now + EXPIRY_WARNING_MS)
    .run();
  return { warned: result.meta.changes };
}

export interface PurchaseResult {
  product: ProductView;
  notification: { sent: boolean; directLink: string };
}

/** One account makes at most this many reservations in any 24 hours, whatever becomes of them (the reservation log, docs/decisions/0085-reservations.md). */
export const PURCHASE_LIMIT = 5;
export const PURCHASE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A buyer holds at most this many reservations waiting for a handover. */
export const OPEN_RESERVATIONS_LIMIT = 5;
/** A reservation not handed over in this time returns to Browse (the cron, worker/services/reservations.ts). */
export const RESERVATION_MS = RESERVATION_HOURS * 60 * 60 * 1000;

/**
 * The optional body of a purchase: the price in rupees the buyer saw. Compared exactly (as paise)
 * with the current price, so a seller's price change between looking and buying is never paid.
 */
export const purchaseBodySchema = z.object(
  {
    price: z
      .number({ error: "Send the price you saw as a number of rupees, for example 249.5." })
      .transform((rupees, ctx) => {
        const paise = rupeesToPaise(rupees);
        if (paise === null) {
          ctx.addIssue({
            code: "custom",
            message:
              "The price you saw must be a number of rupees, 0 or more, with at most two decimals (for example 249 or 249.5).",
          });
          return z.NEVER;
        }
        return paise;
      })
      .optional(),
  },
  { error: 'Send the body as a JSON object, for example { "price": 249.5 }.' },
);

/**
 * One atomic batch: a conditional UPDATE that only an available product of someone else can pass,
 * at the price the buyer saw (when they sent it) and while the buyer has made fewer than
 * PURCHASE_LIMIT reservations in the last 24 hours, whatever became of them (the reservation log:
 * a cancelled one counts, or reserve-and-cancel would notify a seller without end); the log row and
 * the seller's notice, inserted only for the sale id this very call wrote. D1 runs one statement at
 * a time, so the count and the sale cannot interleave with another purchase: of any number of
 * simultaneous attempts exactly the allowed ones get a row back. Only a verified member buys, and
 * only a product of their own campus.
 */
export async function purchaseProduct(
  env: Env,
  buyer: SessionUser,
  id: string,
  seenPricePaise?: number,
): Promise<PurchaseResult> {
  requireMayAct(buyer, BUY);
  const now = Date.now();
  const since = now - PURCHASE_WINDOW_MS;
  const seen = seenPricePaise ?? null;
  const saleId = crypto.randomUUID();
  const [update, , notice] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE products SET status = 'sold', buyer_id = ?1, buyer_name = ?2, sale_id = ?3, purchased_at = ?4, updated_at = ?4
       WHERE id = ?5 AND status = 'available' AND seller_id <> ?1 AND campus_id = ?9 AND hidden_at IS NULL AND expires_at > ?4
         AND (?6 IS NULL OR price_paise = ?6)
         AND (SELECT COUNT(*) FROM reservation_log WHERE buyer_id = ?1 AND created_at > ?7) < ?8
         AND (SELECT COUNT(*) FROM products WHERE buyer_id = ?1 AND status = 'sold' AND handed_over_at IS NULL) < ?10
         AND EXISTS (SELECT 1 FROM users WHERE id = ?1 AND deleted_at IS NULL)
       RETURNING id`,
    ).bind(buyer.id, buyer.name, saleId, now, id, seen, since, PURCHASE_LIMIT, buyer.campusId, OPEN_RESERVATIONS_LIMIT),
    env.DB.prepare(
      "INSERT INTO reservation_log (id, buyer_id, product_id, created_at) SELECT sale_id, buyer_id, id, ?1 FROM products WHERE sale_id = ?2",
    ).bind(now, saleId),
    env.DB.prepare(
      `INSERT INTO sale_notifications (id, seller_id, product_id, product_title, buyer_name, price_paise, created_at, sale_id, buyer_id)
       SELECT ?1, seller_id, id, title, ?2, price_paise, ?3, sale_id, buyer_id FROM products WHERE sale_id = ?4`,
    ).bind(crypto.randomUUID(), buyer.name, now, saleId),
    // The seller's inbox too: who reserved it, and what happens next (decision 0098). The
    // buyer's name leads the text, so their account's deletion can replace it (account-deletion.ts).
    env.DB.prepare(
      `INSERT INTO notices (id, user_id, kind, title, text, link, created_at, about_user_id)
       SELECT lower(hex(randomblob(16))), seller_id, 'market.reserved', title || ' is reserved', ?3 || ?4, '/mysells', ?1, buyer_id
       FROM products WHERE sale_id = ?2`,
    ).bind(now, saleId, buyer.name, RESERVED_NOTICE_TEXT),
  ]);
  const raw = update?.results[0] as Record<string, unknown> | undefined;
  if (!raw) return explainNoPurchase(env, buyer, id, seen, since);
  const [row] = await selectProducts(env).where(eq(products.id, id));
  const product = joinedView(row!);
  return {
    product,
    notification: { sent: (notice?.meta.changes ?? 0) === 1, directLink: `https://wa.me/91${product.whatsappNumber}` },
  };
}

/** Why the conditional purchase wrote nothing, from one read: 404, 403, 409 or 429. */
async function explainNoPurchase(
  env: Env,
  buyer: SessionUser,
  id: string,
  seen: number | null,
  since: number,
): Promise<never> {
  const buyerId = buyer.id;
  const row = await env.DB.prepare(
    `SELECT seller_id AS sellerId, campus_id AS campusId, status, price_paise AS pricePaise, hidden_at AS hiddenAt, expires_at AS expiresAt,
       (SELECT COUNT(*) FROM reservation_log WHERE buyer_id = ?1 AND created_at > ?2) AS recent,
       (SELECT created_at FROM reservation_log WHERE buyer_id = ?1 AND created_at > ?2 ORDER BY created_at DESC LIMIT 1 OFFSET ?3) AS oldestCounted,
       (SELECT deleted_at FROM users WHERE id = ?1) AS buyerDeletedAt,
       (SELECT COUNT(*) FROM products WHERE buyer_id = ?1 AND status = 'sold' AND handed_over_at IS NULL) AS open
     FROM products WHERE id = ?4`,
  )
    .bind(buyerId, since, PURCHASE_LIMIT - 1, id)
    .first<{
      sellerId: string;
      campusId: string;
      hiddenAt: number | null;
      expiresAt: number;
      status: string;
      pricePaise: number;
      recent: number;
      oldestCounted: number | null;
      buyerDeletedAt: number | null;
      open: number;
    }>();
  // Another campus's product is answered as one that does not exist: its existence is not confirmed.
  // Hidden by reports or a moderator: it does not exist for a buyer.
  if (!row || row.campusId !== buyer.campusId || (row.hiddenAt !== null && row.sellerId !== buyerId))
    throw new ApiError(404, NO_PRODUCT);
  // The buyer's account was deleted while this purchase was on its way.
  if (row.buyerDeletedAt !== null) throw new ApiError(401, "Please sign in to continue.");
  if (row.sellerId === buyerId) throw new ApiError(403, "You can't buy your own product.");
  if (row.status !== "available") throw new ApiError(409, "Sorry, this product has just been sold to someone else.");
  if (row.expiresAt <= Date.now())
    throw new ApiError(409, "This listing has expired: its seller has not renewed it, so it cannot be bought now.");
  if (row.recent >= PURCHASE_LIMIT) {
    // When the oldest purchase that still counts leaves the window.
    const retryAt = ceilToMinute((row.oldestCounted ?? Date.now()) + PURCHASE_WINDOW_MS);
    throw new ApiError(
      429,
      `You can buy at most ${PURCHASE_LIMIT} products in 24 hours. Try again after ${formatIndiaShortDateTime(retryAt)}.`,
      { retryAt },
    );
  }
  if (row.open >= OPEN_RESERVATIONS_LIMIT) {
    throw new ApiError(
      409,
      `You already have ${OPEN_RESERVATIONS_LIMIT} reservations waiting for a handover. Meet those sellers, or cancel one on My Purchases, before reserving more.`,
    );
  }
  if (seen !== null && row.pricePaise !== seen) {
    throw new ApiError(
      409,
      `The price has changed: it is now ${formatRupees(row.pricePaise)} (you saw ${formatRupees(seen)}). Check the new price and buy again.`,
      {
        price: paiseToRupees(row.pricePaise),
        pricePaise: row.pricePaise,
        seenPrice: paiseToRupees(seen),
      },
    );
  }
  // The product changed between the write and this read (sold and the sale undone cannot happen;
  // a price changed and changed back can).
  throw new ApiError(409, "The product changed while you were buying it. Reload and try again.");
}

/** What follows the buyer's name in the seller's reservation notice. */
export const RESERVED_NOTICE_TEXT = ` reserved it. Meet them to hand it over: they pay you then. Confirm the handover on My Sells, or decline it there. The reservation ends by itself after ${RESERVATION_HOURS} hours.`;

export interface SaleNotice {
  id: string;
  productTitle: string;
  buyerName: string;
  pricePaise: number;
  createdAt: number;
  /** Where the reservation it was written for stands now: waiting for the handover, handed over (a sale), or ended (declined, cancelled, expired). */
  state: "reserved" | "sold" | "ended";
}

/** The seller's unread notices of reservations, each with where its reservation stands now (the listing is read in the same query). */
export async function unreadSaleNotices(env: Env, sellerId: string): Promise<SaleNotice[]> {
  const state = sql<
    SaleNotice["state"]
  >`CASE WHEN ${saleNotifications.saleId} IS NULL OR ${products.saleId} IS NOT ${saleNotifications.saleId} THEN 'ended' WHEN ${products.handedOverAt} IS NULL THEN 'reserved' ELSE 'sold' END`;
  return getDb(env.DB)
    .select({
      id: saleNotifications.id,
      productTitle: saleNotifications.productTitle,
      buyerName: saleNotifications.buyerName,
      pricePaise: saleNotifications.pricePaise,
      createdAt: saleNotifications.createdAt,
      state,
    })
    .from(saleNotifications)
    .leftJoin(products, eq(products.id, saleNotifications.productId))
    .where(and(eq(saleNotifications.sellerId, sellerId), isNull(saleNotifications.readAt)))
    .orderBy(desc(saleNotifications.createdAt))
    .limit(20);
}

export async function markSaleNoticesRead(env: Env, sellerId: string): Promise<void> {
  await getDb(env.DB)
    .update(saleNotifications)
    .set({ readAt: Date.now() })
    .where(and(eq(saleNotifications.sellerId, sellerId), isNull(saleNotifications.readAt)));
}

/** A product image from R2, or null. Only keys the server made are looked up. */
export async function productImage(env: Env, uuid: string): Promise<R2ObjectBody | null> {
  return env.FILES.get(`${IMAGE_PREFIX}${uuid}`);
}
