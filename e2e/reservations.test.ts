// A purchase is a reservation. The buyer rates the seller after the
// handover and Browse shows the seller's record; the seller declines one reservation; the buyer
// cancels another. Set-up through the API, each step the test is about through the screens.
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
import { api, themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/reservations";
const browser = sharedBrowser(SHOTS);

async function list(token: string, seller: E2EUser, title: string): Promise<string> {
  return listViaApi(token, {
    title,
    description: "Barely used, with its cover.",
    price: "300",
    sellerName: seller.name,
    whatsappNumber: "98765 43210",
  });
}

const reserve = async (id: string, token: string) =>
  assert.equal((await api(`/api/product/purchase/${id}`, { method: "PATCH", token })).status, 200);

describe("reservations", () => {
  it("handover then rating; a seller's decline; a buyer's cancel", async (t) => {
    const seller = await createUserViaApi(newUser("Meenakshi Iyer"));
    const buyer = await createUserViaApi(newUser("Kabir Singh"));
    const [sellerToken, buyerToken] = [await tokenOf(seller), await tokenOf(buyer)];
    const tag = Date.now().toString(36);
    const [handed, declined, cancelled, next] = [
      `Set squares ${tag}`,
      `Drafter ${tag}`,
      `Lab coat ${tag}`,
      `Calculator ${tag}`,
    ];
    const ids = await Promise.all([handed, declined, cancelled, next].map((title) => list(sellerToken, seller, title)));
    for (const id of ids.slice(0, 3)) await reserve(id, buyerToken);
    assert.equal((await api(`/api/product/${ids[0]}/handover`, { method: "POST", token: sellerToken })).status, 200);

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, seller);
        await page.goto("/mysells");
        await hydrated(page);
        const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: declined }) });
        await card.getByText(`Reserved by ${buyer.name}`).waitFor();
        // The new-activity banner: the handover is a sale, the other two are reservations by name.
        const banner = page.getByRole("region", { name: /^You made a sale!/ });
        await banner.getByRole("heading", { name: "You made a sale! 2 new reservations: meet the buyers." }).waitFor();
        await banner.getByText(`${buyer.name} reserved ${declined} for ₹300`, { exact: false }).waitFor();
        await banner.getByText(`${buyer.name} bought ${handed} for ₹300: handed over.`).waitFor();
        await themedShots(page, SHOTS, "mysells");
        await card.getByRole("button", { name: "Decline" }).click();
        await page
          .getByRole("dialog", { name: "Decline this reservation?" })
          .getByRole("button", { name: "Decline" })
          .click();
        await card.getByText("Available", { exact: true }).waitFor();
        // A declined reservation is no longer counted.
        await page.reload();
        await page.getByRole("heading", { name: "You made a sale! New reservation: meet the buyer." }).waitFor();
        assert.equal(
          await page
            .getByRole("region", { name: /^You made a sale!/ })
            .getByText(declined, { exact: false })
            .count(),
          0,
        );
      },
      { viewport: PHONE },
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, buyer);
        await page.goto("/purchases");
        await hydrated(page);
        const done = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: handed }) });
        await done.getByText(`Bought from ${seller.name}`).waitFor();
        const waiting = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: cancelled }) });
        await waiting.getByText("Reserved: meet the seller").waitFor();
        assert.equal(await page.getByRole("heading", { name: declined }).count(), 0);
        await themedShots(page, SHOTS, "purchases");
        // Rate the seller after the handover.
        await done.getByRole("radio", { name: "4 ★" }).check();
        await done.getByLabel(/Note/).fill("Came on time, exactly as described.");
        await done.getByRole("button", { name: "Save rating" }).click();
        await done.getByText("You rated the seller. Thank you.").waitFor();
        // Cancel the other reservation.
        await waiting.getByRole("button", { name: "Cancel reservation" }).click();
        await page
          .getByRole("dialog", { name: "Cancel your reservation?" })
          .getByRole("button", { name: "Cancel reservation" })
          .click();
        await waiting.waitFor({ state: "detached" });
        // Both returned ones are on sale again; the seller's record is on their other listing's page
        // and on their own page, with the note (Browse's lean cards leave it there: decision 0111).
        await page.goto(`/all-products?q=${encodeURIComponent(tag)}`);
        await hydrated(page);
        await page.getByRole("heading", { name: declined }).waitFor();
        await page.getByRole("heading", { name: cancelled }).waitFor();
        await page.getByRole("link", { name: next }).click();
        await page.getByRole("heading", { name: next, level: 1 }).waitFor();
        await page.getByText("4.0 ★ · 1 sale").waitFor();
        await page.getByRole("link", { name: seller.name }).click();
        await page.getByRole("heading", { name: seller.name, level: 1 }).waitFor();
        await page.getByText("4.0 from 1 rating").waitFor();
        await page.getByText("Came on time, exactly as described.").waitFor();
        // The decline reached the inbox.
        await page.goto("/notifications");
        await page
          .getByRole("heading", { name: `Unread: ${declined}: the seller declined your reservation` })
          .waitFor();
      },
      { viewport: PHONE },
    );
  });

  it("My Purchases points to the listing's conversation; WhatsApp only where the seller gave a number", async (t) => {
    const withNumber = await createUserViaApi(newUser("Meenakshi Iyer"));
    const without = await createUserViaApi(newUser("Arjun Nair"));
    const buyer = await createUserViaApi(newUser("Kabir Singh"));
    const buyerToken = await tokenOf(buyer);
    const tag = Date.now().toString(36);
    const [talked, bought] = [`Drafter ${tag}`, `Lab coat ${tag}`];
    const talkedId = await list(await tokenOf(withNumber), withNumber, talked);
    const boughtId = await listViaApi(await tokenOf(without), {
      title: bought,
      description: "Worn for one lab.",
      price: "250",
      sellerName: without.name,
    });
    // One conversation started before the reservation; the other listing reserved with Buy alone.
    const started = await api(`/api/product/${talkedId}/messages`, {
      method: "POST",
      token: buyerToken,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: "Is this still available?" }),
    });
    assert.equal(started.status, 201);
    const { conversationId } = ((await started.json()) as { data: { conversationId: string } }).data;
    await reserve(talkedId, buyerToken);
    await reserve(boughtId, buyerToken);

    await withPage(t, browser, async ({ page }) => {
      await signIn(page, buyer);
      await page.goto("/purchases");
      await hydrated(page);
      // Nothing on the page sends the buyer to WhatsApp to meet.
      assert.doesNotMatch(await page.getByRole("main").innerText(), /on WhatsApp to meet/);
      const talkedCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: talked }) });
      const boughtCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: bought }) });
      assert.equal(
        await talkedCard.getByRole("link", { name: "Message Meenakshi" }).getAttribute("href"),
        `/messages/${conversationId}`,
      );
      // WhatsApp beside it, because this seller gave a number; none for the seller who did not.
      assert.equal(
        await talkedCard.getByRole("link", { name: /WhatsApp/ }).getAttribute("href"),
        "https://wa.me/919876543210",
      );
      assert.equal(await boughtCard.getByRole("link", { name: /WhatsApp/ }).count(), 0);
      await themedShots(page, SHOTS, "purchases-conversations");
      // Reserved with Buy alone: the link starts the conversation from the listing's page.
      await boughtCard.getByRole("link", { name: "Message Arjun" }).click();
      await page.waitForURL(`**/product/${boughtId}#message`);
      await hydrated(page);
      await themedShots(page, SHOTS, "product-reserved-message");
      await page.getByRole("button", { name: "Where can we meet?" }).click();
      await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
      await page.getByText("Where can we meet?").first().waitFor();
    });
  });
});
