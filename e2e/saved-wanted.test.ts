// A student posts what they want; another student lists a matching item; the
// first gets the notice, opens the listing, saves it with the heart and finds it on the Saved tab; the
// heart on Browse saves and unsaves; a wanted post is deleted.
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
  tokenOf,
  withPage,
} from "./harness.ts";
import { themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/saved-wanted";
const browser = sharedBrowser(SHOTS);

async function list(seller: E2EUser, title: string, price: string): Promise<string> {
  return listViaApi(await tokenOf(seller), {
    title,
    description: "Scientific calculator, allowed in exams.",
    price,
    sellerName: seller.name,
    whatsappNumber: "98765 43210",
    category: "electronics",
    condition: "like_new",
  });
}

describe("saved and wanted", () => {
  it("wanted post -> matching listing -> notice -> product page -> heart -> Saved tab", async (t) => {
    const student = await createUserViaApi(newUser("Naina Kapoor"));
    const seller = await createUserViaApi(newUser("Arjun Das"));
    const tag = Date.now().toString(36);
    const words = `Casio ${tag} calculator`;

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, student);
        await page.goto("/wanted");
        await hydrated(page);
        await page.getByLabel("What are you looking for?").fill(words);
        await page.getByLabel("Category (optional)").selectOption("electronics");
        await page.getByLabel("Highest price (₹, optional)").fill("1000");
        await page.getByRole("button", { name: "Post what I want" }).click();
        await page.getByText("Posted: you get a notice when a matching listing appears.").waitFor();
        // The form is empty again; the post is listed as the student's own.
        assert.equal(await page.getByLabel("What are you looking for?").inputValue(), "");
        const mine = page.getByRole("region", { name: "Your wanted posts" });
        await mine.getByText(words).waitFor();
        await mine.getByText("Electronics · up to ₹1,000").waitFor();
        await themedShots(page, SHOTS, "wanted");
      },
      { viewport: PHONE },
    );

    // Another student lists a match (and one over the highest price, which does not match).
    const id = await list(seller, `Casio fx-991 ${tag} calculator`, "950");
    await list(seller, `Casio fx-82 ${tag} calculator`, "1200");

    await withPage(
      t,
      browser,
      async ({ page }) => {
        // The seller sees what is wanted on the campus.
        await signIn(page, seller);
        await page.goto("/wanted");
        await hydrated(page);
        const others = page.getByRole("region", { name: "Wanted by other students" });
        await others.getByText(words).waitFor();
        await others.getByText(`${student.name} · posted`, { exact: false }).waitFor();
      },
      { viewport: PHONE },
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, student);
        await page.goto("/notifications");
        await hydrated(page);
        const notice = page
          .getByRole("listitem")
          .filter({ has: page.getByRole("heading", { name: `Unread: Wanted: ${words}: a match is on sale` }) });
        await notice.waitFor();
        assert.equal(
          await page.getByRole("heading", { name: /Wanted: .*a match is on sale/ }).count(),
          1,
          "one notice: the dearer listing does not match",
        );
        await notice.getByRole("link", { name: "Open" }).click();
        await page.waitForURL(`**/product/${id}`);
        await hydrated(page);
        const heart = page.getByRole("button", { name: `Save Casio fx-991 ${tag} calculator` });
        assert.equal(await heart.getAttribute("aria-pressed"), "false");
        // The heart turns at once; the Saved tab is opened once Campus has answered the save (the
        // filled heart alone does not say the save has arrived).
        const saved = page.waitForResponse(
          (res) => res.request().method() === "POST" && new URL(res.url()).pathname.startsWith(`/product/${id}`),
        );
        await heart.click();
        assert.equal((await saved).status(), 200);
        await page.waitForFunction(
          (name) => document.querySelector(`button[aria-label="${name}"]`)?.getAttribute("aria-pressed") === "true",
          `Save Casio fx-991 ${tag} calculator`,
        );
        // Once the page's revalidation after the save has settled: a navigation that starts while
        // React Router is still finding the next route's module (lazy route discovery) can be left
        // half-done when that request is aborted (https://github.com/remix-run/react-router/issues/14203),
        // the URL changed and the old page still on screen.
        await page.waitForLoadState("networkidle");
        await page.getByRole("link", { name: "Saved", exact: true }).first().click();
        await page.waitForURL("**/saved");
        await page.getByRole("heading", { name: "Saved", level: 1 }).waitFor();
        const card = page
          .getByRole("listitem")
          .filter({ has: page.getByRole("heading", { name: `Casio fx-991 ${tag} calculator` }) });
        await card.waitFor();
        await themedShots(page, SHOTS, "saved");
        // The heart on Browse: the other listing saved there, then unsaved on the Saved tab.
        await page.goto(`/all-products?q=${encodeURIComponent(tag)}`);
        await hydrated(page);
        const other = page.getByRole("button", { name: `Save Casio fx-82 ${tag} calculator` });
        // The heart fills at once; the save is stored when the server has answered (the next page is
        // read from the server, so the test waits for that answer, not for the heart).
        const stored = page.waitForResponse((res) => res.request().method() === "PUT" && res.url().endsWith("/save"));
        await other.click();
        await page.waitForFunction(
          (name) => document.querySelector(`button[aria-label="${name}"]`)?.getAttribute("aria-pressed") === "true",
          `Save Casio fx-82 ${tag} calculator`,
        );
        assert.equal((await stored).status(), 200);
        await page.goto("/saved");
        await hydrated(page);
        assert.equal(await page.getByRole("heading", { name: new RegExp(`Casio fx-.* ${tag} calculator`) }).count(), 2);
        await page.getByRole("button", { name: `Save Casio fx-82 ${tag} calculator` }).click();
        await page.getByRole("heading", { name: `Casio fx-82 ${tag} calculator` }).waitFor({ state: "detached" });
        // The wanted post is deleted.
        await page.goto("/wanted");
        await hydrated(page);
        const mine = page.getByRole("region", { name: "Your wanted posts" });
        await mine.getByRole("button", { name: "Delete" }).click();
        await page
          .getByRole("dialog", { name: "Delete this wanted post?" })
          .getByRole("button", { name: "Delete" })
          .click();
        await mine.waitFor({ state: "detached" });
      },
      { viewport: PHONE },
    );
  });
});
