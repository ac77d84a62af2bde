// A listing's page for who is looking at it: a signed-out visitor's "Sign in to buy" is a plain
// link to /login that remembers the listing, and signing in lands back on it; the seller sees their
// listing's state with Edit and Renew, and nothing a buyer sees (Buy, WhatsApp, Save, Report).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bearer, call, createUser, uniqueIp } from "#test/helpers.ts";
import { renewedUntil } from "#common/market-messages.ts";
import { LISTING_MS } from "#common/market.ts";
import { signInHref } from "#app/lib/redirect.ts";

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);

async function listProduct(token: string, title: string): Promise<string> {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    title,
    description: "Barely used",
    price: "450",
    sellerName: "Asha Verma",
    whatsappNumber: "9876501234",
  }))
    form.set(key, value);
  form.set("image", new File([PNG], "p.png", { type: "image/png" }));
  const res = await call("/api/product/upload", { method: "POST", headers: bearer(token), body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { product: { _id: string } }).product._id;
}

const page = async (path: string, cookie?: string) =>
  (await call(path, { headers: cookie ? { Cookie: cookie } : {} })).text().then(shown);
const shown = (html: string) =>
  html.replaceAll("<!-- -->", "").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
const post = (path: string, fields: Record<string, string>, cookie: string) =>
  call(path, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
const BUY_BUTTON = /<button[^>]*value="buy"/;

describe("signInHref", () => {
  it("carries a path of this site, and nothing that could leave it", () => {
    expect(signInHref("/product/abc")).toBe("/login?next=%2Fproduct%2Fabc");
    expect(signInHref("//evil.example/x")).toBe("/login");
    expect(signInHref("https://evil.example")).toBe("/login");
  });
});

describe("a signed-out visitor's Buy", () => {
  it("is a link to sign in that remembers the listing; signing in with a password lands on it", async () => {
    const seller = await createUser();
    const id = await listProduct(seller.token, "Casio calculator");
    const html = await page(`/product/${id}`);
    expect(html).toMatch(new RegExp(`<a[^>]*href="/login\\?next=%2Fproduct%2F${id}"[^>]*>Sign in to buy</a>`));
    expect(html).not.toMatch(BUY_BUTTON);

    const login = await call(`/login?next=${encodeURIComponent(`/product/${id}`)}`, { redirect: "manual" });
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe("/login");
    const remembered = login.headers.get("Set-Cookie")!;
    expect(remembered).toContain(`campus_next=${encodeURIComponent(`/product/${id}`)};`);

    const buyer = await createUser();
    const body = new FormData();
    for (const [key, value] of Object.entries({ intent: "signin", email: buyer.email, password: buyer.password }))
      body.set(key, value);
    const signedIn = await call("/login", {
      method: "POST",
      body,
      headers: { Cookie: remembered.split(";")[0]!, "CF-Connecting-IP": uniqueIp() },
      redirect: "manual",
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe(`/product/${id}`);
    // And there, signed in, the Buy button.
    expect(await page(`/product/${id}`, buyer.cookie)).toMatch(BUY_BUTTON);
  });

  it("a client-side navigation to /login?next= is sent to the page (not its data) with the cookie", async () => {
    const res = await call(`/login.data?next=${encodeURIComponent("/product/xyz")}`, { redirect: "manual" });
    expect(res.headers.get("Set-Cookie")).toContain(`campus_next=${encodeURIComponent("/product/xyz")};`);
    expect(await res.text()).toContain('"/login"');
  });

  it("a next that would leave the site is dropped; someone already signed in goes straight there", async () => {
    const away = await call(`/login?next=${encodeURIComponent("//evil.example")}`, { redirect: "manual" });
    expect(away.status).toBe(302);
    expect(away.headers.get("Location")).toBe("/login");
    expect(away.headers.get("Set-Cookie")).toBeNull();

    const user = await createUser();
    const there = await call(`/login?next=${encodeURIComponent("/product/abc")}`, {
      headers: { Cookie: user.cookie },
      redirect: "manual",
    });
    expect(there.status).toBe(302);
    expect(there.headers.get("Location")).toBe("/product/abc");
  });
});

describe("the seller on their own listing", () => {
  it("sees its state, Edit and when Renew opens; no Buy, WhatsApp, Save or Report", async () => {
    const seller = await createUser();
    const id = await listProduct(seller.token, "Drafter set");
    const html = await page(`/product/${id}`, seller.cookie);
    expect(html).toContain("Your product. On Browse until");
    expect(html).toMatch(new RegExp(`<a[^>]*href="/sells\\?edit=${id}#listing-${id}"[^>]*>.*?Edit</a>`, "s"));
    expect(html).toContain("You can renew it from");
    expect(html).not.toContain("Renew for 60 days");
    for (const buyerFacing of ["Contact on WhatsApp", "wa.me/", "Sign in to buy", "Report"])
      expect(html).not.toContain(buyerFacing);
    expect(html).not.toMatch(BUY_BUTTON);
    expect(html).not.toMatch(/value="save"/);

    // Another student sees the buyer's side and no Edit.
    const buyer = await createUser();
    const theirs = await page(`/product/${id}`, buyer.cookie);
    expect(theirs).toMatch(BUY_BUTTON);
    expect(theirs).toContain("Report");
    expect(theirs).toMatch(/value="save"/);
    expect(theirs).not.toContain(`/sells?edit=${id}`);
  });

  it("renews it from the page in its last days (the same use-case as My Sells), without JavaScript", async () => {
    const seller = await createUser();
    const id = await listProduct(seller.token, "Lab coat");
    await env.DB.prepare("UPDATE products SET expires_at = ?1 WHERE id = ?2")
      .bind(Date.now() + 2 * 24 * 60 * 60 * 1000, id)
      .run();
    expect(await page(`/product/${id}`, seller.cookie)).toContain("Renew for 60 days");
    const before = Date.now();
    const res = await post(`/product/${id}`, { intent: "renew" }, seller.cookie);
    expect(res.status).toBe(200);
    const { expiresAt } = (await env.DB.prepare("SELECT expires_at AS expiresAt FROM products WHERE id = ?1")
      .bind(id)
      .first<{ expiresAt: number }>())!;
    expect(expiresAt).toBeGreaterThanOrEqual(before + LISTING_MS);
    expect(shown(await res.text())).toContain(renewedUntil(expiresAt));
    // Another student's renew changes nothing.
    const other = await createUser();
    await env.DB.prepare("UPDATE products SET expires_at = ?1 WHERE id = ?2")
      .bind(Date.now() + 1000, id)
      .run();
    expect((await post(`/product/${id}`, { intent: "renew" }, other.cookie)).status).toBe(403);
  });

  it("a reserved listing says who reserved it and offers no Edit", async () => {
    const seller = await createUser();
    const buyer = await createUser({ name: "Rohan Buyer" });
    const id = await listProduct(seller.token, "Cycle");
    const bought = await post(`/product/${id}`, { intent: "buy", price: "450" }, buyer.cookie);
    expect(bought.status).toBe(200);
    const html = await page(`/product/${id}`, seller.cookie);
    expect(html).toContain("Reserved by Rohan Buyer.");
    expect(html).not.toContain(`/sells?edit=${id}`);
    expect(html).not.toContain("Contact on WhatsApp");
  });

  it("Edit opens that listing's form on My Sells, also without JavaScript", async () => {
    const seller = await createUser();
    const id = await listProduct(seller.token, "Graph paper pad");
    const html = await page(`/sells?edit=${id}`, seller.cookie);
    expect(html).toContain(`id="listing-${id}"`);
    expect(html).toContain(`id="title-${id}"`);
    expect(html).toContain('value="Graph paper pad"');
  });
});

describe("the product page's first photo", () => {
  it("is named in the answer's headers (rel=preload) so the browser asks for it before reading the page", async () => {
    const seller = await createUser();
    const id = await listProduct(seller.token, "Desk lamp with a warm bulb");
    const res = await call(`/product/${id}`, { headers: { Cookie: seller.cookie } });
    expect(res.status).toBe(200);
    const link = res.headers.get("Link") ?? "";
    const html = shown(await res.text());
    const src = /<img src="([^"]+)"[^>]*fetchPriority="high"/i.exec(html)?.[1];
    expect(src).toMatch(/^\/api\/files\/products\//);
    // The same address the page's photo asks for, so the request is one.
    expect(link).toContain(`<${src}>; rel=preload; as=image; fetchpriority=high`);
    // A visitor's page of another college's listing says nothing of it: no photo named either.
    const missing = await call(`/product/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Link")).toBeNull();
  });
});
