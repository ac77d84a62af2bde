import { describe, expect, it } from "vitest";
import { stripImageMetadata } from "#server/lib/image-metadata.ts";
import { imageSize } from "#server/lib/image-size.ts";
import {
  CAMERA_MAKE,
  CANVAS_JPEG,
  CANVAS_WEBP,
  concatBytes,
  contains,
  gifWithGps,
  gpsExif,
  jpegWithGps,
  LATITUDE_BYTES,
  pngWithGps,
  webpWithGps,
} from "#test/image-fixtures.ts";

/** Nothing of the position or the camera is left. */
function expectNoMetadata(bytes: Uint8Array): void {
  expect(contains(bytes, LATITUDE_BYTES), "the GPS latitude").toBe(false);
  expect(contains(bytes, CAMERA_MAKE), "the camera's make").toBe(false);
  expect(contains(bytes, "GPSLatitude"), "XMP").toBe(false);
  expect(contains(bytes, "xmpmeta"), "XMP").toBe(false);
  expect(contains(bytes, "28.6306"), "a comment").toBe(false);
}

/** The JPEG's segments before its image data, as [marker, first bytes of the payload]. */
function jpegSegments(b: Uint8Array): [number, string][] {
  const out: [number, string][] = [];
  let i = 2;
  while (i + 4 <= b.length && b[i] === 0xff && b[i + 1] !== 0xda) {
    out.push([b[i + 1]!, String.fromCharCode(...b.subarray(i + 4, i + 10))]);
    i += 2 + ((b[i + 2]! << 8) | b[i + 3]!);
  }
  return out;
}

describe("stripImageMetadata: JPEG", () => {
  it("drops EXIF (GPS), XMP, comments and a second picture after the end, keeping JFIF, the ICC profile and the image data", () => {
    const photo = jpegWithGps(1);
    expect(contains(photo, LATITUDE_BYTES)).toBe(true);
    const clean = stripImageMetadata(photo, "image/jpeg");
    expectNoMetadata(clean);
    // Exactly Chromium's own file again: its JFIF header, ICC profile, tables, frame and scan.
    expect(clean).toEqual(CANVAS_JPEG);
    expect(imageSize(clean, "image/jpeg")).toEqual({ width: 16, height: 12 });
  });

  it("keeps the orientation, and only it, so a portrait photo stays upright", () => {
    const clean = stripImageMetadata(jpegWithGps(6), "image/jpeg");
    expectNoMetadata(clean);
    const segments = jpegSegments(clean);
    // JFIF first, then an EXIF block of one entry (Orientation = 6), then Chromium's ICC profile.
    expect(segments.slice(0, 3).map(([marker, id]) => [marker.toString(16), id])).toEqual([
      ["e0", "JFIF\0\u0001"],
      ["e1", "Exif\0\0"],
      ["e2", "ICC_PR"],
    ]);
    expect(contains(clean, Uint8Array.from([0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6])), "Orientation = 6").toBe(true);
    expect(contains(clean, Uint8Array.from([0x88, 0x25])), "no GPS pointer").toBe(false);
    expect(clean.length).toBe(CANVAS_JPEG.length + 36);
  });

  it("drops APP13 (IPTC), APP15, other APP0/APP2/APP14 blocks and the JFIF thumbnail; skips bytes between segments", () => {
    const seg = (marker: number, text: string) => {
      const payload = Uint8Array.from(text, (c) => c.charCodeAt(0));
      return concatBytes(
        Uint8Array.from([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]),
        payload,
      );
    };
    const jfifWithThumb = concatBytes(
      Uint8Array.from([0xff, 0xe0, 0, 16 + 6]),
      Uint8Array.from("JFIF\0", (c) => c.charCodeAt(0)),
      Uint8Array.from([1, 1, 0, 0, 1, 0, 1, 1, 2]),
      Uint8Array.from([9, 9, 9, 9, 9, 9]),
    );
    const rest = CANVAS_JPEG.subarray(20); // after SOI and Chromium's JFIF header
    const photo = concatBytes(
      CANVAS_JPEG.subarray(0, 2),
      jfifWithThumb,
      seg(0xed, `Photoshop 3.0\0${CAMERA_MAKE}`),
      seg(0xef, CAMERA_MAKE),
      seg(0xe0, `JFXX\0${CAMERA_MAKE}`),
      seg(0xe2, `MPF\0${CAMERA_MAKE}`),
      seg(0xee, `Ducky${CAMERA_MAKE}`),
      Uint8Array.from([0x00, 0x11, 0x22]),
      rest,
    );
    const clean = stripImageMetadata(photo, "image/jpeg");
    expect(contains(clean, CAMERA_MAKE)).toBe(false);
    expect(contains(clean, Uint8Array.from([9, 9, 9]))).toBe(false);
    expect(jpegSegments(clean)[0]).toEqual([0xe0, "JFIF\0\u0001"]);
    expect(clean.subarray(2, 20)).toEqual(
      Uint8Array.from([0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    );
    expect(clean.subarray(20)).toEqual(rest);
  });

  it("gives back the very same bytes when there is nothing to remove, even a file cut short", () => {
    expect(stripImageMetadata(CANVAS_JPEG, "image/jpeg")).toBe(CANVAS_JPEG);
    const cut = CANVAS_JPEG.subarray(0, 12);
    expect(stripImageMetadata(cut, "image/jpeg")).toBe(cut);
  });

  it("drops an EXIF block that is cut off at the end of the file", () => {
    const exif = concatBytes(
      Uint8Array.from([0xff, 0xe1, 0x40, 0x00]),
      Uint8Array.from("Exif\0\0", (c) => c.charCodeAt(0)),
      gpsExif(1),
    );
    const clean = stripImageMetadata(concatBytes(CANVAS_JPEG.subarray(0, 20), exif), "image/jpeg");
    expect(clean).toEqual(CANVAS_JPEG.subarray(0, 20));
  });
});

describe("stripImageMetadata: PNG", () => {
  it("drops eXIf, tEXt, iTXt (XMP), tIME and what follows IEND; the pixels are untouched", async () => {
    const photo = await pngWithGps(8, 6);
    expect(contains(photo, LATITUDE_BYTES)).toBe(true);
    const clean = stripImageMetadata(photo, "image/png");
    expectNoMetadata(clean);
    expect(contains(clean, "appended")).toBe(false);
    const chunks: string[] = [];
    for (let i = 8; i < clean.length;) {
      const length = new DataView(clean.buffer, clean.byteOffset).getUint32(i);
      chunks.push(String.fromCharCode(...clean.subarray(i + 4, i + 8)));
      i += 12 + length;
    }
    expect(chunks).toEqual(["IHDR", "IDAT", "IEND"]);
    expect(imageSize(clean, "image/png")).toEqual({ width: 8, height: 6 });
  });

  it("changes nothing a second time, nor a tail too short to be a chunk", async () => {
    const photo = await pngWithGps(2, 2);
    const clean = stripImageMetadata(photo, "image/png");
    expect(stripImageMetadata(clean, "image/png")).toBe(clean);
    const withTail = concatBytes(clean.subarray(0, 33), Uint8Array.from([0, 0, 0]));
    expect(stripImageMetadata(withTail, "image/png")).toBe(withTail);
  });
});

describe("stripImageMetadata: WebP", () => {
  it("drops the EXIF and XMP chunks, clears their VP8X flags and mends the RIFF size", () => {
    const photo = webpWithGps();
    expect(contains(photo, LATITUDE_BYTES)).toBe(true);
    const clean = stripImageMetadata(photo, "image/webp");
    expectNoMetadata(clean);
    expect(clean).toEqual(CANVAS_WEBP);
    expect(imageSize(clean, "image/webp")).toEqual({ width: 16, height: 12 });
  });

  it("drops whatever follows the RIFF size", () => {
    const clean = stripImageMetadata(
      concatBytes(
        CANVAS_WEBP,
        Uint8Array.from("<html>", (c) => c.charCodeAt(0)),
      ),
      "image/webp",
    );
    expect(clean).toEqual(CANVAS_WEBP);
    expect(stripImageMetadata(CANVAS_WEBP, "image/webp")).toBe(CANVAS_WEBP);
  });
});

describe("stripImageMetadata: GIF", () => {
  it("drops comments and XMP, keeps the frame, its timing and the trailer", () => {
    const photo = gifWithGps();
    const clean = stripImageMetadata(photo, "image/gif");
    expectNoMetadata(clean);
    expect(clean.at(-1)).toBe(0x3b);
    expect(contains(clean, Uint8Array.from([0x21, 0xf9, 4]))).toBe(true);
    expect(contains(clean, Uint8Array.from([0x2c, 0, 0, 0, 0, 2, 0, 2, 0]))).toBe(true);
    expect(stripImageMetadata(clean, "image/gif")).toBe(clean);
  });
});
