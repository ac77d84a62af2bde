import { indiaDate, weekdayOfDate } from "#common/india-time.ts";
import { changeSentence, type ClassPeriod } from "#common/timetable.ts";
import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import { editorGuard, limitEdit, type Member } from "#server/services/timetable/access.ts";
import { gateOn, periodOf, type PeriodRow } from "#server/services/timetable/periods.ts";
import type { ChangeInput, IdParam, NewChangeInput } from "#server/services/timetable/schema.ts";
import { PERIOD_COLUMNS, told, type WeekChange } from "#server/services/timetable/week.ts";

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
