import href from "#app/app.css?url";

// A page's HTML inlines only the rules of the stylesheet that its own markup uses (decision 0140).
// Once the page runs, the whole stylesheet follows as a file (cached for a year, and kept by the
// service worker), so that what the next screen or an opened dialog shows is styled: the root
// loads it after hydration, and every client navigation waits for it (root.tsx, clientMiddleware).

let loading: Promise<void> | null = null;

/** How long a navigation waits for the stylesheet at most: a network that lost it must not hold the app. */
const MOST_WAIT_MS = 4_000;

/** The whole stylesheet, in the page once; resolves when it is applied (or could not be had). Browser only. */
export function fullStylesheet(): Promise<void> {
  loading ??= new Promise<void>((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      // Asked again by the next navigation (offline now, back online then).
      link.remove();
      loading = null;
      resolve();
    };
    document.head.appendChild(link);
    setTimeout(resolve, MOST_WAIT_MS);
  });
  return loading;
}
