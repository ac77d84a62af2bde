// A listing's photos (docs/decisions/0087-photos-and-expiry.md): the bounds the upload screen makes
// them to and the server checks them against. A module of their own: of the marketplace's screens
// only /upload needs them, and the rules every marketplace screen loads (./market.ts) stay small.
// Client-safe.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The refusal of a bigger image: the server's, and the upload screen's before it sends one. */
export const IMAGE_TOO_LARGE = "The image is too large: it can be at most 5 MB.";
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;

/** Photos on a listing. */
export const MAX_PHOTOS = 4;
/** What the seller's browser makes of each photo before sending it: longest side, in pixels. */
export const PHOTO_SIDE = 1600;
/** ... and of its small version, which Browse shows. */
export const THUMB_SIDE = 400;
/** The server's bounds on a small version: twice the side it should have, and this many bytes. */
export const THUMB_MAX_SIDE = 2 * THUMB_SIDE;
export const THUMB_MAX_BYTES = 256 * 1024;
