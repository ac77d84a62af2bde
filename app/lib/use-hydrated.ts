import { useEffect, useState } from "react";

// Set once the first page has hydrated: a part drawn on a later screen (a client navigation) is
// drawn at once, with nothing to match against the server's HTML.
let appHydrated = false;

/**
 * False in the server's HTML and in the render that hydrates it, true from the next render on: for
 * the parts that only work with JavaScript (a share button, a file picker's button) or that change
 * once it runs. An effect's state update, not `useSyncExternalStore` with a server snapshot: that
 * one re-renders synchronously inside the task that runs the hydration's effects, which made one of
 * the page's longest tasks longer (decision 0050, "Later: the hydration's longest tasks"); this one
 * is a render of its own, scheduled like any other.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(appHydrated);
  useEffect(() => {
    appHydrated = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the second render is the point: one of its own, after the hydration's
    setHydrated(true);
  }, []);
  return hydrated;
}
