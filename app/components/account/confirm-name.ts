import { lazyReady } from "#app/lib/lazy-ready.ts";

/**
 * "Is this your name?" (app/components/account/ConfirmName.tsx) as a file of its own: only a claimed
 * account whose name is still the earlier holder's sees it (decision 0095). The server still renders
 * it in the page (lazyReady), so its form works before the script arrives.
 */
export const confirmName = lazyReady(() =>
  import("#app/components/account/ConfirmName.tsx").then((m) => m.ConfirmName),
);
export const ConfirmName = confirmName.Component;
