// Browse as a photo grid (docs/decisions/0111): two columns on a phone with the filters as chips
// above the first photos, chips that filter by link, and more columns on a wide screen.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  baseURL,
  codeFromOutbox,
  createUserViaApi,
  DESKTOP,
  type E2EUser,
  eventually,
  hydrated,
  listViaApi,
  newUser,
  PHONE,
  sharedBrowser,
  signIn,
  testIp,
  withPage,
} from "./harness.ts";
import { themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/browse-grid";
const browser = sharedBrowser(SHOTS);

/** A registered, verified seller with their bearer token (selling needs a verified member). */
async function verifiedSeller(name: string): Promise<E2EUser & { token: string }> {
  const user = newUser(name);
  const ip = testIp();
  const res = await fetch(`${baseURL}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify(user),
  });
  const { data } = (await res.json()) as { data: { token: string } };
  const verify = await fetch(`${baseURL}/api/auth/verify`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${data.token}`, "CF-Connecting-IP": ip },
    body: JSON.stringify({ code: await codeFromOutbox(user.email) }),
  });
  assert.equal(verify.status, 200);
  return { ...user, token: data.token };
}

async function list(seller: { token: string; name: string }, title: string, category: string, price: string) {
  await listViaApi(seller.token, {
    title,
    description: "In good shape, collect from the hostel gate.",
    price,
    sellerName: seller.name,
    whatsappNumber: "98765 43210",
    category,
    condition: "used",
  });
}

describe("Browse photo grid", () => {
  it("shows two cards a row on a phone, with chips that filter, and four on a desktop", async (t) => {
    const word = `grid${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const seller = await verifiedSeller("Meera Pillai");
    await list(seller, `${word} Drafter`, "lab", "300");
    await list(seller, `${word} Casio calculator`, "electronics", "900");
    await list(seller, `${word} Kettle`, "hostel", "450");
    await list(seller, `${word} Physics book`, "books", "150");
    await list(seller, `${word} Table lamp`, "electronics", "200");
    const buyer = await createUserViaApi(newUser("Kabir Rao"));

    await withPage(t, browser, async ({ page }) => {
      await signIn(page, buyer);
      await page.setViewportSize(PHONE);
      await page.goto(`/all-products?q=${word}`);
      await hydrated(page);
      const cards = page
        .getByRole("list")
        .filter({ has: page.getByRole("link", { name: `${word} Drafter` }) })
        .getByRole("listitem");
      assert.equal(await cards.count(), 5);
      // Two cards side by side: the same top, the second to the right of the first.
      const first = (await cards.nth(0).boundingBox())!;
      const second = (await cards.nth(1).boundingBox())!;
      const third = (await cards.nth(2).boundingBox())!;
      assert.equal(Math.round(first.y), Math.round(second.y));
      assert.ok(second.x >= first.x + first.width, "the second card is beside the first");
      assert.ok(third.y >= first.y + first.height, "the third card starts the second row");
      // The first photo is on the first screen, above the fold of a 360 x 780 phone.
      const photo = (await cards.nth(0).getByRole("img").boundingBox())!;
      assert.ok(photo.y + photo.height / 2 < PHONE.height, "the first photo is on the first screen");
      // A card: price, title and the condition with the seller.
      await cards.nth(0).getByText("₹200").waitFor();
      await cards.nth(0).getByText("Used · Meera Pillai").waitFor();

      // The category chip opens its choices; a choice is a link that filters.
      const filters = page.getByRole("navigation", { name: "Filters" });
      await filters.locator("summary", { hasText: "Category" }).click();
      await filters.getByRole("link", { name: "Electronics" }).click();
      await page.waitForURL((url) => url.searchParams.get("category") === "electronics");
      // A client navigation changes the address before the filtered list is in, and the lamp was
      // already on the unfiltered page: wait for what the filter removes, not for what it keeps.
      await page.getByRole("link", { name: `${word} Kettle` }).waitFor({ state: "detached" });
      await page.getByRole("link", { name: `${word} Table lamp` }).waitFor();
      assert.equal(await page.getByRole("link", { name: `${word} Casio calculator` }).count(), 1);
      // The chip says what is chosen; the choice is marked as the current one.
      await filters.locator("summary", { hasText: "Category: Electronics" }).click();
      assert.equal(await filters.getByRole("link", { name: "Electronics" }).getAttribute("aria-current"), "true");
      // The price chip orders by price, keeping the category and the search.
      await filters.locator("summary", { hasText: "Price" }).click();
      await filters.getByRole("link", { name: "Price: high to low" }).click();
      await page.waitForURL((url) => url.searchParams.get("sort") === "price-high");
      // The list follows the new address once its data is in.
      await eventually(
        async () =>
          (await page.getByRole("heading", { level: 2 }).allTextContents()).filter((title) => title.startsWith(word)),
        [`${word} Casio calculator`, `${word} Table lamp`],
      );
      await filters.getByRole("link", { name: "Clear filters" }).click();
      await page.waitForURL((url) => !url.searchParams.has("category") && url.searchParams.get("q") === word);
      await page.getByRole("link", { name: `${word} Kettle` }).waitFor();

      // A desktop shows four a row.
      await page.setViewportSize(DESKTOP);
      const row = await Promise.all([0, 3].map(async (i) => (await cards.nth(i).boundingBox())!.y));
      assert.equal(Math.round(row[0]!), Math.round(row[1]!));
      await themedShots(page, SHOTS, "browse");
    });
  });

  it("filters by chip without JavaScript, from the keyboard", async (t) => {
    const word = `gridnojs${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const seller = await verifiedSeller("Meera Pillai");
    await list(seller, `${word} Cycle`, "cycles", "2500");
    await list(seller, `${word} Notes`, "notes", "50");
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await page.setViewportSize(PHONE);
        await page.goto(`/all-products?q=${word}`);
        const filters = page.getByRole("navigation", { name: "Filters" });
        await filters.locator("summary", { hasText: "Category" }).focus();
        await page.keyboard.press("Enter");
        await filters.getByRole("link", { name: "Cycles" }).focus();
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.searchParams.get("category") === "cycles");
        await page.getByRole("link", { name: `${word} Cycle` }).waitFor();
        assert.equal(await page.getByRole("link", { name: `${word} Notes` }).count(), 0);
        await filters.getByText("Category: Cycles").waitFor();
      },
      { javaScriptEnabled: false },
    );
  });
});
