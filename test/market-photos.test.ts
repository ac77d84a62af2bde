import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bearer, call, createUser, type TestUser } from "#test/helpers.ts";
import { warnExpiringListings } from "#server/services/market/expiry.ts";

// Up to four photos on a listing, each with an optional small version, checked by their
// bytes; the product's page and API; listings that expire after 60 days and are renewed.

/** The start of a real PNG of the given size: signature and IHDR (the server reads no further). */
function png(width: number, height: number, padding = 0): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(33 + padding);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}

/** The start of a lossy WebP ("VP8 ") of the given size. */
function webp(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(40);
  bytes.set([0x52, 0x49, 0x46, 0x46, 32, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]);
  const view = new DataView(bytes.buffer);
  view.setUint16(26, width, true);
  view.setUint16(28, height, true);
  return bytes;
}

interface Photo {
  url: string;
  thumbUrl: string;
  width: number | null;
  height: number | null;
}

interface ProductJson {
  _id: string;
  image: string;
  images: Photo[];
  status: string;
  expiresAt?: number;
  whatsappNumber?: string;
}

const FIELDS = {
  title: "Cycle with lock",
  description: "Hero Sprint, 21 gears. Lock and key included.",
  price: "3200",
  sellerName: "Asha",
  whatsappNumber: "9876543210",
  category: "cycles",
  condition: "used",
};

function form(
  photos: Uint8Array<ArrayBuffer>[],
  thumbs: Uint8Array<ArrayBuffer>[] = [],
  fields: Record<string, string> = {},
): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries({ ...FIELDS, ...fields })) data.set(key, value);
  photos.forEach((bytes, i) => data.append("image", new File([bytes], `photo-${i + 1}.bin`)));
  thumbs.forEach((bytes, i) => data.append("thumb", new File([bytes], `small-${i + 1}.bin`)));
  return data;
}

const upload = (user: TestUser, data: FormData) =>
  call("/api/product/upload", { method: "POST", headers: bearer(user.token), body: data });
const post = (path: string, user: TestUser) => call(path, { method: "POST", headers: bearer(user.token) });
const get = (path: string, user: TestUser | null = null) => call(path, { headers: user ? bearer(user.token) : {} });

async function listed(user: TestUser, data: FormData): Promise<ProductJson> {
  const res = await upload(user, data);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { product: ProductJson }).product;
}

async function stored(user: TestUser): Promise<[number, number]> {
  const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM products WHERE seller_id = ?")
    .bind(user.userId)
    .first<{ n: number }>();
  return [rows?.n ?? 0, (await env.FILES.list({ prefix: "products/" })).objects.length];
}

const keyOf = (url: string) => `products/${new URL(url).pathname.split("/").pop()}`;

async function refused(res: Response, status: number, message: RegExp): Promise<void> {
  expect(res.status).toBe(status);
  expect(((await res.json()) as { message: string }).message).toMatch(message);
}

describe("photos", () => {
  it("stores four photos and their small versions in order, and answers `image` (the first) and `images`", async () => {
    const seller = await createUser();
    const product = await listed(
      seller,
      form(
        [png(1600, 1200), webp(1200, 1600), png(800, 800), webp(1600, 900)],
        [webp(400, 300), webp(300, 400), webp(400, 400), webp(400, 225)],
      ),
    );
    expect(product.images).toHaveLength(4);
    expect(product.images.map((p) => [p.width, p.height])).toEqual([
      [1600, 1200],
      [1200, 1600],
      [800, 800],
      [1600, 900],
    ]);
    expect(product.image).toBe(product.images[0]!.url);
    const urls = product.images.flatMap((p) => [p.url, p.thumbUrl]);
    expect(new Set(urls).size).toBe(8);
    // Each is served with the type its bytes have, whatever the file was called.
    const first = await get(new URL(product.images[1]!.url).pathname);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/webp");
    const small = await get(new URL(product.images[0]!.thumbUrl).pathname);
    expect(small.headers.get("Content-Type")).toBe("image/webp");
    // Browse reads the same list, in the same order.
    const browse = (await (await get("/api/product/available?category=cycles", seller)).json()) as ProductJson[];
    expect(browse.find((p) => p._id === product._id)?.images).toEqual(product.images);
  });

  it("without small versions (no JavaScript, or an API client) a photo is its own small version", async () => {
    const seller = await createUser();
    const product = await listed(seller, form([png(640, 480), png(480, 640)]));
    expect(product.images.map((p) => p.thumbUrl)).toEqual(product.images.map((p) => p.url));
  });

  it("refuses a fifth photo, storing nothing", async () => {
    const seller = await createUser();
    const before = await stored(seller);
    await refused(
      await upload(seller, form([png(10, 10), png(10, 10), png(10, 10), png(10, 10), png(10, 10)])),
      400,
      /at most 4 photos: you sent 5/,
    );
    expect(await stored(seller)).toEqual(before);
  });

  it("refuses a photo that is not an image by its bytes, and names which, storing nothing", async () => {
    const seller = await createUser();
    const before = await stored(seller);
    const text = new TextEncoder().encode("<html>not a photo</html>");
    await refused(
      await upload(seller, form([png(10, 10), png(10, 10), text])),
      400,
      /^Photo 3 is not an image we accept/,
    );
    await refused(
      await upload(seller, form([png(10, 10), png(10, 10, 5 * 1024 * 1024)])),
      400,
      /^Photo 2 is too large: it can be at most 5 MB/,
    );
    expect(await stored(seller)).toEqual(before);
  });

  it("refuses small versions that are missing for some photos, too big, or not images", async () => {
    const seller = await createUser();
    const before = await stored(seller);
    await refused(
      await upload(seller, form([png(800, 600), png(800, 600)], [webp(400, 300)])),
      400,
      /one small version \(thumb\) per photo/,
    );
    await refused(
      await upload(seller, form([png(1600, 1200)], [webp(900, 675)])),
      400,
      /at most 800 pixels on its longest side and 256 KB/,
    );
    await refused(
      await upload(seller, form([png(1600, 1200)], [png(400, 300, 300 * 1024)])),
      400,
      /at most 800 pixels on its longest side and 256 KB/,
    );
    await refused(
      await upload(seller, form([png(1600, 1200)], [new TextEncoder().encode("tiny")])),
      400,
      /small version of the photo/,
    );
    expect(await stored(seller)).toEqual(before);
  });

  it("leaves no photo behind when the row cannot be written, and deleting a listing removes every photo", async () => {
    const seller = await createUser();
    await env.DB.prepare(
      "CREATE TRIGGER refuse_photos BEFORE INSERT ON products WHEN NEW.title = 'Refused photos' BEGIN SELECT RAISE(ABORT, 'refused'); END",
    ).run();
    try {
      const before = await stored(seller);
      const res = await upload(
        seller,
        form([png(100, 100), png(100, 100), png(100, 100)], [webp(40, 40), webp(40, 40), webp(40, 40)], {
          title: "Refused photos",
        }),
      );
      expect(res.status).toBe(500);
      expect(await stored(seller)).toEqual(before);
    } finally {
      await env.DB.prepare("DROP TRIGGER refuse_photos").run();
    }
    const product = await listed(seller, form([png(100, 100), png(100, 100)], [webp(40, 40), webp(40, 40)]));
    const keys = product.images.flatMap((p) => [keyOf(p.url), keyOf(p.thumbUrl)]);
    expect((await Promise.all(keys.map((k) => env.FILES.head(k)))).every(Boolean)).toBe(true);
    const res = await call(`/api/product/${product._id}`, { method: "DELETE", headers: bearer(seller.token) });
    expect(res.status).toBe(200);
    expect((await Promise.all(keys.map((k) => env.FILES.head(k)))).some(Boolean)).toBe(false);
  });

  it("a listing from before photos answers its one image, with no size", async () => {
    const seller = await createUser();
    const product = await listed(seller, form([png(300, 200)]));
    await env.DB.prepare("UPDATE products SET photos = '[]' WHERE id = ?").bind(product._id).run();
    const again = (await (await get(`/api/product/${product._id}`, seller)).json()) as ProductJson;
    expect(again.images).toEqual([{ url: product.image, thumbUrl: product.image, width: null, height: null }]);
  });
});

describe("GET /api/product/:id", () => {
  it("answers a product of the viewer's campus, every college's to a visitor (without contacts), and 404 otherwise", async () => {
    const seller = await createUser();
    const product = await listed(seller, form([png(100, 100)]));
    const mate = await createUser();
    const res = await get(`/api/product/${product._id}`, mate);
    expect(res.status).toBe(200);
    const seen = (await res.json()) as ProductJson;
    expect(seen._id).toBe(product._id);
    expect(seen.whatsappNumber).toBeUndefined();
    expect(((await (await get(`/api/product/${product._id}`, seller)).json()) as ProductJson).whatsappNumber).toBe(
      "9876543210",
    );
    const visitor = await get(`/api/product/${product._id}`);
    expect(visitor.status).toBe(200);
    expect(((await visitor.json()) as ProductJson).whatsappNumber).toBeUndefined();
    const elsewhere = await createUser({ email: `other-${crypto.randomUUID()}@riverside.test` });
    // Another college's listing: said so, without any of its contents.
    const refusal = await get(`/api/product/${product._id}`, elsewhere);
    expect(refusal.status).toBe(404);
    const body = await refusal.text();
    expect(JSON.parse(body).message).toBe(
      "This listing belongs to another college's marketplace (CIT): only its students can see it.",
    );
    expect(body).not.toContain("Cycle with lock");
    await refused(await get(`/api/product/${crypto.randomUUID()}`, mate), 404, /no longer exists/);
    await refused(await get("/api/product/not-an-id", mate), 400, /not a valid product id/);
  });
});

describe("/product/:id of another college's listing", () => {
  it("tells a student of another college it belongs to another college's marketplace, showing none of it", async () => {
    const seller = await createUser();
    const product = await listed(
      seller,
      form([png(100, 100)], [], { title: "Hero cycle 4417", description: "Blue frame, 21 gears, lock included." }),
    );
    const elsewhere = await createUser({ email: `other-${crypto.randomUUID()}@riverside.test` });
    const res = await call(`/product/${product._id}`, { headers: { Cookie: elsewhere.cookie } });
    expect(res.status).toBe(404);
    const html = (await res.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("This listing is at another college");
    expect(html).toContain(
      "It belongs to the marketplace of CIT: only students of that college can see it and buy it.",
    );
    expect(html).not.toContain("mistyped");
    for (const secret of [
      "Hero cycle 4417",
      "Blue frame",
      "3,200",
      "9876543210",
      product.images[0]!.url.split("/").pop()!,
    ])
      expect(html).not.toContain(secret);
    // A listing that does not exist is still "not found".
    const none = await call(`/product/${crypto.randomUUID()}`, { headers: { Cookie: elsewhere.cookie } });
    expect(none.status).toBe(404);
    expect(await none.text()).toContain("Page not found");
  });
});

describe("expiry and renewal", () => {
  const expire = (id: string, at: number) =>
    env.DB.prepare("UPDATE products SET expires_at = ? WHERE id = ?").bind(at, id).run();

  it("lists a new listing for 60 days; expired, it leaves Browse and cannot be bought until its seller renews it", async () => {
    const seller = await createUser();
    const buyer = await createUser();
    const before = Date.now();
    const product = await listed(seller, form([png(100, 100)], [], { title: `Expiring ${crypto.randomUUID()}` }));
    expect(product.expiresAt).toBeGreaterThanOrEqual(before + 60 * 86_400_000);
    expect(product.expiresAt).toBeLessThanOrEqual(Date.now() + 60 * 86_400_000);
    const onBrowse = async () =>
      ((await (await get("/api/product/available?category=cycles&limit=100", buyer)).json()) as ProductJson[]).some(
        (p) => p._id === product._id,
      );
    expect(await onBrowse()).toBe(true);

    // Not yet in its last 7 days: nothing to renew.
    await refused(
      await post(`/api/product/${product._id}/renew`, seller),
      409,
      /does not need renewing yet: it stays on Browse until .* You can renew it in its last 7 days/,
    );

    await expire(product._id, Date.now() - 1000);
    expect(await onBrowse()).toBe(false);
    await refused(
      await call(`/api/product/purchase/${product._id}`, { method: "PATCH", headers: bearer(buyer.token) }),
      409,
      /has expired/,
    );
    // The seller still has it, with its end.
    const mine = (await (await get("/api/product/mysells", seller)).json()) as ProductJson[];
    expect(mine.find((p) => p._id === product._id)?.expiresAt).toBeLessThan(Date.now());

    await refused(await post(`/api/product/${product._id}/renew`, buyer), 403, /only renew your own/);
    const renewed = await post(`/api/product/${product._id}/renew`, seller);
    expect(renewed.status).toBe(200);
    const body = (await renewed.json()) as { message: string; product: ProductJson };
    expect(body.message).toMatch(/^Renewed: your listing stays on Browse until /);
    expect(body.product.expiresAt).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    expect(await onBrowse()).toBe(true);
    // Renewing twice in a row: the second changes nothing.
    await refused(await post(`/api/product/${product._id}/renew`, seller), 409, /does not need renewing yet/);
    expect(
      (await call(`/api/product/purchase/${product._id}`, { method: "PATCH", headers: bearer(buyer.token) })).status,
    ).toBe(200);
  });

  it("renews in the last 7 days, never a sold one; two renewals at once make one", async () => {
    const seller = await createUser();
    const product = await listed(seller, form([png(100, 100)]));
    await expire(product._id, Date.now() + 3 * 86_400_000);
    const answers = await Promise.all([1, 2, 3].map(() => post(`/api/product/${product._id}/renew`, seller)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const row = await env.DB.prepare("SELECT expires_at AS expiresAt FROM products WHERE id = ?")
      .bind(product._id)
      .first<{ expiresAt: number }>();
    expect(row!.expiresAt).toBeGreaterThan(Date.now() + 59 * 86_400_000);

    const buyer = await createUser();
    const other = await listed(seller, form([png(100, 100)], [], { title: "Sold one" }));
    expect(
      (await call(`/api/product/purchase/${other._id}`, { method: "PATCH", headers: bearer(buyer.token) })).status,
    ).toBe(200);
    await expire(other._id, Date.now() - 1000);
    await refused(await post(`/api/product/${other._id}/renew`, seller), 409, /has been sold/);
  });

  it("the cron tells a seller once, 3 days before, to renew; again after a renewal", async () => {
    const seller = await createUser();
    const soon = await listed(seller, form([png(100, 100)], [], { title: "Leaving soon" }));
    const later = await listed(seller, form([png(100, 100)], [], { title: "Staying" }));
    const now = Date.now();
    await expire(soon._id, now + 2 * 86_400_000);
    const notices = async () =>
      (
        await env.DB.prepare("SELECT title, link FROM notices WHERE user_id = ? AND kind = 'market.expiring'")
          .bind(seller.userId)
          .all<{ title: string; link: string }>()
      ).results;
    await Promise.all([
      warnExpiringListings(env, now),
      warnExpiringListings(env, now),
      warnExpiringListings(env, now + 60_000),
    ]);
    expect(await notices()).toEqual([{ title: "Leaving soon leaves Browse soon", link: "/mysells" }]);
    expect(later.expiresAt).toBeGreaterThan(now + 59 * 86_400_000);
    // Renewed, and near its new end 60 days later: told again.
    expect((await post(`/api/product/${soon._id}/renew`, seller)).status).toBe(200);
    await expire(soon._id, now + 2 * 86_400_000 + 1);
    await warnExpiringListings(env, now);
    expect(await notices()).toHaveLength(2);
  });
});
