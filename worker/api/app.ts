import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { BodyTooLargeError } from "#server/lib/body-limit.ts";
import { ApiError } from "#server/lib/errors.ts";
import { logError } from "#server/lib/log.ts";
import { clearedSessionCookie } from "#server/lib/session-token.ts";
import { stateOf } from "#server/lib/request-state.ts";
import auth from "#server/api/auth.ts";
import campusesApi from "#server/api/campuses.ts";
import dev from "#server/api/dev.ts";
import type { AppEnv } from "#server/api/context.ts";
import google from "#server/api/google.ts";
import productImages from "#server/api/product-images.ts";
import products from "#server/api/products.ts";
import studyswap from "#server/api/studyswap.ts";
import { moderation, reports } from "#server/api/moderation.ts";
import { admin } from "#server/api/admin.ts";
import wanted from "#server/api/wanted.ts";
import notifications from "#server/api/notifications.ts";
import push from "#server/api/push.ts";
import hostel from "#server/api/hostel.ts";
import hostelOps from "#server/api/hostel-ops.ts";

// Request bodies are limited per route in the Worker entry (worker/lib/body-limit.ts), before this.
export const api = new Hono<AppEnv>().basePath("/api");

api.get("/health", (c) => c.json({ success: true, status: "ok" }));
api.route("/auth", auth);
api.route("/campuses", campusesApi);
api.route("/google", google);
api.route("/product", products);
api.route("/wanted", wanted);
api.route("/files/products", productImages);
api.route("/studyswap", studyswap);
api.route("/hostel", hostel);
api.route("/hostel", hostelOps);
api.route("/notifications", notifications);
api.route("/push", push);
api.route("/reports", reports);
api.route("/moderation", moderation);
api.route("/admin", admin);
api.route("/dev", dev);

api.notFound((c) => c.json({ success: false, message: `No API endpoint at ${c.req.method} ${c.req.path}.` }, 404));

api.onError((err, c) => {
  if (err instanceof ApiError) {
    // A 401 means the session is gone or never was: drop the cookie so the browser stops sending it.
    if (err.status === 401) c.header("Set-Cookie", clearedSessionCookie());
    // A limit that knows when it ends says so (a locked sign-in: docs/decisions/0008).
    if (typeof err.extra.retryAfter === "number") c.header("Retry-After", String(err.extra.retryAfter));
    return c.json({ success: false, message: err.message, msg: err.message, ...err.extra }, err.status);
  }
  if (err instanceof BodyTooLargeError) {
    return c.json({ success: false, message: err.message, msg: err.message }, 413);
  }
  if (err instanceof HTTPException && err.status < 500) {
    return c.json({ success: false, message: err.message, msg: err.message }, err.status);
  }
  const { reqId } = stateOf(c.req.raw);
  logError(reqId, err, { path: c.req.path });
  const message = `Something went wrong on our side. Please try again. (Reference: ${reqId})`;
  return c.json({ success: false, message, msg: message, requestId: reqId }, 500);
});
