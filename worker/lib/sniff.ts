// What an uploaded file really is, from its first bytes; the name and the browser's claimed type
// are not trusted. The one table of signatures: product images, complaint photos and Study Swap
// attachments all read it (a hand-written table: `file-type` needs Node streams and weighs far more
// than the seven signatures we accept).

import { IMAGE_TYPES } from "#common/market-photos.ts";

export type ImageType = (typeof IMAGE_TYPES)[number];

/** Every kind we recognise. OLE and OOXML containers need the file's extension to say which document. */
export type SniffedType = ImageType | "application/pdf" | "application/x-ole-storage" | "application/zip";

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((value, i) => bytes[offset + i] === value);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: readonly { type: SniffedType; test: (bytes: Uint8Array) => boolean }[] = [
  { type: "image/jpeg", test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: "image/png", test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: "image/gif", test: (b) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")) },
  { type: "image/webp", test: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8) },
  { type: "application/pdf", test: (b) => startsWith(b, ascii("%PDF-")) },
  { type: "application/x-ole-storage", test: (b) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) },
  {
    type: "application/zip",
    test: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06]),
  },
];

/** Whether a detected type is one of the image types (an attachment may be one). */
export function isImageType(type: string): type is ImageType {
  return (IMAGE_TYPES as readonly string[]).includes(type);
}

/** The kind of file its first bytes (16 are enough) say it is, or null. */
export function sniffFileType(head: Uint8Array): SniffedType | null {
  return SIGNATURES.find((signature) => signature.test(head))?.type ?? null;
}

/** The image type of a file, limited to the types a use accepts (all four by default). */
export function sniffImageType<T extends ImageType = ImageType>(
  head: Uint8Array,
  allowed: readonly T[] = IMAGE_TYPES as readonly ImageType[] as readonly T[],
): T | null {
  const type = sniffFileType(head);
  return type !== null && (allowed as readonly string[]).includes(type) ? (type as T) : null;
}
