import { bodyLimit } from "#server/lib/body-limit.ts";
import { UPLOAD_LIMITS } from "#common/body-limits.ts";
import { Hono } from "hono";
import {
  cancelReservation,
  confirmHandover,
  declineReservation,
  rateTrade,
  ratingSchema,
} from "#server/services/reservations.ts";
import { formatIndiaDate } from "#common/format.ts";
import { BUY, paiseToRupees, SELL, whatsappLink, type ProductView } from "#common/market.ts";
import { mayContact } from "#common/membership.ts";
import { ApiError } from "#server/lib/errors.ts";
import { parseWith } from "#server/lib/validate.ts";
import {
  createProductFromForm,
  deleteProduct,
  productPatchSchema,
  updateProduct,
} from "#server/services/market/listing.ts";
import {
  elsewhereMessage,
  getProduct,
  listAvailable,
  listMySells,
  listPurchased,
  listQuerySchema,
} from "#server/services/market/browse.ts";
import { productIdSchema } from "#server/services/market/product-view.ts";
import { purchaseBodySchema, purchaseProduct } from "#server/services/market/purchase.ts";
import { renewProduct } from "#server/services/market/expiry.ts";
import { listSaved, saveProduct, unsaveProduct } from "#server/services/saved.ts";
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

const products = new Hono<AppEnv>();

/**
 * The product as API clients see it: `_id`, price in rupees (and exact paise), an absolute image
 * URL on our origin. The seller's WhatsApp number is part of it only for the seller, and for a buyer
 * who may see contacts (a verified member of the product's campus); otherwise the fields are left
 * out, as they always were on the list. Exactly the specification's shape: the verified badge is the
 * screens' (docs/decisions/0076-campus-market.md).
 */
function toJson(
  c: AppContext,
  view: Omit<ProductView, "whatsappNumber"> & { whatsappNumber: string | null },
  withContact: boolean,
) {
  return {
    _id: view.id,
    title: view.title,
    description: view.description,
    price: paiseToRupees(view.pricePaise),
    pricePaise: view.pricePaise,
    sellerName: view.sellerName,
    // Contacts only to who may see them (null: hidden); a seller who deleted their account has no number any more (""): no link either.
    ...(withContact &&
      view.whatsappNumber !== null && {
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
  if (mediaType !== "multipart/form-data")
    throw new ApiError(415, "Send the product as multipart/form-data with an image file.");
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new ApiError(400, "The upload could not be read. Please choose the image again and retry.");
  }
  const product = await createProductFromForm(c.env, c.var.user, form, c.req.header("Idempotency-Key"));
  const msg = "Product uploaded successfully!";
  return c.json({ success: true, message: msg, msg, product: toJson(c, product, true) }, 201);
});

// A signed-in member sees their own campus's products; a visitor without a session every college's
// (or one, with ?campus=), never with contacts (docs/decisions/0076-campus-market.md).
products.get("/available", validateQuery(listQuerySchema), async (c) => {
  const query = c.req.valid("query");
  const user = await userOf(c);
  const list = await listAvailable(c.env, { ...query, campusId: user?.campusId ?? null, viewerId: user?.id ?? null });
  c.header("Cache-Control", "no-store");
  return c.json(list.map((p) => toJson(c, p, false)));
});

// The member's saved listings, newest saved first, each in its current state.
products.get("/saved", requireAuth, async (c) => {
  const list = await listSaved(c.env, c.var.user);
  c.header("Cache-Control", "no-store");
  return c.json(list.map((p) => ({ ...toJson(c, p, p.mine), saved: true })));
});

products.get("/purchased", requireAuth, async (c) => {
  const list = await listPurchased(c.env, c.var.user);
  c.header("Cache-Control", "no-store");
  return c.json(list.map((p) => toJson(c, p, true)));
});

products.get("/mysells", requireAuth, async (c) => {
  const list = await listMySells(c.env, c.var.user.id);
  c.header("Cache-Control", "no-store");
  return c.json(list.map((p) => toJson(c, p, true)));
});

/**
 * The price the buyer saw, in paise, when the client sent one. No body (what a client of the
 * specification sends, whatever its Content-Type) keeps the purchase as it always was.
 */
async function seenPrice(c: AppContext): Promise<number | undefined> {
  if ((await c.req.text()).trim() === "") return undefined;
  return parseWith(purchaseBodySchema, await readJson(c)).price;
}

products.patch(
  "/purchase/:id",
  bodyLimit({ maxBytes: 1024, message: 'The request is too large: a purchase sends at most { "price": <rupees> }.' }),
  requireAuth,
  requireMayActTo(BUY),
  async (c) => {
    const id = idParam(c);
    const result = await purchaseProduct(c.env, c.var.user, id, await seenPrice(c));
    const msg = "Purchase successful!";
    return c.json({
      success: true,
      message: msg,
      msg,
      product: toJson(c, result.product, mayContact(c.var.user, result.product.campusId)),
      notification: result.notification,
    });
  },
);

// The reservation's steps (docs/decisions/0085-reservations.md).
products.post("/:id/handover", requireAuth, async (c) => {
  await confirmHandover(c.env, c.var.user, idParam(c));
  return c.json({ success: true, message: "Handover confirmed: the sale is complete. The buyer is told." });
});

products.post("/:id/decline", requireAuth, async (c) => {
  await declineReservation(c.env, c.var.user, idParam(c));
  return c.json({ success: true, message: "Reservation declined: the product is on sale again. The buyer is told." });
});

products.post("/:id/cancel", requireAuth, async (c) => {
  await cancelReservation(c.env, c.var.user, idParam(c));
  return c.json({ success: true, message: "Reservation cancelled: the product is on sale again. The seller is told." });
});

// The heart. Both are idempotent.
products.put("/:id/save", requireAuth, async (c) => {
  await saveProduct(c.env, c.var.user, idParam(c));
  return c.json({ success: true, saved: true, message: "Saved." });
});

products.delete("/:id/save", requireAuth, async (c) => {
  await unsaveProduct(c.env, c.var.user, idParam(c));
  return c.json({ success: true, saved: false, message: "Removed from Saved." });
});

products.post("/:id/renew", requireAuth, async (c) => {
  const product = await renewProduct(c.env, c.var.user, idParam(c));
  return c.json({
    success: true,
    message: `Renewed: your listing stays on Browse until ${formatIndiaDate(product.expiresAt)}.`,
    product: toJson(c, product, true),
  });
});

products.post("/:id/rating", requireAuth, validateJson(ratingSchema), async (c) => {
  const { role } = await rateTrade(c.env, c.var.user, idParam(c), c.req.valid("json"));
  return c.json(
    {
      success: true,
      message:
        role === "buyer"
          ? "Thank you: your rating of the seller is saved."
          : "Thank you: your rating of the buyer is saved.",
    },
    201,
  );
});

// The id is checked before the body, as it always was.
const checkId = async (c: AppContext, next: () => Promise<void>) => {
  idParam(c);
  await next();
};

products.patch("/:id", requireAuth, checkId, validateJson(productPatchSchema), async (c) => {
  const id = idParam(c);
  const patch = c.req.valid("json");
  const product = await updateProduct(c.env, c.var.user, id, patch);
  const msg = "Product updated successfully!";
  return c.json({ success: true, message: msg, msg, product: toJson(c, product, true) });
});

products.delete("/:id", requireAuth, async (c) => {
  await deleteProduct(c.env, c.var.user, idParam(c));
  const msg = "Product deleted successfully!";
  return c.json({ success: true, message: msg, msg });
});

// One product, as its page shows it (declared after the named lists, so those win).
products.get("/:id", async (c) => {
  const id = idParam(c);
  const user = await userOf(c);
  const found = await getProduct(c.env, user, id);
  if (!found) throw new ApiError(404, "This product no longer exists.");
  if (found.kind === "elsewhere") throw new ApiError(404, elsewhereMessage(found.market));
  const { product } = found;
  c.header("Cache-Control", "no-store");
  // Contacts as on the lists: to the seller, and to the buyer of their own purchase.
  const withContact = product.mine || (user !== null && product.bought && mayContact(user, product.campusId));
  return c.json(toJson(c, product, withContact));
});

export default products;
