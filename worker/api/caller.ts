import { rateLimitAddress } from "#server/lib/client-address.ts";
import type { AppContext } from "#server/api/context.ts";
import type { Caller } from "#server/services/caller.ts";

/** The API request as a use-case's caller (worker/services/caller.ts). */
export function callerOf(c: AppContext): Caller {
  return {
    clientAddress: rateLimitAddress(c.req.header("CF-Connecting-IP")),
    userAgent: c.req.header("User-Agent") ?? null,
    later: (work) => c.executionCtx.waitUntil(work),
    reqId: c.var.state.reqId,
  };
}
