import { bodyLimit } from "#server/lib/body-limit.ts";
import { UPLOAD_LIMITS } from "#common/body-limits.ts";
import { Hono } from "hono";
import {
  cancelReservation,
  confirmHandover,
  declineReservation,
  rateTrade,
  ratingSchema,
} from "#server/services/market/reservations.ts";
import { BUY, paiseToRupees, SELL, whatsappLink, type ProductView } from "#common/market.ts";
import {
  HANDED_OVER,
  PRODUCT_DELETED,
  PRODUCT_UPDATED,
  PRODUCT_UPLOADED,
  PURCHASE_BODY_TOO_LARGE,
  PURCHASE_SUCCESSFUL,
  RATED,
  renewedUntil,
  RESERVATION_CANCELLED,
  RESERVATION_DECLINED,
  HEART_ANSWERS,
  SAVED,
  UPLOAD_NOT_MULTIPART,
  UPLOAD_UNREADABLE,
} from "#common/market-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import {
  createProduct,
  deleteProduct,
  listingSchema,
  productPatchSchema,
  updateProduct,
} from "#server/services/market/listing.ts";
import { browse, getProduct, listMySells, listPurchased, listQuerySchema } from "#server/services/market/browse.ts";
import { productIdSchema, type ShownProduct } from "#server/services/market/product-view.ts";
import { purchaseProduct, purchaseSchema } from "#server/services/market/purchase.ts";
import { renewProduct } from "#server/services/market/expiry.ts";
import { listSaved, saveProduct, unsaveProduct } from "#server/services/market/saved.ts";
import {
  type AppContext,
  type AppEnv,
  readJson,
  requireAuth,
  requireMayActTo,
  validateJson,
  validateQuery,
  userOf,
} from "#server/api/context.ts";

// The marketplace's API (the specification's /product calls and ours): each route translates the
// request into a use-case's typed input (worker/services/market/) and
// its answer into JSON; the rules, and the sentences (common/market-messages.ts), are theirs.
const products = new Hono<AppEnv>();

/**
 * The product as API clients see it: `_id`, price in rupees (and exact paise), an absolute image
 * URL on our origin. The seller's WhatsApp number is part of it where the use-case answered one
 * (sellerContact: the seller, and a buyer who may see contacts); otherwise the fields are left out,
 * as they always were on the list. Exactly the specification's shape: the verified badge is the
 * screens' (docs/decisions/0076-campus-market.md).
 */
export function toJson(c: AppContext, view: ShownProduct | ProductView) {
  return {
    _id: view.id,
    title: view.title,
    description: view.description,
    price: paiseToRupees(view.pricePaise),
    pricePaise: view.pricePaise,
    sellerName: view.sellerName,
    // Contacts only to who may see them (null: hidden); a seller who deleted their account has no number any more (""): no link either.
    ...(view.whatsappNumber !== null && {
      whatsappNumber: view.whatsappNumber,
      whatsappLink: view.whatsappNumber ? whatsappLink(view.whatsappNumber) : null,
    }),
    image: new URL(view.image, c.req.url).href,
    // Every photo, large and small (`image` is the first one's large URL).
    images: view.images.map((photo) => ({
      url: new URL(photo.url, c.req.url).href,
      thumbUrl: new URL(photo.thumbUrl, c.req.url).href,
      width: photo.width,
      height: photo.height,
    })),
    ...(view.status === "available" && { expiresAt: view.expiresAt }),
    category: view.category,
    condition: view.condition,
    status: view.status,
    createdAt: view.createdAt,
    ...(view.purchaseDate !== null && { purchaseDate: view.purchaseDate, buyerName: view.buyerName }),
    // A "sold" product is reserved until the seller confirms the handover.
    ...(view.status === "sold" && {
      reserved: view.handedOverAt == null,
      ...(view.reservedUntil ? { reservedUntil: view.reservedUntil } : {}),
      ...(view.handedOverAt ? { handedOverAt: view.handedOverAt } : {}),
    }),
    // The signed-in viewer saved it.
    ...(view.saved !== undefined && { saved: view.saved }),
    // Only its seller and the campus's moderators get a hidden product.
    ...(view.hiddenReason && { hidden: true, hiddenReason: view.hiddenReason }),
  };
}

function idParam(c: AppContext): string {
  return parseWith(productIdSchema, c.req.param("id"));
}

products.post("/upload", bodyLimit(UPLOAD_LIMITS.listing), requireAuth, requireMayActTo(SELL), async (c) => {
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "multipart/form-data") throw new ApiError(415, UPLOAD_NOT_MULTIPART);
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new ApiError(400, UPLOAD_UNREADABLE);
  }
  // The photos and their small versions are repeated fields, in order.
  const input = parseWith(listingSchema, {
    ...formInput(form),
    image: form.getAll("image"),
    thumb: form.getAll("thumb"),
  });
  const product = await createProduct(c.env, c.var.user, input, c.req.header("Idempotency-Key"));
  return c.json({ success: true, message: PRODUCT_UPLOADED, msg: PRODUCT_UPLOADED, product: toJson(c, product) }, 201);
});

// Anyone may browse: a member their own campus's products, a visitor without a session every
// college's (or one, with ?campus=), never with contacts (docs/decisions/0076-campus-market.md).
products.get("/available", validateQuery(listQuerySchema), async (c) => {
  const list = await browse(c.env, await userOf(c), c.req.valid("query"));
  c.header("Cache-Control", "no-store");
  return c.json(list.map((p) => toJson(c, p)));
});

// The member's saved listings, newest saved first, each in its current state.
products.get("/saved", requireAuth, async (c) => {
  const list = await listSaved(c.env, c.var.user);
  c.header("Cache-Control", "no-store");
  return c.json(list.map((p) => ({ ...toJson(c, p), saved: true })));
});

products.get("/purchased", requireAuth, async (c) => {
  const list = await listPurchased(c.env, c.var.user);
  c.header("Cache-Control", "no-store");
  return c.json(list.map((p) => toJson(c, p)));
});

products.get("/mysells", requireAuth, async (c) => {
  const list = await listMySells(c.env, c.var.user);
  c.header("Cache-Control", "no-store");
  return c.json(list.map((p) => toJson(c, p)));
});

/**
 * The purchase's input. No body (what a client of the specification sends, whatever its
 * Content-Type) keeps the purchase as it always was: no price check.
 */
async function purchaseInput(c: AppContext) {
  if ((await c.req.text()).trim() === "") return {};
  return parseWith(purchaseSchema, await readJson(c));
}

products.patch(
  "/purchase/:id",
  bodyLimit({ maxBytes: 1024, message: PURCHASE_BODY_TOO_LARGE }),
  requireAuth,
  requireMayActTo(BUY),
  async (c) => {
    const id = idParam(c);
    const result = await purchaseProduct(c.env, c.var.user, id, await purchaseInput(c));
    return c.json({
      success: true,
      message: PURCHASE_SUCCESSFUL,
      msg: PURCHASE_SUCCESSFUL,
      product: toJson(c, result.product),
      notification: result.notification,
    });
  },
);

// The reservation's steps (docs/decisions/0085-reservations.md).
products.post("/:id/handover", requireAuth, async (c) => {
  await confirmHandover(c.env, c.var.user, idParam(c));
  return c.json({ success: true, message: HANDED_OVER });
});

products.post("/:id/decline", requireAuth, async (c) => {
  await declineReservation(c.env, c.var.user, idParam(c));
  return c.json({ success: true, message: RESERVATION_DECLINED });
});

products.post("/:id/cancel", requireAuth, async (c) => {
  await cancelReservation(c.env, c.var.user, idParam(c));
  return c.json({ success: true, message: RESERVATION_CANCELLED });
});

// The heart. Both are idempotent.
products.put("/:id/save", requireAuth, async (c) => {
  await saveProduct(c.env, c.var.user, idParam(c));
  return c.json({ success: true, saved: true, message: SAVED });
});

products.delete("/:id/save", requireAuth, async (c) => {
  await unsaveProduct(c.env, c.var.user, idParam(c));
  return c.json({ success: true, saved: false, message: HEART_ANSWERS.unsave });
});

products.post("/:id/renew", requireAuth, async (c) => {
  const product = await renewProduct(c.env, c.var.user, idParam(c));
  return c.json({ success: true, message: renewedUntil(product.expiresAt), product: toJson(c, product) });
});

products.post("/:id/rating", requireAuth, validateJson(ratingSchema), async (c) => {
  const { role } = await rateTrade(c.env, c.var.user, idParam(c), c.req.valid("json"));
  return c.json({ success: true, message: RATED[role] }, 201);
});

// The id is checked before the body, as it always was.
const checkId = async (c: AppContext, next: () => Promise<void>) => {
  idParam(c);
  await next();
};

products.patch("/:id", requireAuth, checkId, validateJson(productPatchSchema), async (c) => {
  const product = await updateProduct(c.env, c.var.user, idParam(c), c.req.valid("json"));
  return c.json({ success: true, message: PRODUCT_UPDATED, msg: PRODUCT_UPDATED, product: toJson(c, product) });
});

products.delete("/:id", requireAuth, async (c) => {
  await deleteProduct(c.env, c.var.user, idParam(c));
  return c.json({ success: true, message: PRODUCT_DELETED, msg: PRODUCT_DELETED });
});

// One product, as its page shows it (declared after the named lists, so those win). Another
// college's listing is a 404 that says whose it is.
products.get("/:id", async (c) => {
  const id = idParam(c);
  const found = await getProduct(c.env, await userOf(c), id);
  if (found.kind === "elsewhere") throw new ApiError(404, found.message);
  c.header("Cache-Control", "no-store");
  return c.json(toJson(c, found.product));
});

export default products;
