import { z } from "zod";
import { CATEGORY_IDS, CONDITION_IDS, LISTING_MS, SELL, parsePricePaise } from "#common/market.ts";
import type { ProductView } from "#common/market.ts";
import { CHOOSE_PHOTO, NO_PRODUCT } from "#common/market-messages.ts";
import { MAX_PHOTOS } from "#common/market-photos.ts";
import { batch, first, insert, returning, type Sql, select, sql, update } from "#server/db/sql.ts";
import { products, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { SUBMISSION_FIELD, submissionKeyOf } from "#server/lib/idempotency.ts";
import { limitPosting } from "#server/lib/post-limit.ts";
import { userText } from "#server/lib/validate.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { checkPhotos, type CheckedPhoto } from "#server/services/market/photos.ts";
import {
  badgeOfMember,
  IMAGE_CACHE_CONTROL,
  IMAGE_PREFIX,
  photoKeys,
  productColumns,
  type ProductRecord,
  type StoredPhoto,
  toView,
} from "#server/services/market/product-view.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { wantedMatch } from "#server/services/market/wanted.ts";
import { profileWhatsappNumber, whatsappNumberRule } from "#server/services/account/whatsapp-number.ts";

// A seller's listing: posting it (with its photos, all or nothing), editing and deleting it. Selling
// needs a verified member (requireMayAct); editing and deleting one's own unsold listing is always
// allowed.

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
  // The seller's name and WhatsApp number are the account's (decisions 0114 and 0132). An API client
  // of the specification still sends both: the name is checked as before and then the account's is
  // used; a number sent is checked and used.
  sellerName: text("seller name", 80).optional(),
  whatsappNumber: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    whatsappNumberRule.optional(),
  ),
});

/** A form sent without JavaScript sends an empty file field as one empty, nameless file: that is no photo. */
const isNoFile = (value: unknown) => value instanceof File && value.size === 0 && value.name === "";

/**
 * The photos of a posted listing: every `image` field of the form in order (both doors hand over
 * `form.getAll("image")`), one to MAX_PHOTOS files. Their bytes are checked by the use-case
 * (checkPhotos): what they really are, and their size.
 */
const photoFiles = z.array(z.unknown()).transform((values, ctx): File[] => {
  const files = values.filter((value) => !isNoFile(value));
  const problem =
    files.length === 0
      ? CHOOSE_PHOTO
      : files.length > MAX_PHOTOS
        ? `A listing can have at most ${MAX_PHOTOS} photos: you sent ${files.length}.`
        : files.some((file) => !(file instanceof File) || file.size === 0)
          ? CHOOSE_PHOTO
          : null;
  if (problem) {
    ctx.addIssue({ code: "custom", message: problem });
    return z.NEVER;
  }
  return files as File[];
});

/**
 * A new listing as both doors receive it (`POST /api/product/upload` and the /upload form): the
 * fields, the photos (`image`, repeated) and their small versions (`thumb`, one per photo or none),
 * and the form's submission key. Every invalid field is reported at once, the photos' presence with
 * the text fields (decision 0103).
 */
export const listingSchema = productFieldsSchema.extend({
  image: photoFiles,
  thumb: z.array(z.union([z.instanceof(File), z.string()])).default([]),
  [SUBMISSION_FIELD]: z.unknown().optional(),
});

export const productPatchSchema = z
  .object({ title: text("title", 100), description: text("description", 2000, true), price })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, "Send at least one of title, description or price to change.");

export type ProductFields = z.output<typeof productFieldsSchema>;
export type ListingInput = z.output<typeof listingSchema>;
export type ProductPatch = z.output<typeof productPatchSchema>;

/**
 * Upload a listing, the use-case of both doors: a verified member's, its photos checked by their
 * bytes, then stored with the row (all or nothing). The submission key is the API's Idempotency-Key
 * header, else the form's submissionKey field: a repeat of one submission makes one listing.
 */
export async function createProduct(
  env: Env,
  seller: SessionUser,
  input: ListingInput,
  idempotencyKey: string | null = null,
): Promise<ProductView> {
  requireMayAct(seller, SELL);
  const key = submissionKeyOf(idempotencyKey, input[SUBMISSION_FIELD]);
  const photos = await checkPhotos(input.image, input.thumb);
  // The profile's number, unless the API client sent one for this listing; '' when there is none
  // (nobody is shown a contact then). A number sent by a seller who has none becomes their profile's.
  const profileNumber = await profileWhatsappNumber(env, seller.id);
  const contact = {
    whatsappNumber: input.whatsappNumber ?? profileNumber ?? "",
    saveToProfile: !profileNumber && input.whatsappNumber ? input.whatsappNumber : null,
  };
  // The seller's own listing: answered with their number, as sellerContact gives it to them.
  return storeListing(env, seller, input, contact, photos, key);
}

async function submittedProduct(env: Env, sellerId: string, submissionKey: string): Promise<ProductRecord | null> {
  return first(
    env,
    select(
      productColumns(products),
      sql`FROM ${products} WHERE seller_id = ${sellerId} AND submission_key = ${submissionKey} LIMIT 1`,
    ),
  );
}

/**
 * Stores the photos, then the row; if the row cannot be written the photos are removed again. A
 * repeat of the same submission answers the product the first one made and leaves no second set of
 * photos (checked first; the UNIQUE (seller, key) index decides between simultaneous repeats).
 */
async function storeListing(
  env: Env,
  seller: SessionUser,
  fields: ProductFields,
  contact: { whatsappNumber: string; saveToProfile: string | null },
  photos: CheckedPhoto[],
  submissionKey: string | null,
): Promise<ProductView> {
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
  let row: ProductRecord | undefined;
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
    const values: ProductRecord = {
      id,
      sellerId: seller.id,
      title: fields.title,
      description: fields.description,
      pricePaise: fields.price,
      // The account's name, whatever the form says: a listing cannot speak for someone else (decision 0132).
      sellerName: seller.name,
      whatsappNumber: contact.whatsappNumber,
      category: fields.category,
      condition: fields.condition,
      imageKey: stored[0]!.key,
      imageType: stored[0]!.type,
      photos: JSON.stringify(stored),
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
      salePricePaise: null,
    };
    // One batch: the listing, and the notices of the wanted posts it matches (the listing's text is
    // bound, lower-cased in JS: D1 folds only A-Z); the row is what was inserted.
    const [inserted] = await batch(env, [
      insert(
        products,
        {
          id: values.id,
          seller_id: values.sellerId,
          title: values.title,
          description: values.description,
          price_paise: values.pricePaise,
          seller_name: values.sellerName,
          whatsapp_number: values.whatsappNumber,
          image_key: values.imageKey,
          image_type: values.imageType,
          status: values.status,
          buyer_id: values.buyerId,
          buyer_name: values.buyerName,
          sale_id: values.saleId,
          purchased_at: values.purchasedAt,
          created_at: values.createdAt,
          updated_at: values.updatedAt,
          submission_key: values.submissionKey,
          campus_id: values.campusId,
          hidden_at: values.hiddenAt,
          hidden_reason: values.hiddenReason,
          moderation_id: values.moderationId,
          handed_over_at: values.handedOverAt,
          category: values.category,
          condition: values.condition,
          photos: values.photos,
          expires_at: values.expiresAt,
          sale_price_paise: values.salePricePaise,
        },
        sql`ON CONFLICT (seller_id, submission_key) DO NOTHING`,
      ),
      wantedMatch(id, now, `${fields.title}\n${fields.description}`),
      ...(contact.saveToProfile
        ? [
            update(
              users,
              { whatsapp_number: contact.saveToProfile },
              sql`WHERE id = ${seller.id} AND whatsapp_number IS NULL`,
            ),
          ]
        : []),
    ]);
    if (inserted.changes === 1) row = values;
  } catch (error) {
    await env.FILES.delete(keys);
    throw error;
  }
  if (row) return toView(row, badge);
  // A simultaneous repeat of this submission won: its product is the answer, these photos go.
  await env.FILES.delete(keys);
  const earlier = submissionKey ? await submittedProduct(env, seller.id, submissionKey) : null;
  if (!earlier) throw new ApiError(409, "This form was already sent. Reload the page and try again.");
  return toView(earlier, badge);
}

/** Who changes a product: their id, campus and membership. */
type Actor = Pick<SessionUser, "id" | "campusId" | "verified" | "openCommunity" | "campusShortName">;

/** Why a conditional write on someone's product changed nothing: 404 (also for another campus's), 403 or 409. */
async function explainNoChange(env: Env, user: Actor, id: string, verb: "edit" | "delete"): Promise<never> {
  const row = await first(
    env,
    select(
      { sellerId: products.seller_id, status: products.status, campusId: products.campus_id },
      sql`FROM ${products} WHERE id = ${id} LIMIT 1`,
    ),
  );
  if (!row || row.campusId !== user.campusId) throw new ApiError(404, NO_PRODUCT);
  if (row.sellerId !== user.id) throw new ApiError(403, `You can only ${verb} your own products.`);
  if (row.status === "sold")
    throw new ApiError(
      409,
      `This product has been sold, so it can no longer be ${verb === "edit" ? "edited" : "deleted"}.`,
    );
  throw new ApiError(409, "The product changed while you were editing it. Reload and try again.");
}

/** SQL: the product `id` is the user's own and still available (a WHERE of a statement on products). */
export const ownUnsold = (userId: string, id: string): Sql =>
  sql`id = ${id} AND seller_id = ${userId} AND status = ${"available"}`;

/** Edits an unsold product of the user's own. Not gated: a seller may always fix their listing. */
export async function updateProduct(env: Env, user: Actor, id: string, patch: ProductPatch): Promise<ProductView> {
  const row = await first(
    env,
    returning(
      update(
        products,
        {
          ...(patch.title !== undefined && { title: patch.title }),
          ...(patch.description !== undefined && { description: patch.description }),
          ...(patch.price !== undefined && { price_paise: patch.price }),
          updated_at: Date.now(),
        },
        sql`WHERE ${ownUnsold(user.id, id)}`,
      ),
      productColumns(products),
    ),
  );
  if (!row) return explainNoChange(env, user, id, "edit");
  return toView(row, badgeOfMember(user));
}

/** Deletes an unsold product of the user and its image. Not gated: taking one's listing down is always allowed. */
export async function deleteProduct(env: Env, user: Actor, id: string): Promise<void> {
  const row = await first(
    env,
    returning(sql`DELETE FROM ${products} WHERE ${ownUnsold(user.id, id)}`, {
      imageKey: products.image_key,
      imageType: products.image_type,
      photos: products.photos,
    }),
  );
  if (!row) return explainNoChange(env, user, id, "delete");
  await env.FILES.delete(photoKeys(row));
}
