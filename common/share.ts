// Sharing a page and the preview a chat app draws of its link (docs/decisions/0131-sharing-without-leaking.md):
// the sentences, apart from any feature's message table, so a page near its script budget
// (/product/:id) carries only these.

export const SHARE_WORDS = {
  share: "Share",
  copied: "Link copied.",
  copyFailed: "Copy the address from the address bar to share it.",
} as const;

/** A visitor's preview of a members-only event: only its college. */
export const eventPreviewForVisitor = (college: string) => `An event at ${college} on Campus. Sign in to see it.`;

/** The preview of a listing for someone it is not shown to: only its college. */
export const listingPreviewElsewhere = (college: string) => `A listing at ${college} on Campus. Sign in to see it.`;

/** Sharing a class's week from /timetable and from the week's own page (docs/decisions/0136-the-week-on-a-phone.md). */
export const CLASS_WEEK_SHARE_WORDS = { ...SHARE_WORDS, share: "Share this class's week" } as const;
