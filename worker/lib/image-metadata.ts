// What a stored image keeps: its pixels and what decoding them needs, never the camera's metadata
// (EXIF with its GPS position, XMP, IPTC, comments, embedded thumbnails and second images). Works on
// the bytes, decoding nothing: Workers have no image library, and the containers are simple enough
// to walk (docs/decisions/0096-photos-on-the-server.md). Every client is covered: the upload
// screen's canvas already drops EXIF, an API client or a form posted without JavaScript does not.
//
// Allow-lists, not deny-lists: a segment or chunk we do not know is dropped, since a private chunk
// can carry anything. Bytes after the image's end (a JPEG's EOI, a PNG's IEND, the RIFF size, a
// GIF's trailer) are dropped too: that is where phones append second images and polyglots hide.
// An input with nothing to remove comes back as the same object.

import type { ImageType } from "#server/lib/sniff.ts";

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const u32le = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;
const ascii = (b: Uint8Array, from: number, length: number) => String.fromCharCode(...b.subarray(from, from + length));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The image without its metadata (see above). The type is the sniffed one (worker/lib/sniff.ts). */
export function stripImageMetadata(bytes: Uint8Array, type: ImageType): Uint8Array {
  switch (type) {
    case "image/jpeg":
      return stripJpeg(bytes);
    case "image/png":
      return stripPng(bytes);
    case "image/webp":
      return stripWebp(bytes);
    case "image/gif":
      return stripGif(bytes);
  }
}

// --- JPEG ------------------------------------------------------------------------------------

/**
 * The EXIF orientation (1-8) of a TIFF block, or null. The one EXIF value a viewer needs: a phone
 * stores a portrait photo sideways and says "turn it" here.
 */
function exifOrientation(tiff: Uint8Array): number | null {
  if (tiff.length < 8) return null;
  const little = ascii(tiff, 0, 2) === "II";
  if (!little && ascii(tiff, 0, 2) !== "MM") return null;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return null;
  const count = view.getUint16(ifd, little);
  for (let n = 0; n < count; n++) {
    const entry = ifd + 2 + n * 12;
    if (entry + 12 > tiff.length) return null;
    // Tag 0x0112 Orientation, type 3 (SHORT), one value, stored in the entry itself.
    if (view.getUint16(entry, little) === 0x0112 && view.getUint16(entry + 2, little) === 3) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 segment holding an EXIF block with the orientation and nothing else. */
function orientationSegment(orientation: number): Uint8Array {
  // "Exif\0\0", a big-endian TIFF header, IFD0 with one entry (Orientation, SHORT, 1), no next IFD.
  const payload = [
    0x45,
    0x78,
    0x69,
    0x66,
    0,
    0,
    0x4d,
    0x4d,
    0,
    0x2a,
    0,
    0,
    0,
    8,
    0,
    1,
    0x01,
    0x12,
    0,
    3,
    0,
    0,
    0,
    1,
    0,
    orientation,
    0,
    0,
    0,
    0,
    0,
    0,
  ];
  return Uint8Array.from([0xff, 0xe1, 0, payload.length + 2, ...payload]);
}

/**
 * Which segments before the image data stay: APP0 only as JFIF (without its thumbnail), APP2 only
 * as an ICC profile, APP14 only as Adobe's (it says how the colours are coded). Every other APPn
 * (EXIF and XMP in APP1, MPF in APP2, IPTC in APP13 ...) and every comment goes. Non-APP
 * segments (tables, frame and scan headers) are the image itself.
 */
function keptJpegSegment(marker: number, segment: Uint8Array): Uint8Array | null {
  const id = (length: number) => ascii(segment, 4, length);
  if (marker === 0xe0) {
    if (id(5) !== "JFIF\0") return null;
    // A JFIF thumbnail is an older picture of the same scene (before a crop, say): keep the header only.
    if (segment.length <= 18 || (segment[16] === 0 && segment[17] === 0)) return segment;
    const header = Uint8Array.from([...segment.subarray(0, 16), 0, 0]);
    header.set([0, 16], 2);
    return header;
  }
  if (marker === 0xe2) return id(12) === "ICC_PROFILE\0" ? segment : null;
  if (marker === 0xee) return id(5) === "Adobe" ? segment : null;
  if ((marker >= 0xe1 && marker <= 0xef) || marker === 0xfe) return null;
  return segment;
}

function stripJpeg(b: Uint8Array): Uint8Array {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return b;
  const parts: Uint8Array[] = [b.subarray(0, 2)];
  let changed = false;
  let orientation: number | null = null;
  let i = 2;
  while (i < b.length) {
    if (b[i] !== 0xff) {
      // Bytes between segments: decoders skip them to the next marker, so nothing needs them.
      const next = b.indexOf(0xff, i);
      changed = true;
      if (next < 0) break;
      i = next;
      continue;
    }
    if (i + 1 >= b.length) {
      parts.push(b.subarray(i));
      break;
    }
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      // A fill byte before a marker.
      i += 1;
      changed = true;
      continue;
    }
    if (marker === 0xd9) {
      // End of image: whatever follows (a phone's second image, an appended file) goes.
      parts.push(b.subarray(i, i + 2));
      if (i + 2 < b.length) changed = true;
      break;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      parts.push(b.subarray(i, i + 2));
      i += 2;
      continue;
    }
    if (i + 4 > b.length) {
      parts.push(b.subarray(i));
      break;
    }
    const length = u16be(b, i + 2);
    if (length < 2) {
      // No decoder reads past a segment that cannot be measured: neither do we.
      changed = true;
      break;
    }
    const end = Math.min(b.length, i + 2 + length);
    const segment = b.subarray(i, end);
    const kept = keptJpegSegment(marker, segment);
    if (kept === null) {
      changed = true;
      if (marker === 0xe1 && ascii(segment, 4, 6) === "Exif\0\0") orientation ??= exifOrientation(segment.subarray(10));
    } else {
      if (kept !== segment) changed = true;
      parts.push(kept);
    }
    i = end;
    if (marker === 0xda) {
      // The entropy-coded data of a scan runs to the next marker that is neither a stuffed 0xFF00
      // nor a restart marker; it is pixels, kept as they are.
      let j = i;
      while (
        j + 1 < b.length &&
        !(b[j] === 0xff && b[j + 1] !== 0x00 && b[j + 1] !== 0xff && !(b[j + 1]! >= 0xd0 && b[j + 1]! <= 0xd7))
      )
        j += 1;
      if (j + 1 >= b.length) j = b.length;
      parts.push(b.subarray(i, j));
      i = j;
    }
  }
  if (!changed) return b;
  if (orientation !== null && orientation !== 1) {
    // Right after SOI, or after the JFIF header when there is one (it must come first).
    const at = parts[1] && parts[1][1] === 0xe0 ? 2 : 1;
    parts.splice(at, 0, orientationSegment(orientation));
  }
  return concat(parts);
}

// --- PNG -------------------------------------------------------------------------------------

/**
 * The chunks a PNG keeps: the critical ones, transparency, colour (gamma, chromaticities, sRGB,
 * ICC, cICP and HDR levels), significant bits, background, histogram, suggested palettes, pixel
 * density and APNG's animation. Text (tEXt, zTXt, iTXt: XMP lives there), eXIf, tIME and every
 * chunk we do not know go.
 */
const PNG_KEPT = new Set([
  "IHDR",
  "PLTE",
  "IDAT",
  "IEND",
  "tRNS",
  "gAMA",
  "cHRM",
  "sRGB",
  "iCCP",
  "cICP",
  "mDCv",
  "cLLI",
  "sBIT",
  "bKGD",
  "hIST",
  "sPLT",
  "pHYs",
  "acTL",
  "fcTL",
  "fdAT",
]);

function stripPng(b: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [b.subarray(0, 8)];
  let changed = false;
  let ended = false;
  let i = 8;
  while (i + 8 <= b.length && !ended) {
    const type = ascii(b, i + 4, 4);
    const end = Math.min(b.length, i + 12 + u32be(b, i));
    if (PNG_KEPT.has(type)) parts.push(b.subarray(i, end));
    else changed = true;
    i = end;
    ended = type === "IEND";
  }
  if (i < b.length) {
    // After IEND: gone. Otherwise a tail too short to be a chunk (a cut-off file): 7 bytes hold no metadata.
    if (ended) changed = true;
    else parts.push(b.subarray(i));
  }
  return changed ? concat(parts) : b;
}

// --- WebP ------------------------------------------------------------------------------------

/** The chunks a WebP keeps: the image (lossy, lossless, alpha, animation frames) and its ICC profile; EXIF, XMP and unknown chunks go. */
const WEBP_KEPT = new Set(["VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ANMF", "ICCP"]);
/** The VP8X flags that announce EXIF and XMP chunks. */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function stripWebp(b: Uint8Array): Uint8Array {
  if (b.length < 12) return b;
  // The RIFF size says where the file ends; anything after it goes.
  const riffEnd = Math.min(b.length, 8 + u32le(b, 4));
  const parts: Uint8Array[] = [b.subarray(0, 12)];
  let changed = riffEnd < b.length;
  let i = 12;
  while (i + 8 <= riffEnd) {
    const fourcc = ascii(b, i, 4);
    const size = u32le(b, i + 4);
    const end = Math.min(riffEnd, i + 8 + size + (size & 1));
    if (WEBP_KEPT.has(fourcc)) parts.push(b.subarray(i, end));
    else changed = true;
    i = end;
  }
  // As for PNG: a cut-off tail shorter than a chunk header stays.
  if (i < riffEnd) parts.push(b.subarray(i, riffEnd));
  if (!changed) return b;
  const out = concat(parts);
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  if (ascii(out, 12, 4) === "VP8X" && out.length > 20) out[20]! &= ~(VP8X_EXIF | VP8X_XMP);
  return out;
}

// --- GIF -------------------------------------------------------------------------------------

/** Application extensions that say how an animation plays (loop count), and the ICC profile's. */
const GIF_APPLICATIONS = new Set(["NETSCAPE2.0", "ANIMEXTS1.0", "ICCRGBG1012"]);

/** The end of the data sub-blocks that start at `i` (after their zero-length terminator). */
function subBlocksEnd(b: Uint8Array, i: number): number {
  while (i < b.length) {
    const size = b[i]!;
    i += 1 + size;
    if (size === 0) break;
  }
  return Math.min(i, b.length);
}

function stripGif(b: Uint8Array): Uint8Array {
  if (b.length < 13) return b;
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let i = Math.min(b.length, 13 + colourTable(b[10]!));
  const parts: Uint8Array[] = [b.subarray(0, i)];
  let changed = false;
  while (i < b.length) {
    const introducer = b[i]!;
    if (introducer === 0x3b) {
      parts.push(b.subarray(i, i + 1));
      if (i + 1 < b.length) changed = true;
      break;
    }
    if (introducer === 0x2c) {
      // An image: its descriptor, its own colour table, the LZW code size, then its data.
      const start = i;
      i = Math.min(b.length, i + 10 + (i + 9 < b.length ? colourTable(b[i + 9]!) : 0) + 1);
      i = subBlocksEnd(b, i);
      parts.push(b.subarray(start, i));
      continue;
    }
    if (introducer === 0x21 && i + 1 < b.length) {
      const label = b[i + 1]!;
      const end = subBlocksEnd(b, i + 2);
      // Graphic control (frame timing, transparency) and plain text are part of the picture.
      const kept =
        label === 0xf9 ||
        label === 0x01 ||
        (label === 0xff && b[i + 2] === 11 && GIF_APPLICATIONS.has(ascii(b, i + 3, 11)));
      if (kept) parts.push(b.subarray(i, end));
      else changed = true;
      i = end;
      continue;
    }
    // Not a GIF block: no decoder goes on from here.
    changed = true;
    break;
  }
  return changed ? concat(parts) : b;
}
