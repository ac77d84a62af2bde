// What an uploaded file really is, from its first bytes; the name and the browser's claimed type
// are not trusted.

export type ImageType = "image/jpeg" | "image/png" | "image/webp" | "image/gif";

const ascii = (bytes: Uint8Array, start: number, text: string) => [...text].every((ch, i) => bytes[start + i] === ch.charCodeAt(0));

export function sniffImageType(head: Uint8Array): ImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b)) return "image/png";
  if (head.length >= 6 && (ascii(head, 0, "GIF87a") || ascii(head, 0, "GIF89a"))) return "image/gif";
  if (head.length >= 12 && ascii(head, 0, "RIFF") && ascii(head, 8, "WEBP")) return "image/webp";
  return null;
}
