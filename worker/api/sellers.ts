import { Hono } from "hono";
import { type AppEnv, requireAuth } from "#server/api/context.ts";
import { toJson } from "#server/api/products.ts";
import { parseWith } from "#server/lib/validate.ts";
import { sellerIdSchema, sellerPage } from "#server/services/market/seller-page.ts";

// A seller's page for API clients (docs/decisions/0115): the same read as /seller/:id, for a
// signed-in member of the seller's campus; anyone else's, a deleted or unknown seller is a 404.
const sellers = new Hono<AppEnv>();

sellers.get("/:id", requireAuth, async (c) => {
  const page = await sellerPage(c.env, c.var.user, parseWith(sellerIdSchema, c.req.param("id")));
  c.header("Cache-Control", "no-store");
  return c.json({
    success: true,
    seller: page.seller,
    // Listings as the product endpoints answer them; a seller's page never carries a contact.
    products: page.products.map((product) => toJson(c, { ...product, whatsappNumber: null })),
    ratings: page.ratings,
  });
});

export default sellers;
