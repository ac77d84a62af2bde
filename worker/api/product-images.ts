import { Hono } from "hono";
import { NO_IMAGE } from "#common/market-messages.ts";
import { IMAGE_CACHE_CONTROL } from "#server/services/market/product-view.ts";
import { productImage } from "#server/services/market/photos.ts";
import type { AppEnv } from "#server/api/context.ts";

// Product images from R2, on our own origin: public (anyone browsing sees them), immutable (a key
// is never reused), typed from what the upload really was.
const productImages = new Hono<AppEnv>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

productImages.get("/:key", async (c) => {
  const key = c.req.param("key");
  const notFound = () => c.json({ success: false, message: NO_IMAGE }, 404);
  if (!UUID.test(key)) return notFound();
  const object = await productImage(c.env, key.toLowerCase());
  if (!object) return notFound();
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Cache-Control": IMAGE_CACHE_CONTROL,
    "X-Content-Type-Options": "nosniff",
    ETag: object.httpEtag,
  });
  if (c.req.header("If-None-Match") === object.httpEtag) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
});

export default productImages;
