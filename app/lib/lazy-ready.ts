import { lazy, type ComponentType } from "react";

/**
 * A component kept out of a page's first-load script (React.lazy), that the server still renders in
 * the page's HTML, so it works without JavaScript: the loader awaits `ready()` when the page will
 * show it, and the server's render then finds it loaded (a thenable answered at once does not
 * suspend, where a settled promise would). Render it with no <Suspense> around it: React's
 * streaming may move a boundary's content behind a script even when it is ready, and without
 * JavaScript it would stay hidden. In the browser it loads on first render and hydration waits for
 * it (one more small file); the server's HTML stays on the screen meanwhile.
 */
export function lazyReady<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const ready = async () => (loaded ??= await load());
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
