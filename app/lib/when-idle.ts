/**
 * Runs `work` once the browser is idle, and at most `timeoutMs` later (Safari has no
 * requestIdleCallback: a short timer there). Returns the cancel, for an effect's clean-up. What a
 * page can fetch after its first screen (decision 0142) waits for it this way.
 */
export function whenIdle(work: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 200);
  return () => window.clearTimeout(handle);
}
