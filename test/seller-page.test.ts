// A seller's page, /seller/:id and GET /api/seller/:id (docs/decisions/0115): for members of the
// seller's campus; their listings on sale now (not hidden, not expired, not sold), completed sales,
// and their buyers' ratings with notes.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bearer, call, createUser, unique, type TestUser } from "#test/helpers.ts";
import { PNG_BYTES } from "#test/hostel-helpers.ts";

async function list(seller: TestUser, title: string): Promise<string> {
  const form = new FormData();
  form.set("title", title);
  form.set("description", "In good shape.");
  form.set("price", "300");
  form.set("image", new File([PNG_BYTES], "photo.png", { type: "image/png" }));
  const res = await call("/api/product/upload", { method: "POST", headers: bearer(seller.token), body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { product: { _id: string } }).product._id;
}

const post = (path: string, who: TestUser, body?: unknown) =>
  call(path, {
    method: "POST",
    headers: { ...bearer(who.token), ...(body !== undefined && { "Content-Type": "application/json" }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

/** A completed sale to `buyer`, rated by them. */
async function soldAndRated(seller: TestUser, buyer: TestUser, title: string, stars: number, note?: string) {
  const id = await list(seller, title);
  expect((await call(`/api/product/purchase/${id}`, { method: "PATCH", headers: bearer(buyer.token) })).status).toBe(
    200,
  );
  expect((await post(`/api/product/${id}/handover`, seller)).status).toBe(200);
  expect((await post(`/api/product/${id}/rating`, buyer, { stars, ...(note && { note }) })).status).toBe(201);
  return id;
}

const page = (path: string, who: TestUser) => call(path, { headers: { Cookie: who.cookie } });

describe("a seller's page", () => {
  it("shows a member of the campus the seller's listings on sale now, completed sales and ratings with notes", async () => {
    const tag = unique("sp");
    const seller = await createUser({ name: "Meera Pillai" });
    const reader = await createUser();
    const onSale = await list(seller, `Drafter ${tag}`);
    const hidden = await list(seller, `Hidden lamp ${tag}`);
    const expired = await list(seller, `Expired kettle ${tag}`);
    const reserved = await list(seller, `Reserved cycle ${tag}`);
    await env.DB.prepare("UPDATE products SET hidden_at = ?, hidden_reason = 'Reported' WHERE id = ?")
      .bind(Date.now(), hidden)
      .run();
    await env.DB.prepare("UPDATE products SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1000, expired)
      .run();
    expect(
      (await call(`/api/product/purchase/${reserved}`, { method: "PATCH", headers: bearer(reader.token) })).status,
    ).toBe(200);
    await soldAndRated(seller, await createUser(), `Sold book ${tag}`, 5, "Exactly as described, on time.");
    await soldAndRated(seller, await createUser(), `Sold notes ${tag}`, 4);

    const res = await page(`/seller/${seller.userId}`, reader);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1");
    expect(html).toContain("Meera Pillai");
    expect(html).toContain("Verified CIT student");
    expect(html).toContain("2 completed sales");
    expect(html).toContain("4.5 from 2 ratings");
    expect(html).toContain("Exactly as described, on time.");
    expect(html).toContain(`For Sold book ${tag}`);
    expect(html).toContain(`Drafter ${tag}`);
    for (const gone of [`Hidden lamp ${tag}`, `Expired kettle ${tag}`, `Reserved cycle ${tag}`])
      expect(html).not.toContain(`>${gone}<`);
    // The listing's card links to it, like Browse's.
    expect(html).toContain(`href="/product/${onSale}"`);

    // The same for API clients, never with a contact.
    const api = await call(`/api/seller/${seller.userId}`, { headers: bearer(reader.token) });
    expect(api.status).toBe(200);
    const body = (await api.json()) as {
      seller: { name: string; sales: number; rating: number; ratings: number; verifiedBadge: string };
      products: { _id: string; whatsappNumber?: unknown }[];
      ratings: { stars: number; note: string | null }[];
    };
    expect(body.seller).toMatchObject({ name: "Meera Pillai", sales: 2, rating: 4.5, ratings: 2 });
    expect(body.products.map((p) => p._id)).toEqual([onSale]);
    expect(body.products[0]).not.toHaveProperty("whatsappNumber");
    expect(body.ratings.map((r) => [r.stars, r.note])).toEqual([
      [4, null],
      [5, "Exactly as described, on time."],
    ]);
  });

  it("is a 404 for another campus's seller, a deleted account, an unknown id, and asks a visitor to sign in", async () => {
    const seller = await createUser();
    await list(seller, "Lamp");
    const elsewhere = await createUser({ email: `${unique("r")}@riverside.test` });
    expect((await page(`/seller/${seller.userId}`, elsewhere)).status).toBe(404);
    expect((await call(`/api/seller/${seller.userId}`, { headers: bearer(elsewhere.token) })).status).toBe(404);

    const reader = await createUser();
    expect((await page("/seller/no-such-seller", reader)).status).toBe(404);
    const gone = await createUser();
    await env.DB.prepare("UPDATE users SET deleted_at = ? WHERE id = ?").bind(Date.now(), gone.userId).run();
    expect((await page(`/seller/${gone.userId}`, reader)).status).toBe(404);
    expect((await call(`/api/seller/${gone.userId}`, { headers: bearer(reader.token) })).status).toBe(404);

    const visitor = await call(`/seller/${seller.userId}`, { redirect: "manual" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login/);
    expect((await call(`/api/seller/${seller.userId}`)).status).toBe(401);
  });

  it("the product page links the seller's name to their page", async () => {
    const seller = await createUser({ name: "Kabir Rao" });
    const id = await list(seller, "Casio calculator");
    const html = await (await page(`/product/${id}`, await createUser())).text();
    expect(html).toMatch(new RegExp(`<a[^>]*href="/seller/${seller.userId}"[^>]*>Kabir Rao</a>`));
  });
});
