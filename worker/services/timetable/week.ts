import { indiaDate } from "#common/india-time.ts";
import type { ClassPeriod, OneOffChange } from "#common/timetable.ts";
import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import {
  auditStatement,
  type Guard,
  noticesStatement,
  staffGrantsStatement,
  type StaffGrant,
} from "#server/services/staff.ts";
import {
  classStatement,
  classStudents,
  editableClass,
  editorGuard,
  keepsEveryClass,
  limitEdit,
  type Member,
  REP_MAY_ACT,
} from "#server/services/timetable/access.ts";
import { type ClassView, classView, classesStatement } from "#server/services/timetable/student.ts";
import type { IdParam, NewClassInput } from "#server/services/timetable/schema.ts";
import type { ClassInfo } from "#server/services/timetable/access.ts";

// Keeping a class's week (docs/decisions/0109-timetable-and-attendance.md): its periods
// (periods.ts) and its one-off changes (changes.ts), by the class's representatives, the college's
// curators and campus admins. Every change is one batch: the write, its audit line (only while the
// caller still keeps the class) and a notice to each student of the class (only where the audit
// line was written), so a change is told exactly once or not at all (`told`).

/** The columns of a period with its subject's name and code (p: timetable_periods, x: academic_subjects). */
export const PERIOD_COLUMNS = `p.id, p.weekday, p.starts_min AS startsMin, p.ends_min AS endsMin, p.subject_id AS subjectId,
  x.name AS subjectName, x.code AS subjectCode, p.room, p.teacher, p.kind`;

export interface WeekChange extends OneOffChange {
  id: string;
}

export interface ClassWeek {
  class: ClassView;
  periods: ClassPeriod[];
  /** The subjects of the class's semester, for the period form. */
  subjects: { id: string; code: string; name: string }[];
  /** One-off changes from today on. */
  changes: WeekChange[];
  reps: { userId: string; name: string; email: string }[];
}

/** The reads of a class's week for its keepers (?1 the class, ?2 the campus, ?3 today). */
function weekStatements(env: Env, classId: string, campusId: string, today: string): D1PreparedStatement[] {
  return [
    env.DB.prepare(
      `SELECT ${PERIOD_COLUMNS} FROM timetable_periods p JOIN academic_subjects x ON x.id = p.subject_id
       WHERE p.class_id = ?1 AND p.campus_id = ?2 ORDER BY p.weekday, p.starts_min`,
    ).bind(classId, campusId),
    env.DB.prepare(
      `SELECT x.id, x.code, x.name FROM academic_subjects x JOIN timetable_classes c ON c.semester_id = x.semester_id
       WHERE c.id = ?1 AND c.campus_id = ?2 ORDER BY x.position, x.code`,
    ).bind(classId, campusId),
    env.DB.prepare(
      `SELECT g.id, g.period_id AS periodId, g.date, g.kind, g.room, g.starts_min AS startsMin, g.ends_min AS endsMin
       FROM timetable_changes g JOIN timetable_periods p ON p.id = g.period_id
       WHERE p.class_id = ?1 AND p.campus_id = ?2 AND g.date >= ?3 ORDER BY g.date, p.starts_min`,
    ).bind(classId, campusId, today),
    env.DB.prepare(
      `SELECT u.id AS userId, u.name, u.email FROM timetable_reps r JOIN users u ON u.id = r.user_id
       WHERE r.class_id = ?1 ORDER BY u.name`,
    ).bind(classId),
  ];
}

/** `GET /api/timetable/classes/:id/week` and /timetable/class/:id/edit: the week as its keepers see it. */
export async function readClassWeek(env: Env, member: Member, { id }: IdParam, now = Date.now()): Promise<ClassWeek> {
  const { cls, rest } = await editableClass(
    env,
    member,
    id,
    weekStatements(env, id, member.campusId, indiaDate(now)),
    now,
  );
  const [periods, subjects, changes, reps] = rest;
  return {
    class: classView(cls),
    periods: periods!.results as ClassPeriod[],
    subjects: subjects!.results as ClassWeek["subjects"],
    changes: changes!.results as WeekChange[],
    reps: reps!.results as ClassWeek["reps"],
  };
}

export interface KeptClasses {
  /** Every class of the college (a curator or admin keeps them all), or the member's own as a rep. */
  classes: ClassView[];
  keepsAll: boolean;
}

/** `GET /api/timetable/classes`: the classes of the college, and whether the member keeps them all. */
export async function readClasses(env: Env, member: Member): Promise<KeptClasses & { kept: string[] }> {
  const [grants, all, reps] = await env.DB.batch([
    staffGrantsStatement(env, member),
    classesStatement(env, member.campusId),
    // Kept as a rep only while the member may act as one (verified, not suspended).
    env.DB.prepare(`SELECT class_id AS classId FROM timetable_reps WHERE user_id = ? AND ${REP_MAY_ACT}`).bind(
      member.id,
      member.id,
      Date.now(),
    ),
  ]);
  const keepsAll = keepsEveryClass(grants!.results as StaffGrant[]);
  const classes = (all!.results as ClassInfo[]).map(classView);
  const kept = keepsAll ? classes.map((c) => c.id) : (reps!.results as { classId: string }[]).map((r) => r.classId);
  return { classes, keepsAll, kept };
}

/** `POST /api/timetable/classes`: a semester and a section; by a curator or campus admin. */
export async function addClass(env: Env, member: Member, input: NewClassInput, now = Date.now()): Promise<ClassView> {
  const [grants, semester, existing] = await env.DB.batch([
    staffGrantsStatement(env, member, now),
    env.DB.prepare(
      `SELECT p.name || ' ' || b.name || ' · Semester ' || s.number AS label FROM academic_semesters s
       JOIN academic_branches b ON b.id = s.branch_id JOIN academic_programmes p ON p.id = b.programme_id
       WHERE s.id = ?1 AND s.campus_id = ?2`,
    ).bind(input.semesterId, member.campusId),
    env.DB.prepare("SELECT id FROM timetable_classes WHERE semester_id = ?1 AND section = ?2").bind(
      input.semesterId,
      input.section,
    ),
  ]);
  if (!keepsEveryClass(grants!.results as StaffGrant[])) throw new ApiError(403, M.editorsOnly, { code: "staff_only" });
  if (semester!.results.length === 0) throw new ApiError(404, M.noSuchSemester, { field: "semesterId" });
  await limitEdit(env, member);
  const id = crypto.randomUUID();
  const label = `${(semester!.results[0] as { label: string }).label} · ${input.section}`;
  if (existing!.results.length > 0) throw new ApiError(409, M.classExists(label), { field: "section" });
  const guard = editorGuard(member.id, member.campusId, id, now);
  const [written, , read] = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO timetable_classes (id, campus_id, semester_id, section, created_at) SELECT ?, ?, ?, ?, ? WHERE ${guard.sql}
       ON CONFLICT (semester_id, section) DO NOTHING`,
    ).bind(id, member.campusId, input.semesterId, input.section, now, ...guard.params),
    auditStatement(
      env,
      {
        campusId: member.campusId,
        actorId: member.id,
        action: "timetable.class.add",
        subjectKind: "class",
        subjectId: id,
        studentId: null,
        note: `Section ${input.section}`,
        at: now,
      },
      { sql: "EXISTS (SELECT 1 FROM timetable_classes WHERE id = ?)", params: [id] },
    ),
    classStatement(env, id, member.campusId),
  ]);
  const info = read!.results[0] as ClassInfo | undefined;
  if (written!.meta.changes === 0 || !info) throw new ApiError(409, M.classExists(label), { field: "section" });
  return classView(info);
}

/** The audit line and the class's notices of one change, written only where the caller still keeps the class. */
export function told(
  env: Env,
  member: Member,
  cls: ClassInfo,
  periodId: string,
  action: string,
  sentence: string,
  link: string,
  now: number,
  auditId: string = crypto.randomUUID(),
): D1PreparedStatement[] {
  const guard: Guard = editorGuard(member.id, member.campusId, cls.id, now);
  return [
    auditStatement(
      env,
      {
        id: auditId,
        campusId: member.campusId,
        actorId: member.id,
        action,
        subjectKind: "timetable_period",
        subjectId: periodId,
        studentId: null,
        note: sentence.slice(0, 200),
        at: now,
      },
      guard,
    ),
    noticesStatement(
      env,
      classStudents(cls.id, periodId),
      { kind: "timetable.changed", title: M.noticeTitle, text: sentence, link, at: now },
      { sql: "EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ?)", params: [auditId] },
    ),
  ];
}
