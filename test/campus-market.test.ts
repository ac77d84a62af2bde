// The marketplace between two campuses (docs/decisions/0076-campus-market.md): every list
// and every write is scoped to the student's campus, another campus's product is a 404, selling and
// buying need a verified member, contacts go only to those who may see them, and listings of verified
// members carry "Verified <campus> student". CIT is @campus.test, RCE is @riverside.test.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bearer, call, createUser, unique, type TestUser } from "#test/helpers.ts";

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);

interface ProductJson {
  _id: string;
  title: string;
  image: string;
  whatsappNumber?: string;
  whatsappLink?: string;
  status: string;
}

const riverside = (overrides: { verified?: boolean; name?: string } = {}) =>
  createUser({ email: `${unique("s")}@riverside.test`, ...overrides });

function productForm(title: string, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    title,
    description: "Good condition",
    price: "120",
    sellerName: "Seller",
    whatsappNumber: "9876543210",
    ...extra,
  }))
    form.set(key, value);
  form.set("image", new File([PNG], "p.png", { type: "image/png" }));
  return form;
}

const upload = (user: TestUser, form: FormData) =>
  call("/api/product/upload", { method: "POST", headers: bearer(user.token), body: form });

async function listProduct(user: TestUser, title = unique("Item ")): Promise<ProductJson> {
  const res = await upload(user, productForm(title));
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { product: ProductJson }).product;
}

const available = async (query: string, user: TestUser | null = null) => {
  const res = await call(`/api/product/available?${query}`, { headers: user ? bearer(user.token) : {} });
  expect(res.status).toBe(200);
  return (await res.json()) as ProductJson[];
};

const page = async (path: string, user: TestUser | null) => {
  const res = await call(path, { headers: user ? { Cookie: user.cookie } : {} });
  expect(res.status, path).toBe(200);
  return res.text();
};

const post = (path: string, fields: Record<string, string>, cookie: string) =>
  call(path, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

const patch = (path: string, user: TestUser, body?: unknown) =>
  call(path, {
    method: "PATCH",
    headers: { ...bearer(user.token), ...(body !== undefined && { "Content-Type": "application/json" }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

const row = (id: string) =>
  env.DB.prepare("SELECT title, status, buyer_id AS buyerId, campus_id AS campusId FROM products WHERE id = ?")
    .bind(id)
    .first<{ title: string; status: string; buyerId: string | null; campusId: string }>();

const count = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .first<{ n: number }>()
  )?.n ?? 0;

const unverify = (user: TestUser) =>
  env.DB.prepare("UPDATE users SET email_verified_at = NULL WHERE id = ?").bind(user.userId).run();

describe("the marketplace's lists are per campus", () => {
  it("GET /api/product/available: a member sees their own campus's products only; ?campus= does not change that", async () => {
    const tag = unique("t");
    const asha = await createUser();
    const meera = await riverside();
    const cit = await listProduct(asha, `CIT kettle ${tag}`);
    const rce = await listProduct(meera, `RCE kettle ${tag}`);
    expect((await available(`q=${tag}`, asha)).map((p) => p._id)).toEqual([cit._id]);
    expect((await available(`q=${tag}`, meera)).map((p) => p._id)).toEqual([rce._id]);
    expect((await available(`q=${tag}&campus=rce`, asha)).map((p) => p._id)).toEqual([cit._id]);
  });

  it("a visitor without a session sees every college's listings, or one college's with ?campus=, never a number", async () => {
    const tag = unique("t");
    const cit = await listProduct(await createUser(), `CIT lamp ${tag}`);
    const rce = await listProduct(await riverside(), `RCE lamp ${tag}`);
    const all = await available(`q=${tag}`);
    expect(all.map((p) => p._id).sort()).toEqual([cit._id, rce._id].sort());
    for (const product of all) expect(product).not.toHaveProperty("whatsappNumber");
    expect((await available(`q=${tag}&campus=rce`)).map((p) => p._id)).toEqual([rce._id]);
    expect((await available(`q=${tag}&campus=RCE`)).map((p) => p._id)).toEqual([rce._id]);
    expect(await available(`q=${tag}&campus=nowhere`)).toEqual([]);
    expect((await call("/api/product/available?campus=../x")).status).toBe(400);
  });

  it("/all-products shows a member their own campus's products, and a visitor every college's or the one in ?campus=", async () => {
    const tag = unique("t");
    const asha = await createUser();
    const meera = await riverside();
    await listProduct(asha, `CIT drafter ${tag}`);
    await listProduct(meera, `RCE drafter ${tag}`);
    const citPage = await page(`/all-products?q=${tag}`, asha);
    expect(citPage).toContain(`CIT drafter ${tag}`);
    expect(citPage).not.toContain(`RCE drafter ${tag}`);
    expect(citPage).toContain("Products available from students of Campus Institute of Technology right now.");
    const rcePage = await page(`/all-products?q=${tag}`, meera);
    expect(rcePage).toContain(`RCE drafter ${tag}`);
    expect(rcePage).not.toContain(`CIT drafter ${tag}`);
    const visitor = await page(`/all-products?q=${tag}`, null);
    expect(visitor).toContain(`CIT drafter ${tag}`);
    expect(visitor).toContain(`RCE drafter ${tag}`);
    const oneCollege = await page(`/all-products?q=${tag}&campus=rce`, null);
    expect(oneCollege).toContain(`RCE drafter ${tag}`);
    expect(oneCollege).not.toContain(`CIT drafter ${tag}`);
    // A member's ?campus= is ignored: still their own campus's.
    expect(await page(`/all-products?q=${tag}&campus=rce`, asha)).not.toContain(`RCE drafter ${tag}`);
  });

  it("takes the campus from the seller, never from what the client sends", async () => {
    const meera = await riverside();
    const res = await upload(
      meera,
      productForm(unique("Sneaky "), { campusId: "cit", campus_id: "cit", campus: "cit" }),
    );
    expect(res.status).toBe(201);
    const { product } = (await res.json()) as { product: ProductJson };
    expect((await row(product._id))?.campusId).toBe("rce");
  });

  it("/purchased, /mysells, /purchases and /sells hold the student's own records only", async () => {
    const asha = await createUser();
    const rohan = await createUser();
    const meera = await riverside();
    const bought = await listProduct(asha);
    const theirs = await listProduct(meera);
    expect((await patch(`/api/product/purchase/${bought._id}`, rohan)).status).toBe(200);
    const purchased = (await (
      await call("/api/product/purchased", { headers: bearer(rohan.token) })
    ).json()) as ProductJson[];
    expect(purchased.map((p) => p._id)).toEqual([bought._id]);
    const meerasSells = (await (
      await call("/api/product/mysells", { headers: bearer(meera.token) })
    ).json()) as ProductJson[];
    expect(meerasSells.map((p) => p._id)).toEqual([theirs._id]);
    expect(await page("/sells", meera)).not.toContain(bought.title);
    expect(await page("/purchases", meera)).not.toContain(bought.title);
  });
});

describe("writes on another campus's product are 404, as for one that does not exist", () => {
  it("buying it (API and screen): 404, still available, no sale notice", async () => {
    const meera = await riverside();
    const asha = await createUser();
    const product = await listProduct(meera);
    const res = await patch(`/api/product/purchase/${product._id}`, asha);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe("This product no longer exists.");
    const screen = await post("/all-products", { intent: "buy", id: product._id, price: "120" }, asha.cookie);
    expect(screen.status).toBe(404);
    expect(await row(product._id)).toMatchObject({ status: "available", buyerId: null });
    expect(await count("SELECT COUNT(*) AS n FROM sale_notifications WHERE product_id = ?", product._id)).toBe(0);
  });

  it("editing and deleting it (API and screen): 404 (not 403), unchanged", async () => {
    const meera = await riverside();
    const asha = await createUser();
    const product = await listProduct(meera, "Riverside books");
    const edit = await patch(`/api/product/${product._id}`, asha, { title: "Taken" });
    expect(edit.status).toBe(404);
    const del = await call(`/api/product/${product._id}`, { method: "DELETE", headers: bearer(asha.token) });
    expect(del.status).toBe(404);
    expect(
      (
        await post(
          "/sells",
          { intent: "edit", id: product._id, title: "Taken", description: "x", price: "1" },
          asha.cookie,
        )
      ).status,
    ).toBe(404);
    expect((await post("/sells", { intent: "delete", id: product._id }, asha.cookie)).status).toBe(404);
    expect(await row(product._id)).toMatchObject({ title: "Riverside books", status: "available" });
    // Within a campus, someone else's product is still 403, as before.
    const rohan = await riverside();
    expect((await patch(`/api/product/${product._id}`, rohan, { title: "Taken" })).status).toBe(403);
  });

  it("a product's image is public whatever the viewer's campus (listings are public; the key is unguessable)", async () => {
    const product = await listProduct(await riverside());
    const res = await call(new URL(product.image).pathname, { headers: bearer((await createUser()).token) });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
  });
});

describe("selling and buying need a verified college e-mail", () => {
  it("an unverified account cannot upload: 403 with the reason, no row, no image (API and screen)", async () => {
    const student = await createUser({ verified: false });
    const title = unique("Unverified ");
    const images = (await env.FILES.list({ prefix: "products/" })).objects.length;
    const res = await upload(student, productForm(title));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      message: "Verify your college e-mail to sell on the marketplace.",
      code: "verify_email",
    });
    // Refused before the body is read: a broken body gets the same answer.
    const broken = await call("/api/product/upload", {
      method: "POST",
      headers: { ...bearer(student.token), "Content-Type": "text/plain" },
      body: "x",
    });
    expect(broken.status).toBe(403);
    const form = productForm(title);
    const screen = await call("/upload", {
      method: "POST",
      headers: { Cookie: student.cookie, Origin: "http://localhost" },
      body: form,
      redirect: "manual",
    });
    expect(screen.status).toBe(403);
    expect(await count("SELECT COUNT(*) AS n FROM products WHERE title = ?", title)).toBe(0);
    expect((await env.FILES.list({ prefix: "products/" })).objects.length).toBe(images);
  });

  it("an unverified account cannot buy: 403 with the reason, the product stays available (API and screen)", async () => {
    const product = await listProduct(await createUser());
    const student = await createUser({ verified: false });
    const res = await patch(`/api/product/purchase/${product._id}`, student);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Verify your college e-mail to buy on the marketplace.",
    );
    const screen = await post("/all-products.data", { intent: "buy", id: product._id, price: "120" }, student.cookie);
    expect(await screen.text()).toContain("Verify your college e-mail to buy on the marketplace.");
    expect(await row(product._id)).toMatchObject({ status: "available", buyerId: null });
    expect(await count("SELECT COUNT(*) AS n FROM sale_notifications WHERE product_id = ?", product._id)).toBe(0);
  });

  it("an unverified seller may still edit and delete their own listing", async () => {
    const seller = await createUser();
    const product = await listProduct(seller);
    await unverify(seller);
    expect((await patch(`/api/product/${product._id}`, seller, { title: "Fixed title" })).status).toBe(200);
    expect((await row(product._id))?.title).toBe("Fixed title");
    expect(
      (await call(`/api/product/${product._id}`, { method: "DELETE", headers: bearer(seller.token) })).status,
    ).toBe(200);
    expect(await row(product._id)).toBeNull();
  });

  it("the screens show the verify banner instead of the upload form, the Upload card and Buy", async () => {
    const seller = await createUser();
    const tag = unique("t");
    await listProduct(seller, `Banner lamp ${tag}`);
    const student = await createUser({ verified: false });
    const uploadPage = await page("/upload", student);
    expect(uploadPage).toContain("Verify your college e-mail to sell on the marketplace.");
    expect(uploadPage).toContain(student.email);
    expect(uploadPage).not.toContain('name="title"');
    const dashboard = await page("/seller-dashboard", student);
    expect(dashboard).toContain("Verify your college e-mail to sell on the marketplace.");
    expect(dashboard).not.toContain("Add photos and a price to list something for sale.");
    const browse = await page(`/all-products?q=${tag}`, student);
    expect(browse).toContain(`Banner lamp ${tag}`);
    expect(browse).toContain("Verify your college e-mail to buy on the marketplace.");
    expect(browse).not.toContain(`aria-label="Buy Banner lamp ${tag}"`);
    // A verified member sees the form and Buy, and no banner.
    const member = await createUser();
    expect(await page("/upload", member)).toContain('name="title"');
    const memberBrowse = await page(`/all-products?q=${tag}`, member);
    expect(memberBrowse).toContain(`aria-label="Buy Banner lamp ${tag}"`);
    expect(memberBrowse).not.toContain("Verify your college e-mail");
  });
});

describe("the seller's WhatsApp goes only to those who may see contacts", () => {
  it("a buyer who is a verified member of the seller's campus gets it; once not verified, neither the API nor /purchases shows it", async () => {
    const seller = await createUser();
    const buyer = await createUser();
    const product = await listProduct(seller);
    const bought = await patch(`/api/product/purchase/${product._id}`, buyer);
    const body = (await bought.json()) as { product: ProductJson; notification: { directLink: string } };
    expect(body.product.whatsappNumber).toBe("9876543210");
    expect(body.notification.directLink).toBe("https://wa.me/919876543210");
    expect(await page("/purchases", buyer)).toContain("https://wa.me/919876543210");

    await unverify(buyer);
    const purchased = (await (
      await call("/api/product/purchased", { headers: bearer(buyer.token) })
    ).json()) as ProductJson[];
    expect(purchased.map((p) => p._id)).toEqual([product._id]);
    expect(purchased[0]).not.toHaveProperty("whatsappNumber");
    expect(purchased[0]).not.toHaveProperty("whatsappLink");
    const html = await page("/purchases", buyer);
    expect(html).toContain(product.title);
    expect(html).not.toContain("9876543210");
    expect(html).toContain("The seller&#x27;s contact is shown to verified students of their campus.");
  });

  it("a seller always sees their own number, verified or not", async () => {
    const seller = await createUser();
    await listProduct(seller);
    await unverify(seller);
    const mine = (await (
      await call("/api/product/mysells", { headers: bearer(seller.token) })
    ).json()) as ProductJson[];
    expect(mine[0]?.whatsappNumber).toBe("9876543210");
  });
});

describe("the verified badge on listings", () => {
  it("shows 'Verified CIT student' / 'Verified RCE student' for verified sellers, and nothing for unverified or Open community ones", async () => {
    const tag = unique("t");
    const asha = await createUser();
    const meera = await riverside();
    const unverifiedSeller = await createUser();
    const open = await createUser({ email: `${unique("o")}@example.org` });
    await listProduct(asha, `Verified calculator ${tag}`);
    await listProduct(unverifiedSeller, `Plain calculator ${tag}`);
    await unverify(unverifiedSeller);
    await listProduct(meera, `River calculator ${tag}`);
    await listProduct(open, `Open calculator ${tag}`);

    const citHtml = await page(`/all-products?q=${encodeURIComponent(`Verified calculator ${tag}`)}`, asha);
    expect(citHtml).toContain("Verified CIT student");
    expect(await page(`/all-products?q=${encodeURIComponent(`Plain calculator ${tag}`)}`, asha)).not.toContain(
      "Verified CIT student",
    );
    expect(await page(`/all-products?q=${encodeURIComponent(`River calculator ${tag}`)}`, meera)).toContain(
      "Verified RCE student",
    );
    const openHtml = await page(`/all-products?q=${encodeURIComponent(`Open calculator ${tag}`)}`, open);
    expect(openHtml).toContain(`Open calculator ${tag}`);
    expect(openHtml).not.toContain("student</span>");
    expect(openHtml).not.toMatch(/Verified \w+ student/);
    // Visitors see it too (a listing is public), with the college in it.
    expect(await page(`/all-products?q=${encodeURIComponent(`River calculator ${tag}`)}`, null)).toContain(
      "Verified RCE student",
    );
    // The API keeps the specification's shape: no badge field.
    const [json] = await available(`q=${encodeURIComponent(`Verified calculator ${tag}`)}`, asha);
    expect(json).not.toHaveProperty("verifiedBadge");
  });
});
