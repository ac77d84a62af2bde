// One JSON line per request and one per unexpected error, so `wrangler tail --format json` can be
// filtered by reqId, path or status. Never pass secrets, passwords or tokens in here.

export interface RequestLog {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  userId?: string;
}

export function logRequest(entry: RequestLog): void {
  const level = entry.status >= 500 ? "error" : entry.status >= 400 ? "warn" : "info";
  console.log(JSON.stringify({ ts: new Date().toISOString(), level, msg: "request", ...entry }));
}

export function logError(reqId: string, error: unknown, context: Record<string, unknown> = {}): void {
  const err = error instanceof Error ? error : new Error(String(error));
  console.error(
    JSON.stringify({
      ts: new Date().toISOString(),
      level: "error",
      msg: "unhandled error",
      reqId,
      error: err.message,
      stack: err.stack,
      ...context,
    }),
  );
}

export function logWarning(msg: string, context: Record<string, unknown> = {}): void {
  console.warn(JSON.stringify({ ts: new Date().toISOString(), level: "warn", msg, ...context }));
}
