import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { PDF_MAX_PAGES, PDF_MAX_UNPACKED_MB } from "#common/library-contribute.ts";
import { measurePdf } from "#server/lib/pdf-limits.ts";
import { bombPdf, pagesPdf } from "#test/pdf-fixtures.ts";

// The caps a library PDF is measured against before anything parses it (docs/decisions/0117).

describe("measurePdf", () => {
  it("counts the pages of a PDF whose page objects are in compressed object streams", async () => {
    const measured = await measurePdf(await pagesPdf(3));
    expect(measured).toMatchObject({ ok: true, pages: 3 });
  });

  it("counts the pages of a PDF written without object streams", async () => {
    expect(await measurePdf(await pagesPdf(5, { objectStreams: false }))).toMatchObject({ ok: true, pages: 5 });
  });

  it("refuses one page over the cap, in either form", async () => {
    expect(await measurePdf(await pagesPdf(PDF_MAX_PAGES + 1))).toEqual({
      ok: false,
      over: "pages",
      pages: PDF_MAX_PAGES + 1,
    });
    expect(await measurePdf(await pagesPdf(PDF_MAX_PAGES + 1, { objectStreams: false }))).toMatchObject({
      ok: false,
      over: "pages",
    });
    expect(await measurePdf(await pagesPdf(PDF_MAX_PAGES))).toMatchObject({ ok: true, pages: PDF_MAX_PAGES });
  });

  it("takes the page tree's own count when it says more than the file holds", async () => {
    const bytes = await pagesPdf(2, { objectStreams: false });
    const lying = new TextDecoder("latin1").decode(bytes).replace(/\/Count 2\b/, "/Count 20000 ");
    const measured = await measurePdf(Uint8Array.from(lying, (c) => c.charCodeAt(0)));
    expect(measured).toEqual({ ok: false, over: "pages", pages: 20000 });
  });

  it("stops a file that unpacks past the cap while it unpacks, with a damaged ending too", async () => {
    expect(await measurePdf(await bombPdf(PDF_MAX_UNPACKED_MB + 8))).toEqual({ ok: false, over: "unpacked" });
    // workerd's decoder throws away what one write unpacked when the data ends in rubbish: the
    // measure gives the data in slices, so a bomb with a broken tail is counted as it unpacks.
    expect(await measurePdf(await bombPdf(PDF_MAX_UNPACKED_MB + 8, { junkTail: true }))).toEqual({
      ok: false,
      over: "unpacked",
    });
    expect(await measurePdf(await bombPdf(4))).toMatchObject({ ok: true, pages: 1 });
  });

  it("does not unpack images, which reading text never decodes", async () => {
    expect(await measurePdf(await bombPdf(PDF_MAX_UNPACKED_MB + 8, { image: true }))).toMatchObject({
      ok: true,
      unpackedBytes: 0,
    });
  });

  it("refuses a damaged object stream, whose page objects cannot be counted", async () => {
    const bytes = await pagesPdf(2);
    const text = new TextDecoder("latin1").decode(bytes);
    const at = text.indexOf("/Type /ObjStm");
    const start = text.indexOf("stream\n", at) + 7;
    const broken = bytes.slice();
    broken.fill(0x41, start + 4, start + 40);
    expect(await measurePdf(broken)).toEqual({ ok: false, over: "damaged" });
  });

  it("reads the fonts and text of an ordinary PDF well inside the caps", async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.TimesRoman);
    for (let i = 0; i < 40; i++)
      pdf
        .addPage([595, 842])
        .drawText(`Page ${i + 1}: `.padEnd(2000, "lorem ipsum "), { x: 20, y: 800, size: 9, font });
    const measured = await measurePdf(new Uint8Array(await pdf.save()));
    expect(measured).toMatchObject({ ok: true, pages: 40 });
    if (measured.ok) expect(measured.unpackedBytes).toBeGreaterThan(40 * 2000);
  });
});
