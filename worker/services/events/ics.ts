import ical, { type ICalCalendar, ICalEventStatus } from "ical-generator";
import type { EventView } from "#common/events.ts";
import { type Query, select, sql, text, textOrNull } from "#server/db/sql.ts";
import { clubs, eventAttendees, events, meetupPlaces } from "#server/db/tables.generated.ts";
import { configOf } from "#server/lib/config.ts";

// An event as iCalendar: its own .ics (the event page's "Add to calendar"), and the events a student
// is going to in their private calendar feed (worker/services/calendar/feed.ts). One id per event,
// so a changed or cancelled event updates the copy a calendar already holds.

export interface IcsEvent {
  id: string;
  title: string;
  description: string;
  startsAt: number;
  endsAt: number;
  place: string;
  status: EventView["status"];
  clubName: string | null;
}

/** Adds the event to a calendar, linked to its page at `origin`. */
export function addEvent(calendar: ICalCalendar, event: IcsEvent, origin: string): void {
  calendar.createEvent({
    id: `event-${event.id}@campus`,
    start: new Date(event.startsAt),
    end: new Date(event.endsAt),
    summary: event.status === "cancelled" ? `Cancelled: ${event.title}` : event.title,
    description: [event.clubName ?? "", event.description].filter(Boolean).join("\n"),
    ...(event.place ? { location: event.place } : {}),
    status: event.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    url: `${origin}/events/${event.id}`,
  });
}

/** One event's .ics file. */
export function eventIcs(env: Env, event: EventView): string {
  const config = configOf(env);
  const calendar = ical({ name: event.title, prodId: { company: "Campus", product: "Campus events", language: "EN" } });
  addEvent(calendar, { ...event, clubName: event.club?.name ?? null }, config.origin ?? config.appUrl);
  return calendar.toString();
}

/** The events a student is going to (not the waiting list) that end after `from`: the feed's rows. */
export function goingEvents(userId: string, from: number): Query<IcsEvent> {
  const a = eventAttendees.as("a");
  const e = events.as("e");
  return select(
    {
      id: e.id,
      title: e.title,
      description: e.description,
      startsAt: e.starts_at,
      endsAt: e.ends_at,
      place: text(sql`COALESCE((SELECT name FROM ${meetupPlaces} WHERE id = ${e.place_id}), ${e.place_text})`),
      status: e.status,
      clubName: textOrNull(sql`(SELECT name FROM ${clubs} WHERE id = ${e.club_id})`),
    },
    sql`FROM ${a} JOIN ${e} ON ${e.id} = ${a.event_id}
      WHERE ${a.user_id} = ${userId} AND ${a.state} = 'going' AND ${e.ends_at} > ${from}`,
  );
}
