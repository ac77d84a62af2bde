import { z } from "zod";
import { EVENTS_CATEGORY } from "#common/enums.generated.ts";
import {
  EVENT_LIMITS,
  EVENT_MESSAGES as M,
  EVENT_NOTICES,
  type EventView,
  eventWhen,
  instantOfIndiaLocal,
} from "#common/events.ts";
import { batch, int, type RowOf, select, type Sql, sql, textOrNull } from "#server/db/sql.ts";
import { campuses, clubs, events, meetupPlaces } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { limitPosting } from "#server/lib/post-limit.ts";
import { optionalUserText, userText } from "#server/lib/validate.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { audit, notices } from "#server/services/staff.ts";
import {
  type Actor,
  type Member,
  mayPublish,
  powersFrom,
  powersReads,
  publisherGuard,
  publishRefusal,
} from "#server/services/events/common.ts";
import { fillPlaces, movedUpNotices } from "#server/services/events/going.ts";

// A college's events (docs/decisions/0130-the-waiting-list.md): browsing the upcoming ones, an
// event's page, and what a club's lead (or the campus admin) does to one: publish, change, cancel.
// Every change is audited in its own batch and told to everyone going or waiting; a visitor or a
// member of another college sees an event only when it is open to visitors (decision 0131).

/** An instant from JSON (epoch ms, an ISO string with its zone) or a form's datetime-local (India time). */
const instant = z.transform((value: unknown, ctx): number => {
  const ms =
    typeof value === "number" && Number.isSafeInteger(value)
      ? value
      : typeof value === "string"
        ? (instantOfIndiaLocal(value) ??
          (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:\d{2})$/.test(value.trim()) ? Date.parse(value) : NaN))
        : NaN;
  if (!Number.isFinite(ms) || ms <= 0) {
    ctx.addIssue({ code: "custom", message: M.badWhen });
    return z.NEVER;
  }
  return ms;
});
const optionalInstant = z.transform((value: unknown, ctx): number | null => {
  if (value === undefined || value === null || value === "") return null;
  const parsed = instant.safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: "custom", message: M.badWhen });
    return z.NEVER;
  }
  return parsed.data;
});
const capacity = z.transform((value: unknown, ctx): number | null => {
  if (value === undefined || value === null || value === "") return null;
  const n = typeof value === "string" && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > EVENT_LIMITS.capacity) {
    ctx.addIssue({ code: "custom", message: M.badCapacity });
    return z.NEVER;
  }
  return n;
});
/** A checkbox (a form's "on", absent when unticked) or a JSON boolean. */
const flag = z.transform((value: unknown) => value === true || value === "on" || value === "1" || value === "true");
const optionalId = z.transform((value: unknown, ctx): string | null => {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string" || value.length > 64) {
    ctx.addIssue({ code: "custom", message: "Send an id as text." });
    return z.NEVER;
  }
  return value.trim();
});

const fields = {
  title: userText({ name: "The title", max: EVENT_LIMITS.title }),
  description: optionalUserText({ name: "The description", max: EVENT_LIMITS.description, multiline: true }),
  category: z.enum(EVENTS_CATEGORY, { error: M.badCategory }),
  startsAt: instant,
  endsAt: instant,
  placeId: optionalId,
  placeText: optionalUserText({ name: "The place", max: EVENT_LIMITS.place }),
  capacity,
  signupClosesAt: optionalInstant,
  openToVisitors: flag,
};

/** `POST /api/events` and /events/new: an event of a club (clubId), or of the college (none: the admin's). */
export const eventSchema = z.object(
  { ...fields, clubId: optionalId },
  {
    error:
      'Send the event as a JSON object, for example { "title": "Hackathon", "category": "technical", "startsAt": "2026-12-04T17:00", "endsAt": "2026-12-04T20:00", "clubId": "..." }.',
  },
);
export type EventInput = z.output<typeof eventSchema>;

/** `PATCH /api/events/:id` and the edit form: any of the fields; a capacity or closing time "" clears it. */
export const eventPatchSchema = z.object(fields, { error: M.nothingToChange }).partial();
export type EventPatch = z.output<typeof eventPatchSchema>;

export const eventListSchema = z.object({
  category: z.enum(EVENTS_CATEGORY, { error: M.badCategory }).optional(),
  club: z.string().trim().min(1).max(64).optional(),
  /** "week": the next seven days; otherwise everything upcoming. */
  when: z.enum(["week", "upcoming"]).optional(),
  /** A visitor's college (a member's own is used whatever this says). */
  campus: z.string().trim().min(1).max(64).optional(),
});
export type EventListQuery = z.output<typeof eventListSchema>;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Events listed at most. */
const LIST_LIMIT = 100;

const e = events.as("e");
const k = clubs.as("k");
const p = meetupPlaces.as("p");

/** The columns of an event as a view reads them, with the reader's own place (`me`: "" for a visitor). */
function eventColumns(me: string) {
  return {
    id: e.id,
    campusId: e.campus_id,
    title: e.title,
    description: e.description,
    category: e.category,
    startsAt: e.starts_at,
    endsAt: e.ends_at,
    placeId: e.place_id,
    placeName: textOrNull(sql`${p.name}`),
    placeText: e.place_text,
    posterKey: e.poster_key,
    capacity: e.capacity,
    signupClosesAt: e.signup_closes_at,
    openToVisitors: e.open_to_visitors,
    status: e.status,
    clubId: e.club_id,
    clubName: textOrNull(sql`${k.name}`),
    going: int(sql`(SELECT COUNT(*) FROM event_attendees g WHERE g.event_id = ${e.id} AND g.state = 'going')`),
    waiting: int(sql`(SELECT COUNT(*) FROM event_attendees g WHERE g.event_id = ${e.id} AND g.state = 'waiting')`),
    mine: textOrNull(sql`(SELECT a.state FROM event_attendees a WHERE a.event_id = ${e.id} AND a.user_id = ${me})`),
    line: int(
      sql`(SELECT COUNT(*) FROM event_attendees w JOIN event_attendees a ON a.event_id = w.event_id AND a.user_id = ${me} AND a.state = 'waiting'
           WHERE w.event_id = ${e.id} AND w.state = 'waiting' AND w.position <= a.position)`,
    ),
  };
}
const EVENT_JOINS = sql`LEFT JOIN ${k} ON ${k.id} = ${e.club_id} LEFT JOIN ${p} ON ${p.id} = ${e.place_id}`;

type EventRow = RowOf<ReturnType<typeof eventColumns>>;

function viewOf(row: EventRow, mayEdit: boolean): EventView & { campusId: string } {
  return {
    id: row.id,
    campusId: row.campusId,
    title: row.title,
    description: row.description,
    category: row.category,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    place: row.placeName ?? row.placeText,
    placeId: row.placeId,
    placeText: row.placeText,
    hasPoster: row.posterKey !== null,
    capacity: row.capacity,
    signupClosesAt: row.signupClosesAt,
    openToVisitors: row.openToVisitors === 1,
    status: row.status,
    club: row.clubId && row.clubName ? { id: row.clubId, name: row.clubName } : null,
    going: row.going,
    waiting: row.waiting,
    mine:
      row.mine === "going" || row.mine === "waiting"
        ? { state: row.mine, line: row.mine === "waiting" ? row.line : null }
        : null,
    mayEdit,
  };
}

export interface EventList {
  /** The college whose events these are. */
  campus: { id: string; name: string } | null;
  events: EventView[];
  /** The clubs of the college, for the filter. */
  clubs: { id: string; name: string }[];
  /** The reader may publish (leads a club, or is the campus admin). */
  mayPublish: boolean;
}

/**
 * `GET /api/events` and /events: a college's upcoming events, soonest first, filtered by category,
 * club and "this week"; a member's own college (every event), a visitor's chosen one (only those
 * open to visitors). One D1 batch.
 */
export async function listEvents(
  env: Env,
  reader: Member | null,
  query: EventListQuery,
  now = Date.now(),
): Promise<EventList> {
  const campusId = reader?.campusId ?? query.campus ?? null;
  if (!campusId) return { campus: null, events: [], clubs: [], mayPublish: false };
  const visible = reader ? sql`1` : sql`${e.open_to_visitors} = 1`;
  const until = query.when === "week" ? now + WEEK_MS : Number.MAX_SAFE_INTEGER;
  const [campus, rows, clubRows, admin, leads] = await batch(env, [
    select({ id: campuses.id, name: campuses.name }, sql`FROM ${campuses} WHERE id = ${campusId}`),
    select(
      eventColumns(reader?.id ?? ""),
      sql`FROM ${e} ${EVENT_JOINS}
        WHERE ${e.campus_id} = ${campusId} AND ${e.ends_at} > ${now} AND ${e.starts_at} < ${until} AND ${visible}
          ${query.category ? sql`AND ${e.category} = ${query.category}` : sql``}
          ${query.club ? sql`AND ${e.club_id} = ${query.club}` : sql``}
        ORDER BY ${e.starts_at} LIMIT ${LIST_LIMIT}`,
    ),
    select({ id: k.id, name: k.name }, sql`FROM ${k} WHERE ${k.campus_id} = ${campusId} ORDER BY ${k.name}`),
    ...powersReads(reader, now),
  ]);
  const powers = powersFrom(admin, leads);
  return {
    campus: campus.rows[0] ?? null,
    events: rows.rows.map((row) => viewOf(row, reader !== null && mayPublish(powers, row.clubId))),
    clubs: clubRows.rows,
    mayPublish: powers.admin || powers.leads.size > 0,
  };
}

/** What a reader may see of one event: all of it, or (a members-only event, a visitor) only its college. */
export type EventRead =
  { visible: true; event: EventView; campusName: string } | { visible: false; campusName: string };

/**
 * One event: all of it for a member of its college, or for anyone when it is open to visitors; for a
 * visitor, a members-only event is only its college's name (the page says "sign in to see"); for a
 * member of another college it does not exist (404), as for an unknown id.
 */
export async function readEvent(env: Env, reader: Member | null, id: string, now = Date.now()): Promise<EventRead> {
  const [rows, admin, leads] = await batch(env, [
    select(
      {
        ...eventColumns(reader?.id ?? ""),
        campusName: textOrNull(sql`(SELECT name FROM campuses WHERE id = ${e.campus_id})`),
      },
      sql`FROM ${e} ${EVENT_JOINS} WHERE ${e.id} = ${id}`,
    ),
    ...powersReads(reader, now),
  ]);
  const row = rows.rows[0];
  if (!row) throw new ApiError(404, M.noSuchEvent);
  const campusName = row.campusName ?? "";
  const member = reader !== null && reader.campusId === row.campusId;
  if (member || row.openToVisitors === 1)
    return {
      visible: true,
      event: viewOf(row, member && mayPublish(powersFrom(admin, leads), row.clubId)),
      campusName,
    };
  if (reader) throw new ApiError(404, M.noSuchEvent);
  return { visible: false, campusName };
}

/** The times an event must keep: it ends after it starts, starts in the future, closes sign-up before. */
function checkTimes(startsAt: number, endsAt: number, closesAt: number | null, now: number, isNew: boolean): void {
  if (endsAt <= startsAt) throw new ApiError(400, M.endsBeforeStart, { field: "endsAt" });
  if (isNew && startsAt <= now) throw new ApiError(400, M.startsInPast, { field: "startsAt" });
  if (closesAt !== null && closesAt > startsAt)
    throw new ApiError(400, M.closesAfterStart, { field: "signupClosesAt" });
}

const placeOf = (placeId: string | null, campusId: string) =>
  select(
    { id: meetupPlaces.id },
    sql`FROM ${meetupPlaces} WHERE id = ${placeId ?? ""} AND campus_id = ${campusId} AND retired_at IS NULL`,
  );

const eventExists = (id: string) => sql`EXISTS (SELECT 1 FROM events WHERE id = ${id})`;

/** The audit line of an event's change, written only where `guard` holds. */
function auditLine(actor: Member, action: string, id: string, note: string, now: number, guard: Sql): Sql {
  return audit(
    {
      campusId: actor.campusId,
      actorId: actor.id,
      action,
      subjectKind: "event",
      subjectId: id,
      studentId: null,
      note,
      at: now,
    },
    guard,
  );
}

/** Everyone going or waiting: who a change or a cancellation is told to. */
const attendeesOf = (id: string) => sql`SELECT user_id FROM event_attendees WHERE event_id = ${id}`;

/**
 * Publish an event (`POST /api/events`, /events/new): the lead of its club or the campus admin, in
 * one batch with the condition that they still are: the event, its audit line and a notice to the
 * club's followers.
 */
export async function publishEvent(
  env: Env,
  actor: Actor,
  input: EventInput,
  now = Date.now(),
  posterKey: string | null = null,
): Promise<EventView> {
  requireMayAct(actor, "publish an event");
  checkTimes(input.startsAt, input.endsAt, input.signupClosesAt, now, true);
  const clubId = input.clubId;
  const [club, place, admin, leads] = await batch(env, [
    select(
      { id: k.id, name: k.name },
      sql`FROM ${k} WHERE ${k.id} = ${clubId ?? ""} AND ${k.campus_id} = ${actor.campusId}`,
    ),
    placeOf(input.placeId, actor.campusId),
    ...powersReads(actor, now),
  ]);
  if (clubId !== null && !club.rows[0]) throw new ApiError(404, M.noSuchClub, { field: "clubId" });
  if (!mayPublish(powersFrom(admin, leads), clubId)) throw publishRefusal(clubId);
  if (input.placeId !== null && !place.rows[0]) throw new ApiError(400, M.noSuchPlace, { field: "placeId" });
  await limitPosting(env, actor.id);
  const id = crypto.randomUUID();
  const made = eventExists(id);
  const clubName = club.rows[0]?.name ?? null;
  const [inserted] = await batch(env, [
    sql`INSERT INTO events (id, campus_id, club_id, created_by, title, description, category, starts_at, ends_at,
        place_id, place_text, poster_key, capacity, signup_closes_at, open_to_visitors, status, created_at, updated_at)
      SELECT ${id}, ${actor.campusId}, ${clubId}, ${actor.id}, ${input.title}, ${input.description ?? ""}, ${input.category},
        ${input.startsAt}, ${input.endsAt}, ${input.placeId}, ${input.placeText ?? ""}, ${posterKey}, ${input.capacity},
        ${input.signupClosesAt}, ${input.openToVisitors ? 1 : 0}, 'published', ${now}, ${now}
      WHERE ${publisherGuard(actor.id, actor.campusId, clubId, now)}`,
    auditLine(actor, "event.publish", id, input.title, now, made),
    ...(clubId !== null && clubName !== null
      ? [
          notices(
            sql`SELECT user_id FROM club_follows WHERE club_id = ${clubId} AND user_id <> ${actor.id}`,
            {
              kind: "club.event",
              ...EVENT_NOTICES.newEvent(clubName, input.title, eventWhen(input.startsAt)),
              link: `/events/${id}`,
              at: now,
            },
            made,
          ),
        ]
      : []),
  ]);
  if (inserted.changes !== 1) throw publishRefusal(clubId);
  const read = await readEvent(env, actor, id, now);
  if (!read.visible) throw new ApiError(404, M.noSuchEvent);
  return read.event;
}

/** The event as its editor must find it: of their college, with their power over it. */
async function editable(env: Env, actor: Actor, id: string, now: number) {
  const [rows, admin, leads] = await batch(env, [
    select(
      {
        clubId: e.club_id,
        title: e.title,
        status: e.status,
        startsAt: e.starts_at,
        endsAt: e.ends_at,
        placeId: e.place_id,
        placeText: e.place_text,
        placeName: textOrNull(sql`${p.name}`),
        capacity: e.capacity,
        signupClosesAt: e.signup_closes_at,
        posterKey: e.poster_key,
      },
      sql`FROM ${e} LEFT JOIN ${p} ON ${p.id} = ${e.place_id} WHERE ${e.id} = ${id} AND ${e.campus_id} = ${actor.campusId}`,
    ),
    ...powersReads(actor, now),
  ]);
  const row = rows.rows[0];
  if (!row) throw new ApiError(404, M.noSuchEvent);
  if (!mayPublish(powersFrom(admin, leads), row.clubId)) throw publishRefusal(row.clubId);
  if (row.status === "cancelled") throw new ApiError(409, M.alreadyCancelled);
  return row;
}

/**
 * Change an event (`PATCH /api/events/:id`, the edit form): one batch with the change (only while the
 * editor still may and it is not cancelled), the waiting list moved up into any places a larger
 * capacity made, the audit line, and a notice to everyone going or waiting.
 */
export async function editEvent(
  env: Env,
  actor: Actor,
  id: string,
  patch: EventPatch,
  now = Date.now(),
  posterKey?: string,
): Promise<EventView> {
  requireMayAct(actor, "change an event");
  const given = Object.entries(patch).filter(([, value]) => value !== undefined);
  if (given.length === 0 && posterKey === undefined) throw new ApiError(400, M.nothingToChange);
  const row = await editable(env, actor, id, now);
  const startsAt = patch.startsAt ?? row.startsAt;
  const endsAt = patch.endsAt ?? row.endsAt;
  const closesAt = patch.signupClosesAt !== undefined ? patch.signupClosesAt : row.signupClosesAt;
  checkTimes(startsAt, endsAt, closesAt, now, patch.startsAt !== undefined);
  let placeName = row.placeName ?? row.placeText;
  if (patch.placeId !== undefined && patch.placeId !== null) {
    const [place] = await batch(env, [
      select(
        { name: meetupPlaces.name },
        sql`FROM ${meetupPlaces} WHERE id = ${patch.placeId} AND campus_id = ${actor.campusId} AND retired_at IS NULL`,
      ),
    ]);
    if (!place.rows[0]) throw new ApiError(400, M.noSuchPlace, { field: "placeId" });
    placeName = place.rows[0].name;
  } else if (patch.placeId === null || patch.placeText !== undefined) {
    placeName = patch.placeText ?? (patch.placeId === null ? "" : placeName);
  }
  await limitPosting(env, actor.id);
  const set: Sql[] = [sql`updated_at = ${now}`];
  if (patch.title !== undefined) set.push(sql`title = ${patch.title}`);
  if (patch.description !== undefined) set.push(sql`description = ${patch.description ?? ""}`);
  if (patch.category !== undefined) set.push(sql`category = ${patch.category}`);
  if (patch.startsAt !== undefined) set.push(sql`starts_at = ${patch.startsAt}`);
  if (patch.endsAt !== undefined) set.push(sql`ends_at = ${patch.endsAt}`);
  if (patch.placeId !== undefined) set.push(sql`place_id = ${patch.placeId}`);
  if (patch.placeText !== undefined) set.push(sql`place_text = ${patch.placeText ?? ""}`);
  if (patch.capacity !== undefined) set.push(sql`capacity = ${patch.capacity}`);
  if (patch.signupClosesAt !== undefined) set.push(sql`signup_closes_at = ${patch.signupClosesAt}`);
  if (patch.openToVisitors !== undefined) set.push(sql`open_to_visitors = ${patch.openToVisitors ? 1 : 0}`);
  if (posterKey !== undefined) set.push(sql`poster_key = ${posterKey}`);
  const token = crypto.randomUUID();
  const changed = sql`EXISTS (SELECT 1 FROM events WHERE id = ${id} AND updated_at = ${now} AND status = 'published')`;
  const title = patch.title ?? row.title;
  const [updated] = await batch(env, [
    sql`UPDATE events SET ${sql.join(set)} WHERE id = ${id} AND campus_id = ${actor.campusId} AND status = 'published'
      AND ${publisherGuard(actor.id, actor.campusId, row.clubId, now)}`,
    fillPlaces(id, token, now),
    movedUpNotices(id, title, token, now),
    auditLine(actor, "event.edit", id, given.map(([name]) => name).join(", "), now, changed),
    notices(
      sql`${attendeesOf(id)} AND user_id <> ${actor.id} AND (moved_up_by IS NULL OR moved_up_by <> ${token})`,
      {
        kind: "event.changed",
        ...EVENT_NOTICES.changed(title, eventWhen(startsAt), placeName),
        link: `/events/${id}`,
        at: now,
      },
      changed,
    ),
  ]);
  if (updated.changes !== 1) throw publishRefusal(row.clubId);
  // A new poster replaces the old one, which nothing refers to any more.
  if (posterKey !== undefined && row.posterKey) await env.FILES.delete(row.posterKey);
  const read = await readEvent(env, actor, id, now);
  if (!read.visible) throw new ApiError(404, M.noSuchEvent);
  return read.event;
}

/**
 * Cancel an event (`DELETE /api/events/:id`, the edit page's button): it stays, marked cancelled, so
 * those going see what became of it; one batch with the audit line and a notice to each of them.
 */
export async function cancelEvent(env: Env, actor: Actor, id: string, now = Date.now()): Promise<void> {
  requireMayAct(actor, "cancel an event");
  const row = await editable(env, actor, id, now);
  await limitPosting(env, actor.id);
  const done = sql`EXISTS (SELECT 1 FROM events WHERE id = ${id} AND status = 'cancelled' AND updated_at = ${now})`;
  const [cancelled] = await batch(env, [
    sql`UPDATE events SET status = 'cancelled', updated_at = ${now}
      WHERE id = ${id} AND campus_id = ${actor.campusId} AND status = 'published'
        AND ${publisherGuard(actor.id, actor.campusId, row.clubId, now)}`,
    auditLine(actor, "event.cancel", id, row.title, now, done),
    notices(
      sql`${attendeesOf(id)} AND user_id <> ${actor.id}`,
      { kind: "event.cancelled", ...EVENT_NOTICES.cancelled(row.title), link: `/events/${id}`, at: now },
      done,
    ),
  ]);
  if (cancelled.changes !== 1) throw new ApiError(409, M.alreadyCancelled);
}

/** The poster's R2 key of an event the reader may see, or null. */
export async function posterKeyOf(env: Env, reader: Member | null, id: string): Promise<string | null> {
  const [rows] = await batch(env, [
    select(
      { key: e.poster_key },
      sql`FROM ${e} WHERE ${e.id} = ${id} AND (${e.open_to_visitors} = 1 OR ${e.campus_id} = ${reader?.campusId ?? ""})`,
    ),
  ]);
  return rows.rows[0]?.key ?? null;
}

export interface PublishChoices {
  /** The clubs the reader may publish for (all of the college's for its admin). */
  clubs: { id: string; name: string }[];
  /** The campus admin may also publish the college's own events (no club). */
  college: boolean;
  /** The college's meet-up places, for the place. */
  places: { id: string; name: string }[];
}

/** What the publish and edit forms offer the reader, in one batch. */
export async function publishChoices(env: Env, member: Member, now = Date.now()): Promise<PublishChoices> {
  const [clubRows, places, admin, leads] = await batch(env, [
    select({ id: k.id, name: k.name }, sql`FROM ${k} WHERE ${k.campus_id} = ${member.campusId} ORDER BY ${k.name}`),
    select(
      { id: p.id, name: p.name },
      sql`FROM ${p} WHERE ${p.campus_id} = ${member.campusId} AND ${p.retired_at} IS NULL ORDER BY ${p.name}`,
    ),
    ...powersReads(member, now),
  ]);
  const powers = powersFrom(admin, leads);
  return {
    clubs: clubRows.rows.filter((club) => mayPublish(powers, club.id)),
    college: powers.admin,
    places: places.rows,
  };
}
