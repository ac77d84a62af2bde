import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bearer, call, createUser } from "./helpers";

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (ch) => ch.charCodeAt(0));

async function listProduct(token: string, title: string): Promise<string> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ title, description: "Good condition", price: "120.5", sellerName: "Asha Verma", whatsappNumber: "9876543210" })) form.set(key, value);
  form.set("image", new File([PNG], "p.png", { type: "image/png" }));
  const res = await call("/api/product/upload", { method: "POST", headers: bearer(token), body: form });
  return ((await res.json()) as { product: { _id: string } }).product._id;
}

describe("marketplace pages", () => {
  // Their guards (signed out: to /login): pages.test.ts.
  it("/all-products renders available products on the server, without sellers' numbers", async () => {
    const seller = await createUser();
    const title = `Render ${crypto.randomUUID().slice(0, 8)}`;
    await listProduct(seller.token, title);
    const html = await (await call(`/all-products?q=${encodeURIComponent(title)}`)).text();
    expect(html).toContain(title);
    expect(html).toContain("₹120.50");
    expect(html).not.toContain("9876543210");
  });

  it("/all-products shows the empty state", async () => {
    await env.DB.prepare("DELETE FROM products").run();
    const html = await (await call("/all-products")).text();
    expect(html).toContain("No products are available right now.");
  });

  it("/hosteller/night-market has the specification's sections, and Start Selling depends on sign-in", async () => {
    const out = await (await call("/hosteller/night-market")).text();
    for (const text of ["Night Market", "Night Owl Advantages", "Night Owl Study Materials", "Midnight Market Deals", "Connect After Hours", "Exclusive After-Dark Content", "How The Night Market Works", "Join After Hours", "Explore Deals", "Complete Exchange"]) {
      expect(out).toContain(text);
    }
    expect(out).toMatch(/href="\/login"[^>]*>.*?Start Selling/s);
    const user = await createUser();
    const signedIn = await (await call("/hosteller/night-market", { headers: { Cookie: user.cookie } })).text();
    expect(signedIn).toMatch(/href="\/seller-dashboard"[^>]*>.*?Start Selling/s);
    expect(signedIn).toContain('href="/all-products"');
  });

  it("/sells shows a new sale until the seller marks it read", async () => {
    const seller = await createUser();
    const buyer = await createUser({ name: "Rohan Mehta" });
    const id = await listProduct(seller.token, "Sold lamp");
    expect((await call(`/api/product/purchase/${id}`, { method: "PATCH", headers: bearer(buyer.token) })).status).toBe(200);
    const before = await (await call("/sells", { headers: { Cookie: seller.cookie } })).text();
    expect(before).toContain("You made a sale!");
    expect(before).toMatch(/Rohan Mehta.*bought.*Sold lamp/s);
    const form = new URLSearchParams({ intent: "mark-read" });
    const res = await call("/sells", { method: "POST", headers: { Cookie: seller.cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" }, body: form });
    expect(res.status).toBeLessThan(400);
    const unread = await env.DB.prepare("SELECT COUNT(*) AS n FROM sale_notifications WHERE seller_id = ? AND read_at IS NULL").bind(seller.userId).first<{ n: number }>();
    expect(unread?.n).toBe(0);
    const after = await (await call("/mysells", { headers: { Cookie: seller.cookie } })).text();
    expect(after).not.toContain("You made a sale!");
    expect(after).toContain("Bought by");
  });
});
