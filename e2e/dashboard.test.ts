import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { baseURL, DESKTOP, hydrated, PHONE, sharedBrowser, withPage } from "./harness.ts";

const browser = sharedBrowser();

const DAY_SCHOLAR = ["Marketplace", "Notes", "Study Swap", "Google Classroom", "Lost & found"];
const HOSTELLER = [
  "Night Market",
  "Hostel Complaints",
  "Mess Menu",
  "Roommate Finder",
  "Laundry Service",
  "Notes",
  "Study Swap",
  "Google Classroom",
  "Lost & found",
];

async function tileTitles(page: Page) {
  return page.locator("#services-heading + ul li a > span:nth-child(2) > span:first-child").allTextContents();
}

describe("dashboard", () => {
  it("switches between Day-Scholar and Hosteller, and the choice survives a reload", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.goto("/");
      await hydrated(page);
      assert.deepEqual(await tileTitles(page), DAY_SCHOLAR);
      await page.getByText("Tips for day scholars").waitFor();
      assert.equal(await page.getByRole("button", { name: "Day-Scholar" }).getAttribute("aria-pressed"), "true");

      const saved = page.waitForResponse((res) => res.request().method() === "POST" && res.ok());
      await page.getByRole("button", { name: "Hosteller" }).click();
      await page.getByText("Tips for hostellers").waitFor();
      assert.deepEqual(await tileTitles(page), HOSTELLER);
      await saved;

      await page.reload();
      assert.deepEqual(await tileTitles(page), HOSTELLER);
      assert.equal(await page.getByRole("button", { name: "Hosteller" }).getAttribute("aria-pressed"), "true");

      const savedAgain = page.waitForResponse((res) => res.request().method() === "POST" && res.ok());
      await page.getByRole("button", { name: "Day-Scholar" }).click();
      await page.getByText("Tips for day scholars").waitFor();
      await savedAgain;
      await page.goto("/dashboard");
      assert.deepEqual(await tileTitles(page), DAY_SCHOLAR);
    });
  });

  it("every tile leads to a page, not a 404", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.context().addCookies([{ name: "campus_mode", value: "hosteller", url: baseURL }]);
      await page.goto("/");
      const hrefs = await page
        .locator("#services-heading + ul a")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      for (const href of hrefs) {
        const res = await page.goto(href ?? "/");
        assert.equal(res?.status(), 200, `${href} answered ${res?.status()}`);
      }
    });
  });

  it("the back button goes one step back in history", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.goto("/");
      await hydrated(page);
      await page.getByRole("link", { name: /Notes/ }).first().click();
      await page.waitForURL("**/notes");
      await page.getByRole("button", { name: "Go back" }).click();
      await page.waitForURL((url) => url.pathname === "/");
    });
  });

  for (const [label, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    for (const mode of ["day-scholar", "hosteller"] as const) {
      it(`renders without horizontal overflow on a ${label} in ${mode} mode`, async (t) => {
        await withPage(
          t,
          browser,
          async ({ page }) => {
            await page.context().addCookies([{ name: "campus_mode", value: mode, url: baseURL }]);
            await page.goto("/");
            await hydrated(page);
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            assert.equal(overflow, 0);
          },
          { viewport },
        );
      });
    }
  }
});
