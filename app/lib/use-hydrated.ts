import { useEffect, useState } from "react";

/**
 * False in the server's HTML and in the render that hydrates it, true from the next render on: for
 * the parts that only work with JavaScript (a share button, a file picker's button) or that change
 * once it runs. A part first drawn after the page hydrated (a client navigation) is drawn as the
 * browser's at once: the root marks the document once it has hydrated (app/root.tsx).
 *
 * An effect's state update, not `useSyncExternalStore` with a server snapshot: that one re-renders
 * synchronously inside the task that runs the hydration's effects, which made one of the page's
 * longest tasks longer (decision 0050, "Later: the hydration's longest tasks"); this one is a render
 * of its own, scheduled like any other.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(
    () => typeof document !== "undefined" && document.documentElement.dataset.hydrated === "true",
  );
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the second render is the point: one of its own, after the hydration's
    setHydrated(true);
  }, []);
  return hydrated;
}
