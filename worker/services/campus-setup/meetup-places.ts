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
  adminReads,
  type IdParam,
  limitChange,
  type SetupAdmin,
  setupAuditLine,
  shortRandom,
  slug,
} from "#server/services/campus-setup/common.ts";
import { all, batch, first, insertWhere, select, type Sql, sql, update } from "#server/db/sql.ts";
import { meetupPlaces } from "#server/db/tables.generated.ts";

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

const p = meetupPlaces;
const placeColumns = { id: p.id, name: p.name, note: p.note };

const activePlacesQuery = (campusId: string) =>
  select(
    placeColumns,
    sql`FROM ${p} WHERE ${p.campus_id} = ${campusId} AND ${p.retired_at} IS NULL ORDER BY ${p.name} COLLATE NOCASE, ${p.id}`,
  );

/**
 * A campus's active meet-up places, by name: what a buyer and a seller choose from. No role check:
 * every member of the campus may read them (the caller passes its own user's campus id).
 */
export async function listMeetupPlaces(env: Env, campusId: string): Promise<MeetupPlace[]> {
  return all(env, activePlacesQuery(campusId));
}

/** One active place of the campus, or null (retired, another campus's, or none). */
export async function findMeetupPlace(env: Env, campusId: string, id: string): Promise<MeetupPlace | null> {
  return first(env, oneActivePlace(campusId, id));
}

const oneActivePlace = (campusId: string, id: string) =>
  select(
    placeColumns,
    sql`FROM ${p} WHERE ${p.id} = ${id} AND ${p.campus_id} = ${campusId} AND ${p.retired_at} IS NULL`,
  );

export async function listSetupMeetupPlaces(env: Env, admin: SetupAdmin): Promise<MeetupPlace[]> {
  const [rows] = await adminReads(env, admin, [activePlacesQuery(admin.campusId)]);
  return rows.rows;
}

const audit = (admin: SetupAdmin, action: string, id: string, note: string, at: number, guard: Sql) =>
  setupAuditLine(admin, "meetup_place", action, id, note, at, guard);

/** Another active place of the campus with this name (any case), other than `self` (null: any). */
const nameTaken = (campusId: string, name: string, self: string | null) =>
  sql`EXISTS (SELECT 1 FROM meetup_places WHERE campus_id = ${campusId} AND retired_at IS NULL
  AND name = ${name} COLLATE NOCASE AND id IS NOT ${self})`;

const describe = (place: MeetupPlaceInput) => (place.note ? `${place.name} (${place.note})` : place.name);

export async function addMeetupPlace(
  env: Env,
  admin: SetupAdmin,
  input: MeetupPlaceInput,
  now = Date.now(),
): Promise<MeetupPlace> {
  const [rows] = await adminReads(env, admin, [activePlacesQuery(admin.campusId)]);
  const places = rows.rows;
  const lower = input.name.toLowerCase();
  if (places.some((place) => place.name.toLowerCase() === lower))
    throw new ApiError(409, M.placeNameTaken(input.name), { field: "name" });
  if (places.length >= MEETUP_PLACES_MAX) throw new ApiError(409, M.placesFull(MEETUP_PLACES_MAX));
  await limitChange(env, admin);
  const id = `${admin.campusId}-${slug(input.name)}-${shortRandom()}`;
  // The checks are inside the write too: two admins adding at once cannot pass the limit or add one
  // name twice.
  const [inserted] = await batch(env, [
    insertWhere(
      meetupPlaces,
      { id, campus_id: admin.campusId, name: input.name, note: input.note, created_at: now },
      sql`NOT ${nameTaken(admin.campusId, input.name, null)}
         AND (SELECT COUNT(*) FROM meetup_places WHERE campus_id = ${admin.campusId} AND retired_at IS NULL) < ${MEETUP_PLACES_MAX}`,
    ),
    audit(
      admin,
      "setup.meetup_place.add",
      id,
      describe(input),
      now,
      sql`EXISTS (SELECT 1 FROM meetup_places WHERE id = ${id})`,
    ),
  ]);
  if (inserted.changes === 0)
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
  const [rows] = await adminReads(env, admin, [activePlacesQuery(admin.campusId)]);
  const places = rows.rows;
  const place = places.find((other) => other.id === id);
  if (!place) throw new ApiError(404, M.noSuchPlace);
  if (place.name === input.name && place.note === input.note) return;
  const lower = input.name.toLowerCase();
  if (places.some((other) => other.id !== id && other.name.toLowerCase() === lower))
    throw new ApiError(409, M.placeNameTaken(input.name), { field: "name" });
  await limitChange(env, admin);
  const [updated] = await batch(env, [
    update(
      meetupPlaces,
      { name: input.name, note: input.note },
      sql`WHERE id = ${id} AND campus_id = ${admin.campusId} AND retired_at IS NULL AND NOT ${nameTaken(admin.campusId, input.name, id)}`,
    ),
    audit(
      admin,
      "setup.meetup_place.update",
      id,
      `${describe(place)} → ${describe(input)}`,
      now,
      sql`EXISTS (SELECT 1 FROM meetup_places WHERE id = ${id} AND retired_at IS NULL AND name = ${input.name} AND note IS ${input.note})`,
    ),
  ]);
  if (updated.changes === 0) throw new ApiError(409, M.placeNameTaken(input.name), { field: "name" });
}

/** Retires a place: traders can no longer choose it; meet-ups that named it keep it. */
export async function retireMeetupPlace(
  env: Env,
  admin: SetupAdmin,
  { id }: IdParam,
  now = Date.now(),
): Promise<MeetupPlace> {
  const [rows] = await adminReads(env, admin, [oneActivePlace(admin.campusId, id)]);
  const place = rows.rows[0];
  if (!place) throw new ApiError(404, M.noSuchPlace);
  await limitChange(env, admin);
  const [retired] = await batch(env, [
    update(
      meetupPlaces,
      { retired_at: now },
      sql`WHERE id = ${id} AND campus_id = ${admin.campusId} AND retired_at IS NULL`,
    ),
    audit(
      admin,
      "setup.meetup_place.retire",
      id,
      place.name,
      now,
      sql`EXISTS (SELECT 1 FROM meetup_places WHERE id = ${id} AND retired_at = ${now})`,
    ),
  ]);
  if (retired.changes === 0) throw new ApiError(404, M.noSuchPlace);
  return place;
}
