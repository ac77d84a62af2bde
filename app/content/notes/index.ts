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
// Client-safe constants live apart so that page code never pulls in every semester's data.
export { PDF_TIPS, PREVIEW_LENGTH, STUDY_TIPS, TABS, previewDesc, type Tab } from "./ui";

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

/** Every distinct note file path (absolute from the site root), sorted; each must exist under public/. */
export const ALL_NOTE_PATHS: readonly string[] = [
  ...new Set(
    Object.values(sem1Notes).flatMap((units) =>
      Object.values(units).flatMap((files) => files.map((file) => file.path)),
    ),
  ),
].sort();
