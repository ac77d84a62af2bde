import href from "#app/app.css?url";

// A page's HTML inlines only the rules of the stylesheet that its own markup uses (decision 0140).
// The whole stylesheet follows as a file (cached for a year, kept by the service worker), so that
// what the next screen or an opened dialog shows is styled: the page's loader script asks for it
// once the page has loaded (SERVICE_WORKER_LOADER; the root's effect in the dev server, which has
// no such script), and every client navigation waits for it (root.tsx, clientMiddleware).

/** The whole stylesheet's <link>, whoever adds it first. */
export const STYLESHEET_ID = "campus-stylesheet";
export const STYLESHEET_HREF = href;

let loading: Promise<void> | null = null;

/** How long a navigation waits for the stylesheet at most: a network that lost it must not hold the app. */
const MOST_WAIT_MS = 4_000;

/** The whole stylesheet, in the page once; resolves when it is applied (or could not be had). Browser only. */
export function fullStylesheet(): Promise<void> {
  loading ??= new Promise<void>((resolve) => {
    let link = document.getElementById(STYLESHEET_ID) as HTMLLinkElement | null;
    if (link?.sheet) return resolve();
    if (!link) {
      link = document.createElement("link");
      link.id = STYLESHEET_ID;
      link.rel = "stylesheet";
      link.href = href;
      document.head.appendChild(link);
    }
    const added = link;
    added.addEventListener("load", () => resolve());
    added.addEventListener("error", () => {
      // Asked again by the next navigation (offline now, back online then).
      added.remove();
      loading = null;
      resolve();
    });
    setTimeout(resolve, MOST_WAIT_MS);
  });
  return loading;
}
