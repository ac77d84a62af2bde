// A campus admin sets up the academics tree on /admin/setup/academics: the demo college's tree is
// there from the seed, a bad CSV is refused with each row's problem, a good one is imported and
// shows up in the tree, opened from the keyboard. At 360 px and 1280 px, light and dark.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createUserViaApi, hydrated, newUser, PHONE, sharedBrowser, signIn, withPage } from "./harness.ts";
import { grantRole, themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/academics";
const browser = sharedBrowser(SHOTS);

const HEADER = "programme,branch,semester,subject_code,subject_name,unit_number,unit_title";

describe("the academics step of a college's set-up", () => {
  it("the admin reads the tree, sees a bad file's rows refused, and imports a good one", async (t) => {
    const admin = await createUserViaApi(newUser("Kavya Iyer"));
    assert.match(await grantRole(admin.email, "admin"), /is now admin/);

    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        // The refused file's answer is a 400, which the browser logs.
        allowConsoleError(/status of 400/);
        await signIn(page, admin);
        await page.goto("/admin/setup/academics");
        await hydrated(page);
        await page.getByRole("heading", { name: "Academics", level: 1 }).waitFor();
        // The seeded tree, opened level by level from the keyboard.
        for (const name of [/^B\.Tech/, /^CSE/, /^Semester 1/]) {
          await page.getByText(name).first().focus();
          await page.keyboard.press("Enter");
        }
        await page.getByText("Applied Physics 1").first().waitFor();

        await page.getByLabel(/CSV or JSON file/).setInputFiles({
          name: "bad.csv",
          mimeType: "text/csv",
          buffer: Buffer.from(`${HEADER}\nB.Tech,ECE,nine,EC-1,Signals,1,Intro\nB.Tech,ECE,3,EC-2,,1,Intro\n`),
        });
        await page.getByRole("button", { name: "Import file" }).click();
        const problems = page.getByRole("list", { name: "Problems in the file" });
        await problems.getByText("Row 2, semester:").waitFor();
        await problems.getByText("Row 3, subject_name:").waitFor();

        await page.getByLabel(/CSV or JSON file/).setInputFiles({
          name: "ece.csv",
          mimeType: "text/csv",
          buffer: Buffer.from(`${HEADER}\nB.Tech,ECE,3,EC-201,Signals and Systems,1,Signals\n`),
        });
        await page.getByRole("button", { name: "Import file" }).click();
        await page.getByText(/^Imported 1 programme, 1 branch, 1 semester, 1 subject and 1 unit\./).waitFor();
        await page.getByText(/^ECE/).first().click();
        await page.getByText("Semester 3").last().click();
        await page.getByText("EC-201", { exact: true }).waitFor();
        await themedShots(page, SHOTS, "academics");
      },
      { viewport: PHONE },
    );
  });
});
