import { z } from "zod";
import {
  LIBRARY_QUERY_MESSAGES as M,
  type LibraryListItem,
  type SemesterSyllabus,
  type SemesterSubject,
  type SubjectCounts,
} from "#common/library-find.ts";
import { ACADEMICS_SLUG } from "#common/academics.ts";
import type { Membership } from "#common/membership.ts";
import { batch, int, intOrNull, type Outcomes, select, sql, text, textOrNull, withTables } from "#server/db/sql.ts";
import {
  academicBranches,
  academicProgrammes,
  academicSemesters,
  academicSubjects,
  academicUnits,
} from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { id, ITEM, ITEM_COLUMNS, ITEM_JOINS, itemOf, optional, wholeNumber } from "#server/services/library/find.ts";
import { collegeOf, libraryScope, visible, type LibraryScope } from "#server/services/library/scope.ts";
import { ACADEMICS_TABLES } from "#server/services/academics/tree.ts";
import { publicRead } from "#server/lib/edge-cache.ts";

// What the notes screens read (docs/decisions/0107-library-finding.md): the college's academics tree
// (decision 0105) and its library, in one D1 batch per page, so that with the root's session a page
// costs two queries of its three; a visitor's is kept at the edge (readNotesPage).

type Reader = Pick<Membership, "campusId" | "openCommunity" | "verified"> | null;

export interface College {
  id: string;
  name: string;
  shortName: string;
}

/** The notes pages' notes kinds: listed per unit, the others per subject. */
const UNIT_KINDS = ["lecture_notes", "short_notes", "important_questions"] as const;
/** Items sent per subject, unit and notes kind; the rest are counted and found through the search page. */
export const ITEMS_PER_UNIT = 3;
/** Items sent per subject and other kind (past papers, practicals, books, videos). */
export const ITEMS_PER_SUBJECT = 8;

export interface SemesterLibrary {
  college: College | null;
  member: boolean;
  /** The semester's id in the academics tree (the library's semester filter takes it); null when there is none. */
  semesterId: string | null;
  /** Null when the college has no such semester, or none of its subjects, yet. */
  subjects: SemesterSubject[] | null;
  /** The most helpful items of each subject (a few per unit and kind, see ITEMS_PER_*), by subject id. */
  items: Record<string, LibraryListItem[]>;
  counts: Record<string, SubjectCounts>;
}

/** The college of a read, as the table `college` (id, name, short_name). */
const collegeTable = (scope: LibraryScope) =>
  sql`college AS (SELECT c.id, c.name, c.short_name FROM campuses c WHERE c.id = ${collegeOf(scope.college)})`;
/** The college's columns, from the table `college`. */
const COLLEGE_COLUMNS = {
  college_id: text(sql`college.id`),
  college_name: text(sql`college.name`),
  college_short: text(sql`college.short_name`),
};

const p = academicProgrammes.as("p");
const b = academicBranches.as("b");
const sem = academicSemesters.as("sem");
const s = academicSubjects.as("s");
const u = academicUnits.as("u");

/** The semester's subjects (`s`) of the college, found by the programme's and branch's slugs and the number. */
const semesterSubjects = (where: { programme: string; branch: string; semester: number }) => sql`college
  JOIN ${p} ON ${p.campus_id} = college.id AND ${p.slug} = ${where.programme}
  JOIN ${b} ON ${b.programme_id} = ${p.id} AND ${b.slug} = ${where.branch}
  JOIN ${sem} ON ${sem.branch_id} = ${b.id} AND ${sem.number} = ${where.semester}
  JOIN ${s} ON ${s.semester_id} = ${sem.id}`;

/**
 * A semester's subjects and units, and its library: the most helpful visible items of each kind per
 * subject (and per unit for notes), with the counts of all of them. One batch of four statements
 * (none for a visitor while the edge keeps it: readNotesPage).
 */
export async function readSemesterLibrary(
  env: Env,
  reader: Reader,
  where: { programme: string; branch: string; semester: number; college?: string | null },
): Promise<SemesterLibrary> {
  return (await readNotesPage(env, reader, where)).semester!;
}

/** A programme's or branch's address name, of the academics tree's shape. */
const slug = (message: string) => z.string({ message }).trim().max(64, message).regex(ACADEMICS_SLUG, message);

/** `GET /api/library/semester-items`: one subject of a semester page, as the page addresses it. */
export const subjectItemsSchema = z.object({
  programme: slug(M.badProgramme),
  branch: slug(M.badBranch),
  semester: wholeNumber(1, 12, M.badSemesterNumber),
  subject: id(M.badSubject),
  college: optional(id(M.badCollege)),
});
export type SubjectItemsInput = z.output<typeof subjectItemsSchema>;

/**
 * One subject's items as its semester page lists them (decision 0139): the page's HTML carries only
 * the open subject's, and the page asks for another's when the reader picks it. The same read as the
 * page's, so a visitor's comes from the same edge copy and the lists match the page's counts.
 */
export async function readSubjectItems(
  env: Env,
  reader: Reader,
  input: SubjectItemsInput,
): Promise<{ subject: string; items: LibraryListItem[] }> {
  const { semester } = await readNotesPage(env, reader, input);
  if (!semester?.subjects?.some((subject) => subject.id === input.subject))
    throw new ApiError(404, M.subjectNotInSemester);
  return { subject: input.subject, items: semester.items[input.subject] ?? [] };
}

/** `GET /api/library/semester-syllabus`: a semester as its page addresses it. */
export const semesterSyllabusSchema = subjectItemsSchema.omit({ subject: true });
export type SemesterSyllabusInput = z.output<typeof semesterSyllabusSchema>;

/**
 * Every unit's topics of a semester (decision 0142): a semester page carries those of the subject it
 * opens on and asks for the rest once it has loaded. The academics tree is the same for every reader
 * of the college, so a visitor's answer is kept at the edge; one statement otherwise. A semester with
 * subjects but no units answers no topics; one the college does not have is a 404.
 */
export async function readSemesterSyllabus(
  env: Env,
  reader: Reader,
  input: SemesterSyllabusInput,
): Promise<SemesterSyllabus> {
  const scope = libraryScope(reader, input.college);
  const where = { programme: input.programme, branch: input.branch, semester: input.semester };
  const read = async () => {
    const [result] = await batch(env, [
      withTables(
        collegeTable(scope),
        select(
          { unit_id: textOrNull(sql`${u.id}`), topics: textOrNull(sql`${u.topics}`) },
          sql`FROM ${semesterSubjects(where)} LEFT JOIN ${u} ON ${u.subject_id} = ${s.id}`,
        ),
      ),
    ]);
    if (result.rows.length === 0) return null;
    const topics: Record<string, string> = {};
    for (const row of result.rows) if (row.unit_id) topics[row.unit_id] = row.topics ?? "";
    return { topics };
  };
  const syllabus = await notesRead(env, scope, "syllabus", where, ["campuses", ...ACADEMICS_TABLES], read);
  if (!syllabus) throw new ApiError(404, M.semesterNotFound);
  return syllabus;
}

function semesterReads(scope: LibraryScope, where: { programme: string; branch: string; semester: number }) {
  const i = ITEM;
  const college = collegeTable(scope);
  const subjects = semesterSubjects(where);
  const shown = sql`${i.subject_id} = ${s.id} AND ${i.campus_id} = college.id AND ${visible(scope.memberOf)}`;
  // The notes kinds as written in the statement, as before (the code's own constants).
  const notesKinds = sql.raw(`(${UNIT_KINDS.map((kind) => `'${kind}'`).join(", ")})`);
  return [
    withTables(
      college,
      select(
        {
          ...COLLEGE_COLUMNS,
          semester_id: textOrNull(sql`${sem.id}`),
          subject_id: textOrNull(sql`${s.id}`),
          code: s.code,
          name: s.name,
          unit_id: textOrNull(sql`${u.id}`),
          number: u.number,
          title: u.title,
          topics: u.topics,
        },
        sql`FROM college
          LEFT JOIN ${p} ON ${p.campus_id} = college.id AND ${p.slug} = ${where.programme}
          LEFT JOIN ${b} ON ${b.programme_id} = ${p.id} AND ${b.slug} = ${where.branch}
          LEFT JOIN ${sem} ON ${sem.branch_id} = ${b.id} AND ${sem.number} = ${where.semester}
          LEFT JOIN ${s} ON ${s.semester_id} = ${sem.id}
          LEFT JOIN ${u} ON ${u.subject_id} = ${s.id}
          ORDER BY ${s.position}, ${s.code}, ${u.number}`,
      ),
    ),
    // Notes, per unit: an item covering two units is a candidate in each.
    withTables(
      sql`${college}, ranked AS (
        SELECT ${i.id}, ROW_NUMBER() OVER (PARTITION BY ${i.subject_id}, lu.unit_id, ${i.kind}
          ORDER BY ${i.helpful_count} DESC, ${i.created_at} DESC, ${i.id}) AS n
        FROM ${subjects}
        JOIN ${i} ON ${shown} AND ${i.kind} IN ${notesKinds}
        LEFT JOIN library_item_units lu ON lu.item_id = ${i.id})`,
      select(
        ITEM_COLUMNS,
        sql`FROM ${i} ${ITEM_JOINS}
          WHERE ${i.id} IN (SELECT id FROM ranked WHERE n <= ${sql.raw(String(ITEMS_PER_UNIT))})
          ORDER BY ${i.helpful_count} DESC, ${i.created_at} DESC, ${i.id}`,
      ),
    ),
    // Past papers (the newest year first), practicals, books and videos, per subject.
    withTables(
      sql`${college}, ranked AS (
        SELECT ${i.id}, ROW_NUMBER() OVER (PARTITION BY ${i.subject_id}, ${i.kind}
          ORDER BY ${i.year} DESC, ${i.helpful_count} DESC, ${i.created_at} DESC, ${i.id}) AS n
        FROM ${subjects}
        JOIN ${i} ON ${shown} AND ${i.kind} NOT IN ${notesKinds})`,
      select(
        ITEM_COLUMNS,
        sql`FROM ${i} ${ITEM_JOINS}
          WHERE ${i.id} IN (SELECT id FROM ranked WHERE n <= ${sql.raw(String(ITEMS_PER_SUBJECT))})
          ORDER BY ${i.year} DESC, ${i.helpful_count} DESC, ${i.created_at} DESC, ${i.id}`,
      ),
    ),
    // The counts per subject and kind, then per unit and kind (a UNION's columns are its first part's).
    withTables(
      college,
      select(
        { subject_id: s.id, unit_id: textOrNull(sql`NULL`), kind: i.kind, n: int(sql`count(*)`) },
        sql`FROM ${subjects} JOIN ${i} ON ${shown}
          GROUP BY ${s.id}, ${i.kind}
          UNION ALL
          SELECT ${s.id}, lu.unit_id, ${i.kind}, count(*)
          FROM ${subjects} JOIN ${i} ON ${shown}
          JOIN library_item_units lu ON lu.item_id = ${i.id}
          GROUP BY ${s.id}, lu.unit_id, ${i.kind}`,
      ),
    ),
  ] as const;
}

function semesterOf(outcomes: Outcomes<ReturnType<typeof semesterReads>>, scope: LibraryScope): SemesterLibrary {
  const [tree, unitItems, subjectItems, counts] = outcomes;
  const rows = tree.rows;
  const first = rows[0];
  const college = first ? { id: first.college_id, name: first.college_name, shortName: first.college_short } : null;
  let subjects: SemesterSubject[] | null = null;
  if (first?.semester_id) {
    const byId = new Map<string, SemesterSubject>();
    for (const row of rows) {
      if (!row.subject_id) continue;
      let subject = byId.get(row.subject_id);
      if (!subject)
        byId.set(row.subject_id, (subject = { id: row.subject_id, code: row.code, name: row.name, units: [] }));
      if (row.unit_id)
        subject.units.push({ id: row.unit_id, number: row.number, title: row.title, topics: row.topics });
    }
    // A semester without subjects is not set up yet, as one that does not exist.
    subjects = byId.size > 0 ? [...byId.values()] : null;
  }

  const items: Record<string, LibraryListItem[]> = {};
  const seen = new Set<string>();
  for (const row of [...unitItems.rows, ...subjectItems.rows]) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    (items[row.subject_id] ??= []).push(itemOf(row));
  }
  const countsBySubject: Record<string, SubjectCounts> = {};
  for (const row of counts.rows) {
    const entry = (countsBySubject[row.subject_id] ??= { all: {}, units: {} });
    if (row.unit_id === null) entry.all[row.kind] = row.n;
    else (entry.units[row.unit_id] ??= {})[row.kind] = row.n;
  }
  return {
    college,
    member: !!college && scope.memberOf === college.id,
    semesterId: first?.semester_id ?? null,
    subjects,
    items,
    counts: countsBySubject,
  };
}

export interface NotesSemester {
  number: number;
  /** It has subjects: a semester without any is there, but not set up yet. */
  ready: boolean;
}

export interface NotesBranch {
  slug: string;
  name: string;
  /** Every semester the college has under the branch, by number. */
  semesters: NotesSemester[];
}

export interface NotesProgramme {
  slug: string;
  name: string;
  branches: NotesBranch[];
}

export interface CollegeProgrammes {
  college: College | null;
  /** The college's programmes, their branches and semesters, in the college's order. */
  programmes: NotesProgramme[];
}

/** The programmes, branches and semesters of the reader's college (every notes page): one statement. */
function treeRead(scope: LibraryScope) {
  return withTables(
    collegeTable(scope),
    select(
      {
        ...COLLEGE_COLUMNS,
        programme: textOrNull(sql`${p.slug}`),
        programme_name: p.name,
        branch: textOrNull(sql`${b.slug}`),
        branch_name: b.name,
        number: intOrNull(sql`${sem.number}`),
        ready: int(sql`EXISTS (SELECT 1 FROM academic_subjects s WHERE s.semester_id = ${sem.id})`),
      },
      sql`FROM college
        LEFT JOIN ${p} ON ${p.campus_id} = college.id
        LEFT JOIN ${b} ON ${b.programme_id} = ${p.id}
        LEFT JOIN ${sem} ON ${sem.branch_id} = ${b.id}
        ORDER BY ${p.position}, ${p.slug}, ${b.position}, ${b.slug}, ${sem.number}`,
    ),
  );
}

function treeOf([result]: Outcomes<readonly [ReturnType<typeof treeRead>]>): CollegeProgrammes {
  const rows = result.rows;
  const first = rows[0];
  const programmes: NotesProgramme[] = [];
  for (const row of rows) {
    if (!row.programme) continue;
    let programme = programmes.find((p) => p.slug === row.programme);
    if (!programme) programmes.push((programme = { slug: row.programme, name: row.programme_name, branches: [] }));
    if (!row.branch) continue;
    let branch = programme.branches.find((b) => b.slug === row.branch);
    if (!branch) programme.branches.push((branch = { slug: row.branch, name: row.branch_name, semesters: [] }));
    if (row.number !== null) branch.semesters.push({ number: row.number, ready: row.ready === 1 });
  }
  return {
    college: first ? { id: first.college_id, name: first.college_name, shortName: first.college_short } : null,
    programmes,
  };
}

/** What one notes page shows: the college's tree and, on a semester page, that semester. */
export interface NotesPage {
  tree: CollegeProgrammes;
  semester: SemesterLibrary | null;
}

/** What a notes page's read depends on besides the reader: the tables, for the edge cache's versions. */
const NOTES_TABLES = [
  "campuses",
  ...ACADEMICS_TABLES,
  // The semester's items and their units; a vote moves library_items.helpful_count, the order.
  "library_items",
  "library_item_units",
] as const;

/** A notes page is the same for every visitor: kept at the edge this long, then refreshed behind. */
const NOTES_CACHE = { freshS: 60, staleS: 300 } as const;

/** A ?college= worth a cache entry: the shape of a college's id; anything else is read (and not found) only. */
const COLLEGE_ID = /^[a-z0-9-]{1,64}$/i;

/**
 * A notes page's read (decision 0107, and its routes: decision 0121): the college's programmes,
 * branches and semesters, and on a semester page that semester's subjects and library. One D1 batch
 * (the tree's statement and the semester's four); for a visitor it goes through the edge cache
 * (decision 0093), so a second visitor in the data centre costs no query, and any write to these
 * tables by the college moves its version.
 */
export async function readNotesPage(
  env: Env,
  reader: Reader,
  where: { college?: string | null; programme?: string; branch?: string; semester?: number | null },
): Promise<NotesPage> {
  const scope = libraryScope(reader, where.college);
  const semester =
    where.programme && where.branch && where.semester
      ? { programme: where.programme, branch: where.branch, semester: where.semester }
      : null;
  const read = async (): Promise<NotesPage> => {
    if (!semester) {
      const [tree] = await batch(env, [treeRead(scope)]);
      return { tree: treeOf([tree]), semester: null };
    }
    const [tree, ...rest] = await batch(env, [treeRead(scope), ...semesterReads(scope, semester)]);
    return { tree: treeOf([tree]), semester: semesterOf(rest, scope) };
  };
  // Who may see what (a visitor sees the public items): part of the key, though only visitors use the cache.
  return notesRead(env, scope, "notes", { member: scope.memberOf, ...semester }, NOTES_TABLES, read);
}

/**
 * A notes read through the edge cache (decision 0093), keyed by its college and `variant`; a
 * visitor's college (none asked for) is found in the read, so any college's write to `tables` renews
 * it. A ?college= not of a college id's shape is read, never given a cache entry.
 */
function notesRead<T>(
  env: Env,
  scope: LibraryScope,
  name: string,
  variant: Record<string, string | number | null | undefined>,
  tables: readonly string[],
  read: () => Promise<T>,
): Promise<T> {
  if (scope.college && !COLLEGE_ID.test(scope.college)) return read();
  return publicRead(
    env,
    name,
    { college: scope.college, ...variant },
    { tables, campus: scope.college, ...NOTES_CACHE },
    read,
  );
}
