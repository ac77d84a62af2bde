// What every API route is written with: the app's Hono environment, the validators (a failed parse
// is the app's 400), the session lookup, and the guards requireAuth, requireMayActTo and requireRole.
import { AUTH_MESSAGES } from "#common/auth-messages.ts";
import { zValidator } from "@hono/zod-validator";
import type { Context, MiddlewareHandler, Next } from "hono";
import { z } from "zod";
import { rateLimitAddress } from "#server/lib/client-address.ts";
import { ApiError } from "#server/lib/errors.ts";
import { validationError } from "#server/lib/validate.ts";
import type { RequestState } from "#server/lib/request-state.ts";
import { resolveSession, type ResolvedSession, sessionClaimsOf } from "#server/services/auth/sign-in.ts";
import type { SessionClaims } from "#server/lib/session-token.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { requireRoles, type RoleNeed } from "#server/services/staff.ts";

export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** The request's id, nonce and what the log line says (worker/index.ts). */
    state: RequestState;
    /** This request's session, looked up once by the first that asks (sessionOf). */
    session: Promise<ResolvedSession | null>;
    /** Set by requireAuth. */
    user: SessionUser;
    sessionId: string;
    /** Set by requireSignedToken: the session token's claims, its session not yet read. */
    claims: SessionClaims;
  };
}

export type AppContext = Context<AppEnv>;

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

// The one hook: a failed parse is the app's 400 (validationError), as parseWith answers it. The
// context parameter ties the validators to AppEnv.
function throwOnFailure(result: { success: boolean; error?: z.core.$ZodError }, _c: AppContext): void {
  if (!result.success && result.error) throw validationError(result.error);
}

/**
 * What each validating middleware checks, kept so the route table says what an endpoint reads: the
 * fuzz suite (test/robust-fuzz.test.ts) takes each route's fields from here instead of a list written
 * by hand. One entry per route, made when the route is declared.
 */
const declaredInputs = new WeakMap<object, { from: "json" | "query"; schema: z.ZodType }>();

/** The body or query schema a route-table handler validates with, or null for any other handler. */
export function declaredInputOf(handler: unknown): { from: "json" | "query"; schema: z.ZodType } | null {
  return (typeof handler === "function" && declaredInputs.get(handler)) || null;
}

/** A query parameter given twice counts once, by its first value (as `c.req.query()` reads it). */
const firstValues = (value: unknown) =>
  Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => [key, Array.isArray(v) ? v[0] : v]),
  );

/** Validates the query string. */
export function validateQuery<S extends z.ZodType>(schema: S) {
  const check = zValidator<S, "query", AppEnv, string, typeof throwOnFailure>(
    "query",
    z.preprocess(firstValues, schema) as unknown as S,
    throwOnFailure,
  );
  declaredInputs.set(check, { from: "query", schema });
  return check;
}

/** Validates the path parameters. */
export function validateParam<S extends z.ZodType>(schema: S) {
  return zValidator<S, "param", AppEnv, string, typeof throwOnFailure>("param", schema, throwOnFailure);
}

/**
 * The JSON body, unvalidated: 415 for another content type, 400 for bad JSON. For the routes that
 * take JSON or a form on one path; every other route validates its body with `validateJson`.
 */
export async function readJson(c: AppContext): Promise<unknown> {
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim() ?? "";
  if (!JSON_TYPE.test(mediaType))
    throw new ApiError(415, "Send the request body as JSON (Content-Type: application/json).");
  try {
    // Hono caches the parsed body, so the validator that follows reads it from here.
    return await c.req.json();
  } catch {
    throw new ApiError(400, "The request body is not valid JSON.");
  }
}

/** Validates a JSON body: 415 for another content type, 400 for bad JSON or bad fields. */
export function validateJson<S extends z.ZodType>(schema: S) {
  const check = zValidator<S, "json", AppEnv, string, typeof throwOnFailure>("json", schema, throwOnFailure);
  const middleware = (async (c: AppContext, next: Next) => {
    await readJson(c);
    return check(c, next);
  }) as unknown as typeof check;
  declaredInputs.set(middleware, { from: "json", schema });
  return middleware;
}

/** The request's session (bearer token or cookie), looked up once per request and kept in the context. */
export function sessionOf(c: AppContext): Promise<ResolvedSession | null> {
  let pending = c.get("session");
  if (!pending) {
    pending = resolveSession(c.env, c.req.raw).then((session) => {
      // What the request log and the service worker's header say (worker/index.ts).
      c.var.state.sessionTag = session?.tag ?? null;
      if (session) c.var.state.userId = session.user.id;
      return session;
    });
    c.set("session", pending);
  }
  return pending;
}

/** The signed-in user, or null, for routes that answer everyone but say more to members. */
export async function userOf(c: AppContext): Promise<SessionUser | null> {
  return (await sessionOf(c))?.user ?? null;
}

/** Guards a route: 401 unless the request carries a live session. */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const session = await sessionOf(c);
  if (!session) throw new ApiError(401, AUTH_MESSAGES.signInFirst);
  c.set("user", session.user);
  c.set("sessionId", session.sessionId);
  await next();
};

/**
 * Guards a route as requireAuth does from the session token alone, its signature and expiry (no D1):
 * for a write that checks in its own statements that the session stands and may act, and reads it
 * (sessionOf) only to say why it wrote nothing (decision 0143). 401 without a valid token.
 */
export const requireSignedToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  const claims = await sessionClaimsOf(c.env, c.req.raw);
  if (!claims) throw new ApiError(401, AUTH_MESSAGES.signInFirst);
  c.set("claims", claims);
  // Whose token it is, for the request log; signed by us, so it names the member it was made for.
  c.var.state.userId = claims.userId;
  await next();
};

/** The two guards that require a signed-in member, for the tests that walk the route table. */
export const AUTH_GUARDS: ReadonlySet<MiddlewareHandler<AppEnv>> = new Set([requireAuth, requireSignedToken]);

/**
 * Guards a gated write after requireAuth and before its body is read: 403 "Verify your college
 * e-mail to <what>." for an unverified college account, whatever it sent. The service checks again.
 */
export function requireMayActTo(what: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    requireMayAct(c.var.user, what);
    await next();
  };
}

/** The role guards of the route table, for the test that walks it (test/role-guards.test.ts). */
export const ROLE_GUARDS = new WeakMap<MiddlewareHandler<AppEnv>, readonly RoleNeed[]>();

/**
 * Guards a staff, admin, curator or class-rep route, after requireAuth and before anything reads
 * the body or the query: 403 for a member without the role, whatever they sent (requireRoles).
 */
export function requireRole(
  needs: RoleNeed | readonly RoleNeed[],
  refusal?: string | ((c: AppContext) => Promise<ApiError>),
): MiddlewareHandler<AppEnv> {
  const list = typeof needs === "string" ? [needs] : needs;
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    try {
      requireRoles(c.var.user, list, typeof refusal === "string" ? refusal : undefined);
    } catch (error) {
      // A refusal that names the resource (the block of a move) reads it; the body is still unread.
      if (typeof refusal === "function" && error instanceof ApiError && error.extra.code === "staff_only")
        throw await refusal(c);
      throw error;
    }
    await next();
  };
  ROLE_GUARDS.set(guard, list);
  return guard;
}

/** The client's address as Cloudflare reports it, as a rate-limit key (an IPv6 client is its /64). */
export function clientIp(c: AppContext): string {
  return rateLimitAddress(c.req.header("CF-Connecting-IP"));
}
