// Issue 16 in the browser: laundry staff mark a booking ready on /staff; the student sees the notice
// in /notifications and the status on the laundry screen. Screenshots of /staff as laundry and as
// mess staff at 360 and 1280 px, light and dark. Roles granted with `npm run admin -- grant`.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdirSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { baseURL, createUserViaApi, DESKTOP, hydrated, launchBrowser, newUser, PHONE, signIn, testIp, withPage } from "./harness.ts";

const SHOTS = "test-results/screenshots/staff-ops";
let browser: Browser;
before(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  await browser.close();
});

async function grant(email: string, role: string) {
  const persistTo = process.env.E2E_PERSIST_TO;
  assert.ok(persistTo, "run through npm run test:e2e (it sets E2E_PERSIST_TO)");
  await promisify(execFile)("npm", ["run", "-s", "admin", "--", "grant", email, role, "--persist-to", persistTo], { encoding: "utf8" });
}

async function api(path: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...rest } = init;
  return fetch(`${baseURL}${path}`, { ...rest, headers: { "Content-Type": "application/json", "CF-Connecting-IP": testIp(), ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
}

async function tokenOf(user: { email: string; password: string }): Promise<string> {
  const res = await api("/api/auth/login", { method: "POST", body: JSON.stringify({ email: user.email, password: user.password }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function shots(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, size] of [["1280", DESKTOP], ["360", PHONE]] as const) {
      await page.setViewportSize(size);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, "the page scrolls sideways");
      await page.screenshot({ path: `${SHOTS}/${name}-${label}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize(DESKTOP);
}

describe("laundry ready reaches the student", () => {
  it("laundry staff step a booking to ready; the student has the notice and sees the status", async (t) => {
    const student = await createUserViaApi(newUser("Meera Iyer"));
    const staff = await createUserViaApi(newUser("Ravi Dhobi"));
    const mess = await createUserViaApi(newUser("Suresh Cook"));
    await grant(staff.email, "laundry");
    await grant(mess.email, "mess");
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
        await shots(page, "laundry");
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
        await shots(page, "mess");
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
