// `/api/studyswap/*`: Study Swap: writers' profiles and the study requests with their attachments
// (worker/services/studyswap/).
import { bodyLimit } from "#server/lib/body-limit.ts";
import { UPLOAD_LIMITS } from "#common/body-limits.ts";
import { Hono } from "hono";
import { BECOME_WRITER, POST_REQUEST, type StudyRequest } from "#common/studyswap.ts";
import { STUDYSWAP_MESSAGES } from "#common/studyswap-messages.ts";
import { attachmentDisposition, downloadName } from "#server/lib/attachment.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { submissionKeyField, submissionKeyOf } from "#server/lib/idempotency.ts";
import { campusQuerySchema } from "#server/services/campus.ts";
import {
  closeRequest,
  databaseReachable,
  deleteRequest,
  getAttachment,
  listMyRequests,
  listOpenRequests,
  requestInputSchema,
} from "#server/services/studyswap/requests.ts";
import { createRequest } from "#server/services/studyswap/posting.ts";
import {
  deleteWriter,
  getMyWriter,
  listWriters,
  saveWriter,
  writerInputSchema,
} from "#server/services/studyswap/writers.ts";
import {
  type AppContext,
  type AppEnv,
  readJson,
  requireAuth,
  requireMayActTo,
  validateJson,
  validateQuery,
  userOf,
} from "#server/api/context.ts";

const studyswap = new Hono<AppEnv>();

/**
 * A request as API clients get it: exactly the specification's shape (the verified badge is the
 * screens', docs/decisions/0076-campus-market.md). `contact` is null for a viewer who may not see it.
 */
function toJson<T extends StudyRequest>({ verifiedBadge: _screensOnly, ...request }: T): Omit<T, "verifiedBadge"> {
  return request;
}

studyswap.use(async (c, next) => {
  await next();
  // Everything here depends on who asks; nothing may be cached by a shared cache.
  if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "private, no-store");
});

studyswap.get("/health-check", async (c) => {
  const ok = await databaseReachable(c.env);
  return c.json({ success: ok, status: ok ? "ok" : "degraded" }, ok ? 200 : 503);
});

// A signed-in member sees their own campus's writers; a visitor without a session every college's
// (or one, with ?campus=), never with contacts (docs/decisions/0076-campus-market.md).
studyswap.get("/writers", validateQuery(campusQuerySchema), async (c) => {
  const user = await userOf(c);
  return c.json(await listWriters(c.env, user, c.req.valid("query").campus));
});

studyswap.get("/writers/me", requireAuth, async (c) =>
  c.json({ success: true, data: await getMyWriter(c.env, c.var.user.id) }),
);

studyswap.put(
  "/writers/me",
  requireAuth,
  requireMayActTo(BECOME_WRITER),
  validateJson(writerInputSchema),
  async (c) => {
    const input = c.req.valid("json");
    return c.json({
      success: true,
      message: STUDYSWAP_MESSAGES.writerSaved,
      data: await saveWriter(c.env, c.var.user, input),
    });
  },
);

studyswap.delete("/writers/me", requireAuth, async (c) => {
  await deleteWriter(c.env, c.var.user.id);
  return c.json({ success: true, message: STUDYSWAP_MESSAGES.writerRemoved });
});

studyswap.get("/requests", requireAuth, async (c) => c.json((await listOpenRequests(c.env, c.var.user)).map(toJson)));

studyswap.get("/requests/mine", requireAuth, async (c) =>
  c.json((await listMyRequests(c.env, c.var.user.id)).map(toJson)),
);

const MULTIPART = /^multipart\/form-data/i;

/**
 * The request's body as the posting schema reads it: JSON (which carries no file), or multipart with
 * the same fields plus one optional `file` (the submission key, if any, is among the fields).
 */
async function requestBody(c: AppContext): Promise<unknown> {
  if (!MULTIPART.test(c.req.header("Content-Type") ?? "")) {
    const json = await readJson(c);
    return json && typeof json === "object" && !Array.isArray(json) ? { ...json, file: null } : json;
  }
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new ApiError(400, STUDYSWAP_MESSAGES.formUnreadable);
  }
  if (form.getAll("file").length > 1) throw new ApiError(400, STUDYSWAP_MESSAGES.oneFile, { field: "file" });
  return formInput(form);
}

studyswap.post(
  "/requests",
  bodyLimit(UPLOAD_LIMITS.attachment),
  requireAuth,
  requireMayActTo(POST_REQUEST),
  async (c) => {
    const body = await requestBody(c);
    const input = parseWith(requestInputSchema, body);
    const key = submissionKeyOf(c.req.header("Idempotency-Key"), submissionKeyField(body));
    const created = await createRequest(c.env, c.var.user, input, key);
    return c.json({ success: true, message: STUDYSWAP_MESSAGES.posted, data: toJson(created) }, 201);
  },
);

studyswap.post("/requests/:id/close", requireAuth, async (c) => {
  const closed = await closeRequest(c.env, c.var.user, c.req.param("id"));
  return c.json({ success: true, message: STUDYSWAP_MESSAGES.closed, data: toJson(closed) });
});

studyswap.delete("/requests/:id", requireAuth, async (c) => {
  await deleteRequest(c.env, c.var.user, c.req.param("id"));
  return c.json({ success: true, message: STUDYSWAP_MESSAGES.deleted });
});

studyswap.get("/requests/:id/attachment", requireAuth, async (c) => {
  const { object, name, contentType } = await getAttachment(c.env, c.var.user, c.req.param("id"));
  return new Response(object.body, {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(object.size),
      "Content-Disposition": attachmentDisposition(downloadName(name, contentType)),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      // Even if opened directly, the file can run nothing and load nothing (kept by applySecurityHeaders).
      "Content-Security-Policy":
        "default-src 'none'; sandbox; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    },
  });
});

export default studyswap;
