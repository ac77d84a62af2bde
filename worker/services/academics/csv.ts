import type { z } from "zod";
import {
  ACADEMICS_CSV_COLUMNS,
  type AcademicsCsvColumn,
  type AcademicsTree,
  academicsSlug,
  type ImportProblem,
  OPTIONAL_CSV_COLUMNS,
} from "#common/academics.ts";
import { creditsText, GRADES_MESSAGES, parseCredits } from "#common/grades.ts";
import { academicsFields } from "#server/services/academics/schema.ts";

// The CSV form of an academics tree (docs/decisions/0105-academics-tree.md): a header row naming the
// columns (any order), then one row per unit. A row may stop early to add a node without children:
// a programme with no branches yet, a branch, a semester with no subjects, a subject with no units.
// Rows are numbered as a spreadsheet shows them (the header is row 1).

/** RFC 4180 fields: quoted fields may hold commas, quotes ("") and line breaks. Null when a quote is left open. */
export function parseCsv(text: string): { cells: string[]; row: number }[] | null {
  const rows: { cells: string[]; row: number }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowStart = 1;
  const source = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === ",") {
      cells.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && source[i + 1] === "\n") i++;
      cells.push(cell);
      rows.push({ cells, row: rowStart });
      cells = [];
      cell = "";
      line++;
      rowStart = line;
    } else cell += ch;
  }
  if (quoted) return null;
  if (cell !== "" || cells.length > 0) {
    cells.push(cell);
    rows.push({ cells, row: rowStart });
  }
  return rows.filter((r) => r.cells.some((c) => c.trim() !== ""));
}

type Row = Record<AcademicsCsvColumn, string>;

/** The tree a CSV file describes, or every problem of it with its row and column. */
export function csvToTree(text: string): { ok: true; tree: unknown } | { ok: false; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const parsed = parseCsv(text);
  if (!parsed) return { ok: false, problems: [{ at: "The file", message: 'A quoted value is never closed (").' }] };
  const [header, ...body] = parsed;
  if (!header) return { ok: false, problems: [{ at: "The file", message: "The file is empty." }] };
  const names = header.cells.map((c) => c.trim().toLowerCase());
  for (const name of names)
    if (!(ACADEMICS_CSV_COLUMNS as readonly string[]).includes(name))
      problems.push({
        at: "Row 1",
        message: `Unknown column "${name}". The columns are ${ACADEMICS_CSV_COLUMNS.join(", ")}.`,
      });
  for (const column of ACADEMICS_CSV_COLUMNS)
    if (!names.includes(column) && !OPTIONAL_CSV_COLUMNS.includes(column))
      problems.push({ at: "Row 1", message: `The column "${column}" is missing.` });
  if (problems.length > 0) return { ok: false, problems };
  if (body.length === 0)
    return { ok: false, problems: [{ at: "The file", message: "The file has no rows after its header." }] };

  const programmes = new Map<string, ProgrammeDraft>();
  for (const { cells, row } of body) {
    if (cells.length > names.length) {
      problems.push({
        at: `Row ${row}`,
        message: `The row has ${cells.length} values; the header names ${names.length} columns.`,
      });
      continue;
    }
    const values = Object.fromEntries(ACADEMICS_CSV_COLUMNS.map((c) => [c, ""])) as Row;
    // The export quotes a value a spreadsheet would run as a formula ('=...); read back, it is the value.
    names.forEach(
      (name, i) => (values[name as AcademicsCsvColumn] = (cells[i] ?? "").trim().replace(/^'(?=[=+\-@])/, "")),
    );
    readRow(values, row, programmes, problems);
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    tree: {
      programmes: [...programmes.values()].map((p) => ({
        name: p.name,
        branches: [...p.branches.values()].map((b) => ({
          name: b.name,
          semesters: [...b.semesters.values()].map((s) => ({
            number: s.number,
            subjects: [...s.subjects.values()].map((x) => ({
              code: x.code,
              name: x.name,
              ...(x.creditHalves === null ? {} : { credits: x.creditHalves / 2 }),
              units: [...x.units.values()].map(({ number, title, topics }) => ({ number, title, topics })),
            })),
          })),
        })),
      })),
    },
  };
}

interface ProgrammeDraft {
  name: string;
  row: number;
  branches: Map<string, { name: string; row: number; semesters: Map<number, SemesterDraft> }>;
}
interface SemesterDraft {
  number: number;
  subjects: Map<
    string,
    { code: string; name: string; creditHalves: number | null; row: number; units: Map<number, UnitDraft> }
  >;
}
interface UnitDraft {
  number: number;
  title: string;
  topics: string;
  row: number;
}

/** The levels in order, each with the columns it fills: a row fills a prefix of them. */
const LEVELS: AcademicsCsvColumn[][] = [
  ["programme"],
  ["branch"],
  ["semester"],
  ["subject_code", "subject_name", "credits"],
  ["unit_number", "unit_title", "unit_topics"],
];

function readRow(values: Row, row: number, programmes: Map<string, ProgrammeDraft>, problems: ImportProblem[]) {
  const before = problems.length;
  const say = (column: AcademicsCsvColumn, message: string) => problems.push({ at: `Row ${row}, ${column}`, message });
  const check = <S extends z.ZodType>(column: AcademicsCsvColumn, schema: S, value: unknown): z.output<S> | null => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    say(column, result.error.issues[0]?.message ?? "This value is not valid.");
    return null;
  };

  // How deep the row goes: the last level with a value; every level above it must have its values.
  const depth = LEVELS.reduce((deepest, columns, i) => (columns.some((c) => values[c] !== "") ? i + 1 : deepest), 0);
  for (const column of LEVELS.slice(0, depth).flat())
    if (values[column] === "" && !OPTIONAL_CSV_COLUMNS.includes(column))
      say(
        column,
        depth === LEVELS.length
          ? "This unit's row needs a value here."
          : `A row that names a ${LEVELS[depth - 1]![0]!.replace("_", " ")} needs a value here.`,
      );
  if (problems.length > before) return;

  const programmeName = check("programme", academicsFields.programme, values.programme);
  const branchName = depth >= 2 ? check("branch", academicsFields.branch, values.branch) : null;
  const semesterText = values.semester;
  const semester =
    depth >= 3
      ? /^\d{1,3}$/.test(semesterText)
        ? check("semester", academicsFields.semester, Number(semesterText))
        : (say("semester", "The semester must be a whole number from 1 to 12."), null)
      : null;
  const code = depth >= 4 ? check("subject_code", academicsFields.subjectCode, values.subject_code) : null;
  const subjectName = depth >= 4 ? check("subject_name", academicsFields.subjectName, values.subject_name) : null;
  // Credits are optional (a file from before them imports as it did); given, 0 to 30 in halves.
  const creditHalves = depth >= 4 && values.credits !== "" ? parseCredits(values.credits) : null;
  if (depth >= 4 && values.credits !== "" && creditHalves === null) say("credits", GRADES_MESSAGES.creditsInvalid);
  const unitNumber =
    depth >= 5
      ? /^\d{1,3}$/.test(values.unit_number)
        ? check("unit_number", academicsFields.unitNumber, Number(values.unit_number))
        : (say("unit_number", "The unit number must be a whole number from 1 to 20."), null)
      : null;
  const unitTitle = depth >= 5 ? check("unit_title", academicsFields.unitTitle, values.unit_title) : null;
  const topics = depth >= 5 ? check("unit_topics", academicsFields.unitTopics, values.unit_topics) : null;
  if (problems.length > before || programmeName === null) return;

  const pKey = academicsSlug(programmeName);
  if (!pKey) return say("programme", `"${programmeName}" needs letters or digits from A to Z and 0 to 9.`);
  let programme = programmes.get(pKey);
  if (programme && programme.name !== programmeName)
    return say(
      "programme",
      `"${programmeName}" and "${programme.name}" (row ${programme.row}) are the same programme: write it one way.`,
    );
  if (!programme) programmes.set(pKey, (programme = { name: programmeName, row, branches: new Map() }));
  if (branchName === null) return;

  const bKey = academicsSlug(branchName);
  if (!bKey) return say("branch", `"${branchName}" needs letters or digits from A to Z and 0 to 9.`);
  let branch = programme.branches.get(bKey);
  if (branch && branch.name !== branchName)
    return say(
      "branch",
      `"${branchName}" and "${branch.name}" (row ${branch.row}) are the same branch: write it one way.`,
    );
  if (!branch) programme.branches.set(bKey, (branch = { name: branchName, row, semesters: new Map() }));
  if (semester === null) return;

  let sem = branch.semesters.get(semester);
  if (!sem) branch.semesters.set(semester, (sem = { number: semester, subjects: new Map() }));
  if (code === null || subjectName === null) return;

  let subject = sem.subjects.get(code);
  if (subject && subject.name !== subjectName)
    return say(
      "subject_name",
      `Subject ${code} is named "${subject.name}" in row ${subject.row}: a code has one name.`,
    );
  if (subject && creditHalves !== null && subject.creditHalves !== null && subject.creditHalves !== creditHalves)
    return say(
      "credits",
      `Subject ${code} has ${creditsText(subject.creditHalves)} credits in row ${subject.row}: a subject has one value.`,
    );
  if (!subject) sem.subjects.set(code, (subject = { code, name: subjectName, creditHalves, row, units: new Map() }));
  else if (subject.creditHalves === null) subject.creditHalves = creditHalves;
  if (unitNumber === null || unitTitle === null) return;

  const unit = subject.units.get(unitNumber);
  if (unit) return say("unit_number", `Unit ${unitNumber} of ${code} is already in row ${unit.row}.`);
  subject.units.set(unitNumber, { number: unitNumber, title: unitTitle, topics: topics ?? "", row });
}

/** A CSV value, quoted when it must be; a leading = + - @ is quoted with a ' so a spreadsheet never runs it. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The tree as CSV: one row per unit, and a shorter row for each node without children. */
export function treeToCsv(tree: AcademicsTree): string {
  const lines: (string | number)[][] = [[...ACADEMICS_CSV_COLUMNS]];
  for (const p of tree.programmes) {
    if (p.branches.length === 0) lines.push([p.name]);
    for (const b of p.branches) {
      if (b.semesters.length === 0) lines.push([p.name, b.name]);
      for (const s of b.semesters) {
        if (s.subjects.length === 0) lines.push([p.name, b.name, s.number]);
        for (const x of s.subjects) {
          const credits = x.credits === null ? "" : x.credits;
          if (x.units.length === 0) lines.push([p.name, b.name, s.number, x.code, x.name, credits]);
          for (const u of x.units)
            lines.push([p.name, b.name, s.number, x.code, x.name, credits, u.number, u.title, u.topics]);
        }
      }
    }
  }
  return (
    lines
      .map((cells) => [...cells, ...Array(ACADEMICS_CSV_COLUMNS.length - cells.length).fill("")].map(csvCell).join(","))
      .join("\r\n") + "\r\n"
  );
}
