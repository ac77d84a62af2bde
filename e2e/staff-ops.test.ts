// Laundry staff mark a booking ready on /staff; the student sees the notice
// in /notifications and the status on the laundry screen. Screenshots of /staff as laundry and as
// mess staff at 360 and 1280 px, light and dark. Roles granted with `npm run admin -- grant`.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createUserViaApi, DESKTOP, hydrated, newUser, sharedBrowser, signIn, tokenOf, withPage } from "./harness.ts";
import { api, grantRole, localSql, themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/staff-ops";
const browser = sharedBrowser(SHOTS);

const IST_OFFSET_MS = 330 * 60_000;
const indiaDate = (ms: number) => new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);

describe("laundry ready reaches the student", () => {
  it("laundry staff step a booking to ready once its slot has started; the student has the notice and sees the status", async (t) => {
    // Her own name: other tests book tomorrow's slots too, for students of the same names.
    const name = `Meera Iyer ${Date.now().toString(36).slice(-4).toUpperCase()}`;
    const student = await createUserViaApi(newUser(name));
    const staff = await createUserViaApi(newUser("Ravi Dhobi"));
    const mess = await createUserViaApi(newUser("Suresh Cook"));
    await grantRole(staff.email, "laundry");
    await grantRole(mess.email, "mess");
    const slots = (await (await api("/api/hostel/laundry/slots?campus=cit")).json()) as { data: { dates: string[] } };
    const tomorrow = slots.data.dates[1]!;
    const token = await tokenOf(student);
    const book = async (slotId: string) => {
      const booked = await api("/api/hostel/laundry/bookings", {
        method: "POST",
        token,
        body: JSON.stringify({ date: tomorrow, slotId, clothes: 9, service: "wash" }),
      });
      assert.equal(booked.status, 201);
      return ((await booked.json()) as { data: { id: string } }).data.id;
    };
    const later = await book("1000");
    // A slot that started at midnight today, whatever the hour of the run: a booking made for it
    // tomorrow, then moved to today (no screen books a slot that has started).
    const slotId = `e2e-${Date.now().toString(36)}`;
    await localSql(
      `INSERT INTO laundry_slots (id, campus_id, starts_at_min, ends_at_min, capacity, position) VALUES ('${slotId}', 'cit', 0, 120, 5, 999)`,
    );
    const started = await book(slotId);
    await localSql(`UPDATE laundry_bookings SET date = '${indiaDate(Date.now())}' WHERE id = '${started}'`);

    // Tomorrow's booking cannot be picked up today: the API says from when.
    const early = await api(`/api/hostel/laundry/bookings/${later}/status`, {
      method: "PATCH",
      token: await tokenOf(staff),
      body: JSON.stringify({ status: "picked_up" }),
    });
    assert.equal(early.status, 409);
    assert.match(
      ((await early.json()) as { message: string }).message,
      /^This pickup is on \w{3}, \d{1,2} \w{3} at 10:00: it can be marked picked up from then on, not before\.$/,
    );

    try {
      await withPage(
        t,
        browser,
        async ({ page }) => {
          await signIn(page, staff);
          await page.goto("/staff");
          await hydrated(page);
          // The screen offers no step that is not yet possible: tomorrow's booking says from when.
          const tomorrowRow = page
            .getByRole("article", { name: "Slot 10:00–12:00" })
            .locator("li")
            .filter({ hasText: name });
          await tomorrowRow.getByText("Can be marked picked up from 10:00 tomorrow.").waitFor();
          assert.equal(await tomorrowRow.getByRole("button").count(), 0);
          const row = page.getByRole("article", { name: "Slot 00:00–02:00" }).locator("li").filter({ hasText: name });
          await row.getByRole("button", { name: `Mark picked up for ${name}` }).click();
          await row.getByRole("button", { name: `Mark washing for ${name}` }).click();
          await row.getByRole("button", { name: `Mark ready for ${name}` }).click();
          await row.getByText("Ready to collect").waitFor();
          await tomorrowRow.scrollIntoViewIfNeeded();
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
          await page
            .getByText(/Wash, 9 clothes, pickup .* 00:00–02:00\. Collect it at the laundry counter\./)
            .waitFor();
          await page.goto("/laundry-service");
          await hydrated(page);
          await page.getByText("Ready to collect").first().waitFor();
        },
        { viewport: DESKTOP },
      );
    } finally {
      // The slot was this test's own: other tests see CIT's slots as the demo seed made them.
      await localSql(
        `DELETE FROM laundry_bookings WHERE slot_id = '${slotId}'; DELETE FROM laundry_slots WHERE id = '${slotId}'`,
      );
    }
  });
});
