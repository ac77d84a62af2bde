import { describe, expect, it } from "vitest";
import { assignmentDue, cutDescription, dueInfo, sortByDue, workStatus } from "#common/classroom-due.ts";
import { formatIndiaWeekdayDate as formatIndiaDate } from "#common/format.ts";

// 14 Sep 2026, 12:00 in India (06:30 UTC).
const NOON_IST = Date.UTC(2026, 8, 14, 6, 30);
const HOUR = 3_600_000;
/** A moment on the India calendar: 14 Sep 2026 + `days`, at hh:mm India time. */
const ist = (days: number, hh: number, mm = 0) => Date.UTC(2026, 8, 14 + days, hh, mm) - 5.5 * HOUR;

describe("due wording and colour", () => {
  it("says 'No due date' in grey when there is none", () => {
    expect(dueInfo(null, NOON_IST)).toEqual({ label: "No due date", tone: "none" });
  });

  it("is overdue in red the moment the deadline passes, even on the same day", () => {
    expect(dueInfo(NOON_IST - 1, NOON_IST)).toEqual({ label: "Overdue", tone: "overdue" });
    expect(dueInfo(ist(-3, 9), NOON_IST)).toEqual({ label: "Overdue", tone: "overdue" });
    expect(dueInfo(NOON_IST, NOON_IST)).toEqual({ label: "Due today", tone: "soon" });
  });

  it("counts days on the India calendar: 23:59 tonight is today, 00:00 is tomorrow", () => {
    expect(dueInfo(ist(0, 23, 59), NOON_IST)).toEqual({ label: "Due today", tone: "soon" });
    expect(dueInfo(ist(1, 0, 0), NOON_IST)).toEqual({ label: "Due tomorrow", tone: "soon" });
    // Just before India midnight, something due at 00:30 is due tomorrow, not today.
    expect(dueInfo(ist(1, 0, 30), ist(0, 23, 59))).toEqual({ label: "Due tomorrow", tone: "soon" });
    // ...and just after midnight the same work is due today.
    expect(dueInfo(ist(1, 0, 30), ist(1, 0, 1))).toEqual({ label: "Due today", tone: "soon" });
  });

  it("is orange at exactly 2 days and green from 3", () => {
    expect(dueInfo(ist(2, 23, 59), NOON_IST)).toEqual({ label: "Due in 2 days", tone: "soon" });
    expect(dueInfo(ist(3, 0, 0), NOON_IST)).toEqual({ label: "Due in 3 days", tone: "later" });
  });

  it("says 'Due in 6 days' below 7 and the full India date at exactly 7", () => {
    expect(dueInfo(ist(6, 23, 59), NOON_IST)).toEqual({ label: "Due in 6 days", tone: "later" });
    const seven = ist(7, 0, 0);
    expect(dueInfo(seven, NOON_IST)).toEqual({ label: `Due ${formatIndiaDate(seven)}`, tone: "later" });
    expect(formatIndiaDate(seven)).toMatch(/^Mon, 21 Sept?,? 2026$/);
  });

  it("shows the date in India time, not UTC (19:00 UTC is already the next day in India)", () => {
    expect(formatIndiaDate(Date.UTC(2026, 8, 20, 19, 0))).toMatch(/^Mon, 21 Sept?,? 2026$/);
  });
});

describe("sorting", () => {
  it("puts the soonest first and work without a due date last, keeping their order", () => {
    const list = [
      { id: "none-1", dueDate: null },
      { id: "late", dueDate: ist(9, 9) },
      { id: "overdue", dueDate: ist(-1, 9) },
      { id: "none-2", dueDate: null },
      { id: "soon", dueDate: ist(0, 18) },
    ];
    expect(sortByDue(list).map((a) => a.id)).toEqual(["overdue", "soon", "late", "none-1", "none-2"]);
    expect(list[0]?.id).toBe("none-1");
  });
});

describe("descriptions", () => {
  it("are cut at 200 characters with '...'", () => {
    const exactly200 = "a".repeat(200);
    expect(cutDescription(exactly200)).toBe(exactly200);
    expect(cutDescription(`${exactly200}b`)).toBe(`${exactly200}...`);
    expect(cutDescription("")).toBeNull();
    expect(cutDescription(null)).toBeNull();
  });
});

describe("work that is turned in or returned", () => {
  it("is never overdue or due: no due badge, whatever its date", () => {
    expect(assignmentDue("RETURNED", ist(-3, 17), NOON_IST)).toBeNull();
    expect(assignmentDue("TURNED_IN", ist(1, 9), NOON_IST)).toBeNull();
    expect(assignmentDue("TURNED_IN", null, NOON_IST)).toBeNull();
    expect(assignmentDue("ASSIGNED", ist(1, 9), NOON_IST)).toEqual({ label: "Due tomorrow", tone: "soon" });
    expect(assignmentDue("ASSIGNED", ist(-1, 17), NOON_IST)).toEqual({ label: "Overdue", tone: "overdue" });
  });

  it("reads Turned in, Returned, Assigned or Missing (not turned in and past due), never Google's raw values", () => {
    expect(workStatus("TURNED_IN", ist(-2, 9), NOON_IST)).toEqual({ label: "Turned in", tone: "turned-in" });
    expect(workStatus("RETURNED", ist(-3, 17), NOON_IST)).toEqual({ label: "Returned", tone: "returned" });
    expect(workStatus("ASSIGNED", ist(-1, 17), NOON_IST)).toEqual({ label: "Missing", tone: "missing" });
    expect(workStatus("ASSIGNED", NOON_IST - 1, NOON_IST)).toEqual({ label: "Missing", tone: "missing" });
    expect(workStatus("ASSIGNED", NOON_IST, NOON_IST)).toEqual({ label: "Assigned", tone: "assigned" });
    expect(workStatus("ASSIGNED", null, NOON_IST)).toEqual({ label: "Assigned", tone: "assigned" });
  });
});
