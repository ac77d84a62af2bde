import { intents } from "#app/lib/intents.ts";

// The market's forms rendered by components for several pages; each page's action dispatches the
// sets it renders (docs/decisions/0124-typed-actions.md).

/** The heart on a listing (SaveButton, HeartForm): Browse, a product's page, a seller's page, Saved. */
export const HEART_INTENTS = intents("save", "unsave");
/** Browse's and a product's purchase. */
export const BUY_INTENTS = intents("buy");
/** A seller renewing an own listing (OwnListingPanel, My sells). */
export const RENEW_INTENTS = intents("renew");
/** A reservation between buyer and seller (Trade): the seller's and the buyer's side. */
export const SELLER_TRADE_INTENTS = intents("handover", "decline");
export const BUYER_TRADE_INTENTS = intents("cancel");
/** Either side rating the other after a handover (Trade). */
export const RATE_INTENTS = intents("rate");
/** "Mark as read" on the sale notices (SaleNotices). */
export const SALE_NOTICES_INTENTS = intents("mark-read");
/** A message to the seller from a product's page (MessageSeller). */
export const MESSAGE_SELLER_INTENTS = intents("message");
