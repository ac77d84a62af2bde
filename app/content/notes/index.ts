import { semester1 } from "#app/content/notes/sem1.ts";
import { semester2 } from "#app/content/notes/sem2.ts";
import { semester3 } from "#app/content/notes/sem3.ts";
import { semester4 } from "#app/content/notes/sem4.ts";
import { semester5 } from "#app/content/notes/sem5.ts";
import { semester6 } from "#app/content/notes/sem6.ts";
import { sem1Notes } from "#app/content/notes/sem1-notes.ts";
import type { Semester, Unit } from "#app/content/notes/types.ts";

export type { NoteFile, Semester, Subject, Unit, UnitTitle } from "#app/content/notes/types.ts";
export {
  NOTES_PER_UNIT,
  SAMPLE_NOTE_PATH,
  UNIT_TITLES,
  notesFor,
  sem1Notes,
  slugify,
} from "#app/content/notes/sem1-notes.ts";
// Client-safe constants live apart so that page code never pulls in every semester's data.
export { PDF_TIPS, PREVIEW_LENGTH, STUDY_TIPS, TABS, previewDesc, type Tab } from "#app/content/notes/ui.ts";

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
