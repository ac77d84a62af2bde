// SGPA and CGPA through the real UI (docs/decisions/0133-grades.md): a student of the demo college
// picks their semester, enters two grades and reads the semester's SGPA and their CGPA, then works
// out a "what if" for a subject not graded yet, live as they choose, without saving it. At 360 px,
// with screenshots at 360 px and 1280 px, light and dark. The campus admin adds a grade to the
// college's scale on its set-up step, changes its points, and removes it again.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createUserViaApi, eventually, hydrated, newUser, PHONE, sharedBrowser, signIn, withPage } from "./harness.ts";
import { grantRole, themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/grades";
const browser = sharedBrowser(SHOTS);

describe("grades", () => {
  it("a student enters grades, reads SGPA and CGPA, and tries a what-if that is not saved", async (t) => {
    const student = await createUserViaApi(newUser("Ananya Gupta"));
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, student);
        await page.goto("/grades");
        await hydrated(page);
        await page.getByRole("heading", { name: "Grades", level: 1 }).waitFor();
        assert.equal(await page.getByTestId("cgpa").textContent(), "—");

        await page.getByLabel("Your programme, branch and semester").selectOption({ label: "B.Tech CSE · Semester 1" });
        await page.getByRole("button", { name: "Show subjects" }).click();
        const enter = page.getByRole("region", { name: "Enter grades" });
        await enter.getByRole("heading", { name: "B.Tech CSE · Semester 1" }).waitFor();
        await enter.getByLabel("CSE-101 Applied Physics 1 (4 credits)").selectOption("O");
        await enter.getByLabel("CSE-102 Applied Mathematics 1 (4 credits)").selectOption("A");
        await enter.getByRole("button", { name: "Save grades" }).click();
        await enter.getByText("2 grades saved.").waitFor();
        // (4 x 10 + 4 x 8) / 8 = 9.00
        await eventually(() => page.getByTestId("sgpa-1").textContent(), "9.00");
        assert.equal(await page.getByTestId("cgpa").textContent(), "9.00");

        // The what-if lists the semester's subjects not graded yet, and works out as they are chosen.
        const whatIf = page.getByRole("region", { name: "What if" });
        assert.equal(await whatIf.getByLabel("CSE-101 Applied Physics 1 (4 credits)").count(), 0);
        await whatIf.getByLabel("CSE-103 Applied Chemistry (3 credits)").selectOption("B");
        // (72 + 3 x 6) / 11 = 8.1818... -> 8.18
        await eventually(
          () => whatIf.getByRole("status").textContent(),
          "With these grades: semester 1 SGPA 8.18, CGPA 8.18.",
        );
        await whatIf.getByLabel("CSE-112 Programming in C (4 credits)").selectOption("O");
        // (90 + 40) / 15 = 8.666... -> 8.67
        await eventually(
          () => whatIf.getByRole("status").textContent(),
          "With these grades: semester 1 SGPA 8.67, CGPA 8.67.",
        );
        // Nothing saved: the CGPA stands.
        assert.equal(await page.getByTestId("cgpa").textContent(), "9.00");
        await page.reload();
        await hydrated(page);
        assert.equal(await page.getByTestId("cgpa").textContent(), "9.00");
        await themedShots(page, SHOTS, "grades");
      },
      { viewport: PHONE },
    );
  });

  it("the campus admin adds a grade to the scale, changes its points and removes it, from the keyboard", async (t) => {
    const admin = await createUserViaApi(newUser("Devika Menon"));
    assert.match(await grantRole(admin.email, "admin"), /is now admin/);
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, admin);
        await page.goto("/admin/setup");
        await page.getByRole("link", { name: /Grading scale/ }).click();
        await page.getByRole("heading", { name: "Grading scale", level: 1 }).waitFor();
        await hydrated(page);
        const add = page.getByRole("region", { name: "Add a grade" });
        await add.getByLabel("Letter").fill("ex");
        await add.getByLabel("Points").fill("9.5");
        await add.getByLabel("Points").press("Enter");
        await add.getByText("EX is added to the scale.").waitFor();
        const points = page.getByLabel("Points of EX");
        await eventually(() => points.inputValue(), "9.5");
        await points.fill("9.25");
        await points.press("Enter");
        await page.getByText("EX is saved.").waitFor();
        await page.getByText("9.25 points").waitFor();
        await themedShots(page, SHOTS, "grading-scale");
        await page.getByRole("button", { name: "Remove grade EX" }).click();
        await page.getByText("EX is removed from the scale.").waitFor();
        await eventually(() => page.getByLabel("Points of EX").count(), 0);
      },
      { viewport: PHONE },
    );
  });
});
