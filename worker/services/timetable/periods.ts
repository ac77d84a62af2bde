import { type ClassPeriod, periodChangeSentence } from "#common/timetable.ts";
import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import { editableClass, editorGuard, limitEdit, type Member } from "#server/services/timetable/access.ts";
import type { IdParam, NewPeriodInput, PeriodInput } from "#server/services/timetable/schema.ts";
import { PERIOD_COLUMNS, told } from "#server/services/timetable/week.ts";

// A class's periods, added, edited and removed by its keepers; each write is one batch with what
// `told` adds (week.ts). The gate on a period's class is here too: its one-off changes pass it.

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

export type PeriodRow = ClassPeriod & { classId: string };

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
export async function gateOn(
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
export async function periodOf(
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
