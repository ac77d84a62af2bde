// Signing up outside a college, and joining one's college afterwards (docs/decisions/0123-changing-the-address.md):
// the register screen says which colleges' addresses are accepted and what the Open community is; an
// Open community member's dashboard says how to join their college; the code mailed to the college
// address moves the account there, and Browse shows the college's listings.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import {
  codeFromOutbox,
  createUserViaApi,
  hydrated,
  listViaApi,
  newUser,
  PHONE,
  sharedBrowser,
  tokenOf,
  withPage,
} from "./harness.ts";
import { themedShots as allThemes } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/open-community";
const browser = sharedBrowser(SHOTS);

/** Light and dark, desktop and phone (E2E_SHOTS runs), then back to the phone this test runs at. */
async function themedShots(page: Page, name: string): Promise<void> {
  await allThemes(page, SHOTS, name);
  await page.setViewportSize(PHONE);
}

describe("signing up outside a college", () => {
  it("at 360 px: register with a Gmail address having read what the Open community is, see the dashboard card, change to @campus.test with the code, see CIT's Browse", async (t) => {
    const word = `Drafter${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const seller = await createUserViaApi(newUser("Asha Verma"));
    await listViaApi(await tokenOf(seller), {
      title: `CIT ${word}`,
      description: "A drafter in its box.",
      price: "150",
      sellerName: seller.name,
      whatsappNumber: "9876543210",
      category: "lab",
      condition: "like_new",
    });
    const student = newUser("Kavya Rao");
    const gmail = student.email.replace("@campus.test", "@gmail.com");
    const college = student.email.replace("@campus.test", "@cse.campus.test");

    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        // The wrong code's 400 is the expected answer.
        allowConsoleError(/status of 400/);
        await page.goto("/register");
        await hydrated(page);
        // Before the account is made: which colleges, and what any other address joins.
        const note = page.locator("#email-hint");
        await note.getByText("Use your college e-mail:").waitFor();
        assert.match(await note.innerText(), /CIT \(campus\.test\), RCE \(riverside\.test\)/);
        await note.getByText("Another address joins the Open community").waitFor();
        assert.match(await note.innerText(), /you do not see a college's listings/);
        assert.equal(
          await page.getByLabel("E-mail").getAttribute("aria-describedby"),
          "email-hint",
          "the note describes the e-mail field",
        );
        await themedShots(page, "register");

        await page.getByLabel("Name").fill(student.name);
        await page.getByLabel("E-mail").fill(gmail);
        await page.getByLabel("Password").fill(student.password);
        await page.getByRole("button", { name: "Register", exact: true }).click();
        await page.waitForURL("**/dashboard");

        // The Open community's Browse does not have CIT's listing.
        await page.goto(`/all-products?q=${word}`);
        await page.getByText(`No products match “${word}”.`).waitFor();
        assert.equal(await page.getByRole("heading", { name: `CIT ${word}` }).count(), 0);

        // The dashboard says how to join the college, with the form.
        await page.goto("/dashboard");
        await hydrated(page);
        const card = page.getByRole("region", { name: "Join your college on Campus" });
        await card.getByText("is not a college's address, so you are in the Open community").waitFor();
        await themedShots(page, "dashboard-card");
        await card.getByLabel("Your college e-mail").fill(college);
        await card.getByLabel("Password", { exact: true }).fill(student.password);
        await card.getByRole("button", { name: "Send code" }).click();

        // /account asks for the code mailed to the college address.
        await page.waitForURL("**/account");
        await page.getByText(`We sent a 6-digit code to ${college}.`).waitFor();
        await hydrated(page);
        const code = await codeFromOutbox(college);
        const codeField = page.getByLabel("Code sent to");
        await codeField.fill(String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
        await page.getByRole("button", { name: "Change my e-mail" }).click();
        await page.getByText("That code is not right. 4 tries left.").waitFor();
        assert.equal(await codeField.getAttribute("aria-invalid"), "true");
        await themedShots(page, "account-code");
        await codeField.fill(code);
        await page.getByRole("button", { name: "Change my e-mail" }).click();
        await page
          .getByText(
            `Your e-mail is now ${college}. You are now a Verified CIT student. Every other device has been signed out.`,
          )
          .waitFor();
        // The page now shows the college, and no longer the Open community's card.
        await page.getByText("Campus Institute of Technology").first().waitFor();
        assert.equal(await page.getByRole("region", { name: "Join your college on Campus" }).count(), 0);
        await themedShots(page, "account-changed");

        // CIT's Browse, with the listing and Buy.
        await page.goto(`/all-products?q=${word}`);
        await page.getByRole("heading", { name: `CIT ${word}` }).waitFor();
        assert.equal(await page.getByRole("button", { name: `Buy CIT ${word}` }).count(), 1);
      },
      { viewport: PHONE },
    );
  });
});
