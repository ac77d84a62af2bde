import { indiaDate, weekdayOfDate } from "#common/india-time.ts";
import { changeSentence, type ClassPeriod } from "#common/timetable.ts";
import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { batch, first, insertWhere, select, sql, update } from "#server/db/sql.ts";
import { timetableChanges } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import {
  editorGuard,
  limitEdit,
  type Member,
  PERIOD,
  PERIOD_COLUMNS,
  PERIOD_JOIN,
} from "#server/services/timetable/access.ts";
import { gateOn, periodOf } from "#server/services/timetable/periods.ts";
import type { ChangeInput, IdParam, NewChangeInput } from "#server/services/timetable/schema.ts";
import { told, type WeekChange } from "#server/services/timetable/week.ts";

// A period cancelled or moved on one date, by the class's keepers; each write is one batch with
// what `told` adds (week.ts), and the period's gate (periods.ts) decides who may.

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
  const { period, cls } = await periodOf(env, member, input.periodId, now, () => []);
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
  const [written, , , current] = await batch(env, [
    insertWhere(
      timetableChanges,
      {
        id,
        period_id: period.id,
        date: input.date,
        kind: change.kind,
        room: change.room,
        starts_min: change.startsMin,
        ends_min: change.endsMin,
        created_at: now,
      },
      editorGuard(member.id, member.campusId, cls.id, now),
      sql`ON CONFLICT (period_id, date) DO UPDATE SET kind = excluded.kind, room = excluded.room,
        starts_min = excluded.starts_min, ends_min = excluded.ends_min, created_at = excluded.created_at`,
    ),
    ...told(
      member,
      cls,
      period.id,
      "timetable.change",
      changeSentenceOf(period, input.date, input),
      `/timetable?date=${input.date}`,
      now,
    ),
    select(
      { id: timetableChanges.id },
      sql`FROM ${timetableChanges} WHERE period_id = ${period.id} AND date = ${input.date}`,
    ),
  ]);
  if (written.changes === 0) throw new ApiError(403, M.editorsOnly, { code: "staff_only" });
  return { ...change, id: current.rows[0]?.id ?? id };
}

/** A change with its period in one read, then the gate on the period's class. */
async function changeOf(env: Env, member: Member, changeId: string, now: number) {
  const g = timetableChanges.as("g");
  const row = await first(
    env,
    select(
      { changeId: g.id, changeDate: g.date, ...PERIOD_COLUMNS, classId: PERIOD.class_id },
      sql`FROM ${g} JOIN ${PERIOD} ON ${PERIOD.id} = ${g.period_id} ${PERIOD_JOIN}
        WHERE ${g.id} = ${changeId} AND ${PERIOD.campus_id} = ${member.campusId}`,
    ),
  );
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
  const [written] = await batch(env, [
    update(
      timetableChanges,
      {
        kind: input.kind,
        room: moved ? (input.room ?? null) : null,
        starts_min: moved ? (input.startsAt ?? null) : null,
        ends_min: moved ? (input.endsAt ?? null) : null,
        created_at: now,
      },
      sql`WHERE id = ${id} AND ${editorGuard(member.id, member.campusId, cls.id, now)}`,
    ),
    ...told(
      member,
      cls,
      period.id,
      "timetable.change",
      changeSentenceOf(period, change.date, input),
      `/timetable?date=${change.date}`,
      now,
    ),
  ]);
  if (written.changes === 0) throw new ApiError(404, M.noSuchChange);
}

/** `DELETE /api/timetable/changes/:id`: the period is as usual on that date again. */
export async function removeChange(env: Env, member: Member, { id }: IdParam, now = Date.now()): Promise<void> {
  const { change, period, cls } = await changeOf(env, member, id, now);
  await limitEdit(env, member);
  const sentence = `${changeSentence(period, change.date, { kind: "cancelled", room: null, startsMin: null, endsMin: null }).replace(/ is cancelled\.$/, "")} is back as usual.`;
  const [removed] = await batch(env, [
    sql`DELETE FROM timetable_changes WHERE id = ${id} AND ${editorGuard(member.id, member.campusId, cls.id, now)}`,
    ...told(member, cls, period.id, "timetable.change.remove", sentence, `/timetable?date=${change.date}`, now),
  ]);
  if (removed.changes === 0) throw new ApiError(404, M.noSuchChange);
}
