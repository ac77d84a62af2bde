// Study Swap helpers shared by the screens and the Worker: the shape of a request as the API
// answers it, budget parsing, contact links and India-time dates. What only one screen shows (the
// board's samples, the posting form's honour code) is in that screen's modules, so the pages that
// share this module do not load it.

import type { STUDY_REQUESTS_STATUS } from "#common/enums.generated.ts";

export interface Attachment {
  url: string;
  name: string;
  contentType: string;
  size: number;
}

export interface StudyRequest {
  _id: string;
  title: string;
  subject: string;
  /** "" when not given (clients read it as text; the database keeps NULL). */
  deadline: string;
  /** As written; "" when not given. */
  budget: string;
  /** The number in the budget text, for sorting; null when there is none ("negotiable") or no budget. */
  budgetValue: number | null;
  /** A number, or "" when not given. */
  pages: number | "";
  requirements: string;
  /** An e-mail address or phone number; null for a viewer who may not see contacts (unverified: decision 0073). */
  contact: string | null;
  /** "Verified CIT student" when the poster proved their college address; null otherwise. */
  verifiedBadge: string | null;
  /** UTC epoch milliseconds. */
  createdAt: number;
  attachment: Attachment | null;
  /** The viewer posted it (no Report on one's own: decision 0082). */
  mine?: boolean;
  /** Why a moderator hid it (only its owner and staff still see it); null when shown to all. */
  hiddenReason?: string | null;
}

export interface MyStudyRequest extends StudyRequest {
  status: (typeof STUDY_REQUESTS_STATUS)[number];
  closedAt: number | null;
}

export interface Writer {
  _id: string;
  name: string;
  expertise: string;
  /** Rupees per page, or null when the writer did not give one. */
  rate: number | null;
  /** Shown only to signed-in visitors; null otherwise. */
  contact: string | null;
}

/**
 * The first number in a budget text: "$150" is 150, "₹2,000" is 2000, "150-200" is 150 (the
 * lower end), "2k" is 2000, "negotiable" has none (null).
 */
export function parseBudget(text: string | null | undefined): number | null {
  if (!text) return null;
  const match = /(\d[\d,]*(?:\.\d+)?)\s*(k\b)?/i.exec(text);
  if (!match?.[1]) return null;
  const value = Number(match[1].replace(/,/g, "")) * (match[2] ? 1000 : 1);
  return Number.isFinite(value) ? value : null;
}

export type SortOrder = "latest" | "budget-high" | "budget-low";

/** Requests in the chosen order; budgets without a number always come last. */
export function sortRequests<T extends Pick<StudyRequest, "createdAt" | "budgetValue">>(
  list: readonly T[],
  order: SortOrder,
): T[] {
  const copy = [...list];
  if (order === "latest") return copy.sort((a, b) => b.createdAt - a.createdAt);
  const sign = order === "budget-high" ? -1 : 1;
  return copy.sort((a, b) => {
    if (a.budgetValue === null || b.budgetValue === null) {
      if (a.budgetValue === b.budgetValue) return b.createdAt - a.createdAt;
      return a.budgetValue === null ? 1 : -1;
    }
    return sign * (a.budgetValue - b.budgetValue) || b.createdAt - a.createdAt;
  });
}

/** Case-insensitive "contains" on the subject; an empty filter matches everything. */
export function filterBySubject<T extends Pick<StudyRequest, "subject">>(list: readonly T[], filter: string): T[] {
  const needle = filter.trim().toLowerCase();
  return needle ? list.filter((item) => item.subject.toLowerCase().includes(needle)) : [...list];
}

/** An e-mail link when the contact has an @, otherwise a phone link. */
export function contactHref(contact: string): string {
  return contact.includes("@") ? `mailto:${contact.trim()}` : `tel:${contact.replace(/[^\d+]/g, "")}`;
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** What an unverified college account may not do yet: the 403's and the verify banner's words. */
export const POST_REQUEST = "post a Study Swap request";
export const BECOME_WRITER = "become a writer";
export const CONTACT_STUDENTS = "contact students";
