// The notes screens are drawn from the college's academics tree (docs/decisions/0121-notes-routes.md):
// the admin imports B.Tech CSE's semester 7 and a BBA branch on /admin/setup/academics, and a student
// then finds them: seven tiles on /btech/cse, the index counting them, tile 7 opening its page, and
// BBA's branch and semesters at /notes/bba/finance; IT, which the college has with no semesters yet, is
// coming soon. At 360 px and 1280 px, light and dark.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { createUserViaApi, hydrated, newUser, PHONE, sharedBrowser, signIn, withPage } from "./harness.ts";
import { grantRole, themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/notes-tree";
const browser = sharedBrowser(SHOTS);

const CSV = [
  "programme,branch,semester,subject_code,subject_name,unit_number,unit_title",
  "B.Tech,CSE,7,CSE-701,Compiler Design,1,Lexical analysis and parsing",
  "BBA,Finance,1,FIN-101,Financial Accounting,1,Journal entries",
  "BBA,Finance,2,FIN-201,Corporate Finance,1,Capital budgeting",
].join("\n");

const tilesOf = (page: Page) => page.getByRole("navigation", { name: "Semesters" }).getByRole("link");

describe("the notes screens follow the college's academics tree", () => {
  it("an imported semester 7 is a tile and a page; another programme shows its branch and semesters", async (t) => {
    const admin = await createUserViaApi(newUser("Meera Pillai"));
    assert.match(await grantRole(admin.email, "admin"), /is now admin/);
    const student = await createUserViaApi(newUser("Arjun Nair"));

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, admin);
        await page.goto("/admin/setup/academics");
        await hydrated(page);
        await page.getByLabel(/CSV or JSON file/).setInputFiles({
          name: "semester-7.csv",
          mimeType: "text/csv",
          buffer: Buffer.from(`${CSV}\n`),
        });
        await page.getByRole("button", { name: "Import file" }).click();
        await page.getByText(/^Imported /).waitFor();
      },
      { viewport: PHONE },
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, student);
        await page.goto("/btech/cse");
        await hydrated(page);
        assert.deepEqual(
          await tilesOf(page).evaluateAll((links) => links.map((link) => link.getAttribute("href"))),
          [1, 2, 3, 4, 5, 6, 7].map((n) => `/btech/cse/${n}`),
        );
        await page.getByText("Choose one of the 7 semesters above.").waitFor();
        await themedShots(page, SHOTS, "btech-cse");

        await tilesOf(page).filter({ hasText: "7th semester" }).click();
        await page.waitForURL("**/btech/cse/7");
        await page.getByRole("heading", { name: "CSE - 7th Semester" }).waitFor();
        assert.equal(await page.locator("#subject-heading").textContent(), "Compiler Design");
        await themedShots(page, SHOTS, "btech-cse-7");

        // Another programme of the college: its branch, and the branch's semesters.
        await page.goto("/notes");
        await hydrated(page);
        await page.getByRole("link", { name: /^BBA\b.*1 branch/ }).click();
        await page.waitForURL("**/notes/bba");
        await themedShots(page, SHOTS, "bba");
        await page.getByRole("link", { name: /^Finance.*2 semesters/ }).click();
        await page.waitForURL("**/notes/bba/finance");
        await page.getByText("Choose one of the 2 semesters above.").waitFor();
        assert.equal(await tilesOf(page).count(), 2);
        await tilesOf(page).filter({ hasText: "2nd semester" }).click();
        await page.waitForURL("**/notes/bba/finance/2");
        await page.getByRole("heading", { name: "Finance - 2nd Semester" }).waitFor();
        assert.equal(await page.locator("#subject-heading").textContent(), "Corporate Finance");
        await themedShots(page, SHOTS, "bba-finance-2");

        // A branch the college has with nothing under it yet: coming soon, and where to go meanwhile.
        await page.goto("/btech/it");
        await page.getByRole("heading", { name: "B.Tech IT notes are coming soon" }).waitFor();
        await page.getByRole("link", { name: "Browse CSE notes" }).waitFor();
        await themedShots(page, SHOTS, "btech-it");
      },
      { viewport: PHONE },
    );
  });
});
