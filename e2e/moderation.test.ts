// A moderator hides a reported listing from /staff; it then disappears from
// /all-products for another student and shows as hidden, with the reason, to its seller. The
// moderator's role is granted as an operator would: `npm run admin -- grant ... --persist-to`.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  baseURL,
  createUserViaApi,
  DESKTOP,
  hydrated,
  newUser,
  sharedBrowser,
  signIn,
  testIp,
  tokenOf,
  withPage,
} from "./harness.ts";
import { grantRole, themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/moderation";
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);
const browser = sharedBrowser(SHOTS);

describe("a moderator hides a reported listing", () => {
  it("gone from /all-products for another student, hidden with the reason for its seller", async (t) => {
    const [seller, reporter, other, moderator] = await Promise.all([
      createUserViaApi(newUser("Rohan Seller")),
      createUserViaApi(newUser("Meera Reporter")),
      createUserViaApi(newUser("Ira Buyer")),
      createUserViaApi(newUser("Dev Moderator")),
    ]);
    assert.match(await grantRole(moderator.email, "moderator"), /is now/);

    const title = `Solved lab record ${Date.now()}`;
    const form = new FormData();
    for (const [key, value] of Object.entries({
      title,
      description: "All experiments written up, ready to submit.",
      price: "300",
      sellerName: "Rohan",
      whatsappNumber: "9876543210",
    }))
      form.set(key, value);
    form.set("image", new File([PNG], "p.png", { type: "image/png" }));
    const listed = await fetch(`${baseURL}/api/product/upload`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await tokenOf(seller)}`, "CF-Connecting-IP": testIp() },
      body: form,
    });
    assert.equal(listed.status, 201);
    const id = ((await listed.json()) as { product: { _id: string } }).product._id;
    const reported = await fetch(`${baseURL}/api/reports`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${await tokenOf(reporter)}`,
        "CF-Connecting-IP": testIp(),
      },
      body: JSON.stringify({
        kind: "listing",
        id,
        reason: "graded_work",
        note: "Sells a lab record to hand in as your own.",
      }),
    });
    assert.equal(reported.status, 201);
    const reason = "Selling graded work to hand in is not allowed.";

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, moderator);
        await page.goto("/staff");
        await hydrated(page);
        const card = page.getByRole("article").filter({ hasText: title });
        await card.waitFor();
        await themedShots(page, SHOTS, "queue");
        await card.getByText("Hide with a reason").click();
        await card.getByLabel("Reason the student will see").first().fill(reason);
        await card.getByRole("button", { name: "Hide", exact: true }).click();
        // Hidden resolves its reports: the card leaves the queue.
        await card.waitFor({ state: "detached" });
      },
      { viewport: DESKTOP },
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, other);
        // By its title: other tests' listings may fill Browse's first page.
        await page.goto(`/all-products?q=${encodeURIComponent(title)}`);
        await hydrated(page);
        await page.getByRole("heading", { name: "Browse Products" }).waitFor();
        assert.equal(await page.getByRole("heading", { name: title }).count(), 0);
      },
      { viewport: DESKTOP },
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, seller);
        // By its title: other tests' listings may fill Browse's first page.
        await page.goto(`/all-products?q=${encodeURIComponent(title)}`);
        await hydrated(page);
        await page.getByRole("heading", { name: title }).waitFor();
        await page.getByText(`Hidden from other students: ${reason}`).waitFor();
      },
      { viewport: DESKTOP },
    );
  });
});
