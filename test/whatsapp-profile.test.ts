// The seller's WhatsApp number lives in their profile (docs/decisions/0114): set, changed and
// cleared on /account and PUT /api/auth/whatsapp with one rule; a listing takes the profile's number;
// the specification's API clients may still send one with a listing.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bearer, call, createUser, ORIGIN, type TestUser } from "#test/helpers.ts";
import { PNG_BYTES } from "#test/hostel-helpers.ts";

const INVALID =
  "Enter a valid Indian mobile number for WhatsApp: 10 digits starting with 6, 7, 8 or 9 (a +91 prefix is fine).";

const putNumber = (user: TestUser, body: unknown) =>
  call("/api/auth/whatsapp", {
    method: "PUT",
    headers: { ...bearer(user.token), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

const profileNumber = async (user: TestUser) =>
  (await env.DB.prepare("SELECT whatsapp_number AS n FROM users WHERE id = ?")
    .bind(user.userId)
    .first<{ n: string | null }>())!.n;

const listingNumber = async (id: string) =>
  (await env.DB.prepare("SELECT whatsapp_number AS n FROM products WHERE id = ?").bind(id).first<{ n: string }>())!.n;

/** Lists a product through the API, with `fields` added (a WhatsApp number, a seller name). */
async function list(seller: TestUser, fields: Record<string, string> = {}): Promise<string> {
  const form = new FormData();
  form.set("title", `Drafter ${crypto.randomUUID().slice(0, 8)}`);
  form.set("description", "With its box.");
  form.set("price", "450");
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set("image", new File([PNG_BYTES], "kit.png", { type: "image/png" }));
  const res = await call("/api/product/upload", { method: "POST", headers: bearer(seller.token), body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { product: { _id: string } }).product._id;
}

describe("PUT /api/auth/whatsapp", () => {
  it("refuses a number that is not an Indian mobile with a 400 and the message, and a body without the field", async () => {
    const student = await createUser();
    for (const bad of ["12345 67890", "+44 7911 123456", 9876543210]) {
      const res = await putNumber(student, { whatsappNumber: bad });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: INVALID, fields: { whatsappNumber: INVALID } });
    }
    expect((await putNumber(student, {})).status).toBe(400);
    expect(await profileNumber(student)).toBeNull();
    expect((await call("/api/auth/whatsapp", { method: "PUT", body: "{}" })).status).toBe(401);
  });

  it("sets it (normalised), changes it and clears it, and the seller's listings on sale follow; a sold one keeps its buyer's number", async () => {
    const seller = await createUser();
    const buyer = await createUser();
    let res = await putNumber(seller, { whatsappNumber: "+91 98765-43210" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { whatsappNumber: "9876543210" } });
    expect(await profileNumber(seller)).toBe("9876543210");

    // Listed without a number: the profile's.
    const onSale = await list(seller);
    const sold = await list(seller);
    expect(await listingNumber(onSale)).toBe("9876543210");
    const bought = await call(`/api/product/purchase/${sold}`, { method: "PATCH", headers: bearer(buyer.token) });
    expect(bought.status).toBe(200);
    expect(((await bought.json()) as { notification: { directLink: string } }).notification.directLink).toBe(
      "https://wa.me/919876543210",
    );

    res = await putNumber(seller, { whatsappNumber: "09123456789" });
    expect(await res.json()).toMatchObject({ data: { whatsappNumber: "9123456789" } });
    expect([await listingNumber(onSale), await listingNumber(sold)]).toEqual(["9123456789", "9876543210"]);

    res = await putNumber(seller, { whatsappNumber: "" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { whatsappNumber: null } });
    expect(await profileNumber(seller)).toBeNull();
    expect([await listingNumber(onSale), await listingNumber(sold)]).toEqual(["", "9876543210"]);
  });
});

describe("a listing and the profile's number", () => {
  it("a seller without a number lists without one: no contact, and a purchase offers no WhatsApp link", async () => {
    const seller = await createUser({ name: "Asha Verma" });
    const buyer = await createUser();
    const id = await list(seller);
    expect(await listingNumber(id)).toBe("");
    const res = await call(`/api/product/purchase/${id}`, { method: "PATCH", headers: bearer(buyer.token) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { notification: { sent: boolean; directLink: string }; product: object };
    expect(body.notification).toEqual({ sent: true, directLink: "" });
    expect(body.product).toMatchObject({ sellerName: "Asha Verma", whatsappNumber: "" });
  });

  it("an API client's number is the listing's, and becomes the profile's when it had none (never replacing one)", async () => {
    const seller = await createUser();
    const first = await list(seller, { whatsappNumber: "98765 43210", sellerName: "Asha V." });
    expect(await listingNumber(first)).toBe("9876543210");
    expect(await profileNumber(seller)).toBe("9876543210");
    const second = await list(seller, { whatsappNumber: "91234 56789" });
    expect(await listingNumber(second)).toBe("9123456789");
    expect(await profileNumber(seller)).toBe("9876543210");
    // The name is the account's, whatever the client sends (decision 0132).
    const names = await env.DB.prepare("SELECT id, seller_name AS name FROM products WHERE id IN (?, ?)")
      .bind(first, second)
      .all<{ id: string; name: string }>();
    expect(Object.fromEntries(names.results.map((r) => [r.id, r.name]))).toEqual({
      [first]: seller.name,
      [second]: seller.name,
    });
  });

  it("an API client's bad number is still refused with the message", async () => {
    const seller = await createUser();
    const form = new FormData();
    form.set("title", "Lab coat");
    form.set("description", "Size M");
    form.set("price", "250");
    form.set("whatsappNumber", "12345");
    form.set("image", new File([PNG_BYTES], "coat.png", { type: "image/png" }));
    const res = await call("/api/product/upload", { method: "POST", headers: bearer(seller.token), body: form });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: INVALID, msg: INVALID });
    expect(await profileNumber(seller)).toBeNull();
  });
});

describe("/account's WhatsApp form (without JavaScript)", () => {
  const post = (user: TestUser, fields: Record<string, string>) =>
    call("/account", {
      method: "POST",
      headers: { Cookie: user.cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });

  it("shows the problem under the field, saves a good number, shows it, and removes it", async () => {
    const student = await createUser();
    let res = await post(student, { intent: "whatsapp", whatsappNumber: "12345" });
    expect(res.status).toBe(400);
    let html = await res.text();
    expect(html).toContain(`<p id="whatsappNumber-error"`);
    expect(html).toMatch(/id="whatsappNumber"[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*whatsappNumber-error/);

    res = await post(student, { intent: "whatsapp", whatsappNumber: "98765 43210" });
    expect(res.status).toBe(200);
    html = await res.text();
    expect(html).toContain("Your WhatsApp number is saved.");
    expect(html).toMatch(/id="whatsappNumber"[^>]*value="9876543210"/);
    expect(await profileNumber(student)).toBe("9876543210");

    res = await post(student, { intent: "whatsapp-remove" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Your WhatsApp number is removed.");
    expect(await profileNumber(student)).toBeNull();
  });

  it("/upload no longer asks for the number: it says which one the listing takes", async () => {
    const seller = await createUser();
    await putNumber(seller, { whatsappNumber: "9876543210" });
    const html = await (await call("/upload", { headers: { Cookie: seller.cookie } })).text();
    expect(html).not.toContain('name="whatsappNumber"');
    expect(html).toContain("A student who reserves it gets your WhatsApp number, 9876543210.");
    expect(html).toMatch(/<input[^>]*accept="image\/\*"/);
  });
});
