import { Link } from "react-router";
import { EVENT_CATEGORY_LABELS, type EventView, eventWhen } from "#common/events.ts";

// One event in a list (/events, a club's page, Today): what, when, where, and where the reader stands.
export function EventCard({ event }: { event: EventView }) {
  const places = event.capacity === null ? `${event.going} going` : `${event.going} of ${event.capacity} places taken`;
  return (
    <li className="card flex flex-col gap-1 p-4">
      <Link
        to={`/events/${event.id}`}
        className="font-semibold text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
      >
        {event.title}
      </Link>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {eventWhen(event.startsAt)}
        {event.place ? ` · ${event.place}` : ""}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {[EVENT_CATEGORY_LABELS[event.category], event.club?.name, places].filter(Boolean).join(" · ")}
      </p>
      {event.status === "cancelled" ? (
        <p className="text-sm font-semibold text-red-700 dark:text-red-300">Cancelled</p>
      ) : event.mine ? (
        <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-300">
          {event.mine.state === "going" ? "You are going" : `Waiting list: number ${event.mine.line ?? 1}`}
        </p>
      ) : null}
    </li>
  );
}
