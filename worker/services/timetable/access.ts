import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { batch, int, type Outcomes, type Query, select, type Sql, sql, text } from "#server/db/sql.ts";
import {
  academicBranches,
  academicProgrammes,
  academicSemesters,
  academicSubjects,
  campusHolidays,
  timetableClasses,
  timetableChanges,
  timetablePeriods,
  timetableReps,
} from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { type StaffGrant, staffGrants } from "#server/services/staff.ts";

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

/** A class (`c`), joined to its place in the tree by CLASS_JOINS: semester, branch and programme. */
export const CLASS = timetableClasses.as("c");
const c = CLASS;
const s = academicSemesters.as("s");
const b = academicBranches.as("b");
const p = academicProgrammes.as("p");

/** The columns of a class with its place in the tree (rows are ClassInfo). */
export const CLASS_COLUMNS = {
  id: c.id,
  semesterId: c.semester_id,
  section: c.section,
  semester: s.number,
  branch: b.name,
  programme: p.name,
};

/** A semester (`s`), joined to its branch and programme by SEMESTER_JOINS. */
export const SEMESTER = s;
export const SEMESTER_JOINS = sql`JOIN ${b} ON ${b.id} = ${s.branch_id} JOIN ${p} ON ${p.id} = ${b.programme_id}`;
/** "B.Tech CSE · Semester 1" (with SEMESTER_JOINS). */
export const SEMESTER_LABEL = text(sql`${p.name} || ' ' || ${b.name} || ' · Semester ' || ${s.number}`);
/** The tree's order: programme, branch, semester (with SEMESTER_JOINS). */
export const SEMESTER_ORDER = sql`${p.position}, ${p.name}, ${b.position}, ${b.name}, ${s.number}`;

export const CLASS_JOINS = sql`JOIN ${s} ON ${s.id} = ${c.semester_id} ${SEMESTER_JOINS}`;
/** The classes' order in every list: by programme, branch, semester and section. */
export const CLASS_ORDER = sql`ORDER BY ${SEMESTER_ORDER}, ${c.section}`;

/** A period (`p`) joined to its subject (`x`) by PERIOD_JOIN. */
export const PERIOD = timetablePeriods.as("p");
export const SUBJECT = academicSubjects.as("x");
export const PERIOD_JOIN = sql`JOIN ${SUBJECT} ON ${SUBJECT.id} = ${PERIOD.subject_id}`;

/** The columns of a period with its subject's name and code (rows are ClassPeriod). */
export const PERIOD_COLUMNS = {
  id: PERIOD.id,
  weekday: PERIOD.weekday,
  startsMin: PERIOD.starts_min,
  endsMin: PERIOD.ends_min,
  subjectId: PERIOD.subject_id,
  subjectName: SUBJECT.name,
  subjectCode: SUBJECT.code,
  room: PERIOD.room,
  teacher: PERIOD.teacher,
  kind: PERIOD.kind,
};

/** A one-off change (`g`) of a period, and its columns as resolveDay reads them (rows are OneOffChange). */
export const CHANGE = timetableChanges.as("g");
export const CHANGE_COLUMNS = {
  periodId: CHANGE.period_id,
  date: CHANGE.date,
  kind: CHANGE.kind,
  room: CHANGE.room,
  startsMin: CHANGE.starts_min,
  endsMin: CHANGE.ends_min,
};

/** A class's periods with their subjects; `classRef` is the class's id or SQL naming it (rows are ClassPeriod). */
export const classPeriods = (classRef: Sql | string, campusId: string) =>
  select(
    PERIOD_COLUMNS,
    sql`FROM ${PERIOD} ${PERIOD_JOIN} WHERE ${PERIOD.class_id} = ${classRef} AND ${PERIOD.campus_id} = ${campusId}`,
  );

/** A class's one-off changes on the dates from..to (rows are OneOffChange). */
export const classChanges = (classRef: Sql | string, campusId: string, from: string, to: string) =>
  select(
    CHANGE_COLUMNS,
    sql`FROM ${CHANGE} JOIN ${PERIOD} ON ${PERIOD.id} = ${CHANGE.period_id}
      WHERE ${PERIOD.class_id} = ${classRef} AND ${PERIOD.campus_id} = ${campusId} AND ${CHANGE.date} BETWEEN ${from} AND ${to}`,
  );

/** The college's holidays on the dates from..to (rows are Holiday). */
export const holidaysBetween = (campusId: string, from: string, to: string) =>
  select(
    { date: campusHolidays.date, name: campusHolidays.name },
    sql`FROM ${campusHolidays} WHERE campus_id = ${campusId} AND date BETWEEN ${from} AND ${to}`,
  );

/** One class of the member's campus. */
export const classOf = (classId: string, campusId: string): Query<ClassInfo> =>
  select(CLASS_COLUMNS, sql`FROM ${c} ${CLASS_JOINS} WHERE ${c.id} = ${classId} AND ${c.campus_id} = ${campusId}`);

/**
 * The user may act as a class representative: a verified member of the college (an unverified
 * address could be anyone's) who is not suspended at `now`.
 */
export const repMayAct = (userId: string, now: number): Sql =>
  sql`EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND email_verified_at IS NOT NULL AND (suspended_until IS NULL OR suspended_until <= ${now}))`;

const repOf = (classId: string, userId: string, now: number) =>
  select(
    { rep: int(sql`1`) },
    sql`FROM ${timetableReps} WHERE class_id = ${classId} AND user_id = ${userId} AND ${repMayAct(userId, now)}`,
  );

/** May these grants keep any class's week at the campus? */
export const keepsEveryClass = (grants: StaffGrant[]) => grants.some((g) => g.role === "admin" || g.role === "curator");

/**
 * The condition, for a write's own statement, that `userId` still keeps `classId`'s week at
 * `campusId`: a role revoked (or a suspension) between the check and the write writes nothing.
 */
export function editorGuard(userId: string, campusId: string, classId: string, now = Date.now()): Sql {
  return sql`NOT EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND suspended_until > ${now}) AND (EXISTS (SELECT 1 FROM staff_roles WHERE user_id = ${userId} AND campus_id = ${campusId} AND role IN ('admin', 'curator'))
      OR (EXISTS (SELECT 1 FROM timetable_reps r JOIN timetable_classes k ON k.id = r.class_id WHERE r.user_id = ${userId} AND r.class_id = ${classId} AND k.campus_id = ${campusId})
        AND ${repMayAct(userId, now)}))`;
}

/**
 * The class (404 unless at the member's campus) and the gate: 403 unless the member keeps its week.
 * `more` are read in the same batch; their outcomes follow.
 */
export async function editableClass<const More extends readonly Sql[]>(
  env: Env,
  member: Member,
  classId: string,
  more: More,
  now = Date.now(),
): Promise<{ cls: ClassInfo; rest: Outcomes<More> }> {
  const [grants, cls, rep, ...rest] = await batch(env, [
    staffGrants(member, now),
    classOf(classId, member.campusId),
    repOf(classId, member.id, now),
    ...more,
  ]);
  const found = cls.rows[0];
  if (!found) throw new ApiError(404, M.noSuchClass);
  if (!keepsEveryClass(grants.rows) && rep.rows.length === 0)
    throw new ApiError(403, M.editorsOnly, { code: "staff_only" });
  return { cls: found, rest };
}

/** A keeper's changes: 20 a minute, per member (the set-up's limiter). */
export async function limitEdit(env: Env, member: Member): Promise<void> {
  const { success } = await env.POST_LIMITER.limit({ key: `timetable:${member.id}` });
  if (!success) throw new ApiError(429, M.tooMany);
}

/** Notices of a change go to the class's students, except those who hid the period. */
export const classStudents = (classId: string, periodId: string): Sql =>
  sql`SELECT user_id FROM timetable_choices WHERE class_id = ${classId} AND user_id NOT IN (SELECT user_id FROM timetable_hidden WHERE period_id = ${periodId})`;

/** A student's own timetable writes (class, entries, hidden periods): 20 a minute. */
export async function limitOwn(env: Env, member: Member): Promise<void> {
  const { success } = await env.POST_LIMITER.limit({ key: `timetable-own:${member.id}` });
  if (!success) throw new ApiError(429, M.tooMany);
}
