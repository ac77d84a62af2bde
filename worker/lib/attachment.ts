// Request attachments: the type is decided by the file's bytes, never by its name or the declared
// content type; the download name is made safe and given the extension of the detected type.

export interface DetectedFile {
  contentType: string;
  /** The download name: no path, no control or quoting characters, a matching extension. */
  name: string;
}

const OOXML: Record<string, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};
const OLE: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};
// Text files keep their extension unless a browser or the OS would run or render it.
const RISKY_TEXT_EXTENSIONS = new Set(["html", "htm", "xhtml", "shtml", "svg", "xml", "js", "mjs", "hta", "bat", "cmd", "ps1", "sh", "vbs", "wsf", "exe", "com", "scr", "lnk", "url", "desktop"]);

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, i) => bytes[offset + i] === value);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

function splitName(fileName: string): { base: string; ext: string } {
  // Only the last path segment; control, quoting and separator characters become "_".
  const last = fileName.split(/[\\/]/).pop() ?? "";
  const cleaned = last
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f"*:<>?|;`]/g, "_")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  const dot = cleaned.lastIndexOf(".");
  const base = (dot > 0 ? cleaned.slice(0, dot) : cleaned).slice(0, 100).trim() || "attachment";
  const ext = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : "";
  return { base, ext };
}

function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The detected type and download name, or null when the file is not an allowed kind. */
export function detectAttachment(bytes: Uint8Array, fileName: string): DetectedFile | null {
  const { base, ext } = splitName(fileName);
  const named = (extension: string) => ({ name: `${base}.${extension}` });

  if (startsWith(bytes, ascii("%PDF-"))) return { contentType: "application/pdf", ...named("pdf") };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: "image/png", ...named("png") };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: "image/jpeg", ...named(ext === "jpeg" ? "jpeg" : "jpg") };
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return { contentType: "image/gif", ...named("gif") };
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return { contentType: "image/webp", ...named("webp") };
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // Legacy Office files share one container format; the declared extension says which.
    const type = OLE[ext];
    return type ? { contentType: type, ...named(ext) } : null;
  }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    const type = OOXML[ext];
    return type ? { contentType: type, ...named(ext) } : { contentType: "application/zip", ...named("zip") };
  }
  if (bytes.length > 0 && isUtf8Text(bytes)) {
    const safeExt = ext && !RISKY_TEXT_EXTENSIONS.has(ext) && /^[a-z0-9]{1,10}$/.test(ext) ? ext : ext ? `${ext}.txt` : "txt";
    return { contentType: "text/plain; charset=utf-8", ...named(safeExt) };
  }
  return null;
}

/** A Content-Disposition header that every browser reads: an ASCII fallback plus the UTF-8 name. */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
