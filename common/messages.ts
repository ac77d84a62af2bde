// Conversations about listings (docs/decisions/0113-conversations.md): the rules and sentences the
// screens and the Worker share, and the shapes both doors send.

import { CONVERSATION_REPORTS_REASON, MESSAGES_KIND } from "#common/enums.generated.ts";

/** A message is at most this many characters. */
export const MESSAGE_MAX = 1000;
/** What a member may do before they can message: the verification gate's sentence ("Verify ... to <this>."). */
export const MESSAGE_SELLER = "message a seller";
/** One page of a thread. */
export const THREAD_PAGE = 50;

/** One-tap openers on a product page: the first message of a conversation, in one press. */
export const OPENERS = [
  "Is this still available?",
  "Can you do a lower price?",
  "Where can we meet?",
  "Is it in good condition?",
] as const;

/** The one-tap openers of a buyer who has reserved the listing already: the meeting is what is left to agree. */
export const RESERVED_OPENERS = ["Where can we meet?", "When are you free to meet?"] as const;

export const CONVERSATION_MESSAGES = {
  noConversation: "This conversation does not exist, or you are not in it.",
  ownListing: "This is your own listing: buyers message you here, and you answer from Messages.",
  listingGone:
    "This listing is no longer on sale, so a new conversation cannot start. Your earlier conversations stay in Messages.",
  blocked: "You can't message this member.",
  tooFast: "You are sending messages too fast. Please wait a minute and try again.",
  blockedDone: "Blocked. They can no longer message you, and you can't message them.",
  unblockedDone: "Unblocked. You can message each other again.",
  reported: "Thanks. A moderator of your college will read this conversation and act on it.",
  alreadyReported: "You have already reported this conversation. A moderator will look at it.",
  noOpenReports: "This conversation has no open reports at your college.",
  offerSent: "Offer sent. The seller can accept or decline it here.",
  offerWaiting: "You already have an offer waiting for the seller's answer. Withdraw it to make another.",
  offerOnlyBuyer: "Only the buyer makes offers in a conversation.",
  offerOnlySeller: "Only the seller accepts or declines an offer.",
  offerGone: "This offer was already answered or withdrawn.",
  offerAccepted: "Offer accepted: the listing is reserved for them at that price. Agree where and when to meet.",
  offerDeclined: "Offer declined.",
  offerWithdrawn: "Offer withdrawn.",
  notAvailable: "Sorry, this product has just been sold to someone else.",
  buyerCannotReserve:
    "This buyer can't reserve anything right now, so their offer can't be accepted. Decline it, or wait.",
  meetupNeedsReservation:
    "Agree a meet-up once the listing is reserved for this buyer (accept an offer, or they press Buy).",
  meetupProposed: "Meet-up proposed. The other side agrees to it here.",
  meetupAgreed: "Meet-up agreed. See you there!",
  meetupNothing: "There is no proposed meet-up to agree to.",
  meetupOwn: "Wait for the other side to agree to your proposal, or propose another.",
  noPlace: "Choose one of your college's meet-up places.",
  contactNone: "Add your WhatsApp number on your account page first, then share it here.",
  contactShared: "Your WhatsApp number is now in this conversation.",
  sent: "Sent.",
  /** The close reason of a live socket whose session ended (signed out, secured, expired). */
  socketSignedOut: "Signed out.",
} as const;

/** The close code of a live socket whose session ended: the page does not reconnect, it signs in again. */
export const SOCKET_SIGNED_OUT = 4001;

/** The warning shown beside a message that links to a payment page outside Campus. */
export const PAYMENT_LINK_WARNING =
  "This message links to a payment page. Campus never asks you to pay online: pay in person at the meet-up, after you have seen the item.";

/**
 * Links to pay outside Campus: UPI deep links, payment pages and wallets. Matched case-insensitively
 * anywhere in a message; a flagged message is still delivered, with PAYMENT_LINK_WARNING beside it.
 */
const PAYMENT_LINK =
  /(upi:\/\/|\b(?:paytm|phonepe|gpay|razorpay|paypal|instamojo|cashfree|payu|pay\.google)\b[\w.-]*\.(?:com|me|in|link)|\brzp\.io\b|\bpaypal\.me\b|https?:\/\/\S*(?:pay|checkout|upi)\S*)/i;

export function linksToPayment(text: string): boolean {
  return PAYMENT_LINK.test(text);
}

/** What a message is: a screen draws each kind its own way (the messages table's CHECK is the list). */
export const MESSAGE_KINDS = MESSAGES_KIND;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Why a member reports a conversation (the conversation_reports table's CHECK), as the report form and the moderators' list say it. */
export type ReportReason = (typeof CONVERSATION_REPORTS_REASON)[number];
export const REPORT_REASONS: Record<ReportReason, string> = {
  scam: "Scam or asks for money in advance",
  offensive: "Offensive or harassing",
  personal_information: "Asks for personal information",
  other: "Something else",
};
export const REPORT_REASON_IDS = CONVERSATION_REPORTS_REASON;

/** A message as both doors send it, and as the socket delivers it. */
export interface MessageView {
  id: string;
  seq: number;
  kind: MessageKind;
  body: string;
  /** Offers and their answers: the price in paise. */
  pricePaise: number | null;
  /** Sent by the reader. */
  mine: boolean;
  /** The sender's first name, or null for a note from Campus. */
  senderName: string | null;
  flagged: boolean;
  createdAt: number;
}

/** What the socket sends: new messages of the conversation, the other side's seen mark, or typing. */
export type SocketEvent =
  | { type: "message"; message: Omit<MessageView, "mine"> & { senderId: string | null } }
  | { type: "seen"; userId: string; seq: number }
  | { type: "typing"; userId: string };

export interface ConversationSummary {
  id: string;
  productId: string;
  productTitle: string;
  productPhoto: string | null;
  pricePaise: number;
  /** The reader's side. */
  role: "buyer" | "seller";
  otherName: string;
  lastMessage: string | null;
  lastMessageAt: number;
  unread: number;
}
