import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { logError } from "#server/lib/log.ts";
import { resolveSession, type ResolvedSession, type SessionUser } from "#server/services/auth/sign-in.ts";
import { cloudflareContext } from "#server/lib/router-context.ts";
import { writesOf } from "#server/lib/d1-session.ts";
import type { CodeScope } from "#server/services/auth/email-codes.ts";
import { documentPath, redirectCookie, safeRedirectPath } from "#app/lib/redirect.ts";

export type LoaderContext = Readonly<RouterContextProvider>;

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

/**
 * Who is signed in, for one request: looked up the first time a loader or action asks, then kept
 * for the request. An action that wrote to D1 may have changed what the session shows (a verified
 * address, notices read), so after a write it is read once more for the loaders that follow.
 */
interface SessionCell {
  /** The page the visitor asked for, for "sign in and come back". */
  url: URL;
  request: Request;
  pending: Promise<ResolvedSession | null> | null;
  /** The request's D1 writes when the session was last read; null while it is being read. */
  writesSeen: number | null;
}

const sessionContext = createContext<SessionCell | null>(null);

/** Gives a request its session cell (the root route's middleware; tests that call a loader alone). */
export function openSessionCell(context: Readonly<RouterContextProvider>, request: Request): void {
  context.set(sessionContext, { url: new URL(request.url), request, pending: null, writesSeen: null });
}

/** The root route's middleware: every request gets one session cell, filled on first use. */
export const sessionMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  openSessionCell(context, request);
  return next();
};

function cellOf(context: LoaderContext): SessionCell {
  const cell = context.get(sessionContext);
  if (!cell) throw new Error("No session cell: the root route's sessionMiddleware did not run for this request");
  return cell;
}

export function getSession(context: LoaderContext): Promise<ResolvedSession | null> {
  const cell = cellOf(context);
  const { env, state } = context.get(cloudflareContext);
  const stale = cell.writesSeen !== null && writesOf(env) > cell.writesSeen;
  if (!cell.pending || stale) {
    cell.writesSeen = null;
    cell.pending = resolveSession(env, cell.request).then((session) => {
      // Resolving may itself write (the last-seen touch): counted from here.
      cell.writesSeen = writesOf(env);
      // What the request log and the service worker's header say (worker/index.ts).
      state.sessionTag = session?.tag ?? null;
      if (session) state.userId = session.user.id;
      return session;
    });
  }
  return cell.pending;
}

export async function getUser(context: LoaderContext): Promise<SessionUser | null> {
  return (await getSession(context))?.user ?? null;
}

/**
 * The signed-in user, or a thrown redirect to /login that remembers where the visitor was going
 * (used once after sign-in).
 */
export async function requireUser(context: LoaderContext): Promise<SessionUser> {
  return (await requireSession(context)).user;
}

/** As requireUser, with the id of this request's session (for "this device" on /account). */
export async function requireSession(context: LoaderContext): Promise<ResolvedSession> {
  const session = await getSession(context);
  if (session) return session;
  const target = safeRedirectPath(documentPath(cellOf(context).url)) ?? "/dashboard";
  throw redirect("/login", {
    headers: { "Set-Cookie": redirectCookie(target) },
  });
}

/** This request as the scope of an e-mailed code: its waitUntil, for the mail. */
export function codeScope(context: LoaderContext): CodeScope {
  const { ctx } = context.get(cloudflareContext);
  return { later: (work) => ctx.waitUntil(work) };
}
