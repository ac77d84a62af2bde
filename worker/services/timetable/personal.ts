import type { PersonalEntry } from "#common/timetable.ts";
import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { batch, insertWhere, int, run, select, sql } from "#server/db/sql.ts";
import { timetableHidden, timetablePersonal } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { limitOwn, type Member } from "#server/services/timetable/access.ts";
import type { IdParam, PersonalEntryInput } from "#server/services/timetable/schema.ts";

// A student's own additions to their week (an elective taught elsewhere, a club) and the periods of
// their class they hide (the other lab batch). Nobody else reads or writes them.

const MAX_ENTRIES = 30;

/** `POST /api/timetable/personal`: at most 30, counted inside the write. */
export async function addEntry(
  env: Env,
  member: Member,
  input: PersonalEntryInput,
  now = Date.now(),
): Promise<PersonalEntry> {
  await limitOwn(env, member);
  const id = crypto.randomUUID();
  const written = await run(
    env,
    insertWhere(
      timetablePersonal,
      {
        id,
        user_id: member.id,
        weekday: input.weekday,
        starts_min: input.startsAt,
        ends_min: input.endsAt,
        title: input.title,
        room: input.room,
        keeps_attendance: input.keepsAttendance ? 1 : 0,
        created_at: now,
      },
      sql`(SELECT COUNT(*) FROM timetable_personal WHERE user_id = ${member.id}) < ${MAX_ENTRIES}`,
    ),
  );
  if (written.changes === 0) throw new ApiError(409, M.tooManyEntries);
  return {
    id,
    weekday: input.weekday,
    startsMin: input.startsAt,
    endsMin: input.endsAt,
    title: input.title,
    room: input.room,
    keepsAttendance: input.keepsAttendance,
  };
}

/** `DELETE /api/timetable/personal/:id`: the student's own only (another's is a 404). Marks of it stay. */
export async function removeEntry(env: Env, member: Member, { id }: IdParam): Promise<void> {
  await limitOwn(env, member);
  const removed = await run(env, sql`DELETE FROM timetable_personal WHERE id = ${id} AND user_id = ${member.id}`);
  if (removed.changes === 0) throw new ApiError(404, M.noSuchPeriod);
}

/** `PUT /api/timetable/hidden/:id`: a period of the student's own class (any other is a 404). */
export async function hidePeriod(env: Env, member: Member, { id }: IdParam): Promise<void> {
  await limitOwn(env, member);
  const [written, known] = await batch(env, [
    insertWhere(
      timetableHidden,
      { user_id: member.id, period_id: id },
      sql`EXISTS (SELECT 1 FROM timetable_periods p JOIN timetable_choices ch ON ch.class_id = p.class_id WHERE p.id = ${id} AND ch.user_id = ${member.id})`,
      sql`ON CONFLICT (user_id, period_id) DO NOTHING`,
    ),
    select({ hidden: int(sql`1`) }, sql`FROM ${timetableHidden} WHERE user_id = ${member.id} AND period_id = ${id}`),
  ]);
  if (written.changes === 0 && known.rows.length === 0) throw new ApiError(404, M.noSuchPeriod);
}

/** `DELETE /api/timetable/hidden/:id`: shown again (already shown is fine). */
export async function showPeriod(env: Env, member: Member, { id }: IdParam): Promise<void> {
  await limitOwn(env, member);
  await run(env, sql`DELETE FROM timetable_hidden WHERE user_id = ${member.id} AND period_id = ${id}`);
}
