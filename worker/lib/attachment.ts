// Request attachments: the type is decided by the file's bytes, never by its name or the declared
// content type; the download name is made safe and ends in an extension from a fixed list that
// fits the detected type (docs/decisions/0061-text-fields-and-idempotent-posts.md).

import { sniffFileType } from "#server/lib/sniff.ts";

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
const TEXT = "text/plain; charset=utf-8";

/**
 * The only extensions a download may end in, per detected type; the first is the one added when a
 * name has none of them. Text is the open door (any UTF-8 file is text): a text file keeps only an
 * extension that no system runs or renders (.txt .md .csv .tsv .log); "evil.jse", "run.py" or
 * "page.html" is served as "evil.jse.txt", "run.py.txt", "page.html.txt". RTF is left out on purpose:
 * it opens in Word, whose RTF parser has a history of exploits.
 */
const EXTENSIONS: Record<string, readonly string[]> = {
  "application/pdf": ["pdf"],
  "image/png": ["png"],
  "image/jpeg": ["jpg", "jpeg"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
  "application/zip": ["zip"],
  [TEXT]: ["txt", "md", "csv", "tsv", "log"],
  ...Object.fromEntries(Object.entries({ ...OOXML, ...OLE }).map(([ext, type]) => [type, [ext]])),
};

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

  const sniffed = sniffFileType(bytes);
  if (sniffed === "image/jpeg") return { contentType: sniffed, ...named(ext === "jpeg" ? "jpeg" : "jpg") };
  if (sniffed === "application/x-ole-storage") {
    // Legacy Office files share one container format; the declared extension says which.
    const type = OLE[ext];
    return type ? { contentType: type, ...named(ext) } : null;
  }
  if (sniffed === "application/zip") {
    const type = OOXML[ext];
    return type ? { contentType: type, ...named(ext) } : { contentType: "application/zip", ...named("zip") };
  }
  if (sniffed) return { contentType: sniffed, ...named(EXTENSIONS[sniffed]![0]!) };
  if (bytes.length > 0 && isUtf8Text(bytes)) {
    return { contentType: TEXT, ...named(EXTENSIONS[TEXT]!.includes(ext) ? ext : ext ? `${ext}.txt` : "txt") };
  }
  return null;
}

/**
 * The name a stored attachment is downloaded under: kept when its extension is allowed for its
 * type, otherwise given the type's own extension. Names stored before the allow-list ("macro.vbe"
 * as text) are made safe here, when they are served.
 */
export function downloadName(storedName: string, contentType: string): string {
  const allowed = EXTENSIONS[contentType] ?? ["bin"];
  const dot = storedName.lastIndexOf(".");
  const ext = dot > 0 ? storedName.slice(dot + 1).toLowerCase() : "";
  return allowed.includes(ext) ? storedName : `${storedName}.${allowed[0]}`;
}

/** A Content-Disposition header that every browser reads: an ASCII fallback plus the UTF-8 name. */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  // RFC 6266 / RFC 8187: attr-char excludes ' ( ) * too, which encodeURIComponent leaves alone.
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
