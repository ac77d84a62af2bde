// One JSON line per request and one per unexpected error, so `wrangler tail --format json` can be
// filtered by reqId, path or status. Never pass secrets, passwords or tokens in here.

export interface RequestLog {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  userId?: string;
  /** What the request asked of D1 (worker/lib/d1-session.ts); absent when it made no query. */
  d1?: { session: string; queries: number; rowsRead: number; rowsWritten: number; ms: number; replica?: boolean };
  /** The edge cache's answer to each public read of an anonymous request (worker/lib/edge-cache.ts). */
  cache?: Record<string, "hit" | "stale" | "miss">;
}

export function logRequest(entry: RequestLog): void {
  const level = entry.status >= 500 ? "error" : entry.status >= 400 ? "warn" : "info";
  console.log(JSON.stringify({ ts: new Date().toISOString(), level, msg: "request", ...entry }));
}

// A query error that quotes its bound parameters ("params: ...", as drizzle's did before the typed
// data layer, decision 0122) could hold a password hash, a token or what a user typed: such a line
// never reaches the logs, whichever layer writes it.
function redact(text: string | undefined): string | undefined {
  return text?.replace(/\nparams: [^\n]*/g, "\nparams: [redacted]");
}

export function logError(reqId: string, error: unknown, context: Record<string, unknown> = {}): void {
  const err = error instanceof Error ? error : new Error(String(error));
  const cause =
    err.cause instanceof Error ? err.cause.message : err.cause === undefined ? undefined : String(err.cause);
  console.error(
    JSON.stringify({
      ts: new Date().toISOString(),
      level: "error",
      msg: "unhandled error",
      reqId,
      error: redact(err.message),
      ...(cause !== undefined && { cause: redact(cause) }),
      stack: redact(err.stack),
      ...context,
    }),
  );
}

export function logWarning(msg: string, context: Record<string, unknown> = {}): void {
  console.warn(JSON.stringify({ ts: new Date().toISOString(), level: "warn", msg, ...context }));
}
