import { Hono } from "hono";
import { z } from "zod";
import { UPLOAD_LIMITS } from "#common/body-limits.ts";
import { LIBRARY_MESSAGES as M } from "#common/library-contribute.ts";
import { bodyLimit } from "#server/lib/body-limit.ts";
import { attachmentDisposition } from "#server/lib/attachment.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInputWithLists, parseWith } from "#server/lib/validate.ts";
import { contribute, contributeSchema } from "#server/services/library/contribute.ts";
import { deleteItem, itemIdSchema, readItem, readItemFile, setHelpful } from "#server/services/library/item.ts";
import { reviewItem, reviewSchema } from "#server/services/library/review.ts";
import {
  type AppContext,
  type AppEnv,
  readJson,
  requireAuth,
  requireRole,
  userOf,
  validateJson,
  validateParam,
} from "#server/api/context.ts";

// The library's contribute-and-trust side (docs/decisions/0106-library.md): adding an item, reading
// one and its file, deleting one's own, helpful votes and the reviewers' decision.

export const libraryItems = new Hono<AppEnv>();

libraryItems.use(async (c, next) => {
  await next();
  // What an item shows depends on who asks (status, votes, scoping): no shared cache keeps it.
  if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "private, no-store");
});

const idParam = validateParam(z.object({ id: itemIdSchema }));
const MULTIPART = /^multipart\/form-data/i;

/** The upload as the schema reads it: multipart with `files` (and `unitIds`) repeated, or JSON without files. */
async function contributeBody(c: AppContext): Promise<unknown> {
  if (!MULTIPART.test(c.req.header("Content-Type") ?? "")) return readJson(c);
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new ApiError(400, M.formUnreadable);
  }
  return formInputWithLists(form, ["files", "unitIds"]);
}

libraryItems.post("/", bodyLimit(UPLOAD_LIMITS.library), requireAuth, async (c) => {
  const input = parseWith(contributeSchema, await contributeBody(c));
  const item = await contribute(c.env, c.var.user, input);
  return c.json({ success: true, message: item.status === "approved" ? M.addedApproved : M.added, data: item }, 201);
});

libraryItems.get("/:id", idParam, async (c) => {
  const user = await userOf(c);
  return c.json({ success: true, data: await readItem(c.env, user, c.req.valid("param").id) });
});

libraryItems.get("/:id/file", idParam, async (c) => {
  const user = await userOf(c);
  const { object, title } = await readItemFile(c.env, user, c.req.valid("param").id);
  const download = c.req.query("download") === "1";
  const name = `${title.replace(/\.pdf$/i, "")}.pdf`;
  return new Response(object.body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(object.size),
      // Inline opens the browser's PDF viewer; ?download=1 saves it under the item's title.
      "Content-Disposition": download
        ? attachmentDisposition(name)
        : attachmentDisposition(name).replace(/^attachment/, "inline"),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      // As every stored file: even opened directly, it can run nothing and load nothing.
      "Content-Security-Policy":
        "default-src 'none'; sandbox; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    },
  });
});

libraryItems.delete("/:id", requireAuth, idParam, async (c) => {
  await deleteItem(c.env, c.var.user, c.req.valid("param").id);
  return c.json({ success: true, message: M.deleted });
});

libraryItems.put("/:id/helpful", requireAuth, idParam, async (c) => {
  const data = await setHelpful(c.env, c.var.user, c.req.valid("param").id, true);
  return c.json({ success: true, message: M.voted, data });
});

libraryItems.delete("/:id/helpful", requireAuth, idParam, async (c) => {
  const data = await setHelpful(c.env, c.var.user, c.req.valid("param").id, false);
  return c.json({ success: true, message: M.unvoted, data });
});

libraryItems.post(
  "/:id/review",
  requireAuth,
  requireRole(["curator", "moderator"], M.reviewersOnly),
  idParam,
  validateJson(reviewSchema),
  async (c) => {
    const { message } = await reviewItem(c.env, c.var.user, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true, message });
  },
);
