import { PHOTO_SIDE, THUMB_SIDE } from "#common/market-photos.ts";

// A listing's photos made ready in the seller's browser before they are sent (
// docs/decisions/0087-photos-and-expiry.md): decoded (turned upright by their EXIF orientation),
// drawn at most PHOTO_SIDE pixels on the longest side, and encoded again as WebP (JPEG where the
// browser cannot encode WebP, as Safari). Drawing to a canvas keeps only the pixels: the camera's EXIF,
// its GPS location with it, is not in what is sent. A small version (THUMB_SIDE) is made the same way
// for Browse. Only called from event handlers: these are browser APIs.

export interface PreparedPhoto {
  photo: Blob;
  thumb: Blob;
  width: number;
  height: number;
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

async function encode(
  bitmap: ImageBitmap,
  side: number,
  quality: number,
): Promise<{ blob: Blob; width: number; height: number }> {
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2d canvas");
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
  // A browser that cannot encode WebP answers PNG instead: then JPEG.
  const webp = await toBlob(canvas, "image/webp", quality);
  const blob = webp?.type === "image/webp" ? webp : await toBlob(canvas, "image/jpeg", quality);
  if (!blob) throw new Error("could not encode");
  return { blob, width, height };
}

/** The photo and its small version, or an Error when the browser cannot read the file as an image. */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const large = await encode(bitmap, PHOTO_SIDE, 0.82);
    const small = await encode(bitmap, THUMB_SIDE, 0.72);
    return { photo: large.blob, thumb: small.blob, width: large.width, height: large.height };
  } finally {
    bitmap.close();
  }
}

/** A file name for an encoded blob: the original's name with the extension of what it now is. */
export function encodedName(original: string, blob: Blob): string {
  const base = original.replace(/\.[^.]*$/, "").slice(0, 80) || "photo";
  return `${base}.${blob.type === "image/webp" ? "webp" : "jpg"}`;
}

export interface UploadAnswer {
  status: number;
  /** The API's JSON; a refused input also names its field and every invalid field (`fields`). */
  body: { success?: boolean; message?: string; field?: string; fields?: Record<string, string> } | null;
}

/**
 * Posts a form with XMLHttpRequest, the one browser API that reports upload progress, and answers
 * the status (0 when Campus could not be reached) and the JSON body.
 */
export function postWithProgress(
  url: string,
  body: FormData,
  headers: Record<string, string>,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    request.addEventListener("load", () =>
      resolve({ status: request.status, body: (request.response as UploadAnswer["body"]) ?? null }),
    );
    request.addEventListener("error", () => resolve({ status: 0, body: null }));
    request.addEventListener("abort", () => resolve({ status: 0, body: null }));
    signal?.addEventListener("abort", () => request.abort());
    request.send(body);
  });
}
