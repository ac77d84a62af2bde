import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext } from "#server/lib/router-context.ts";
import { api } from "#server/api/app.ts";
import {
  bodyLimitFor,
  cancel,
  declaredTooLarge,
  isApiPath,
  limitBody,
  tooLargeResponse,
} from "#server/lib/body-limit.ts";
import { CROSS_SITE_MESSAGE, crossSiteWrite } from "#server/lib/csrf.ts";
import { applySecurityHeaders, createNonce } from "#server/lib/headers.ts";
import { logError, logRequest, type RequestLog } from "#server/lib/log.ts";
import { attachState, type RequestState } from "#server/lib/request-state.ts";
import { NO_SESSION, SESSION_TAG_HEADER } from "#common/device-session.ts";
import { deleteExpiredSessions } from "#server/services/account.ts";
import { pruneLoginThrottle } from "#server/services/login-throttle.ts";
import { pruneExpiredCodes } from "#server/services/email-codes.ts";
import { expireReservations } from "#server/services/reservations.ts";
import { warnExpiringListings } from "#server/services/market/expiry.ts";
import { deliverPushes, queueNewNotices, type PushMessage } from "#server/services/push.ts";
import { runReminders } from "#server/services/reminders.ts";
import { runDigest } from "#server/services/digest.ts";
import {
  backgroundScope,
  benchHeader,
  closeScope,
  openRequestScope,
  returnBookmark,
  type RequestScope,
} from "#server/lib/d1-session.ts";
import { onTestClock } from "#server/lib/test-clock.ts";

// Created once per isolate, not per request.
const handleDocument = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

async function route(request: Request, env: Env, ctx: ExecutionContext, state: RequestState): Promise<Response> {
  const { pathname } = new URL(request.url);
  const isApi = isApiPath(pathname);
  if (crossSiteWrite(request)) {
    // Forged cross-site writes (CSRF) stop here, for the API and the React Router actions alike.
    return isApi
      ? Response.json({ success: false, message: CROSS_SITE_MESSAGE, msg: CROSS_SITE_MESSAGE }, { status: 403 })
      : new Response(CROSS_SITE_MESSAGE, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  if (isApi) {
    return api.fetch(request, env, ctx);
  }
  const respelled = canonicalQueryRedirect(request, pathname);
  if (respelled) return respelled;
  // Every other path and method (form actions are POSTs) goes to React Router.
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env, ctx, state });
  const response = await handleDocument(request, context);
  return deferModulePreloads(response);
}

/**
 * React Router renders a page for its address with the query spelled as a form would spell it
 * (URLSearchParams: a space as "+", brackets as %28 %29), while the browser hydrates with the address as it
 * was typed or linked ("%20"): every form whose action repeats the query then differs, and React
 * reports a hydration mismatch. A page asked for with its query spelled otherwise is sent once to
 * the same address in that spelling, which both sides then share. The search form's own GETs are
 * already spelled so; only typed and shared links take the extra step.
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

/** The request's use of D1 for its log line: `wrangler tail` shows what each request cost. */
function d1LogFields(scope: RequestScope): Pick<RequestLog, "d1" | "cache"> {
  const { start, queries, rowsRead, rowsWritten, replica } = scope.db.usage;
  const cache = scope.db.edge?.outcomes;
  return {
    ...(queries > 0 && { d1: { session: start, queries, rowsRead, rowsWritten, ...(replica ? { replica } : {}) } }),
    ...(cache && Object.keys(cache).length > 0 && { cache }),
  };
}

/** Hands new notices to the push queue; a failure is logged and left for the next write or cron run. */
async function queueNotices(env: Env, reqId: string): Promise<void> {
  try {
    await queueNewNotices(env);
  } catch (error) {
    logError(reqId, error, { job: "push-queue" });
  }
}

async function handle(incoming: Request, rawEnv: Env, ctx: ExecutionContext): Promise<Response> {
  const state: RequestState = {
    reqId: incoming.headers.get("cf-ray") ?? crypto.randomUUID(),
    nonce: createNonce(),
    startedAt: Date.now(),
  };
  const { pathname } = new URL(incoming.url);
  // The request's one D1 session (worker/lib/d1-session.ts): from here on env.DB is that session.
  const scope: RequestScope = openRequestScope(rawEnv, incoming, (work) => ctx.waitUntil(work));
  const env = scope.env;
  // Every body is limited here, before any route parses it (worker/lib/body-limit.ts).
  const limit = bodyLimitFor(incoming.method, pathname);
  let response: Response;
  if (incoming.body && declaredTooLarge(incoming, limit)) {
    attachState(incoming, state);
    response = tooLargeResponse(pathname, limit);
    cancel(incoming.body);
  } else {
    const { request, release } = limitBody(incoming, limit, () => {
      state.bodyTooLarge = true;
    });
    attachState(request, state);
    try {
      response = await route(request, env, ctx, state);
    } catch (error) {
      if (!state.bodyTooLarge) logError(state.reqId, error);
      response = new Response("Something went wrong on our side. Please try again.", {
        status: 500,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    // Whatever a handler made of the failed read (a 400 "could not be read", a 500 from an
    // action), the cause is the size: say so.
    if (state.bodyTooLarge) response = tooLargeResponse(pathname, limit);
    // A refusal before the body was read still takes the rest of it (within the limit), so the
    // connection stays sound and a proxy in front relays the answer (docs/reliability.md).
    const draining = release();
    if (draining) await draining;
  }
  response = applySecurityHeaders(response, state.nonce);
  returnBookmark(scope, incoming, response);
  benchHeader(rawEnv, scope, response);
  // Cached public reads of the tables this request wrote are read anew (worker/lib/edge-cache.ts).
  await closeScope(scope);
  // A write may have made notices; they go to the push queue after the answer.
  // They go through a session of their own on the primary, so this request's D1 figures stay its own.
  if (incoming.method !== "GET" && incoming.method !== "HEAD")
    ctx.waitUntil(queueNotices(backgroundScope(rawEnv).env, state.reqId));
  // The Google popup comes back from a cross-origin page (Google) through these two responses (the
  // redirect counts too): a COOP other than unsafe-none would move it to a new browsing context
  // group and cut it off from the opener it must message.
  if (/^\/(api\/)?google\/callback$/i.test(pathname)) response.headers.set("Cross-Origin-Opener-Policy", "unsafe-none");
  response.headers.set("X-Request-Id", state.reqId);
  // Which session this answer was made for, when the request looked: the service worker keeps a
  // student's saved pages only while that session is the device's (decision 0097).
  if (state.sessionTag !== undefined) response.headers.set(SESSION_TAG_HEADER, state.sessionTag ?? NO_SESSION);
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
  return response;
}

async function runJobs(controller: ScheduledController, rawEnv: Env): Promise<void> {
  const scope = backgroundScope(rawEnv);
  const { env } = scope;
  const at = controller.scheduledTime;
  const jobs: [string, () => Promise<Record<string, unknown>>][] = [
    // Expired sessions sign nobody in already; their rows are forgotten.
    ["expired-sessions", async () => ({ deleted: await deleteExpiredSessions(env, at) })],
    // Failed sign-in counts whose window and lock are over (docs/decisions/0008).
    ["login-throttle", async () => ({ pruned: await pruneLoginThrottle(env, at) })],
    // E-mailed codes past their 15 minutes (docs/decisions/0075).
    ["email-codes", async () => ({ pruned: await pruneExpiredCodes(env, at) })],
    // Classroom reminders: 24 hours before a deadline and on the due day (worker/services/reminders.ts).
    ["reminders", async () => ({ ...(await runReminders(env, at)) })],
    // Marketplace reservations not handed over in 72 hours return to Browse.
    ["reservations", async () => ({ ...(await expireReservations(env, at)) })],
    // Listings that leave Browse within 3 days: their sellers are told to renew.
    ["expiring-listings", async () => ({ ...(await warnExpiringListings(env, at)) })],
    // The optional daily e-mail digest, once per India-time day from 07:30 (decision 0092, worker/services/digest.ts).
    ["digest", async () => ({ ...(await runDigest(env, at)) })],
  ];
  // Independent jobs, side by side; one that fails is logged and does not stop the others.
  await Promise.all(
    jobs.map(async ([job, run]) => {
      try {
        console.log(
          JSON.stringify({
            ts: new Date().toISOString(),
            level: "info",
            msg: "cron",
            cron: controller.cron,
            job,
            ...(await run()),
          }),
        );
      } catch (error) {
        logError(`cron-${at}`, error, { job });
      }
    }),
  );
  // Notices the jobs made (reminders, reservations, listings) go to the push queue.
  await queueNotices(env, `cron-${at}`);
  await closeScope(scope);
}

// The clock is the real one, except on a test server that was asked for another (worker/lib/test-clock.ts).
export default {
  fetch: (incoming, rawEnv, ctx) => onTestClock(rawEnv, incoming, () => handle(incoming, rawEnv, ctx)),
  scheduled: (controller, rawEnv) => onTestClock(rawEnv, null, () => runJobs(controller, rawEnv)),
  // The push queue's consumer (worker/services/push.ts).
  queue: (batch, rawEnv) =>
    onTestClock(rawEnv, null, () => deliverPushes(batch as MessageBatch<PushMessage>, backgroundScope(rawEnv).env)),
} satisfies ExportedHandler<Env>;
