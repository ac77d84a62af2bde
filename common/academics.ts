// A campus's academics tree as both doors and the screens see it (docs/decisions/0105-academics-tree.md):
// programmes > branches > semesters > subjects > units, the file formats an admin imports and
// exports, and the sentences of those operations. Pure: the set-up screen imports it too.
import { BODY_KB, type BodyLimit } from "#common/body-limits.ts";
import { plural } from "./plural.ts";

export interface AcademicsUnit {
  id: string;
  number: number;
  title: string;
  /** What the unit covers (the syllabus text); "" when not given. */
  topics: string;
}

export interface AcademicsSubject {
  id: string;
  code: string;
  name: string;
  /** Credits (1.5 for a lab), or null when the college has not given them (docs/decisions/0133-grades.md). */
  credits: number | null;
  units: AcademicsUnit[];
}

export interface AcademicsSemester {
  id: string;
  number: number;
  subjects: AcademicsSubject[];
}

export interface AcademicsBranch {
  id: string;
  slug: string;
  name: string;
  semesters: AcademicsSemester[];
}

export interface AcademicsProgramme {
  id: string;
  slug: string;
  name: string;
  branches: AcademicsBranch[];
}

export interface AcademicsTree {
  campusId: string;
  programmes: AcademicsProgramme[];
}

/** The limits of a tree; the import's schema enforces them, the screens and the docs quote them. */
export const ACADEMICS_LIMITS = {
  programmes: 30,
  branchesPerProgramme: 40,
  semesters: 12,
  subjectsPerSemester: 40,
  unitsPerSubject: 20,
  name: 120,
  slug: 40,
  code: 24,
  unitTitle: 200,
  topics: 2000,
} as const;

/** An import's file: a few hundred subjects' syllabus text fits; more is a mistake, or several campuses. */
export const ACADEMICS_IMPORT_LIMIT: BodyLimit = {
  maxBytes: 256 * BODY_KB + 8 * BODY_KB,
  message: "The file is too large: an academics file can be at most 256 KB.",
};

/** The CSV file's columns, in the order the export writes them: one row per unit. */
export const ACADEMICS_CSV_COLUMNS = [
  "programme",
  "branch",
  "semester",
  "subject_code",
  "subject_name",
  "credits",
  "unit_number",
  "unit_title",
  "unit_topics",
] as const;
export type AcademicsCsvColumn = (typeof ACADEMICS_CSV_COLUMNS)[number];
/** The columns a file may leave out (every row then has an empty value there). */
export const OPTIONAL_CSV_COLUMNS: readonly AcademicsCsvColumn[] = ["unit_topics", "credits"];

/** What a slug is: lower-case letters and digits joined by hyphens (academicsSlug writes them so). */
export const ACADEMICS_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "B.Tech" -> "btech", "BA-LLB" -> "ba-llb": a node's address in links, unchanged by a rename. */
export function academicsSlug(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f.']/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, ACADEMICS_LIMITS.slug)
    .replace(/-+$/g, "");
}

/** One problem of an imported file: where ("Row 4, unit_number" or "programmes[0].name") and what. */
export interface ImportProblem {
  at: string;
  message: string;
}

export interface ImportSummary {
  programmes: number;
  branches: number;
  semesters: number;
  subjects: number;
  units: number;
}

export const ACADEMICS_MESSAGES = {
  adminsOnly: "This page is for campus admins: they set up the college's programmes, subjects and units.",
  imported: (s: ImportSummary) =>
    `Imported ${plural(s.programmes, "programme")}, ${plural(s.branches, "branch", "branches")}, ${plural(s.semesters, "semester")}, ${plural(s.subjects, "subject")} and ${plural(s.units, "unit")}.`,
  problems: (problems: ImportProblem[]) =>
    `The file has ${plural(problems.length, "problem")}; nothing was imported. First: ${problems[0]!.at}: ${problems[0]!.message}`,
  chooseFile: "Choose a .csv or .json file to import.",
  emptyFile: "The file is empty.",
  notJson: "The file is not valid JSON. Export the tree as JSON to see the expected shape.",
  unknownFormat: "Send the tree as JSON (application/json), CSV (text/csv) or a .csv/.json file in a form.",
  unknownCampus: "No campus has that id.",
  tooManyChanges: "Too many changes in a minute. Please wait a minute and try again.",
  renamed: "Renamed.",
  removed: "Removed.",
  nodeGone: "That part of the tree is not at your campus (it may have been removed already).",
  referenced: (what: string) => `It cannot be removed: ${what} refer to it. Move or remove those first.`,
} as const;

/** How an audit line of these operations reads on /admin. */
export const ACADEMICS_AUDIT_ACTIONS: Record<string, string> = {
  "academics.import": "Academics imported",
  "academics.rename": "Academics renamed",
  "academics.remove": "Academics removed",
};
