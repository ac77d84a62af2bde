import { EVENT_MESSAGES as M, eventWhen } from "#common/events.ts";
import type { EventRead } from "#server/services/events/events.ts";

// What a page tells a chat app that draws a preview of its link (Open Graph), without anything
// members-only for a visitor (docs/decisions/0131-sharing-without-leaking.md): a members-only event
// or listing a visitor opens says only its college and "sign in to see"; an event open to visitors
// shows its title, time, place and poster. Members' own pages are kept out of search engines.

type Meta = { title: string } | { name: string; content: string } | { property: string; content: string };

function card(title: string, description: string, url: string, image: string | null, index: boolean): Meta[] {
  return [
    { title: `${title} · Campus` },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Campus" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    ...(index ? [] : [{ name: "robots", content: "noindex" }]),
  ];
}

/** An event page's meta: the event (when the reader may see it), or only its college. */
export function eventMeta(read: EventRead, url: string): Meta[] {
  if (!read.visible) return card(`An event at ${read.campusName}`, M.visitorPreview(read.campusName), url, null, false);
  const { event } = read;
  const description = [eventWhen(event.startsAt), event.place, event.description.slice(0, 150)].filter(Boolean).join(" · ");
  const image = event.hasPoster ? `${new URL(url).origin}/api/events/${event.id}/poster` : null;
  return card(event.title, description, url, image, event.openToVisitors);
}

/** A listing's page seen by someone it is not shown to: only its college and "sign in to see". */
export function listingElsewhereMeta(college: string, url: string): Meta[] {
  return card(`A listing at ${college}`, M.visitorListingPreview(college), url, null, false);
}
