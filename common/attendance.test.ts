import { describe, expect, it } from "vitest";
import { attendanceSentence, attendanceSummary, percentText } from "#common/attendance.ts";

// The 75% arithmetic at its edges: nothing held, exactly at the threshold, one below, rounding, 80%
// and 100% rules. Each expectation is checked against the definition by brute force too.

/** The definitions, by counting: the largest N with a/(h+N) >= t, the smallest N with (a+N)/(h+N) >= t. */
function byCounting(a: number, h: number, t: number): { state: string; n: number } {
  if (h === 0) return { state: "none", n: 0 };
  if (100 * a >= t * h) {
    let n = 0;
    while (100 * a >= t * (h + n + 1)) n += 1;
    return { state: "safe", n };
  }
  if (t === 100) return { state: "unreachable", n: 0 };
  let n = 0;
  while (100 * (a + n) < t * (h + n)) n += 1;
  return { state: "short", n };
}

describe("attendanceSummary", () => {
  it("says no classes were held when none were (a = h = 0), with no percentage", () => {
    const s = attendanceSummary(0, 0, 75);
    expect(s).toMatchObject({ state: "none", percentTenths: null, n: 0 });
    expect(attendanceSentence(s)).toBe("No classes held yet.");
  });

  it("is exactly at 75% with 3 of 4: can miss none", () => {
    const s = attendanceSummary(3, 4, 75);
    expect(s).toMatchObject({ state: "safe", n: 0, percentTenths: 750 });
    expect(attendanceSentence(s)).toBe("You are exactly at 75%: missing the next class takes you below it.");
  });

  it("1 of 1 is above 75% but has nothing to spare (1 of 2 is 50%), and says so without 'exactly'", () => {
    const s = attendanceSummary(1, 1, 75);
    expect(s).toMatchObject({ state: "safe", n: 0, percentTenths: 1000 });
    expect(attendanceSentence(s)).toBe("Missing the next class would take you below 75%.");
  });

  it("can miss 2 more at 9 of 10 (9/12 is 75%, 9/13 is not)", () => {
    const s = attendanceSummary(9, 10, 75);
    expect(s).toMatchObject({ state: "safe", n: 2, percentTenths: 900 });
    expect(attendanceSentence(s)).toBe("You can miss 2 more and stay at 75%.");
  });

  it("needs the next 5 at 10 of 15 (15/20 is 75%)", () => {
    const s = attendanceSummary(10, 15, 75);
    expect(s).toMatchObject({ state: "short", n: 5 });
    expect(attendanceSentence(s)).toBe("Attend the next 5 to get back to 75%.");
  });

  it("needs one more just below the threshold, and says so in words", () => {
    const s = attendanceSummary(2, 3, 75);
    expect(s).toMatchObject({ state: "short", n: 1, percentTenths: 666 });
    expect(attendanceSentence(s)).toBe("Attend the next class to get back to 75%.");
  });

  it("rounds the percentage down to a tenth, so 74.96% never reads 75%", () => {
    // 1874/2500 = 74.96%
    const s = attendanceSummary(1874, 2500, 75);
    expect(s.percentTenths).toBe(749);
    expect(percentText(s.percentTenths!)).toBe("74.9%");
    expect(s.state).toBe("short");
    expect(percentText(750)).toBe("75%");
    expect(percentText(1000)).toBe("100%");
    expect(percentText(0)).toBe("0%");
    expect(attendanceSummary(2, 3, 75).percentTenths).toBe(666); // 66.66...% rounds down to 66.6%
  });

  it("uses the college's 80% rule: 4 of 5 is exactly at it, 8 of 9 can miss 1", () => {
    expect(attendanceSummary(4, 5, 80)).toMatchObject({ state: "safe", n: 0 });
    expect(attendanceSummary(8, 9, 80)).toMatchObject({ state: "safe", n: 1 });
    expect(attendanceSentence(attendanceSummary(8, 9, 80))).toBe("You can miss 1 more and stay at 80%.");
    expect(attendanceSummary(3, 5, 80)).toMatchObject({ state: "short", n: 5 }); // 8/10
  });

  it("all absent from the start: 0 of 3 at 75% needs 9 (9/12)", () => {
    expect(attendanceSummary(0, 3, 75)).toMatchObject({ state: "short", n: 9, percentTenths: 0 });
  });

  it("a 100% rule below 100% cannot be reached again, and says so", () => {
    const s = attendanceSummary(9, 10, 100);
    expect(s.state).toBe("unreachable");
    expect(attendanceSentence(s)).toMatch(/cannot be made up/);
    expect(attendanceSummary(10, 10, 100)).toMatchObject({ state: "safe", n: 0 });
  });

  it("agrees with counting for every a <= h <= 40 and thresholds 1, 50, 60, 75, 80, 85, 99, 100", () => {
    for (const t of [1, 50, 60, 75, 80, 85, 99, 100])
      for (let h = 0; h <= 40; h += 1)
        for (let a = 0; a <= h; a += 1) {
          const s = attendanceSummary(a, h, t);
          expect({ state: s.state, n: s.n }, `${a}/${h} at ${t}%`).toEqual(byCounting(a, h, t));
        }
  });
});
