import { envOf } from "#app/lib/session.server.ts";
import { calendarFor } from "#server/services/calendar/feed.ts";
import type { Route } from "./+types/calendar-feed";

// GET /calendar/<secret>.ics (docs/decisions/0090-calendar-feed.md): a student's private
// calendar, for a calendar app to subscribe to. No session: the secret in the link is the key, and
// an unknown, reset or stopped one is a 404 like any missing page. The request log leaves it out.
export async function loader({ context, params }: Route.LoaderArgs) {
  const body = await calendarFor(envOf(context), params.file ?? "");
  if (body === null)
    return new Response("There is no such calendar.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="campus.ics"',
      // Calendar apps poll it; a shared cache must never keep one student's calendar.
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });
}
