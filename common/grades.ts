// SGPA and CGPA (docs/decisions/0133-grades.md): the college's grading scale, a student's grades and
// the arithmetic, pure, so the page, the API and the page's live "what if" compute the same figures.
// Everything is whole numbers: credits in halves (1.5 is 3), points in hundredths (8.5 is 850), and a
// GPA is rounded half up from the exact sums to hundredths, never from a float.
import { CAMPUSES_GRADE_REPEAT_RULE } from "#common/enums.generated.ts";

/** One grade of a scale: its letter and its points in hundredths (A+ = 900). */
export interface ScaleGrade {
  letter: string;
  points: number;
}

/** Whether a repeated subject counts by its latest attempt or its best (a campus setting). */
export type RepeatRule = (typeof CAMPUSES_GRADE_REPEAT_RULE)[number];
export const REPEAT_RULES = CAMPUSES_GRADE_REPEAT_RULE;

/** The 10-point scale most Indian universities use, until the college sets its own. */
export const DEFAULT_SCALE: readonly ScaleGrade[] = [
  { letter: "O", points: 1000 },
  { letter: "A+", points: 900 },
  { letter: "A", points: 800 },
  { letter: "B+", points: 700 },
  { letter: "B", points: 600 },
  { letter: "C", points: 500 },
  { letter: "P", points: 400 },
  { letter: "F", points: 0 },
];

export const GRADE_LIMITS = {
  /** Letters in a scale. */
  scaleMin: 2,
  scaleMax: 15,
  letter: 4,
  /** Points: 0 to 10, in hundredths. */
  maxPoints: 1000,
  /** Credits: 0 to 30 in halves. */
  maxCreditHalves: 60,
  semesters: 12,
  attempts: 10,
} as const;

/** A letter as the scale keeps it: trimmed, upper-case ("a+" is "A+"). */
export const normalLetter = (letter: string) => letter.trim().toUpperCase();

/** A grade with 0 points is a fail (F, or a college's "Ab"). */
export const isFail = (points: number) => points === 0;

/** One attempt at a subject: the grade it got, the semester it was taken in, the subject's credits. */
export interface GradeAttempt {
  subjectId: string;
  attempt: number;
  semester: number;
  grade: string;
  /** The subject's credits in halves; null when the college has not given them (counts as none). */
  creditHalves: number | null;
}

/** A GPA and what it was made of. */
export interface Gpa {
  /** Hundredths (825 is 8.25); null when nothing with credits is graded ("—", never NaN). */
  hundredths: number | null;
  /** The credits counted, in halves. */
  creditHalves: number;
  /** The credits passed, in halves. */
  earnedHalves: number;
  /** Subjects failed (0 points), counted with 0 points. */
  failed: number;
}

const pointsOf = (scale: readonly ScaleGrade[], grade: string) =>
  scale.find((g) => g.letter === normalLetter(grade))?.points ?? null;

/** a / b rounded half up, for a >= 0 and b > 0, in whole numbers. */
function roundHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/**
 * The credit-weighted mean of the attempts' points: sum(credits x points) / sum(credits), on the
 * exact whole-number sums. A failed subject counts with 0 points; a letter the scale does not hold
 * (it cannot happen through the scale's own checks) is left out rather than guessed.
 */
export function gpaOf(attempts: readonly GradeAttempt[], scale: readonly ScaleGrade[]): Gpa {
  let weighted = 0;
  let creditHalves = 0;
  let earnedHalves = 0;
  let failed = 0;
  for (const a of attempts) {
    const points = pointsOf(scale, a.grade);
    if (points === null) continue;
    const halves = a.creditHalves ?? 0;
    weighted += halves * points;
    creditHalves += halves;
    if (isFail(points)) failed += 1;
    else earnedHalves += halves;
  }
  return {
    hundredths: creditHalves === 0 ? null : roundHalfUp(weighted, creditHalves),
    creditHalves,
    earnedHalves,
    failed,
  };
}

/**
 * Each subject once: its latest attempt (the highest number), or its best (the most points; of
 * equal points, the latest).
 */
export function countedOnce(
  attempts: readonly GradeAttempt[],
  scale: readonly ScaleGrade[],
  rule: RepeatRule,
): GradeAttempt[] {
  const chosen = new Map<string, GradeAttempt>();
  for (const a of attempts) {
    const held = chosen.get(a.subjectId);
    if (!held) {
      chosen.set(a.subjectId, a);
      continue;
    }
    const later = a.attempt > held.attempt;
    if (rule === "latest") {
      if (later) chosen.set(a.subjectId, a);
      continue;
    }
    const mine = pointsOf(scale, a.grade) ?? -1;
    const theirs = pointsOf(scale, held.grade) ?? -1;
    if (mine > theirs || (mine === theirs && later)) chosen.set(a.subjectId, a);
  }
  return [...chosen.values()];
}

export interface SemesterGrades {
  semester: number;
  sgpa: Gpa;
  attempts: GradeAttempt[];
}

export interface GradesSummary {
  /** Every semester with a grade, in order; each attempt counts in the semester it was taken in. */
  semesters: SemesterGrades[];
  /** Every subject once (the rule), over all semesters. */
  cgpa: Gpa;
}

export function gradesSummary(
  attempts: readonly GradeAttempt[],
  scale: readonly ScaleGrade[],
  rule: RepeatRule,
): GradesSummary {
  const bySemester = new Map<number, GradeAttempt[]>();
  for (const a of attempts) bySemester.set(a.semester, [...(bySemester.get(a.semester) ?? []), a]);
  const semesters = [...bySemester.entries()]
    .sort(([a], [b]) => a - b)
    .map(([semester, list]) => ({ semester, sgpa: gpaOf(list, scale), attempts: list }));
  return { semesters, cgpa: gpaOf(countedOnce(attempts, scale, rule), scale) };
}

/** A hypothetical grade for a subject not yet graded: the "what if" of a semester. */
export interface WhatIfGrade {
  subjectId: string;
  grade: string;
  creditHalves: number | null;
}

/**
 * The summary as if the hypothetical grades were taken in `semester`: each is a new attempt of its
 * subject (its latest), and a subject already graded in that semester keeps its real grade.
 */
export function whatIf(
  attempts: readonly GradeAttempt[],
  hypothetical: readonly WhatIfGrade[],
  semester: number,
  scale: readonly ScaleGrade[],
  rule: RepeatRule,
): GradesSummary {
  const added: GradeAttempt[] = [];
  for (const h of hypothetical) {
    if (pointsOf(scale, h.grade) === null) continue;
    const mine = attempts.filter((a) => a.subjectId === h.subjectId);
    if (mine.some((a) => a.semester === semester)) continue;
    const attempt = mine.reduce((n, a) => Math.max(n, a.attempt), 0) + 1;
    added.push({
      subjectId: h.subjectId,
      attempt,
      semester,
      grade: normalLetter(h.grade),
      creditHalves: h.creditHalves,
    });
  }
  return gradesSummary([...attempts, ...added], scale, rule);
}

/** "8.25", or "—" when there is no GPA. */
export function gpaText(hundredths: number | null): string {
  if (hundredths === null) return "—";
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
}

/** Points in hundredths as a person writes them: 1000 is "10", 850 is "8.5", 825 is "8.25". */
export function pointsText(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const rest = hundredths % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${rest % 10 === 0 ? String(rest / 10) : String(rest).padStart(2, "0")}`;
}

/** Credits in halves as a person writes them: 8 is "4", 3 is "1.5". */
export const creditsText = (halves: number) => (halves % 2 === 0 ? String(halves / 2) : `${(halves - 1) / 2}.5`);

/** "4" or "1.5" or "3.0" to halves, or null when it is not 0 to 30 in halves. */
export function parseCredits(text: string): number | null {
  const m = /^\s*(\d{1,2})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  const fraction = m[2] ?? "0";
  if (!/^(0|00|5|50)$/.test(fraction)) return null;
  const halves = Number(m[1]) * 2 + (fraction.startsWith("5") ? 1 : 0);
  return halves <= GRADE_LIMITS.maxCreditHalves ? halves : null;
}

/** "8.5" or "10" to hundredths, or null when it is not 0 to 10 with at most two decimals. */
export function parsePoints(text: string): number | null {
  const m = /^\s*(\d{1,2})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  const hundredths = Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
  return hundredths <= GRADE_LIMITS.maxPoints ? hundredths : null;
}

export const GRADES_MESSAGES = {
  creditsInvalid: "Credits are a number from 0 to 30, in halves (like 4 or 1.5).",
  pointsInvalid: "Points are a number from 0 to 10, with at most two decimals (like 8 or 8.5).",
  letterInvalid: `A grade is 1 to ${GRADE_LIMITS.letter} letters, digits, + or -, like A+ or O.`,
  letterTwice: (letter: string) => `The scale has ${letter} twice.`,
  scaleSize: `A scale has ${GRADE_LIMITS.scaleMin} to ${GRADE_LIMITS.scaleMax} grades.`,
  ruleInvalid: 'The repeat rule is "latest" or "best".',
  letterInUse: (letters: string[]) =>
    `Students' grades use ${letters.join(", ")}: keep ${letters.length === 1 ? "it" : "them"} in the scale (change the points instead).`,
  scaleSaved: "The grading scale is saved. Every student's SGPA and CGPA follow it at once.",
  gradeAdded: (letter: string) => `${letter} is added to the scale.`,
  gradeSaved: (letter: string) => `${letter} is saved.`,
  gradeRemoved: (letter: string) => `${letter} is removed from the scale.`,
  noSuchLetter: "That grade is not in the scale (it may have been removed already).",
  ruleSaved: (rule: RepeatRule) =>
    rule === "latest"
      ? "A repeated subject now counts by its latest attempt."
      : "A repeated subject now counts by its best attempt.",
  gradeNotOnScale: (letters: string[]) =>
    `That is not a grade of your college's scale: choose one of ${letters.join(", ")}.`,
  noSuchSubject: "That subject is not in your college's academics (it may have been removed).",
  semesterInvalid: `The semester is a whole number from 1 to ${GRADE_LIMITS.semesters}.`,
  attemptInvalid: `The attempt is a whole number from 1 to ${GRADE_LIMITS.attempts}.`,
  attemptClash: (semester: number) =>
    `You already have another attempt of this subject in semester ${semester}: change that one instead.`,
  noSuchGrade: "You have no grade for that subject (it may have been removed already).",
  gradeSavedFor: (code: string, grade: string) => `${code}: ${grade} saved.`,
  gradesSaved: (n: number) => (n === 1 ? "1 grade saved." : `${n} grades saved.`),
  nothingToSave: "Choose a grade for at least one subject.",
  myGradeRemoved: "The grade is removed.",
  changedMeanwhile: "Your grades changed while this was saved. Please look again and retry.",
  tooMany: "Too many changes in a minute. Please wait a minute and try again.",
  chooseGrade: "Choose the grade.",
  adminsOnly: "This page is for campus admins: they set the college's grading scale.",
} as const;

/** What /grades says around the figures. */
export const GRADES_WORDS = {
  outOf: (scale: readonly { points: number }[]) => `out of ${Math.max(0, ...scale.map((g) => g.points))}`,
  credits: (gpa: { credits: number; earnedCredits: number; failed: number }) =>
    gpa.credits === 0
      ? "No credits graded yet."
      : `${gpa.credits} ${gpa.credits === 1 ? "credit" : "credits"} counted, ${gpa.earnedCredits} earned${gpa.failed > 0 ? `; ${gpa.failed} failed (${gpa.failed === 1 ? "a backlog" : "backlogs"}, counted with 0 points)` : ""}.`,
  rule: (rule: RepeatRule) =>
    rule === "latest"
      ? "A repeated subject counts once in your CGPA, by its latest attempt (your college's rule)."
      : "A repeated subject counts once in your CGPA, by its best attempt (your college's rule).",
  gradeOption: (letter: string, points: number) => `${letter} (${points})`,
  subjectLabel: (code: string, name: string, creditHalves: number | null) =>
    `${code} ${name} (${creditHalves === null ? "credits not given" : `${creditsText(creditHalves)} ${creditHalves === 2 ? "credit" : "credits"}`})`,
  semesterTakenHint: "The semester of your grade card: a subject cleared later counts in that semester's SGPA.",
  noTree: "Your college has not set up its subjects on Campus yet.",
  noSubjects: (label: string) => `${label} has no subjects yet.`,
  noGrades: "No grades yet. Choose your semester above and enter your grades.",
  whatIfLead: (label: string) =>
    `Choose grades you hope for in ${label}'s subjects not graded yet: the SGPA and CGPA they would give. Nothing is saved.`,
  whatIfNone: "Choose a grade for a subject to see what it would give.",
  whatIfResult: (semester: number, sgpa: string, cgpa: string) =>
    `With these grades: semester ${semester} SGPA ${sgpa}, CGPA ${cgpa}.`,
  attempt: (n: number) => `attempt ${n}`,
  failed: "failed",
  removeName: (code: string, attempt: number) => `the grade of ${code}, attempt ${attempt}`,
  addLead:
    "A subject you repeat to clear a backlog, or one of another semester: it counts in the semester you took it, and once in your CGPA.",
} as const;
