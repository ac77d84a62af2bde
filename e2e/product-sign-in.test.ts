// A listing's page for who is looking: a signed-out visitor's "Sign in to buy" leads to sign-in and
// back to the same listing (with JavaScript, without it, and through Google); the seller sees Edit
// and Renew on their own listing instead of Buy and WhatsApp.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  createUserViaApi,
  type E2EUser,
  hydrated,
  listViaApi,
  newUser,
  PHONE,
  sharedBrowser,
  signIn,
  signInAndReturn,
  tokenOf,
  withPage,
  onSignInPage,
} from "./harness.ts";
import { localSql, themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/product-sign-in";
const browser = sharedBrowser(SHOTS);

/** A verified seller with one listing, made through the API; answers the seller and the listing's id. */
async function listing(title: string): Promise<{ seller: E2EUser; id: string }> {
  const seller = await createUserViaApi(newUser("Asha Verma"));
  const id = await listViaApi(await tokenOf(seller), {
    title,
    description: "Scientific calculator, barely used, with its cover.",
    price: "450",
    sellerName: seller.name,
    whatsappNumber: "98765 43210",
  });
  return { seller, id };
}

describe("a listing's page", () => {
  it("signed out, Sign in to buy leads to sign-in and back to the same listing, where Buy waits", async (t) => {
    const { id } = await listing(`Casio fx-991 ${Date.now().toString(36)}`);
    const buyer = await createUserViaApi(newUser("Rohan Das"));
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await page.goto(`/product/${id}`);
        await hydrated(page);
        assert.equal(await page.getByRole("button", { name: "Buy", exact: true }).count(), 0);
        await themedShots(page, SHOTS, "signed-out");
        await page.getByRole("link", { name: "Sign in to buy" }).click();
        await page.getByText("Sign in to continue where you were going.").waitFor();
        await signInAndReturn(page, buyer, `/product/${id}`);
        await page.getByRole("button", { name: "Buy", exact: true }).waitFor();
      },
      { viewport: PHONE },
    );
  });

  it("without JavaScript, the same link and the sign-in form bring the visitor back", async (t) => {
    const { id } = await listing(`Drafter ${Date.now().toString(36)}`);
    const buyer = await createUserViaApi(newUser("Meena Pillai"));
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await page.goto(`/product/${id}`);
        await page.getByRole("link", { name: "Sign in to buy" }).click();
        await onSignInPage(page);
        await page.getByLabel("E-mail").fill(buyer.email);
        await page.getByLabel("Password").fill(buyer.password);
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await page.waitForURL(`**/product/${id}`);
        await page.getByRole("button", { name: "Buy", exact: true }).waitFor();
      },
      { javaScriptEnabled: false },
    );
  });

  it("through Google, the visitor also comes back to the listing", async (t) => {
    const { id } = await listing(`Lab coat ${Date.now().toString(36)}`);
    await withPage(t, browser, async ({ page, allowConsoleError }) => {
      // The fake Google's accounts are @example.com, members of the Open community: back on the
      // listing, they are told it is another college's, in a 404 page.
      allowConsoleError(/status of 404/);
      await page.goto(`/product/${id}`);
      await hydrated(page);
      await page.getByRole("link", { name: "Sign in to buy" }).click();
      await page.waitForURL("**/login");
      await hydrated(page);
      await page.getByRole("button", { name: "Continue with Google" }).click();
      await page.getByRole("heading", { name: "Fake Google" }).waitFor();
      await page.getByRole("button", { name: /Aarav Gupta/ }).click();
      await page.waitForURL(`**/product/${id}`);
      await page.getByRole("heading", { name: "This listing is at another college" }).waitFor();
      await page.getByRole("button", { name: "Logout" }).waitFor();
    });
  });

  it("the seller sees Edit and Renew on their own listing, not Buy or WhatsApp; Edit opens its form", async (t) => {
    const { seller, id } = await listing(`Cycle ${Date.now().toString(36)}`);
    const fresh = await listing(`Fresh kettle ${Date.now().toString(36)}`);
    // In its last days on Browse, so Renew is offered.
    await localSql(`UPDATE products SET expires_at = ${Date.now() + 2 * 86_400_000} WHERE id = '${id}'`);
    await withPage(t, browser, async ({ page }) => {
      await signIn(page, fresh.seller);
      await page.goto(`/product/${fresh.id}`);
      await hydrated(page);
      // Not yet in its last days: the date Renew opens.
      await page
        .getByRole("region", { name: "Your listing" })
        .getByText(/You can renew it from/)
        .waitFor();
    });
    await withPage(t, browser, async ({ page }) => {
      await signIn(page, seller);
      await page.goto(`/product/${id}`);
      await hydrated(page);
      const yours = page.getByRole("region", { name: "Your listing" });
      await yours.getByText(/^Your product\. On Browse until/).waitFor();
      assert.equal(await page.getByRole("button", { name: "Buy", exact: true }).count(), 0);
      assert.equal(await page.getByRole("link", { name: "Contact on WhatsApp" }).count(), 0);
      assert.equal(await page.getByRole("button", { name: /Save/ }).count(), 0);
      await themedShots(page, SHOTS, "own-listing");
      await yours.getByRole("button", { name: "Renew for 60 days" }).click();
      await page.getByText(/^Renewed: your listing stays on Browse until/).waitFor();
      await yours.getByText(/You can renew it from/).waitFor();
      await yours.getByRole("link", { name: /^Edit / }).click();
      await page.waitForURL((url) => url.pathname === "/sells");
      await page
        .getByRole("group", { name: /^Edit Cycle/ })
        .getByLabel("Title")
        .waitFor();
    });
  });
});
