// The pixel size of an image from its header, for the four types sniff.ts accepts: nothing is
// decoded. Null when the header is cut short or malformed (the upload is then refused).

export interface PixelSize {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const tag = (b: Uint8Array, i: number) => String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!);

const sized = (width: number, height: number): PixelSize | null => (width > 0 && height > 0 ? { width, height } : null);

function jpegSize(b: Uint8Array): PixelSize | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    // Markers without a length.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    // Start of frame (baseline, progressive, ...): not DHT (c4), JPG (c8) or DAC (cc).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return sized(u16be(b, i + 7), u16be(b, i + 5));
    }
    i += 2 + u16be(b, i + 2);
  }
  return null;
}

function webpSize(b: Uint8Array): PixelSize | null {
  if (b.length < 30) return null;
  const chunk = tag(b, 12);
  if (chunk === "VP8 ") return sized(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  if (chunk === "VP8L") {
    const [b0, b1, b2, b3] = [b[21]!, b[22]!, b[23]!, b[24]!];
    return sized(1 + (((b1 & 0x3f) << 8) | b0), 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)));
  }
  if (chunk === "VP8X") return sized(1 + u24le(b, 24), 1 + u24le(b, 27));
  return null;
}

/** The size of a JPEG, PNG, GIF or WebP whose bytes (all of them, or enough of the start) are given. */
export function imageSize(bytes: Uint8Array, type: string): PixelSize | null {
  switch (type) {
    case "image/jpeg":
      return jpegSize(bytes);
    case "image/png":
      return bytes.length >= 24 && tag(bytes, 12) === "IHDR" ? sized(u32be(bytes, 16), u32be(bytes, 20)) : null;
    case "image/gif":
      return bytes.length >= 10 ? sized(u16le(bytes, 6), u16le(bytes, 8)) : null;
    case "image/webp":
      return webpSize(bytes);
    default:
      return null;
  }
}
