import { indiaDate } from "#common/india-time.ts";
import type { ClassPeriod, OneOffChange } from "#common/timetable.ts";
import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { batch, insertWhere, select, type Sql, sql } from "#server/db/sql.ts";
import { timetableClasses, timetableReps, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { audit, notices, staffGrants } from "#server/services/staff.ts";
import {
  CHANGE,
  CHANGE_COLUMNS,
  classOf,
  classStudents,
  editableClass,
  editorGuard,
  keepsEveryClass,
  limitEdit,
  type Member,
  PERIOD,
  PERIOD_COLUMNS,
  PERIOD_JOIN,
  repMayAct,
  SEMESTER,
  SEMESTER_JOINS,
  SEMESTER_LABEL,
  SUBJECT,
} from "#server/services/timetable/access.ts";
import { type ClassView, classView, classesOf } from "#server/services/timetable/student.ts";
import type { IdParam, NewClassInput } from "#server/services/timetable/schema.ts";
import type { ClassInfo } from "#server/services/timetable/access.ts";

// Keeping a class's week (docs/decisions/0109-timetable-and-attendance.md): its periods
// (periods.ts) and its one-off changes (changes.ts), by the class's representatives, the college's
// curators and campus admins. Every change is one batch: the write, its audit line (only while the
// caller still keeps the class) and a notice to each student of the class (only where the audit
// line was written), so a change is told exactly once or not at all (`told`).

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

/** The reads of a class's week for its keepers (a batch's part). */
function weekReads(classId: string, campusId: string, today: string) {
  const p = PERIOD;
  const x = SUBJECT;
  const g = CHANGE;
  const k = timetableClasses.as("c");
  const r = timetableReps.as("r");
  const u = users.as("u");
  return [
    select(
      PERIOD_COLUMNS,
      sql`FROM ${p} ${PERIOD_JOIN}
        WHERE ${p.class_id} = ${classId} AND ${p.campus_id} = ${campusId} ORDER BY ${p.weekday}, ${p.starts_min}`,
    ),
    select(
      { id: x.id, code: x.code, name: x.name },
      sql`FROM ${x} JOIN ${k} ON ${k.semester_id} = ${x.semester_id}
        WHERE ${k.id} = ${classId} AND ${k.campus_id} = ${campusId} ORDER BY ${x.position}, ${x.code}`,
    ),
    select(
      { id: g.id, ...CHANGE_COLUMNS },
      sql`FROM ${g} JOIN ${p} ON ${p.id} = ${g.period_id}
        WHERE ${p.class_id} = ${classId} AND ${p.campus_id} = ${campusId} AND ${g.date} >= ${today}
        ORDER BY ${g.date}, ${p.starts_min}`,
    ),
    select(
      { userId: u.id, name: u.name, email: u.email },
      sql`FROM ${r} JOIN ${u} ON ${u.id} = ${r.user_id} WHERE ${r.class_id} = ${classId} ORDER BY ${u.name}`,
    ),
  ] as const;
}

/** `GET /api/timetable/classes/:id/week` and /timetable/class/:id/edit: the week as its keepers see it. */
export async function readClassWeek(env: Env, member: Member, { id }: IdParam, now = Date.now()): Promise<ClassWeek> {
  const { cls, rest } = await editableClass(env, member, id, weekReads(id, member.campusId, indiaDate(now)), now);
  const [periods, subjects, changes, reps] = rest;
  return {
    class: classView(cls),
    periods: periods.rows,
    subjects: subjects.rows,
    changes: changes.rows,
    reps: reps.rows,
  };
}

export interface KeptClasses {
  /** Every class of the college (a curator or admin keeps them all), or the member's own as a rep. */
  classes: ClassView[];
  keepsAll: boolean;
}

/** `GET /api/timetable/classes`: the classes of the college, and whether the member keeps them all. */
export async function readClasses(env: Env, member: Member): Promise<KeptClasses & { kept: string[] }> {
  const [grants, all, reps] = await batch(env, [
    staffGrants(member),
    classesOf(member.campusId),
    // Kept as a rep only while the member may act as one (verified, not suspended).
    select(
      { classId: timetableReps.class_id },
      sql`FROM ${timetableReps} WHERE user_id = ${member.id} AND ${repMayAct(member.id, Date.now())}`,
    ),
  ]);
  const keepsAll = keepsEveryClass(grants.rows);
  const classes = all.rows.map(classView);
  const kept = keepsAll ? classes.map((c) => c.id) : reps.rows.map((r) => r.classId);
  return { classes, keepsAll, kept };
}

/** `POST /api/timetable/classes`: a semester and a section; by a curator or campus admin. */
export async function addClass(env: Env, member: Member, input: NewClassInput, now = Date.now()): Promise<ClassView> {
  const s = SEMESTER;
  const [grants, semester, existing] = await batch(env, [
    staffGrants(member, now),
    select(
      { label: SEMESTER_LABEL },
      sql`FROM ${s} ${SEMESTER_JOINS} WHERE ${s.id} = ${input.semesterId} AND ${s.campus_id} = ${member.campusId}`,
    ),
    select(
      { id: timetableClasses.id },
      sql`FROM ${timetableClasses} WHERE semester_id = ${input.semesterId} AND section = ${input.section}`,
    ),
  ]);
  if (!keepsEveryClass(grants.rows)) throw new ApiError(403, M.editorsOnly, { code: "staff_only" });
  const found = semester.rows[0];
  if (!found) throw new ApiError(404, M.noSuchSemester, { field: "semesterId" });
  await limitEdit(env, member);
  const id = crypto.randomUUID();
  const label = `${found.label} · ${input.section}`;
  if (existing.rows.length > 0) throw new ApiError(409, M.classExists(label), { field: "section" });
  const [written, , read] = await batch(env, [
    insertWhere(
      timetableClasses,
      { id, campus_id: member.campusId, semester_id: input.semesterId, section: input.section, created_at: now },
      editorGuard(member.id, member.campusId, id, now),
      sql`ON CONFLICT (semester_id, section) DO NOTHING`,
    ),
    audit(
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
      sql`EXISTS (SELECT 1 FROM timetable_classes WHERE id = ${id})`,
    ),
    classOf(id, member.campusId),
  ]);
  const info = read.rows[0];
  if (written.changes === 0 || !info) throw new ApiError(409, M.classExists(label), { field: "section" });
  return classView(info);
}

/** The audit line and the class's notices of one change, written only where the caller still keeps the class. */
export function told(
  member: Member,
  cls: ClassInfo,
  periodId: string,
  action: string,
  sentence: string,
  link: string,
  now: number,
  auditId: string = crypto.randomUUID(),
): readonly [Sql, Sql] {
  return [
    audit(
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
      editorGuard(member.id, member.campusId, cls.id, now),
    ),
    notices(
      classStudents(cls.id, periodId),
      { kind: "timetable.changed", title: M.noticeTitle, text: sentence, link, at: now },
      sql`EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ${auditId})`,
    ),
  ];
}
