import { type AttendeeState, EVENT_MESSAGES as M, EVENT_NOTICES } from "#common/events.ts";
import { batch, first, int, returning, select, type Sql, sql, text } from "#server/db/sql.ts";
import { eventAttendees, events } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { notices } from "#server/services/staff.ts";
import { type Actor, limitEventWrite, type Member } from "#server/services/events/common.ts";

// Saying "going", and the waiting list (docs/decisions/0130-the-waiting-list.md). One table holds
// both; `position` is the order of arrival, taken inside the INSERT, and the waiting list's order.
// Every change that frees or adds places (a drop-out, a larger capacity) runs fillPlaces in its own
// batch, so the first waiting students move up exactly once, by the write that freed the place.

/**
 * Moves the first waiting students up into the free places of `eventId`, in order: as many as the
 * capacity leaves (all of them when there is none), none once the event is cancelled or has started.
 * `token` marks the rows this statement moved, for their notice (movedUpNotices).
 */
export function fillPlaces(eventId: string, token: string, now: number): Sql {
  // LIMIT -1 is no limit in SQLite; MAX(0, ...) keeps a lowered capacity from meaning "no limit".
  return sql`UPDATE event_attendees SET state = 'going', moved_up_by = ${token}
    WHERE event_id = ${eventId} AND state = 'waiting' AND position IN (
      SELECT position FROM event_attendees WHERE event_id = ${eventId} AND state = 'waiting' ORDER BY position
      LIMIT (SELECT CASE WHEN e.status <> 'published' OR e.starts_at <= ${now} THEN 0
                         WHEN e.capacity IS NULL THEN -1
                         ELSE MAX(0, e.capacity - (SELECT COUNT(*) FROM event_attendees g WHERE g.event_id = ${eventId} AND g.state = 'going')) END
             FROM events e WHERE e.id = ${eventId}))`;
}

/** The notice to each student fillPlaces moved up with `token`. */
export function movedUpNotices(eventId: string, title: string, token: string, now: number): Sql {
  return notices(sql`SELECT user_id FROM event_attendees WHERE event_id = ${eventId} AND moved_up_by = ${token}`, {
    kind: "event.moved_up",
    ...EVENT_NOTICES.movedUp(title),
    link: `/events/${eventId}`,
    at: now,
  });
}

export interface GoingResult {
  state: AttendeeState;
  /** On the waiting list: their place in it (1 = next). */
  line: number | null;
}

const lineOf = (eventId: string, userId: string) =>
  select(
    {
      state: text(sql`a.state`),
      line: int(
        sql`(SELECT COUNT(*) FROM event_attendees w WHERE w.event_id = a.event_id AND w.state = 'waiting' AND w.position <= a.position)`,
      ),
    },
    sql`FROM event_attendees a WHERE a.event_id = ${eventId} AND a.user_id = ${userId}`,
  );

/**
 * `PUT /api/events/:id/going` and the event page's button: one INSERT that decides going or waiting
 * from the places taken when it runs (so two students on the last place cannot both have it) and
 * takes the next position. Saying it again changes nothing and answers where one stands.
 */
export async function goTo(env: Env, actor: Actor, eventId: string, now = Date.now()): Promise<GoingResult> {
  requireMayAct(actor, M.verifyToGo);
  await limitEventWrite(env, actor.id);
  const a = eventAttendees;
  const [inserted, stand, event] = await batch(env, [
    sql`INSERT INTO ${a} (event_id, user_id, state, position, joined_at)
      SELECT e.id, ${actor.id},
        CASE WHEN e.capacity IS NULL OR (SELECT COUNT(*) FROM event_attendees g WHERE g.event_id = e.id AND g.state = 'going') < e.capacity
             THEN 'going' ELSE 'waiting' END,
        (SELECT COALESCE(MAX(position), 0) + 1 FROM event_attendees p WHERE p.event_id = e.id), ${now}
      FROM events e WHERE e.id = ${eventId} AND e.campus_id = ${actor.campusId} AND e.status = 'published'
        AND e.starts_at > ${now} AND (e.signup_closes_at IS NULL OR e.signup_closes_at > ${now})
      ON CONFLICT (event_id, user_id) DO NOTHING`,
    lineOf(eventId, actor.id),
    select(
      { status: events.status, startsAt: events.starts_at, closesAt: events.signup_closes_at },
      sql`FROM ${events} WHERE id = ${eventId} AND campus_id = ${actor.campusId}`,
    ),
  ]);
  const mine = stand.rows[0];
  if (mine) {
    const state: AttendeeState = mine.state === "going" ? "going" : "waiting";
    return { state, line: state === "waiting" ? mine.line : null };
  }
  void inserted;
  const found = event.rows[0];
  if (!found) throw new ApiError(404, M.noSuchEvent);
  if (found.status === "cancelled") throw new ApiError(409, M.eventCancelled);
  if (found.startsAt <= now) throw new ApiError(409, M.eventOver);
  throw new ApiError(409, M.signupClosed);
}

/**
 * `DELETE /api/events/:id/going`: one batch that removes the student and moves the first waiting
 * student up into the place (with their notice), so a drop-out frees a place exactly once.
 */
export async function leave(
  env: Env,
  member: Member,
  eventId: string,
  now = Date.now(),
): Promise<{ was: AttendeeState }> {
  await limitEventWrite(env, member.id);
  const token = crypto.randomUUID();
  const title = await first(
    env,
    select({ title: events.title }, sql`FROM ${events} WHERE id = ${eventId} AND campus_id = ${member.campusId}`),
  );
  if (!title) throw new ApiError(404, M.noSuchEvent);
  const [removed] = await batch(env, [
    returning(
      sql`DELETE FROM event_attendees WHERE event_id = ${eventId} AND user_id = ${member.id}
        AND event_id IN (SELECT id FROM events WHERE campus_id = ${member.campusId})`,
      { state: eventAttendees.state },
    ),
    fillPlaces(eventId, token, now),
    movedUpNotices(eventId, title.title, token, now),
  ]);
  const was = removed.rows[0];
  if (!was) throw new ApiError(404, M.notGoing);
  return { was: was.state };
}
