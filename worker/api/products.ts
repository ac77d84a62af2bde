import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { paiseToRupees, whatsappLink, type ProductView } from "../../app/lib/market";
import { ApiError } from "../lib/errors";
import {
  createProductFromForm,
  deleteProduct,
  listAvailable,
  listMySells,
  listPurchased,
  listQuerySchema,
  productIdSchema,
  productPatchSchema,
  purchaseBodySchema,
  purchaseProduct,
  updateProduct,
} from "../services/products";
import { type AppContext, type AppEnv, jsonBody, parseWith, requireAuth } from "./context";

const products = new Hono<AppEnv>();

// An image is at most 5 MB; the text fields and multipart framing fit in the rest.
const UPLOAD_LIMIT_BYTES = 6 * 1024 * 1024;

/**
 * The product as API clients see it: `_id`, price in rupees (and exact paise), an absolute image
 * URL on our origin. The seller's WhatsApp number is part of it only for the seller and the buyer.
 */
function toJson(c: AppContext, view: ProductView, withContact: boolean) {
  return {
    _id: view.id,
    title: view.title,
    description: view.description,
    price: paiseToRupees(view.pricePaise),
    pricePaise: view.pricePaise,
    sellerName: view.sellerName,
    ...(withContact && { whatsappNumber: view.whatsappNumber, whatsappLink: whatsappLink(view.whatsappNumber) }),
    image: new URL(view.image, c.req.url).href,
    status: view.status,
    createdAt: view.createdAt,
    ...(view.purchaseDate !== null && { purchaseDate: view.purchaseDate, buyerName: view.buyerName }),
  };
}

function idParam(c: AppContext): string {
  return parseWith(productIdSchema, c.req.param("id"));
}

products.post(
  "/upload",
  requireAuth,
  bodyLimit({
    maxSize: UPLOAD_LIMIT_BYTES,
    onError: () => {
      throw new ApiError(413, "The upload is too large: the image can be at most 5 MB.");
    },
  }),
  async (c) => {
    const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (mediaType !== "multipart/form-data") throw new ApiError(415, "Send the product as multipart/form-data with an image file.");
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new ApiError(400, "The upload could not be read. Please choose the image again and retry.");
    }
    const product = await createProductFromForm(c.env, c.var.user, form, c.req.header("Idempotency-Key"));
    const msg = "Product uploaded successfully!";
    return c.json({ success: true, message: msg, msg, product: toJson(c, product, true) }, 201);
  },
);

products.get("/available", async (c) => {
  const query = parseWith(listQuerySchema, c.req.query());
  const list = await listAvailable(c.env, query);
  c.header("Cache-Control", "no-store");
  return c.json(list.map((p) => toJson(c, p, false)));
});

products.get("/purchased", requireAuth, async (c) => {
  const list = await listPurchased(c.env, c.var.user.id);
  c.header("Cache-Control", "no-store");
  return c.json(list.map((p) => toJson(c, p, true)));
});

products.get("/mysells", requireAuth, async (c) => {
  const list = await listMySells(c.env, c.var.user.id);
  c.header("Cache-Control", "no-store");
  return c.json(list.map((p) => toJson(c, p, true)));
});

// The purchase body is at most { "price": 1234567.89 }; anything larger is not one.
const PURCHASE_BODY_LIMIT_BYTES = 1024;

/**
 * The price the buyer saw, in paise, when the client sent one. No body (what a client of the
 * specification sends, whatever its Content-Type) keeps the purchase as it always was.
 */
async function seenPrice(c: AppContext): Promise<number | undefined> {
  if ((await c.req.text()).trim() === "") return undefined;
  return (await jsonBody(c, purchaseBodySchema)).price;
}

products.patch(
  "/purchase/:id",
  requireAuth,
  bodyLimit({
    maxSize: PURCHASE_BODY_LIMIT_BYTES,
    onError: () => {
      throw new ApiError(413, 'The request is too large: a purchase sends at most { "price": <rupees> }.');
    },
  }),
  async (c) => {
    const id = idParam(c);
    const result = await purchaseProduct(c.env, c.var.user, id, await seenPrice(c));
    const msg = "Purchase successful!";
    return c.json({ success: true, message: msg, msg, product: toJson(c, result.product, true), notification: result.notification });
  },
);

products.patch("/:id", requireAuth, async (c) => {
  const id = idParam(c);
  const patch = await jsonBody(c, productPatchSchema);
  const product = await updateProduct(c.env, c.var.user.id, id, patch);
  const msg = "Product updated successfully!";
  return c.json({ success: true, message: msg, msg, product: toJson(c, product, true) });
});

products.delete("/:id", requireAuth, async (c) => {
  await deleteProduct(c.env, c.var.user.id, idParam(c));
  const msg = "Product deleted successfully!";
  return c.json({ success: true, message: msg, msg });
});

export default products;
