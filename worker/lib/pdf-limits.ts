import { PDF_MAX_PAGES, PDF_MAX_STREAMS, PDF_MAX_UNPACKED_MB } from "#common/library-contribute.ts";

// A PDF's size in pages and in unpacked bytes, measured before anything parses it (docs/decisions/
// 0117-library-indexing-off-the-request.md). pdf.js reads a page tree as long as the file says it
// is and unpacks every compressed stream it meets, so a 269 KB file of 20,000 empty pages, or 65 KB
// that unpacks to 64 MB, costs minutes of CPU and hundreds of MB of memory: on a Worker, the CPU or
// the 128 MB memory limit, and every other request of the isolate waiting. This reads only the
// file's own structure: the `stream ... endstream` sections, of which it unpacks the compressed ones
// (the text, fonts and object streams pdf.js would unpack to read the text) with the platform's
// DecompressionStream and a budget, stopping the moment the budget is spent; and the page objects
// and page counts in the plain parts and in the unpacked object streams. Images are neither
// unpacked nor counted: reading text never decodes them.

const PDF_MAX_UNPACKED_BYTES = PDF_MAX_UNPACKED_MB * 1024 * 1024;

export type PdfMeasure =
  | { ok: true; pages: number; unpackedBytes: number; streams: number }
  | { ok: false; over: "pages"; pages: number }
  | { ok: false; over: "unpacked" }
  | { ok: false; over: "streams" }
  /** An object stream (where page objects are kept) that does not unpack: it cannot be measured. */
  | { ok: false; over: "damaged" };

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const STREAM = ascii("stream");
const END_STREAM = ascii("endstream");
const latin1 = new TextDecoder("latin1");

/** The first index of `needle` in `haystack` at or after `from`, or -1. */
function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0]!;
  for (let i = haystack.indexOf(first, from); i >= 0 && i <= haystack.length - needle.length;) {
    let match = true;
    for (let j = 1; j < needle.length; j++)
      if (haystack[i + j] !== needle[j]) {
        match = false;
        break;
      }
    if (match) return i;
    i = haystack.indexOf(first, i + 1);
  }
  return -1;
}

/** Page objects and the largest page count of the page tree, in plain PDF text. */
function countPages(text: string): { objects: number; count: number } {
  const objects = text.match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;
  let count = 0;
  // A /Count next to /Type /Pages is the page tree's (an outline's /Count is not).
  for (const match of text.matchAll(/\/Type\s*\/Pages(?![A-Za-z])/g)) {
    const around = text.slice(Math.max(0, match.index - 400), match.index + 400);
    for (const found of around.matchAll(/\/Count\s+(\d{1,9})/g)) count = Math.max(count, Number(found[1]));
  }
  return { objects, count };
}

/**
 * How much compressed data the decoder is given at a time, so that what it unpacks arrives (and is
 * counted, and the budget stops it) as it goes: one slice unpacks to at most about 16 MB.
 */
const SLICE = 16 * 1024;
/** The most deflate can unpack from one byte: what a stream that breaks off is assumed to hold. */
const DEFLATE_MAX_RATIO = 1032;

/**
 * Unpacks one zlib stream (a PDF's FlateDecode) with at most `budget` bytes out: its unpacked size
 * (budget + 1 once over), its text when asked for, and whether it was damaged. The data goes in
 * slices, so that a bomb is counted as it unpacks and never held whole. A damaged stream counts as
 * the most its data could unpack to: workerd's decoder drops what the failing slice unpacked, while
 * pdf.js, which is lenient, would unpack it all.
 */
async function inflate(
  data: Uint8Array<ArrayBuffer>,
  budget: number,
  keep: boolean,
): Promise<{ size: number; text: string; damaged: boolean }> {
  const decoder = new DecompressionStream("deflate");
  const writer = decoder.writable.getWriter();
  // Errors surface on the reading side; the writing side's own promises must not be left rejected.
  void (async () => {
    for (let at = 0; at < data.byteLength; at += SLICE) await writer.write(data.subarray(at, at + SLICE));
    await writer.close();
  })().catch(() => undefined);
  const reader = decoder.readable.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  let damaged = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > budget) {
        await reader.cancel().catch(() => undefined);
        return { size: budget + 1, text: "", damaged: false };
      }
      if (keep) parts.push(value);
    }
  } catch {
    damaged = true;
    size = Math.max(size, data.byteLength * DEFLATE_MAX_RATIO);
    if (size > budget) return { size: budget + 1, text: "", damaged };
  }
  if (!keep) return { size, text: "", damaged };
  const all = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.byteLength;
  }
  return { size, text: latin1.decode(all), damaged };
}

/**
 * Where a section's data ends: at its /Length when that is a number in its dictionary, else before
 * the end of line that precedes `endstream` (which is not part of the data).
 */
function dataEnd(bytes: Uint8Array, dictionary: string, start: number, stop: number): number {
  const length = /\/Length\s+(\d{1,10})(?!\s+\d+\s+R)/.exec(dictionary);
  if (length && start + Number(length[1]) <= stop) return start + Number(length[1]);
  if (bytes[stop - 1] === 0x0a) stop -= 1;
  if (bytes[stop - 1] === 0x0d) stop -= 1;
  return stop;
}

/** Measures a PDF against the caps above, stopping at the first one it passes. */
export async function measurePdf(bytes: Uint8Array<ArrayBuffer>): Promise<PdfMeasure> {
  let objects = 0;
  let count = 0;
  let unpacked = 0;
  let streams = 0;
  const tally = (text: string) => {
    const found = countPages(text);
    objects += found.objects;
    count = Math.max(count, found.count);
  };
  /** Where the plain text not yet tallied starts; the search for the next keyword may be further on. */
  let position = 0;
  for (let at = indexOfBytes(bytes, STREAM, 0); at >= 0;) {
    const next = at + STREAM.length;
    // "endstream" contains "stream", and the word may stand in a name or a string: only the keyword
    // that opens a section (followed by its end of line) counts.
    const isEnd = at >= 3 && bytes[at - 3] === 0x65 && bytes[at - 2] === 0x6e && bytes[at - 1] === 0x64;
    const eol =
      bytes[next] === 0x0d && bytes[next + 1] === 0x0a ? 2 : bytes[next] === 0x0a || bytes[next] === 0x0d ? 1 : 0;
    if (isEnd || eol === 0) {
      at = indexOfBytes(bytes, STREAM, next);
      continue;
    }
    const start = next + eol;
    // The plain text since the last section: objects outside streams, and this section's dictionary.
    const plain = latin1.decode(bytes.subarray(position, at));
    tally(plain);
    const dictionary = plain.slice(Math.max(0, plain.lastIndexOf("obj") + 3));
    const end = indexOfBytes(bytes, END_STREAM, start);
    const stop = end < 0 ? bytes.length : end;
    streams += 1;
    if (streams > PDF_MAX_STREAMS) return { ok: false, over: "streams" };
    const image = /\/Subtype\s*\/Image(?![A-Za-z])/.test(dictionary);
    if (!image && /\/(FlateDecode|Fl)(?![A-Za-z])/.test(dictionary)) {
      const objectStream = /\/Type\s*\/ObjStm(?![A-Za-z])/.test(dictionary);
      const data = bytes.subarray(start, dataEnd(bytes, dictionary, start, stop));
      const out = await inflate(data, PDF_MAX_UNPACKED_BYTES - unpacked, objectStream);
      unpacked += out.size;
      if (unpacked > PDF_MAX_UNPACKED_BYTES) return { ok: false, over: "unpacked" };
      // pdf.js would make what it could of a damaged object stream; what it holds cannot be counted.
      if (objectStream && out.damaged) return { ok: false, over: "damaged" };
      if (objectStream) tally(out.text);
    }
    if (Math.max(objects, count) > PDF_MAX_PAGES) return { ok: false, over: "pages", pages: Math.max(objects, count) };
    position = end < 0 ? bytes.length : end + END_STREAM.length;
    at = indexOfBytes(bytes, STREAM, position);
  }
  tally(latin1.decode(bytes.subarray(position)));
  const pages = Math.max(objects, count);
  if (pages > PDF_MAX_PAGES) return { ok: false, over: "pages", pages };
  return { ok: true, pages, unpackedBytes: unpacked, streams };
}
