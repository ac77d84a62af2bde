import { describe, expect, it } from "vitest";
import {
  addDays,
  ceilToMinute,
  clock,
  indiaDate,
  indiaInstant,
  indiaMinutes,
  indiaWeekday,
  isCalendarDate,
  weekdayOfDate,
} from "#common/india-time.ts";

describe("India time", () => {
  it("moves to the next India date at 18:30 UTC", () => {
    expect(indiaDate(Date.parse("2026-03-04T18:29:59Z"))).toBe("2026-03-04");
    expect(indiaDate(Date.parse("2026-03-04T18:30:00Z"))).toBe("2026-03-05");
  });

  it("gives minutes after India midnight and the India weekday", () => {
    expect(indiaMinutes(Date.parse("2026-03-05T02:00:00Z"))).toBe(450); // 07:30 IST
    expect(indiaWeekday(Date.parse("2026-03-08T18:30:00Z"))).toBe(1); // Monday 00:00 IST
    expect(indiaWeekday(Date.parse("2026-03-08T18:29:00Z"))).toBe(7); // still Sunday in India
    expect(weekdayOfDate("2026-03-09")).toBe(1);
  });

  it("turns an India date and time back into the UTC instant", () => {
    expect(new Date(indiaInstant("2026-03-05", 480)).toISOString()).toBe("2026-03-05T02:30:00.000Z");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(clock(1170)).toBe("19:30");
  });

  it("accepts only real calendar dates", () => {
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2026-02-30")).toBe(false);
    expect(isCalendarDate("05-03-2026")).toBe(false);
  });

  it("rounds an instant up to the minute (formatting is tested in app/lib/format.test.ts)", () => {
    expect(ceilToMinute(Date.parse("2026-03-05T10:35:00.001Z"))).toBe(Date.parse("2026-03-05T10:36:00Z"));
    expect(ceilToMinute(Date.parse("2026-03-05T10:35:00Z"))).toBe(Date.parse("2026-03-05T10:35:00Z"));
  });
});
