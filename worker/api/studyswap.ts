import { bodyLimit } from "#server/lib/body-limit.ts";
import { UPLOAD_LIMITS } from "#common/body-limits.ts";
import { Hono } from "hono";
import { BECOME_WRITER, POST_REQUEST, type StudyRequest } from "#common/studyswap.ts";
import { attachmentDisposition, downloadName } from "#server/lib/attachment.ts";
import { ApiError } from "#server/lib/errors.ts";
import { parseWith } from "#server/lib/validate.ts";
import { submissionKeyField, submissionKeyOf } from "#server/lib/idempotency.ts";
import {
  closeRequest,
  databaseReachable,
  deleteRequest,
  getAttachment,
  listMyRequests,
  listOpenRequests,
  requestIdSchema,
  requestInputSchema,
} from "#server/services/studyswap.ts";
import { createRequest, type UploadedFile } from "#server/services/studyswap-posting.ts";
import {
  deleteWriter,
  getMyWriter,
  listWriters,
  saveWriter,
  writerInputSchema,
} from "#server/services/studyswap-writers.ts";
import { listQuerySchema } from "#server/services/market/browse.ts";
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
const writersQuerySchema = listQuerySchema.pick({ campus: true });

studyswap.get("/writers", validateQuery(writersQuerySchema), async (c) => {
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
      message: "Your writer profile is saved.",
      data: await saveWriter(c.env, c.var.user, input),
    });
  },
);

studyswap.delete("/writers/me", requireAuth, async (c) => {
  await deleteWriter(c.env, c.var.user.id);
  return c.json({ success: true, message: "Your writer profile is removed." });
});

studyswap.get("/requests", requireAuth, async (c) => c.json((await listOpenRequests(c.env, c.var.user)).map(toJson)));

studyswap.get("/requests/mine", requireAuth, async (c) =>
  c.json((await listMyRequests(c.env, c.var.user.id)).map(toJson)),
);

const MULTIPART = /^multipart\/form-data/i;

/** JSON, or multipart with the same fields plus an optional `file`. */
async function readRequestBody(c: AppContext): Promise<{ fields: unknown; file: UploadedFile | null }> {
  const contentType = c.req.header("Content-Type") ?? "";
  if (!MULTIPART.test(contentType)) return { fields: await readJson(c), file: null };
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new ApiError(400, "The form data could not be read. Please try again.");
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) if (key !== "file") fields[key] = value;
  const files = form.getAll("file");
  if (files.length > 1) throw new ApiError(400, "Attach one file at most.", { field: "file" });
  const entry = files[0];
  if (entry !== undefined && typeof entry === "string" && entry !== "")
    throw new ApiError(400, "Send the attachment as a file.", { field: "file" });
  // A form with no file chosen still sends an empty, nameless file part: that is "no file".
  const file =
    entry instanceof File && (entry.size > 0 || entry.name)
      ? { name: entry.name, size: entry.size, bytes: () => entry.arrayBuffer() }
      : null;
  return { fields, file };
}

studyswap.post(
  "/requests",
  bodyLimit(UPLOAD_LIMITS.attachment),
  requireAuth,
  requireMayActTo(POST_REQUEST),
  async (c) => {
    const { fields, file } = await readRequestBody(c);
    const input = parseWith(requestInputSchema, fields);
    const key = submissionKeyOf(c.req.header("Idempotency-Key"), submissionKeyField(fields));
    const created = await createRequest(c.env, c.var.user, input, file, key);
    return c.json(
      {
        success: true,
        message: "Your request has been posted successfully! Helpers can now see it.",
        data: toJson(created),
      },
      201,
    );
  },
);

function idParam(c: AppContext): string {
  const result = requestIdSchema.safeParse(c.req.param("id"));
  if (!result.success) throw new ApiError(404, "That request does not exist. It may have been deleted.");
  return result.data;
}

studyswap.post("/requests/:id/close", requireAuth, async (c) => {
  const closed = await closeRequest(c.env, c.var.user, idParam(c));
  return c.json({ success: true, message: "Your request is closed. Writers no longer see it.", data: toJson(closed) });
});

studyswap.delete("/requests/:id", requireAuth, async (c) => {
  await deleteRequest(c.env, c.var.user, idParam(c));
  return c.json({ success: true, message: "Your request is deleted." });
});

studyswap.get("/requests/:id/attachment", requireAuth, async (c) => {
  const { object, name, contentType } = await getAttachment(c.env, c.var.user, idParam(c));
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
