// The Worker's one front door (docs/architecture.md, decision 0102): a Hono app whose middleware
// does, in order, for every request, what both doors share:
//   1. the test clock (TEST_CLOCK only: worker/lib/test-clock.ts);
//   2. the request: its id and CSP nonce, its configuration, its one D1 session; on the way out the
//      security headers, the D1 bookmark, the edge cache, the push queue and the log line;
//   3. the body's byte limit, as the matched route declared it;
//   4. no cross-site writes (CSRF);
// then /api/* goes to the Hono API and every other path, any method, to React Router.
import { Hono, type Context, type ErrorHandler, type Handler, type MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { NO_SESSION, SESSION_TAG_HEADER } from "#common/device-session.ts";
import { api } from "#server/api/app.ts";
import type { AppEnv } from "#server/api/context.ts";
import {
  BodyTooLargeError,
  cancel,
  declaredLimit,
  declaredTooLarge,
  isApiPath,
  limitBody,
  resolveLimit,
  type ResolvedLimit,
  tooLargeResponse,
} from "#server/lib/body-limit.ts";
import { readConfig, withConfig, type Config } from "#server/lib/config.ts";
import { CROSS_SITE_MESSAGE, crossSiteWrite } from "#server/lib/csrf.ts";
import {
  backgroundScope,
  benchHeader,
  closeScope,
  openRequestScope,
  returnBookmark,
  type RequestScope,
} from "#server/lib/d1-session.ts";
import { ApiError } from "#server/lib/errors.ts";
import { applySecurityHeaders, createNonce } from "#server/lib/headers.ts";
import { logError, logRequest, logWarning, type RequestLog } from "#server/lib/log.ts";
import { pageBodyLimit } from "#server/lib/page-routes.ts";
import type { RequestState } from "#server/lib/request-state.ts";
import { cloudflareContext } from "#server/lib/router-context.ts";
import { clearedSessionCookie } from "#server/lib/session-token.ts";
import { onTestClock } from "#server/lib/test-clock.ts";
import { readDeployProblems } from "#server/services/admin/deploy-check.ts";
import { queueNewNotices } from "#server/services/notifications/push.ts";

const serverBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
// Created once per isolate, not per request.
const handleDocument = createRequestHandler(serverBuild, import.meta.env.MODE);

/** Replaces the answer whole (Hono's setter would carry the old answer's headers over). */
function answer(c: Context<AppEnv>, response: Response): void {
  c.res = undefined;
  c.res = response;
}

/** The request's use of D1 for its log line: `wrangler tail` shows what each request cost. */
function d1LogFields(scope: RequestScope): Pick<RequestLog, "d1" | "cache"> {
  const { start, queries, rowsRead, rowsWritten, ms, replica } = scope.db.usage;
  const cache = scope.db.edge?.outcomes;
  return {
    ...(queries > 0 && { d1: { session: start, queries, rowsRead, rowsWritten, ms, ...(replica ? { replica } : {}) } }),
    ...(cache && Object.keys(cache).length > 0 && { cache }),
  };
}

/** Hands new notices to the push queue; a failure is logged and left for the next write or cron run. */
export async function queueNotices(env: Env, reqId: string): Promise<void> {
  try {
    await queueNewNotices(env);
  } catch (error) {
    logError(reqId, error, { job: "push-queue" });
  }
}

// Once per isolate: what this deploy still lacks goes to the log as one line (decision 0102).
let configReported = false;
function reportConfigOnce(env: Env, config: Config, ctx: Pick<ExecutionContext, "waitUntil">): void {
  if (configReported || config.development) return;
  configReported = true;
  ctx.waitUntil(
    readDeployProblems(env, config)
      .then((problems) => {
        if (problems.length > 0) logWarning("configuration incomplete", { problems });
      })
      .catch((error: unknown) => logError("config-check", error)),
  );
}

/** 1. The test clock: a test server may run a request at another moment (never a deploy). */
const testClock: MiddlewareHandler<AppEnv> = (c, next) => onTestClock(c.env, c.req.raw, () => next());

/** 2. The request: its state, configuration and D1 session; on the way out, what every answer gets. */
const requestScope: MiddlewareHandler<AppEnv> = async (c, next) => {
  const incoming = c.req.raw;
  const state: RequestState = {
    reqId: incoming.headers.get("cf-ray") ?? crypto.randomUUID(),
    nonce: createNonce(),
    startedAt: Date.now(),
  };
  c.set("state", state);
  const rawEnv = c.env;
  const config = readConfig(rawEnv, incoming.url);
  reportConfigOnce(rawEnv, config, c.executionCtx);
  // The request's one D1 session (worker/lib/d1-session.ts): from here on env.DB is that session.
  const scope = openRequestScope(rawEnv, incoming, (work) => c.executionCtx.waitUntil(work));
  c.env = withConfig(scope.env, config);

  await next();

  const response = applySecurityHeaders(c.res, state.nonce);
  returnBookmark(scope, incoming, response);
  benchHeader(rawEnv, scope, response);
  // Cached public reads of the tables this request wrote are read anew (worker/lib/edge-cache.ts).
  await closeScope(scope);
  // A write that made notices hands them to the push queue after the answer, through a session of
  // their own on the primary, so this request's D1 figures stay its own. A write that made none
  // costs the primary no second write (a chat message adds a notice only when none waits unread);
  // anything made outside the request's session goes with the every-minute cron run.
  if (scope.db.changed.has("notices")) c.executionCtx.waitUntil(queueNotices(backgroundScope(rawEnv).env, state.reqId));
  const { pathname } = new URL(incoming.url);
  // The Google popup comes back from a cross-origin page (Google) through these two responses (the
  // redirect counts too): a COOP other than unsafe-none would move it to a new browsing context
  // group and cut it off from the opener it must message.
  if (/^\/(api\/)?google\/callback$/i.test(pathname)) response.headers.set("Cross-Origin-Opener-Policy", "unsafe-none");
  response.headers.set("X-Request-Id", state.reqId);
  // Which session this answer was made for, when the request looked: the service worker keeps a
  // student's saved pages only while that session is the device's (decision 0097).
  if (state.sessionTag !== undefined) response.headers.set(SESSION_TAG_HEADER, state.sessionTag ?? NO_SESSION);
  answer(c, response);
  logRequest({
    reqId: state.reqId,
    method: incoming.method,
    // A calendar feed's path is its secret: logged without it.
    path: pathname.replace(/^\/calendar\/[^/]*$/i, "/calendar/[secret]"),
    status: response.status,
    ms: Date.now() - state.startedAt,
    ...(state.userId ? { userId: state.userId } : {}),
    ...d1LogFields(scope),
  });
};

/**
 * The byte limit of a request's body: the one the matched route declares (an API route's
 * `bodyLimit(...)`, a page route's `handle`), or the default.
 */
export async function bodyLimitFor(method: string, pathname: string): Promise<ResolvedLimit> {
  const declared = isApiPath(pathname)
    ? declaredLimit(app.router.match(method.toUpperCase(), pathname)[0].map(([[, route]]) => route.handler))
    : pageBodyLimit(await serverBuild(), pathname);
  return resolveLimit(declared, pathname);
}

/**
 * 3. The body's byte limit: the one the matched route declares (an API route's `bodyLimit(...)`, a
 * page route's `handle`), or the default, before anything reads the body.
 */
const bodyLimits: MiddlewareHandler<AppEnv> = async (c, next) => {
  const incoming = c.req.raw;
  if (!incoming.body || incoming.method === "GET" || incoming.method === "HEAD") return next();
  const path = c.req.path;
  const limit = await bodyLimitFor(incoming.method, path);
  if (declaredTooLarge(incoming, limit)) {
    cancel(incoming.body);
    return tooLargeResponse(path, limit);
  }
  const state = c.var.state;
  const { request, release } = limitBody(incoming, limit, () => {
    state.bodyTooLarge = true;
  });
  c.req.raw = request;
  await next();
  // Whatever a handler made of the failed read (a 400 "could not be read", a 500 from an action),
  // the cause is the size: say so.
  if (state.bodyTooLarge) answer(c, tooLargeResponse(path, limit));
  // A refusal before the body was read still takes the rest of it (within the limit), so the
  // connection stays sound and a proxy in front relays the answer (docs/reliability.md).
  const draining = release();
  if (draining) await draining;
};

/** 4. Forged cross-site writes (CSRF) stop here, for the API and the React Router actions alike. */
const sameSiteWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!crossSiteWrite(c.req.raw)) return next();
  return isApiPath(c.req.path)
    ? c.json({ success: false, message: CROSS_SITE_MESSAGE, msg: CROSS_SITE_MESSAGE }, 403)
    : c.text(CROSS_SITE_MESSAGE, 403);
};

/**
 * React Router renders a page for its address with the query spelled as a form would spell it
 * (URLSearchParams: a space as "+", brackets as %28 %29), while the browser hydrates with the
 * address as it was typed or linked ("%20"): every form whose action repeats the query then
 * differs, and React reports a hydration mismatch. A page asked for with its query spelled
 * otherwise is sent once to the same address in that spelling, which both sides then share. The
 * search form's own GETs are already spelled so; only typed and shared links take the extra step.
 */
function canonicalQueryRedirect(request: Request, pathname: string): Response | null {
  if ((request.method !== "GET" && request.method !== "HEAD") || pathname.endsWith(".data")) return null;
  const { search } = new URL(request.url);
  if (!search) return null;
  const params = new URLSearchParams(search);
  // A token in a page's address is dropped by the page itself, with a redirect already so spelled
  // (app/lib/url-token.server.ts): it must not ride along in one more address first.
  if (params.has("token")) return null;
  const canonical = params.toString();
  if (`?${canonical}` === search) return null;
  return new Response(null, { status: 301, headers: { Location: canonical ? `${pathname}?${canonical}` : pathname } });
}

// React Router lists every module of the page as <link rel="modulepreload"> in <head>. On a slow
// link those downloads compete with the HTML for bandwidth before the first paint; the page's module
// script (end of <body>) imports the same files a moment later anyway, so the first paint comes
// first and hydration follows.
function deferModulePreloads(response: Response): Response {
  if (!(response.headers.get("Content-Type") ?? "").includes("text/html")) return response;
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(element) {
        element.remove();
      },
    })
    .transform(response);
}

/** Every other path and method (form actions are POSTs): React Router, with the request's context. */
const pages: Handler<AppEnv> = async (c) => {
  const request = c.req.raw;
  const respelled = canonicalQueryRedirect(request, c.req.path);
  if (respelled) return respelled;
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: c.env, ctx: c.executionCtx, state: c.var.state });
  return deferModulePreloads(await handleDocument(request, context));
};

/**
 * The one answer to anything a handler threw: a refusal (ApiError, 4xx) in the API's shape, and
 * anything unexpected as a 500 with the request id, logged once with its stack.
 */
const answerError: ErrorHandler<AppEnv> = (err, c) => {
  const api = isApiPath(c.req.path);
  const state = c.var.state as RequestState | undefined;
  const reqId = state?.reqId ?? "unknown";
  if (api && err instanceof ApiError) {
    // A 401 means the session is gone or never was: drop the cookie so the browser stops sending it.
    if (err.status === 401) c.header("Set-Cookie", clearedSessionCookie());
    // A limit that knows when it ends says so (a locked sign-in: docs/decisions/0008).
    if (typeof err.extra.retryAfter === "number") c.header("Retry-After", String(err.extra.retryAfter));
    return c.json({ success: false, message: err.message, msg: err.message, ...err.extra }, err.status);
  }
  if (api && (err instanceof BodyTooLargeError || (err instanceof HTTPException && err.status < 500))) {
    const status = err instanceof BodyTooLargeError ? 413 : (err as HTTPException).status;
    return c.json({ success: false, message: err.message, msg: err.message }, status);
  }
  // A body over its limit is answered as such by bodyLimits, whatever a handler made of it.
  if (!state?.bodyTooLarge) logError(reqId, err, { path: c.req.path });
  if (!api) return c.text("Something went wrong on our side. Please try again.", 500);
  const message = `Something went wrong on our side. Please try again. (Reference: ${reqId})`;
  return c.json({ success: false, message, msg: message, requestId: reqId }, 500);
};

export const app = new Hono<AppEnv>()
  .use(testClock)
  .use(requestScope)
  .use(bodyLimits)
  .use(sameSiteWrites)
  .route("/", api)
  .all("*", pages)
  .notFound((c) => c.json({ success: false, message: `No API endpoint at ${c.req.method} ${c.req.path}.` }, 404))
  .onError(answerError);
