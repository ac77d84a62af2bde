import { Hono } from "hono";
import { paiseToRupees } from "#common/market.ts";
import { type AppEnv, readJson, requireAuth } from "#server/api/context.ts";
import { parseWith } from "#server/lib/validate.ts";
import { deleteWanted, listWanted, postWanted, wantedIdSchema, type WantedView } from "#server/services/wanted.ts";

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

// The service validates the body (wantedSchema): it turns rupees into paise, so it reads it once.
wanted.post("/", requireAuth, async (c) => {
  const post = await postWanted(c.env, c.var.user, await readJson(c));
  return c.json(
    { success: true, message: "Posted: you get a notice when a matching listing appears.", data: toJson(post) },
    201,
  );
});

wanted.delete("/:id", requireAuth, async (c) => {
  await deleteWanted(c.env, c.var.user, parseWith(wantedIdSchema, c.req.param("id")));
  return c.json({ success: true, message: "Wanted post deleted." });
});

export default wanted;
