// The one door every image passes before it is stored in R2 (listing photos and their small
// versions, complaint photos, Study Swap attachments that are images): at most MAX_IMAGE_SIDE
// pixels on its longest side, and no metadata (docs/decisions/0096-photos-on-the-server.md).

import { ApiError } from "#server/lib/errors.ts";
import { imageSize, type PixelSize } from "#server/lib/image-size.ts";
import { stripImageMetadata } from "#server/lib/image-metadata.ts";
import type { ImageType } from "#server/lib/sniff.ts";

/**
 * A photo larger than this on its longest side is refused. Twice and a half what the upload screen
 * makes (1600 px), the size of a 12-megapixel phone photo: room for a photo sent as it is (an API
 * client, a form without JavaScript), none for a header that claims 60000 x 60000 pixels, which a
 * browser would try to decode into gigabytes.
 */
export const MAX_IMAGE_SIDE = 4096;

export interface StorableImage extends PixelSize {
  bytes: Uint8Array;
}

/**
 * The bytes to store and the pixel size (0 x 0 when the header does not say). `what` names the file
 * in the refusal ("Photo 2", "The photo"); `field` is the form field it came in.
 */
export function storableImage(bytes: Uint8Array, type: ImageType, what: string, field: string): StorableImage {
  const stripped = stripImageMetadata(bytes, type);
  // The header as sent, else as stripped: bytes a tolerant decoder skips may hide it from the first read.
  const size = imageSize(bytes, type) ?? imageSize(stripped, type) ?? { width: 0, height: 0 };
  if (Math.max(size.width, size.height) > MAX_IMAGE_SIDE) {
    throw new ApiError(
      400,
      `${what} is ${size.width.toLocaleString("en-IN")} × ${size.height.toLocaleString("en-IN")} pixels: an image can be at most ${MAX_IMAGE_SIDE} pixels on its longest side. Make it smaller and try again.`,
      { field },
    );
  }
  return { bytes: stripped, ...size };
}
