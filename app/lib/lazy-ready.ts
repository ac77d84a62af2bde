import { lazy, type ComponentType } from "react";

/**
 * A component kept out of a page's first-load script (React.lazy), that the server still renders in
 * the page's HTML, so it works without JavaScript. On the server it loads with its module, as a
 * static import would, so a page's render finds it loaded (a thenable answered at once does not
 * suspend, where a settled promise would); a loader may await `ready()` to be sure of it (a render
 * that came first would wait for it, outside any boundary, and still be whole). Render it with no
 * <Suspense> around it: React's streaming may move a boundary's content behind a script even when
 * it is ready, and without JavaScript it would stay hidden. In the browser it loads on first render
 * and hydration waits for it (one more small file); the server's HTML stays on the screen meanwhile.
 */
export function lazyReady<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const ready = async () => (loaded ??= await load());
  if (import.meta.env.SSR) ready().catch(() => undefined);
  const Component = lazy(
    () =>
      ({
        then(resolve: (module: { default: ComponentType<P> }) => void, reject: (error: unknown) => void) {
          if (loaded) resolve({ default: loaded });
          else ready().then((component) => resolve({ default: component }), reject);
        },
      }) as unknown as Promise<{ default: ComponentType<P> }>,
  );
  return { Component, ready };
}
