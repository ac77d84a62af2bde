import { describe, expect, it } from "vitest";
import {
  formatIndiaDate,
  formatIndiaDateTime,
  formatIndiaDay,
  formatIndiaDayMonth,
  formatIndiaShortDateTime,
  formatIndiaWeekdayDate,
  formatIndiaWeekdayDateTime,
  formatRupees,
} from "#common/format.ts";

describe("India time", () => {
  it("shows an instant on India's calendar and clock, whatever the runtime's zone", () => {
    // 20:00 UTC on 1 March is already 2 March in India.
    expect(formatIndiaDate(Date.UTC(2026, 2, 1, 20, 0))).toBe("2 Mar 2026");
    expect(formatIndiaDateTime(Date.UTC(2026, 0, 31, 20, 0))).toBe("1 Feb 2026, 1:30 am");
    expect(formatIndiaDateTime(Date.parse("2026-03-05T16:10:00Z"))).toBe("5 Mar 2026, 9:40 pm");
  });

  it("writes noon and midnight as 12", () => {
    expect(formatIndiaShortDateTime(Date.parse("2026-03-05T10:35:00Z"))).toBe("5 Mar, 4:05 pm");
    expect(formatIndiaShortDateTime(Date.parse("2026-03-04T18:45:00Z"))).toBe("5 Mar, 12:15 am");
    expect(formatIndiaShortDateTime(Date.parse("2026-03-05T06:30:00Z"))).toBe("5 Mar, 12:00 pm");
  });

  it("names the weekday of due dates, with the same month names everywhere", () => {
    expect(formatIndiaWeekdayDate(Date.UTC(2026, 8, 20, 19, 0))).toBe("Mon, 21 Sep 2026");
    expect(formatIndiaWeekdayDateTime(Date.UTC(2026, 8, 21, 10, 35))).toBe("Mon, 21 Sep 2026, 4:05 pm");
  });

  it("writes India dates and short days", () => {
    expect(formatIndiaDay("2026-03-05")).toBe("Thu, 5 Mar");
    expect(formatIndiaDayMonth(Date.parse("2026-11-20T18:30:00Z"))).toBe("21 Nov");
    expect(formatIndiaDayMonth(Date.parse("2026-11-20T18:29:59Z"))).toBe("20 Nov");
  });
});

describe("formatRupees", () => {
  it("groups digits the Indian way and keeps paise to two places", () => {
    expect(formatRupees(0)).toBe("₹0");
    expect(formatRupees(100)).toBe("₹1");
    expect(formatRupees(650_000)).toBe("₹6,500");
    expect(formatRupees(12_500_000)).toBe("₹1,25,000");
    expect(formatRupees(100_000_000)).toBe("₹10,00,000");
    expect(formatRupees(12345600)).toBe("₹1,23,456");
    expect(formatRupees(24950)).toBe("₹249.50");
    expect(formatRupees(1_050)).toBe("₹10.50");
  });
});
