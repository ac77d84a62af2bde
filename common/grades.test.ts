import { describe, expect, it } from "vitest";
import {
  countedOnce,
  creditsText,
  DEFAULT_SCALE,
  type GradeAttempt,
  gpaOf,
  gpaText,
  gradesSummary,
  parseCredits,
  parsePoints,
  pointsText,
  whatIf,
} from "#common/grades.ts";

const at = (subjectId: string, grade: string, credits: number | null, semester = 1, attempt = 1): GradeAttempt => ({
  subjectId,
  grade,
  creditHalves: credits === null ? null : credits * 2,
  semester,
  attempt,
});

describe("the SGPA of a semester", () => {
  it("is the credit-weighted mean of the grades' points", () => {
    // (4 x 10 + 3 x 8 + 1.5 x 9) / 8.5 = 77.5 / 8.5 = 9.1176...
    const gpa = gpaOf([at("a", "O", 4), at("b", "A", 3), at("c", "A+", 1.5)], DEFAULT_SCALE);
    expect(gpa).toEqual({ hundredths: 912, creditHalves: 17, earnedHalves: 17, failed: 0 });
    expect(gpaText(gpa.hundredths)).toBe("9.12");
  });

  it("has none with no credits: a semester of 0 credits shows a dash, never NaN", () => {
    expect(gpaOf([], DEFAULT_SCALE).hundredths).toBeNull();
    expect(gpaOf([at("a", "O", 0), at("b", "A", null)], DEFAULT_SCALE)).toEqual({
      hundredths: null,
      creditHalves: 0,
      earnedHalves: 0,
      failed: 0,
    });
    expect(gpaText(null)).toBe("—");
  });

  it("counts a failed subject with 0 points and its credits, and does not count its credits as earned", () => {
    // (4 x 8 + 4 x 0) / 8 = 4.00
    const gpa = gpaOf([at("a", "A", 4), at("b", "F", 4)], DEFAULT_SCALE);
    expect(gpa).toEqual({ hundredths: 400, creditHalves: 16, earnedHalves: 8, failed: 1 });
  });

  it("rounds half up on the exact sums, not on floats", () => {
    // Points 1.00 and 1.01 over equal credits: exactly 1.005, which rounds up to 1.01. In floating
    // point, (1 + 1.01) / 2 x 100 is 100.4999..., which rounds down to 1.00.
    const scale = [
      { letter: "X", points: 100 },
      { letter: "Y", points: 101 },
    ];
    expect(Math.round(((1 + 1.01) / 2) * 100)).toBe(100);
    expect(gpaOf([at("a", "X", 1), at("b", "Y", 1)], scale).hundredths).toBe(101);
    // 2/3 of the way: (10 + 10 + 0) / 3 = 6.666... -> 6.67; (10 + 0 + 0) / 3 = 3.333... -> 3.33
    expect(gpaOf([at("a", "O", 1), at("b", "O", 1), at("c", "F", 1)], DEFAULT_SCALE).hundredths).toBe(667);
    expect(gpaOf([at("a", "O", 1), at("b", "F", 1), at("c", "F", 1)], DEFAULT_SCALE).hundredths).toBe(333);
    // Half credits: (1.5 x 9 + 0.5 x 4) / 2 = 7.75 exactly.
    expect(gpaOf([at("a", "A+", 1.5), at("b", "P", 0.5)], DEFAULT_SCALE).hundredths).toBe(775);
  });

  it("reads letters as the scale keeps them, and leaves out a letter the scale does not hold", () => {
    expect(gpaOf([at("a", "a+", 4)], DEFAULT_SCALE).hundredths).toBe(900);
    expect(gpaOf([at("a", "Z", 4), at("b", "B", 4)], DEFAULT_SCALE).hundredths).toBe(600);
  });
});

describe("a repeated subject", () => {
  const attempts = [at("maths", "F", 4, 1, 1), at("maths", "B", 4, 3, 2), at("physics", "A", 4, 1, 1)];

  it("counts once in the CGPA, by its latest attempt", () => {
    expect(countedOnce(attempts, DEFAULT_SCALE, "latest").map((a) => [a.subjectId, a.grade])).toEqual([
      ["maths", "B"],
      ["physics", "A"],
    ]);
    const summary = gradesSummary(attempts, DEFAULT_SCALE, "latest");
    // (4 x 6 + 4 x 8) / 8 = 7.00, not (0 + 6 + 8) x 4 / 12
    expect(summary.cgpa.hundredths).toBe(700);
    expect(summary.cgpa.creditHalves).toBe(16);
    expect(summary.cgpa.failed).toBe(0);
  });

  it("counts by its latest attempt even when that one is worse, or by its best where the college says so", () => {
    const worse = [at("maths", "B", 4, 1, 1), at("maths", "C", 4, 3, 2)];
    expect(gradesSummary(worse, DEFAULT_SCALE, "latest").cgpa.hundredths).toBe(500);
    expect(gradesSummary(worse, DEFAULT_SCALE, "best").cgpa.hundredths).toBe(600);
    // Equal points: the later one.
    expect(countedOnce([at("m", "A", 4, 1, 1), at("m", "A", 4, 2, 2)], DEFAULT_SCALE, "best")[0]!.attempt).toBe(2);
  });

  it("stays in the SGPA of the semester each attempt was taken in", () => {
    const summary = gradesSummary(attempts, DEFAULT_SCALE, "latest");
    expect(summary.semesters.map((s) => [s.semester, s.sgpa.hundredths, s.sgpa.failed])).toEqual([
      [1, 400, 1],
      [3, 600, 0],
    ]);
  });
});

describe("what if", () => {
  it("adds hypothetical grades for subjects not yet graded, without touching the real ones", () => {
    const real = [at("a", "A", 4, 1), at("b", "O", 4, 2)];
    const summary = whatIf(
      real,
      [
        { subjectId: "b", grade: "F", creditHalves: 8 },
        { subjectId: "c", grade: "a+", creditHalves: 8 },
        { subjectId: "d", grade: "nope", creditHalves: 8 },
      ],
      2,
      DEFAULT_SCALE,
      "latest",
    );
    // Semester 2: b keeps its O (already graded there); c adds A+: (10 + 9) / 2 = 9.50.
    expect(summary.semesters.find((s) => s.semester === 2)!.sgpa.hundredths).toBe(950);
    // CGPA: a 8, b 10, c 9 over 12 credits = 9.00.
    expect(summary.cgpa.hundredths).toBe(900);
    expect(real).toHaveLength(2);
  });

  it("counts a hypothetical grade of a failed subject as its newest attempt", () => {
    const summary = whatIf(
      [at("a", "F", 4, 1)],
      [{ subjectId: "a", grade: "B", creditHalves: 8 }],
      2,
      DEFAULT_SCALE,
      "latest",
    );
    expect(summary.cgpa.hundredths).toBe(600);
    expect(summary.semesters.map((s) => s.sgpa.hundredths)).toEqual([0, 600]);
  });
});

describe("credits and points as people write them", () => {
  it("reads credits from 0 to 30 in halves", () => {
    expect(["4", "1.5", "0", "30", "3.0", " 2.50 "].map(parseCredits)).toEqual([8, 3, 0, 60, 6, 5]);
    expect(["31", "1.25", "-1", "four", "", "1.", "30.5"].map(parseCredits)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect([8, 3, 0, 1].map(creditsText)).toEqual(["4", "1.5", "0", "0.5"]);
  });

  it("reads points from 0 to 10 with at most two decimals", () => {
    expect(["10", "8.5", "8.25", "0", "9.05"].map(parsePoints)).toEqual([1000, 850, 825, 0, 905]);
    expect(["10.5", "11", "8.255", "x", ""].map(parsePoints)).toEqual([null, null, null, null, null]);
    expect([1000, 850, 825, 905, 0].map(pointsText)).toEqual(["10", "8.5", "8.25", "9.05", "0"]);
  });
});
