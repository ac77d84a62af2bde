import { z } from "zod";
import { ACADEMICS_MESSAGES } from "#common/academics.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import { auditStatement, requireStaff, type StaffGrant, staffGrantsStatement } from "#server/services/staff.ts";
import { academicsFields } from "#server/services/academics/schema.ts";

// Renaming and removing one node of the admin's academics tree (docs/decisions/0105-academics-tree.md).
// A rename keeps the node's id, slug, number and code. A removal takes the node's children with it
// (the foreign keys cascade) and is refused while anything refers to a subject under it.

type Admin = Pick<SessionUser, "id" | "campusId"> & Partial<Pick<SessionUser, "suspendedUntil" | "suspensionReason">>;

export const ACADEMICS_LEVELS = ["programmes", "branches", "semesters", "subjects", "units"] as const;
export type AcademicsLevel = (typeof ACADEMICS_LEVELS)[number];

/**
 * The tables that refer to a subject, each with the words for the refusal, so a subject they use is
 * never removed (library_items.subject_id has no cascade: a college's notes are not lost to a tidy-up).
 */
export const SUBJECT_REFERENCES: readonly { table: string; column: string; what: string }[] = [
  { table: "library_items", column: "subject_id", what: "library items" },
  { table: "timetable_periods", column: "subject_id", what: "timetable periods" },
  // A student's attendance is their record: the subject it counts under stays.
  { table: "attendance_marks", column: "subject_id", what: "students' attendance" },
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
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: "Send the new name (or a unit's title or topics).",
    path: ["name"],
  });
export type RenameInput = z.output<typeof renameSchema>;

const TABLE: Record<AcademicsLevel, string> = {
  programmes: "academic_programmes",
  branches: "academic_branches",
  semesters: "academic_semesters",
  subjects: "academic_subjects",
  units: "academic_units",
};

const LABEL: Record<AcademicsLevel, string> = {
  programmes: "'programme ' || name",
  branches: "'branch ' || name",
  semesters: "'semester ' || number",
  subjects: "'subject ' || code || ' ' || name",
  units: "'unit ' || number || ' ' || title",
};

/** The subjects under a node (?1 the node's id), as a condition on x, a row of academic_subjects. */
const SUBJECTS_UNDER: Record<AcademicsLevel, string> = {
  programmes:
    "x.semester_id IN (SELECT s.id FROM academic_semesters s JOIN academic_branches b ON b.id = s.branch_id WHERE b.programme_id = ?1)",
  branches: "x.semester_id IN (SELECT id FROM academic_semesters WHERE branch_id = ?1)",
  semesters: "x.semester_id = ?1",
  subjects: "x.id = ?1",
  units: "0",
};

const stillAdmin = "EXISTS (SELECT 1 FROM staff_roles WHERE user_id = ? AND campus_id = ? AND role = 'admin')";

/** The caller's roles and the node in one batch: 403 unless admin, 404 unless the node is at their campus. */
async function nodeOf(env: Env, admin: Admin, { level, id }: NodeParam): Promise<string> {
  const [grants, node] = await env.DB.batch([
    staffGrantsStatement(env, admin),
    env.DB.prepare(`SELECT ${LABEL[level]} AS label FROM ${TABLE[level]} WHERE id = ?1 AND campus_id = ?2`).bind(
      id,
      admin.campusId,
    ),
  ]);
  await requireStaff(env, admin, "admin", {}, grants!.results as StaffGrant[]);
  const label = (node!.results[0] as { label: string } | undefined)?.label;
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
  const set: [string, string][] =
    node.level === "units"
      ? [
          ["title", input.title ?? input.name],
          ["topics", input.topics],
        ].filter((pair): pair is [string, string] => pair[1] !== undefined)
      : node.level === "semesters"
        ? []
        : input.name !== undefined
          ? [["name", input.name]]
          : [];
  if (set.length === 0)
    throw new ApiError(
      400,
      node.level === "semesters" ? "A semester is its number: it has no name to change." : "Send the new name.",
      { field: "name" },
    );
  const [updated] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE ${TABLE[node.level]} SET ${set.map(([column], i) => `${column} = ?${i + 4}`).join(", ")}
       WHERE id = ?1 AND campus_id = ?2 AND EXISTS (SELECT 1 FROM staff_roles WHERE user_id = ?3 AND campus_id = ?2 AND role = 'admin')`,
    ).bind(node.id, admin.campusId, admin.id, ...set.map(([, value]) => value)),
    auditStatement(
      env,
      {
        campusId: admin.campusId,
        actorId: admin.id,
        action: "academics.rename",
        subjectKind: node.level,
        subjectId: node.id,
        studentId: null,
        note: `${label} -> ${set.map(([, value]) => value.slice(0, 120)).join(" / ")}`,
        at: now,
      },
      {
        sql: `${stillAdmin} AND EXISTS (SELECT 1 FROM ${TABLE[node.level]} WHERE id = ? AND campus_id = ?)`,
        params: [admin.id, admin.campusId, node.id, admin.campusId],
      },
    ),
  ]);
  if (updated!.meta.changes === 0) {
    await requireStaff(env, admin, "admin");
    throw new ApiError(404, ACADEMICS_MESSAGES.nodeGone);
  }
}

/** Whether a subject under the node is referred to: the refusal's words, or null. */
async function referencesUnder(env: Env, { level, id }: NodeParam): Promise<string | null> {
  if (SUBJECT_REFERENCES.length === 0) return null;
  const found = await env.DB.batch(
    SUBJECT_REFERENCES.map((ref) =>
      env.DB.prepare(
        `SELECT 1 FROM ${ref.table} r JOIN academic_subjects x ON x.id = r.${ref.column} WHERE ${SUBJECTS_UNDER[level]} LIMIT 1`,
      ).bind(id),
    ),
  );
  const what = SUBJECT_REFERENCES.filter((_, i) => found[i]!.results.length > 0).map((ref) => ref.what);
  return what.length > 0 ? what.join(" and ") : null;
}

/** The condition "nothing refers to a subject under the node" (?1 the node's id), for the write itself. */
function unreferencedSql(level: AcademicsLevel): string {
  return SUBJECT_REFERENCES.map(
    (ref) =>
      `NOT EXISTS (SELECT 1 FROM ${ref.table} r JOIN academic_subjects x ON x.id = r.${ref.column} WHERE ${SUBJECTS_UNDER[level]})`,
  ).join(" AND ");
}

export async function removeNode(env: Env, admin: Admin, node: NodeParam, now = Date.now()): Promise<void> {
  const label = await nodeOf(env, admin, node);
  await limit(env, admin);
  const referenced = await referencesUnder(env, node);
  if (referenced) throw new ApiError(409, ACADEMICS_MESSAGES.referenced(referenced));
  const auditId = crypto.randomUUID();
  const unreferenced = unreferencedSql(node.level);
  // The audit line is written only while the caller is admin, the node is theirs and nothing refers
  // to it; the removal only where that line was written.
  const results = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO staff_audit_log (id, campus_id, actor_id, action, subject_kind, subject_id, student_id, note, created_at)
       SELECT ?2, ?3, ?4, 'academics.remove', ?5, ?1, NULL, ?6, ?7
       WHERE EXISTS (SELECT 1 FROM ${TABLE[node.level]} WHERE id = ?1 AND campus_id = ?3)
         AND EXISTS (SELECT 1 FROM staff_roles WHERE user_id = ?4 AND campus_id = ?3 AND role = 'admin')
         ${unreferenced ? `AND ${unreferenced}` : ""}`,
    ).bind(node.id, auditId, admin.campusId, admin.id, node.level, `Removed ${label}`, now),
    env.DB.prepare(
      `DELETE FROM ${TABLE[node.level]} WHERE id = ?1 AND campus_id = ?2 AND EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ?3)`,
    ).bind(node.id, admin.campusId, auditId),
  ]);
  if (results[1]!.meta.changes === 0) {
    await requireStaff(env, admin, "admin");
    const again = await referencesUnder(env, node);
    if (again) throw new ApiError(409, ACADEMICS_MESSAGES.referenced(again));
    throw new ApiError(404, ACADEMICS_MESSAGES.nodeGone);
  }
}
