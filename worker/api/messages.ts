import { Hono } from "hono";
import { CONVERSATION_MESSAGES as M, MESSAGE_SELLER, type MessageView } from "#common/messages.ts";
import { paiseToRupees } from "#common/market.ts";
import {
  type AppEnv,
  requireAuth,
  requireRole,
  requireMayActTo,
  requireSignedToken,
  sessionOf,
  validateJson,
  validateQuery,
} from "#server/api/context.ts";
import { ApiError } from "#server/lib/errors.ts";
import { parseWith } from "#server/lib/validate.ts";
import {
  answerOffer,
  answerSchema,
  makeOffer,
  offerIdSchema,
  offerSchema,
  withdrawOffer,
} from "#server/services/messages/offers.ts";
import { listConversations, readThread, threadQuerySchema } from "#server/services/messages/read.ts";
import { roomOf } from "#server/services/messages/room.ts";
import {
  agreeMeetup,
  blockSchema,
  meetupSchema,
  proposeMeetup,
  readReported,
  reportConversation,
  reportedConversations,
  reportSchema,
  resolveConversationReports,
  setBlocked,
  shareContact,
} from "#server/services/messages/safety.ts";
import { conversationIdSchema, messageSchema, requireMember, sendAsClaimed } from "#server/services/messages/send.ts";
import { messageSeller } from "#server/services/messages/start.ts";
import { productIdSchema } from "#server/services/market/product-view.ts";

// Conversations between a listing's seller and a buyer (docs/decisions/0113-conversations.md):
// /api/messages, and POST /api/product/:id/messages (mounted on the product routes in app.ts).

const toJson = (m: MessageView) => ({ ...m, price: m.pricePaise === null ? null : paiseToRupees(m.pricePaise) });

export const messages = new Hono<AppEnv>();

messages.get("/", requireAuth, async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: await listConversations(c.env, c.var.user) });
});

messages.get("/:conversationId", requireAuth, validateQuery(threadQuerySchema), async (c) => {
  c.header("Cache-Control", "no-store");
  const id = parseWith(conversationIdSchema, c.req.param("conversationId"));
  const thread = await readThread(c.env, c.var.user, id, c.req.valid("query"));
  return c.json({ success: true, data: { ...thread, messages: thread.messages.map(toJson) } });
});

// The chat's hottest write checks its session inside the write that sends it (decision 0143).
messages.post("/:conversationId", requireSignedToken, validateJson(messageSchema), async (c) => {
  const id = parseWith(conversationIdSchema, c.req.param("conversationId"));
  const message = await sendAsClaimed(c.env, c.var.claims, id, c.req.valid("json"), async () => {
    const session = await sessionOf(c);
    return session?.user ?? null;
  });
  return c.json({ success: true, message: M.sent, data: toJson(message) }, 201);
});

messages.post(
  "/:conversationId/offers",
  requireAuth,
  requireMayActTo(MESSAGE_SELLER),
  validateJson(offerSchema),
  async (c) => {
    const id = parseWith(conversationIdSchema, c.req.param("conversationId"));
    const message = await makeOffer(c.env, c.var.user, id, c.req.valid("json"));
    return c.json({ success: true, message: M.offerSent, data: toJson(message) }, 201);
  },
);

messages.post(
  "/offers/:offerId",
  requireAuth,
  requireMayActTo(MESSAGE_SELLER),
  validateJson(answerSchema),
  async (c) => {
    const id = parseWith(offerIdSchema, c.req.param("offerId"));
    const input = c.req.valid("json");
    const { message } = await answerOffer(c.env, c.var.user, id, input);
    return c.json({
      success: true,
      message: input.answer === "accept" ? M.offerAccepted : M.offerDeclined,
      data: toJson(message),
    });
  },
);

messages.delete("/offers/:offerId", requireAuth, async (c) => {
  const id = parseWith(offerIdSchema, c.req.param("offerId"));
  const message = await withdrawOffer(c.env, c.var.user, id);
  return c.json({ success: true, message: M.offerWithdrawn, data: toJson(message) });
});

messages.put(
  "/:conversationId/meetup",
  requireAuth,
  requireMayActTo(MESSAGE_SELLER),
  validateJson(meetupSchema),
  async (c) => {
    const id = parseWith(conversationIdSchema, c.req.param("conversationId"));
    const message = await proposeMeetup(c.env, c.var.user, id, c.req.valid("json"));
    return c.json({ success: true, message: M.meetupProposed, data: toJson(message) });
  },
);

messages.post("/:conversationId/meetup/agree", requireAuth, requireMayActTo(MESSAGE_SELLER), async (c) => {
  const id = parseWith(conversationIdSchema, c.req.param("conversationId"));
  const message = await agreeMeetup(c.env, c.var.user, id);
  return c.json({ success: true, message: M.meetupAgreed, data: toJson(message) });
});

messages.post("/:conversationId/contact", requireAuth, requireMayActTo(MESSAGE_SELLER), async (c) => {
  const id = parseWith(conversationIdSchema, c.req.param("conversationId"));
  const message = await shareContact(c.env, c.var.user, id);
  return c.json({ success: true, message: M.contactShared, data: toJson(message) }, 201);
});

messages.put("/:conversationId/block", requireAuth, validateJson(blockSchema), async (c) => {
  const id = parseWith(conversationIdSchema, c.req.param("conversationId"));
  const message = await setBlocked(c.env, c.var.user, id, c.req.valid("json").blocked);
  return c.json({ success: true, message });
});

messages.post("/:conversationId/report", requireAuth, validateJson(reportSchema), async (c) => {
  const id = parseWith(conversationIdSchema, c.req.param("conversationId"));
  const message = await reportConversation(c.env, c.var.user, id, c.req.valid("json"));
  return c.json({ success: true, message }, 201);
});

/**
 * The conversation's live socket. A browser sends its cookies with a WebSocket from any site, so the
 * Origin must be this site's own (no cross-site socket can read a member's messages); then the member
 * must be one of the conversation's two. The upgrade goes to the conversation's Durable Object.
 */
messages.get(
  "/:conversationId/socket",
  requireAuth,
  async (c, next) => {
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket")
      throw new ApiError(426, "This address is a WebSocket: open it with Upgrade: websocket.");
    const origin = c.req.header("Origin");
    if (origin && origin !== new URL(c.req.url).origin) throw new ApiError(403, "Cross-site sockets are refused.");
    await next();
  },
  async (c) => {
    const id = parseWith(conversationIdSchema, c.req.param("conversationId"));
    await requireMember(c.env, c.var.user, id);
    const headers = new Headers(c.req.raw.headers);
    headers.set("X-Campus-Member", c.var.user.id);
    // The socket lives as long as this session (worker/services/messages/room.ts).
    headers.set("X-Campus-Session", c.var.sessionId);
    const upstream = await roomOf(c.env, id).fetch(new Request(c.req.url, { headers }));
    if (!upstream.webSocket) return upstream;
    // A response of our own, whose headers the front door may still add to.
    return new Response(null, { status: 101, webSocket: upstream.webSocket });
  },
);

/** POST /api/product/:id/messages: start or continue the member's conversation about a listing. */
export const productMessages = new Hono<AppEnv>();

productMessages.post(
  "/:id/messages",
  requireAuth,
  requireMayActTo(MESSAGE_SELLER),
  validateJson(messageSchema),
  async (c) => {
    const productId = parseWith(productIdSchema, c.req.param("id"));
    const started = await messageSeller(c.env, c.var.user, productId, c.req.valid("json"));
    return c.json(
      {
        success: true,
        message: M.sent,
        data: { conversationId: started.conversationId, message: toJson(started.message) },
      },
      201,
    );
  },
);

/** A campus's moderators: reported conversations, each read audited (`/api/moderation/conversations`). */
export const reportedMessages = new Hono<AppEnv>();

reportedMessages.get("/", requireAuth, requireRole("moderator"), async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: await reportedConversations(c.env, c.var.user) });
});

reportedMessages.get("/:conversationId", requireAuth, requireRole("moderator"), async (c) => {
  c.header("Cache-Control", "no-store");
  const id = parseWith(conversationIdSchema, c.req.param("conversationId"));
  const thread = await readReported(c.env, c.var.user, id);
  return c.json({ success: true, data: { ...thread, messages: thread.messages.map(toJson) } });
});

reportedMessages.post("/:conversationId/resolve", requireAuth, requireRole("moderator"), async (c) => {
  const id = parseWith(conversationIdSchema, c.req.param("conversationId"));
  await resolveConversationReports(c.env, c.var.user, id);
  return c.json({ success: true, message: "The reports of this conversation are closed." });
});
