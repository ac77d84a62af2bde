import { semester1 } from "./sem1";
import { semester2 } from "./sem2";
import { semester3 } from "./sem3";
import { semester4 } from "./sem4";
import { semester5 } from "./sem5";
import { semester6 } from "./sem6";
import { sem1Notes } from "./sem1-notes";
import type { Semester, Unit } from "./types";

export type { NoteFile, Semester, Subject, Unit, UnitTitle } from "./types";
export { NOTES_PER_UNIT, SAMPLE_NOTE_PATH, UNIT_TITLES, notesFor, sem1Notes, slugify } from "./sem1-notes";

/** All CSE semesters, keyed by semester number 1..6. */
export const semesters: Record<number, Semester> = {
  1: semester1,
  2: semester2,
  3: semester3,
  4: semester4,
  5: semester5,
  6: semester6,
};

/** The semester for a route parameter: only "1".."6" (or the integers 1..6) are valid. */
export function getSemester(id: string | number): Semester | undefined {
  if (typeof id === "number") {
    return Number.isInteger(id) && id >= 1 && id <= 6 ? semesters[id] : undefined;
  }
  return /^[1-6]$/.test(id) ? semesters[Number(id)] : undefined;
}

/** Units of a subject in a semester; [] for an unknown subject. */
export function unitsFor(semester: Semester, subjectName: string): Unit[] {
  return semester.subjects.find((subject) => subject.name === subjectName)?.units ?? [];
}

/** Maximum characters of a unit description shown on a notes card. */
export const PREVIEW_LENGTH = 100;

/** A unit description cut to 100 characters plus "..." when longer than 100, unchanged otherwise. */
export function previewDesc(desc: string): string {
  return desc.length > PREVIEW_LENGTH ? `${desc.slice(0, PREVIEW_LENGTH)}...` : desc;
}

/** The six fixed tabs of a semester page, in order. */
export const TABS = ["Syllabus", "Practical", "Notes", "Videos", "PYQs", "Books"] as const;
export type Tab = (typeof TABS)[number];

/** Tips shown in the "Study Tips for {subject}" box (semesters 1, 2 and 3). */
export const STUDY_TIPS: readonly string[] = [
  "Break complex topics into smaller chunks and master one piece at a time before moving on.",
  "Use diagrams and flowcharts to visualise processes and connect related ideas.",
  "Practise previous year questions to understand the exam pattern and the topics that come up most often.",
  "Form study groups with classmates to discuss difficult concepts and explain them to each other.",
];

/** Tips shown below the unit-wise PDF notes (semester 1 Notes tab). */
export const PDF_TIPS: readonly string[] = [
  "Download the notes so you can study offline, wherever you are.",
  "Annotate the notes and highlight key definitions, formulas and results as you read.",
  "Print the most important pages for quick revision before exams.",
  "Combine the notes with the syllabus topics so that you cover every unit completely.",
];

/** Every distinct note file path (absolute from the site root), sorted; each must exist under public/. */
export const ALL_NOTE_PATHS: readonly string[] = [
  ...new Set(
    Object.values(sem1Notes).flatMap((units) =>
      Object.values(units).flatMap((files) => files.map((file) => file.path)),
    ),
  ),
].sort();
