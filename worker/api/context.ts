import type { Context, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { rateLimitAddress } from "../lib/client-address";
import { ApiError } from "../lib/errors";
import { parseWith } from "../lib/validate";
import { stateOf } from "../lib/request-state";
import { currentSession, type SessionUser } from "../services/auth";

export interface AppEnv {
  Bindings: Env;
  Variables: { user: SessionUser; sessionId: string };
}

export type AppContext = Context<AppEnv>;

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Reads and validates a JSON body: 415 for another content type, 400 for bad JSON or bad fields. */
export async function jsonBody<S extends z.ZodType>(c: AppContext, schema: S): Promise<z.output<S>> {
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim() ?? "";
  if (!JSON_TYPE.test(mediaType)) throw new ApiError(415, "Send the request body as JSON (Content-Type: application/json).");
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, "The request body is not valid JSON.");
  }
  return parseWith(schema, body);
}

export { parseWith } from "../lib/validate";

/** Guards a route: 401 unless the request carries a live session. */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const session = await currentSession(c.env, c.req.raw);
  if (!session) throw new ApiError(401, "Please sign in to continue.");
  c.set("user", session.user);
  c.set("sessionId", session.sessionId);
  stateOf(c.req.raw).userId = session.user.id;
  await next();
};

/** The client's address as Cloudflare reports it, as a rate-limit key (an IPv6 client is its /64). */
export function clientIp(c: AppContext): string {
  return rateLimitAddress(c.req.header("CF-Connecting-IP"));
}
