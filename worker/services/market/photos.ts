import { MAX_IMAGE_BYTES, IMAGE_TOO_LARGE, THUMB_MAX_BYTES, THUMB_MAX_SIDE } from "#common/market-photos.ts";
import { ApiError } from "#server/lib/errors.ts";
import { sniffImageType, type ImageType } from "#server/lib/sniff.ts";
import { storableImage } from "#server/lib/stored-image.ts";
import { IMAGE_PREFIX } from "#server/services/market/product-view.ts";

// A listing's photos (docs/decisions/0087-photos-and-expiry.md): checked by their bytes, never by what
// the browser claimed, and read back from R2 for the image route.

/** A photo checked by content and size, its bytes read once, with its small version when one came. */
export interface CheckedPhoto {
  bytes: Uint8Array;
  name: string;
  type: ImageType;
  width: number;
  height: number;
  thumb: { bytes: Uint8Array; type: ImageType } | null;
}

/** A checked image file: its bytes, real type and pixel size (0 when its header does not say). `which` names it in a refusal ("Photo 2"), null for the only one. */
async function checkImageFile(
  value: File,
  which: string | null,
): Promise<{ bytes: Uint8Array; name: string; type: ImageType; width: number; height: number }> {
  if (value.size > MAX_IMAGE_BYTES)
    throw new ApiError(400, which ? `${which} is too large: it can be at most 5 MB.` : IMAGE_TOO_LARGE, {
      field: "image",
    });
  const bytes = new Uint8Array(await value.arrayBuffer());
  const type = sniffImageType(bytes.subarray(0, 16));
  if (!type)
    throw new ApiError(
      400,
      which
        ? `${which} is not an image we accept: use a JPEG, PNG, WebP or GIF.`
        : "That file is not an image we accept: use a JPEG, PNG, WebP or GIF.",
      { field: "image" },
    );
  // At most MAX_IMAGE_SIDE pixels, without the camera's metadata; its size 0 x 0 when the header
  // does not say (the photo is still what it claims to be).
  return { ...storableImage(bytes, type, which ?? "The photo", "image"), name: value.name, type };
}

/**
 * The photos of a posted listing (one to MAX_PHOTOS files, in order: listingSchema has counted them)
 * and their small versions (one per photo in the same order, or none), each checked by its bytes:
 * the type, 5 MB for a photo, THUMB_MAX_BYTES and THUMB_MAX_SIDE for a small version. What the
 * browser claimed about a file is never used.
 */
export async function checkPhotos(images: File[], thumbs: (File | string)[]): Promise<CheckedPhoto[]> {
  if (thumbs.length > 0 && thumbs.length !== images.length)
    throw new ApiError(400, "Send one small version (thumb) per photo, in the same order, or none.", {
      field: "thumb",
    });
  const photos: CheckedPhoto[] = [];
  for (const [i, image] of images.entries()) {
    const which = images.length > 1 ? `Photo ${i + 1}` : null;
    const photo = await checkImageFile(image, which);
    let thumb: CheckedPhoto["thumb"] = null;
    if (thumbs.length > 0) {
      const small = thumbs[i];
      const bad = `The small version of ${which ?? "the photo"} must be a JPEG, PNG or WebP of at most ${THUMB_MAX_SIDE} pixels on its longest side and ${THUMB_MAX_BYTES / 1024} KB.`;
      if (!(small instanceof File) || small.size === 0 || small.size > THUMB_MAX_BYTES)
        throw new ApiError(400, bad, { field: "thumb" });
      const checked = await checkImageFile(small, which).catch(() => null);
      if (
        !checked ||
        checked.type === "image/gif" ||
        checked.width === 0 ||
        Math.max(checked.width, checked.height) > THUMB_MAX_SIDE
      )
        throw new ApiError(400, bad, { field: "thumb" });
      thumb = { bytes: checked.bytes, type: checked.type };
    }
    photos.push({ ...photo, thumb });
  }
  return photos;
}

/** A product image from R2, or null. Only keys the server made are looked up. */
export async function productImage(env: Env, uuid: string): Promise<R2ObjectBody | null> {
  return env.FILES.get(`${IMAGE_PREFIX}${uuid}`);
}
