import { Hono } from "hono";
import { EVENT_MESSAGES as M } from "#common/events.ts";
import {
  type AppEnv,
  requireAuth,
  requireMayActTo,
  requireRole,
  userOf,
  validateJson,
  validateQuery,
} from "#server/api/context.ts";
import { parseWith } from "#server/lib/validate.ts";
import { idSchema } from "#server/services/events/common.ts";
import {
  clubSchema,
  createClub,
  followClub,
  leadSchema,
  listClubs,
  nameLead,
  removeLead,
  unfollowClub,
} from "#server/services/events/clubs.ts";
import {
  cancelEvent,
  editEvent,
  eventListSchema,
  eventPatchSchema,
  eventSchema,
  listEvents,
  publishEvent,
  readEvent,
} from "#server/services/events/events.ts";
import { goTo, leave } from "#server/services/events/going.ts";
import { eventIcs } from "#server/services/events/ics.ts";
import { imageResponse } from "#server/services/events/images.ts";
import { logoKeyOf } from "#server/services/events/clubs.ts";
import { posterKeyOf } from "#server/services/events/events.ts";

// Events and clubs for outside clients (docs/decisions/0130-the-waiting-list.md,
// docs/decisions/0131-sharing-without-leaking.md): a college's events (a visitor's read shows only
// those open to visitors), publishing and changing them (a club's lead or the campus admin: the
// use-case decides), going and the waiting list, and clubs.
export const eventsApi = new Hono<AppEnv>();
export const clubsApi = new Hono<AppEnv>();

eventsApi.get("/", validateQuery(eventListSchema), async (c) => {
  c.header("Cache-Control", "private, no-store");
  const data = await listEvents(c.env, await userOf(c), c.req.valid("query"));
  return c.json({ success: true, data });
});

eventsApi.post("/", requireAuth, requireMayActTo("publish an event"), validateJson(eventSchema), async (c) => {
  const event = await publishEvent(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message: M.publishedOk, data: event }, 201);
});

// The event's own calendar file, for anyone who may see the event.
eventsApi.get("/:id/ics", async (c) => {
  const read = await readEvent(c.env, await userOf(c), parseWith(idSchema, c.req.param("id")));
  if (!read.visible) return c.json({ success: false, message: M.signInToSee }, 401);
  c.header("Cache-Control", "private, no-store");
  c.header("Content-Type", "text/calendar; charset=utf-8");
  c.header("Content-Disposition", `attachment; filename="event-${read.event.id}.ics"`);
  return c.body(eventIcs(c.env, read.event));
});

// The poster, for anyone who may see the event (a visitor: only an event open to visitors).
eventsApi.get("/:id/poster", async (c) => {
  const key = await posterKeyOf(c.env, await userOf(c), parseWith(idSchema, c.req.param("id")));
  const image = await imageResponse(c.env, key, c.req.header("If-None-Match"));
  return image ?? c.json({ success: false, message: M.noPoster }, 404);
});

eventsApi.get("/:id", async (c) => {
  c.header("Cache-Control", "private, no-store");
  const read = await readEvent(c.env, await userOf(c), parseWith(idSchema, c.req.param("id")));
  if (!read.visible) return c.json({ success: false, message: M.signInToSee, campusName: read.campusName }, 401);
  return c.json({ success: true, data: read.event });
});

eventsApi.patch("/:id", requireAuth, requireMayActTo("change an event"), validateJson(eventPatchSchema), async (c) => {
  const event = await editEvent(c.env, c.var.user, parseWith(idSchema, c.req.param("id")), c.req.valid("json"));
  return c.json({ success: true, message: M.savedOk, data: event });
});

eventsApi.delete("/:id", requireAuth, requireMayActTo("cancel an event"), async (c) => {
  await cancelEvent(c.env, c.var.user, parseWith(idSchema, c.req.param("id")));
  return c.json({ success: true, message: M.cancelledOk });
});

eventsApi.put("/:id/going", requireAuth, requireMayActTo(M.verifyToGo), async (c) => {
  const result = await goTo(c.env, c.var.user, parseWith(idSchema, c.req.param("id")));
  return c.json({
    success: true,
    message: result.state === "going" ? M.goingOk : M.waitingOk(result.line ?? 1),
    data: result,
  });
});

eventsApi.delete("/:id/going", requireAuth, async (c) => {
  const { was } = await leave(c.env, c.var.user, parseWith(idSchema, c.req.param("id")));
  return c.json({ success: true, message: was === "going" ? M.leftOk : M.leftWaitingOk });
});

clubsApi.get("/", requireAuth, async (c) => {
  c.header("Cache-Control", "private, no-store");
  return c.json({ success: true, data: await listClubs(c.env, c.var.user) });
});

clubsApi.post("/", requireAuth, requireRole("admin", M.adminOnlyClubs), validateJson(clubSchema), async (c) => {
  const club = await createClub(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message: M.clubCreated, data: club }, 201);
});

clubsApi.get("/:id/logo", requireAuth, async (c) => {
  const key = await logoKeyOf(c.env, c.var.user, parseWith(idSchema, c.req.param("id")));
  const image = await imageResponse(c.env, key, c.req.header("If-None-Match"));
  return image ?? c.json({ success: false, message: M.noLogo }, 404);
});

clubsApi.put("/:id/follow", requireAuth, requireMayActTo(M.verifyToFollow), async (c) => {
  await followClub(c.env, c.var.user, parseWith(idSchema, c.req.param("id")));
  return c.json({ success: true, message: M.followOk });
});

clubsApi.delete("/:id/follow", requireAuth, async (c) => {
  await unfollowClub(c.env, c.var.user, parseWith(idSchema, c.req.param("id")));
  return c.json({ success: true, message: M.unfollowOk });
});

clubsApi.delete("/:id/leads/:userId", requireAuth, requireRole("admin", M.adminOnlyClubs), async (c) => {
  await removeLead(
    c.env,
    c.var.user,
    parseWith(idSchema, c.req.param("id")),
    parseWith(idSchema, c.req.param("userId")),
  );
  return c.json({ success: true, message: M.leadRemoved });
});

clubsApi.post(
  "/:id/leads",
  requireAuth,
  requireRole("admin", M.adminOnlyClubs),
  validateJson(leadSchema),
  async (c) => {
    const lead = await nameLead(c.env, c.var.user, parseWith(idSchema, c.req.param("id")), c.req.valid("json"));
    return c.json({ success: true, message: M.leadNamed(lead.name), data: lead }, 201);
  },
);
