import type { AcademicsTree } from "#common/academics.ts";
import { ACADEMICS_MESSAGES } from "#common/academics.ts";
import { batch, type Outcomes, select, sql } from "#server/db/sql.ts";
import {
  academicBranches,
  academicProgrammes,
  academicSemesters,
  academicSubjects,
  academicUnits,
  campuses,
} from "#server/db/tables.generated.ts";
import { publicRead } from "#server/lib/edge-cache.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { requireStaff, staffGrants } from "#server/services/staff.ts";

// Reading a campus's academics tree (docs/decisions/0105-academics-tree.md): one indexed query per
// level, all in one D1 batch with the check that goes with it (the caller's roles, or that the
// campus exists), then put together here.

export const ACADEMICS_TABLES = [
  "academic_programmes",
  "academic_branches",
  "academic_semesters",
  "academic_subjects",
  "academic_units",
] as const;

type Admin = Pick<SessionUser, "id" | "campusId"> & Partial<Pick<SessionUser, "suspendedUntil" | "suspensionReason">>;

/** The five levels of a campus's tree, each child with its parent's id (a batch's part). */
function levelReads(campusId: string) {
  const p = academicProgrammes;
  const b = academicBranches;
  const s = academicSemesters;
  const x = academicSubjects;
  const u = academicUnits;
  return [
    select(
      { id: p.id, slug: p.slug, name: p.name },
      sql`FROM ${p} WHERE campus_id = ${campusId} ORDER BY position, slug`,
    ),
    select(
      { id: b.id, parent: b.programme_id, slug: b.slug, name: b.name },
      sql`FROM ${b} WHERE campus_id = ${campusId} ORDER BY position, slug`,
    ),
    select(
      { id: s.id, parent: s.branch_id, number: s.number },
      sql`FROM ${s} WHERE campus_id = ${campusId} ORDER BY number`,
    ),
    select(
      { id: x.id, parent: x.semester_id, code: x.code, name: x.name, creditHalves: x.credit_halves },
      sql`FROM ${x} WHERE campus_id = ${campusId} ORDER BY position, code`,
    ),
    select(
      { id: u.id, parent: u.subject_id, number: u.number, title: u.title, topics: u.topics },
      sql`FROM ${u} WHERE campus_id = ${campusId} ORDER BY number`,
    ),
  ] as const;
}

/** A level's rows by their parent's id, each without it. */
function grouped<Row extends { parent: string }>(rows: Row[]): Map<string, Omit<Row, "parent">[]> {
  const map = new Map<string, Omit<Row, "parent">[]>();
  for (const { parent, ...row } of rows) {
    const list = map.get(parent) ?? [];
    list.push(row);
    map.set(parent, list);
  }
  return map;
}

function assemble(campusId: string, levels: Outcomes<ReturnType<typeof levelReads>>): AcademicsTree {
  const [programmes, branches, semesters, subjects, units] = levels;
  const unitsOf = grouped(units.rows);
  const subjectsOf = grouped(subjects.rows);
  const semestersOf = grouped(semesters.rows);
  const branchesOf = grouped(branches.rows);
  return {
    campusId,
    programmes: programmes.rows.map((p) => ({
      ...p,
      branches: (branchesOf.get(p.id) ?? []).map((b) => ({
        ...b,
        semesters: (semestersOf.get(b.id) ?? []).map((s) => ({
          ...s,
          subjects: (subjectsOf.get(s.id) ?? []).map(({ creditHalves, ...x }) => ({
            ...x,
            credits: creditHalves === null ? null : creditHalves / 2,
            units: unitsOf.get(x.id) ?? [],
          })),
        })),
      })),
    })),
  };
}

/**
 * The tree of the admin's own campus (the set-up page, the admin API, the export): the caller's roles
 * and the five levels in one batch; nothing is returned unless they are its admin.
 */
export async function readAdminAcademics(env: Env, admin: Admin): Promise<AcademicsTree> {
  const [grants, ...levels] = await batch(env, [staffGrants(admin), ...levelReads(admin.campusId)]);
  await requireStaff(env, admin, "admin", {}, grants.rows);
  return assemble(admin.campusId, levels);
}

/** Anyone's read of a campus's tree (`GET /api/campuses/:id/academics`): 404 for an unknown campus. */
export async function readPublicAcademics(env: Env, campusId: string): Promise<AcademicsTree> {
  const tree = await publicRead(
    env,
    "academics",
    {},
    { tables: ["campuses", ...ACADEMICS_TABLES], campus: campusId, freshS: 60, staleS: 600 },
    async () => {
      const [campus, ...levels] = await batch(env, [
        select({ id: campuses.id }, sql`FROM ${campuses} WHERE id = ${campusId}`),
        ...levelReads(campusId),
      ]);
      return campus.rows.length === 0 ? null : assemble(campusId, levels);
    },
  );
  if (!tree) throw new ApiError(404, ACADEMICS_MESSAGES.unknownCampus);
  return tree;
}
