// Renders the demo library's documents (scripts/library-content.mjs) as PDFs with pdf-lib: A4,
// Helvetica (a standard font, so the text is real text a PDF reader and the upload side's text
// extraction can read), a header naming the college, subject, unit and kind on every page, and a
// footer with the licence and the page number. The same document gives the same bytes (fixed dates,
// nothing else taken from the clock): the library refuses a second copy of the same bytes by
// SHA-256, and the seed's hashes must not drift from one run to the next.
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";

/** The date written into every generated PDF (creation and modification). */
export const PDF_DATE = new Date("2026-07-01T00:00:00Z");
export const LICENSE_LINE = "Campus contributors, CC BY 4.0 (creativecommons.org/licenses/by/4.0)";

const A4 = [595.28, 841.89];
const MARGIN_X = 56;
const TOP = A4[1] - 48;
const BOTTOM = 56;
const WIDTH = A4[0] - 2 * MARGIN_X;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);

/**
 * A document: `header` is { college, subject, unit, kind } (strings), `title` the first heading,
 * `blocks` the body, each { type: "heading" | "paragraph" | "bullet" | "formula" | "question", text,
 * marks?, tag? }.
 */
export async function renderPdf(doc) {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const italic = await pdf.embedFont(StandardFonts.HelveticaOblique);
  pdf.setTitle(doc.title);
  pdf.setAuthor("Campus contributors");
  pdf.setSubject(`${doc.header.subject}: ${doc.header.kind}`);
  pdf.setCreator("Campus demo library (scripts/library-pdf.mjs)");
  pdf.setProducer("pdf-lib");
  pdf.setCreationDate(PDF_DATE);
  pdf.setModificationDate(PDF_DATE);

  let page;
  let y;
  const newPage = () => {
    page = pdf.addPage(A4);
    let top = TOP;
    page.drawText(doc.header.college, { x: MARGIN_X, y: top, size: 8.5, font: regular, color: MUTED });
    const kind = doc.header.kind;
    page.drawText(kind, {
      x: A4[0] - MARGIN_X - regular.widthOfTextAtSize(kind, 8.5),
      y: top,
      size: 8.5,
      font: regular,
      color: MUTED,
    });
    top -= 13;
    page.drawText(fit(`${doc.header.subject}${doc.header.unit ? `  |  ${doc.header.unit}` : ""}`, bold, 9.5), {
      x: MARGIN_X,
      y: top,
      size: 9.5,
      font: bold,
      color: INK,
    });
    top -= 8;
    page.drawLine({
      start: { x: MARGIN_X, y: top },
      end: { x: A4[0] - MARGIN_X, y: top },
      thickness: 0.6,
      color: MUTED,
    });
    y = top - 26;
  };
  const fit = (text, font, size) => {
    let t = text;
    while (font.widthOfTextAtSize(t, size) > WIDTH && t.length > 4) t = `${t.slice(0, -4)}...`;
    return t;
  };
  const ensure = (height) => {
    if (y - height < BOTTOM + 14) newPage();
  };
  /** Draws `text` wrapped to `width` from `x`, starting a new page where a line would not fit. */
  const paragraph = (text, { font = regular, size = 10.5, x = MARGIN_X, width = WIDTH, leading = 15, color = INK }) => {
    const lines = wrap(text, font, size, width);
    for (const line of lines) {
      ensure(leading);
      page.drawText(line, { x, y, size, font, color });
      y -= leading;
    }
    return lines.length;
  };

  newPage();
  paragraph(doc.title, { font: bold, size: 16, leading: 21 });
  if (doc.subtitle) paragraph(doc.subtitle, { font: italic, size: 10, color: MUTED, leading: 14 });
  y -= 8;
  for (const block of doc.blocks) {
    switch (block.type) {
      case "heading":
        ensure(15 + 32); // a heading is not left alone at the foot of a page
        y -= 6;
        paragraph(block.text, { font: bold, size: 12, leading: 17 });
        y -= 2;
        break;
      case "paragraph":
        paragraph(block.text, {});
        y -= 6;
        break;
      case "bullet": {
        ensure(15);
        page.drawText("-", { x: MARGIN_X + 6, y, size: 10.5, font: regular, color: INK });
        paragraph(block.text, { x: MARGIN_X + 18, width: WIDTH - 18 });
        y -= 3;
        break;
      }
      case "formula":
        paragraph(block.text, { x: MARGIN_X + 24, width: WIDTH - 24, font: italic });
        y -= 2;
        break;
      case "question": {
        ensure(30);
        const label = `Q${block.number}.`;
        page.drawText(label, { x: MARGIN_X, y, size: 10.5, font: bold, color: INK });
        const marks = `[${block.marks}]`;
        page.drawText(marks, {
          x: A4[0] - MARGIN_X - bold.widthOfTextAtSize(marks, 10.5),
          y,
          size: 10.5,
          font: bold,
          color: INK,
        });
        paragraph(block.text, { x: MARGIN_X + 28, width: WIDTH - 28 - 36 });
        if (block.tag) paragraph(block.tag, { x: MARGIN_X + 28, size: 8.5, color: MUTED, leading: 12, font: italic });
        y -= 7;
        break;
      }
      default:
        throw new Error(`unknown block type ${block.type}`);
    }
  }

  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    p.drawLine({
      start: { x: MARGIN_X, y: BOTTOM - 6 },
      end: { x: A4[0] - MARGIN_X, y: BOTTOM - 6 },
      thickness: 0.4,
      color: MUTED,
    });
    p.drawText(LICENSE_LINE, { x: MARGIN_X, y: BOTTOM - 20, size: 8, font: regular, color: MUTED });
    const number = `Page ${i + 1} of ${pages.length}`;
    p.drawText(number, {
      x: A4[0] - MARGIN_X - regular.widthOfTextAtSize(number, 8),
      y: BOTTOM - 20,
      size: 8,
      font: regular,
      color: MUTED,
    });
  });
  const bytes = await pdf.save({ useObjectStreams: false });
  return { bytes, pages: pages.length };
}

/** Greedy line breaking by the font's own widths; a word longer than a line is split. */
export function wrap(text, font, size, width) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** The document's text as a reader would copy it: what the search index stores. */
export function plainText(doc) {
  const lines = [
    doc.header.college,
    `${doc.header.subject}${doc.header.unit ? ` | ${doc.header.unit}` : ""} | ${doc.header.kind}`,
    doc.title,
  ];
  if (doc.subtitle) lines.push(doc.subtitle);
  for (const block of doc.blocks) {
    if (block.type === "bullet") lines.push(`- ${block.text}`);
    else if (block.type === "question")
      lines.push(`Q${block.number}. ${block.text} [${block.marks}]${block.tag ? ` (${block.tag})` : ""}`);
    else lines.push(block.text);
  }
  lines.push(LICENSE_LINE);
  return lines.join("\n");
}
