import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { eventually, hydrated, PHONE, sharedBrowser, withPage } from "./harness.ts";

const browser = sharedBrowser();

const SEMESTERS = [
  { id: 1, banner: "CSE - 1st Semester", initial: "Applied Physics 1", tips: true },
  { id: 2, banner: "CSE - 2nd Semester", initial: "Applied Mathematics 2", tips: true },
  { id: 3, banner: "CSE - 3rd Semester", initial: "Design and Analysis of Algorithms", tips: true },
  { id: 4, banner: "CSE - 4th Semester", initial: "Circuits and Systems", tips: false },
  { id: 6, banner: "CSE - 6th Semester", initial: "Advanced Java Programming", tips: false },
];

const subjectHeading = (page: Page) => page.locator("#subject-heading");
const tab = (page: Page, name: string) =>
  page.getByRole("group", { name: "Sections" }).getByRole("button", { name, exact: true });
const subject = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Subjects" }).getByRole("button", { name, exact: true });

describe("notes", () => {
  it("walks from /notes to a semester through programme and branch", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.goto("/notes");
      await hydrated(page);
      for (const name of ["B.Tech", "MBA", "BA-LLB", "BBA", "BBA-LLB", "BCA"]) {
        await page
          .getByRole("link", { name: new RegExp(`^${name.replace(".", "\\.")}\\b`) })
          .first()
          .waitFor();
      }
      await page
        .getByRole("link", { name: /^B\.Tech/ })
        .first()
        .click();
      await page.waitForURL("**/notes/btech");
      await page.getByRole("link", { name: /^CSE/ }).first().click();
      await page.waitForURL("**/btech/cse");
      await page.getByRole("link", { name: /^3\b/ }).first().click();
      await page.waitForURL("**/btech/cse/3");
      await page.getByRole("heading", { name: "CSE - 3rd Semester" }).waitFor();
      assert.equal(await subjectHeading(page).textContent(), "Design and Analysis of Algorithms");
    });
  });

  for (const semester of SEMESTERS) {
    it(`semester ${semester.id}: banner, initial subject and tab, tips ${semester.tips ? "shown" : "absent"}`, async (t) => {
      await withPage(t, browser, async ({ page }) => {
        const res = await page.goto(`/btech/cse/${semester.id}`);
        assert.equal(res?.status(), 200);
        await page.getByRole("heading", { name: semester.banner }).waitFor();
        assert.equal(await subjectHeading(page).textContent(), semester.initial);
        assert.equal(await tab(page, "Syllabus").getAttribute("aria-pressed"), "true");
        assert.equal(await page.getByText(`Study Tips for ${semester.initial}`).count(), semester.tips ? 1 : 0);
      });
    });
  }

  it("an unknown semester is a 404", async (t) => {
    await withPage(t, browser, async ({ page, allowConsoleError }) => {
      allowConsoleError(/status of 404/);
      const res = await page.goto("/btech/cse/9");
      assert.equal(res?.status(), 404);
      await page.getByRole("heading", { name: "Page not found" }).waitFor();
    });
  });

  // Was "coming-soon tabs offer 'Go Back to Syllabus' on semesters 1-3 but not on 4 and 6": the tabs
  // are filled from the library now, and a tab with nothing says so honestly, with the same button rule.
  it("an empty tab says so honestly and offers 'Go Back to Syllabus' on semesters 1-3 but not on 4 and 6", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.goto("/btech/cse/2");
      await hydrated(page);
      await tab(page, "Videos").click();
      await page.getByText("No videos for Applied Mathematics 2 yet.").waitFor();
      await page.getByText("Members of the college add them; they appear here once approved.").waitFor();
      await page.getByRole("button", { name: "Go Back to Syllabus" }).click();
      await eventually(() => tab(page, "Syllabus").getAttribute("aria-pressed"), "true");
      // The Notes tab is unit-wise on every semester now, not only the first.
      await tab(page, "Notes").click();
      await page.getByText("Unit-wise PDF Notes for Applied Mathematics 2").waitFor();
      await page.getByText("No notes for UNIT - I yet.").waitFor();

      await page.goto("/btech/cse/6");
      await hydrated(page);
      await tab(page, "PYQs").click();
      await page.getByText("No past papers for Advanced Java Programming yet.").waitFor();
      assert.equal(await page.getByRole("button", { name: "Go Back to Syllabus" }).count(), 0);
    });
  });

  // Was "opens the subject named in ?subject=, loaded directly or from a search result": the search
  // is the library's now (e2e/library.test.ts); ?subject= still opens the subject, by name or id.
  it("opens the subject named in ?subject=, by name or by id", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.goto(`/btech/cse/3?subject=${encodeURIComponent("Operating Systems")}`);
      await hydrated(page);
      assert.equal(await subjectHeading(page).textContent(), "Operating Systems");
      await page.goto("/btech/cse/3?subject=cit-btech-cse-s3-cse-304");
      await hydrated(page);
      assert.equal(await subjectHeading(page).textContent(), "Theory of Computation");
    });
  });

  it("another subject's topics come after the page, with progress, and a failure keeps the titles and offers Try again", async (t) => {
    await withPage(t, browser, async ({ page, allowConsoleError }) => {
      const mathsTopics = "Differential calculus: successive differentiation, Leibnitz theorem";
      // The page carries the open subject's topics only (decision 0142).
      const html = await (await page.request.get("/btech/cse/1")).text();
      assert.ok(html.includes("thermodynamic system"), "the open subject's topics are in the page");
      assert.ok(!html.includes("successive differentiation"), "another subject's topics are not");

      // Read normally: asked for once the page is idle, so a pick shows them with nothing to wait for.
      const asked: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/api/library/semester-syllabus")) asked.push(request.url());
      });
      await page.goto("/btech/cse/1");
      await hydrated(page);
      await eventually(async () => asked.length, 1);
      await subject(page, "Applied Mathematics 1").click();
      await page.getByText(mathsTopics, { exact: false }).waitFor();
      assert.equal(asked.length, 1);

      // The answer fails: the titles stay, one line says so, and Try again asks again.
      allowConsoleError(/status of 503/);
      let fail = true;
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/library/semester-syllabus?*", async (route) => {
        if (fail) return route.fulfill({ status: 503, body: "{}" });
        await held;
        await route.continue();
      });
      await page.goto("/btech/cse/1");
      await hydrated(page);
      await subject(page, "Applied Mathematics 1").click();
      await page.getByRole("alert").getByText("Could not load the units' topics.").waitFor();
      await page.getByText("UNIT - I").first().waitFor();
      await page.getByText("Differential calculus", { exact: true }).waitFor();
      fail = false;
      await page.getByRole("button", { name: "Try again" }).click();
      // The answer is held back until the progress has been seen.
      await page.getByRole("status").getByText("Loading the topics…").waitFor();
      release();
      await page.getByText(mathsTopics, { exact: false }).waitFor();
      assert.equal(await page.getByText("Could not load the units' topics.").count(), 0);
    });
  });

  it("keeps the tab when the subject changes", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.goto("/btech/cse/1");
      await hydrated(page);
      await tab(page, "Notes").click();
      await page.getByText("Unit-wise PDF Notes for Applied Physics 1").waitFor();
      await subject(page, "Programming in C").click();
      await eventually(() => subjectHeading(page).textContent(), "Programming in C");
      await page.getByText("Unit-wise PDF Notes for Programming in C").waitFor();
      assert.equal(await tab(page, "Notes").getAttribute("aria-pressed"), "true");
    });
  });

  // "semester 1 notes: View opens the file in a new tab, Download saves it under the note's name" and
  // "search finds a unit topic ..." moved to e2e/library.test.ts, against library items: View opens
  // /api/library/items/:id/file in a new tab with no opener, Download saves "<title>.pdf", and the
  // search finds a word that is only inside a PDF.

  it("on a phone the subject list and the panel stack without overflowing", async (t) => {
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await page.goto("/btech/cse/1");
        await hydrated(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.equal(overflow, 0);
        const list = await page.getByRole("navigation", { name: "Subjects" }).boundingBox();
        const panel = await page.locator("#subject-heading").boundingBox();
        assert.ok(list && panel && panel.y > list.y, "the panel comes below the subject list");
        await subject(page, "Electrical Science").click();
        await eventually(() => subjectHeading(page).textContent(), "Electrical Science");
      },
      { viewport: PHONE },
    );
  });
});
