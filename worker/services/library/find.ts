import { z } from "zod";
import {
  LIBRARY_COUNT_CAP,
  LIBRARY_QUERY_MESSAGES as M,
  LIBRARY_ITEM_KINDS,
  LIBRARY_MAX_PAGE,
  LIBRARY_PAGE_SIZE,
  LIBRARY_QUERY_MAX,
  type LibraryItemKind,
  type LibraryListItem,
  type SnippetPart,
} from "#common/library-find.ts";
import type { Membership } from "#common/membership.ts";
import { LIBRARY_EXAM_NAMES } from "#common/library-contribute.ts";
import { batch, int, oneOfOrNull, select, type Sql, sql, text, textOrNull } from "#server/db/sql.ts";
import {
  academicBranches,
  academicProgrammes,
  academicSemesters,
  academicSubjects,
  campuses,
  libraryItems,
} from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { collegeOf, libraryScope, visible } from "#server/services/library/scope.ts";

// Finding items in a college's library (docs/decisions/0107-library-finding.md): the list API
// (`GET /api/library/items`) and the search page (/library) call findLibraryItems with the same
// schema. One D1 batch: the college, the page of items and their count.

/** A GET form sends "" for a filter left at "Any": the same as not sending it. */
const blankAsMissing = (value: unknown) => (value === "" ? undefined : value);
export const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankAsMissing, schema.optional());
export const id = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .max(64, message)
    .regex(/^[\w.-]+$/, message);
export const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\d{1,6}$/.test(value.trim()) ? Number(value) : value),
    z.number({ message }).int(message).min(min, message).max(max, message),
  );

export const libraryFindSchema = z.object({
  semester: optional(id(M.badSemester)),
  subject: optional(id(M.badSubject)),
  unit: optional(id(M.badUnit)),
  kind: optional(z.enum(LIBRARY_ITEM_KINDS, { message: M.badKind })),
  year: optional(wholeNumber(1990, 2100, M.badYear)),
  q: optional(z.string({ message: M.badQuery }).max(LIBRARY_QUERY_MAX, M.badQuery)),
  page: z.preprocess(blankAsMissing, wholeNumber(1, LIBRARY_MAX_PAGE, M.badPage).default(1)),
  college: optional(id(M.badCollege)),
});
export type LibraryFindInput = z.output<typeof libraryFindSchema>;

export interface LibraryFindResult {
  college: { id: string; name: string; shortName: string };
  /** Whether the reader sees the college's private items too (a proven member of it). */
  member: boolean;
  items: LibraryListItem[];
  /** How many match, counted up to LIBRARY_COUNT_CAP; `more` says there are more than that. */
  total: number;
  more: boolean;
  page: number;
  pages: number;
  pageSize: number;
  /** The search as it was run: the words, quoted, the last one a prefix; null without words. */
  match: string | null;
}

/** What the search page's semester and subject filters offer (read only when asked for). */
export interface LibraryChoices {
  /** The college's semesters, as "B.Tech · Computer Science · Semester 3", in the tree's order. */
  semesters: { id: string; label: string }[];
  /** The subjects of the chosen semester (none without one). */
  subjects: { id: string; label: string }[];
}

/** At most this many semesters are offered (30 programmes of the largest trees would be more). */
const MAX_SEMESTER_CHOICES = 600;

/** Words in the search: runs of letters and digits. Everything else, FTS5 syntax included, separates them. */
const WORDS = /[\p{L}\p{N}]+/gu;
const MAX_WORDS = 12;

/**
 * The FTS5 query for what a person typed: every word quoted (so `"`, `NEAR(`, `*`, `AND`, `-` or
 * `col:` are never read as syntax), all of them required, the last one a prefix unless the text
 * ends in a space or punctuation (they are still typing it). Null when there is no word at all.
 */
export function ftsQuery(text: string): string | null {
  const words = text.normalize("NFC").match(WORDS)?.slice(0, MAX_WORDS) ?? [];
  if (words.length === 0) return null;
  const typing = /[\p{L}\p{N}]$/u.test(text);
  return words.map((word, i) => `"${word}"${typing && i === words.length - 1 ? "*" : ""}`).join(" ");
}

/** FTS5 marks the words it matched with these; they are never HTML, so a snippet cannot inject any. */
export const MARK_START = "\u0001";
export const MARK_END = "\u0002";

/** A snippet as parts, the matched words marked. */
export function snippetParts(snippet: string | null): SnippetPart[] | null {
  if (!snippet) return null;
  const parts: SnippetPart[] = [];
  for (const piece of snippet.split(MARK_START)) {
    const end = piece.indexOf(MARK_END);
    if (end >= 0) {
      parts.push({ text: piece.slice(0, end), mark: true });
      if (end + 1 < piece.length) parts.push({ text: piece.slice(end + 1), mark: false });
    } else if (piece) parts.push({ text: piece, mark: false });
  }
  return parts.map((part) => ({ ...part, text: part.text.replaceAll(MARK_END, "") })).filter((part) => part.text);
}

/** An item (`i`), its subject (`s`) and its college (`c`), as ITEM_COLUMNS names them. */
export const ITEM = libraryItems.as("i");
const s = academicSubjects.as("s");
const c = campuses.as("c");
/** The joins of an item card's columns: its subject and its college. */
export const ITEM_JOINS = sql`JOIN ${s} ON ${s.id} = ${ITEM.subject_id} JOIN ${c} ON ${c.id} = ${ITEM.campus_id}`;

/** The semester filter's choices: a semester, its branch and its programme. */
const sem = academicSemesters.as("sem");
const br = academicBranches.as("br");
const prog = academicProgrammes.as("prog");

/** The columns of an item card (with ITEM_JOINS). */
export const ITEM_COLUMNS = {
  id: ITEM.id,
  kind: ITEM.kind,
  title: ITEM.title,
  description: ITEM.description,
  subject_id: ITEM.subject_id,
  subject_name: s.name,
  year: ITEM.year,
  exam: oneOfOrNull(LIBRARY_EXAM_NAMES, sql`${ITEM.exam}`),
  author: ITEM.author,
  edition: ITEM.edition,
  url: ITEM.url,
  file_bytes: ITEM.file_bytes,
  file_pages: ITEM.file_pages,
  has_file: int(sql`${ITEM.file_key} IS NOT NULL`),
  helpful_count: ITEM.helpful_count,
  public: ITEM.public,
  college_id: c.id,
  college_name: c.name,
  college_short: c.short_name,
  unit_ids: textOrNull(sql`(SELECT group_concat(lu.unit_id) FROM library_item_units lu WHERE lu.item_id = ${ITEM.id})`),
};

export interface ItemRow {
  id: string;
  kind: LibraryItemKind;
  title: string;
  description: string;
  subject_id: string;
  subject_name: string;
  year: number | null;
  exam: LibraryListItem["exam"];
  author: string | null;
  edition: string | null;
  url: string | null;
  file_bytes: number | null;
  file_pages: number | null;
  has_file: number;
  helpful_count: number;
  public: number;
  college_id: string;
  college_name: string;
  college_short: string;
  unit_ids: string | null;
  snippet?: string | null;
}

export function itemOf(row: ItemRow): LibraryListItem {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    unitIds: row.unit_ids ? row.unit_ids.split(",") : [],
    year: row.year,
    exam: row.exam,
    author: row.author,
    edition: row.edition,
    url: row.url,
    fileBytes: row.file_bytes,
    filePages: row.file_pages,
    hasFile: row.has_file === 1,
    helpfulCount: row.helpful_count,
    public: row.public === 1,
    college: { id: row.college_id, name: row.college_name, shortName: row.college_short },
    snippet: snippetParts(row.snippet ?? null),
  };
}

/**
 * A page of the approved, visible items of one college (the reader's own unless they ask for
 * another; a visitor's: decision 0107), filtered, most helpful first, or by relevance (bm25: a word
 * in the title counts most, then the subject, then the text of the PDF) when there are words to
 * search for.
 */
export async function findLibraryItems(
  env: Env,
  reader: Pick<Membership, "campusId" | "openCommunity" | "verified"> | null,
  input: LibraryFindInput,
): Promise<LibraryFindResult> {
  return (await findWithChoices(env, reader, input, false)).result;
}

/**
 * The search page's read: findLibraryItems, and in the same batch the semesters and the chosen
 * semester's subjects its filters offer.
 */
export async function findLibraryPage(
  env: Env,
  reader: Pick<Membership, "campusId" | "openCommunity" | "verified"> | null,
  input: LibraryFindInput,
): Promise<{ result: LibraryFindResult; choices: LibraryChoices }> {
  const found = await findWithChoices(env, reader, input, true);
  return { result: found.result, choices: found.choices ?? { semesters: [], subjects: [] } };
}

async function findWithChoices(
  env: Env,
  reader: Pick<Membership, "campusId" | "openCommunity" | "verified"> | null,
  input: LibraryFindInput,
  withChoices: boolean,
): Promise<{ result: LibraryFindResult; choices: LibraryChoices | null }> {
  const scope = libraryScope(reader, input.college);
  const match = input.q ? ftsQuery(input.q) : null;
  const i = ITEM;
  const filters: Sql[] = [sql`${i.campus_id} = ${collegeOf(scope.college)}`, visible(scope.memberOf)];
  if (input.semester)
    filters.push(sql`${i.subject_id} IN (SELECT id FROM academic_subjects WHERE semester_id = ${input.semester})`);
  if (input.subject) filters.push(sql`${i.subject_id} = ${input.subject}`);
  if (input.unit) filters.push(sql`${i.id} IN (SELECT item_id FROM library_item_units WHERE unit_id = ${input.unit})`);
  if (input.kind) filters.push(sql`${i.kind} = ${input.kind}`);
  if (input.year !== undefined) filters.push(sql`${i.year} = ${input.year}`);
  if (match) filters.push(sql`library_search MATCH ${match}`);
  const where = sql.join(filters, " AND ");
  const from = match ? sql`library_search JOIN ${i} ON ${i.id} = library_search.item_id` : sql`${i}`;
  const offset = (input.page - 1) * LIBRARY_PAGE_SIZE;
  // Whole numbers of the code's own (the page is a checked whole number), written as SQL as before.
  const pageOf = sql.raw(`LIMIT ${LIBRARY_PAGE_SIZE} OFFSET ${offset}`);

  // A semester's past papers read as the exam season asks: subject by subject, the latest year first.
  const bySubject = Boolean(input.semester && input.kind === "past_paper");
  const page = match
    ? select(
        {
          ...ITEM_COLUMNS,
          snippet: textOrNull(sql`snippet(library_search, -1, ${MARK_START}, ${MARK_END}, '…', 14)`),
        },
        sql`FROM ${from} ${ITEM_JOINS}
          WHERE ${where} ORDER BY bm25(library_search, 0, 0, 10, 4, 1), ${i.helpful_count} DESC, ${i.id}
          ${pageOf}`,
      )
    : select(
        ITEM_COLUMNS,
        sql`FROM ${from} ${ITEM_JOINS}
          WHERE ${where} ORDER BY ${bySubject ? sql`${s.position}, ${s.code}, ${i.year} DESC, ${i.exam}, ` : sql``}${i.helpful_count} DESC, ${i.created_at} DESC, ${i.id}
          ${pageOf}`,
      );
  const college = collegeOf(scope.college);
  const [found, rows, count, semesterRows, subjectRows] = await batch(env, [
    select(
      { id: campuses.id, name: campuses.name, short_name: campuses.short_name },
      sql`FROM ${campuses} WHERE id = ${college}`,
    ),
    page,
    // Counted only so far: a search that matches most of a big library would otherwise pay to count
    // every match again, for a number nobody pages to the end of.
    select(
      { n: int(sql`count(*)`) },
      sql`FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${sql.raw(String(LIBRARY_COUNT_CAP + 1))})`,
    ),
    // The filters' choices. Not asked for, each looks up NULL in its index: nothing is read.
    select(
      { id: sem.id, programme: text(sql`${prog.name}`), branch: text(sql`${br.name}`), number: sem.number },
      sql`FROM ${sem} JOIN ${br} ON ${br.id} = ${sem.branch_id} JOIN ${prog} ON ${prog.id} = ${br.programme_id}
        WHERE ${sem.campus_id} = ${withChoices ? college : null}
        ORDER BY ${prog.position}, ${prog.name}, ${br.position}, ${br.name}, ${sem.number}
        LIMIT ${sql.raw(String(MAX_SEMESTER_CHOICES))}`,
    ),
    select(
      { id: academicSubjects.id, code: academicSubjects.code, name: academicSubjects.name },
      sql`FROM ${academicSubjects}
        WHERE semester_id = ${withChoices ? (input.semester ?? null) : null} AND campus_id = ${college}
        ORDER BY position, code`,
    ),
  ]);
  const collegeRow = found.rows[0];
  if (!collegeRow) throw new ApiError(404, "There is no college with that id.");
  const counted = count.rows[0]!.n;
  const total = Math.min(counted, LIBRARY_COUNT_CAP);
  return {
    result: {
      college: { id: collegeRow.id, name: collegeRow.name, shortName: collegeRow.short_name },
      member: scope.memberOf === collegeRow.id,
      items: rows.rows.map(itemOf),
      total,
      more: counted > LIBRARY_COUNT_CAP,
      page: input.page,
      pages: Math.max(1, Math.ceil(total / LIBRARY_PAGE_SIZE)),
      pageSize: LIBRARY_PAGE_SIZE,
      match,
    },
    choices: withChoices
      ? {
          semesters: semesterRows.rows.map((row) => ({
            id: row.id,
            label: `${row.programme} · ${row.branch} · Semester ${row.number}`,
          })),
          subjects: subjectRows.rows.map((row) => ({ id: row.id, label: `${row.code} ${row.name}` })),
        }
      : null,
  };
}
