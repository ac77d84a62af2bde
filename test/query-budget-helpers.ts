// Reads what each request asked of D1 from its request log line (worker/lib/d1-session.ts counts it;
// worker/index.ts logs it): the same figure `wrangler tail` shows an admin.
import { vi } from "vitest";
import type { RequestLog } from "#server/lib/log.ts";

export interface Usage {
  queries: number;
  rowsRead: number;
  rowsWritten: number;
  session: string | null;
  /** The time the request waited on D1, and its whole time in the Worker. */
  d1Ms: number | null;
  ms: number;
}

/** Captures the request log lines from now on; `usageOf(response)` finds a response's line by its request id. */
export function captureRequestLogs(): {
  usageOf: (res: Response) => Usage;
  cacheOf: (res: Response) => RequestLog["cache"] | null;
  stop: () => void;
} {
  const lines = new Map<string, RequestLog>();
  const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => {
    if (typeof line !== "string" || !line.startsWith("{")) return;
    const entry = JSON.parse(line) as RequestLog & { msg?: string };
    if (entry.msg === "request") lines.set(entry.reqId, entry);
  });
  const lineOf = (res: Response): RequestLog => {
    const reqId = res.headers.get("X-Request-Id");
    const entry = reqId ? lines.get(reqId) : undefined;
    if (!entry) throw new Error(`no request log line for ${reqId ?? "a response without X-Request-Id"}`);
    return entry;
  };
  return {
    cacheOf: (res: Response) => lineOf(res).cache ?? null,
    usageOf(res: Response): Usage {
      const entry = lineOf(res);
      return {
        queries: entry.d1?.queries ?? 0,
        rowsRead: entry.d1?.rowsRead ?? 0,
        rowsWritten: entry.d1?.rowsWritten ?? 0,
        session: entry.d1?.session ?? null,
        d1Ms: entry.d1?.ms ?? null,
        ms: entry.ms,
      };
    },
    stop: () => spy.mockRestore(),
  };
}
