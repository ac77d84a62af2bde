// Reports and moderation as the screens and the server both name them (
// docs/decisions/0082-reports-and-moderation.md). Pure.

import { CONTENT_REPORTS_KIND, CONTENT_REPORTS_REASON } from "#common/enums.generated.ts";

/** What can be reported (the content_reports table's CHECK). */
export const REPORT_KINDS = CONTENT_REPORTS_KIND;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const kindLabel: Record<ReportKind, string> = {
  listing: "listing",
  request: "Study Swap request",
  roommate: "roommate post",
  complaint: "complaint",
  library: "library item",
  lostfound: "lost & found post",
};

/** Why (the content_reports table's CHECK). */
export const REPORT_REASONS = CONTENT_REPORTS_REASON;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const reasonLabel: Record<ReportReason, string> = {
  scam: "Scam or fraud",
  offensive: "Offensive",
  wrong_category: "Wrong category",
  personal_information: "Shares someone's personal information",
  graded_work: "Asks someone to do graded work for them",
  copyright: "Copies someone's work without permission (copyright)",
  other: "Something else",
};

/** What a report is, in the gate's message: "Verify your college e-mail to report content." */
export const REPORT_WHAT = "report content";

/**
 * Content reported by this many different proven members (a verified address) is hidden until a
 * moderator looks (docs/decisions/0094-reports-by-proven-members.md).
 */
export const AUTO_HIDE_AT = 3;
export const AUTO_HIDE_REASON = "Reported by several students; hidden until a moderator looks at it.";

/**
 * A copyright report of a library item hides it at once, until a moderator decides: a college
 * hosting a copied textbook must take it down when told, not after three students agree.
 */
export const COPYRIGHT_HIDE_REASON = "Reported as copied without permission; hidden until a moderator decides.";

/** Whether a report of this kind for this reason hides the content at once. */
export function hidesAtOnce(kind: ReportKind, reason: ReportReason): boolean {
  return kind === "library" && reason === "copyright";
}

export const SUSPEND_MAX_DAYS = 90;
