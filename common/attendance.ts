// The attendance arithmetic of the 75% rule (docs/decisions/0109-timetable-and-attendance.md).
// Pure and in whole numbers: a student at 74.96% must never read "75%", and "can miss 2 more" must
// be exactly right at the edge, so nothing here goes through a float comparison.
import { ATTENDANCE_MARKS_STATUS } from "#common/enums.generated.ts";
import { ATTENDANCE_MESSAGES as M } from "#common/timetable-messages.ts";

/** A mark: present, absent, or the class was cancelled (the migration's CHECK list, decision 0122). */
export const ATTENDANCE_STATUSES = ATTENDANCE_MARKS_STATUS;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export type AttendanceState =
  /** Nothing held yet (marks of cancelled classes do not count). */
  | "none"
  /** At or above the threshold: `n` more may be missed (0 at exactly the threshold). */
  | "safe"
  /** Below it: attending the next `n` gets back to it. */
  | "short"
  /** Below 100% when the rule is 100%: no number of classes gets back. */
  | "unreachable";

export interface AttendanceSummary {
  attended: number;
  held: number;
  threshold: number;
  /** Tenths of a percent, rounded down (749 = 74.9%); null when nothing was held. */
  percentTenths: number | null;
  state: AttendanceState;
  n: number;
}

/**
 * The summary of `attended` of `held` classes against a threshold in whole percent (1..100).
 * The percentage is rounded down to a tenth, so it never shows the threshold before it is reached.
 * "Can miss N": the largest N with attended / (held + N) >= t. "Attend the next N": the smallest N
 * with (attended + N) / (held + N) >= t. Both are solved exactly in integers.
 */
export function attendanceSummary(attended: number, held: number, threshold: number): AttendanceSummary {
  const a = Math.max(0, Math.floor(attended));
  const h = Math.max(a, Math.floor(held));
  const t = Math.min(100, Math.max(1, Math.floor(threshold)));
  if (h === 0) return { attended: 0, held: 0, threshold: t, percentTenths: null, state: "none", n: 0 };
  const percentTenths = Math.floor((a * 1000) / h);
  const surplus = 100 * a - t * h;
  if (surplus >= 0)
    return { attended: a, held: h, threshold: t, percentTenths, state: "safe", n: Math.floor(surplus / t) };
  if (t === 100) return { attended: a, held: h, threshold: t, percentTenths, state: "unreachable", n: 0 };
  return { attended: a, held: h, threshold: t, percentTenths, state: "short", n: Math.ceil(-surplus / (100 - t)) };
}

/** 749 -> "74.9%", 750 -> "75%". */
export function percentText(tenths: number): string {
  return tenths % 10 === 0 ? `${tenths / 10}%` : `${Math.floor(tenths / 10)}.${tenths % 10}%`;
}

/** The honest sentence for a summary. */
export function attendanceSentence(s: AttendanceSummary): string {
  switch (s.state) {
    case "none":
      return M.noneHeld;
    case "safe":
      if (s.n > 0) return M.canMiss(s.n, s.threshold);
      return 100 * s.attended === s.threshold * s.held ? M.atThreshold(s.threshold) : M.noneToSpare(s.threshold);
    case "short":
      return M.attendNext(s.n, s.threshold);
    case "unreachable":
      return M.unreachable(s.threshold);
  }
}
