// Real photos with a camera's metadata in them, made here: a GPS position in an EXIF block, XMP
// and comments, in a JPEG, a PNG and a WebP (and a GIF with an XMP extension). The pixel data
// comes from real encoders (Chromium's canvas, made once and kept below; the PNG is deflated here),
// so what the server keeps must still be a file a browser decodes (e2e/photo-privacy.test.ts opens one).

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
const latin1 = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

export function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Whether `needle` occurs in `haystack`. */
export function contains(haystack: Uint8Array, needle: Uint8Array | string): boolean {
  const n = typeof needle === "string" ? latin1(needle) : needle;
  outer: for (let i = 0; i + n.length <= haystack.length; i++) {
    for (let j = 0; j < n.length; j++) if (haystack[i + j] !== n[j]) continue outer;
    return true;
  }
  return false;
}

/** 16 x 12 px, JFIF + ICC profile + baseline data: Chromium's canvas.toDataURL("image/jpeg"). */
export const CANVAS_JPEG = fromBase64(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAMABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAhEAAABQQCAwAAAAAAAAAAAAABAgQREgADExQFMQZRcf/EABUBAQEAAAAAAAAAAAAAAAAAAAMG/8QAJBEAAAMFCQAAAAAAAAAAAAAAABMUAwURFSISISRRU4GCstH/2gAMAwEAAhEDEQA/AJvinDJ+X2tk90uKEcYgHb9uA+qeV8Mn4jV1j3TZZyyCA9N0wB7qMmVqEsta/dsyaWM4lf61FKtQqjs37t6LxyHEzfHq2lrzm6xRh9PjDtUEPYJi7Fee/lw//9k=",
);

/** 16 x 12 px, VP8X + ICC profile + lossy VP8: Chromium's canvas.toDataURL("image/webp"). */
export const CANVAS_WEBP = fromBase64(
  "UklGRm4CAABXRUJQVlA4WAoAAAAgAAAADwAACwAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDgggAAAAFADAJ0BKhAADAABQCYlsAJ0S4Bwf/mq70l7I3lAA7LBOYhAAP7wzQ/RtXgsg+BOWsX0fc1ZdpV4f5Z/4mPjNT7JLS+Im/nf/xi/GanNu+h81L//2G+psvnIy0/P/gZQxMRVrzSt+S56Nfp7nK6d9yRc/n4XCrw8Z3e6BvLmAAAA",
);

/** What a phone writes: its make, and where the photo was taken (Connaught Place, New Delhi). */
export const CAMERA_MAKE = "Campus Test Phone";
/** The latitude's three rationals as they sit in the block: 28/1, 37/1, 5004/100 (28°37'50.04"N). */
export const LATITUDE_BYTES = Uint8Array.from([
  0, 0, 0, 28, 0, 0, 0, 1, 0, 0, 0, 37, 0, 0, 0, 1, 0, 0, 0x13, 0x8c, 0, 0, 0, 100,
]);
export const XMP_GPS =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="28,37.834N" exif:GPSLongitude="77,13.008E"/></rdf:RDF></x:xmpmeta>';

/**
 * A TIFF (EXIF) block as a phone writes it, big-endian: IFD0 with Make, Orientation and the pointer
 * to a GPS IFD, which holds the latitude and longitude and their N/E references.
 */
export function gpsExif(orientation = 6): Uint8Array<ArrayBuffer> {
  const make = latin1(`${CAMERA_MAKE}\0`);
  const ifd0 = 8;
  const ifd0Size = 2 + 3 * 12 + 4;
  const makeAt = ifd0 + ifd0Size;
  const gpsAt = makeAt + make.length + (make.length % 2);
  const gpsSize = 2 + 4 * 12 + 4;
  const latAt = gpsAt + gpsSize;
  const longAt = latAt + 24;
  const out = new Uint8Array(longAt + 24);
  const view = new DataView(out.buffer);
  out.set(latin1("MM\0*"), 0);
  view.setUint32(4, ifd0);
  const entry = (at: number, tag: number, type: number, count: number, value: number, short = false) => {
    view.setUint16(at, tag);
    view.setUint16(at + 2, type);
    view.setUint32(at + 4, count);
    if (short) view.setUint16(at + 8, value);
    else view.setUint32(at + 8, value);
  };
  view.setUint16(ifd0, 3);
  entry(ifd0 + 2, 0x010f, 2, make.length, makeAt);
  entry(ifd0 + 14, 0x0112, 3, 1, orientation, true);
  entry(ifd0 + 26, 0x8825, 4, 1, gpsAt);
  out.set(make, makeAt);
  view.setUint16(gpsAt, 4);
  entry(gpsAt + 2, 0x0001, 2, 2, 0x4e000000); // "N"
  entry(gpsAt + 14, 0x0002, 5, 3, latAt);
  entry(gpsAt + 26, 0x0003, 2, 2, 0x45000000); // "E"
  entry(gpsAt + 38, 0x0004, 5, 3, longAt);
  out.set(LATITUDE_BYTES, latAt);
  out.set([0, 0, 0, 77, 0, 0, 0, 1, 0, 0, 0, 13, 0, 0, 0, 1, 0, 0, 0x01, 0xf4, 0, 0, 0, 100], longAt);
  return out;
}

const segment = (marker: number, payload: Uint8Array) =>
  concatBytes(Uint8Array.from([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload);

/**
 * Chromium's JPEG with what a phone adds: EXIF (GPS, orientation 6) right after SOI, an XMP packet
 * with the position, a comment, and a second picture (with its own EXIF) after the end of the image.
 */
export function jpegWithGps(orientation = 6): Uint8Array<ArrayBuffer> {
  const exif = segment(0xe1, concatBytes(latin1("Exif\0\0"), gpsExif(orientation)));
  const xmp = segment(0xe1, concatBytes(latin1("http://ns.adobe.com/xap/1.0/\0"), latin1(XMP_GPS)));
  const comment = segment(0xfe, latin1("Taken at 28.6306 N, 77.2168 E"));
  const soi = CANVAS_JPEG.subarray(0, 2);
  const rest = CANVAS_JPEG.subarray(2);
  const second = concatBytes(soi, exif, CANVAS_JPEG.subarray(2));
  return concatBytes(
    soi,
    exif,
    rest.subarray(0, rest.length - 2),
    xmp,
    comment,
    rest.subarray(rest.length - 2),
    second,
  );
}

// CRC-32 of PNG chunks (ISO 3309), the table made once.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const body = concatBytes(latin1(type), data);
  let crc = 0xffffffff;
  for (const byte of body) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const head = new Uint8Array(4);
  new DataView(head.buffer).setUint32(0, data.length);
  const tail = new Uint8Array(4);
  new DataView(tail.buffer).setUint32(0, (crc ^ 0xffffffff) >>> 0);
  return concatBytes(head, body, tail);
}

async function deflate(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * A real RGBA PNG of `width` x `height` (a gradient) with an eXIf chunk (GPS), a tEXt comment, an
 * iTXt XMP packet and a tIME stamp, and a byte string appended after IEND.
 */
export async function pngWithGps(width = 8, height = 6): Promise<Uint8Array<ArrayBuffer>> {
  const rows = new Uint8Array(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      rows.set([(x * 255) / width, (y * 255) / height, 160, 255], y * (1 + width * 4) + 1 + x * 4);
  }
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return concatBytes(
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("eXIf", gpsExif(1)),
    pngChunk("tEXt", latin1(`Comment\0Taken with ${CAMERA_MAKE}`)),
    pngChunk("iTXt", concatBytes(latin1("XML:com.adobe.xmp\0\0\0\0\0"), latin1(XMP_GPS))),
    pngChunk("tIME", Uint8Array.from([0x07, 0xea, 11, 24, 12, 58, 0])),
    pngChunk("IDAT", await deflate(rows)),
    pngChunk("IEND", new Uint8Array()),
    latin1("<html>appended</html>"),
  );
}

/** Chromium's WebP with an EXIF chunk (GPS) and an XMP chunk, announced in the VP8X flags. */
export function webpWithGps(): Uint8Array<ArrayBuffer> {
  const chunk = (fourcc: string, data: Uint8Array) => {
    const head = concatBytes(latin1(fourcc), new Uint8Array(4));
    new DataView(head.buffer).setUint32(4, data.length, true);
    return concatBytes(head, data, data.length % 2 ? new Uint8Array(1) : new Uint8Array());
  };
  const out = concatBytes(CANVAS_WEBP, chunk("EXIF", gpsExif(1)), chunk("XMP ", latin1(XMP_GPS)));
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  out[20]! |= 0x08 | 0x04;
  return out;
}

/** A 2 x 2 GIF with a comment and an XMP application extension holding the position. */
export function gifWithGps(): Uint8Array<ArrayBuffer> {
  const subBlocks = (data: Uint8Array) => {
    const parts: Uint8Array[] = [];
    for (let i = 0; i < data.length; i += 255) {
      const piece = data.subarray(i, i + 255);
      parts.push(Uint8Array.from([piece.length]), piece);
    }
    return concatBytes(...parts, Uint8Array.from([0]));
  };
  return concatBytes(
    latin1("GIF89a"),
    Uint8Array.from([2, 0, 2, 0, 0x80, 0, 0]), // 2 x 2, a global table of 2 colours
    Uint8Array.from([0, 0, 0, 255, 255, 255]),
    Uint8Array.from([0x21, 0xfe]),
    subBlocks(latin1(`Taken with ${CAMERA_MAKE}`)),
    Uint8Array.from([0x21, 0xff, 11]),
    latin1("XMP DataXMP"),
    subBlocks(latin1(XMP_GPS)),
    Uint8Array.from([0x21, 0xf9, 4, 0, 0, 0, 0, 0]),
    Uint8Array.from([0x2c, 0, 0, 0, 0, 2, 0, 2, 0, 0]),
    Uint8Array.from([2, 3, 0x84, 0xa1, 0x00, 0]), // LZW: code size 2, clear 0 00 0 end, terminator
    Uint8Array.from([0x3b]),
  );
}

/** The start of a PNG whose header claims the given size (the server reads no further), padded to `bytes`. */
export function pngHeader(width: number, height: number, bytes = 33): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(Math.max(33, bytes));
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(out.buffer).setUint32(16, width);
  new DataView(out.buffer).setUint32(20, height);
  out.set([8, 6, 0, 0, 0], 24);
  return out;
}
