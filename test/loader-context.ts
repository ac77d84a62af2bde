import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { openSessionCell } from "#app/lib/session.server.ts";
import { cloudflareContext } from "#server/lib/router-context.ts";

/**
 * What the front door gives a page's loader, for calling one loader alone: the context with the
 * environment (`db` in place of D1, e.g. a counting one), and the request's session cell as the root
 * route's middleware opens it.
 */
export function loaderContext(request: Request, db: D1Database = env.DB): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, {
    env: { ...env, DB: db },
    ctx: { waitUntil() {} },
    state: { reqId: "test", nonce: "", startedAt: Date.now() },
  });
  openSessionCell(context, request);
  return context;
}
