import { z } from "zod";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import {
  MEETUP_PLACE_NAME_MAX,
  MEETUP_PLACE_NAME_MIN,
  MEETUP_PLACE_NOTE_MAX,
  MEETUP_PLACES_MAX,
} from "#common/meetup-places.ts";
import { ApiError } from "#server/lib/errors.ts";
import { optionalUserText, userText } from "#server/lib/validate.ts";
import {
  adminBatch,
  type IdParam,
  limitChange,
  type SetupAdmin,
  setupAudit,
  shortRandom,
  slug,
} from "#server/services/campus-setup/common.ts";

// The college's safe meet-up places for trades (docs/decisions/0116-meetup-places.md): the admin
// lists, adds, edits and retires them; buyers and sellers agree on one of the active ones. A place
// is retired, never deleted, so a meet-up that named it still reads the same.

export interface MeetupPlace {
  id: string;
  name: string;
  note: string | null;
}

/** `POST /api/admin/campus/meetup-places`, `PATCH .../:id` and /admin/setup/meetup-places' forms. */
export const meetupPlaceSchema = z.object({
  name: userText({
    name: "The place's name",
    min: MEETUP_PLACE_NAME_MIN,
    max: MEETUP_PLACE_NAME_MAX,
    missing: M.placeNameInvalid,
    tooShort: M.placeNameInvalid,
    tooLong: M.placeNameInvalid,
  }),
  note: optionalUserText({ name: "The note", max: MEETUP_PLACE_NOTE_MAX, tooLong: M.placeNoteTooLong }),
});
export type MeetupPlaceInput = z.output<typeof meetupPlaceSchema>;

const activePlacesStatement = (env: Env, campusId: string) =>
  env.DB.prepare(
    "SELECT id, name, note FROM meetup_places WHERE campus_id = ?1 AND retired_at IS NULL ORDER BY name COLLATE NOCASE, id",
  ).bind(campusId);

/**
 * A campus's active meet-up places, by name: what a buyer and a seller choose from. No role check:
 * every member of the campus may read them (the caller passes its own user's campus id).
 */
export async function listMeetupPlaces(env: Env, campusId: string): Promise<MeetupPlace[]> {
  return (await activePlacesStatement(env, campusId).all<MeetupPlace>()).results;
}

/** One active place of the campus, or null (retired, another campus's, or none). */
export async function findMeetupPlace(env: Env, campusId: string, id: string): Promise<MeetupPlace | null> {
  return env.DB.prepare(
    "SELECT id, name, note FROM meetup_places WHERE id = ?1 AND campus_id = ?2 AND retired_at IS NULL",
  )
    .bind(id, campusId)
    .first<MeetupPlace>();
}

export async function listSetupMeetupPlaces(env: Env, admin: SetupAdmin): Promise<MeetupPlace[]> {
  const [rows] = await adminBatch(env, admin, [activePlacesStatement(env, admin.campusId)]);
  return rows!.results as MeetupPlace[];
}

const audit = (
  env: Env,
  admin: SetupAdmin,
  action: string,
  id: string,
  note: string,
  at: number,
  guard: { sql: string; params: unknown[] },
) => setupAudit(env, admin, "meetup_place", action, id, note, at, guard);

/** Another active place of the campus with this name (any case), `?1` campus, `?2` name, `?3` the place itself. */
const nameTakenSql = `EXISTS (SELECT 1 FROM meetup_places WHERE campus_id = ?1 AND retired_at IS NULL
  AND name = ?2 COLLATE NOCASE AND id IS NOT ?3)`;

const describe = (place: MeetupPlaceInput) => (place.note ? `${place.name} (${place.note})` : place.name);

export async function addMeetupPlace(
  env: Env,
  admin: SetupAdmin,
  input: MeetupPlaceInput,
  now = Date.now(),
): Promise<MeetupPlace> {
  const [rows] = await adminBatch(env, admin, [activePlacesStatement(env, admin.campusId)]);
  const places = rows!.results as MeetupPlace[];
  const lower = input.name.toLowerCase();
  if (places.some((p) => p.name.toLowerCase() === lower))
    throw new ApiError(409, M.placeNameTaken(input.name), { field: "name" });
  if (places.length >= MEETUP_PLACES_MAX) throw new ApiError(409, M.placesFull(MEETUP_PLACES_MAX));
  await limitChange(env, admin);
  const id = `${admin.campusId}-${slug(input.name)}-${shortRandom()}`;
  // The checks are inside the write too: two admins adding at once cannot pass the limit or add one
  // name twice.
  const [inserted] = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO meetup_places (id, campus_id, name, note, created_at)
       SELECT ?4, ?1, ?2, ?5, ?6
       WHERE NOT ${nameTakenSql}
         AND (SELECT COUNT(*) FROM meetup_places WHERE campus_id = ?1 AND retired_at IS NULL) < ?7`,
    ).bind(admin.campusId, input.name, null, id, input.note, now, MEETUP_PLACES_MAX),
    audit(env, admin, "setup.meetup_place.add", id, describe(input), now, {
      sql: "EXISTS (SELECT 1 FROM meetup_places WHERE id = ?)",
      params: [id],
    }),
  ]);
  if (inserted!.meta.changes === 0)
    throw places.length + 1 >= MEETUP_PLACES_MAX
      ? new ApiError(409, M.placesFull(MEETUP_PLACES_MAX))
      : new ApiError(409, M.placeNameTaken(input.name), { field: "name" });
  return { id, name: input.name, note: input.note };
}

export async function updateMeetupPlace(
  env: Env,
  admin: SetupAdmin,
  { id }: IdParam,
  input: MeetupPlaceInput,
  now = Date.now(),
): Promise<void> {
  const [rows] = await adminBatch(env, admin, [activePlacesStatement(env, admin.campusId)]);
  const places = rows!.results as MeetupPlace[];
  const place = places.find((p) => p.id === id);
  if (!place) throw new ApiError(404, M.noSuchPlace);
  if (place.name === input.name && place.note === input.note) return;
  const lower = input.name.toLowerCase();
  if (places.some((p) => p.id !== id && p.name.toLowerCase() === lower))
    throw new ApiError(409, M.placeNameTaken(input.name), { field: "name" });
  await limitChange(env, admin);
  const [updated] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE meetup_places SET name = ?2, note = ?4
       WHERE id = ?3 AND campus_id = ?1 AND retired_at IS NULL AND NOT ${nameTakenSql}`,
    ).bind(admin.campusId, input.name, id, input.note),
    audit(env, admin, "setup.meetup_place.update", id, `${describe(place)} → ${describe(input)}`, now, {
      sql: "EXISTS (SELECT 1 FROM meetup_places WHERE id = ? AND retired_at IS NULL AND name = ? AND note IS ?)",
      params: [id, input.name, input.note],
    }),
  ]);
  if (updated!.meta.changes === 0) throw new ApiError(409, M.placeNameTaken(input.name), { field: "name" });
}

/** Retires a place: traders can no longer choose it; meet-ups that named it keep it. */
export async function retireMeetupPlace(
  env: Env,
  admin: SetupAdmin,
  { id }: IdParam,
  now = Date.now(),
): Promise<MeetupPlace> {
  const [rows] = await adminBatch(env, admin, [
    env.DB.prepare(
      "SELECT id, name, note FROM meetup_places WHERE id = ?1 AND campus_id = ?2 AND retired_at IS NULL",
    ).bind(id, admin.campusId),
  ]);
  const place = rows!.results[0] as MeetupPlace | undefined;
  if (!place) throw new ApiError(404, M.noSuchPlace);
  await limitChange(env, admin);
  const [retired] = await env.DB.batch([
    env.DB.prepare(
      "UPDATE meetup_places SET retired_at = ?3 WHERE id = ?1 AND campus_id = ?2 AND retired_at IS NULL",
    ).bind(id, admin.campusId, now),
    audit(env, admin, "setup.meetup_place.retire", id, place.name, now, {
      sql: "EXISTS (SELECT 1 FROM meetup_places WHERE id = ? AND retired_at = ?)",
      params: [id, now],
    }),
  ]);
  if (retired!.meta.changes === 0) throw new ApiError(404, M.noSuchPlace);
  return place;
}
