// The optional daily e-mail digest (docs/decisions/0092-daily-digest.md) in the browser:
// the "Daily e-mail digest" switch on /notifications, with JavaScript (the switch turns at once and
// says "Saving..." until the server has it) and without (a plain form post); then the cron job
// (run through the local server's scheduled trigger) mails the student, as /dev/outbox shows.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import {
  baseURL,
  createUserViaApi,
  gate,
  hydrated,
  newUser,
  sharedBrowser,
  shot,
  signIn,
  tokenOf,
  withPage,
} from "./harness.ts";
import { api, themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/digest";
const IMAGE = new URL("../scripts/seed/images/lamp.png", import.meta.url);
const browser = sharedBrowser(SHOTS);

/** The next moment at or after 07:30 India time (when the digest job acts), from now. */
function sendTime(): number {
  const now = Date.now();
  const minute = Math.floor(((now + 330 * 60_000) % 86_400_000) / 60_000);
  return minute >= 450 ? now : now + (450 - minute) * 60_000;
}

describe("the daily e-mail digest", () => {
  it("is switched on and off on /notifications, with and without JavaScript, and the morning job mails it", async (t) => {
    const seller = await createUserViaApi(newUser("Meera Pillai"));
    const buyer = await createUserViaApi(newUser("Rohan Das"));
    await withPage(t, browser, async ({ page }) => {
      await signIn(page, seller);
      await page.goto("/notifications");
      await hydrated(page);
      const toggle = page.getByRole("switch", { name: "Daily e-mail digest" });
      assert.equal(await toggle.getAttribute("aria-checked"), "false", "off by default");

      // With JavaScript: the switch turns at once and says Saving... while the request is held.
      const post = gate();
      await page.route("**/notifications.data*", async (route) => {
        if (route.request().method() === "POST") await post.held;
        await route.continue();
      });
      await toggle.press("Enter");
      await page.getByText("Saving...").waitFor();
      assert.equal(await toggle.getAttribute("aria-checked"), "true");
      assert.equal(await toggle.isDisabled(), true);
      post.release();
      await page.getByRole("status").filter({ hasText: "The daily e-mail digest is on." }).waitFor();
      await page.unroute("**/notifications.data*");
      await page.reload();
      assert.equal(
        await page.getByRole("switch", { name: "Daily e-mail digest" }).getAttribute("aria-checked"),
        "true",
        "saved",
      );
      await page.getByRole("switch", { name: "Daily e-mail digest" }).scrollIntoViewIfNeeded();
      await themedShots(page, SHOTS, "notifications-digest-on");
    });

    // Without JavaScript: the same switch is a form post.
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await page.goto("/login");
        await page.getByLabel("E-mail").fill(seller.email);
        await page.getByLabel("Password").fill(seller.password);
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await page.waitForURL("**/dashboard");
        await page.goto("/notifications");
        const toggle = page.getByRole("switch", { name: "Daily e-mail digest" });
        assert.equal(await toggle.getAttribute("aria-checked"), "true");
        await toggle.click();
        await page.getByText("The daily e-mail digest is off.").waitFor();
        assert.equal(
          await page.getByRole("switch", { name: "Daily e-mail digest" }).getAttribute("aria-checked"),
          "false",
        );
        await page.getByRole("switch", { name: "Daily e-mail digest" }).click();
        await page.getByText("The daily e-mail digest is on.").waitFor();
      },
      { javaScriptEnabled: false },
    );

    // Something to say: the buyer reserves the seller's lamp (a notice for the seller).
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: `Digest lamp ${Date.now().toString(36)}`,
      description: "Desk lamp, warm light.",
      price: "350",
      sellerName: seller.name,
      whatsappNumber: "98765 43210",
    }))
      form.set(k, v);
    form.set("image", new File([readFileSync(IMAGE)], "lamp.png", { type: "image/png" }));
    const listed = await fetch(`${baseURL}/api/product/upload`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await tokenOf(seller)}` },
      body: form,
    });
    assert.equal(listed.status, 201);
    const id = ((await listed.json()) as { product: { _id: string } }).product._id;
    assert.equal(
      (await api(`/api/product/purchase/${id}`, { method: "PATCH", token: await tokenOf(buyer) })).status,
      200,
    );

    // The cron run at 07:30 India time (the local server's scheduled trigger), twice: one mail.
    for (let run = 0; run < 2; run++) {
      const res = await fetch(
        `${baseURL}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/30 * * * *")}&time=${sendTime()}`,
      );
      assert.equal(res.status, 200, await res.text());
    }
    const outbox = (await (await fetch(`${baseURL}/api/dev/outbox?to=${encodeURIComponent(seller.email)}`)).json()) as {
      data: { subject: string; text: string }[];
    };
    const digests = outbox.data.filter((m) => m.subject.startsWith("Campus: "));
    assert.equal(digests.length, 1);
    assert.match(digests[0]!.text, /^Good morning, Meera\. You have 1 unread notice on Campus/);
    assert.match(digests[0]!.text, /\nMarketplace\n- /);
    // Its links lead to this Campus: the page to turn it off is /notifications.
    assert.ok(digests[0]!.text.includes(`on your Notifications page:\n${baseURL}/notifications`), digests[0]!.text);

    await withPage(t, browser, async ({ page }) => {
      await page.goto(`/dev/outbox?to=${encodeURIComponent(seller.email)}`);
      await page.getByText("Campus: 1 unread notice").first().waitFor();
      await shot(page, { path: `${SHOTS}/dev-outbox-digest-1280-light.png`, fullPage: true });
    });
  });
});
