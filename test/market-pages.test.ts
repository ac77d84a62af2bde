import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bearer, call, createUser } from "#test/helpers.ts";

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);

async function listProduct(token: string, title: string): Promise<string> {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    title,
    description: "Good condition",
    price: "120.5",
    sellerName: "Asha Verma",
    whatsappNumber: "9876543210",
  }))
    form.set(key, value);
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

  it("/all-products sends each card's fields only: the description and the seller's account stay on the listing's page", async () => {
    const seller = await createUser();
    const title = `Card ${crypto.randomUUID().slice(0, 8)}`;
    const id = await listProduct(seller.token, title);
    const html = await (await call(`/all-products?q=${encodeURIComponent(title)}`)).text();
    expect(html).toContain(title);
    expect(html).not.toContain("Good condition");
    expect(html).not.toContain(seller.userId);
    // The listing's own page has them.
    expect(await (await call(`/product/${id}`)).text()).toContain("Good condition");
  });

  it("/all-products shows the empty state", async () => {
    await env.DB.prepare("DELETE FROM products").run();
    const html = await (await call("/all-products")).text();
    expect(html).toContain("No products are available right now.");
  });

  it("/hosteller/night-market has the specification's sections, and Start Selling depends on sign-in", async () => {
    const out = await (await call("/hosteller/night-market")).text();
    for (const text of [
      "Night Market",
      "Night Owl Advantages",
      "Night Owl Study Materials",
      "Midnight Market Deals",
      "Connect After Hours",
      "Exclusive After-Dark Content",
      "How The Night Market Works",
      "Join After Hours",
      "Explore Deals",
      "Complete Exchange",
    ]) {
      expect(out).toContain(text);
    }
    expect(out).toMatch(/href="\/login"[^>]*>.*?Start Selling/s);
    const user = await createUser();
    const signedIn = await (await call("/hosteller/night-market", { headers: { Cookie: user.cookie } })).text();
    expect(signedIn).toMatch(/href="\/seller-dashboard"[^>]*>.*?Start Selling/s);
    expect(signedIn).toContain('href="/all-products"');
  });

  it("/sells shows a new reservation until the seller marks it read", async () => {
    const seller = await createUser();
    const buyer = await createUser({ name: "Rohan Mehta" });
    const id = await listProduct(seller.token, "Sold lamp");
    expect((await call(`/api/product/purchase/${id}`, { method: "PATCH", headers: bearer(buyer.token) })).status).toBe(
      200,
    );
    const before = await (await call("/sells", { headers: { Cookie: seller.cookie } })).text();
    // A purchase is a reservation until the handover (decision 0098): not yet a sale.
    expect(before).toContain("New reservation: meet the buyer");
    expect(before).not.toContain("You made a sale!");
    expect(before).toMatch(/Rohan Mehta.*reserved.*Sold lamp/s);
    const form = new URLSearchParams({ intent: "mark-read" });
    const res = await call("/sells", {
      method: "POST",
      headers: {
        Cookie: seller.cookie,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost",
      },
      body: form,
    });
    expect(res.status).toBeLessThan(400);
    const unread = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM sale_notifications WHERE seller_id = ? AND read_at IS NULL",
    )
      .bind(seller.userId)
      .first<{ n: number }>();
    expect(unread?.n).toBe(0);
    const after = await (await call("/mysells", { headers: { Cookie: seller.cookie } })).text();
    expect(after).not.toContain("New reservation");
    // A purchase is a reservation until the seller confirms the handover.
    expect(after).toContain("Reserved by");
  });
});

// The screens write through their route actions: the same services and rules as the API.
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  call(path, {
    method: "POST",
    headers: {
      ...(cookie && { Cookie: cookie }),
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost",
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

const productRow = (id: string) =>
  env.DB.prepare(
    "SELECT title, price_paise AS pricePaise, status, buyer_id AS buyerId, image_key AS imageKey FROM products WHERE id = ?",
  )
    .bind(id)
    .first<{ title: string; pricePaise: number; status: string; buyerId: string | null; imageKey: string }>();

describe("/sells action: edit and delete", () => {
  it("edits the owner's product with the API's message and rules", async () => {
    const seller = await createUser();
    const id = await listProduct(seller.token, "Drafter");
    const res = await post(
      "/sells",
      { intent: "edit", id, title: "Drafter set", description: "With its box", price: "375.5" },
      seller.cookie,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Product updated successfully!");
    expect(await productRow(id)).toMatchObject({ title: "Drafter set", pricePaise: 37550 });

    const bad = await post(
      "/sells",
      { intent: "edit", id, title: "Drafter set", description: "With its box", price: "abc" },
      seller.cookie,
    );
    expect(bad.status).toBe(400);
    const page = await bad.text();
    expect(page).toContain("Update failed!");
    expect(page).toContain("The price must be a number of rupees");
    expect((await productRow(id))?.pricePaise).toBe(37550);
  });

  it("refuses someone else's product (403), a missing one (404) and a sold one (409), changing nothing", async () => {
    const seller = await createUser();
    const id = await listProduct(seller.token, "Owned lamp");
    const other = await createUser();
    const edit = { intent: "edit", title: "Mine now", description: "x", price: "1" };
    const forbidden = await post("/sells", { ...edit, id }, other.cookie);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.text()).toContain("You can only edit your own products.");
    const deleteForbidden = await post("/sells", { intent: "delete", id }, other.cookie);
    expect(deleteForbidden.status).toBe(403);
    expect(await deleteForbidden.text()).toContain("You can only delete your own products.");
    expect((await post("/sells", { ...edit, id: crypto.randomUUID() }, seller.cookie)).status).toBe(404);
    expect((await post("/sells", { intent: "delete", id: "not-a-uuid" }, seller.cookie)).status).toBe(400);

    expect(
      (await call(`/api/product/purchase/${id}`, { method: "PATCH", headers: bearer((await createUser()).token) }))
        .status,
    ).toBe(200);
    const soldEdit = await post("/sells", { ...edit, id }, seller.cookie);
    expect(soldEdit.status).toBe(409);
    expect(await soldEdit.text()).toContain("This product has been sold, so it can no longer be edited.");
    const soldDelete = await post("/sells", { intent: "delete", id }, seller.cookie);
    expect(soldDelete.status).toBe(409);
    expect(await soldDelete.text()).toContain("Delete failed!");
    expect(await productRow(id)).toMatchObject({ title: "Owned lamp", status: "sold" });
  });

  it("deletes the owner's unsold product and its image", async () => {
    const seller = await createUser();
    const id = await listProduct(seller.token, "Old kettle");
    const imageKey = (await productRow(id))!.imageKey;
    const res = await post("/sells", { intent: "delete", id }, seller.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Product deleted successfully!");
    expect(await productRow(id)).toBeNull();
    expect(await env.FILES.head(imageKey)).toBeNull();
  });

  it("sends a signed-out edit or delete to /login, changing nothing", async () => {
    const seller = await createUser();
    const id = await listProduct(seller.token, "Guarded");
    const attempts: Record<string, string>[] = [
      { intent: "edit", id, title: "Taken", description: "x", price: "1" },
      { intent: "delete", id },
    ];
    for (const fields of attempts) {
      const res = await post("/sells", fields);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/login");
    }
    expect(await productRow(id)).toMatchObject({ title: "Guarded", status: "available" });
  });
});

describe("/all-products action: buy", () => {
  it("buys at the price the buyer saw and answers how the seller was told", async () => {
    const seller = await createUser();
    const buyer = await createUser();
    const id = await listProduct(seller.token, "Bought calculator");
    const res = await post("/all-products", { intent: "buy", id, price: "120.5" }, buyer.cookie);
    expect(res.status).toBe(200);
    expect(await productRow(id)).toMatchObject({ status: "sold", buyerId: buyer.userId });
    // The screen's own post (React Router's data request) gets the answer: sent, and the WhatsApp link.
    const again = await listProduct(seller.token, "Second calculator");
    const data = await post("/all-products.data", { intent: "buy", id: again, price: "120.5" }, buyer.cookie);
    expect(data.status).toBe(200);
    const body = await data.text();
    expect(body).toContain("Purchase successful!");
    expect(body).toContain("https://wa.me/919876543210");
  });

  it("refuses a changed price (409, with the new price), an own product (403), a sold one (409) and the sixth in a day (429)", async () => {
    const seller = await createUser();
    const buyer = await createUser();
    const id = await listProduct(seller.token, "Repriced stapler");
    const changed = await post("/all-products.data", { intent: "buy", id, price: "99" }, buyer.cookie);
    expect(changed.status).toBe(409);
    const body = await changed.text();
    expect(body).toContain(
      "The price has changed: it is now ₹120.50 (you saw ₹99). Check the new price and buy again.",
    );
    expect(body).toContain("12050");
    expect((await productRow(id))?.status).toBe("available");

    const own = await post("/all-products.data", { intent: "buy", id, price: "120.5" }, seller.cookie);
    expect(own.status).toBe(403);
    expect(await own.text()).toContain("buy your own product.");

    expect(
      (await post("/all-products", { intent: "buy", id, price: "120.5" }, (await createUser()).cookie)).status,
    ).toBe(200);
    const late = await post("/all-products.data", { intent: "buy", id, price: "120.5" }, buyer.cookie);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("Sorry, this product has just been sold to someone else.");

    const greedy = await createUser();
    for (let i = 0; i < 5; i++) {
      const next = await listProduct(seller.token, `Limit ${i}`);
      expect((await post("/all-products", { intent: "buy", id: next, price: "120.5" }, greedy.cookie)).status).toBe(
        200,
      );
    }
    const sixth = await listProduct(seller.token, "Limit 6");
    const limited = await post("/all-products.data", { intent: "buy", id: sixth, price: "120.5" }, greedy.cookie);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("You can buy at most 5 products in 24 hours.");
    expect((await productRow(sixth))?.status).toBe("available");
  });

  it("refuses a purchase without the seen price or with an unknown intent (400)", async () => {
    const seller = await createUser();
    const buyer = await createUser();
    const id = await listProduct(seller.token, "Priceless");
    expect((await post("/all-products", { intent: "buy", id }, buyer.cookie)).status).toBe(400);
    expect((await post("/all-products", { intent: "steal", id, price: "120.5" }, buyer.cookie)).status).toBe(400);
    expect((await productRow(id))?.status).toBe("available");
  });

  it("sends a signed-out buyer to /login, remembering the search, and sells nothing", async () => {
    const seller = await createUser();
    const id = await listProduct(seller.token, "Not yours yet");
    const res = await post("/all-products?q=lamp", { intent: "buy", id, price: "120.5" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(res.headers.get("Set-Cookie")).toContain(`campus_next=${encodeURIComponent("/all-products?q=lamp")}`);
    expect((await productRow(id))?.status).toBe("available");
  });
});

describe("/all-products pages", () => {
  it("?page=2 is the second page only, not the first two", async () => {
    const seller = await createUser();
    const word = `paged${crypto.randomUUID().slice(0, 8)}`;
    const titles: string[] = [];
    // 14 products: a first page of 12 and a second of 2 (newest first).
    for (let i = 0; i < 14; i++) {
      titles.push(`${word} item ${String(i).padStart(2, "0")}`);
      await listProduct(seller.token, titles[i]!);
    }
    const first = await (await call(`/all-products?q=${word}`)).text();
    const second = await (await call(`/all-products?q=${word}&page=2`)).text();
    const shown = (html: string) => titles.filter((t) => html.includes(`>${t}<`));
    expect(shown(first)).toHaveLength(12);
    expect(first).toContain("Show more products");
    expect(shown(second).sort()).toEqual(titles.filter((t) => !shown(first).includes(t)).sort());
    expect(shown(second)).toHaveLength(2);
    expect(second).not.toContain("Show more products");
  });
});
