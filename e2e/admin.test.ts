// A campus admin grants a warden role on /admin and reads it in the audit
// log; the new warden approves a student's move to their block on /staff, and the student then
// lives there and is told. The first admin is made as an operator would: `npm run admin -- grant`.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  createUserViaApi,
  DESKTOP,
  hydrated,
  newUser,
  PHONE,
  sharedBrowser,
  signIn,
  tokenOf,
  withPage,
} from "./harness.ts";
import { api, grantRole, themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/admin";
const browser = sharedBrowser(SHOTS);

describe("the campus admin and a block change", () => {
  it("the admin makes a warden on /admin; the warden approves a move on /staff; the student lives in the new block", async (t) => {
    const admin = await createUserViaApi(newUser("Nandini Rao"));
    const warden = await createUserViaApi(newUser("Farhan Ali"));
    const student = await createUserViaApi(newUser("Ishaan Mehta"));
    assert.match(await grantRole(admin.email, "admin"), /is now admin/);
    const token = await tokenOf(student);
    assert.equal(
      (
        await api("/api/hostel/residence", {
          method: "PUT",
          token,
          body: JSON.stringify({ blockId: "A", room: "A-3" }),
        })
      ).status,
      200,
    );
    assert.equal(
      (
        await api("/api/hostel/residence", {
          method: "PUT",
          token,
          body: JSON.stringify({ blockId: "G2", room: "G2-9" }),
        })
      ).status,
      202,
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, admin);
        await page.goto("/staff");
        await hydrated(page);
        await page.getByRole("link", { name: "Campus admin: staff roles and the audit log" }).click();
        await page.waitForURL("**/admin");
        await hydrated(page);
        await page.getByLabel("E-mail", { exact: true }).fill(warden.email);
        await page.getByLabel("Role", { exact: true }).selectOption("warden");
        await page.getByLabel("Block (wardens only)").selectOption("G2");
        await page.getByRole("button", { name: "Grant role" }).click();
        await page.getByText("Role granted. The member is told.").waitFor();
        const role = page.getByRole("article").filter({ hasText: warden.email });
        await role.getByText("Warden, Girls' Block G2 (Ganga)", { exact: true }).waitFor();
        await role.getByText(/Granted .* by Nandini Rao/).waitFor();
        const line = page.getByRole("list", { name: "Audit log lines" }).getByRole("listitem").first();
        await line.getByText("Granted a role").waitFor();
        await line.getByText("warden of Girls' Block G2 (Ganga)").waitFor();
        await themedShots(page, SHOTS, "admin");
        // The filter is in the URL and works as a plain GET form.
        await page.getByLabel("Action").selectOption("role.grant");
        await page.getByRole("button", { name: "Filter" }).click();
        await page.waitForURL(/action=role\.grant/);
        await page.getByRole("list", { name: "Audit log lines" }).getByText("Granted a role").first().waitFor();
        // The admin's /staff shows every section.
        await page.goto("/staff");
        await hydrated(page);
        await page.getByRole("heading", { name: /^Block changes \(\d+\)$/ }).waitFor();
        await themedShots(page, SHOTS, "staff-admin");
      },
      { viewport: DESKTOP },
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, warden);
        await page.goto("/staff");
        await hydrated(page);
        const move = page
          .getByRole("article")
          .filter({ hasText: `${student.name}: Block A to Girls' Block G2, room G2-9` });
        await move.waitFor();
        await move.getByLabel(/Note for the student/).fill("Collect your key from the office.");
        await move.getByRole("button", { name: `Approve the move of ${student.name}` }).click();
        await page.getByText("Move approved. The student is told.").waitFor();
        await move.waitFor({ state: "detached" });
      },
      { viewport: PHONE },
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, student);
        await page.goto("/hostel-complaints");
        await hydrated(page);
        await page.getByRole("heading", { name: "Your block: Girls' Block G2 (Ganga), room G2-9" }).waitFor();
        await page.getByRole("link", { name: "Notifications, 1 unread" }).click();
        await page.waitForURL("**/notifications");
        await page.getByRole("heading", { name: "Unread: Your move to Girls' Block G2 was approved" }).waitFor();
        await page.getByText(/The warden's note: Collect your key from the office\./).waitFor();
      },
      { viewport: PHONE },
    );
  });

  it("a student who opens /admin gets a page saying what it is for", async (t) => {
    const student = await createUserViaApi(newUser("Riya Sen"));
    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        allowConsoleError(/status of 403/);
        await signIn(page, student);
        const res = await page.goto("/admin");
        assert.equal(res?.status(), 403);
        await page
          .getByText("This page is for campus admins: they grant staff roles and read the audit log.")
          .waitFor();
      },
      { viewport: PHONE },
    );
  });
});
