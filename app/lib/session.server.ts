import { redirect, type RouterContextProvider } from "react-router";
import { logError } from "#server/lib/log.ts";
import { currentSession, currentUser, type SessionUser } from "#server/services/auth.ts";
import { cloudflareContext } from "#server/lib/router-context.ts";
import type { CodeScope } from "#server/services/email-codes.ts";
import { documentPath, redirectCookie, safeRedirectPath } from "#app/lib/redirect.ts";

type LoaderContext = Readonly<RouterContextProvider>;

export function envOf(context: LoaderContext): Env {
  return context.get(cloudflareContext).env;
}

/**
 * A loader that shows the page without what it could not read still tells the logs why: one error
 * line with the request's id (so `wrangler tail` ties it to the request line) and the query's
 * parameters redacted, as every other error line.
 */
export function logLoaderFailure(context: LoaderContext, request: Request, what: string, error: unknown): void {
  logError(context.get(cloudflareContext).state.reqId, error, { msg: what, path: new URL(request.url).pathname });
}

export async function getUser(context: LoaderContext, request: Request): Promise<SessionUser | null> {
  return currentUser(envOf(context), request);
}

export async function getSession(context: LoaderContext, request: Request) {
  return currentSession(envOf(context), request);
}

/**
 * The signed-in user, or a thrown redirect to /login that remembers where the visitor was going
 * (used once after sign-in).
 */
export async function requireUser(context: LoaderContext, request: Request): Promise<SessionUser> {
  return (await requireSession(context, request)).user;
}

/** As requireUser, with the id of this request's session (for "this device" on /account). */
export async function requireSession(
  context: LoaderContext,
  request: Request,
): Promise<{ user: SessionUser; sessionId: string }> {
  const session = await getSession(context, request);
  if (session) return session;
  const target = safeRedirectPath(documentPath(new URL(request.url))) ?? "/dashboard";
  throw redirect("/login", {
    headers: { "Set-Cookie": redirectCookie(target) },
  });
}

/** This request as the scope of an e-mailed code: its URL, and its waitUntil for the mail. */
export function codeScope(context: LoaderContext, request: Request): CodeScope {
  const { ctx } = context.get(cloudflareContext);
  return { requestUrl: request.url, later: (work) => ctx.waitUntil(work) };
}
