import { PDFDocument } from "pdf-lib";

// PDFs made to the measure of the library's caps (docs/decisions/0117): many empty pages, and a
// small file whose one stream unpacks to many megabytes.

/** A PDF of `pages` empty pages; pdf-lib keeps page objects in compressed object streams unless told not to. */
export async function pagesPdf(
  pages: number,
  { objectStreams = true }: { objectStreams?: boolean } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([200, 200]);
  return new Uint8Array(await pdf.save({ useObjectStreams: objectStreams }));
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/**
 * A one-page PDF whose page content (or, with `image`, an image on it) is one FlateDecode stream that
 * unpacks to `megabytes` of zeros: a few kilobytes on the wire. `junkTail` adds bytes after the
 * compressed data, as a damaged or hostile file would; `mark`, a comment line, makes the bytes (and
 * so the file's hash) a test's own.
 */
export async function bombPdf(
  megabytes: number,
  { image = false, junkTail = false, mark }: { image?: boolean; junkTail?: boolean; mark?: string } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const zeros = new Uint8Array(megabytes * 1024 * 1024);
  const packed = new Uint8Array(
    await new Response(new Blob([zeros]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer(),
  );
  const data = junkTail ? new Uint8Array([...packed, 0x20, 0x41, 0x42, 0x43]) : packed;
  const streamDict = image
    ? `<< /Type /XObject /Subtype /Image /Width 4096 /Height ${Math.ceil((megabytes * 1024 * 1024) / 4096)} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${data.length} >>`
    : `<< /Filter /FlateDecode /Length ${data.length} >>`;
  const head = ascii(
    "%PDF-1.7\n" +
      (mark ? `%${mark}\n` : "") +
      "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n" +
      "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n" +
      `3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] ${image ? "/Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R" : "/Contents 4 0 R"} >>\nendobj\n` +
      `4 0 obj\n${streamDict}\nstream\n`,
  );
  const tail = ascii(
    "\nendstream\nendobj\n" +
      (image ? "5 0 obj\n<< /Length 20 >>\nstream\nq /Im1 Do Q        \nendstream\nendobj\n" : "") +
      "trailer\n<< /Root 1 0 R >>\n%%EOF\n",
  );
  const out = new Uint8Array(head.length + data.length + tail.length);
  out.set(head);
  out.set(data, head.length);
  out.set(tail, head.length + data.length);
  return out;
}

/**
 * A PDF of `pages` empty pages written as a PDF 1.5 writer does, its page objects packed into one
 * compressed object stream: 20,000 pages in well under 300 KB (what pdf-lib would take a minute to make).
 */
export async function packedPagesPdf(pages: number): Promise<Uint8Array<ArrayBuffer>> {
  const first = 3;
  const objects = Array.from({ length: pages }, () => "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>");
  let offset = 0;
  const header = objects
    .map((object, i) => {
      const entry = `${first + i} ${offset}`;
      offset += object.length + 1;
      return entry;
    })
    .join(" ");
  const body = `${header}\n${objects.join("\n")}\n`;
  const packed = new Uint8Array(
    await new Response(new Blob([body]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer(),
  );
  const kids = Array.from({ length: pages }, (_, i) => `${first + i} 0 R`).join(" ");
  const head = ascii(
    "%PDF-1.7\n" +
      "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n" +
      `2 0 obj\n<< /Type /Pages /Count ${pages} /Kids [${kids}] >>\nendobj\n` +
      `${first + pages} 0 obj\n<< /Type /ObjStm /N ${pages} /First ${header.length + 1} /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`,
  );
  const tail = ascii("\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
  const out = new Uint8Array(head.length + packed.length + tail.length);
  out.set(head);
  out.set(packed, head.length);
  out.set(tail, head.length + packed.length);
  return out;
}
