import { listingPreviewElsewhere } from "#common/share.ts";

// What a page tells a chat app that draws a preview of its link (Open Graph), without anything
// members-only for a visitor (docs/decisions/0131-sharing-without-leaking.md): a members-only event
// a visitor opens, or a listing a member of another college opens, says only its college and "sign in to see"; an event open to visitors
// shows its title, time, place and poster. Members' own pages are kept out of search engines.

export type Meta = { title: string } | { name: string; content: string } | { property: string; content: string };

export function card(title: string, description: string, url: string, image: string | null, index: boolean): Meta[] {
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

/** A listing's page as its readers see it (a visitor sees any college's listings, not their contacts). */
export function listingMeta(title: string, description: string, url: string, image: string | null): Meta[] {
  return card(title, description, url, image, true);
}

/** A listing's page seen by someone it is not shown to: only its college and "sign in to see". */
export function listingElsewhereMeta(college: string, url: string): Meta[] {
  return card(`A listing at ${college}`, listingPreviewElsewhere(college), url, null, false);
}
