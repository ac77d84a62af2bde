import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import { type Guard, type StaffGrant, staffGrantsStatement } from "#server/services/staff.ts";

// Who keeps a class's week (docs/decisions/0109-timetable-and-attendance.md): its class
// representatives, the college's curators and its campus admins. A class of another college is a
// 404 to everyone; a class of one's own that one does not keep is a 403.

export type Member = Pick<SessionUser, "id" | "campusId"> &
  Partial<Pick<SessionUser, "suspendedUntil" | "suspensionReason">>;

export interface ClassInfo {
  id: string;
  semesterId: string;
  section: string;
  semester: number;
  branch: string;
  programme: string;
}

/** "B.Tech CSE · Semester 1 · A". */
export const classLabel = (c: Pick<ClassInfo, "programme" | "branch" | "semester" | "section">) =>
  `${c.programme} ${c.branch} · Semester ${c.semester} · ${c.section}`;

/** The columns of a class with its place in the tree (c: timetable_classes). */
export const CLASS_COLUMNS = `c.id, c.semester_id AS semesterId, c.section, s.number AS semester, b.name AS branch, p.name AS programme`;
export const CLASS_JOINS = `JOIN academic_semesters s ON s.id = c.semester_id
  JOIN academic_branches b ON b.id = s.branch_id JOIN academic_programmes p ON p.id = b.programme_id`;

/** One class of the member's campus (?1 the class id, ?2 the campus). */
export const classStatement = (env: Env, classId: string, campusId: string) =>
  env.DB.prepare(
    `SELECT ${CLASS_COLUMNS} FROM timetable_classes c ${CLASS_JOINS} WHERE c.id = ?1 AND c.campus_id = ?2`,
  ).bind(classId, campusId);

/**
 * SQL: the user `?` (its id, bound by the caller) may act as a class representative: a verified
 * member of the college (an unverified address could be anyone's) who is not suspended at `?`.
 */
export const REP_MAY_ACT =
  "EXISTS (SELECT 1 FROM users WHERE id = ? AND email_verified_at IS NOT NULL AND (suspended_until IS NULL OR suspended_until <= ?))";

const repStatement = (env: Env, classId: string, userId: string, now: number) =>
  env.DB.prepare(`SELECT 1 AS rep FROM timetable_reps WHERE class_id = ? AND user_id = ? AND ${REP_MAY_ACT}`).bind(
    classId,
    userId,
    userId,
    now,
  );

/** May these grants keep any class's week at the campus? */
export const keepsEveryClass = (grants: StaffGrant[]) => grants.some((g) => g.role === "admin" || g.role === "curator");

/**
 * The condition, for a write's own statement, that `userId` still keeps `classId`'s week at
 * `campusId`: a role revoked (or a suspension) between the check and the write writes nothing.
 */
export function editorGuard(userId: string, campusId: string, classId: string, now = Date.now()): Guard {
  return {
    sql: `NOT EXISTS (SELECT 1 FROM users WHERE id = ? AND suspended_until > ?) AND (EXISTS (SELECT 1 FROM staff_roles WHERE user_id = ? AND campus_id = ? AND role IN ('admin', 'curator'))
      OR (EXISTS (SELECT 1 FROM timetable_reps r JOIN timetable_classes k ON k.id = r.class_id WHERE r.user_id = ? AND r.class_id = ? AND k.campus_id = ?)
        AND ${REP_MAY_ACT}))`,
    params: [userId, now, userId, campusId, userId, classId, campusId, userId, now],
  };
}

/**
 * The class (404 unless at the member's campus) and the gate: 403 unless the member keeps its week.
 * `more` are read in the same batch; their results follow.
 */
export async function editableClass(
  env: Env,
  member: Member,
  classId: string,
  more: D1PreparedStatement[] = [],
  now = Date.now(),
): Promise<{ cls: ClassInfo; rest: D1Result[] }> {
  const [grants, cls, rep, ...rest] = await env.DB.batch([
    staffGrantsStatement(env, member, now),
    classStatement(env, classId, member.campusId),
    repStatement(env, classId, member.id, now),
    ...more,
  ]);
  const found = cls!.results[0] as ClassInfo | undefined;
  if (!found) throw new ApiError(404, M.noSuchClass);
  if (!keepsEveryClass(grants!.results as StaffGrant[]) && rep!.results.length === 0)
    throw new ApiError(403, M.editorsOnly, { code: "staff_only" });
  return { cls: found, rest };
}

/** A keeper's changes: 20 a minute, per member (the set-up's limiter). */
export async function limitEdit(env: Env, member: Member): Promise<void> {
  const { success } = await env.POST_LIMITER.limit({ key: `timetable:${member.id}` });
  if (!success) throw new ApiError(429, M.tooMany);
}

/** Notices of a change go to the class's students, except those who hid the period (?period). */
export const classStudents = (classId: string, periodId: string): Guard => ({
  sql: "SELECT user_id FROM timetable_choices WHERE class_id = ? AND user_id NOT IN (SELECT user_id FROM timetable_hidden WHERE period_id = ?)",
  params: [classId, periodId],
});

/** A student's own timetable writes (class, entries, hidden periods): 20 a minute. */
export async function limitOwn(env: Env, member: Member): Promise<void> {
  const { success } = await env.POST_LIMITER.limit({ key: `timetable-own:${member.id}` });
  if (!success) throw new ApiError(429, M.tooMany);
}
