import { Hono } from "hono";
import { type AppEnv, requireAuth, validateJson } from "#server/api/context.ts";
import { ApiError } from "#server/lib/errors.ts";
import { vapidKeys } from "#server/lib/vapid.ts";
import { NOTIFICATION_MESSAGES } from "#common/notifications.ts";
import { digestSchema, setDigest } from "#server/services/notifications/digest.ts";
import { classRemindersSchema, setClassReminders } from "#server/services/timetable/class-reminders.ts";
import { eventRemindersSchema, setEventReminders } from "#server/services/events/reminders.ts";
import { EVENT_MESSAGES } from "#common/events.ts";
import { pushSettings, savePushSettings, settingsSchema } from "#server/services/notifications/push-settings.ts";
import {
  subscribe,
  subscriptionSchema,
  unsubscribe,
  unsubscribeSchema,
} from "#server/services/notifications/push-devices.ts";

// Web Push for the signed-in student's devices (docs/decisions/0091-web-push.md).
const push = new Hono<AppEnv>();

// The public key the browser subscribes with (applicationServerKey).
push.get("/key", (c) => {
  const keys = vapidKeys(c.env);
  if (!keys) throw new ApiError(503, NOTIFICATION_MESSAGES.notSetUp);
  c.header("Cache-Control", "public, max-age=3600");
  return c.json({ success: true, publicKey: keys.publicKey });
});

push.post("/subscribe", requireAuth, validateJson(subscriptionSchema), async (c) => {
  await subscribe(c.env, { userId: c.var.user.id, sessionId: c.var.sessionId }, c.req.valid("json"));
  return c.json({ success: true, message: NOTIFICATION_MESSAGES.deviceOn }, 201);
});

push.delete("/subscribe", requireAuth, validateJson(unsubscribeSchema), async (c) => {
  await unsubscribe(c.env, c.var.user.id, c.req.valid("json").endpoint);
  return c.json({ success: true, message: NOTIFICATION_MESSAGES.deviceOff });
});

push.get("/settings", requireAuth, async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: await pushSettings(c.env, c.var.user.id) });
});

push.put("/settings", requireAuth, validateJson(settingsSchema), async (c) => {
  await savePushSettings(c.env, c.var.user.id, c.req.valid("json"));
  return c.json({
    success: true,
    message: NOTIFICATION_MESSAGES.settingsSaved,
    data: await pushSettings(c.env, c.var.user.id),
  });
});

// The daily e-mail digest on or off (docs/decisions/0092-daily-digest.md).
push.put("/digest", requireAuth, validateJson(digestSchema), async (c) => {
  const { enabled } = c.req.valid("json");
  await setDigest(c.env, c.var.user.id, enabled);
  return c.json({
    success: true,
    message: enabled ? NOTIFICATION_MESSAGES.digestOn : NOTIFICATION_MESSAGES.digestOff,
    data: await pushSettings(c.env, c.var.user.id),
  });
});

// A notice 10 minutes before each class (docs/decisions/0110-class-reminders.md).
push.put("/class-reminders", requireAuth, validateJson(classRemindersSchema), async (c) => {
  const { enabled } = c.req.valid("json");
  await setClassReminders(c.env, c.var.user.id, enabled);
  return c.json({
    success: true,
    message: enabled ? NOTIFICATION_MESSAGES.classRemindersOn : NOTIFICATION_MESSAGES.classRemindersOff,
    data: await pushSettings(c.env, c.var.user.id),
  });
});

// A notice an hour before each event the student is going to (docs/decisions/0130-the-waiting-list.md).
push.put("/event-reminders", requireAuth, validateJson(eventRemindersSchema), async (c) => {
  const { enabled } = c.req.valid("json");
  await setEventReminders(c.env, c.var.user.id, enabled);
  return c.json({
    success: true,
    message: enabled ? EVENT_MESSAGES.remindersOn : EVENT_MESSAGES.remindersOff,
    data: await pushSettings(c.env, c.var.user.id),
  });
});

export default push;
