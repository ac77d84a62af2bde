// The heart beyond the happy path: without JavaScript it saves and unsaves by a plain form
// post (Browse and the Saved tab), and with JavaScript a refused save on a product's page (the listing
// went since the page loaded) is said next to the heart, which stays unpressed.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import {
  baseURL,
  createUserViaApi,
  type E2EUser,
  hydrated,
  listViaApi,
  newUser,
  PHONE,
  sharedBrowser,
  shot,
  signIn,
  tokenOf,
  withPage,
} from "./harness.ts";

const SHOTS = "test-results/screenshots/saved-wanted";
const browser = sharedBrowser(SHOTS);

async function list(seller: E2EUser, title: string): Promise<string> {
  return listViaApi(await tokenOf(seller), {
    title,
    description: "Scientific calculator, allowed in exams.",
    price: "700",
    sellerName: seller.name,
    whatsappNumber: "98765 43210",
    category: "electronics",
    condition: "used",
  });
}

const pressed = async (page: Page, name: string) => page.getByRole("button", { name }).getAttribute("aria-pressed");

describe("the heart without JavaScript, and a refused save", () => {
  it("saves on Browse and unsaves on the Saved tab by plain form posts", async (t) => {
    const [student, seller] = [
      await createUserViaApi(newUser("Meera Iyer")),
      await createUserViaApi(newUser("Kabir Sen")),
    ];
    const tag = Date.now().toString(36);
    const title = `Casio fx-100 ${tag} calculator`;
    await list(seller, title);
    await withPage(
      t,
      browser,
      async ({ page }) => {
        // Signed in by the form itself (signIn waits for hydration).
        await page.goto("/login");
        await page.getByLabel("E-mail").fill(student.email);
        await page.getByLabel("Password").fill(student.password);
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await page.waitForURL("**/dashboard");
        await page.goto(`/all-products?q=${encodeURIComponent(tag)}`);
        assert.equal(await pressed(page, `Save ${title}`), "false");
        await page.getByRole("button", { name: `Save ${title}` }).click();
        // The page after the post shows it saved, still with the search.
        await page.locator(`button[aria-label="Save ${title}"][aria-pressed="true"]`).waitFor();
        assert.equal(new URL(page.url()).searchParams.get("q"), tag);
        await page.goto("/saved");
        await page.getByRole("heading", { name: title }).waitFor();
        await page.getByRole("button", { name: `Save ${title}` }).click();
        await page.getByText("Nothing saved yet.").waitFor();
        assert.equal(await page.getByRole("heading", { name: title }).count(), 0, "unsaved: gone from the Saved tab");
      },
      { javaScriptEnabled: false, viewport: PHONE },
    );
  });

  it("says why when the listing went since the page loaded, and leaves the heart unpressed", async (t) => {
    const [student, seller] = [
      await createUserViaApi(newUser("Ishaan Rao")),
      await createUserViaApi(newUser("Tara Bose")),
    ];
    const tag = Date.now().toString(36);
    const title = `Casio fx-82 ${tag} calculator`;
    const id = await list(seller, title);
    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        // The refused save's answer is a 404, which the browser logs.
        allowConsoleError(/status of 404/);
        await signIn(page, student);
        await page.goto(`/product/${id}`);
        await hydrated(page);
        const res = await fetch(`${baseURL}/api/product/${id}`, {
          method: "DELETE",
          headers: { Authorization: `Bearer ${await tokenOf(seller)}` },
        });
        assert.equal(res.status, 200);
        await page.getByRole("button", { name: `Save ${title}` }).click();
        await page.getByRole("alert").filter({ hasText: "This product no longer exists." }).waitFor();
        assert.equal(await pressed(page, `Save ${title}`), "false");
        for (const scheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await shot(page, { path: `${SHOTS}/heart-refused-360-${scheme}.png`, animations: "disabled" });
        }
      },
      { viewport: PHONE },
    );
  });
});
