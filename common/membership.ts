import { formatIndiaDateTime } from "#common/format.ts";

// Campus membership rules that the screens and the server both apply (
// docs/decisions/0073-campuses.md). Pure: the server decides, the screens only explain.

/** Who the signed-in student is, as far as membership goes. Part of the session user. */
export interface Membership {
  campusId: string;
  campusName: string;
  campusShortName: string;
  /** The Open community: addresses of no known college (only with OPEN_SIGNUP). Works as Campus did before campuses. */
  openCommunity: boolean;
  /** The address is proven (an e-mailed code, or Google vouching for it). */
  verified: boolean;
  /** Suspended by a moderator until this time: reads, but does not post, buy or book. Null: never, or over. */
  suspendedUntil: number | null;
  /** The moderator's reason, shown with the suspension. */
  suspensionReason: string | null;
}

/** Suspended at `now`: the suspension's end is still ahead. */
export function isSuspended(member: Pick<Membership, "suspendedUntil">, now = Date.now()): boolean {
  return member.suspendedUntil !== null && member.suspendedUntil > now;
}

/**
 * May post, buy, book, rate and see contact details: a verified member of a college, or a member of
 * the Open community (which has no college e-mail to verify).
 */
export function mayAct(member: Pick<Membership, "openCommunity" | "verified">): boolean {
  return member.openCommunity || member.verified;
}

/** The 403 message of a suspended student's write, and the screens' banner. */
export function suspendedMessage(until: number, reason: string | null): string {
  // A reason that already ends a sentence ("Abusive listings.") gets no second full stop.
  return `Your account is suspended until ${formatIndiaDateTime(until)}${reason ? `: ${reason.replace(/[.!?]+$/, "")}` : ""}.`;
}

/** The banner on every page of a suspended student: its heading, and what they can still do. */
export function suspendedBanner(until: number, reason: string | null): { title: string; text: string } {
  return {
    title: `Your account is suspended until ${formatIndiaDateTime(until)}`,
    text: `${reason ? `A moderator gave this reason: ${reason.replace(/[.!?]\s*$/, "")}. ` : ""}You can read, but not post, buy or book. `,
  };
}

/** The 403 message of a gated write, and the verify banner's text: `verifyFirst("sell on the marketplace")`. */
export function verifyFirst(what: string): string {
  return `Verify your college e-mail to ${what}.`;
}

/** Contact details (WhatsApp, e-mail, phone) are shown only to members who may act, of the owner's campus. */
export function mayContact(
  viewer: Pick<Membership, "openCommunity" | "verified" | "campusId"> | null | undefined,
  ownerCampusId: string,
): boolean {
  return !!viewer && mayAct(viewer) && viewer.campusId === ownerCampusId;
}

/** The badge on listings, requests and roommate posts of verified members: "Verified CIT student". */
export function verifiedBadge(campusShortName: string): string {
  return `Verified ${campusShortName} student`;
}

/** The domain of an address, lower case: "Asha@CSE.Campus.test" -> "cse.campus.test". */
export function emailDomain(email: string): string {
  return email
    .slice(email.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase();
}

/** The domain and each parent of it, nearest first: "cse.campus.test" -> ["cse.campus.test", "campus.test", "test"]. */
export function domainCandidates(domain: string): string[] {
  const parts = domain.split(".").filter(Boolean);
  return parts.map((_, i) => parts.slice(i).join("."));
}
