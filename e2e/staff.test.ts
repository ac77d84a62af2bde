// A warden resolves a complaint with a note on /staff; the student then
// sees it resolved with the note, a notice in /notifications and the unread count in the top bar.
// The warden's role is granted as an operator would: `npm run admin -- grant ... --persist-to` on
// the test server's state.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createUserViaApi, DESKTOP, hydrated, newUser, sharedBrowser, signIn, tokenOf, withPage } from "./harness.ts";
import { api, grantRole, themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/staff";
const browser = sharedBrowser(SHOTS);

describe("a warden resolves a complaint; the student sees it", () => {
  it("resolved with the note on the complaint, a notice in /notifications, the count in the top bar", async (t) => {
    const student = await createUserViaApi(newUser("Asha Verma"));
    const warden = await createUserViaApi(newUser("Kavita Rao"));
    assert.match(await grantRole(warden.email, "warden", "--block", "B"), /is now warden of block B/);
    const description = `The corridor light outside B-204 is out (${Date.now()})`;
    const filed = await api("/api/hostel/complaints", {
      method: "POST",
      token: await tokenOf(student),
      body: JSON.stringify({ category: "electrical", blockId: "B", room: "B-204", description }),
    });
    assert.equal(filed.status, 201);
    const note = "Replaced the tube light and the starter.";

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, warden);
        await page.goto("/staff");
        await hydrated(page);
        const card = page.getByRole("article").filter({ hasText: description });
        await card.waitFor();
        await themedShots(page, SHOTS, "staff");
        await card.getByLabel("Note for the student").fill(note);
        await card.getByRole("button", { name: "Mark resolved" }).click();
        await page.getByText("Marked as resolved. The student is told.").waitFor();
        await card.waitFor({ state: "detached" });
      },
      { viewport: DESKTOP },
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, student);
        await page.goto("/hostel-complaints?view=mine");
        await hydrated(page);
        const mine = page.getByRole("article").filter({ hasText: description });
        await mine.getByText("Resolved", { exact: true }).waitFor();
        await mine.getByText(note).waitFor();
        const bell = page.getByRole("link", { name: "Notifications, 1 unread" });
        await bell.waitFor();
        await bell.click();
        await page.waitForURL("**/notifications");
        await page.getByRole("heading", { name: "Unread: Your complaint is resolved" }).waitFor();
        await page.getByText(`The warden's note: ${note}`).waitFor();
        await themedShots(page, SHOTS, "notifications");
        await page.getByRole("button", { name: "Mark as read" }).click();
        await page.getByRole("link", { name: "Notifications", exact: true }).waitFor();
        await page.getByRole("heading", { name: "Your complaint is resolved" }).waitFor();
      },
      { viewport: DESKTOP },
    );
  });
});
