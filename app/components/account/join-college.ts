import { lazyReady } from "#app/lib/lazy-ready.ts";

/**
 * The dashboard's join-your-college card (app/components/account/JoinCollege.tsx) as a file of its
 * own: only a member of the Open community sees it. The server still renders it in the page
 * (lazyReady), so its form works before the script arrives.
 */
export const JoinCollege = lazyReady(() =>
  import("#app/components/account/JoinCollege.tsx").then((m) => m.JoinCollege),
).Component;
