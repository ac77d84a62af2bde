import { lazyReady } from "#app/lib/lazy-ready.ts";

// The share button (./Share.tsx) as a file of its own, fetched on the page's first render rather than
// with its script: a page near its first-load JavaScript budget (/product/:id) pays nothing for it
// (docs/decisions/0131-sharing-without-leaking.md).
export const share = lazyReady(() => import("#app/components/share/Share.tsx").then((m) => m.Share));
export const LazyShare = share.Component;
