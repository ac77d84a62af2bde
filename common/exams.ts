// A class's datesheet and a student's exams (docs/decisions/0135-datesheet.md): the kinds, the
// sentences of the screens and of /api/exams, and the arithmetic both sides need (clashes, the
// countdown). Pure: the screens import it too.
import { CLASS_EXAMS_KIND, EXAM_SUBJECTS_REASON } from "./enums.generated.ts";
import { addDays } from "./india-time.ts";
import { timeRange } from "./timetable.ts";

export const EXAM_KINDS = CLASS_EXAMS_KIND;
export type ExamKind = (typeof EXAM_KINDS)[number];
export const EXAM_KIND_LABELS: Record<ExamKind, string> = {
  mid_semester: "Mid-semester",
  end_semester: "End-semester",
  practical: "Practical",
  viva: "Viva",
  supplementary: "Supplementary",
};

/** Why a student sits a subject outside their class. */
export const EXAM_SUBJECT_REASONS = EXAM_SUBJECTS_REASON;
export type ExamSubjectReason = (typeof EXAM_SUBJECT_REASONS)[number];
export const EXAM_REASON_LABELS: Record<ExamSubjectReason, string> = { elective: "Elective", backlog: "Backlog" };

/** A student adds at most this many subjects of their own; a class's datesheet has at most this many exams. */
export const MAX_EXAM_SUBJECTS = 20;
export const MAX_CLASS_EXAMS = 120;
/** An import's file: 120 rows of a few fields fit in far less. */
export const EXAM_IMPORT_MAX_BYTES = 32 * 1024;

/** The columns of a datesheet's CSV file, in order (a header row names them). */
export const EXAM_CSV_COLUMNS = ["subject_code", "kind", "date", "starts", "ends", "room"] as const;

/** One exam as the screens and GET /api/exams show it. */
export interface Exam {
  id: string;
  classId: string;
  subjectId: string;
  subjectCode: string;
  subjectName: string;
  kind: ExamKind;
  date: string;
  startsMin: number;
  endsMin: number;
  room: string;
  /** Whose it is for the student: their class's, or a subject they added. */
  source: "class" | ExamSubjectReason;
}

/** Two exams that overlap: on the same date, one starting before the other ends. */
export const overlaps = (a: Exam, b: Exam): boolean =>
  a.date === b.date && a.startsMin < b.endsMin && b.startsMin < a.endsMin;

/**
 * Each exam's clashes (the ids of the others it overlaps), for exams sorted by date and start: a
 * sweep that compares an exam only with those of its date that have not ended before it starts.
 */
export function clashesOf(exams: readonly Exam[]): Record<string, string[]> {
  const clashes: Record<string, string[]> = {};
  for (let i = 0; i < exams.length; i++) {
    const a = exams[i]!;
    for (let j = i + 1; j < exams.length && exams[j]!.date === a.date; j++) {
      const b = exams[j]!;
      if (!overlaps(a, b)) continue;
      (clashes[a.id] ??= []).push(b.id);
      (clashes[b.id] ??= []).push(a.id);
    }
  }
  return clashes;
}

/** The same sitting in two classes' datesheets (sections share a subject's paper): one exam for the student. */
export function withoutRepeats(exams: readonly Exam[]): Exam[] {
  const seen = new Set<string>();
  return exams.filter((exam) => {
    const key = `${exam.subjectId}|${exam.kind}|${exam.date}|${exam.startsMin}|${exam.endsMin}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whole days from `today` to `date` (both India dates). */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** "Today", "Tomorrow", "In 5 days". */
export function countdown(date: string, today: string): string {
  const days = daysUntil(date, today);
  if (days <= 0) return "Today";
  if (days === 1) return "Tomorrow";
  return `In ${days} days`;
}

/** "End-semester · Data Structures · 09:30–12:30 · Room 101". */
export function examLine(exam: Pick<Exam, "kind" | "subjectName" | "startsMin" | "endsMin" | "room">): string {
  return [EXAM_KIND_LABELS[exam.kind], exam.subjectName, timeRange(exam.startsMin, exam.endsMin), exam.room]
    .filter(Boolean)
    .join(" · ");
}

/** The last date a datesheet shows ahead (a semester's exams fit in it). */
export const examsHorizon = (today: string) => addDays(today, 200);

export const EXAM_MESSAGES = {
  noClass: "Choose your class on the timetable to see its datesheet.",
  none: "No exams on your datesheet yet. Your class representative adds them when the college announces them.",
  clash: (a: string, b: string) => `${a} and ${b} overlap. Tell your college's exam cell early.`,
  clashTitle: "Exam clash",
  noSuchExam: "There is no such exam in your college's datesheets.",
  noSuchSubject: "Choose a subject of this class's semester.",
  noSuchTreeSubject: "Choose a subject of your college's academics tree.",
  kindInvalid: `An exam is one of: ${EXAM_KINDS.map((k) => EXAM_KIND_LABELS[k]).join(", ")}.`,
  dateInvalid: "Give a date written YYYY-MM-DD, such as 2026-12-14.",
  timeInvalid: "Enter a time like 09:30.",
  endsBeforeStart: "The exam must end after it starts.",
  roomTooLong: "A room can be at most 40 characters.",
  pastDate: "An exam is for today or a later date.",
  added: "The exam is on the datesheet. The class is told.",
  saved: "The exam is saved. The class is told.",
  removed: "The exam is removed from the datesheet. The class is told.",
  tooMany: "Too many changes in a minute. Wait a moment and try again.",
  tooManyExams: `A datesheet has at most ${MAX_CLASS_EXAMS} exams.`,
  editorsOnly: "Only the class's representative, a curator or a campus admin can change this datesheet.",
  sitsExists: "That exam is already on the datesheet on that date.",
  noticeTitle: "Datesheet changed",
  addedNotice: (line: string, date: string) => `New exam on ${date}: ${line}.`,
  savedNotice: (line: string, date: string) => `Exam changed: ${line} on ${date}.`,
  removedNotice: (line: string, date: string) => `Exam removed: ${line} on ${date}.`,
  importNotice: (n: number) => `${n === 1 ? "1 exam" : `${n} exams`} added to your datesheet.`,
  imported: (n: number) => `${n === 1 ? "1 exam is" : `${n} exams are`} on the datesheet. The class is told.`,
  importEmpty: "The file has no exams: a header row and one row per exam.",
  importHeader: `The first row must name the columns: ${EXAM_CSV_COLUMNS.join(", ")}.`,
  importUnreadable: "The file could not be read as CSV (a quote is not closed).",
  importTooLarge: "The file is too large: a datesheet file can be at most 32 KB.",
  importRefused: (n: number) =>
    `Nothing was imported: ${n === 1 ? "1 row needs" : `${n} rows need`} fixing. Each is listed with its problem.`,
  rowSubject: (code: string) => `No subject with the code “${code}” in this class's semester.`,
  rowKind: (kind: string) => `“${kind}” is not a kind of exam: ${EXAM_KINDS.join(", ")}.`,
  rowDate: (date: string) => `“${date}” is not a date written YYYY-MM-DD.`,
  rowPast: (date: string) => `${date} is in the past.`,
  rowTime: (value: string) => `“${value}” is not a time like 09:30.`,
  rowEnds: "The exam ends before it starts.",
  rowRoom: "The room is longer than 40 characters.",
  rowRepeat: (row: number) => `The same exam is on row ${row} too.`,
  subjectAdded: (name: string, reason: ExamSubjectReason) =>
    `${name} is on your datesheet as ${reason === "elective" ? "an elective" : "a backlog"}.`,
  subjectRemoved: (name: string) => `${name} is off your datesheet.`,
  tooManySubjects: `You can add at most ${MAX_EXAM_SUBJECTS} subjects of your own.`,
  reasonInvalid: "Say whether it is an elective or a backlog.",
  notYourSubject: "That subject is not on your datesheet.",
} as const;
