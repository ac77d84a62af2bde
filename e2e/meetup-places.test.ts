// A campus admin keeps the college's safe meet-up places on /admin/setup (docs/decisions/0116-meetup-places.md):
// adds one with a note, is told when a name is already listed, and retires it; the checklist counts them.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  createUserViaApi,
  eventually,
  hydrated,
  newUser,
  PHONE,
  sharedBrowser,
  shot,
  signIn,
  withPage,
} from "./harness.ts";
import { grantRole, themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/meetup-places";
const browser = sharedBrowser(SHOTS);

describe("safe meet-up places", () => {
  it("an admin adds a place, is refused a name already listed, and retires the place", async (t) => {
    const admin = await createUserViaApi(newUser("Kavya Iyer"));
    assert.match(await grantRole(admin.email, "admin"), /is now admin/);
    const name = `Sports complex gate ${Date.now().toString(36)}`;

    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        // The refused name below is a 409 answer, which the browser logs.
        allowConsoleError(/status of 409/);
        await signIn(page, admin);
        await page.goto("/admin/setup");
        await page.getByRole("link", { name: /Safe meet-up places/ }).click();
        await page.getByRole("heading", { name: "Safe meet-up places", level: 1 }).waitFor();
        await hydrated(page);
        // The demo college's places from the seed.
        await page.getByLabel("Name of Library entrance").waitFor();

        const add = page.getByRole("region", { name: "Add a place" });
        await add.getByLabel("Name", { exact: true }).fill(name);
        await add.getByLabel("Note (optional)").fill("Lit at night; a guard sits at the gate.");
        await add.getByRole("button", { name: "Add place" }).click();
        await add.getByText(`${name} is added: traders can choose it now.`).waitFor();
        assert.equal(await page.getByLabel(`Name of ${name}`).inputValue(), name);
        assert.equal(
          await page.getByLabel(`Note on ${name} (optional)`).inputValue(),
          "Lit at night; a guard sits at the gate.",
        );
        await themedShots(page, SHOTS, "meetup-places");

        // The same name in other letters is refused under the field, and what was typed stays.
        await page.setViewportSize(PHONE);
        await add.getByLabel("Name", { exact: true }).fill(name.toUpperCase());
        await add.getByRole("button", { name: "Add place" }).click();
        await add.getByText(`Your college lists a safe place called ${name.toUpperCase()} already.`).waitFor();
        assert.equal(await add.getByLabel("Name", { exact: true }).getAttribute("aria-invalid"), "true");
        await shot(page, { path: `${SHOTS}/meetup-places-refused-360-light.png`, fullPage: true });

        await page.getByRole("button", { name: `Retire ${name}` }).click();
        await page.getByText(`${name} is retired: traders can no longer choose it.`).waitFor();
        // The list is read again a moment after the answer's message shows.
        await eventually(() => page.getByLabel(`Name of ${name}`).count(), 0);

        await page.goto("/admin/setup");
        await page.getByText("4 places where buyers and sellers meet to trade").waitFor();
      },
      { viewport: PHONE },
    );
  });
});
