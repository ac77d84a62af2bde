// A student adds a PDF to the college's library through /library/new (with the upload's progress);
// a moderator approves it in /staff; the student then sees it approved and downloads it, named by
// its title, and finds it by searching the library for a word inside the PDF. The pages are
// screenshotted light and dark, at 360 px and desktop.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, it } from "node:test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import {
  createUserViaApi,
  DESKTOP,
  eventually,
  hydrated,
  newUser,
  PHONE,
  sharedBrowser,
  signIn,
  withPage,
} from "./harness.ts";
import { grantRole, localSql, themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/library";
const browser = sharedBrowser(SHOTS);

async function pdfWith(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  // A4-wide, so the sentence stays on the page: text past its edge is not read for search.
  pdf.addPage([595, 300]).drawText(text, { x: 30, y: 250, size: 12, font });
  return Buffer.from(await pdf.save());
}

/** A programme, branch, semester 3 and one subject of CIT's academics tree, as an import would make them. */
async function e2eSubject(tag: string): Promise<string> {
  const subjectId = `e2e-sub-${tag}`;
  await localSql(
    [
      `INSERT INTO academic_programmes (id, campus_id, slug, name) VALUES ('e2e-p-${tag}', 'cit', 'p-${tag}', 'B.Tech E2E')`,
      `INSERT INTO academic_branches (id, campus_id, programme_id, slug, name) VALUES ('e2e-b-${tag}', 'cit', 'e2e-p-${tag}', 'b-${tag}', 'CSE')`,
      `INSERT INTO academic_semesters (id, campus_id, branch_id, number) VALUES ('e2e-s-${tag}', 'cit', 'e2e-b-${tag}', 3)`,
      `INSERT INTO academic_subjects (id, campus_id, semester_id, code, name) VALUES ('${subjectId}', 'cit', 'e2e-s-${tag}', 'BIO${tag.slice(-4)}', 'Biology for Engineers')`,
      `INSERT INTO academic_units (id, campus_id, subject_id, number, title) VALUES ('e2e-u-${tag}', 'cit', '${subjectId}', 1, 'Cells')`,
    ].join("; "),
  );
  return subjectId;
}

describe("contributing to the library", () => {
  it("a student adds a PDF, a moderator approves it, the student downloads it", async (t) => {
    const [student, moderator] = await Promise.all([
      createUserViaApi(newUser("Asha Contributor")),
      createUserViaApi(newUser("Dev Moderator")),
    ]);
    assert.match(await grantRole(moderator.email, "moderator"), /is now/);
    // A subject of the college's academics tree, as the campus admin's import would make it.
    const tag = `${process.pid}${Date.now().toString(36)}`;
    const subjectId = await e2eSubject(tag);
    const title = `Photosynthesis notes ${tag}`;
    let itemPath = "";

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, student);
        await page.goto(`/library/new?subject=${subjectId}&unit=e2e-u-${tag}&kind=lecture_notes`);
        await hydrated(page);
        assert.equal(await page.getByLabel("Subject").inputValue(), subjectId);
        assert.equal(await page.getByLabel("Unit 1: Cells").isChecked(), true);
        await themedShots(page, SHOTS, "contribute");
        await page.getByLabel("A PDF, or photos of the pages").setInputFiles({
          name: "my-notes.pdf",
          mimeType: "application/pdf",
          buffer: await pdfWith(`Photosynthesis turns light into sugar in the chloroplast.`),
        });
        await page.getByLabel("Title").fill(title);
        await page.getByRole("button", { name: "Add to the library" }).click();
        await page.waitForURL(/\/library\/[0-9a-f-]{36}\?added=1$/);
        itemPath = new URL(page.url()).pathname;
        await page.getByTestId("library-status").filter({ hasText: "Waiting for a moderator" }).waitFor();
        // The answer came before the file was read: the library indexer (a Worker of its own, fed by
        // a queue) reads it now, and the page says so until it is done (docs/decisions/0117).
        await themedShots(page, SHOTS, "item-pending");
        await eventually(async () => {
          await page.reload();
          await hydrated(page);
          return (await page.getByTestId("library-index-state").count()) === 0;
        }, true);
        await page.getByRole("link", { name: "View" }).waitFor();
      },
      { viewport: DESKTOP },
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, moderator);
        await page.goto("/staff");
        await hydrated(page);
        const card = page.getByRole("article").filter({ hasText: title });
        await card.waitFor();
        await themedShots(page, SHOTS, "staff-queue");
        await card.getByRole("button", { name: "Approve" }).click();
        await page.getByText("Approved: it is in the library now.").waitFor();
      },
      { viewport: DESKTOP },
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, student);
        await page.goto(itemPath);
        await hydrated(page);
        await page.getByTestId("library-status").filter({ hasText: "Approved" }).waitFor();
        const view = page.getByRole("link", { name: "View" });
        assert.equal(await view.getAttribute("target"), "_blank");
        assert.match((await view.getAttribute("rel")) ?? "", /noopener/);
        await themedShots(page, SHOTS, "item-approved");
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("link", { name: "Download" }).click(),
        ]);
        assert.equal(download.suggestedFilename(), `${title}.pdf`);
        const bytes = await readFile((await download.path())!);
        assert.equal(bytes.subarray(0, 5).toString(), "%PDF-");

        // Found by a word that only the PDF's text holds (not its title or subject): the text was
        // read after the upload by the library indexer as built for deploy.
        await page.goto("/library");
        await hydrated(page);
        await page.getByRole("searchbox", { name: "Search the library" }).fill("chloroplast");
        await page.getByRole("button", { name: "Search" }).click();
        await page.waitForURL(/\/library\?q=chloroplast\b/);
        const found = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: title }) });
        await found.waitFor();
        assert.equal(await found.locator("mark").first().textContent(), "chloroplast");
      },
      { viewport: DESKTOP },
    );
  });

  it("on a phone: a refused file is named beside its field, My uploads says where each upload stands, and a semester's past papers are one tap from its page", async (t) => {
    const student = await createUserViaApi(newUser("Ravi Contributor"));
    const tag = `${process.pid}${Date.now().toString(36)}m`;
    const subjectId = await e2eSubject(tag);
    const paperTitle = `End-semester paper ${tag}`;
    await localSql(
      `INSERT INTO library_items (id, campus_id, subject_id, kind, title, year, exam, file_key, file_bytes, file_pages,
         file_source, file_sha256, status, index_state, created_at, updated_at)
       VALUES ('e2e-paper-${tag}', 'cit', '${subjectId}', 'past_paper', '${paperTitle}', 2024, 'end_semester',
         'library/e2e-paper-${tag}', 1000, 1, 'pdf', 'e2e-paper-${tag}', 'approved', 'ready', 0, 0)`,
    );
    const title = `Cell notes ${tag}`;

    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        // The refusal below: the browser notes the 415 the upload is answered with.
        allowConsoleError(/status of 415/);
        await signIn(page, student);
        await page.goto(`/library/new?subject=${subjectId}&kind=lecture_notes`);
        await hydrated(page);
        await page.getByLabel("Title").fill(title);
        // Text with a PDF's name: the server reads the bytes and refuses it.
        await page.getByLabel("A PDF, or photos of the pages").setInputFiles({
          name: "notes.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from("These are not the bytes of a PDF."),
        });
        await page.getByRole("button", { name: "Add to the library" }).click();
        const files = page.getByLabel("A PDF, or photos of the pages");
        const problem = page.locator(`[id="${await files.getAttribute("id")}-error"]`);
        await problem.waitFor();
        assert.match((await problem.textContent()) ?? "", /PDF/);
        // Beside the field, on the screen, with the focus on the field at fault.
        await eventually(() => files.evaluate((element) => element === document.activeElement), true);
        const box = (await problem.boundingBox())!;
        assert.ok(box.y >= 0 && box.y + box.height <= PHONE.height, "the field's problem is on the screen");
        await themedShots(page, SHOTS, "contribute-refused");

        await files.setInputFiles({
          name: "cells.pdf",
          mimeType: "application/pdf",
          buffer: await pdfWith("Mitochondria are the powerhouse of the cell."),
        });
        await page.getByRole("button", { name: "Add to the library" }).click();
        await page.waitForURL(/\/library\/[0-9a-f-]{36}\?added=1$/);

        // My uploads, from the library's search page.
        await page.goto("/library");
        await hydrated(page);
        await page.getByRole("link", { name: "My uploads" }).click();
        await page.waitForURL("**/library/mine");
        const row = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: title }) });
        await row.getByText("Waiting for a moderator").waitFor();
        await themedShots(page, SHOTS, "my-uploads");

        // The semester page's link: the past papers of every subject, grouped under their subject.
        await page.goto(`/notes/p-${tag}/b-${tag}/3`);
        await hydrated(page);
        await page.getByRole("link", { name: "Past papers of every subject" }).click();
        await page.waitForURL((url) => url.searchParams.get("semester") === `e2e-s-${tag}`);
        await page.getByRole("heading", { name: "1 past paper of B.Tech E2E · CSE · Semester 3" }).waitFor();
        await page.getByRole("heading", { name: "Biology for Engineers", level: 3 }).waitFor();
        await page.getByRole("listitem").filter({ hasText: paperTitle }).waitFor();
        assert.equal(await page.getByLabel("Semester", { exact: true }).inputValue(), `e2e-s-${tag}`);
        await themedShots(page, SHOTS, "semester-papers");
      },
      { viewport: PHONE },
    );
  });
});
