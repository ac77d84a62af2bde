import { ACCOUNT_FORM_LIMIT, type BodyLimitHandle } from "#common/body-limits.ts";
import { redirect } from "react-router";
import { endSession } from "#server/services/auth/sign-in.ts";
import { clearedSessionCookie } from "#server/lib/session-token.ts";
import { envOf, getSession } from "#app/lib/session.server.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import type { Route } from "./+types/logout";

// Signing out changes state, so it is a POST; a GET (a prefetch, a typed URL) changes nothing.
// The largest body this page's forms may send (the Worker entry enforces it: common/body-limits.ts).
export const handle: BodyLimitHandle = { bodyLimit: ACCOUNT_FORM_LIMIT };

export async function loader() {
  return redirect("/dashboard");
}

export async function action({ context }: Route.ActionArgs) {
  const session = await getSession(context);
  if (session) await endSession(envOf(context), session.sessionId);
  return redirect("/login", { headers: { "Set-Cookie": clearedSessionCookie() } });
}

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);
