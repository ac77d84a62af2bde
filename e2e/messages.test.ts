// Trade that talks (docs/decisions/0113-conversations.md): two students in two browsers. The buyer
// asks from the product page, the seller's open thread shows it live and the answer reaches the
// buyer live; the buyer offers, the seller accepts (the listing is reserved at that price), they
// agree a meet-up at one of the college's places, the seller confirms the handover and the buyer
// rates. Then the same thread without JavaScript: read and answered by form posts.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import {
  baseURL,
  createUserViaApi,
  type E2EUser,
  hydrated,
  IST_OFFSET_MS,
  listViaApi,
  newUser,
  PHONE,
  sharedBrowser,
  signIn,
  tokenOf,
  withPage,
} from "./harness.ts";
import { themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/conversations";
const browser = sharedBrowser(SHOTS);

async function list(seller: E2EUser, title: string): Promise<string> {
  return listViaApi(await tokenOf(seller), {
    title,
    description: "Used for two semesters, works perfectly.",
    price: "650",
    sellerName: seller.name,
    whatsappNumber: "98765 43210",
  });
}

/** Tomorrow at 17:30 in India, as a datetime-local field takes it. */
function tomorrowEvening(): string {
  const india = new Date(Date.now() + IST_OFFSET_MS + 24 * 3_600_000);
  return `${india.toISOString().slice(0, 10)}T17:30`;
}

const live = (page: Page) => page.getByText("Live", { exact: true }).waitFor();

describe("conversations", () => {
  it("message, live reply, offer, accept, meet-up, handover and rating between two browsers", async (t) => {
    const seller = await createUserViaApi(newUser("Sita Raman"));
    const buyer = await createUserViaApi(newUser("Bala Krishnan"));
    const title = `Casio fx-991EX ${Date.now().toString(36)}`;
    const productId = await list(seller, title);

    await withPage(
      t,
      browser,
      async ({ page: buyerPage }) => {
        await signIn(buyerPage, buyer);
        await buyerPage.goto(`/product/${productId}`);
        await hydrated(buyerPage);
        await buyerPage.getByRole("button", { name: "Is this still available?" }).click();
        await buyerPage.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
        const thread = new URL(buyerPage.url()).pathname;
        await live(buyerPage);

        await withPage(
          t,
          browser,
          async ({ page: sellerPage }) => {
            await signIn(sellerPage, seller);
            await sellerPage.goto("/dashboard");
            // The seller's top bar counts the new conversation; the inbox lists it.
            await sellerPage.getByRole("link", { name: "Messages, 1 unread" }).click();
            await sellerPage.getByRole("link", { name: new RegExp(`Selling: ${title}`) }).click();
            await sellerPage.waitForURL(`**${thread}`);
            await hydrated(sellerPage);
            await live(sellerPage);
            await sellerPage.getByText("Is this still available?").waitFor();
            // Reading it took it off the top bar's count.
            await sellerPage.getByRole("link", { name: "Messages", exact: true }).waitFor();

            // The answer reaches the buyer's open page without a reload, and the buyer's typing shows.
            await sellerPage.getByRole("textbox", { name: "Message" }).fill("Yes, it is! Works perfectly.");
            await sellerPage.getByRole("button", { name: "Send" }).click();
            await buyerPage.getByText("Yes, it is! Works perfectly.").waitFor();
            await buyerPage.getByRole("textbox", { name: "Message" }).pressSequentially("Great", { delay: 30 });
            await sellerPage.getByText("Bala is typing...").waitFor();
            await buyerPage.getByRole("textbox", { name: "Message" }).press("Enter");
            await sellerPage.getByText("Great", { exact: true }).waitFor();

            // An offer: the seller's page shows it live, with Accept.
            await buyerPage.getByLabel(/Make an offer/).fill("550");
            await buyerPage.getByRole("button", { name: "Send offer" }).click();
            await buyerPage.getByText("Your offer of ₹550 waits for the seller's answer").waitFor();
            await sellerPage.getByText("Bala offers ₹550").waitFor();
            await themedShots(sellerPage, SHOTS, "offer");
            await sellerPage.getByRole("button", { name: "Accept ₹550" }).click();
            await sellerPage.getByText(/Reserved for Bala at ₹550/).waitFor();
            await buyerPage.getByText(/Reserved for you at ₹550/).waitFor();

            // A meet-up at one of the college's places, agreed by the other side, with the tips.
            await buyerPage.getByLabel("Place").selectOption({ label: "Library entrance" });
            await buyerPage.getByLabel("Day and time").fill(tomorrowEvening());
            await buyerPage.getByRole("button", { name: "Propose this meet-up" }).click();
            await buyerPage.getByRole("heading", { name: "You proposed a meet-up" }).waitFor();
            await sellerPage.getByRole("button", { name: "Agree to meet there" }).click();
            await sellerPage.getByRole("heading", { name: "Meet-up agreed" }).waitFor();
            await buyerPage.getByRole("heading", { name: "Meet-up agreed" }).waitFor();
            await buyerPage
              .getByText(/Library entrance/)
              .first()
              .waitFor();
            await themedShots(buyerPage, SHOTS, "meetup");

            // The handover on My Sells, at the agreed price.
            await sellerPage.goto("/mysells");
            await hydrated(sellerPage);
            const card = sellerPage
              .getByRole("listitem")
              .filter({ has: sellerPage.getByRole("heading", { name: title }) });
            await card.getByText("₹550").first().waitFor();
            await card.getByRole("button", { name: "Confirm handover" }).click();
            await sellerPage
              .getByRole("dialog", { name: "Confirm the handover?" })
              .getByRole("button", { name: "Confirm handover" })
              .click();
            await card
              .getByText(/Sold|Handed over/)
              .first()
              .waitFor();
          },
          { viewport: PHONE },
        );

        // The buyer rates the seller.
        await buyerPage.goto("/purchases");
        await hydrated(buyerPage);
        const done = buyerPage.getByRole("listitem").filter({ has: buyerPage.getByRole("heading", { name: title }) });
        await done.getByRole("radio", { name: "5 ★" }).check();
        await done.getByRole("button", { name: "Save rating" }).click();
        await done.getByText("You rated the seller. Thank you.").waitFor();
      },
      { viewport: PHONE },
    );
  });

  it("the same thread works without JavaScript: read, answered and offered by form posts", async (t) => {
    const seller = await createUserViaApi(newUser("Meera Nair"));
    const buyer = await createUserViaApi(newUser("Arjun Das"));
    const title = `Drafter ${Date.now().toString(36)}`;
    const productId = await list(seller, title);

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await page.goto("/login");
        await page.getByLabel("E-mail").fill(buyer.email);
        await page.getByLabel("Password").fill(buyer.password);
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await page.waitForURL((url) => !/\/login$/.test(url.pathname));
        await page.goto(`/product/${productId}`);
        await page.getByLabel("Or write your own").fill("Can I see it tomorrow?");
        await page.getByRole("button", { name: "Send", exact: true }).click();
        await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
        await page.getByText("Can I see it tomorrow?").waitFor();
        // Without a socket the page says it is not live.
        await page
          .getByText("Connecting", { exact: true })
          .or(page.getByText("Offline", { exact: true }))
          .waitFor();
        await page.getByRole("textbox", { name: "Message" }).fill("Also, is the case included?");
        await page.getByRole("button", { name: "Send", exact: true }).click();
        await page.getByText("Also, is the case included?").waitFor();
        await page.getByLabel(/Make an offer/).fill("400");
        await page.getByRole("button", { name: "Send offer" }).click();
        await page.getByText("Your offer of ₹400 waits for the seller's answer").waitFor();
        assert.equal(await page.getByText("You offered ₹400").count(), 1);
      },
      { viewport: PHONE, javaScriptEnabled: false },
    );
  });

  it("the Messages button and every Campus chat control draw a chat bubble; WhatsApp's logo is only on links to WhatsApp", async (t) => {
    const seller = await createUserViaApi(newUser("Sita Raman"));
    const buyer = await createUserViaApi(newUser("Bala Krishnan"));
    const title = `Drafter ${Date.now().toString(36)}`;
    const productId = await list(seller, title);
    const reserved = await fetch(`${baseURL}/api/product/purchase/${productId}`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${await tokenOf(buyer)}` },
    });
    assert.equal(reserved.status, 200);
    await withPage(t, browser, async ({ page }) => {
      await signIn(page, buyer);
      await page.goto("/purchases");
      await hydrated(page);
      const glyph = (link: ReturnType<Page["getByRole"]>) => link.locator("svg path").first().getAttribute("d");
      const whatsapp = await glyph(page.getByRole("link", { name: /WhatsApp/ }));
      assert.ok(whatsapp);
      assert.notEqual(await glyph(page.getByRole("link", { name: "Messages" })), whatsapp);
      assert.notEqual(await glyph(page.getByRole("link", { name: "Message Sita" })), whatsapp);
      // Every drawing of the WhatsApp logo on the page is inside a link to WhatsApp.
      const stray = await page.evaluate(
        (d) =>
          [...document.querySelectorAll("svg path")].filter(
            (path) => path.getAttribute("d") === d && !path.closest('a[href^="https://wa.me/"]'),
          ).length,
        whatsapp,
      );
      assert.equal(stray, 0);
    });
  });
});
