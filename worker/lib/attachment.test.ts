import { describe, expect, it } from "vitest";
import { attachmentDisposition, detectAttachment, downloadName } from "#server/lib/attachment.ts";
import { applySecurityHeaders } from "#server/lib/headers.ts";

const text = (s: string) => new TextEncoder().encode(s);
const PDF = text("%PDF-1.7\n");
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]);

describe("detectAttachment: names end in an allowed extension for the sniffed type", () => {
  it.each([
    ["a.jse", "a.jse.txt"],
    ["a.vbe", "a.vbe.txt"],
    ["a.reg", "a.reg.txt"],
    ["a.scf", "a.scf.txt"],
    ["a.hta", "a.hta.txt"],
    ["run.py", "run.py.txt"],
    ["doc.rtf", "doc.rtf.txt"],
    ["notes.MD", "notes.md"],
    ["table.tsv", "table.tsv"],
    ["plain", "plain.txt"],
  ])("text called %s is served as %s", (name, expected) => {
    expect(detectAttachment(text("hello"), name)).toEqual({ contentType: "text/plain; charset=utf-8", name: expected });
  });

  it("binary types take the extension of what they are, whatever the name says", () => {
    expect(detectAttachment(PDF, "invoice.exe")?.name).toBe("invoice.pdf");
    expect(detectAttachment(ZIP, "tool.jar")?.name).toBe("tool.zip");
    expect(detectAttachment(ZIP, "essay.docx")?.name).toBe("essay.docx");
  });
});

describe("downloadName", () => {
  it.each([
    ["macro.vbe", "text/plain; charset=utf-8", "macro.vbe.txt"],
    ["notes.md", "text/plain; charset=utf-8", "notes.md"],
    ["paper.pdf", "application/pdf", "paper.pdf"],
    ["photo.jpeg", "image/jpeg", "photo.jpeg"],
    ["photo.png", "image/jpeg", "photo.png.jpg"],
    ["old.doc", "application/msword", "old.doc"],
    ["mystery", "application/x-unknown", "mystery.bin"],
  ])("%s stored as %s downloads as %s", (stored, type, expected) => {
    expect(downloadName(stored, type)).toBe(expected);
  });
});

describe("attachmentDisposition", () => {
  it("has an ASCII fallback and an RFC 8187 filename* that encodes ' ( ) * too", () => {
    expect(attachmentDisposition("Ravi's (final) नोट्स*.pdf")).toBe(
      `attachment; filename="Ravi's (final) _____*.pdf"; filename*=UTF-8''Ravi%27s%20%28final%29%20%E0%A4%A8%E0%A5%8B%E0%A4%9F%E0%A5%8D%E0%A4%B8%2A.pdf`,
    );
  });
});

describe("applySecurityHeaders", () => {
  it("keeps a policy the route set, and adds the defaults the route did not set", () => {
    const routed = applySecurityHeaders(
      new Response("x", {
        headers: { "Content-Security-Policy": "default-src 'none'; sandbox", "Referrer-Policy": "no-referrer" },
      }),
      "n0nce",
    );
    expect(routed.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    expect(routed.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(routed.headers.get("X-Frame-Options")).toBe("DENY");
    expect(routed.headers.get("Strict-Transport-Security")).toMatch(/max-age=31536000/);
    const plain = applySecurityHeaders(new Response("<p>", { headers: { "Content-Type": "text/html" } }), "n0nce");
    expect(plain.headers.get("Content-Security-Policy")).toContain("'nonce-n0nce'");
  });
});
