import { Hono } from "hono";
import { type AppEnv, requireAuth, validateJson } from "#server/api/context.ts";
import { markRead, markReadSchema, readInbox } from "#server/services/notifications/notices.ts";
import { NOTIFICATION_MESSAGES } from "#common/notifications.ts";

// The signed-in student's notices: GET the inbox, POST /read to mark one ({ id }) or all ({}).
const notifications = new Hono<AppEnv>();

notifications.get("/", requireAuth, async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: await readInbox(c.env, c.var.user.id) });
});

notifications.post("/read", requireAuth, validateJson(markReadSchema), async (c) => {
  const changed = await markRead(c.env, c.var.user.id, c.req.valid("json"));
  return c.json({
    success: true,
    message: NOTIFICATION_MESSAGES.readCount(changed),
    data: await readInbox(c.env, c.var.user.id),
  });
});

export default notifications;
