// A seller's page (docs/decisions/0115), reached from the seller's name on a listing.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Cookie } from "playwright-core";
import {
  baseURL,
  createUserViaApi,
  hydrated,
  listViaApi,
  newUser,
  PHONE,
  sharedBrowser,
  signIn,
  tokenOf,
  withPage,
} from "./harness.ts";
import { themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/seller-page";
const browser = sharedBrowser(SHOTS);

async function api(token: string, method: string, path: string, body?: unknown | FormData): Promise<Response> {
  const json = body !== undefined && !(body instanceof FormData);
  return fetch(`${baseURL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(json && { "Content-Type": "application/json" }) },
    ...(body !== undefined && { body: json ? JSON.stringify(body) : (body as FormData) }),
  });
}

async function list(token: string, title: string): Promise<string> {
  return listViaApi(token, { title, description: "With its box.", price: "400" }, "scripts/seed/images/drafter.png");
}

describe("seller page", () => {
  it("from the seller's name on a listing: their listings as the grid, completed sales and buyers' notes", async (t) => {
    const tag = Date.now().toString(36);
    const seller = await createUserViaApi(newUser("Farah Khan"));
    const buyer = await createUserViaApi(newUser("Vikram Das"));
    const sellerToken = await tokenOf(seller);
    const buyerToken = await tokenOf(buyer);
    const sold = await list(sellerToken, `Mini drafter ${tag}`);
    assert.equal((await api(buyerToken, "PATCH", `/api/product/purchase/${sold}`)).status, 200);
    assert.equal((await api(sellerToken, "POST", `/api/product/${sold}/handover`)).status, 200);
    const rated = await api(buyerToken, "POST", `/api/product/${sold}/rating`, {
      stars: 5,
      note: "Friendly, and the drafter was like new.",
    });
    assert.equal(rated.status, 201);
    const first = await list(sellerToken, `Lab coat ${tag}`);
    await list(sellerToken, `Graph book ${tag}`);
    await list(sellerToken, `Set square ${tag}`);

    let session: Cookie[] = [];
    let sellerPageUrl = "";
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, buyer);
        await page.goto(`/product/${first}`);
        await hydrated(page);
        await page.getByRole("link", { name: "Farah Khan" }).click();
        await page.waitForURL("**/seller/*");
        await page.getByRole("heading", { name: "Farah Khan", level: 1 }).waitFor();
        await page.getByText("1 completed sale").waitFor();
        await page.getByText("5.0 from 1 rating").waitFor();
        await page.getByText("Friendly, and the drafter was like new.").waitFor();
        await page.getByText(`For Mini drafter ${tag}`).waitFor();
        // On sale now, as Browse's grid: two cards a row on a phone; the sold one is not there.
        const cards = page.getByRole("region", { name: "On sale now" }).getByRole("listitem");
        assert.equal(await cards.count(), 3);
        const [a, b] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
        assert.equal(Math.round(a.y), Math.round(b.y));
        assert.ok(b.x >= a.x + a.width);
        assert.equal(await page.getByRole("link", { name: `Mini drafter ${tag}` }).count(), 0);
        // The heart is on each card; saving one is kept.
        const heart = page.getByRole("button", { name: `Save Set square ${tag}` });
        await heart.click();
        await page.waitForFunction((el) => el?.getAttribute("aria-pressed") === "true", await heart.elementHandle());
        await themedShots(page, SHOTS, "seller");
        session = await page.context().cookies();
        sellerPageUrl = page.url();
      },
      { viewport: PHONE },
    );
    // Without JavaScript the hearts are in the page too (Browse and the seller page), as plain forms.
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await page.context().addCookies(session);
        await page.goto(`/all-products?q=${tag}`);
        const heart = page.getByRole("button", { name: `Save Lab coat ${tag}` });
        assert.equal(await heart.getAttribute("aria-pressed"), "false");
        await heart.click();
        await page.waitForLoadState();
        assert.equal(await heart.getAttribute("aria-pressed"), "true");
        // The seller page's hearts: the one saved with JavaScript above shows as saved.
        await page.goto(`/seller/${new URL(sellerPageUrl).pathname.split("/").pop()}`);
        assert.equal(
          await page.getByRole("button", { name: `Save Set square ${tag}` }).getAttribute("aria-pressed"),
          "true",
        );
      },
      { javaScriptEnabled: false, viewport: PHONE },
    );
  });
});
