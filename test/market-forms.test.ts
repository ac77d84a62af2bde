// The marketplace's forms report every invalid field at once, on both doors (decision 0103): the
// API's 400 keeps its first problem as the message and adds `fields`; the page's action answers the
// same problems, and the screen shows each under its own field.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { untiedProblems } from "#test/field-ties.ts";
import { bearer, call, createUser, type TestUser } from "#test/helpers.ts";
import { PNG_BYTES } from "#test/hostel-helpers.ts";

const MESSAGES = {
  title: "Enter the title.",
  price:
    "The price must be a number of rupees above 0, with at most two decimals (for example 249 or 249.50), and at most ₹10,00,000.",
  whatsappNumber:
    "Enter a valid Indian mobile number for WhatsApp: 10 digits starting with 6, 7, 8 or 9 (a +91 prefix is fine).",
  image: "Choose an image of the product (JPEG, PNG, WebP or GIF).",
  words: "Say what you are looking for in at least one word of 2 letters or more.",
  category: "Choose a category: books, notes, electronics, lab, hostel, cycles, other, or none.",
  maxPrice: "The highest price must be a number of rupees above 0, for example 500.",
  stars: "Give 1 to 5 stars.",
  note: "Keep the note under 280 characters.",
};

interface Refusal {
  success: false;
  message: string;
  field?: string;
  fields?: Record<string, string>;
}

/** A listing form with every field valid, then `changes` (undefined: the field is left out). */
function listingForm(changes: Record<string, string | undefined> = {}, photo = true): FormData {
  const fields: Record<string, string | undefined> = {
    title: `Drafter ${crypto.randomUUID().slice(0, 8)}`,
    category: "lab",
    condition: "used",
    description: "With its box.",
    price: "450",
    sellerName: "Asha Verma",
    whatsappNumber: "9876543210",
    ...changes,
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.set(key, value);
  if (photo) form.set("image", new File([PNG_BYTES], "kit.png", { type: "image/png" }));
  return form;
}

async function listProduct(seller: TestUser): Promise<string> {
  const res = await call("/api/product/upload", {
    method: "POST",
    headers: bearer(seller.token),
    body: listingForm(),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { product: { _id: string } }).product._id;
}

/** A page's form posted as React Router's client posts it: the action's answer as data. */
const postData = (path: string, fields: Record<string, string>, cookie: string) =>
  call(`${path}.data`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    body: new URLSearchParams(fields),
  });

const productCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM products").first<{ n: number }>())!.n;

describe("the upload form", () => {
  const bad = { title: "   ", price: "abc", whatsappNumber: "12345" };

  it("the API answers every invalid field, the photo's absence among them, and stores nothing", async () => {
    const seller = await createUser();
    const before = await productCount();
    const res = await call("/api/product/upload", {
      method: "POST",
      headers: bearer(seller.token),
      body: listingForm(bad, false),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Refusal;
    // The first problem is the message, as before; `fields` names them all.
    expect(body).toMatchObject({ success: false, message: MESSAGES.title, field: "title" });
    expect(body.fields).toEqual({
      title: MESSAGES.title,
      price: MESSAGES.price,
      whatsappNumber: MESSAGES.whatsappNumber,
      image: MESSAGES.image,
    });
    expect(await productCount()).toBe(before);
  });

  it("the page (a form posted without JavaScript) shows each problem under its field, and stores nothing", async () => {
    const seller = await createUser();
    const before = await productCount();
    // The form no longer has a WhatsApp field (the number is the account's: decision 0114).
    const res = await call("/upload", {
      method: "POST",
      headers: { Cookie: seller.cookie, Origin: "http://localhost" },
      body: listingForm({ title: bad.title, price: bad.price, whatsappNumber: undefined }, false),
      redirect: "manual",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`Upload failed: ${MESSAGES.title}`);
    for (const [field, message] of Object.entries({
      title: MESSAGES.title,
      price: MESSAGES.price,
      image: MESSAGES.image,
    })) {
      // The problem under the field, and the field tied to it.
      expect(html).toMatch(new RegExp(`<p id="${field}-error"[^>]*>${escapeRegExp(escapeHtml(message))}</p>`));
      expect(html).toMatch(
        new RegExp(`id="${field}"[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*${field}-error`),
      );
    }
    // A valid field is not marked.
    expect(html).not.toContain('id="description-error"');
    expect(untiedProblems(html)).toEqual([]);
    expect(await productCount()).toBe(before);
  });
});

describe("the edit form on My Sells", () => {
  it("the API and the page answer every invalid field, and change nothing", async () => {
    const seller = await createUser();
    const id = await listProduct(seller);
    const api = await call(`/api/product/${id}`, {
      method: "PATCH",
      headers: { ...bearer(seller.token), "Content-Type": "application/json" },
      body: JSON.stringify({ title: "", description: "Fine", price: "abc" }),
    });
    expect(api.status).toBe(400);
    const body = (await api.json()) as Refusal;
    expect(body.message).toBe(MESSAGES.title);
    expect(body.fields).toEqual({ title: MESSAGES.title, price: MESSAGES.price });

    const page = await postData(
      "/sells",
      { intent: "edit", id, title: "  ", description: "Fine", price: "abc" },
      seller.cookie,
    );
    expect(page.status).toBe(400);
    const answer = await page.text();
    expect(answer).toContain("fields");
    expect(answer).toContain(MESSAGES.title);
    expect(answer).toContain(MESSAGES.price);
    const row = await env.DB.prepare("SELECT title, price_paise AS pricePaise FROM products WHERE id = ?")
      .bind(id)
      .first<{ title: string; pricePaise: number }>();
    expect(row?.pricePaise).toBe(45000);
    expect(row?.title).toMatch(/^Drafter /);
  });
});

describe("the wanted form", () => {
  const bad = { words: "a", category: "boats", maxPrice: "-5" };

  it("the API and the page answer every invalid field, and post nothing", async () => {
    const student = await createUser();
    const api = await call("/api/wanted", {
      method: "POST",
      headers: { ...bearer(student.token), "Content-Type": "application/json" },
      body: JSON.stringify(bad),
    });
    expect(api.status).toBe(400);
    const body = (await api.json()) as Refusal;
    expect(body.message).toBe(MESSAGES.words);
    expect(body.fields).toEqual({ words: MESSAGES.words, category: MESSAGES.category, maxPrice: MESSAGES.maxPrice });

    const page = await postData("/wanted", { intent: "post", ...bad }, student.cookie);
    expect(page.status).toBe(400);
    const answer = await page.text();
    for (const message of [MESSAGES.words, MESSAGES.category, MESSAGES.maxPrice]) expect(answer).toContain(message);
    const posts = await env.DB.prepare("SELECT COUNT(*) AS n FROM wanted_posts WHERE user_id = ?")
      .bind(student.userId)
      .first<{ n: number }>();
    expect(posts?.n).toBe(0);
  });
});

describe("the rating form", () => {
  it("the API and both pages answer every invalid field of a completed trade, and rate nothing", async () => {
    const seller = await createUser();
    const buyer = await createUser();
    const id = await listProduct(seller);
    expect((await call(`/api/product/purchase/${id}`, { method: "PATCH", headers: bearer(buyer.token) })).status).toBe(
      200,
    );
    expect((await call(`/api/product/${id}/handover`, { method: "POST", headers: bearer(seller.token) })).status).toBe(
      200,
    );
    const long = "x".repeat(281);

    const api = await call(`/api/product/${id}/rating`, {
      method: "POST",
      headers: { ...bearer(buyer.token), "Content-Type": "application/json" },
      body: JSON.stringify({ stars: 9, note: long }),
    });
    expect(api.status).toBe(400);
    const body = (await api.json()) as Refusal;
    expect(body.message).toBe(MESSAGES.stars);
    expect(body.fields).toEqual({ stars: MESSAGES.stars, note: MESSAGES.note });

    for (const [path, who] of [
      ["/purchases", buyer],
      ["/sells", seller],
    ] as const) {
      const page = await postData(path, { intent: "rate", id, stars: "0", note: long }, who.cookie);
      expect(page.status, path).toBe(400);
      const answer = await page.text();
      expect(answer, path).toContain(MESSAGES.stars);
      expect(answer, path).toContain(MESSAGES.note);
    }
    const ratings = await env.DB.prepare("SELECT COUNT(*) AS n FROM trade_ratings WHERE product_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(ratings?.n).toBe(0);
  });
});

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
