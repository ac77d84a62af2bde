import { describe, expect, it } from "vitest";
import { sniffFileType, sniffImageType } from "#server/lib/sniff.ts";

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === "number" ? [v] : [...v].map((ch) => ch.charCodeAt(0)))));

describe("sniffImageType", () => {
  it("recognises JPEG, PNG, GIF and WebP by their first bytes", () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe("image/jpeg");
    expect(sniffImageType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe("image/png");
    expect(sniffImageType(bytes("GIF89a", 1, 0))).toBe("image/gif");
    expect(sniffImageType(bytes("GIF87a"))).toBe("image/gif");
    expect(sniffImageType(bytes("RIFF", 0x24, 0, 0, 0, "WEBPVP8 "))).toBe("image/webp");
  });

  it("rejects everything else, whatever it is called", () => {
    expect(sniffImageType(bytes("%PDF-1.7"))).toBeNull();
    expect(sniffImageType(bytes("<svg xmlns="))).toBeNull();
    expect(sniffImageType(bytes("RIFF", 0, 0, 0, 0, "WAVE"))).toBeNull();
    expect(sniffImageType(bytes(0x89, "PN"))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe("sniffImageType with a narrower list", () => {
  it("refuses an image type the use does not accept", () => {
    const photos = ["image/jpeg", "image/png", "image/webp"] as const;
    expect(sniffImageType(bytes("GIF89a", 1, 0), photos)).toBeNull();
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0), photos)).toBe("image/jpeg");
  });
});

describe("sniffFileType", () => {
  it("recognises the attachment containers", () => {
    expect(sniffFileType(bytes("%PDF-1.7"))).toBe("application/pdf");
    expect(sniffFileType(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe("application/x-ole-storage");
    expect(sniffFileType(bytes("PK", 3, 4, 0))).toBe("application/zip");
    expect(sniffFileType(bytes("PK", 5, 6, 0))).toBe("application/zip");
    expect(sniffFileType(bytes("%PDF"))).toBeNull();
    expect(sniffFileType(bytes("hello"))).toBeNull();
  });
});
