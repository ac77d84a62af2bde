import { Hono } from "hono";
import { type AppEnv, requireAuth, requireRole, validateJson } from "#server/api/context.ts";
import { moderate, moderationActionSchema } from "#server/services/moderation/actions.ts";
import { readQueue, readSuspensions } from "#server/services/moderation/queue.ts";
import { reportContent, reportSchema } from "#server/services/moderation/reports.ts";
import { MODERATION_MESSAGES } from "#common/moderation-messages.ts";

// Reports (any member) and the moderators' queue and actions (docs/decisions/0082-reports-and-moderation.md).

export const reports = new Hono<AppEnv>();

reports.post("/", requireAuth, validateJson(reportSchema), async (c) => {
  const result = await reportContent(c.env, c.var.user, c.req.valid("json"));
  return c.json(
    {
      success: true,
      message: result.counted ? MODERATION_MESSAGES.reported : MODERATION_MESSAGES.reportedAgain,
      data: result,
    },
    result.counted ? 201 : 200,
  );
});

export const moderation = new Hono<AppEnv>();

moderation.get("/queue", requireAuth, requireRole("moderator"), async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: await readQueue(c.env, c.var.user) });
});

// The campus's suspended members, for lifting a suspension early (`{ action: "lift", userId }` below).
moderation.get("/suspensions", requireAuth, requireRole("moderator"), async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: await readSuspensions(c.env, c.var.user) });
});

moderation.post("/actions", requireAuth, requireRole("moderator"), validateJson(moderationActionSchema), async (c) => {
  const { message } = await moderate(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message });
});
