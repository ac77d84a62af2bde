import { formatIndiaDate } from "#common/format.ts";
import { LISTING_DAYS, RESERVATION_HOURS } from "#common/market.ts";

// What the marketplace says to people, written once (decision 0103): the use-cases in
// worker/services/market/, the API's routes and the screens import these sentences, so a text of the
// specification (section 8) cannot drift between the doors. Named exports, not one object: a screen's
// bundle carries only the sentences it shows. Client-safe.

// ---------------------------------------------------------------------------------------------
// Listings

export const PRODUCT_UPLOADED = "Product uploaded successfully!";
export const PRODUCT_UPDATED = "Product updated successfully!";
export const PRODUCT_DELETED = "Product deleted successfully!";

/** A product that is gone, not visible to the reader, or another campus's (decision 0076: never 403). */
export const NO_PRODUCT = "This product no longer exists.";
/** Renewing a listing left at the college the seller moved away from (docs/decisions/0123-changing-the-address.md). */
export const LEFT_WITH_THE_MOVE =
  "This listing was on your old college's marketplace and left it when your account moved. Post it again to sell it here.";
export const NO_IMAGE = "There is no such image.";

/** A multipart body that cannot be read (a truncated upload). */
export const UPLOAD_UNREADABLE = "The upload could not be read. Please choose the image again and retry.";
export const UPLOAD_NOT_MULTIPART = "Send the product as multipart/form-data with an image file.";
/** A listing posted without a photo, or with something that is not a file where the photo goes. */
export const CHOOSE_PHOTO = "Choose an image of the product (JPEG, PNG, WebP or GIF).";
/** The listing form sent (with JavaScript) before any photo is chosen: the one field it waits for. */
export const PHOTO_MISSING = "Add at least one photo: the listing is waiting for it.";

/** Renewing a listing (decision 0087): the API and the product page say until when ... */
export const renewedUntil = (expiresAt: number): string =>
  `Renewed: your listing stays on Browse until ${formatIndiaDate(expiresAt)}.`;
/** ... My Sells, whose card shows the date already, says for how long. */
export const RENEWED_FOR_A_PERIOD = `Renewed: your listing is back on Browse for ${LISTING_DAYS} days.`;

/** What a student of another college is told of a listing: whose marketplace it is on, nothing of it. */
export const elsewhereMessage = (market: string): string =>
  `This listing belongs to another college's marketplace (${market}): only its students can see it.`;

// ---------------------------------------------------------------------------------------------
// Buying and the reservation's steps (decision 0085)

/** My Purchases' lead: how the two meet is agreed in the listing's conversation (decision 0113). */
export const PURCHASES_LEAD =
  "Everything you have reserved and bought on Campus. Message the seller to agree where and when to meet; the seller confirms the handover.";
/** After a purchase: where to agree the meeting (Browse's dialog links to My Purchases, the product page to its form). */
export const MEET_BY_MESSAGE = "Agree where and when to meet in a message to the seller.";
/** The link to a purchase's conversation, or to the listing's page to start one. */
export const messageSellerLabel = (sellerName: string): string => `Message ${sellerName.trim().split(/\s+/)[0]}`;

/** The API's answer to a purchase, as the specification's clients read it. */
export const PURCHASE_SUCCESSFUL = "Purchase successful!";

/**
 * What every "Purchase successful!" on a screen is followed by (decision 0098): the specification's
 * words stay, and the buyer learns what they mean here.
 */
export const RESERVATION_TERMS = `It is held for you for ${RESERVATION_HOURS} hours: you pay when you meet the seller, and you can cancel on My Purchases until then.`;

/** The specification's words after a purchase, by what the server could do for the seller. */
export const PURCHASE_NOTIFIED = "Purchase successful! A notification has been sent to the seller.";
export const PURCHASE_DIRECT = "Purchase successful! Would you like to contact the seller via WhatsApp?";
export const PURCHASE_PLAIN =
  "Purchase successful! We couldn't notify the seller automatically. Please contact them directly.";

/** Which of them a purchase's answer calls for. */
export function purchaseMessage(notification: { sent: boolean; directLink: string | null }): string {
  return notification.sent ? PURCHASE_NOTIFIED : notification.directLink ? PURCHASE_DIRECT : PURCHASE_PLAIN;
}

/** A purchase whose seen price is missing or not a number (the API's JSON body, a screen's hidden field). */
export const SEEN_PRICE_NOT_A_NUMBER = "Send the price you saw as a number of rupees, for example 249.5.";
export const PURCHASE_BODY_TOO_LARGE = 'The request is too large: a purchase sends at most { "price": <rupees> }.';

export const HANDED_OVER = "Handover confirmed: the sale is complete. The buyer is told.";
export const RESERVATION_DECLINED = "Reservation declined: the product is on sale again. The buyer is told.";
export const RESERVATION_CANCELLED = "Reservation cancelled: the product is on sale again. The seller is told.";

/** After the handover each side rates the other once: the answer by the rater's side. */
export const RATED = {
  buyer: "Thank you: your rating of the seller is saved.",
  seller: "Thank you: your rating of the buyer is saved.",
} as const;

// ---------------------------------------------------------------------------------------------
// Saved and wanted (decision 0088)

/** The heart on a screen ... */
export const HEART_ANSWERS = { save: "Saved: it is on your Saved tab.", unsave: "Removed from Saved." } as const;
/** ... and `PUT /api/product/:id/save` (the removal says the same on both doors). */
export const SAVED = "Saved.";

export const WANTED_POSTED = "Posted: you get a notice when a matching listing appears.";
export const WANTED_DELETED = "Wanted post deleted.";
