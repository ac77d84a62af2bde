import type { RouterContextProvider } from "react-router";
import { rateLimitAddress } from "#server/lib/client-address.ts";
import { cloudflareContext } from "#server/lib/router-context.ts";
import type { Caller } from "#server/services/caller.ts";

/** A page's request as a use-case's caller (worker/services/caller.ts), as the API's door makes it. */
export function callerOf(context: Readonly<RouterContextProvider>, request: Request): Caller {
  const { ctx, state } = context.get(cloudflareContext);
  return {
    clientAddress: rateLimitAddress(request.headers.get("CF-Connecting-IP")),
    userAgent: request.headers.get("User-Agent"),
    later: (work) => ctx.waitUntil(work),
    reqId: state.reqId,
  };
}
