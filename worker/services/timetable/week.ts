import { indiaDate, weekdayOfDate } from "#common/india-time.ts";
import { changeSentence, type ClassPeriod, type OneOffChange, periodChangeSentence } from "#common/timetable.ts";
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
} from "#server/services/timetable/access.ts";
import { type ClassView, classView, classesStatement } from "#server/services/timetable/student.ts";
import type {
  ChangeInput,
  IdParam,
  NewChangeInput,
  NewClassInput,
  NewPeriodInput,
  PeriodInput,
} from "#server/services/timetable/schema.ts";
import type { ClassInfo } from "#server/services/timetable/access.ts";

// Keeping a class's week (docs/decisions/0109-timetable-and-attendance.md): its periods and its
// one-off changes, by the class's representatives, the college's curators and campus admins. Every
// change is one batch: the write, its audit line (only while the caller still keeps the class) and
// a notice to each student of the class (only where the audit line was written), so a change is
// told exactly once or not at all.

const PERIOD_COLUMNS = `p.id, p.weekday, p.starts_min AS startsMin, p.ends_min AS endsMin, p.subject_id AS subjectId,
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
    env.DB.prepare("SELECT class_id AS classId FROM timetable_reps WHERE user_id = ?1").bind(member.id),
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
function told(
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

/** A subject of the class's semester (the class is checked to be the caller's campus's by the gate). */
const subjectOfClass = (env: Env, subjectId: string, classId: string) =>
  env.DB.prepare(
    "SELECT id, code, name FROM academic_subjects WHERE id = ?1 AND semester_id = (SELECT semester_id FROM timetable_classes WHERE id = ?2)",
  ).bind(subjectId, classId);

/** `POST /api/timetable/periods`. */
export async function addPeriod(
  env: Env,
  member: Member,
  input: NewPeriodInput,
  now = Date.now(),
): Promise<ClassPeriod> {
  const { cls, rest } = await editableClass(
    env,
    member,
    input.classId,
    [subjectOfClass(env, input.subjectId, input.classId)],
    now,
  );
  const subject = rest[0]!.results[0] as { id: string; code: string; name: string } | undefined;
  if (!subject) throw new ApiError(400, M.noSuchSubject, { field: "subjectId" });
  await limitEdit(env, member);
  const id = crypto.randomUUID();
  const period = periodFrom(id, input, subject);
  const guard = editorGuard(member.id, member.campusId, cls.id, now);
  const [written] = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO timetable_periods (id, campus_id, class_id, weekday, starts_min, ends_min, subject_id, room, teacher, kind, updated_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${guard.sql}`,
    ).bind(
      id,
      member.campusId,
      cls.id,
      input.weekday,
      input.startsAt,
      input.endsAt,
      subject.id,
      input.room,
      input.teacher,
      input.kind,
      now,
      ...guard.params,
    ),
    ...told(
      env,
      member,
      cls,
      id,
      "timetable.period.add",
      periodChangeSentence(null, period),
      "/timetable?span=week",
      now,
    ),
  ]);
  if (written!.meta.changes === 0) throw new ApiError(403, M.editorsOnly, { code: "staff_only" });
  return period;
}

type PeriodRow = ClassPeriod & { classId: string };

/** A period as written, from the form's fields and its subject's row (adding and editing alike). */
function periodFrom(id: string, input: PeriodInput, subject: { id: string; code: string; name: string }): ClassPeriod {
  return {
    id,
    weekday: input.weekday,
    startsMin: input.startsAt,
    endsMin: input.endsAt,
    subjectId: subject.id,
    subjectName: subject.name,
    subjectCode: subject.code,
    room: input.room,
    teacher: input.teacher,
    kind: input.kind,
  };
}

/** A period of the member's campus (?1 the period, ?2 the campus). */
const periodStatement = (env: Env, periodId: string, campusId: string) =>
  env.DB.prepare(
    `SELECT ${PERIOD_COLUMNS}, p.class_id AS classId FROM timetable_periods p JOIN academic_subjects x ON x.id = p.subject_id
     WHERE p.id = ?1 AND p.campus_id = ?2`,
  ).bind(periodId, campusId);

/** The gate on a period's class, once the period is known (404 when it is not of the member's campus). */
async function gateOn(
  env: Env,
  member: Member,
  row: PeriodRow | undefined | null,
  now: number,
  more: (cls: string) => D1PreparedStatement[],
) {
  if (!row) throw new ApiError(404, M.noSuchPeriod);
  const { cls, rest } = await editableClass(env, member, row.classId, more(row.classId), now);
  return { period: row, cls, rest };
}

/** A period of the member's campus with its class (404 otherwise), and the gate on the class. */
async function periodOf(
  env: Env,
  member: Member,
  periodId: string,
  now: number,
  more: (cls: string) => D1PreparedStatement[] = () => [],
) {
  return gateOn(env, member, await periodStatement(env, periodId, member.campusId).first<PeriodRow>(), now, more);
}

/** `PATCH /api/timetable/periods/:id`: the period whole; the class is told what changed. */
export async function updatePeriod(
  env: Env,
  member: Member,
  { id }: IdParam,
  input: PeriodInput,
  now = Date.now(),
): Promise<ClassPeriod> {
  const { period, cls, rest } = await periodOf(env, member, id, now, (classId) => [
    subjectOfClass(env, input.subjectId, classId),
  ]);
  const subject = rest[0]!.results[0] as { id: string; code: string; name: string } | undefined;
  if (!subject) throw new ApiError(400, M.noSuchSubject, { field: "subjectId" });
  await limitEdit(env, member);
  const after = periodFrom(id, input, subject);
  const guard = editorGuard(member.id, member.campusId, cls.id, now);
  const [written] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE timetable_periods SET weekday = ?, starts_min = ?, ends_min = ?, subject_id = ?, room = ?, teacher = ?, kind = ?, updated_at = ?
       WHERE id = ? AND campus_id = ? AND ${guard.sql}`,
    ).bind(
      input.weekday,
      input.startsAt,
      input.endsAt,
      subject.id,
      input.room,
      input.teacher,
      input.kind,
      now,
      id,
      member.campusId,
      ...guard.params,
    ),
    ...told(
      env,
      member,
      cls,
      id,
      "timetable.period.update",
      periodChangeSentence(period, after),
      "/timetable?span=week",
      now,
    ),
  ]);
  if (written!.meta.changes === 0) throw new ApiError(404, M.noSuchPeriod);
  return after;
}

/** `DELETE /api/timetable/periods/:id`: its changes and hidings go with it; students' marks stay. */
export async function removePeriod(env: Env, member: Member, { id }: IdParam, now = Date.now()): Promise<void> {
  const { period, cls } = await periodOf(env, member, id, now);
  await limitEdit(env, member);
  // The notices are written before the period goes (they read who hid it); the audit line decides.
  const auditId = crypto.randomUUID();
  const sentence = periodChangeSentence(period, null);
  const [, , removed] = await env.DB.batch([
    ...told(env, member, cls, id, "timetable.period.remove", sentence, "/timetable?span=week", now, auditId),
    env.DB.prepare(
      "DELETE FROM timetable_periods WHERE id = ?1 AND campus_id = ?2 AND EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ?3)",
    ).bind(id, member.campusId, auditId),
  ]);
  if (removed!.meta.changes === 0) throw new ApiError(404, M.noSuchPeriod);
}

const changeSentenceOf = (period: ClassPeriod, date: string, c: ChangeInput) =>
  changeSentence(period, date, {
    kind: c.kind,
    room: c.room ?? null,
    startsMin: c.startsAt ?? null,
    endsMin: c.endsAt ?? null,
  });

function checkDate(period: ClassPeriod, date: string, now: number): void {
  if (date < indiaDate(now)) throw new ApiError(400, M.pastDate, { field: "date" });
  if (weekdayOfDate(date) !== period.weekday) throw new ApiError(400, M.wrongWeekday, { field: "date" });
}

/** `POST /api/timetable/changes`: cancels or moves a period on one date (replacing that date's change). */
export async function addChange(
  env: Env,
  member: Member,
  input: NewChangeInput,
  now = Date.now(),
): Promise<WeekChange> {
  const { period, cls } = await periodOf(env, member, input.periodId, now);
  checkDate(period, input.date, now);
  await limitEdit(env, member);
  const id = crypto.randomUUID();
  const moved = input.kind === "moved";
  const change: WeekChange = {
    id,
    periodId: period.id,
    date: input.date,
    kind: input.kind,
    room: moved ? (input.room ?? null) : null,
    startsMin: moved ? (input.startsAt ?? null) : null,
    endsMin: moved ? (input.endsAt ?? null) : null,
  };
  const guard = editorGuard(member.id, member.campusId, cls.id, now);
  const [written, , , current] = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO timetable_changes (id, period_id, date, kind, room, starts_min, ends_min, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE ${guard.sql}
       ON CONFLICT (period_id, date) DO UPDATE SET kind = excluded.kind, room = excluded.room,
         starts_min = excluded.starts_min, ends_min = excluded.ends_min, created_at = excluded.created_at`,
    ).bind(id, period.id, input.date, change.kind, change.room, change.startsMin, change.endsMin, now, ...guard.params),
    ...told(
      env,
      member,
      cls,
      period.id,
      "timetable.change",
      changeSentenceOf(period, input.date, input),
      `/timetable?date=${input.date}`,
      now,
    ),
    env.DB.prepare("SELECT id FROM timetable_changes WHERE period_id = ?1 AND date = ?2").bind(period.id, input.date),
  ]);
  if (written!.meta.changes === 0) throw new ApiError(403, M.editorsOnly, { code: "staff_only" });
  return { ...change, id: (current!.results[0] as { id: string }).id };
}

/** A change with its period in one read, then the gate on the period's class. */
async function changeOf(env: Env, member: Member, changeId: string, now: number) {
  const row = await env.DB.prepare(
    `SELECT g.id AS changeId, g.date AS changeDate, ${PERIOD_COLUMNS}, p.class_id AS classId
     FROM timetable_changes g JOIN timetable_periods p ON p.id = g.period_id JOIN academic_subjects x ON x.id = p.subject_id
     WHERE g.id = ?1 AND p.campus_id = ?2`,
  )
    .bind(changeId, member.campusId)
    .first<PeriodRow & { changeId: string; changeDate: string }>();
  if (!row) throw new ApiError(404, M.noSuchChange);
  const { changeId: id, changeDate: date, ...period } = row;
  return { change: { id, date, periodId: period.id }, ...(await gateOn(env, member, period, now, () => [])) };
}

/** `PATCH /api/timetable/changes/:id`. */
export async function updateChange(
  env: Env,
  member: Member,
  { id }: IdParam,
  input: ChangeInput,
  now = Date.now(),
): Promise<void> {
  const { change, period, cls } = await changeOf(env, member, id, now);
  checkDate(period, change.date, now);
  await limitEdit(env, member);
  const moved = input.kind === "moved";
  const guard = editorGuard(member.id, member.campusId, cls.id, now);
  const [written] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE timetable_changes SET kind = ?, room = ?, starts_min = ?, ends_min = ?, created_at = ? WHERE id = ? AND ${guard.sql}`,
    ).bind(
      input.kind,
      moved ? (input.room ?? null) : null,
      moved ? (input.startsAt ?? null) : null,
      moved ? (input.endsAt ?? null) : null,
      now,
      id,
      ...guard.params,
    ),
    ...told(
      env,
      member,
      cls,
      period.id,
      "timetable.change",
      changeSentenceOf(period, change.date, input),
      `/timetable?date=${change.date}`,
      now,
    ),
  ]);
  if (written!.meta.changes === 0) throw new ApiError(404, M.noSuchChange);
}

/** `DELETE /api/timetable/changes/:id`: the period is as usual on that date again. */
export async function removeChange(env: Env, member: Member, { id }: IdParam, now = Date.now()): Promise<void> {
  const { change, period, cls } = await changeOf(env, member, id, now);
  await limitEdit(env, member);
  const guard = editorGuard(member.id, member.campusId, cls.id, now);
  const sentence = `${changeSentence(period, change.date, { kind: "cancelled", room: null, startsMin: null, endsMin: null }).replace(/ is cancelled\.$/, "")} is back as usual.`;
  const [removed] = await env.DB.batch([
    env.DB.prepare(`DELETE FROM timetable_changes WHERE id = ? AND ${guard.sql}`).bind(id, ...guard.params),
    ...told(env, member, cls, period.id, "timetable.change.remove", sentence, `/timetable?date=${change.date}`, now),
  ]);
  if (removed!.meta.changes === 0) throw new ApiError(404, M.noSuchChange);
}
