// How an assignment's due date reads and looks (spec §4), in India time. Pure, so it is unit-tested
// at the boundaries (India midnight, exactly 2 and 7 days).

import { formatIndiaWeekdayDate } from "#common/format.ts";

export type DueTone = "overdue" | "soon" | "later" | "none";

const DAY = 86_400_000;
const IST_OFFSET = 5.5 * 3_600_000;

/** Days since the epoch, counted in India time. */
export function indiaDay(t: number): number {
  return Math.floor((t + IST_OFFSET) / DAY);
}

export interface DueInfo {
  label: string;
  tone: DueTone;
}

export function dueInfo(dueDate: number | null, now: number): DueInfo {
  if (dueDate === null) return { label: "No due date", tone: "none" };
  if (dueDate < now) return { label: "Overdue", tone: "overdue" };
  const days = indiaDay(dueDate) - indiaDay(now);
  const tone: DueTone = days <= 2 ? "soon" : "later";
  if (days === 0) return { label: "Due today", tone };
  if (days === 1) return { label: "Due tomorrow", tone };
  if (days < 7) return { label: `Due in ${days} days`, tone };
  return { label: `Due ${formatIndiaWeekdayDate(dueDate)}`, tone };
}

/** A submission's state as the server hands it over (worker/lib/classroom.ts). */
export type WorkState = "TURNED_IN" | "RETURNED" | "ASSIGNED";

/** Work turned in or returned is done: it is never overdue or due. */
export function isDone(state: WorkState): boolean {
  return state === "TURNED_IN" || state === "RETURNED";
}

/** The due badge of a piece of work: its due wording while it is still to do, none once it is done. */
export function assignmentDue(state: WorkState, dueDate: number | null, now: number): DueInfo | null {
  return isDone(state) ? null : dueInfo(dueDate, now);
}

export type WorkTone = "turned-in" | "returned" | "missing" | "assigned";

export interface WorkStatus {
  label: "Turned in" | "Returned" | "Missing" | "Assigned";
  tone: WorkTone;
}

/** The state badge in words: missing is work not turned in whose deadline has passed. */
export function workStatus(state: WorkState, dueDate: number | null, now: number): WorkStatus {
  if (state === "TURNED_IN") return { label: "Turned in", tone: "turned-in" };
  if (state === "RETURNED") return { label: "Returned", tone: "returned" };
  if (dueDate !== null && dueDate < now) return { label: "Missing", tone: "missing" };
  return { label: "Assigned", tone: "assigned" };
}

export const WORK_TONE_CLASSES: Record<WorkTone, string> = {
  "turned-in": "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  returned: "bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200",
  missing: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  assigned: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
};

/** Red overdue, orange at 2 days or fewer, green otherwise, grey without a date. */
export const DUE_TONE_CLASSES: Record<DueTone, string> = {
  overdue: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  soon: "bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200",
  later: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  none: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
};

/** Soonest first; work without a due date last (the original order kept among equals). */
export function sortByDue<T extends { dueDate: number | null }>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) => (a.dueDate ?? Number.POSITIVE_INFINITY) - (b.dueDate ?? Number.POSITIVE_INFINITY) || 0,
  );
}

export const DESCRIPTION_LIMIT = 200;

export function cutDescription(text: string | null): string | null {
  if (!text) return null;
  return text.length > DESCRIPTION_LIMIT ? `${text.slice(0, DESCRIPTION_LIMIT)}...` : text;
}
