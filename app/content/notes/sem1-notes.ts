import { semester1 } from "#app/content/notes/sem1.ts";
import type { NoteFile, UnitTitle } from "#app/content/notes/types.ts";

/** The four unit titles, in order. */
export const UNIT_TITLES: readonly UnitTitle[] = ["UNIT - I", "UNIT - II", "UNIT - III", "UNIT - IV"];

/** Number of note entries listed under every semester-1 unit. */
export const NOTES_PER_UNIT = 4;

/** The one shared placeholder note that every not-yet-written entry points to. */
export const SAMPLE_NOTE_PATH = "/pdfs/cse/sem1/sample-note.html";

/** Lowercase, every run of non-alphanumerics becomes a single "-", no leading or trailing "-". */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Kinds of entry used to fill a unit up to four notes, in display order. */
const ENTRY_KINDS = ["Lecture Notes", "Short Notes", "Important Questions", "Previous Year Questions"] as const;

/** A real note written for a unit: display name (without the "Unit N - " prefix) and file name. */
interface RealNote {
  title: string;
  file: string;
}

function notePath(subject: string, unitNumber: number, file: string): string {
  return `/pdfs/cse/sem1/${slugify(subject)}/unit${unitNumber}/${file}.html`;
}

/** Real notes first, then placeholder entries until the unit holds exactly four. */
function unitNotes(subject: string, unitNumber: number, real: readonly RealNote[]): NoteFile[] {
  const files: NoteFile[] = real.map((note) => ({
    name: `Unit ${unitNumber} - ${note.title}`,
    path: notePath(subject, unitNumber, note.file),
  }));
  for (const kind of ENTRY_KINDS.slice(real.length)) {
    files.push({ name: `Unit ${unitNumber} - ${kind}`, path: SAMPLE_NOTE_PATH });
  }
  return files;
}

/** Real notes that exist, keyed by subject then unit title. */
const REAL_NOTES: Record<string, Partial<Record<UnitTitle, readonly RealNote[]>>> = {
  "Applied Physics 1": {
    "UNIT - I": [
      { title: "Thermodynamics Introduction", file: "thermodynamics-introduction" },
      { title: "Heat and Work Problems", file: "heat-and-work-problems" },
    ],
    "UNIT - II": [{ title: "Waves and Oscillations", file: "waves-oscillations" }],
    "UNIT - III": [{ title: "Interference and Diffraction", file: "interference-diffraction" }],
    "UNIT - IV": [{ title: "Relativity and Lasers", file: "relativity-laser" }],
  },
};

function buildSem1Notes(): Record<string, Record<UnitTitle, NoteFile[]>> {
  const all: Record<string, Record<UnitTitle, NoteFile[]>> = {};
  for (const subject of semester1.subjects) {
    const real = REAL_NOTES[subject.name] ?? {};
    all[subject.name] = {
      "UNIT - I": unitNotes(subject.name, 1, real["UNIT - I"] ?? []),
      "UNIT - II": unitNotes(subject.name, 2, real["UNIT - II"] ?? []),
      "UNIT - III": unitNotes(subject.name, 3, real["UNIT - III"] ?? []),
      "UNIT - IV": unitNotes(subject.name, 4, real["UNIT - IV"] ?? []),
    };
  }
  return all;
}

/** Semester-1 note files, grouped by subject name then by unit title; four entries per unit. */
export const sem1Notes: Record<string, Record<UnitTitle, NoteFile[]>> = buildSem1Notes();

/** Note files for a semester-1 subject's unit; [] for an unknown subject or unit. */
export function notesFor(subject: string, unit: UnitTitle): NoteFile[] {
  if (!Object.prototype.hasOwnProperty.call(sem1Notes, subject)) return [];
  const units = sem1Notes[subject];
  if (!units || !Object.prototype.hasOwnProperty.call(units, unit)) return [];
  return [...units[unit]];
}
