// Issue 16 in the browser: laundry staff mark a booking ready on /staff; the student sees the notice
// in /notifications and the status on the laundry screen. Screenshots of /staff as laundry and as
// mess staff at 360 and 1280 px, light and dark. Roles granted with `npm run admin -- grant`.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createUserViaApi, DESKTOP, hydrated, newUser, sharedBrowser, signIn, withPage } from "./harness.ts";
import { api, grantRole, themedShots, tokenOf } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/staff-ops";
const browser = sharedBrowser(SHOTS);

describe("laundry ready reaches the student", () => {
  it("laundry staff step a booking to ready; the student has the notice and sees the status", async (t) => {
    const student = await createUserViaApi(newUser("Meera Iyer"));
    const staff = await createUserViaApi(newUser("Ravi Dhobi"));
    const mess = await createUserViaApi(newUser("Suresh Cook"));
    await grantRole(staff.email, "laundry");
    await grantRole(mess.email, "mess");
    const slots = (await (await api("/api/hostel/laundry/slots?campus=cit")).json()) as { data: { dates: string[] } };
    const date = slots.data.dates[1]!;
    const booked = await api("/api/hostel/laundry/bookings", { method: "POST", token: await tokenOf(student), body: JSON.stringify({ date, slotId: "1000", clothes: 9, service: "wash" }) });
    assert.equal(booked.status, 201);

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, staff);
        await page.goto("/staff");
        await hydrated(page);
        const row = page.locator("li").filter({ hasText: "Meera Iyer" }).last();
        await row.getByRole("button", { name: "Mark picked up for Meera Iyer" }).click();
        await row.getByRole("button", { name: "Mark washing for Meera Iyer" }).click();
        await row.getByRole("button", { name: "Mark ready for Meera Iyer" }).click();
        await row.getByText("Ready to collect").waitFor();
        await themedShots(page, SHOTS, "laundry");
      },
      { viewport: DESKTOP },
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, mess);
        await page.goto("/staff");
        await hydrated(page);
        await page.getByRole("heading", { name: "Ratings of each meal" }).waitFor();
        await themedShots(page, SHOTS, "mess");
      },
      { viewport: DESKTOP },
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, student);
        await page.goto("/notifications");
        await hydrated(page);
        await page.getByRole("heading", { name: "Unread: Your laundry is ready" }).waitFor();
        await page.getByText(/Wash, 9 clothes, pickup .* 10:00–12:00\. Collect it at the laundry counter\./).waitFor();
        await page.goto("/laundry-service");
        await hydrated(page);
        await page.getByText("Ready to collect").first().waitFor();
      },
      { viewport: DESKTOP },
    );
  });
});
