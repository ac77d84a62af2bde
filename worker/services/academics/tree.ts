import type {
  AcademicsBranch,
  AcademicsProgramme,
  AcademicsSemester,
  AcademicsSubject,
  AcademicsTree,
  AcademicsUnit,
} from "#common/academics.ts";
import { ACADEMICS_MESSAGES } from "#common/academics.ts";
import { publicRead } from "#server/lib/edge-cache.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import { requireStaff, type StaffGrant, staffGrantsStatement } from "#server/services/staff.ts";

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

function levelStatements(env: Env, campusId: string): D1PreparedStatement[] {
  const level = (sql: string) => env.DB.prepare(sql).bind(campusId);
  return [
    level("SELECT id, slug, name FROM academic_programmes WHERE campus_id = ?1 ORDER BY position, slug"),
    level(
      "SELECT id, programme_id AS parent, slug, name FROM academic_branches WHERE campus_id = ?1 ORDER BY position, slug",
    ),
    level("SELECT id, branch_id AS parent, number FROM academic_semesters WHERE campus_id = ?1 ORDER BY number"),
    level(
      "SELECT id, semester_id AS parent, code, name FROM academic_subjects WHERE campus_id = ?1 ORDER BY position, code",
    ),
    level(
      "SELECT id, subject_id AS parent, number, title, topics FROM academic_units WHERE campus_id = ?1 ORDER BY number",
    ),
  ];
}

type Child<T> = T & { parent: string };

function grouped<T>(rows: Child<T>[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const { parent, ...row } of rows) {
    const list = map.get(parent) ?? [];
    list.push(row as unknown as T);
    map.set(parent, list);
  }
  return map;
}

function assemble(campusId: string, levels: D1Result[]): AcademicsTree {
  const [programmes, branches, semesters, subjects, units] = levels.map((r) => r.results);
  const unitsOf = grouped(units as Child<AcademicsUnit>[]);
  const subjectsOf = grouped(subjects as Child<Omit<AcademicsSubject, "units">>[]);
  const semestersOf = grouped(semesters as Child<Omit<AcademicsSemester, "subjects">>[]);
  const branchesOf = grouped(branches as Child<Omit<AcademicsBranch, "semesters">>[]);
  return {
    campusId,
    programmes: (programmes as Omit<AcademicsProgramme, "branches">[]).map((p) => ({
      ...p,
      branches: (branchesOf.get(p.id) ?? []).map((b) => ({
        ...b,
        semesters: (semestersOf.get(b.id) ?? []).map((s) => ({
          ...s,
          subjects: (subjectsOf.get(s.id) ?? []).map((x) => ({ ...x, units: unitsOf.get(x.id) ?? [] })),
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
  const [grants, ...levels] = await env.DB.batch([
    staffGrantsStatement(env, admin),
    ...levelStatements(env, admin.campusId),
  ]);
  await requireStaff(env, admin, "admin", {}, grants!.results as StaffGrant[]);
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
      const [campus, ...levels] = await env.DB.batch([
        env.DB.prepare("SELECT id FROM campuses WHERE id = ?1").bind(campusId),
        ...levelStatements(env, campusId),
      ]);
      return campus!.results.length === 0 ? null : assemble(campusId, levels);
    },
  );
  if (!tree) throw new ApiError(404, ACADEMICS_MESSAGES.unknownCampus);
  return tree;
}
