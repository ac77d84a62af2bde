import { lazyReady } from "#app/lib/lazy-ready.ts";

/**
 * The verify banner (app/components/VerifyBanner.tsx) with its code field, as a file of its own: only
 * an unverified college account sees it, so no other student's first load carries it. The server
 * still renders it in the page (lazyReady), so its form works before the script arrives.
 */
export const verifyBanner = lazyReady(() => import("#app/components/VerifyBanner.tsx").then((m) => m.VerifyBanner));
export const VerifyBanner = verifyBanner.Component;
