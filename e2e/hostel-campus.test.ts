// The hostel per campus in the browser: a Riverside (RCE) student sees RCE's halls, mess
// and laundry; an account whose college e-mail is not verified yet sees the verify banner where the
// action would be. Accounts made here are unverified (no code entered), which is what the banner needs.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import {
  createUserViaApi,
  type E2EUser,
  hydrated,
  newUser,
  PHONE,
  sharedBrowser,
  signIn,
  withPage,
} from "./harness.ts";

const browser = sharedBrowser();

/** A student of Riverside College of Engineering (riverside.test). */
function rceUser(name = "Meera Nair"): E2EUser {
  const user = newUser(name);
  return { ...user, email: user.email.replace("@campus.test", "@riverside.test") };
}

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.equal(overflow, 0, "the page scrolls sideways");
}

describe("hostel screens of a Riverside student", () => {
  it("a verified RCE student files a complaint in an RCE hall and finds an RCE roommate with the badge and contacts", async (t) => {
    const neighbour = await createUserViaApi(rceUser("Anjali Menon"));
    const user = await createUserViaApi(rceUser());
    const description = `The Kabani hall geyser is cold again (${Date.now()})`;
    await withPage(
      t,
      browser,
      async ({ page }) => {
        // The neighbour posts a roommate listing through the screen.
        await signIn(page, neighbour);
        await page.goto("/roommate-finder");
        await hydrated(page);
        await page.locator("#about").fill("First-year mechanical at Riverside, early riser, tidy and quiet.");
        await page.locator("#preferredBlock").selectOption({ label: "Hall 3" });
        await page.locator("#budget").fill("3500");
        await page.getByRole("radio", { name: "Early bird" }).check();
        await page.getByRole("radio", { name: "Studies in silence" }).check();
        await page.getByRole("radio", { name: "Very tidy" }).check();
        await page.locator("#whatsapp").fill("9447098765");
        await page.getByRole("button", { name: "Post listing" }).click();
        await page.getByRole("heading", { name: "Your listing", exact: true }).waitFor();
        await page.context().clearCookies();

        await signIn(page, user);
        await page.goto("/hostel-complaints");
        await hydrated(page);
        await page.locator("#category").selectOption("electrical");
        await page.locator("#blockId").selectOption({ label: "Hall 3 (Kabani)" });
        await page.locator("#room").fill("K-21");
        await page.locator("#description").fill(description);
        await page.getByRole("button", { name: "File complaint" }).click();
        await page.getByText("Your complaint is filed.").waitFor();
        await page.getByRole("heading", { name: "Hall 3 · Room K-21" }).waitFor();

        await page.goto("/roommate-finder");
        const card = page.getByRole("article", { name: "Anjali Menon" });
        await card.getByText("Verified RCE student").waitFor();
        assert.equal(
          await card.getByRole("link", { name: /WhatsApp/ }).getAttribute("href"),
          "https://wa.me/919447098765",
        );
        await noOverflow(page);
      },
      { viewport: PHONE },
    );
  });

  it("show RCE's halls, mess and laundry, and the verify banner instead of each action", async (t) => {
    const user = await createUserViaApi(rceUser(), { verified: false });
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, user);

        await page.goto("/hostel-complaints");
        // The block chooser offers RCE's halls, not CIT's blocks.
        const block = page.getByLabel("Hostel block");
        await block.waitFor();
        const options = await block.locator("option").allTextContents();
        assert.deepEqual(options.slice(1), [
          "Hall 1 (Periyar)",
          "Hall 2 (Pamba)",
          "Hall 3 (Kabani)",
          "Women's Hall (Nila)",
        ]);
        // Filing is for verified students: the banner and its code form stand where the form was.
        await page
          .getByRole("heading", { name: 'Verify your college e-mail to file a complaint or add a "me too".' })
          .waitFor();
        await page.getByLabel("Verification code").waitFor();
        assert.equal(await page.getByRole("button", { name: "File complaint" }).count(), 0);
        await noOverflow(page);

        await page.goto("/mess-menu");
        await page.getByRole("heading", { name: "Evening tea", exact: true }).waitFor();
        assert.equal(await page.getByRole("heading", { name: "Snacks", exact: true }).count(), 0);
        await page.getByRole("heading", { name: "Verify your college e-mail to rate a meal." }).waitFor();
        assert.equal(await page.getByRole("group", { name: /Your rating for/ }).count(), 0);
        await noOverflow(page);

        await page.goto("/laundry-service");
        await page.getByText("19:30–21:30").first().waitFor();
        assert.equal(await page.getByText("08:00–10:00").count(), 0);
        await page.getByRole("heading", { name: "Verify your college e-mail to book a laundry pickup." }).waitFor();
        assert.equal(await page.getByRole("button", { name: "Book pickup" }).count(), 0);
        await noOverflow(page);

        await page.goto("/roommate-finder");
        await page
          .getByRole("heading", {
            name: "Verify your college e-mail to post a roommate listing and see other students' contacts.",
          })
          .waitFor();
        assert.equal(await page.getByRole("button", { name: "Post listing" }).count(), 0);
        const filter = await page.getByLabel("Block").locator("option").allTextContents();
        assert.deepEqual(filter, ["Any block", "Hall 1", "Hall 2", "Hall 3", "Women's Hall"]);
        await noOverflow(page);
      },
      { viewport: PHONE },
    );
  });
});
