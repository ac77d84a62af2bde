// Lost & found as the screens and the server both name it (docs/decisions/0128-lost-found-matching.md,
// 0129-lost-found-owners-proof.md): the sides, categories, limits and every sentence a member reads
// (decision 0103). Client-safe: imports only the generated enum lists.

import {
  LOST_FOUND_CLAIMS_STATUS,
  LOST_FOUND_POSTS_CATEGORY,
  LOST_FOUND_POSTS_SIDE,
  LOST_FOUND_POSTS_STATUS,
  LOST_FOUND_POSTS_TIME_OF_DAY,
} from "#common/enums.generated.ts";

export const LF_SIDES = LOST_FOUND_POSTS_SIDE;
export type LfSide = (typeof LF_SIDES)[number];
export const LF_CATEGORIES = LOST_FOUND_POSTS_CATEGORY;
export type LfCategory = (typeof LF_CATEGORIES)[number];
export const LF_TIMES = LOST_FOUND_POSTS_TIME_OF_DAY;
export type LfTime = (typeof LF_TIMES)[number];
export const LF_STATUSES = LOST_FOUND_POSTS_STATUS;
export type LfStatus = (typeof LF_STATUSES)[number];
export const LF_CLAIM_STATUSES = LOST_FOUND_CLAIMS_STATUS;
export type LfClaimStatus = (typeof LF_CLAIM_STATUSES)[number];

export const LF_CATEGORY_LABELS: Record<LfCategory, string> = {
  id_card: "ID card",
  phone: "Phone",
  wallet: "Wallet",
  keys: "Keys",
  bottle: "Bottle",
  book: "Book",
  electronics: "Electronics",
  clothing: "Clothing",
  other: "Other",
};
export const LF_TIME_LABELS: Record<LfTime, string> = {
  morning: "Morning",
  afternoon: "Afternoon",
  evening: "Evening",
  night: "Night",
  unsure: "Not sure when",
};
export const LF_CLAIM_LABELS: Record<LfClaimStatus, string> = {
  pending: "Waiting for the finder",
  accepted: "Accepted",
  declined: "Declined",
};
export const LF_STATUS_LABELS: Record<LfStatus, string> = { open: "Open", returned: "Returned", expired: "Expired" };
export const LF_SIDE_LABELS: Record<LfSide, string> = { lost: "Lost", found: "Found" };

/** A post is open this long after it was posted or renewed. */
export const LF_OPEN_DAYS = 30;
export const LF_OPEN_MS = LF_OPEN_DAYS * 24 * 60 * 60 * 1000;
/** A post may be renewed once it is in its last 7 days (or has expired). */
export const LF_RENEW_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** Open posts a member may have at once. */
export const LF_MAX_OPEN = 10;
/** Photos on a post (the marketplace's photo rules: common/market-photos.ts). */
export const LF_MAX_PHOTOS = 4;
/** What a post is, in the membership gate's sentence ("Verify your college e-mail to post lost & found."). */
export const LF_POST_WHAT = "post lost & found";
export const LF_CLAIM_WHAT = "claim a found item";

/** Every sentence of lost & found a member reads. */
export const LF = {
  posted: "Posted. We compare it with the other side's posts and tell you about likely matches.",
  updated: "Saved.",
  renewed: `Renewed: open for another ${LF_OPEN_DAYS} days.`,
  deleted: "Deleted.",
  claimed: "Your claim is sent. The finder reads your answer and accepts or declines it.",
  accepted: "Accepted. Agree on a place to hand it over.",
  declined: "Declined.",
  placeProposed: "Place proposed. The other side agrees to it on this page.",
  placeAgreed: "Agreed. Meet there and mark it returned once it is back with its owner.",
  returned: "Marked returned. The post is closed.",
  noPost: "There is no lost & found post with that id.",
  noClaim: "There is no claim with that id.",
  notYours: "Only the member who posted it can do that.",
  tooMany: `You have ${LF_MAX_OPEN} open posts. Close or delete one before posting another.`,
  notOpen: "This post is closed.",
  onlyFound:
    "Only a found item can be claimed. If you found what someone lost, message them through a found post of your own.",
  ownPost: "You cannot claim your own post.",
  claimedBefore: "You have already claimed this item. A declined claim cannot be made again.",
  claimsTooFast: "You are claiming too fast. Please wait a minute and try again.",
  alreadyAccepted: "Another claim of this item was accepted already.",
  claimDecided: "This claim was decided already.",
  notParty: "Only the finder and the accepted owner can do that.",
  notAccepted: "Accept a claim first: a handover is agreed with its owner.",
  noPlace: "Choose one of your college's meet-up places.",
  agreeOwn: "The other side agrees to the place you proposed.",
  noPlaceYet: "Propose a place first.",
  notDue: `This post does not need renewing yet: renew it in its last 7 days, or once it has expired.`,
  placeRequired: "Say where: choose one of your college's places or type where.",
  answerNeedsQuestion: "Give the question the owner answers as well as the detail you hold back.",
  noPhoto: "There is no such photo.",
  cardNameOnlyCards: "A name or e-mail is only asked of a found ID card.",
  idCardHidden: "A found ID card's photo is shown only to the finder and the college's moderators.",
  cardNotice: {
    title: "Your ID card may have been found",
    text: "A member found an ID card with your name or e-mail. Open it to claim it.",
  },
  matchNotice: {
    title: "Lost & found: a likely match",
    text: (side: LfSide) =>
      side === "lost"
        ? "A found item looks like what you lost. Open your post to see it."
        : "Someone lost what looks like the item you found. Open your post to see it.",
  },
  claimNotice: { title: "Lost & found: a claim", text: "A member claims the item you found. Read their answer." },
  acceptedNotice: { title: "Lost & found: your claim was accepted", text: "Agree on a place to get it back." },
  declinedNotice: { title: "Lost & found: your claim was declined", text: "The finder did not recognise your answer." },
  returnedNotice: { title: "Lost & found: returned", text: "The item was marked returned and the post is closed." },
  expiredNotice: {
    title: "Lost & found: a post expired",
    text: `Your post was open for ${LF_OPEN_DAYS} days. Renew it if you are still looking.`,
  },
} as const;

/** "Lost · Phone" */
export function lfHeadline(side: LfSide, category: LfCategory): string {
  return `${LF_SIDE_LABELS[side]} · ${LF_CATEGORY_LABELS[category]}`;
}

/** What the screens say (decision 0103). */
export const LF_SCREEN = {
  title: "Lost & found",
  lead: "Things lost and found on your college. Post what you lost or found: likely matches are shown to both of you.",
  empty: "Nothing here yet. Lost something, or found something? Post it.",
  newTitle: "Post lost or found",
  newLead:
    "Photos first, then what it is and where. A found item can hold back one detail and ask a question only its owner can answer.",
  editTitle: "Edit your post",
  editLead:
    "Change the words, the question or the detail you hold back. New words are compared again with the other side's posts: a likely match is told to both of you once.",
  editClosed: "This post is closed: only an open post can be edited.",
  mineTitle: "My lost & found",
  mineLead: "Your posts and the claims you made.",
  noPlaces: "Your college has not listed meet-up places yet: type where instead.",
  photoHint: `Up to ${LF_MAX_PHOTOS} photos (JPEG, PNG, WebP or GIF, at most 5 MB each), made smaller on your phone before they are sent. A found ID card's photo is shown only to you and the college's moderators.`,
  questionHint: "Found items only. The owner answers it when they claim the item.",
  answerHint: "Found items only. Never shown to anyone else: you compare it with the owner's answer.",
  cardNameHint: "Found ID cards only. If it names a member of your college, they are told privately.",
  cardHidden: "A found ID card: its photo is shown only to its finder and the college's moderators.",
  claimLead: "Is it yours? Answer the finder's question, or say what proves it is yours. The finder reads your answer.",
  claimsTitle: "Claims",
  moderatorClaimsTitle: "Claims (seen by moderators)",
  noClaims: "No claims yet.",
  matchesTitle: "Likely matches",
  noMatches: "No likely matches yet. You are told when one is posted.",
  handoverTitle: "Handover",
  handoverLead: "Agree on one of your college's meet-up places.",
  expiredLead: `This post has expired. Renew it to keep it open for another ${LF_OPEN_DAYS} days.`,
  returnedLead: "Returned to its owner. This post is closed.",
  hiddenLead: "Hidden after reports: only you and the moderators see it.",
} as const;
