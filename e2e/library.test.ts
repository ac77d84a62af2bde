// Finding things in the library (docs/decisions/0107-library-finding.md), in Chromium: a semester
// page with real counts and an empty unit, the search page finding a word that is only inside a PDF,
// and "Save for offline" read back with the network off.
//
// Library rows are inserted with SQL (localSql): uploading and moderating them is the contributors'
// side (e2e/library-contribute.test.ts). The files the tests open are put into the server's local R2
// (localR2Put), so View, Download and Save go through the real GET /api/library/items/:id/file.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import {
  createUserViaApi,
  DESKTOP,
  eventually,
  hydrated,
  newUser,
  PHONE,
  sharedBrowser,
  shot,
  signIn,
  withPage,
} from "./harness.ts";
import { localR2Put, localSql } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/library";
const browser = sharedBrowser(SHOTS);

const SUBJECT = "cit-btech-cse-s1-cse-111"; // Indian Constitution: no other browser test files items under it
const unit = (n: number) => `${SUBJECT}-u${n}`;
const PDF = (title: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${title}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

const q = (value: string | number | null) =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : `'${value.replace(/'/g, "''")}'`;

interface Row {
  id: string;
  title: string;
  kind?: string;
  units?: string[];
  body?: string;
  helpful?: number;
  public?: boolean;
  subject?: string;
}

/** Approved items, their units and search rows, in one wrangler call. */
async function insertItems(rows: Row[]): Promise<void> {
  const statements: string[] = [];
  for (const row of rows) {
    const kind = row.kind ?? "lecture_notes";
    const paper = kind === "past_paper";
    const subject = row.subject ?? SUBJECT;
    statements.push(
      `INSERT INTO library_items (id, campus_id, subject_id, kind, title, year, exam, file_key, file_bytes, file_pages, file_source, file_sha256, public, status, helpful_count, created_at, updated_at) VALUES (${[
        row.id,
        "cit",
        subject,
        kind,
        row.title,
        paper ? 2024 : null,
        paper ? "end_semester" : null,
        `library/${row.id}`,
        180_000,
        8,
        "pdf",
        row.id,
        row.public ? 1 : 0,
        "approved",
        row.helpful ?? 0,
        Date.now(),
        Date.now(),
      ]
        .map(q)
        .join(", ")})`,
    );
    for (const u of row.units ?? [])
      statements.push(`INSERT INTO library_item_units (item_id, unit_id) VALUES (${q(row.id)}, ${q(u)})`);
    statements.push(
      `INSERT INTO library_search (item_id, campus_id, title, subject, body) VALUES (${q(row.id)}, 'cit', ${q(row.title)}, (SELECT name FROM academic_subjects WHERE id = ${q(subject)}), ${q(row.body ?? "")})`,
    );
  }
  await localSql(`${statements.join("; ")};`);
}

/** The items' PDFs in the server's R2, where the rows above say they are (library/<id>). */
async function putFiles(rows: Pick<Row, "id" | "title">[]): Promise<void> {
  for (const row of rows) await localR2Put(`library/${row.id}`, PDF(row.title), "application/pdf");
}

const tab = (page: Page, name: string) =>
  page.getByRole("group", { name: "Sections" }).getByRole("button", { name, exact: true });

async function shoot(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ["360", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // Buttons and tiles fade between colours (transition-colors): shoot once they have settled.
      await page.waitForTimeout(400);
      await shot(page, { path: `${SHOTS}/${name}-${size}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
}

describe("the library in the notes pages", () => {
  it("a semester page shows a unit's real counts and items with View and Download, and an empty unit honestly", async (t) => {
    const tag = Date.now().toString(36);
    const rows: Row[] = [
      { id: `e2e-a-${tag}`, title: `Preamble and fundamental rights ${tag}`, units: [unit(1)], helpful: 7 },
      { id: `e2e-b-${tag}`, title: `Directive principles summary ${tag}`, units: [unit(1)], kind: "short_notes" },
      { id: `e2e-c-${tag}`, title: `End-semester paper ${tag}`, units: [unit(1), unit(3)], kind: "past_paper" },
    ];
    await insertItems(rows);
    const member = await createUserViaApi(newUser("Meera Pillai"));
    await withPage(t, browser, async ({ page }) => {
      await putFiles([rows[0]!]);
      await signIn(page, member);
      await page.goto(`/btech/cse/1?subject=${SUBJECT}`);
      await hydrated(page);
      assert.equal(await page.locator("#subject-heading").textContent(), "Indian Constitution");
      // The syllabus says what the library holds for each unit.
      await page.getByText("In the library: 1 note, 1 short note, 1 past paper").waitFor();

      await tab(page, "Notes").click();
      await page.getByText("Unit-wise PDF Notes for Indian Constitution").waitFor();
      await page.getByText("UNIT - I: 1 note, 1 short note, 1 past paper").waitFor();
      await page.getByText("UNIT - III: 1 past paper").waitFor();
      // Most helpful first.
      const titles = await page.locator("#subject-panel li a[href^='/library/e2e-']").allTextContents();
      assert.deepEqual(titles.slice(0, 2), [rows[0]!.title, rows[1]!.title]);
      // An empty unit says so, and offers a member the contribute page for that unit.
      await page.getByText("No notes for UNIT - II yet.").waitFor();
      const add = page
        .locator("#subject-panel li")
        .filter({ hasText: "No notes for UNIT - II yet." })
        .getByRole("link", {
          name: "Add the first",
        });
      assert.equal(
        await add.getAttribute("href"),
        `/library/new?subject=${SUBJECT}&unit=${unit(2)}&kind=lecture_notes`,
      );
      await shoot(page, "semester-notes");

      const view = page.getByRole("link", { name: `View ${rows[0]!.title} (opens in a new tab)` });
      assert.equal(await view.getAttribute("target"), "_blank");
      assert.equal(await view.getAttribute("rel"), "noopener noreferrer");
      assert.equal(await view.getAttribute("href"), `/api/library/items/${rows[0]!.id}/file`);
      const [popup] = await Promise.all([page.context().waitForEvent("page"), view.click()]);
      await popup.waitForLoadState();
      assert.equal(await popup.evaluate(() => window.opener), null);
      await popup.close();

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: `Download ${rows[0]!.title}` }).click(),
      ]);
      assert.equal(download.suggestedFilename(), `${rows[0]!.title}.pdf`);
      assert.match(download.url(), /\/file\?download=1$/);

      // Past papers by year, with the units they were tagged with.
      await tab(page, "PYQs").click();
      await page.getByRole("heading", { name: "2024" }).waitFor();
      await page.getByText("Units: UNIT - I, UNIT - III").waitFor();
      // A tab with nothing says so honestly, and offers a member to add the first.
      await tab(page, "Videos").click();
      await page.getByText("No videos for Indian Constitution yet.").waitFor();
      assert.equal(
        await page.getByRole("link", { name: "Add the first" }).getAttribute("href"),
        `/library/new?subject=${SUBJECT}&kind=video`,
      );
      await page.getByRole("button", { name: "Go Back to Syllabus" }).click();
      await eventually(() => tab(page, "Syllabus").getAttribute("aria-pressed"), "true");
    });
  });

  it("another subject's lists come when it is picked, with progress; offline it says so and Try again loads them", async (t) => {
    const tag = Date.now().toString(36);
    const row: Row = { id: `e2e-s-${tag}`, title: `Emergency provisions digest ${tag}`, units: [unit(2)] };
    await insertItems([row]);
    const member = await createUserViaApi(newUser("Kabir Sethi"));
    await withPage(t, browser, async ({ page, allowConsoleError }) => {
      // The browser reports the request that the offline step below makes on purpose.
      allowConsoleError(/ERR_INTERNET_DISCONNECTED/);
      await signIn(page, member);
      // Opens on Applied Physics 1: the page carries only its lists (decision 0139).
      const html = await (await page.request.get("/btech/cse/1")).text();
      assert.ok(!html.includes(row.title), "another subject's item is not in the page");
      await page.goto("/btech/cse/1");
      await hydrated(page);
      await tab(page, "Notes").click();
      await page.getByText("Unit-wise PDF Notes for Applied Physics 1").waitFor();

      // The answer is held back until the progress has been seen.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/library/semester-items?*", async (route) => {
        await held;
        await route.continue();
      });
      const subjects = page.getByRole("navigation", { name: "Subjects" });
      await subjects.getByRole("button", { name: "Indian Constitution", exact: true }).click();
      await page.getByText("Loading this subject's notes and papers…").waitFor();
      release();
      await page.getByRole("link", { name: row.title, exact: true }).waitFor();
      assert.equal(await tab(page, "Notes").getAttribute("aria-pressed"), "true");
      await page.unroute("**/api/library/semester-items?*");

      // Offline, a subject not yet loaded says so; its Syllabus is still there. Back online, Try again.
      await page.context().setOffline(true);
      await subjects.getByRole("button", { name: "Programming in C", exact: true }).click();
      await page
        .getByText("You are offline: this subject's notes and papers show once you are back online.", { exact: false })
        .waitFor();
      await shoot(page, "semester-subject-offline");
      await tab(page, "Syllabus").click();
      await page.getByText("Study Tips for Programming in C").waitFor();
      // Back on a library tab the lists are asked for again (decision 0142): still offline, it says so.
      await tab(page, "Notes").click();
      await page
        .getByText("You are offline: this subject's notes and papers show once you are back online.", { exact: false })
        .waitFor();
      await page.context().setOffline(false);
      await page.getByRole("button", { name: "Try again" }).click();
      await page.getByText("Unit-wise PDF Notes for Programming in C").waitFor();
      // The subject loaded before is still here, without asking again.
      await subjects.getByRole("button", { name: "Indian Constitution", exact: true }).click();
      await page.getByRole("link", { name: row.title, exact: true }).waitFor();
    });
  });

  it("the search page finds an item by a word that is only inside its PDF, from the notes page's form", async (t) => {
    const word = `quorum${Date.now().toString(36)}`;
    const id = `e2e-s-${word}`;
    await insertItems([
      {
        id,
        title: "Parliament procedure handout",
        public: true,
        body: `Each House needs a ${word} of one tenth of its members before it can sit.`,
      },
    ]);
    await withPage(t, browser, async ({ page }) => {
      await page.goto("/notes");
      await page.getByRole("searchbox", { name: "Search the library" }).fill(word);
      await page.getByRole("button", { name: "Search" }).click();
      await page.waitForURL(`**/library?q=${word}`);
      await page.getByRole("heading", { name: `1 result for “${word}”` }).waitFor();
      await page.getByRole("link", { name: "Parliament procedure handout", exact: true }).waitFor();
      assert.equal((await page.locator("mark").first().textContent())?.toLowerCase(), word);
      // A visitor sees the college named on each item.
      await page
        .getByText(/Campus Institute of Technology/)
        .first()
        .waitFor();
      // FTS syntax typed as a search is just text.
      await page.goto(`/library?q=${encodeURIComponent('NEAR("x" *')}`);
      await page.getByText(/Nothing in the library matches/).waitFor();
      await page.goto(`/library?q=${word}`);
      await shoot(page, "search");
    });
  });

  it("the search page works without JavaScript", async (t) => {
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await page.goto("/library");
        await page.getByLabel("Kind", { exact: true }).selectOption("past_paper");
        await page.getByLabel("Year (past papers)").fill("2024");
        await page.getByRole("button", { name: "Search" }).click();
        await page.waitForURL(/kind=past_paper&year=2024/);
        await page.getByRole("link", { name: "Clear filters" }).waitFor();
      },
      { javaScriptEnabled: false },
    );
  });
});

describe("save for offline", () => {
  it("keeps a file on the device: saved, then listed and read on the Saved page with the network off", async (t) => {
    const tag = Date.now().toString(36);
    const row: Row = { id: `e2e-o-${tag}`, title: `Emergency provisions ${tag}`, public: true, units: [unit(4)] };
    await insertItems([row]);
    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        allowConsoleError(/net::ERR_INTERNET_DISCONNECTED|Failed to load resource/);
        // Offline, React Router cannot ask for the routes of the page's links (lazy route discovery).
        allowConsoleError(/Failed to fetch manifest patches/);
        await putFiles([row]);
        await page.goto(`/library?q=${encodeURIComponent(`Emergency provisions ${tag}`)}`);
        await hydrated(page);
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
        });
        await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, {
          timeout: 30_000,
        });
        await page.getByRole("button", { name: `Save for offline: ${row.title}` }).click();
        await page.getByRole("button", { name: `Remove from this device: ${row.title}` }).waitFor();

        // The Saved page, opened once online so the worker keeps it; then with no network at all.
        await page.goto("/library/saved");
        await page.getByText(row.title).waitFor();
        await page.context().setOffline(true);
        await page.reload();
        await page.getByRole("heading", { name: "Saved on this device" }).waitFor();
        await page.getByText(row.title).waitFor();
        await page.getByText("1 saved file").waitFor();
        const text = await page.evaluate(async (id) => (await fetch(`/api/library/items/${id}/file`)).text(), row.id);
        assert.ok(text.startsWith("%PDF-1.4"), "the saved PDF is read back offline");
        assert.ok(text.includes(row.title));
        await shoot(page, "saved-offline");

        // Remove: gone from the list and from the device.
        await page.getByRole("button", { name: `Remove ${row.title} from this device` }).click();
        await page.getByText("Nothing saved yet.", { exact: false }).waitFor();
        await page.context().setOffline(false);
      },
      { viewport: PHONE, serviceWorkers: "allow" },
    );
  });
});
