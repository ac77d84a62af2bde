import { z } from "zod";
import { ACADEMICS_MESSAGES, type ImportProblem, type ImportSummary } from "#common/academics.ts";
import { batch, type Sql, sql } from "#server/db/sql.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { audit, requireStaff } from "#server/services/staff.ts";
import { csvToTree } from "#server/services/academics/csv.ts";
import { type AcademicsTreeInput, academicsTreeSchema, problemsOf } from "#server/services/academics/schema.ts";

// Importing a whole academics tree into the admin's campus (docs/decisions/0105-academics-tree.md).
// The file is checked whole first and every problem is reported; then one D1 batch merges it in:
// each level one INSERT ... SELECT FROM json_each(?) (five statements whatever the file's size, far
// under D1's limits), matched by natural key so existing nodes keep their ids, each row written only
// while the caller is still the campus's admin, and the audit line last, under the same condition.
// Nothing is removed by an import: removing is its own operation, one node at a time.

type Admin = Pick<SessionUser, "id" | "campusId"> & Partial<Pick<SessionUser, "suspendedUntil" | "suspensionReason">>;

/** What the file is, as the door read it: a JSON body, a CSV body, or a file from a form. */
export interface ImportSource {
  format: "csv" | "json";
  text: string;
}

/** The set-up page's import form and `POST .../academics/import` as multipart: one .csv or .json file. */
export const importFileSchema = z.object({
  file: z
    .instanceof(File, { error: ACADEMICS_MESSAGES.chooseFile })
    .refine((file) => file.size > 0 || file.name !== "", ACADEMICS_MESSAGES.chooseFile)
    .refine((file) => formatOfFile(file) !== null, ACADEMICS_MESSAGES.chooseFile)
    .refine((file) => file.size > 0, ACADEMICS_MESSAGES.emptyFile),
});

function formatOfFile(file: File): ImportSource["format"] | null {
  if (/\.csv$/i.test(file.name) || /^text\/csv\b/i.test(file.type)) return "csv";
  if (/\.json$/i.test(file.name) || /^application\/json\b/i.test(file.type)) return "json";
  return null;
}

export async function sourceOfFile(file: File): Promise<ImportSource> {
  return { format: formatOfFile(file) ?? "csv", text: await file.text() };
}

/** The refusal of a file with problems: 400, the first in the message, all of them in `problems`. */
function refuseProblems(problems: ImportProblem[]): never {
  throw new ApiError(400, ACADEMICS_MESSAGES.problems(problems), { problems: problems.slice(0, 100) });
}

/** The tree a file describes, checked whole by the one schema; every problem at once otherwise. */
export function readImport(source: ImportSource): AcademicsTreeInput {
  if (source.text.trim() === "") refuseProblems([{ at: "The file", message: ACADEMICS_MESSAGES.emptyFile }]);
  let raw: unknown;
  if (source.format === "json") {
    try {
      raw = JSON.parse(source.text);
    } catch {
      refuseProblems([{ at: "The file", message: ACADEMICS_MESSAGES.notJson }]);
    }
  } else {
    const read = csvToTree(source.text);
    if (!read.ok) refuseProblems(read.problems);
    raw = read.tree;
  }
  const parsed = academicsTreeSchema.safeParse(raw);
  if (!parsed.success) refuseProblems(problemsOf(parsed.error));
  return parsed.data;
}

/** The rows of each level, as JSON for json_each, with the natural keys of their parents. */
function levelsOf(tree: AcademicsTreeInput) {
  const id = () => crypto.randomUUID();
  const programmes: unknown[] = [];
  const branches: unknown[] = [];
  const semesters: unknown[] = [];
  const subjects: unknown[] = [];
  const units: unknown[] = [];
  tree.programmes.forEach((p, pi) => {
    programmes.push({ id: id(), slug: p.slug, name: p.name, position: pi });
    p.branches.forEach((b, bi) => {
      branches.push({ id: id(), p: p.slug, slug: b.slug, name: b.name, position: bi });
      for (const s of b.semesters) {
        semesters.push({ id: id(), p: p.slug, b: b.slug, number: s.number });
        s.subjects.forEach((x, xi) => {
          subjects.push({
            id: id(),
            p: p.slug,
            b: b.slug,
            s: s.number,
            code: x.code,
            name: x.name,
            position: xi,
            halves: x.credits == null ? null : x.credits * 2,
          });
          for (const u of x.units) units.push({ id: id(), p: p.slug, b: b.slug, s: s.number, c: x.code, ...u });
        });
      }
    });
  });
  return { programmes, branches, semesters, subjects, units };
}

/** A field of json_each's row (`j`): the field names are the code's own (levelsOf). */
const v = (field: string) => sql.raw(`json_extract(j.value, '$.${field}')`);

/**
 * The five statements of an import, each the rows of one level (as JSON) matched to their parents by
 * natural key, each row written only while `adminId` is still an admin of the campus.
 */
function importStatements(campusId: string, adminId: string, levels: ReturnType<typeof levelsOf>): Sql[] {
  const stillAdmin = sql`EXISTS (SELECT 1 FROM staff_roles x WHERE x.user_id = ${adminId} AND x.campus_id = ${campusId} AND x.role = 'admin')`;
  const programmeOf = sql`JOIN academic_programmes p ON p.campus_id = ${campusId} AND p.slug = ${v("p")}`;
  const branchOf = sql`${programmeOf} JOIN academic_branches b ON b.programme_id = p.id AND b.slug = ${v("b")}`;
  const semesterOf = sql`${branchOf} JOIN academic_semesters s ON s.branch_id = b.id AND s.number = ${v("s")}`;
  const subjectOf = sql`${semesterOf} JOIN academic_subjects x ON x.semester_id = s.id AND x.code = ${v("c")}`;
  const rows = (list: unknown[]) => JSON.stringify(list);
  // The WHERE before ON CONFLICT is also what SQLite's grammar needs to read an upsert after a join.
  return [
    sql`INSERT INTO academic_programmes (id, campus_id, slug, name, position)
      SELECT ${v("id")}, ${campusId}, ${v("slug")}, ${v("name")}, ${v("position")} FROM json_each(${rows(levels.programmes)}) j
      WHERE ${stillAdmin}
      ON CONFLICT (campus_id, slug) DO UPDATE SET name = excluded.name, position = excluded.position`,
    sql`INSERT INTO academic_branches (id, campus_id, programme_id, slug, name, position)
      SELECT ${v("id")}, ${campusId}, p.id, ${v("slug")}, ${v("name")}, ${v("position")} FROM json_each(${rows(levels.branches)}) j
      ${programmeOf} WHERE ${stillAdmin}
      ON CONFLICT (programme_id, slug) DO UPDATE SET name = excluded.name, position = excluded.position`,
    sql`INSERT INTO academic_semesters (id, campus_id, branch_id, number)
      SELECT ${v("id")}, ${campusId}, b.id, ${v("number")} FROM json_each(${rows(levels.semesters)}) j
      ${branchOf} WHERE ${stillAdmin}
      ON CONFLICT (branch_id, number) DO NOTHING`,
    // A file without credits leaves a subject's credits as they are (docs/decisions/0133-grades.md).
    sql`INSERT INTO academic_subjects (id, campus_id, semester_id, code, name, position, credit_halves)
      SELECT ${v("id")}, ${campusId}, s.id, ${v("code")}, ${v("name")}, ${v("position")}, ${v("halves")} FROM json_each(${rows(levels.subjects)}) j
      ${semesterOf} WHERE ${stillAdmin}
      ON CONFLICT (semester_id, code) DO UPDATE SET name = excluded.name, position = excluded.position,
        credit_halves = COALESCE(excluded.credit_halves, academic_subjects.credit_halves)`,
    sql`INSERT INTO academic_units (id, campus_id, subject_id, number, title, topics)
      SELECT ${v("id")}, ${campusId}, x.id, ${v("number")}, ${v("title")}, ${v("topics")} FROM json_each(${rows(levels.units)}) j
      ${subjectOf} WHERE ${stillAdmin}
      ON CONFLICT (subject_id, number) DO UPDATE SET title = excluded.title, topics = excluded.topics`,
  ];
}

/**
 * Merges a file's tree into the admin's campus: new nodes are added, nodes it names again (by slug,
 * number or code) take its names, titles and order, and nodes it does not name stay as they are.
 */
export async function importAcademics(
  env: Env,
  admin: Admin,
  source: ImportSource,
  now = Date.now(),
): Promise<ImportSummary> {
  await requireStaff(env, admin, "admin");
  const { success } = await env.POST_LIMITER.limit({ key: `admin:${admin.id}` });
  if (!success) throw new ApiError(429, ACADEMICS_MESSAGES.tooManyChanges);
  const tree = readImport(source);
  const levels = levelsOf(tree);
  const summary: ImportSummary = {
    programmes: levels.programmes.length,
    branches: levels.branches.length,
    semesters: levels.semesters.length,
    subjects: levels.subjects.length,
    units: levels.units.length,
  };
  const results = await batch(env, [
    ...importStatements(admin.campusId, admin.id, levels),
    audit(
      {
        campusId: admin.campusId,
        actorId: admin.id,
        action: "academics.import",
        subjectKind: "campus",
        subjectId: admin.campusId,
        studentId: null,
        note: `${source.format.toUpperCase()}: ${ACADEMICS_MESSAGES.imported(summary)}`,
        at: now,
      },
      sql`EXISTS (SELECT 1 FROM staff_roles WHERE user_id = ${admin.id} AND campus_id = ${admin.campusId} AND role = 'admin')`,
    ),
  ]);
  // The caller stopped being admin between the check and the batch: nothing was written.
  if (results.at(-1)!.changes === 0) await requireStaff(env, admin, "admin");
  return summary;
}
