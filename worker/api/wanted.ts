import { Hono } from "hono";
import { paiseToRupees } from "#common/market.ts";
import { WANTED_DELETED, WANTED_POSTED } from "#common/market-messages.ts";
import { type AppEnv, requireAuth, requireMayActTo, validateJson } from "#server/api/context.ts";
import { parseWith } from "#server/lib/validate.ts";
import {
  deleteWanted,
  listWanted,
  postWanted,
  WANTED,
  wantedIdSchema,
  wantedSchema,
  type WantedView,
} from "#server/services/market/wanted.ts";

// "Wanted" posts of the signed-in member's campus (docs/decisions/0088-saved-and-wanted.md).
const wanted = new Hono<AppEnv>();

const toJson = (post: WantedView) => ({
  _id: post.id,
  words: post.words,
  category: post.category,
  maxPrice: post.maxPricePaise === null ? null : paiseToRupees(post.maxPricePaise),
  maxPricePaise: post.maxPricePaise,
  name: post.name,
  mine: post.mine,
  createdAt: post.createdAt,
  expiresAt: post.expiresAt,
});

wanted.get("/", requireAuth, async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: (await listWanted(c.env, c.var.user)).map(toJson) });
});

// Gated before the body is read, as every post of a verified member (decision 0076).
wanted.post("/", requireAuth, requireMayActTo(WANTED), validateJson(wantedSchema), async (c) => {
  const post = await postWanted(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message: WANTED_POSTED, data: toJson(post) }, 201);
});

wanted.delete("/:id", requireAuth, async (c) => {
  await deleteWanted(c.env, c.var.user, parseWith(wantedIdSchema, c.req.param("id")));
  return c.json({ success: true, message: WANTED_DELETED });
});

export default wanted;
