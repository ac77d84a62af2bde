import { LIBRARY_MAX_SEARCH_TEXT, PDF_MAX_PAGES } from "#common/library-contribute.ts";
import { logWarning } from "#server/lib/log.ts";

// The library's PDF work: photos of pages combined into one PDF (pdf-lib), and a PDF's pages and
// text read for search (unpdf, pdf.js built for Workers). Only the library indexer runs it
// (worker/services/library/indexing.ts, backoffice/index.ts: docs/decisions/0117): the page-serving
// Worker never imports this module, so neither library is part of its bundle.

/** A4's width in points: every photo page is scaled to it, keeping its proportions. */
const PAGE_WIDTH = 595;

/** One PDF with a page per photo, in the order given. Only JPEG and PNG: what pdf-lib embeds. */
export async function photosToPdf(
  photos: readonly { type: "image/jpeg" | "image/png"; bytes: Uint8Array }[],
): Promise<Uint8Array> {
  const { PDFDocument } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  for (const photo of photos) {
    const image = photo.type === "image/jpeg" ? await pdf.embedJpg(photo.bytes) : await pdf.embedPng(photo.bytes);
    const scale = PAGE_WIDTH / image.width;
    const page = pdf.addPage([PAGE_WIDTH, image.height * scale]);
    page.drawImage(image, { x: 0, y: 0, width: PAGE_WIDTH, height: image.height * scale });
  }
  // No producer or dates that say when or with what the pages were put together.
  pdf.setProducer("Campus");
  pdf.setCreator("Campus");
  return pdf.save();
}

/** Why pdf.js could not read a file, in the terms a student can act on. */
export type UnreadablePdf = "password" | "damaged" | "no-pages";

export type ReadPdf =
  | {
      ok: true;
      pages: number;
      /** The text for search, whitespace folded, at most LIBRARY_MAX_SEARCH_TEXT characters. */
      text: string;
    }
  | { ok: false; unreadable: UnreadablePdf };

/** What pdf.js said went wrong, for the log: its exception's name and message. */
function reasonOf(error: unknown): string {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return reason.slice(0, 300);
}

/**
 * A PDF's page count and text, or why pdf.js cannot open it (a broken or encrypted file). The
 * text is read page by page: a page pdf.js cannot read costs the search its words, not the file its
 * place in the library (a scanned PDF has no text either). Every failure is logged with pdf.js's
 * reason, as nothing else would tell why an upload is not found by the words inside it.
 */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const { getDocumentProxy } = await import("unpdf");
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes the buffer over: give it a copy, so the bytes stored in R2 stay ours. Its own
    // warnings are free text on the console; what went wrong is logged below, as one JSON line.
    document = await getDocumentProxy(bytes.slice(), { verbosity: 0 });
  } catch (error) {
    logWarning("library: pdf.js could not open an uploaded PDF", { bytes: bytes.byteLength, reason: reasonOf(error) });
    return {
      ok: false,
      unreadable: error instanceof Error && error.name === "PasswordException" ? "password" : "damaged",
    };
  }
  try {
    const pages = document.numPages;
    if (pages === 0) return { ok: false, unreadable: "no-pages" };
    const unread: { page: number; reason: string }[] = [];
    let text = "";
    // One page at a time, stopping once the text is as long as search keeps: a long book would
    // otherwise spend the upload's CPU time on pages whose words are thrown away.
    // The upload capped the pages it counted; a page tree that says more than it holds stops here too.
    for (let page = 1; page <= Math.min(pages, PDF_MAX_PAGES) && text.length < LIBRARY_MAX_SEARCH_TEXT; page++) {
      try {
        const { items } = await (await document.getPage(page)).getTextContent();
        const words = items
          .map((item) => ("str" in item ? `${item.str}${item.hasEOL ? " " : ""}` : ""))
          .join("")
          .replace(/\s+/g, " ")
          .trim();
        if (words) text = text ? `${text} ${words}` : words;
      } catch (error) {
        unread.push({ page, reason: reasonOf(error) });
      }
    }
    if (unread.length > 0) {
      logWarning("library: pdf.js could not read the text of some pages of an uploaded PDF", {
        pages,
        unread: unread.length,
        first: unread[0],
      });
    }
    return { ok: true, pages, text: text.slice(0, LIBRARY_MAX_SEARCH_TEXT) };
  } finally {
    // A document left open keeps its parsed objects in pdf.js's worker for the isolate's lifetime.
    await document.loadingTask.destroy();
  }
}
