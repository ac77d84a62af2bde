// A category and a condition on every listing; Browse and the API filter by them.
import { describe, expect, it } from "vitest";
import { bearer, call, createUser, type TestUser } from "#test/helpers.ts";

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);

interface Listed {
  _id: string;
  title: string;
  category: string;
  condition: string;
}

function upload(seller: TestUser, fields: Record<string, string>): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    description: "In good shape.",
    price: "200",
    sellerName: seller.name,
    whatsappNumber: "9876543210",
    ...fields,
  }))
    form.set(k, v);
  form.set("image", new File([PNG], "p.png", { type: "image/png" }));
  return call("/api/product/upload", { method: "POST", headers: bearer(seller.token), body: form });
}

async function listed(seller: TestUser, fields: Record<string, string>): Promise<Listed> {
  const res = await upload(seller, fields);
  expect(res.status).toBe(201);
  return ((await res.json()) as { product: Listed }).product;
}

const browse = async (viewer: TestUser, query: string) =>
  (await (await call(`/api/product/available?${query}`, { headers: bearer(viewer.token) })).json()) as Listed[];

describe("category and condition", () => {
  it("are stored and answered; a client of the specification that sends neither gets Other and Used", async () => {
    const seller = await createUser();
    expect(
      await listed(seller, { title: "Grewal maths textbook", category: "books", condition: "like_new" }),
    ).toMatchObject({ category: "books", condition: "like_new" });
    expect(await listed(seller, { title: "Desk fan" })).toMatchObject({ category: "other", condition: "used" });
  });

  it("an unknown category or condition is a 400 naming the choices, and nothing is listed", async () => {
    const seller = await createUser();
    const title = `Bad category ${crypto.randomUUID().slice(0, 6)}`;
    const res = await upload(seller, { title, category: "furniture" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Choose a category: books, notes, electronics, lab, hostel, cycles, other.",
    );
    expect((await upload(seller, { title, condition: "broken" })).status).toBe(400);
    expect((await browse(seller, `q=${encodeURIComponent(title)}`)).length).toBe(0);
  });

  it("Browse filters by category and condition, with the search, in the API and on the page (in the URL)", async () => {
    const seller = await createUser();
    const viewer = await createUser();
    const tag = crypto.randomUUID().slice(0, 8);
    await listed(seller, { title: `Cycle ${tag} hero`, category: "cycles", condition: "used" });
    await listed(seller, { title: `Cycle ${tag} lamp`, category: "electronics", condition: "new" });
    await listed(seller, { title: `Cycle ${tag} bell`, category: "cycles", condition: "new" });
    const titles = (list: Listed[]) => list.map((p) => p.title).sort();
    expect(titles(await browse(viewer, `q=${tag}&category=cycles`))).toEqual([
      `Cycle ${tag} bell`,
      `Cycle ${tag} hero`,
    ]);
    expect(titles(await browse(viewer, `q=${tag}&category=cycles&condition=new`))).toEqual([`Cycle ${tag} bell`]);
    expect(titles(await browse(viewer, `q=${tag}&condition=new`))).toEqual([`Cycle ${tag} bell`, `Cycle ${tag} lamp`]);
    const bad = await call("/api/product/available?category=furniture", { headers: bearer(viewer.token) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      "The category is one of books, notes, electronics, lab, hostel, cycles, other.",
    );

    const page = await (
      await call(`/all-products?q=${tag}&category=cycles&condition=new`, { headers: { Cookie: viewer.cookie } })
    ).text();
    expect(page).toContain(`Cycle ${tag} bell`);
    expect(page).not.toContain(`Cycle ${tag} hero`);
    // The chips say what is chosen; the card says the condition (its category is on the listing's page).
    expect(page).toContain("Category: Cycles");
    expect(page).toContain("Condition: New");
    expect(page).toMatch(/>New · [^<]+</);
    // On the page an unknown value means "all", not an error.
    const lenient = await call(`/all-products?q=${tag}&category=furniture`, { headers: { Cookie: viewer.cookie } });
    expect(lenient.status).toBe(200);
    expect(await lenient.text()).toContain(`Cycle ${tag} hero`);
  });
});
