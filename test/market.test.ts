import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bearer, call, createUser, type TestUser } from "#test/helpers.ts";

// A tiny but real 1x1 PNG.
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);
const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

interface ProductJson {
  _id: string;
  title: string;
  description: string;
  price: number;
  pricePaise: number;
  sellerName: string;
  whatsappNumber?: string;
  whatsappLink?: string;
  image: string;
  status: "available" | "sold";
  createdAt: number;
  purchaseDate?: number;
  buyerName?: string;
}

interface ErrorJson {
  success: false;
  message: string;
  msg: string;
}

type Fields = Partial<Record<"title" | "description" | "price" | "sellerName" | "whatsappNumber", string>>;

function productForm(
  fields: Fields = {},
  image: Blob | null = new Blob([PNG], { type: "image/png" }),
  fileName = "photo.png",
): FormData {
  const form = new FormData();
  const values: Fields = {
    title: "Engineering Graphics drawing kit",
    description: "Mini-drafter, set squares and a compass. Used for one semester.",
    price: "450",
    sellerName: "Asha Verma",
    whatsappNumber: "+91 98765 43210",
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) if (value !== undefined) form.set(key, value);
  if (image) form.set("image", new File([image], fileName, { type: image.type }));
  return form;
}

function upload(user: TestUser | null, form: FormData): Promise<Response> {
  return call("/api/product/upload", { method: "POST", headers: user ? bearer(user.token) : {}, body: form });
}

async function createProduct(user: TestUser, fields: Fields = {}): Promise<ProductJson> {
  const res = await upload(user, productForm(fields));
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { product: ProductJson }).product;
}

function patchJson(path: string, user: TestUser | null, body?: unknown): Promise<Response> {
  return call(path, {
    method: "PATCH",
    headers: { ...(user ? bearer(user.token) : {}), ...(body !== undefined && { "Content-Type": "application/json" }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

const purchase = (id: string, user: TestUser | null, body?: unknown) =>
  patchJson(`/api/product/purchase/${id}`, user, body);
const get = (path: string, user: TestUser | null = null) => call(path, { headers: user ? bearer(user.token) : {} });

async function countRows(): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM products").first<{ n: number }>())?.n ?? 0;
}

async function countImages(): Promise<number> {
  return (await env.FILES.list({ prefix: "products/" })).objects.length;
}

function keyOf(product: ProductJson): string {
  return `products/${new URL(product.image).pathname.split("/").pop()}`;
}

describe("POST /api/product/upload", () => {
  it("stores the product (price in paise, WhatsApp normalised) and its image, and answers 201 with the product", async () => {
    const seller = await createUser({ name: "Asha Verma" });
    const res = await upload(seller, productForm({ price: "249.50", whatsappNumber: "098765-43210" }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { success: boolean; msg: string; product: ProductJson };
    expect(body.success).toBe(true);
    expect(body.msg).toBe("Product uploaded successfully!");
    expect(body.product).toMatchObject({
      title: "Engineering Graphics drawing kit",
      price: 249.5,
      pricePaise: 24950,
      sellerName: "Asha Verma",
      whatsappNumber: "9876543210",
      whatsappLink: "https://wa.me/919876543210",
      status: "available",
    });
    expect(body.product._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.product.image).toMatch(/^http:\/\/localhost\/api\/files\/products\/[0-9a-f-]{36}$/);

    const row = await env.DB.prepare(
      "SELECT price_paise, whatsapp_number, seller_id, image_type FROM products WHERE id = ?",
    )
      .bind(body.product._id)
      .first();
    expect(row).toEqual({
      price_paise: 24950,
      whatsapp_number: "9876543210",
      seller_id: seller.userId,
      image_type: "image/png",
    });
    const object = await env.FILES.get(keyOf(body.product));
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PNG);
  });

  it("types the image by its content, not by its name or claimed type", async () => {
    const seller = await createUser();
    const res = await upload(
      seller,
      productForm({}, new Blob([JPEG_HEAD, new Uint8Array(100)], { type: "image/png" }), "looks-like.png"),
    );
    expect(res.status).toBe(201);
    const { product } = (await res.json()) as { product: ProductJson };
    const image = await call(new URL(product.image).pathname);
    expect(image.headers.get("Content-Type")).toBe("image/jpeg");
  });

  it("answers 401 when signed out, and stores nothing", async () => {
    const before = [await countRows(), await countImages()];
    const res = await upload(null, productForm());
    expect(res.status).toBe(401);
    expect([await countRows(), await countImages()]).toEqual(before);
  });

  it.each<[string, Fields, RegExp]>([
    ["missing title", { title: "" }, /Enter the title/],
    ["missing description", { description: "   " }, /Enter the description/],
    ["missing price", { price: "" }, /Enter the price/],
    ["non-numeric price", { price: "two hundred" }, /price must be a number/],
    ["negative price", { price: "-20" }, /price must be a number/],
    ["zero price", { price: "0" }, /price must be a number/],
    ["three decimals", { price: "9.999" }, /at most two decimals/],
    ["missing seller name", { sellerName: "" }, /Enter the seller name/],
    ["bad WhatsApp number", { whatsappNumber: "12345 67890" }, /valid Indian mobile number/],
    ["foreign WhatsApp number", { whatsappNumber: "+44 7911 123456" }, /valid Indian mobile number/],
    ["overlong title", { title: "x".repeat(101) }, /at most 100 characters/],
  ])("answers 400 for a %s, with a message, and stores nothing", async (_case, fields, message) => {
    const seller = await createUser();
    const before = [await countRows(), await countImages()];
    const res = await upload(seller, productForm(fields));
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorJson;
    expect(body.message).toMatch(message);
    expect(body.msg).toBe(body.message);
    expect([await countRows(), await countImages()]).toEqual(before);
  });

  it.each<[string, Blob | null, RegExp]>([
    ["no image", null, /Choose an image/],
    ["an empty file", new Blob([], { type: "image/png" }), /Choose an image/],
    ["a PDF named .png", new Blob(["%PDF-1.7 not an image"], { type: "image/png" }), /not an image we accept/],
    [
      "an SVG",
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: "image/svg+xml" }),
      /not an image we accept/,
    ],
    ["an image over 5 MB", new Blob([PNG, new Uint8Array(5 * 1024 * 1024)], { type: "image/png" }), /at most 5 MB/],
  ])("answers 400 for %s and stores nothing", async (_case, image, message) => {
    const seller = await createUser();
    const before = [await countRows(), await countImages()];
    const res = await upload(seller, productForm({}, image));
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).message).toMatch(message);
    expect([await countRows(), await countImages()]).toEqual(before);
  });

  it("answers 400 for one photo over 5 MB, 413 for a body far over the limit, and 415 for a JSON body", async () => {
    const seller = await createUser();
    const big = await upload(
      seller,
      productForm({}, new Blob([PNG, new Uint8Array(7 * 1024 * 1024)], { type: "image/png" })),
    );
    expect(big.status).toBe(400);
    expect(((await big.json()) as ErrorJson).message).toBe("The image is too large: it can be at most 5 MB.");
    const huge = await upload(
      seller,
      productForm({}, new Blob([PNG, new Uint8Array(23 * 1024 * 1024)], { type: "image/png" })),
    );
    expect(huge.status).toBe(413);
    const json = await call("/api/product/upload", {
      method: "POST",
      headers: { ...bearer(seller.token), "Content-Type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(415);
  });

  it("leaves no image behind when the row cannot be written", async () => {
    const seller = await createUser();
    // Make the database refuse this one insert, as a failing D1 would.
    await env.DB.prepare(
      "CREATE TRIGGER refuse_insert BEFORE INSERT ON products WHEN NEW.title = 'Refused' BEGIN SELECT RAISE(ABORT, 'refused'); END",
    ).run();
    const before = [await countRows(), await countImages()];
    const res = await upload(seller, productForm({ title: "Refused" }));
    expect(res.status).toBe(500);
    expect(((await res.json()) as ErrorJson).message).toMatch(/Something went wrong on our side/);
    expect([await countRows(), await countImages()]).toEqual(before);
    // And the same upload with another title goes through, so it was the refused insert.
    expect((await upload(seller, productForm({ title: "Accepted" }))).status).toBe(201);
    expect(await countImages()).toBe(before[1]! + 1);
  });
});

describe("GET /api/files/products/:key", () => {
  it("serves the image with its content type, a long immutable cache and nosniff", async () => {
    const seller = await createUser();
    const product = await createProduct(seller);
    const res = await call(new URL(product.image).pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
  });

  it("answers 404 for an unknown or malformed key", async () => {
    expect((await call(`/api/files/products/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await call("/api/files/products/..%2Fsecret")).status).toBe(404);
  });
});

describe("GET /api/product/available", () => {
  it("lists available products newest first as a bare array, without the seller's number", async () => {
    const seller = await createUser();
    const tag = crypto.randomUUID().slice(0, 8);
    const first = await createProduct(seller, { title: `First ${tag}` });
    const second = await createProduct(seller, { title: `Second ${tag}` });
    const res = await get(`/api/product/available?q=${tag}`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as ProductJson[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((p) => p._id)).toEqual([second._id, first._id]);
    expect(list[0]).toMatchObject({
      title: `Second ${tag}`,
      price: 450,
      sellerName: seller.name,
      status: "available",
    });
    expect(list[0]).not.toHaveProperty("whatsappNumber");
  });

  it("names the seller by the account, whatever name the form sends, and follows a change of name", async () => {
    const seller = await createUser();
    const buyer = await createUser();
    const tag = crypto.randomUUID().slice(0, 8);
    // The specification's clients still send sellerName: it is taken, and the account's name is used.
    const posted = await createProduct(seller, { title: `Named ${tag}`, sellerName: "Campus Admin" });
    expect(posted.sellerName).toBe(seller.name);
    const sold = await createProduct(seller, { title: `Sold ${tag}` });
    expect((await purchase(sold._id, buyer, { price: 450 })).status).toBe(200);
    // A bad name is still a 400 that lists nothing.
    const tooLong = await upload(seller, productForm({ title: `Long ${tag}`, sellerName: "x".repeat(81) }));
    expect(tooLong.status).toBe(400);

    const renamed = await call("/api/auth/name", {
      method: "PUT",
      headers: { ...bearer(seller.token), "Content-Type": "application/json" },
      body: JSON.stringify({ name: `Renamed ${tag}` }),
    });
    expect(renamed.status).toBe(200);
    const listed = (await (await get(`/api/product/available?q=${tag}`)).json()) as ProductJson[];
    expect(listed.map((p) => [p.title, p.sellerName])).toEqual([[`Named ${tag}`, `Renamed ${tag}`]]);
    const detail = (await (await get(`/api/product/${sold._id}`, buyer)).json()) as ProductJson;
    expect(detail.sellerName).toBe(`Renamed ${tag}`);
  });

  it("searches every word in title or description, sorts by price, pages, and leaves sold products out", async () => {
    const seller = await createUser();
    const buyer = await createUser();
    const tag = crypto.randomUUID().slice(0, 8);
    const cheap = await createProduct(seller, {
      title: `Calculator ${tag}`,
      description: "Casio fx-991ES scientific",
      price: "300",
    });
    const dear = await createProduct(seller, {
      title: `Drafter ${tag}`,
      description: "Scientific drawing set",
      price: "900",
    });
    const sold = await createProduct(seller, { title: `Sold ${tag}`, description: "scientific", price: "500" });
    await createProduct(seller, { title: `Novel ${tag}`, description: "Fiction", price: "100" });
    expect((await purchase(sold._id, buyer)).status).toBe(200);

    const ids = async (query: string) =>
      ((await (await get(`/api/product/available?${query}`)).json()) as ProductJson[]).map((p) => p._id);
    expect(await ids(`q=${tag}%20SCIENTIFIC&sort=price-low`)).toEqual([cheap._id, dear._id]);
    expect(await ids(`q=${tag}%20scientific&sort=price-high`)).toEqual([dear._id, cheap._id]);
    expect(await ids(`q=${tag}%20casio`)).toEqual([cheap._id]);
    expect(await ids(`q=${tag}%20scientific&sort=price-low&limit=1&offset=1`)).toEqual([dear._id]);
    // LIKE wildcards in the search are taken literally.
    expect(await ids(`q=${tag}%20%25`)).toEqual([]);
  });

  it("finds a product by a long or non-Latin word (D1 refuses LIKE patterns over 50 bytes: this was a 500)", async () => {
    const seller = await createUser();
    const tag = crypto.randomUUID().slice(0, 8);
    const long = `${tag}${"pneumonoultramicroscopicsilicovolcanoconiosis".repeat(2)}`;
    const hindi = `${tag}विद्युतचुंबकीयविकिरणसिद्धान्तपुस्तक`;
    const wild = `${tag}100%_off`;
    const product = await createProduct(seller, {
      title: `Dictionary ${tag}`,
      description: `Words: ${long} ${hindi} ${wild}`,
    });
    const ids = async (q: string) => {
      const res = await get(`/api/product/available?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      return ((await res.json()) as ProductJson[]).map((p) => p._id);
    };
    expect(new TextEncoder().encode(long).length).toBeGreaterThan(50);
    expect(new TextEncoder().encode(hindi).length).toBeGreaterThan(50);
    expect(await ids(long.toUpperCase())).toEqual([product._id]);
    expect(await ids(hindi)).toEqual([product._id]);
    expect(await ids(wild)).toEqual([product._id]);
    expect(await ids(`${tag}100_`)).toEqual([]);
    expect(await ids("y".repeat(200))).toEqual([]);
    // The page's search goes through the same service.
    expect((await call(`/all-products?q=${encodeURIComponent(hindi)}`)).status).toBe(200);
  });

  it.each(["sort=cheapest", "limit=0", "limit=abc", "limit=101", "offset=-1", `q=${"x".repeat(201)}`])(
    "answers 400 for %s",
    async (query) => {
      const res = await get(`/api/product/available?${query}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorJson).message).toBeTruthy();
    },
  );
});

describe("PATCH /api/product/purchase/:id", () => {
  it("sells the product to the buyer, tells the seller and answers { msg, product, notification }", async () => {
    const seller = await createUser({ name: "Asha Verma" });
    const buyer = await createUser({ name: "Rohan Mehta" });
    const product = await createProduct(seller, { whatsappNumber: "91 98765 43210" });
    const res = await purchase(product._id, buyer);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      msg: string;
      product: ProductJson;
      notification: { sent: boolean; directLink: string };
    };
    expect(body.msg).toBe("Purchase successful!");
    expect(body.notification).toEqual({ sent: true, directLink: "https://wa.me/919876543210" });
    expect(body.product).toMatchObject({
      _id: product._id,
      status: "sold",
      buyerName: "Rohan Mehta",
      whatsappNumber: "9876543210",
    });
    expect(body.product.purchaseDate).toBeGreaterThan(Date.now() - 60_000);

    const notices = await env.DB.prepare(
      "SELECT seller_id, product_title, buyer_name, price_paise FROM sale_notifications WHERE product_id = ?",
    )
      .bind(product._id)
      .all();
    expect(notices.results).toEqual([
      { seller_id: seller.userId, product_title: product.title, buyer_name: "Rohan Mehta", price_paise: 45000 },
    ]);
    const available = (await (await get("/api/product/available")).json()) as ProductJson[];
    expect(available.some((p) => p._id === product._id)).toBe(false);
  });

  it("answers 401 signed out, 403 for one's own product, 404 for an unknown one", async () => {
    const seller = await createUser();
    const product = await createProduct(seller);
    expect((await purchase(product._id, null)).status).toBe(401);
    const own = await purchase(product._id, seller);
    expect(own.status).toBe(403);
    expect(((await own.json()) as ErrorJson).message).toBe("You can't buy your own product.");
    expect((await purchase(crypto.randomUUID(), seller)).status).toBe(404);
    expect((await purchase("not-an-id", seller)).status).toBe(400);
    const row = await env.DB.prepare("SELECT status FROM products WHERE id = ?")
      .bind(product._id)
      .first<{ status: string }>();
    expect(row?.status).toBe("available");
  });

  it("answers 409 to a second purchase", async () => {
    const seller = await createUser();
    const product = await createProduct(seller);
    expect((await purchase(product._id, await createUser())).status).toBe(200);
    const second = await purchase(product._id, await createUser());
    expect(second.status).toBe(409);
    expect(((await second.json()) as ErrorJson).message).toMatch(/already been sold|just been sold/);
  });
  // The race of many buyers for one product: robust-races.test.ts.
});

describe("PATCH /api/product/purchase/:id with the price the buyer saw", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  async function statusOf(
    id: string,
  ): Promise<{ status: string; price_paise: number; buyer_id: string | null } | null> {
    return env.DB.prepare("SELECT status, price_paise, buyer_id FROM products WHERE id = ?").bind(id).first();
  }

  it("sells at the price the buyer saw, given in rupees with paise", async () => {
    const product = await createProduct(await createUser(), { price: "249.50" });
    const buyer = await createUser();
    const res = await purchase(product._id, buyer, { price: 249.5 });
    expect(res.status).toBe(200);
    expect((await statusOf(product._id))?.buyer_id).toBe(buyer.userId);
  });

  it("answers 409 with the current price when the seller changed it, and sells nothing", async () => {
    const seller = await createUser();
    const product = await createProduct(seller, { price: "1" });
    expect((await patchJson(`/api/product/${product._id}`, seller, { price: "1000000" })).status).toBe(200);
    const res = await purchase(product._id, await createUser(), { price: 1 });
    expect(res.status).toBe(409);
    const body = (await res.json()) as ErrorJson & { price: number; pricePaise: number };
    expect(body.message).toBe(
      "The price has changed: it is now ₹10,00,000 (you saw ₹1). Check the new price and buy again.",
    );
    expect(body.msg).toBe(body.message);
    expect(body).toMatchObject({ price: 1000000, pricePaise: 100_000_000 });
    expect(await statusOf(product._id)).toMatchObject({ status: "available", buyer_id: null });
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM sale_notifications WHERE product_id = ?")
        .bind(product._id)
        .first("n"),
    ).toBe(0);
  });

  it("keeps the old behaviour without a body, also with a JSON Content-Type and nothing in it, or {}", async () => {
    const seller = await createUser();
    const buyer = await createUser();
    const products = [await createProduct(seller), await createProduct(seller), await createProduct(seller)];
    expect((await purchase(products[0]!._id, buyer)).status).toBe(200);
    const empty = await call(`/api/product/purchase/${products[1]!._id}`, {
      method: "PATCH",
      headers: { ...bearer(buyer.token), "Content-Type": "application/json" },
    });
    expect(empty.status).toBe(200);
    expect((await purchase(products[2]!._id, buyer, {})).status).toBe(200);
  });

  it.each([
    [{ price: "450" }, /number of rupees/],
    [{ price: null }, /number of rupees/],
    [{ price: -1 }, /0 or more, with at most two decimals/],
    [{ price: 449.999 }, /at most two decimals/],
    [{ price: 1e21 }, /at most two decimals/],
    [[450], /JSON object/],
  ])("answers 400 for %j and sells nothing", async (body, message) => {
    const product = await createProduct(await createUser());
    const res = await purchase(product._id, await createUser(), body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).message).toMatch(message);
    expect((await statusOf(product._id))?.status).toBe("available");
  });

  it("answers 400 for broken JSON, 415 for a body that is not JSON, 413 for a huge one", async () => {
    const product = await createProduct(await createUser());
    const buyer = await createUser();
    const send = (type: string, body: string) =>
      call(`/api/product/purchase/${product._id}`, {
        method: "PATCH",
        headers: { ...bearer(buyer.token), "Content-Type": type },
        body,
      });
    expect((await send("application/json", '{"price": 4')).status).toBe(400);
    const text = await send("text/plain", '{"price": 450}');
    expect(text.status).toBe(415);
    expect(((await text.json()) as ErrorJson).message).toMatch(/JSON/);
    expect((await send("application/json", JSON.stringify({ price: 450, pad: "x".repeat(5000) }))).status).toBe(413);
    expect((await statusOf(product._id))?.status).toBe("available");
  });

  it("lets one account buy at most 5 products in 24 hours: the 6th gets 429 saying when, and a day later it works", async () => {
    const seller = await createUser();
    const buyer = await createUser();
    const products: ProductJson[] = [];
    for (let i = 0; i < 7; i++) products.push(await createProduct(seller, { price: "10" }));
    const firstAt = Date.now();
    for (const product of products.slice(0, 5))
      expect((await purchase(product._id, buyer, { price: 10 })).status).toBe(200);
    const sixth = await purchase(products[5]!._id, buyer, { price: 10 });
    expect(sixth.status).toBe(429);
    const body = (await sixth.json()) as ErrorJson & { retryAt: number };
    expect(body.message).toMatch(
      /^You can buy at most 5 products in 24 hours\. Try again after \d{1,2} [A-Z][a-z]{2}, \d{1,2}:\d{2} [ap]m\.$/,
    );
    // The first purchase leaves the window a day after it was made.
    expect(body.retryAt).toBeGreaterThanOrEqual(firstAt + 24 * 60 * 60 * 1000);
    expect(body.retryAt).toBeLessThan(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
    expect(await statusOf(products[5]!._id)).toMatchObject({ status: "available", buyer_id: null });
    // Without a price, too: the limit does not depend on the body.
    expect((await purchase(products[6]!._id, buyer)).status).toBe(429);
    // Someone else can still buy.
    expect((await purchase(products[6]!._id, await createUser())).status).toBe(200);

    // Five open reservations are the other limit; one handed over makes room.
    expect(
      (await call(`/api/product/${products[0]!._id}/handover`, { method: "POST", headers: bearer(seller.token) }))
        .status,
    ).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(body.retryAt + 1000);
    expect((await purchase(products[5]!._id, buyer, { price: 10 })).status).toBe(200);
  });
});

describe("GET /api/product/purchased and /api/product/mysells", () => {
  it("lists what I bought with the purchase date and the seller's WhatsApp link", async () => {
    const seller = await createUser();
    const buyer = await createUser();
    const product = await createProduct(seller);
    await purchase(product._id, buyer);
    const res = await get("/api/product/purchased", buyer);
    expect(res.status).toBe(200);
    const list = (await res.json()) as ProductJson[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      _id: product._id,
      whatsappNumber: "9876543210",
      whatsappLink: "https://wa.me/919876543210",
      status: "sold",
    });
    expect(typeof list[0]!.purchaseDate).toBe("number");
    expect(await (await get("/api/product/purchased", seller)).json()).toEqual([]);
  });

  it("lists my products, available and sold, and nobody else's", async () => {
    const seller = await createUser();
    const other = await createUser();
    const kept = await createProduct(seller);
    const sold = await createProduct(seller);
    await createProduct(other);
    await purchase(sold._id, other);
    const list = (await (await get("/api/product/mysells", seller)).json()) as ProductJson[];
    expect(list.map((p) => [p._id, p.status])).toEqual([
      [sold._id, "sold"],
      [kept._id, "available"],
    ]);
  });

  it("answers 401 when signed out", async () => {
    expect((await get("/api/product/purchased")).status).toBe(401);
    expect((await get("/api/product/mysells")).status).toBe(401);
  });
});

describe("PATCH /api/product/:id", () => {
  it("updates title, description and price for the owner", async () => {
    const seller = await createUser();
    const product = await createProduct(seller);
    const res = await patchJson(`/api/product/${product._id}`, seller, {
      title: "  New title ",
      description: "New description",
      price: 399.99,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { msg: string; product: ProductJson };
    expect(body.msg).toBe("Product updated successfully!");
    expect(body.product).toMatchObject({
      title: "New title",
      description: "New description",
      price: 399.99,
      pricePaise: 39999,
    });
    const partial = await patchJson(`/api/product/${product._id}`, seller, { price: "120" });
    expect(((await partial.json()) as { product: ProductJson }).product).toMatchObject({
      title: "New title",
      pricePaise: 12000,
    });
  });

  it("answers 401 signed out and 403 for another user's product, changing nothing", async () => {
    const seller = await createUser();
    const product = await createProduct(seller);
    expect((await patchJson(`/api/product/${product._id}`, null, { title: "Mine now" })).status).toBe(401);
    const res = await patchJson(`/api/product/${product._id}`, await createUser(), { title: "Mine now" });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorJson).message).toBe("You can only edit your own products.");
    const row = await env.DB.prepare("SELECT title FROM products WHERE id = ?")
      .bind(product._id)
      .first<{ title: string }>();
    expect(row?.title).toBe(product.title);
  });

  it.each<[unknown, RegExp]>([
    [{ price: "abc" }, /price must be a number/],
    [{ price: -1 }, /price must be a number/],
    [{ title: "" }, /Enter the title/],
    [{ description: 42 }, /Enter the description/],
    [{}, /at least one/],
  ])("answers 400 for %j", async (patch, message) => {
    const seller = await createUser();
    const product = await createProduct(seller);
    const res = await patchJson(`/api/product/${product._id}`, seller, patch);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).message).toMatch(message);
  });

  it("refuses to change a sold product (409) and answers 404 for an unknown one", async () => {
    const seller = await createUser();
    const product = await createProduct(seller);
    await purchase(product._id, await createUser());
    expect((await patchJson(`/api/product/${product._id}`, seller, { price: 1 })).status).toBe(409);
    expect((await patchJson(`/api/product/${crypto.randomUUID()}`, seller, { price: 1 })).status).toBe(404);
  });
});

describe("DELETE /api/product/:id", () => {
  const remove = (id: string, user: TestUser | null) =>
    call(`/api/product/${id}`, { method: "DELETE", headers: user ? bearer(user.token) : {} });

  it("deletes the owner's product and its image", async () => {
    const seller = await createUser();
    const product = await createProduct(seller);
    expect(await env.FILES.head(keyOf(product))).not.toBeNull();
    const res = await remove(product._id, seller);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { msg: string }).msg).toBe("Product deleted successfully!");
    expect(await env.DB.prepare("SELECT id FROM products WHERE id = ?").bind(product._id).first()).toBeNull();
    expect(await env.FILES.head(keyOf(product))).toBeNull();
    expect((await call(new URL(product.image).pathname)).status).toBe(404);
  });

  it("answers 401 signed out, 403 for someone else's product and 409 for a sold one, keeping them", async () => {
    const seller = await createUser();
    const product = await createProduct(seller);
    expect((await remove(product._id, null)).status).toBe(401);
    const forbidden = await remove(product._id, await createUser());
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as ErrorJson).message).toBe("You can only delete your own products.");
    await purchase(product._id, await createUser());
    expect((await remove(product._id, seller)).status).toBe(409);
    expect(await env.DB.prepare("SELECT id FROM products WHERE id = ?").bind(product._id).first()).not.toBeNull();
    expect(await env.FILES.head(keyOf(product))).not.toBeNull();
  });
});

describe("the upload form without JavaScript", () => {
  it("posts to /upload, lists the product and goes to /sells", async () => {
    const seller = await createUser();
    const title = `No-script kit ${Date.now()}`;
    const res = await call("/upload", {
      method: "POST",
      headers: { Cookie: seller.cookie },
      body: productForm({ title }),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/sells");
    const mine = (await (await get("/api/product/mysells", seller)).json()) as ProductJson[];
    expect(mine.map((p) => p.title)).toContain(title);
  });

  it("answers a bad field on the same screen, with 'Upload failed: ' and nothing stored", async () => {
    const seller = await createUser();
    const before = [await countRows(), await countImages()];
    const res = await call("/upload", {
      method: "POST",
      headers: { Cookie: seller.cookie },
      body: productForm({ price: "abc" }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Upload failed: ");
    expect([await countRows(), await countImages()]).toEqual(before);
  });

  it("sends a signed-out post to /login", async () => {
    const res = await call("/upload", { method: "POST", body: productForm(), redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
  });
});
