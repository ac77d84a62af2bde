import { Hono } from "hono";
import { UPLOAD_LIMITS } from "#common/body-limits.ts";
import { LF, LF_CLAIM_WHAT, LF_POST_WHAT } from "#common/lost-found.ts";
import { type AppEnv, requireAuth, requireMayActTo, validateJson, validateQuery } from "#server/api/context.ts";
import { bodyLimit } from "#server/lib/body-limit.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import {
  claimIdSchema,
  claimPost,
  claimSchema,
  decideClaim,
  decisionSchema,
  handover,
  handoverSchema,
  markReturned,
} from "#server/services/lost-found/claims.ts";
import { readPostPage } from "#server/services/lost-found/page.ts";
import {
  createPost,
  deletePost,
  lfIdSchema,
  lfListQuerySchema,
  lfPatchSchema,
  lfPostSchema,
  listPosts,
  postPhoto,
  updatePost,
} from "#server/services/lost-found/posts.ts";

// Lost & found of the signed-in member's college (docs/decisions/0128, 0129). Members only: a
// visitor gets 401, another college's post 404. A post is sent as a multipart form (its photos are
// files, as a listing's: POST /api/product/upload); everything else is JSON.
const lostFound = new Hono<AppEnv>();

const noStore = { "Cache-Control": "no-store" };

lostFound.get("/", requireAuth, validateQuery(lfListQuerySchema), async (c) => {
  const posts = await listPosts(c.env, c.var.user, c.req.valid("query"));
  return c.json({ success: true, data: posts }, 200, noStore);
});

lostFound.post("/", bodyLimit(UPLOAD_LIMITS.listing), requireAuth, requireMayActTo(LF_POST_WHAT), async (c) => {
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "multipart/form-data")
    throw new ApiError(415, "Send the post as multipart/form-data (its photos are files named image).");
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new ApiError(400, "The form could not be read. Send it again.");
  }
  const input = parseWith(lfPostSchema, {
    ...formInput(form),
    image: form.getAll("image"),
    thumb: form.getAll("thumb"),
  });
  const post = await createPost(c.env, c.var.user, input);
  return c.json({ success: true, message: LF.posted, data: post }, 201);
});

lostFound.post("/claims/:id", requireAuth, requireMayActTo(LF_CLAIM_WHAT), validateJson(decisionSchema), async (c) => {
  const decision = c.req.valid("json");
  const claim = await decideClaim(c.env, c.var.user, parseWith(claimIdSchema, c.req.param("id")), decision);
  return c.json({ success: true, message: decision.answer === "accept" ? LF.accepted : LF.declined, data: claim });
});

lostFound.post(
  "/claims/:id/handover",
  requireAuth,
  requireMayActTo(LF_CLAIM_WHAT),
  validateJson(handoverSchema),
  async (c) => {
    const input = c.req.valid("json");
    const claim = await handover(c.env, c.var.user, parseWith(claimIdSchema, c.req.param("id")), input);
    return c.json({ success: true, message: input.agree ? LF.placeAgreed : LF.placeProposed, data: claim });
  },
);

lostFound.get("/:id", requireAuth, async (c) => {
  const page = await readPostPage(c.env, c.var.user, parseWith(lfIdSchema, c.req.param("id")));
  return c.json({ success: true, data: page }, 200, noStore);
});

lostFound.get("/:id/photos/:n", requireAuth, async (c) => {
  const n = Number(c.req.param("n"));
  const id = lfIdSchema.safeParse(c.req.param("id"));
  if (!id.success || !Number.isInteger(n) || n < 0 || n > 3)
    return c.json({ success: false, message: LF.noPhoto }, 404);
  const photo = await postPhoto(c.env, c.var.user, id.data, n, c.req.query("small") === "1");
  if (!photo) return c.json({ success: false, message: LF.noPhoto }, 404);
  return new Response(photo.object.body, {
    headers: {
      "Content-Type": photo.object.httpMetadata?.contentType ?? "application/octet-stream",
      "Cache-Control": photo.cacheControl,
      "X-Content-Type-Options": "nosniff",
      "Content-Length": String(photo.object.size),
    },
  });
});

lostFound.patch("/:id", requireAuth, requireMayActTo(LF_POST_WHAT), validateJson(lfPatchSchema), async (c) => {
  const patch = c.req.valid("json");
  const post = await updatePost(c.env, c.var.user, parseWith(lfIdSchema, c.req.param("id")), patch);
  return c.json({ success: true, message: patch.renew ? LF.renewed : LF.updated, data: post });
});

lostFound.delete("/:id", requireAuth, async (c) => {
  await deletePost(c.env, c.var.user, parseWith(lfIdSchema, c.req.param("id")));
  return c.json({ success: true, message: LF.deleted });
});

lostFound.post("/:id/claims", requireAuth, requireMayActTo(LF_CLAIM_WHAT), validateJson(claimSchema), async (c) => {
  const claim = await claimPost(c.env, c.var.user, parseWith(lfIdSchema, c.req.param("id")), c.req.valid("json"));
  return c.json({ success: true, message: LF.claimed, data: claim }, 201);
});

// No body: who may mark it returned is the whole question (the poster or the accepted owner).
lostFound.post("/:id/returned", requireAuth, requireMayActTo(LF_CLAIM_WHAT), async (c) => {
  await markReturned(c.env, c.var.user, parseWith(lfIdSchema, c.req.param("id")));
  return c.json({ success: true, message: LF.returned });
});

export default lostFound;
