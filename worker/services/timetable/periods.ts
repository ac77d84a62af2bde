import { type ClassPeriod, periodChangeSentence } from "#common/timetable.ts";
import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { batch, first, insertWhere, select, type Sql, sql, update } from "#server/db/sql.ts";
import { academicSubjects, timetablePeriods } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import {
  editableClass,
  editorGuard,
  limitEdit,
  type Member,
  PERIOD,
  PERIOD_COLUMNS,
  PERIOD_JOIN,
} from "#server/services/timetable/access.ts";
import type { IdParam, NewPeriodInput, PeriodInput } from "#server/services/timetable/schema.ts";
import { told } from "#server/services/timetable/week.ts";

// A class's periods, added, edited and removed by its keepers; each write is one batch with what
// `told` adds (week.ts). The gate on a period's class is here too: its one-off changes pass it.

/** A subject of the class's semester (the class is checked to be the caller's campus's by the gate). */
const subjectOfClass = (subjectId: string, classId: string) =>
  select(
    { id: academicSubjects.id, code: academicSubjects.code, name: academicSubjects.name },
    sql`FROM ${academicSubjects}
      WHERE id = ${subjectId} AND semester_id = (SELECT semester_id FROM timetable_classes WHERE id = ${classId})`,
  );

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
    [subjectOfClass(input.subjectId, input.classId)],
    now,
  );
  const subject = rest[0].rows[0];
  if (!subject) throw new ApiError(400, M.noSuchSubject, { field: "subjectId" });
  await limitEdit(env, member);
  const id = crypto.randomUUID();
  const period = periodFrom(id, input, subject);
  const [written] = await batch(env, [
    insertWhere(
      timetablePeriods,
      {
        id,
        campus_id: member.campusId,
        class_id: cls.id,
        ...periodColumns(input, subject.id, now),
      },
      editorGuard(member.id, member.campusId, cls.id, now),
    ),
    ...told(member, cls, id, "timetable.period.add", periodChangeSentence(null, period), "/timetable?span=week", now),
  ]);
  if (written.changes === 0) throw new ApiError(403, M.editorsOnly, { code: "staff_only" });
  return period;
}

export type PeriodRow = ClassPeriod & { classId: string };

/** A period as written, from the form's fields and its subject's row (adding and editing alike). */
/** A period's columns as a curator writes them, the same for adding one and for changing one. */
function periodColumns(input: PeriodInput, subjectId: string, now: number) {
  return {
    weekday: input.weekday,
    starts_min: input.startsAt,
    ends_min: input.endsAt,
    subject_id: subjectId,
    room: input.room,
    teacher: input.teacher,
    kind: input.kind,
    updated_at: now,
  };
}

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

/** A period of the member's campus. */
const periodRow = (periodId: string, campusId: string) =>
  select(
    { ...PERIOD_COLUMNS, classId: PERIOD.class_id },
    sql`FROM ${PERIOD} ${PERIOD_JOIN} WHERE ${PERIOD.id} = ${periodId} AND ${PERIOD.campus_id} = ${campusId}`,
  );

/** The gate on a period's class, once the period is known (404 when it is not of the member's campus). */
export async function gateOn<const More extends readonly Sql[]>(
  env: Env,
  member: Member,
  row: PeriodRow | undefined | null,
  now: number,
  more: (cls: string) => More,
) {
  if (!row) throw new ApiError(404, M.noSuchPeriod);
  const { cls, rest } = await editableClass(env, member, row.classId, more(row.classId), now);
  return { period: row, cls, rest };
}

/** A period of the member's campus with its class (404 otherwise), and the gate on the class. */
export async function periodOf<const More extends readonly Sql[]>(
  env: Env,
  member: Member,
  periodId: string,
  now: number,
  more: (cls: string) => More,
) {
  return gateOn(env, member, await first(env, periodRow(periodId, member.campusId)), now, more);
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
    subjectOfClass(input.subjectId, classId),
  ]);
  const subject = rest[0].rows[0];
  if (!subject) throw new ApiError(400, M.noSuchSubject, { field: "subjectId" });
  await limitEdit(env, member);
  const after = periodFrom(id, input, subject);
  const [written] = await batch(env, [
    update(
      timetablePeriods,
      {
        ...periodColumns(input, subject.id, now),
      },
      sql`WHERE id = ${id} AND campus_id = ${member.campusId} AND ${editorGuard(member.id, member.campusId, cls.id, now)}`,
    ),
    ...told(
      member,
      cls,
      id,
      "timetable.period.update",
      periodChangeSentence(period, after),
      "/timetable?span=week",
      now,
    ),
  ]);
  if (written.changes === 0) throw new ApiError(404, M.noSuchPeriod);
  return after;
}

/** `DELETE /api/timetable/periods/:id`: its changes and hidings go with it; students' marks stay. */
export async function removePeriod(env: Env, member: Member, { id }: IdParam, now = Date.now()): Promise<void> {
  const { period, cls } = await periodOf(env, member, id, now, () => []);
  await limitEdit(env, member);
  // The notices are written before the period goes (they read who hid it); the audit line decides.
  const auditId = crypto.randomUUID();
  const sentence = periodChangeSentence(period, null);
  const [, , removed] = await batch(env, [
    ...told(member, cls, id, "timetable.period.remove", sentence, "/timetable?span=week", now, auditId),
    sql`DELETE FROM timetable_periods WHERE id = ${id} AND campus_id = ${member.campusId}
      AND EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ${auditId})`,
  ]);
  if (removed.changes === 0) throw new ApiError(404, M.noSuchPeriod);
}
