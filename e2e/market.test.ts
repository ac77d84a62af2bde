import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Cookie, Page } from "playwright-core";
import {
  baseURL,
  codeFromOutbox,
  createUserViaApi,
  type E2EUser,
  eventually,
  gate,
  hydrated,
  listViaApi,
  newUser,
  PHONE,
  sharedBrowser,
  shot,
  signIn,
  signInAndReturn,
  testIp,
  withPage,
  onRealClock,
} from "./harness.ts";
import { themedShots } from "./staff-harness.ts";

const IMAGE = "scripts/seed/images/calculator.png";

const browser = sharedBrowser("test-results/screenshots/market");

/** A word no other test uses, to find one product by search. */
function uniqueWord(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Registers a user through the API and verifies the college address with the code from the
 * development outbox (selling needs a verified member since decision 0073); answers the user with their
 * bearer token.
 */
async function registered(user: E2EUser): Promise<E2EUser & { token: string }> {
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

/** Lists a product for a registered user through the API; answers its id. */
async function listWith(seller: E2EUser & { token: string }, title: string, price = "450"): Promise<string> {
  return listViaApi(seller.token, {
    title,
    description: "Scientific calculator, barely used, with its cover.",
    price,
    sellerName: seller.name,
    whatsappNumber: "98765 43210",
  });
}

/** Registers a user and lists a product for them through the API (fast set-up for a test). */
async function sellerWithProduct(title: string, price = "450"): Promise<{ seller: E2EUser; productId: string }> {
  const seller = await registered(newUser("Asha Verma"));
  return { seller, productId: await listWith(seller, title, price) };
}

/**
 * A route action's answer as React Router's client reads it (turbo-stream: one flat JSON array of
 * values, objects as {"_<key index>": <value index>}), for stubbing answers the server cannot give.
 */
function actionAnswer(value: unknown): string {
  const flat: unknown[] = [];
  const put = (item: unknown): number => {
    const at = flat.push(null) - 1;
    if (item && typeof item === "object") {
      const refs: Record<string, number> = {};
      for (const [key, inner] of Object.entries(item)) refs[`_${put(key)}`] = put(inner);
      flat[at] = refs;
    } else flat[at] = item;
    return at;
  };
  put({ data: value });
  return JSON.stringify(flat);
}

async function searchFor(page: Page, word: string) {
  await page.goto("/all-products");
  await hydrated(page);
  await page.getByLabel("Search products").fill(word);
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === word);
}

describe("marketplace", () => {
  it("seller uploads with an image; buyer finds it by search, buys it and sees it in purchases; seller sees the sale", async (t) => {
    const title = uniqueWord("Calculator ");
    const seller = await createUserViaApi(newUser("Asha Verma"));
    const buyer = await createUserViaApi(newUser("Rohan Mehta"));

    await withPage(t, browser, async ({ page }) => {
      await signIn(page, seller);
      // The page's clock, so the 2 s before leaving for /sells are counted exactly, not slept through.
      const now = Date.now(); // this run's clock (CAMPUS_CLOCK), not the wall clock
      await onRealClock(() => page.clock.install({ time: now }));
      // The WhatsApp number lives in the profile (decision 0114): set once on /account.
      await page.goto("/account");
      await hydrated(page);
      await page.getByLabel("Your WhatsApp number").fill("+91 98765 43210");
      await page.getByRole("button", { name: "Save number" }).click();
      await page.getByText("Your WhatsApp number is saved.", { exact: false }).waitFor();
      await page.goto("/upload");
      await hydrated(page);
      // The seller name comes from the account, and so does the number: the form asks for neither.
      await page.getByText("Listed under your name, Asha Verma.").waitFor();
      assert.equal(await page.getByLabel("Seller name").count(), 0);
      assert.equal(await page.getByLabel("WhatsApp number").count(), 0);
      await page.getByText("A student who reserves it gets your WhatsApp number, 9876543210.").waitFor();
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Category").selectOption("electronics");
      await page.getByLabel("Condition").selectOption("like_new");
      await page.getByLabel("Description").fill("Casio fx-991ES, allowed in exams.");
      await page.getByLabel("Price (₹)").fill("950.50");
      // Sent before a photo is chosen: the form says the photos are what it waits for, and goes to them.
      await page.getByRole("button", { name: "Upload Product" }).click();
      await page.getByText("Add at least one photo: the listing is waiting for it.").waitFor();
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Take or choose photos");
      await themedShots(page, "test-results/screenshots/market", "upload-photo-missing");
      await page.getByLabel("Photos", { exact: true }).setInputFiles(IMAGE);
      assert.equal(await page.getByText("Add at least one photo: the listing is waiting for it.").count(), 0);
      await page.getByRole("img", { name: "Preview of photo 1" }).waitFor();
      // The upload (through the API or the screen's own action) is held until "Uploading..." has been seen.
      const upload = gate();
      await page.route(
        (url) => url.pathname === "/api/product/upload" || url.pathname === "/upload.data",
        async (route) => {
          if (route.request().method() === "POST") await upload.held;
          await route.continue();
        },
      );
      let leaving = false;
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.startsWith("/sells")) leaving = true;
      });
      await page.getByRole("button", { name: "Upload Product" }).click();
      await page.getByRole("button", { name: "Uploading..." }).waitFor();
      upload.release();
      await page.getByText("Product uploaded successfully!").waitFor();
      // About two seconds later the seller is on /sells: not before 1.2 s, by 2.2 s.
      await onRealClock(() => page.clock.runFor(1_200));
      assert.equal(leaving, false, "waits about 2 s before leaving");
      assert.equal(new URL(page.url()).pathname, "/upload");
      // The form is reset (a fresh form once the page's data is reloaded for the next submission).
      await page.waitForFunction(() => (document.getElementById("title") as HTMLInputElement | null)?.value === "");
      await onRealClock(() => page.clock.runFor(1_000));
      await page.waitForURL("**/sells");
      await page.getByRole("heading", { name: title }).waitFor();
      await page.getByText("₹950.50").waitFor();
    });

    await withPage(t, browser, async ({ page }) => {
      await signIn(page, buyer);
      await searchFor(page, title.split(" ")[1]!);
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
      // The lean card: the condition and the seller on one line (the category is on the listing's page).
      await card.getByText("Like new · Asha Verma").waitFor();
      // The image is served from our origin and loads.
      const loaded = await card
        .getByRole("img", { name: title })
        .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));
      assert.equal(loaded, 320);
      await card.getByRole("button", { name: `Buy ${title}` }).click();
      const confirm = page.getByRole("dialog", { name: "Buy this product?" });
      await confirm.getByText("₹950.50").waitFor();
      await confirm.getByRole("button", { name: "Buy now" }).click();
      const done = page.getByRole("dialog", { name: "Purchase successful" });
      await done.getByText("Purchase successful! A notification has been sent to the seller.").waitFor();
      // Buying reserves: said beside the specification's words.
      await done
        .getByText(
          /^It is held for you for 72 hours: you pay when you meet the seller, and you can cancel on My Purchases until then\./,
        )
        .waitFor();
      await themedShots(page, "test-results/screenshots/market", "purchase-reserved");
      // Gone from the list at once.
      assert.equal(await page.getByRole("heading", { name: title }).count(), 0);
      await done.getByRole("button", { name: "OK" }).click();
      await done.waitFor({ state: "hidden" });

      await page.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "My Purchases" }).click();
      await page.waitForURL("**/purchases");
      const bought = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
      // A reservation until the seller confirms the handover.
      await bought.getByText("Reserved: meet the seller").waitFor();
      assert.equal(
        await bought.getByRole("link", { name: /WhatsApp/ }).getAttribute("href"),
        "https://wa.me/919876543210",
      );
    });

    await withPage(t, browser, async ({ page }) => {
      await signIn(page, seller);
      await page.goto("/mysells");
      await hydrated(page);
      // A reservation, named as one (decision 0098): it is a sale at the handover.
      const reserved = page.getByRole("region", { name: "New reservation: meet the buyer" });
      await reserved.getByText(`Rohan Mehta reserved ${title} for ₹950.50`).waitFor();
      assert.equal(await page.getByText("You made a sale!").count(), 0);
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
      await card.getByText("Reserved", { exact: true }).waitFor();
      await card.getByText("Reserved by Rohan Mehta").waitFor();
      assert.equal(await card.getByRole("button", { name: /Edit|Delete/ }).count(), 0);
      // The meeting happened: the seller confirms the handover, then rates the buyer.
      await card.getByRole("button", { name: "Confirm handover" }).click();
      await page
        .getByRole("dialog", { name: "Confirm the handover?" })
        .getByRole("button", { name: "Confirm handover" })
        .click();
      await card.getByText("Handover confirmed: the sale is complete. The buyer is told.").waitFor();
      await card.getByText("Sold", { exact: true }).waitFor();
      await card.getByText("Sold to Rohan Mehta", { exact: false }).waitFor();
      await card.getByRole("radio", { name: "5 ★" }).check();
      await card.getByRole("button", { name: "Save rating" }).click();
      await card.getByText("You rated the buyer. Thank you.").waitFor();
      // Handed over: now it is a sale.
      const sale = page.getByRole("region", { name: "You made a sale!" });
      await sale.getByText(`Rohan Mehta bought ${title} for ₹950.50: handed over.`).waitFor();
      assert.equal(await page.getByRole("region", { name: "New reservation: meet the buyer" }).count(), 0);
      await sale.getByRole("button", { name: "Mark as read" }).click();
      await sale.waitFor({ state: "detached" });
      await page.reload();
      assert.equal(await page.getByRole("region", { name: "You made a sale!" }).count(), 0);
    });
  });

  it("edits and deletes an unsold product from My Sells", async (t) => {
    const title = uniqueWord("Drafter ");
    const { seller } = await sellerWithProduct(title);
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, seller);
        await page.goto("/sells");
        await hydrated(page);
        await page.getByRole("button", { name: `Edit ${title}` }).click();
        await page.getByLabel("Title").fill(`${title} set`);
        await page.getByLabel("Price (₹)").fill("375.5");
        await page.getByRole("button", { name: "Save" }).click();
        await page.getByText("Product updated successfully!").waitFor();
        await page.getByRole("heading", { name: `${title} set` }).waitFor();
        await page.getByText("₹375.50").waitFor();

        await page.getByRole("button", { name: `Delete ${title} set` }).click();
        const dialog = page.getByRole("dialog", { name: "Delete this product?" });
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "hidden" });
        await page.getByRole("heading", { name: `${title} set` }).waitFor();
        await page.getByRole("button", { name: `Delete ${title} set` }).click();
        await dialog.getByRole("button", { name: "Delete" }).click();
        await page.getByText("Product deleted successfully!").waitFor();
        await page.getByText("No products uploaded yet.").waitFor();
      },
      { viewport: PHONE },
    );
  });

  it("tells a late buyer the product was just sold, and removes it", async (t) => {
    const title = uniqueWord("Lamp ");
    const { productId } = await sellerWithProduct(title);
    const late = await createUserViaApi(newUser("Late Buyer"));
    await withPage(t, browser, async ({ page, allowConsoleError }) => {
      allowConsoleError(/status of 409/);
      await signIn(page, late);
      await searchFor(page, title.split(" ")[1]!);
      // Someone else buys it while this page is open.
      const first = await registered(newUser("Quick Buyer"));
      const bought = await fetch(`${baseURL}/api/product/purchase/${productId}`, {
        method: "PATCH",
        headers: { Authorization: `Bearer ${first.token}` },
      });
      assert.equal(bought.status, 200);

      await page.getByRole("button", { name: `Buy ${title}` }).click();
      await page.getByRole("dialog", { name: "Buy this product?" }).getByRole("button", { name: "Buy now" }).click();
      const failed = page.getByRole("dialog", { name: "Purchase failed" });
      await failed.getByText("Purchase failed: Sorry, this product has just been sold to someone else.").waitFor();
      assert.equal(await page.getByRole("heading", { name: title }).count(), 0);
    });
  });

  it("a buy that cannot reach Campus (Wi-Fi dropped) says 'Purchase failed: Please try again later.' and keeps the page", async (t) => {
    const title = uniqueWord("Compass ");
    await sellerWithProduct(title);
    const buyer = await createUserViaApi(newUser("Offline Buyer"));
    await withPage(t, browser, async ({ page, allowConsoleError }) => {
      allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
      await signIn(page, buyer);
      await searchFor(page, title.split(" ")[1]!);
      // The connection drops for the buy's post only.
      await page.route("**/all-products.data*", (route) =>
        route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
      );
      await page.getByRole("button", { name: `Buy ${title}` }).click();
      await page.getByRole("dialog", { name: "Buy this product?" }).getByRole("button", { name: "Buy now" }).click();
      const failed = page.getByRole("dialog", { name: "Purchase failed" });
      await failed.getByText("Purchase failed: Please try again later.").waitFor();
      // Still on Browse Products with the product listed, not on an error page.
      await failed.getByRole("button").first().click();
      await page.getByRole("heading", { name: title }).waitFor();
    });
  });

  it("refuses a purchase at a price the buyer did not see, says so, and shows the new price", async (t) => {
    const title = uniqueWord("Stapler ");
    const { seller, productId } = await sellerWithProduct(title, "1");
    const buyer = await createUserViaApi(newUser("Rohan Mehta"));
    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        allowConsoleError(/status of 409/);
        await signIn(page, buyer);
        await searchFor(page, title.split(" ")[1]!);
        const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
        await card.getByText("₹1", { exact: true }).waitFor();
        // The seller raises the price while the buyer is looking at ₹1.
        const login = await fetch(`${baseURL}/api/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": testIp() },
          body: JSON.stringify({ email: seller.email, password: seller.password }),
        });
        const { data } = (await login.json()) as { data: { token: string } };
        const raised = await fetch(`${baseURL}/api/product/${productId}`, {
          method: "PATCH",
          headers: { Authorization: `Bearer ${data.token}`, "Content-Type": "application/json" },
          body: JSON.stringify({ price: "1000000" }),
        });
        assert.equal(raised.status, 200);

        await card.getByRole("button", { name: `Buy ${title}` }).click();
        const confirm = page.getByRole("dialog", { name: "Buy this product?" });
        await confirm.getByText("₹1", { exact: true }).waitFor();
        await confirm.getByRole("button", { name: "Buy now" }).click();
        const failed = page.getByRole("dialog", { name: "Purchase failed" });
        await failed
          .getByText(
            "Purchase failed: The price has changed: it is now ₹10,00,000 (you saw ₹1). Check the new price and buy again.",
          )
          .waitFor();
        await shot(page, { path: "test-results/screenshots/price-changed-dialog-360.png" });
        await failed.getByRole("button", { name: "OK" }).click();
        await failed.waitFor({ state: "hidden" });
        // Still for sale, now at the price the buyer can knowingly accept.
        await card.getByText("₹10,00,000", { exact: true }).waitFor();
        await card.getByRole("button", { name: `Buy ${title}` }).click();
        await confirm.getByText("₹10,00,000", { exact: true }).waitFor();
        await confirm.getByRole("button", { name: "Buy now" }).click();
        await page
          .getByRole("dialog", { name: "Purchase successful" })
          .getByText("Purchase successful! A notification has been sent to the seller.")
          .waitFor();
      },
      { viewport: PHONE },
    );
  });

  it("offers WhatsApp when only a direct link came back, and says so when the seller could not be told", async (t) => {
    const title = uniqueWord("Coat ");
    await sellerWithProduct(title);
    const buyer = await createUserViaApi(newUser("Rohan Mehta"));
    await withPage(t, browser, async ({ page }) => {
      // These answers cannot happen with this server (it always notifies), so they are stubbed: the
      // buy action's answer, in React Router's data format.
      // The server picks the specification's words for the answer and adds what they mean here.
      const terms =
        "It is held for you for 72 hours: you pay when you meet the seller, and you can cancel on My Purchases until then.";
      const answers = [
        {
          ok: true,
          intent: "buy",
          message: "Purchase successful! Would you like to contact the seller via WhatsApp?",
          notification: { sent: false, directLink: "https://wa.me/919876543210" },
          terms,
        },
        {
          ok: true,
          intent: "buy",
          message: "Purchase successful! We couldn't notify the seller automatically. Please contact them directly.",
          notification: { sent: false },
          terms,
        },
      ];
      await page.route("**/all-products.data*", (route) =>
        route.request().method() === "POST"
          ? route.fulfill({
              status: 200,
              contentType: "text/x-script",
              headers: { "X-Remix-Response": "yes" },
              body: actionAnswer(answers.shift()),
            })
          : route.continue(),
      );
      await signIn(page, buyer);
      await searchFor(page, title.split(" ")[1]!);
      await page.getByRole("button", { name: `Buy ${title}` }).click();
      await page.getByRole("dialog", { name: "Buy this product?" }).getByRole("button", { name: "Buy now" }).click();
      const offer = page.getByRole("dialog", { name: "Purchase successful" });
      await offer.getByText("Purchase successful! Would you like to contact the seller via WhatsApp?").waitFor();
      const link = offer.getByRole("link", { name: "Contact on WhatsApp" });
      assert.equal(await link.getAttribute("href"), "https://wa.me/919876543210");
      assert.equal(await link.getAttribute("target"), "_blank");
      await offer.getByRole("button", { name: "Not now" }).click();
      await offer.waitFor({ state: "hidden" });

      await searchFor(page, title.split(" ")[1]!);
      await page.getByRole("button", { name: `Buy ${title}` }).click();
      await page.getByRole("dialog", { name: "Buy this product?" }).getByRole("button", { name: "Buy now" }).click();
      await page
        .getByText("Purchase successful! We couldn't notify the seller automatically. Please contact them directly.")
        .waitFor();
    });
  });

  it("the profile's WhatsApp number: a bad one is refused under its field, a good one saved, then removed (without JavaScript too)", async (t) => {
    const seller = await createUserViaApi();
    let session: Cookie[] = [];
    await withPage(t, browser, async ({ page, allowConsoleError }) => {
      allowConsoleError(/status of 400/);
      await signIn(page, seller);
      await page.goto("/account");
      await hydrated(page);
      const field = page.getByLabel("Your WhatsApp number");
      await field.fill("12345 67890");
      await page.getByRole("button", { name: "Save number" }).click();
      const error = page.locator("#whatsappNumber-error");
      await error.waitFor();
      assert.equal(
        await error.textContent(),
        "Enter a valid Indian mobile number for WhatsApp: 10 digits starting with 6, 7, 8 or 9 (a +91 prefix is fine).",
      );
      assert.equal(await field.getAttribute("aria-invalid"), "true");
      assert.match((await field.getAttribute("aria-describedby")) ?? "", /\bwhatsappNumber-error\b/);
      await field.fill("098765 43210");
      await page.getByRole("button", { name: "Save number" }).click();
      await page
        .getByText("Your WhatsApp number is saved. Your listings on sale now show it to their buyers.")
        .waitFor();
      // The field takes the saved form from the page's fresh data, a moment after the message.
      await eventually(() => field.inputValue(), "9876543210");
      assert.equal(await page.locator("#whatsappNumber-error").count(), 0);
      session = await page.context().cookies();
    });
    await withPage(
      t,
      browser,
      async ({ page }) => {
        // The same session, in a browser without JavaScript.
        await page.context().addCookies(session);
        await page.goto("/account");
        assert.equal(await page.getByLabel("Your WhatsApp number").inputValue(), "9876543210");
        await page.getByRole("button", { name: "Remove number" }).click();
        await page.getByText("Your WhatsApp number is removed. Buyers reach you through Campus.").waitFor();
        assert.equal(await page.getByLabel("Your WhatsApp number").inputValue(), "");
        await page.goto("/upload");
        await page.getByText("You have no WhatsApp number on your account: buyers reach you on Campus.").waitFor();
      },
      { javaScriptEnabled: false },
    );
  });

  it("shows every invalid field of the upload under its own field, at once (phone)", async (t) => {
    const seller = await createUserViaApi();
    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        allowConsoleError(/status of 400/);
        await signIn(page, seller);
        await page.goto("/upload");
        await hydrated(page);
        // Past the browser's own checks (spaces meet "required"; a phone field has no pattern), refused by Campus.
        await page.getByLabel("Title").fill("   ");
        await page.getByLabel("Category").selectOption("lab");
        await page.getByLabel("Condition").selectOption("used");
        await page.getByLabel("Description").fill("   ");
        await page.getByLabel("Price (₹)").fill("250");
        await page.getByLabel("Photos", { exact: true }).setInputFiles(IMAGE);
        await page.getByRole("img", { name: "Preview of photo 1" }).waitFor();
        await page.getByRole("button", { name: "Upload Product" }).click();
        await page.getByRole("alert").getByText("Upload failed: Enter the title.").waitFor();
        const problems = {
          title: "Enter the title.",
          description: "Enter the description.",
        };
        for (const [field, message] of Object.entries(problems)) {
          const error = page.locator(`#${field}-error`);
          await error.waitFor();
          assert.equal(await error.textContent(), message);
          const input = page.locator(`#${field}`);
          assert.equal(await input.getAttribute("aria-invalid"), "true");
          assert.match((await input.getAttribute("aria-describedby")) ?? "", new RegExp(`\\b${field}-error\\b`));
          assert.ok(await error.isVisible(), `${field}'s problem is on screen`);
        }
        // The fields that were right carry no problem, and nothing was lost.
        assert.equal(await page.locator("#price-error").count(), 0);
        assert.equal(await page.getByLabel("Price (₹)").inputValue(), "250");
        await shot(page, { path: "test-results/screenshots/market/upload-field-errors-360.png", fullPage: true });
      },
      { viewport: PHONE },
    );
  });

  /** `count` listings titled "<word> item NN" from one seller, in the order posted. */
  async function listPaged(word: string, count: number): Promise<string[]> {
    const seller = await registered(newUser("Asha Verma"));
    const titles = Array.from({ length: count }, (_, i) => `${word} item ${String(i).padStart(2, "0")}`);
    for (const title of titles) await listWith(seller, title);
    return titles;
  }

  /** Browse searched for `word`, hydrated: its cards, the first page of 12 shown. */
  async function openPaged(page: Page, word: string) {
    await page.goto(`/all-products?q=${word}`);
    await hydrated(page);
    const cards = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: new RegExp(`^${word} item`) }) });
    assert.equal(await cards.count(), 12);
    return cards;
  }

  it("the next page loads by itself as the list nears its end, only that page, added below", async (t) => {
    const word = uniqueWord("paged");
    // 14 products: a first page of 12, then 2 more.
    const titles = await listPaged(word, 14);
    await withPage(
      t,
      browser,
      async ({ page }) => {
        const cards = await openPaged(page, word);
        const first = await cards.getByRole("heading").allTextContents();
        const request = page.waitForRequest(
          (r) => r.method() === "GET" && new URL(r.url()).pathname === "/all-products.data",
        );
        // No tap: scrolling down the list is enough.
        await cards.nth(11).scrollIntoViewIfNeeded();
        const sent = await request;
        const query = new URL(sent.url()).searchParams;
        assert.equal(query.get("page"), "2");
        assert.equal(query.get("q"), word);
        // The answer holds the two products of page 2 and none of the 12 already shown.
        const answer = await (await sent.response())!.text();
        const rest = titles.filter((title) => !first.includes(title));
        assert.equal(rest.length, 2);
        for (const title of rest) assert.ok(answer.includes(JSON.stringify(title)), `${title} is in the answer`);
        for (const title of first) assert.ok(!answer.includes(JSON.stringify(title)), `${title} is not loaded again`);
        await cards.nth(13).waitFor();
        assert.equal(await cards.count(), 14);
        assert.deepEqual((await cards.getByRole("heading").allTextContents()).slice(0, 12), first);
        assert.equal(await page.getByRole("link", { name: "Show more products" }).count(), 0);
        assert.equal(await page.getByText("14 products shown").count(), 1);
        // The address is still the first page's: a reload shows the list from the start.
        assert.equal(new URL(page.url()).searchParams.get("page"), null);
      },
      { viewport: PHONE },
    );
  });

  it("a next page that fails to load says so and waits for a tap on 'Show more products'", async (t) => {
    const word = uniqueWord("retry");
    await listPaged(word, 13);
    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        allowConsoleError(/ERR_INTERNET_DISCONNECTED/);
        const cards = await openPaged(page, word);
        // The campus Wi-Fi drops the first request for the next page.
        let asked = 0;
        await page.route("**/all-products.data*", async (route) => {
          asked += 1;
          if (asked === 1) await route.abort("internetdisconnected");
          else await route.continue();
        });
        await cards.nth(11).scrollIntoViewIfNeeded();
        await page.getByText("Failed to load products. Please try again later.").waitFor();
        const more = page.getByRole("link", { name: "Show more products" });
        await more.scrollIntoViewIfNeeded();
        // Two frames: time for the browser to report the link in view, were anything watching it.
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        assert.equal(await cards.count(), 12);
        // Still in view, it does not ask again by itself: the tap is the retry.
        assert.equal(asked, 1);
        await more.click();
        await cards.nth(12).waitFor();
        assert.equal(asked, 2);
        assert.equal(await page.getByText("Failed to load products. Please try again later.").count(), 0);
        assert.equal(await more.count(), 0);
      },
      { viewport: PHONE },
    );
  });

  it("keeps search and sort in the URL, and shows the empty state", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      const word = uniqueWord("nothing");
      await page.goto(`/all-products?q=${word}&sort=price-high`);
      await hydrated(page);
      assert.equal(await page.getByLabel("Search products").inputValue(), word);
      // The price chip says the order in force, and offers the others as links that keep the search.
      const filters = page.getByRole("navigation", { name: "Filters" });
      const priceChip = filters.locator("summary", { hasText: "Price: high to low" });
      await priceChip.waitFor();
      await page.getByText(`No products match “${word}”.`).waitFor();
      await priceChip.click();
      await filters.getByRole("link", { name: "Price: low to high" }).click();
      await page.waitForURL(
        (url) => url.searchParams.get("sort") === "price-low" && url.searchParams.get("q") === word,
      );
    });
  });
});

describe("night market", () => {
  it("signed out: Start Selling goes to /login and, after sign-in, to the seller dashboard; Browse Products to /all-products", async (t) => {
    const user = await createUserViaApi();
    await withPage(t, browser, async ({ page }) => {
      await page.goto("/hosteller/night-market");
      await hydrated(page);
      await page.getByRole("heading", { name: "Night Market", level: 1 }).waitFor();
      for (const card of [
        "Night Owl Study Materials",
        "Midnight Market Deals",
        "Connect After Hours",
        "Exclusive After-Dark Content",
      ]) {
        await page.getByRole("heading", { name: card }).waitFor();
      }
      for (const step of ["Join After Hours", "Explore Deals", "Complete Exchange"])
        await page.getByRole("heading", { name: step }).waitFor();
      await page.getByRole("link", { name: "Browse Products" }).click();
      await page.waitForURL("**/all-products");
      await page.goBack();
      await hydrated(page);
      await page.getByRole("link", { name: "Start Selling" }).click();
      await signInAndReturn(page, user, "/seller-dashboard");
      await page.getByRole("link", { name: /Upload Product/ }).waitFor();
      await page.getByRole("link", { name: /My Products/ }).waitFor();
    });
  });

  it("signed in: Start Selling goes straight to the seller dashboard", async (t) => {
    const user = await createUserViaApi();
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, user);
        await page.goto("/hosteller/night-market");
        await hydrated(page);
        await page.getByRole("link", { name: "Start Selling" }).click();
        await page.waitForURL("**/seller-dashboard");
        await page.getByRole("heading", { name: "Seller Dashboard" }).waitFor();
      },
      { viewport: PHONE },
    );
  });

  it("the Night Market promises only what Campus does: its four cards keep their titles, and contact is Campus's own messages", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.goto("/hosteller/night-market");
      await hydrated(page);
      const text = await page.getByRole("main").innerText();
      // No WhatsApp chat (messages are on Campus), and no early listings for the night crowd (no such feature).
      assert.doesNotMatch(text, /WhatsApp/);
      assert.doesNotMatch(text, /night crowd first/);
      const card = (title: string) =>
        page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
      for (const title of [
        "Night Owl Study Materials",
        "Midnight Market Deals",
        "Connect After Hours",
        "Exclusive After-Dark Content",
      ])
        await card(title).waitFor();
      assert.match(await card("Connect After Hours").innerText(), /Message sellers on Campus/);
      await themedShots(page, "test-results/screenshots/market", "night-market");
    });
  });

  it("the Marketplace page says buyers and sellers talk on Campus, not on WhatsApp", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.goto("/marketplace");
      await hydrated(page);
      assert.doesNotMatch(await page.getByRole("main").innerText(), /WhatsApp/);
    });
  });
});
