import { ApiError } from "#server/lib/errors.ts";
import { checkPhotos } from "#server/services/market/photos.ts";

// An event's poster and a club's logo (docs/decisions/0130-the-waiting-list.md): checked by their
// bytes as listing photos are (worker/services/market/photos.ts: the type sniffed, 5 MB, at most
// 4096 pixels a side, the camera's metadata removed), stored in R2 under a key of their own, and
// read back only for a reader who may see the event or club.

export const POSTER_PREFIX = "events/posters/";
export const LOGO_PREFIX = "clubs/logos/";

/** A form's file field: the file, or null when none was chosen (an empty part). */
export function chosenFile(value: FormDataEntryValue | null): File | null {
  return value instanceof File && value.size > 0 ? value : null;
}

/**
 * Checks and stores an image, then runs `write` with its key; the image is removed again when the
 * write is refused, so a refused post leaves nothing in R2. No file: `write` gets undefined.
 */
export async function withStoredImage<T>(
  env: Env,
  file: File | null,
  prefix: string,
  field: string,
  write: (key: string | undefined) => Promise<T>,
): Promise<T> {
  if (!file) return write(undefined);
  const [photo] = await checkPhotos([file], []).catch((error: unknown) => {
    // The photo's own wording names "the photo"; the form's field is the poster or the logo.
    if (error instanceof ApiError) throw new ApiError(error.status, error.message, { field });
    throw error;
  });
  const key = `${prefix}${crypto.randomUUID()}`;
  await env.FILES.put(key, photo!.bytes, { httpMetadata: { contentType: photo!.type } });
  try {
    return await write(key);
  } catch (error) {
    await env.FILES.delete(key);
    throw error;
  }
}

/** An image the server stored, as a response (nosniff, cached privately: who may see it is checked). */
export async function imageResponse(
  env: Env,
  key: string | null,
  ifNoneMatch: string | undefined,
): Promise<Response | null> {
  if (!key) return null;
  const object = await env.FILES.get(key);
  if (!object) return null;
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Cache-Control": "private, max-age=86400",
    "X-Content-Type-Options": "nosniff",
    ETag: object.httpEtag,
  });
  if (ifNoneMatch === object.httpEtag) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}
