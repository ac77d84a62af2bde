import { select, sql } from "#server/db/sql.ts";
import { clubFollows, clubLeads, eventAttendees, events } from "#server/db/tables.generated.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// Events and clubs (docs/decisions/0130-the-waiting-list.md): the events a student is going to or
// waits for, the clubs they follow and lead, and the events they published for a club.

export const EVENTS_DATA = {
  event_attendees: placed({
    onDelete: "deleted",
    why: "Going and waiting end with the account; a place the student held is given to the first student waiting, as when anyone drops out.",
    exports: [
      exportAt("events.going", ({ userId }) =>
        select(
          {
            eventId: eventAttendees.event_id,
            state: eventAttendees.state,
            joinedAt: eventAttendees.joined_at,
          },
          sql`FROM ${eventAttendees} WHERE ${eventAttendees.user_id} = ${userId} ORDER BY ${eventAttendees.joined_at} DESC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId, now }) => [
        // The first waiting student of each event whose place this frees moves up (one per event),
        // then the student's rows go.
        statement(
          (guard) => sql`UPDATE event_attendees SET state = 'going', moved_up_by = ${`account-${userId}`}
            WHERE state = 'waiting'
              AND event_id IN (SELECT event_id FROM event_attendees WHERE user_id = ${userId} AND state = 'going')
              AND position = (SELECT MIN(w.position) FROM event_attendees w WHERE w.event_id = event_attendees.event_id AND w.state = 'waiting')
              AND EXISTS (SELECT 1 FROM events e WHERE e.id = event_attendees.event_id AND e.status = 'published' AND e.starts_at > ${now}
                AND e.capacity IS NOT NULL
                AND (SELECT COUNT(*) FROM event_attendees g WHERE g.event_id = e.id AND g.state = 'going') <= e.capacity)
            AND ${guard}`,
        ),
        statement((guard) => sql`DELETE FROM event_attendees WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  club_follows: placed({
    onDelete: "deleted",
    exports: [
      exportAt("events.clubsFollowed", ({ userId }) =>
        select(
          { clubId: clubFollows.club_id, since: clubFollows.created_at },
          sql`FROM ${clubFollows} WHERE ${clubFollows.user_id} = ${userId}`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM club_follows WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  club_leads: placed({
    onDelete: "deleted",
    why: "The student's own club leads end with the account. One they named as campus admin stays (it is that person's), with granted_by emptied; the grant stays in the audit log by id.",
    exports: [
      exportAt("events.clubsLed", ({ userId }) =>
        select(
          { clubId: clubLeads.club_id, since: clubLeads.granted_at },
          sql`FROM ${clubLeads} WHERE ${clubLeads.user_id} = ${userId}`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM club_leads WHERE user_id = ${userId} AND ${guard}`),
        statement((guard) => sql`UPDATE club_leads SET granted_by = NULL WHERE granted_by = ${userId} AND ${guard}`),
      ],
    },
  }),
  events: placed({
    onDelete: "kept-anonymised",
    why: "An event the student published belongs to its club and college (others are going to it): it stays, with no author (created_by NULL).",
    exports: [
      exportAt("events.published", ({ userId }) =>
        select(
          {
            id: events.id,
            title: events.title,
            startsAt: events.starts_at,
            status: events.status,
            createdAt: events.created_at,
          },
          sql`FROM ${events} WHERE ${events.created_by} = ${userId} ORDER BY ${events.created_at} DESC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`UPDATE events SET created_by = NULL WHERE created_by = ${userId} AND ${guard}`),
      ],
    },
  }),
};
