import { eventWhen } from "#common/events.ts";
import { eventPreviewForVisitor } from "#common/share.ts";
import { card, type Meta } from "#app/lib/share-meta.ts";
import type { EventRead } from "#server/services/events/events.ts";

// An event page's Open Graph preview (docs/decisions/0131-sharing-without-leaking.md).

/** An event page's meta: the event (when the reader may see it), or only its college. */
export function eventMeta(read: EventRead, url: string): Meta[] {
  if (!read.visible)
    return card(`An event at ${read.campusName}`, eventPreviewForVisitor(read.campusName), url, null, false);
  const { event } = read;
  const description = [eventWhen(event.startsAt), event.place, event.description.slice(0, 150)]
    .filter(Boolean)
    .join(" · ");
  const image = event.hasPoster ? `${new URL(url).origin}/api/events/${event.id}/poster` : null;
  return card(event.title, description, url, image, event.openToVisitors);
}
