// D1 round trips per marketplace and Study Swap page (at most 3 per page; decision 0073: scoping by
// campus may add at most one, and added none). Each loader runs with a D1 binding that counts round
// trips (test/hostel-helpers.ts), the session's own read included, with data on the page.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loaderContext } from "#test/loader-context.ts";
import * as allProducts from "#app/routes/all-products.tsx";
import * as becomeWriter from "#app/routes/become-writer.tsx";
import * as findWriter from "#app/routes/find-writer.tsx";
import * as purchases from "#app/routes/purchases.tsx";
import * as sellerDashboard from "#app/routes/seller-dashboard.tsx";
import * as sells from "#app/routes/sells.tsx";
import * as studyswap from "#app/routes/studyswap.tsx";
import * as upload from "#app/routes/upload.tsx";
import * as product from "#app/routes/product.tsx";
import * as saved from "#app/routes/saved.tsx";
import * as wanted from "#app/routes/wanted.tsx";
import { bearer, call, createUser, ORIGIN, postJson, type TestUser } from "#test/helpers.ts";
import { countingDb } from "#test/hostel-helpers.ts";

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);

type Loader = (args: never) => Promise<unknown>;

async function tripsOf(
  loader: Loader,
  path: string,
  user: TestUser | null,
  params: Record<string, string> = {},
): Promise<number> {
  const { db, count } = countingDb(env.DB);
  const request = new Request(`${ORIGIN}${path}`, { headers: user ? { Cookie: user.cookie } : {} });
  await loader({ context: loaderContext(request, db), request, params } as never);
  return count();
}

async function listProduct(user: TestUser, title: string): Promise<string> {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    title,
    description: "Good condition",
    price: "120",
    sellerName: user.name,
    whatsappNumber: "9876543210",
  }))
    form.set(key, value);
  form.set("image", new File([PNG], "p.png", { type: "image/png" }));
  const res = await call("/api/product/upload", { method: "POST", headers: bearer(user.token), body: form });
  return ((await res.json()) as { product: { _id: string } }).product._id;
}

describe("D1 round trips per marketplace and Study Swap page", () => {
  it("stays at 3 or fewer on every marketplace and Study Swap page", async () => {
    const seller = await createUser({ name: "Asha Verma" });
    const buyer = await createUser({ name: "Rohan Mehta" });
    const id = await listProduct(seller, "Counted lamp");
    await listProduct(seller, "Counted kettle");
    await call(`/api/product/purchase/${id}`, { method: "PATCH", headers: bearer(buyer.token) });
    await postJson(
      "/api/studyswap/requests",
      { title: "Counted essay", category: "English", details: "Two pages", contact: "a@b.co" },
      bearer(seller.token),
    );
    await call("/api/studyswap/writers/me", {
      method: "PUT",
      headers: { ...bearer(seller.token), "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Asha", expertise: "English", contact: "a@b.co" }),
    });

    const other = await listProduct(seller, "Counted kettle two");
    await call(`/api/product/${other}/save`, { method: "PUT", headers: bearer(buyer.token) });
    await postJson("/api/wanted", { words: "Counted lamp" }, bearer(buyer.token));
    const pages: [string, Loader, string, TestUser | null, Record<string, string>?][] = [
      // A product's page, the Saved tab and Wanted.
      ["/product/:id signed in", product.loader, `/product/${other}`, buyer, { id: other }],
      ["/product/:id signed out", product.loader, `/product/${other}`, null, { id: other }],
      ["/saved", saved.loader, "/saved", buyer],
      ["/wanted", wanted.loader, "/wanted", buyer],
      ["/all-products signed in", allProducts.loader, "/all-products", buyer],
      ["/all-products signed out", allProducts.loader, "/all-products", null],
      ["/purchases", purchases.loader, "/purchases", buyer],
      ["/sells", sells.loader, "/sells", seller],
      ["/upload", upload.loader, "/upload", seller],
      ["/seller-dashboard", sellerDashboard.loader, "/seller-dashboard", seller],
      ["/studyswap signed in", studyswap.loader, "/studyswap", buyer],
      ["/studyswap signed out", studyswap.loader, "/studyswap", null],
      ["/become-writer", becomeWriter.loader, "/become-writer", seller],
      ["/find-writer", findWriter.loader, "/find-writer", seller],
    ];
    const counts: Record<string, number> = {};
    for (const [name, loader, path, user, params] of pages) counts[name] = await tripsOf(loader, path, user, params);
    console.log(`D1 round trips per page: ${JSON.stringify(counts)}`);
    // Measured before campus scoping (main at 084fe1a) and after it: the same. The session's read
    // carries the campus, and the lists join sellers and campuses for the badge in their one query.
    // A signed-in member's product page also reads their conversations about it (decision 0113),
    // beside the product.
    expect(counts).toEqual({
      "/product/:id signed in": 3,
      "/product/:id signed out": 1,
      "/saved": 2,
      "/wanted": 2,
      "/all-products signed in": 2,
      "/all-products signed out": 1,
      "/purchases": 2,
      "/sells": 3,
      // The session, and the profile's WhatsApp number the listing takes (decision 0114).
      "/upload": 2,
      "/seller-dashboard": 1,
      "/studyswap signed in": 2,
      "/studyswap signed out": 1,
      "/become-writer": 3,
      "/find-writer": 2,
    });
  });
});
