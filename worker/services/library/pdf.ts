import { LIBRARY_MAX_SEARCH_TEXT } from "#common/library-contribute.ts";

// The library's PDF work at upload: photos of pages combined into one PDF (pdf-lib), and a PDF's
// pages and text read for search (unpdf, pdf.js built for Workers). Both are imported when an upload
// needs them, so every other request of the Worker starts without them.

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

export interface ReadPdf {
  pages: number;
  /** The text for search, whitespace folded, at most LIBRARY_MAX_SEARCH_TEXT characters. */
  text: string;
}

/** A PDF's page count and text; null when pdf.js cannot read it (a broken or encrypted file). */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf | null> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  try {
    // pdf.js takes the buffer over: give it a copy, so the bytes stored in R2 stay ours.
    const document = await getDocumentProxy(bytes.slice());
    const { totalPages, text } = await extractText(document, { mergePages: true });
    return { pages: totalPages, text: text.replace(/\s+/g, " ").trim().slice(0, LIBRARY_MAX_SEARCH_TEXT) };
  } catch {
    return null;
  }
}
