import type { PersonalEntry } from "#common/timetable.ts";
import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
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
  const written = await env.DB.prepare(
    `INSERT INTO timetable_personal (id, user_id, weekday, starts_min, ends_min, title, room, created_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE (SELECT COUNT(*) FROM timetable_personal WHERE user_id = ?2) < ${MAX_ENTRIES}`,
  )
    .bind(id, member.id, input.weekday, input.startsAt, input.endsAt, input.title, input.room, now)
    .run();
  if (written.meta.changes === 0) throw new ApiError(409, M.tooManyEntries);
  return {
    id,
    weekday: input.weekday,
    startsMin: input.startsAt,
    endsMin: input.endsAt,
    title: input.title,
    room: input.room,
  };
}

/** `DELETE /api/timetable/personal/:id`: the student's own only (another's is a 404). Marks of it stay. */
export async function removeEntry(env: Env, member: Member, { id }: IdParam): Promise<void> {
  await limitOwn(env, member);
  const removed = await env.DB.prepare("DELETE FROM timetable_personal WHERE id = ?1 AND user_id = ?2")
    .bind(id, member.id)
    .run();
  if (removed.meta.changes === 0) throw new ApiError(404, M.noSuchPeriod);
}

/** `PUT /api/timetable/hidden/:id`: a period of the student's own class (any other is a 404). */
export async function hidePeriod(env: Env, member: Member, { id }: IdParam): Promise<void> {
  await limitOwn(env, member);
  const [written, known] = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO timetable_hidden (user_id, period_id) SELECT ?1, ?2
       WHERE EXISTS (SELECT 1 FROM timetable_periods p JOIN timetable_choices ch ON ch.class_id = p.class_id WHERE p.id = ?2 AND ch.user_id = ?1)
       ON CONFLICT (user_id, period_id) DO NOTHING`,
    ).bind(member.id, id),
    env.DB.prepare("SELECT 1 FROM timetable_hidden WHERE user_id = ?1 AND period_id = ?2").bind(member.id, id),
  ]);
  if (written!.meta.changes === 0 && known!.results.length === 0) throw new ApiError(404, M.noSuchPeriod);
}

/** `DELETE /api/timetable/hidden/:id`: shown again (already shown is fine). */
export async function showPeriod(env: Env, member: Member, { id }: IdParam): Promise<void> {
  await limitOwn(env, member);
  await env.DB.prepare("DELETE FROM timetable_hidden WHERE user_id = ?1 AND period_id = ?2").bind(member.id, id).run();
}
