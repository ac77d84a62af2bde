import { z } from "zod";
import { ACADEMICS_MESSAGES } from "#common/academics.ts";
import { batch, int, select, type Sql, sql, text } from "#server/db/sql.ts";
import {
  academicBranches,
  academicProgrammes,
  academicSemesters,
  academicSubjects,
  academicUnits,
  attendanceMarks,
  gradeEntries,
  libraryItems,
  timetablePeriods,
} from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { audit, requireStaff, staffGrants } from "#server/services/staff.ts";
import { academicsFields } from "#server/services/academics/schema.ts";

// Renaming and removing one node of the admin's academics tree (docs/decisions/0105-academics-tree.md).
// A rename keeps the node's id, slug, number and code. A removal takes the node's children with it
// (the foreign keys cascade) and is refused while anything refers to a subject under it.

type Admin = Pick<SessionUser, "id" | "campusId"> & Partial<Pick<SessionUser, "suspendedUntil" | "suspensionReason">>;

export const ACADEMICS_LEVELS = ["programmes", "branches", "semesters", "subjects", "units"] as const;
export type AcademicsLevel = (typeof ACADEMICS_LEVELS)[number];

const items = libraryItems.as("r");
const periods = timetablePeriods.as("r");
const marks = attendanceMarks.as("r");
const grades = gradeEntries.as("r");

/**
 * The tables that refer to a subject (as `r`, joined to the subject `x` it refers to), each with the
 * words for the refusal, so a subject they use is never removed (library_items.subject_id has no
 * cascade: a college's notes are not lost to a tidy-up).
 */
export const SUBJECT_REFERENCES: readonly { from: Sql; what: string }[] = [
  { from: sql`${items} JOIN academic_subjects x ON x.id = ${items.subject_id}`, what: "library items" },
  { from: sql`${periods} JOIN academic_subjects x ON x.id = ${periods.subject_id}`, what: "timetable periods" },
  // A student's attendance is their record: the subject it counts under stays.
  { from: sql`${marks} JOIN academic_subjects x ON x.id = ${marks.subject_id}`, what: "students' attendance" },
  // A student's grades too (docs/decisions/0133-grades.md): their SGPA and CGPA are computed from it.
  { from: sql`${grades} JOIN academic_subjects x ON x.id = ${grades.subject_id}`, what: "students' grades" },
];

/** `PATCH|DELETE /api/admin/campus/academics/:level/:id`. */
export const nodeParamSchema = z.object({
  level: z.enum(ACADEMICS_LEVELS, { error: `The level is one of ${ACADEMICS_LEVELS.join(", ")}.` }),
  id: z.string().trim().min(1, "Say which node.").max(100, "That id is not one of ours."),
});
export type NodeParam = z.output<typeof nodeParamSchema>;

/** `PATCH .../:level/:id`: a programme's, branch's or subject's name; a unit's title and topics. */
export const renameSchema = z
  .object({
    name: academicsFields.nodeName.optional(),
    title: academicsFields.unitTitle.optional(),
    topics: academicsFields.unitTopics.optional(),
    /** A subject's credits; null clears them (docs/decisions/0133-grades.md). */
    credits: academicsFields.credits.nullable().optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: "Send the new name (or a unit's title or topics, or a subject's credits).",
    path: ["name"],
  });
export type RenameInput = z.output<typeof renameSchema>;

const TABLE = {
  programmes: academicProgrammes,
  branches: academicBranches,
  semesters: academicSemesters,
  subjects: academicSubjects,
  units: academicUnits,
} as const;

const LABEL: Record<AcademicsLevel, Sql> = {
  programmes: sql`'programme ' || name`,
  branches: sql`'branch ' || name`,
  semesters: sql`'semester ' || number`,
  subjects: sql`'subject ' || code || ' ' || name`,
  units: sql`'unit ' || number || ' ' || title`,
};

/** The subjects under a node (by the node's id), as a condition on x, a row of academic_subjects. */
const SUBJECTS_UNDER: Record<AcademicsLevel, (id: string) => Sql> = {
  programmes: (id) =>
    sql`x.semester_id IN (SELECT s.id FROM academic_semesters s JOIN academic_branches b ON b.id = s.branch_id WHERE b.programme_id = ${id})`,
  branches: (id) => sql`x.semester_id IN (SELECT id FROM academic_semesters WHERE branch_id = ${id})`,
  semesters: (id) => sql`x.semester_id = ${id}`,
  subjects: (id) => sql`x.id = ${id}`,
  units: () => sql`0`,
};

const stillAdmin = (admin: Admin) =>
  sql`EXISTS (SELECT 1 FROM staff_roles WHERE user_id = ${admin.id} AND campus_id = ${admin.campusId} AND role = 'admin')`;

/** The caller's roles and the node in one batch: 403 unless admin, 404 unless the node is at their campus. */
async function nodeOf(env: Env, admin: Admin, { level, id }: NodeParam): Promise<string> {
  const [grants, node] = await batch(env, [
    staffGrants(admin),
    select({ label: text(LABEL[level]) }, sql`FROM ${TABLE[level]} WHERE id = ${id} AND campus_id = ${admin.campusId}`),
  ]);
  await requireStaff(env, admin, "admin", {}, grants.rows);
  const label = node.rows[0]?.label;
  if (label === undefined) throw new ApiError(404, ACADEMICS_MESSAGES.nodeGone);
  return label;
}

async function limit(env: Env, admin: Admin) {
  const { success } = await env.POST_LIMITER.limit({ key: `admin:${admin.id}` });
  if (!success) throw new ApiError(429, ACADEMICS_MESSAGES.tooManyChanges);
}

export async function renameNode(
  env: Env,
  admin: Admin,
  node: NodeParam,
  input: RenameInput,
  now = Date.now(),
): Promise<void> {
  const label = await nodeOf(env, admin, node);
  await limit(env, admin);
  const set: ["title" | "topics" | "name" | "credit_halves", string | number | null][] =
    node.level === "units"
      ? [
          ["title", input.title ?? input.name],
          ["topics", input.topics],
        ].filter((pair): pair is ["title" | "topics", string] => pair[1] !== undefined)
      : node.level === "semesters"
        ? []
        : input.name !== undefined
          ? [["name", input.name]]
          : [];
  if (node.level === "subjects" && input.credits !== undefined)
    set.push(["credit_halves", input.credits === null ? null : input.credits * 2]);
  if (set.length === 0)
    throw new ApiError(
      400,
      node.level === "semesters" ? "A semester is its number: it has no name to change." : "Send the new name.",
      { field: "name" },
    );
  const table = TABLE[node.level];
  // The columns are the code's own names (a unit's title and topics, any other level's name).
  const assignments = sql.join(set.map(([column, value]) => sql`${sql.raw(column)} = ${value}`));
  const [updated] = await batch(env, [
    sql`UPDATE ${table} SET ${assignments}
      WHERE id = ${node.id} AND campus_id = ${admin.campusId} AND ${stillAdmin(admin)}`,
    audit(
      {
        campusId: admin.campusId,
        actorId: admin.id,
        action: "academics.rename",
        subjectKind: node.level,
        subjectId: node.id,
        studentId: null,
        note: `${label} -> ${set.map(([column, value]) => (column === "credit_halves" ? `${value === null ? "no" : Number(value) / 2} credits` : String(value).slice(0, 120))).join(" / ")}`,
        at: now,
      },
      sql`${stillAdmin(admin)} AND EXISTS (SELECT 1 FROM ${table} WHERE id = ${node.id} AND campus_id = ${admin.campusId})`,
    ),
  ]);
  if (updated.changes === 0) {
    await requireStaff(env, admin, "admin");
    throw new ApiError(404, ACADEMICS_MESSAGES.nodeGone);
  }
}

/** Whether a subject under the node is referred to: the refusal's words, or null. */
async function referencesUnder(env: Env, { level, id }: NodeParam): Promise<string | null> {
  if (SUBJECT_REFERENCES.length === 0) return null;
  const found = await batch(
    env,
    SUBJECT_REFERENCES.map((ref) =>
      select({ found: int(sql`1`) }, sql`FROM ${ref.from} WHERE ${SUBJECTS_UNDER[level](id)} LIMIT 1`),
    ),
  );
  const what = SUBJECT_REFERENCES.filter((_, i) => found[i]!.rows.length > 0).map((ref) => ref.what);
  return what.length > 0 ? what.join(" and ") : null;
}

/** The condition "nothing refers to a subject under the node", for the write itself. */
function unreferenced({ level, id }: NodeParam): Sql {
  return sql.join(
    SUBJECT_REFERENCES.map((ref) => sql`NOT EXISTS (SELECT 1 FROM ${ref.from} WHERE ${SUBJECTS_UNDER[level](id)})`),
    " AND ",
  );
}

export async function removeNode(env: Env, admin: Admin, node: NodeParam, now = Date.now()): Promise<void> {
  const label = await nodeOf(env, admin, node);
  await limit(env, admin);
  const referenced = await referencesUnder(env, node);
  if (referenced) throw new ApiError(409, ACADEMICS_MESSAGES.referenced(referenced));
  const auditId = crypto.randomUUID();
  const table = TABLE[node.level];
  // The audit line is written only while the caller is admin, the node is theirs and nothing refers
  // to it; the removal only where that line was written.
  const [, removed] = await batch(env, [
    audit(
      {
        id: auditId,
        campusId: admin.campusId,
        actorId: admin.id,
        action: "academics.remove",
        subjectKind: node.level,
        subjectId: node.id,
        studentId: null,
        note: `Removed ${label}`,
        at: now,
      },
      sql`EXISTS (SELECT 1 FROM ${table} WHERE id = ${node.id} AND campus_id = ${admin.campusId})
        AND ${stillAdmin(admin)}
        ${SUBJECT_REFERENCES.length > 0 ? sql`AND ${unreferenced(node)}` : sql``}`,
    ),
    sql`DELETE FROM ${table} WHERE id = ${node.id} AND campus_id = ${admin.campusId}
      AND EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ${auditId})`,
  ]);
  if (removed.changes === 0) {
    await requireStaff(env, admin, "admin");
    const again = await referencesUnder(env, node);
    if (again) throw new ApiError(409, ACADEMICS_MESSAGES.referenced(again));
    throw new ApiError(404, ACADEMICS_MESSAGES.nodeGone);
  }
}
