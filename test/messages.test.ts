// Conversations about listings (docs/decisions/0113-conversations.md): who may message whom, in
// order and once, blocks, limits, offers that reserve through Buy's own write, meet-ups, reports a
// moderator reads (audited), and the live socket served by the conversation's Durable Object.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { suspendedMessage, verifyFirst } from "#common/membership.ts";
import { CONVERSATION_MESSAGES as M, MESSAGE_MAX, MESSAGE_SELLER, PAYMENT_LINK_WARNING } from "#common/messages.ts";
import {
  bearer,
  call,
  createUser,
  inOneLimiterMinute,
  postJson,
  unique,
  uniqueIp,
  type TestUser,
} from "#test/helpers.ts";
import {
  answer,
  listProduct,
  openSocket,
  rows,
  type TestSocket,
  send,
  sellerAndBuyer,
  start,
  thread,
} from "#test/messages-helpers.ts";
import { captureRequestLogs } from "#test/query-budget-helpers.ts";
import { grant } from "#test/staff-helpers.ts";
import { expireReservations } from "#server/services/market/reservations.ts";

type Inbox = { id: string; role: string; unread: number; otherName: string; lastMessage: string }[];

async function inbox(user: { token: string }): Promise<Inbox> {
  const res = await answer<Inbox>(await call("/api/messages", { headers: bearer(user.token) }));
  expect(res.status).toBe(200);
  return res.body.data;
}

async function addPlace(name = unique("Library entrance ")): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO meetup_places (id, campus_id, name, created_at) VALUES (?1, 'cit', ?2, ?3)")
    .bind(id, name, Date.now())
    .run();
  return id;
}

describe("messaging a seller", () => {
  it("starts one conversation per listing and buyer, both see it in their inbox, and reading clears the unread count", async () => {
    const { seller, buyer, productId } = await sellerAndBuyer();
    const first = await start(buyer, productId);
    const again = await start(buyer, productId, "I can come today.");
    expect(again.conversationId).toBe(first.conversationId);
    expect([first.message.seq, again.message.seq]).toEqual([1, 2]);

    const sellers = await inbox(seller);
    expect(sellers).toHaveLength(1);
    expect(sellers[0]).toMatchObject({
      id: first.conversationId,
      role: "seller",
      unread: 2,
      otherName: "Bala",
      lastMessage: "I can come today.",
    });
    expect((await inbox(buyer))[0]).toMatchObject({ role: "buyer", unread: 0, otherName: "Sita" });

    // The seller's notice: one for the conversation, however many messages came.
    expect(
      await rows(
        "SELECT 1 FROM notices WHERE user_id = ?1 AND kind = 'market.message' AND read_at IS NULL",
        seller.userId,
      ),
    ).toBe(1);

    const read = await thread(seller, first.conversationId);
    expect(read.status).toBe(200);
    expect(read.body.data.messages.map((m) => [m.seq, m.body, m.mine])).toEqual([
      [1, "Is this still available?", false],
      [2, "I can come today.", false],
    ]);
    expect((await inbox(seller))[0]!.unread).toBe(0);
    expect(
      await rows(
        "SELECT 1 FROM notices WHERE user_id = ?1 AND kind = 'market.message' AND read_at IS NULL",
        seller.userId,
      ),
    ).toBe(0);

    const reply = await answer<{ seq: number; mine: boolean }>(
      await send(`/api/messages/${first.conversationId}`, seller, { text: "Yes, it is." }),
    );
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ seq: 3, mine: true });
    expect((await inbox(buyer))[0]!.unread).toBe(1);
  });

  it("the buyer who reserved with Buy alone starts the conversation about it; nobody else starts one then", async () => {
    const { seller, buyer, productId } = await sellerAndBuyer();
    expect(
      (await call(`/api/product/purchase/${productId}`, { method: "PATCH", headers: bearer(buyer.token) })).status,
    ).toBe(200);
    // The listing's page offers the reserving buyer the meeting's openers.
    const page = await (await call(`/product/${productId}`, { headers: { Cookie: buyer.cookie } })).text();
    expect(page).toContain("When are you free to meet?");
    const started = await start(buyer, productId, "Where can we meet?");
    expect((await inbox(seller))[0]).toMatchObject({ id: started.conversationId, lastMessage: "Where can we meet?" });
    const other = await createUser();
    const refused = await answer(await send(`/api/product/${productId}/messages`, other, { text: "Still there?" }));
    expect([refused.status, refused.body.message]).toEqual([409, M.listingGone]);
  });

  it("keeps conversations to their two members and their college", async () => {
    const { seller, buyer, productId } = await sellerAndBuyer();
    const { conversationId } = await start(buyer, productId);
    const stranger = await createUser();
    const otherCollege = await createUser({ email: `${unique("r")}@riverside.test` });

    expect((await thread(stranger, conversationId)).status).toBe(404);
    expect((await send(`/api/messages/${conversationId}`, stranger, { text: "hello" })).status).toBe(404);
    expect((await openSocket(stranger, conversationId)).status).toBe(404);
    expect((await call(`/api/messages/${conversationId}`)).status).toBe(401);
    // Another college's listing does not exist for this member; one's own listing is not messaged.
    const other = await answer(await send(`/api/product/${productId}/messages`, otherCollege, { text: "hi" }));
    expect(other.status).toBe(404);
    const own = await answer(await send(`/api/product/${productId}/messages`, seller, { text: "hi" }));
    expect([own.status, own.body.message]).toEqual([403, M.ownListing]);
    expect(await rows("SELECT 1 FROM messages WHERE conversation_id = ?1", conversationId)).toBe(1);
  });

  it("a signed-out visitor is offered to sign in and come back to the listing; a member gets the openers", async () => {
    const { buyer, productId } = await sellerAndBuyer();
    const visitor = await (await call(`/product/${productId}`)).text();
    expect(visitor).toContain("Sign in to message the seller");
    expect(visitor).toContain(`/login?next=${encodeURIComponent(`/product/${productId}`)}`);
    const member = await (await call(`/product/${productId}`, { headers: { Cookie: buyer.cookie } })).text();
    expect(member).toContain("Is this still available?");
  });

  it("refuses an unverified member, an empty or too long message, and a bad id, with clear 4xx messages", async () => {
    const { productId } = await sellerAndBuyer();
    const unverified = await createUser({ verified: false });
    const refused = await answer(await send(`/api/product/${productId}/messages`, unverified, { text: "hi" }));
    expect(refused.status).toBe(403);
    const buyer = await createUser();
    const empty = await answer(await send(`/api/product/${productId}/messages`, buyer, { text: "   " }));
    expect([empty.status, empty.body.message]).toEqual([400, "Write a message first."]);
    const long = await answer(
      await send(`/api/product/${productId}/messages`, buyer, { text: "a".repeat(MESSAGE_MAX + 1) }),
    );
    expect(long.status).toBe(400);
    expect(long.body.message).toContain(`at most ${MESSAGE_MAX} characters`);
    expect((await send("/api/messages/not-a-uuid", buyer, { text: "hi" })).status).toBe(400);
    expect(await rows("SELECT 1 FROM conversations WHERE product_id = ?1", productId)).toBe(0);
  });

  it("makes a resent message (same key) one message, and simultaneous first messages one conversation in order", async () => {
    const { buyer, productId } = await sellerAndBuyer();
    const clientKey = `k${crypto.randomUUID().replaceAll("-", "")}`;
    const [a, b] = await Promise.all([
      answer<{ conversationId: string }>(
        await send(`/api/product/${productId}/messages`, buyer, { text: "Once", clientKey }),
      ),
      answer<{ conversationId: string }>(
        await send(`/api/product/${productId}/messages`, buyer, { text: "Once", clientKey }),
      ),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.conversationId).toBe(b.body.data.conversationId);
    expect(await rows("SELECT 1 FROM messages WHERE client_key = ?1", clientKey)).toBe(1);

    const { productId: second } = await sellerAndBuyer();
    const many = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => send(`/api/product/${second}/messages`, buyer, { text: `m${n}` })),
    );
    expect(many.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await rows("SELECT 1 FROM conversations WHERE product_id = ?1", second)).toBe(1);
    const seqs = await env.DB.prepare(
      "SELECT m.seq FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.product_id = ?1 ORDER BY m.seq",
    )
      .bind(second)
      .all<{ seq: number }>();
    expect(seqs.results.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it("flags a link to an outside payment page, and still delivers it", async () => {
    const { seller, buyer, productId } = await sellerAndBuyer();
    const { conversationId } = await start(buyer, productId, "Pay me first at upi://pay?pa=someone@upi");
    const read = await thread<{ messages: { flagged: boolean }[] }>(seller, conversationId);
    expect(read.body.data.messages[0]!.flagged).toBe(true);
    expect(PAYMENT_LINK_WARNING).toContain("never asks you to pay online");
  });

  it("a member sending too fast gets a 429, and the refused message is not written", async () => {
    await inOneLimiterMinute(async () => {
      const { buyer, productId } = await sellerAndBuyer();
      const { conversationId } = await start(buyer, productId);
      const results = [];
      for (let i = 0; i < 30; i += 1)
        results.push((await send(`/api/messages/${conversationId}`, buyer, { text: `n${i}` })).status);
      expect(results.filter((s) => s === 201)).toHaveLength(29);
      expect(results.at(-1)).toBe(429);
      expect(await rows("SELECT 1 FROM messages WHERE conversation_id = ?1", conversationId)).toBe(30);
    });
  });
});

describe("a send checks its session inside the write that sends it (decision 0143)", () => {
  it("a send is one round trip to D1, and touches a session last seen over ten minutes ago", async () => {
    const { buyer, productId } = await sellerAndBuyer();
    const { conversationId } = await start(buyer, productId);
    const logs = captureRequestLogs();
    try {
      const sent = await send(`/api/messages/${conversationId}`, buyer, { text: "One trip" });
      expect(sent.status).toBe(201);
      expect(logs.usageOf(sent).queries).toBe(1);
    } finally {
      logs.stop();
    }
    const lastSeen = () =>
      env.DB.prepare("SELECT last_seen_at AS at FROM sessions WHERE user_id = ?1")
        .bind(buyer.userId)
        .first<{ at: number }>();
    const recent = (await lastSeen())!.at;
    expect((await send(`/api/messages/${conversationId}`, buyer, { text: "Still here" })).status).toBe(201);
    expect((await lastSeen())!.at).toBe(recent);
    const old = Date.now() - 11 * 60_000;
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ?1 WHERE user_id = ?2").bind(old, buyer.userId).run();
    expect((await send(`/api/messages/${conversationId}`, buyer, { text: "Back again" })).status).toBe(201);
    expect((await lastSeen())!.at).toBeGreaterThan(old + 10 * 60_000);
  });

  it("a token whose session ended, expired or lost its account is a 401, and nothing is written", async () => {
    const ended = async (end: (buyer: TestUser) => Promise<void>) => {
      const { buyer, productId } = await sellerAndBuyer();
      const { conversationId } = await start(buyer, productId);
      await end(buyer);
      const refused = await answer(await send(`/api/messages/${conversationId}`, buyer, { text: "Not sent" }));
      expect([refused.status, refused.body.message]).toEqual([401, "Please sign in to continue."]);
      expect(await rows("SELECT 1 FROM messages WHERE conversation_id = ?1", conversationId)).toBe(1);
      expect(await rows("SELECT 1 FROM notices WHERE text LIKE '%Not sent%'")).toBe(0);
    };
    await ended(async (buyer) => {
      expect((await call("/api/auth/logout", { method: "POST", headers: bearer(buyer.token) })).status).toBe(200);
    });
    await ended(async (buyer) => {
      await env.DB.prepare("UPDATE sessions SET expires_at = ?1 WHERE user_id = ?2")
        .bind(Date.now() - 1, buyer.userId)
        .run();
    });
    await ended(async (buyer) => {
      await env.DB.prepare("UPDATE users SET deleted_at = ?1 WHERE id = ?2").bind(Date.now(), buyer.userId).run();
    });
  });

  it("a suspended or unverified member is a 403 saying why, and nothing is written; a suspension that ended is not", async () => {
    const { buyer, productId } = await sellerAndBuyer();
    const { conversationId } = await start(buyer, productId);
    const until = Date.now() + 86_400_000;
    await env.DB.prepare("UPDATE users SET suspended_until = ?1, suspension_reason = 'Spam.' WHERE id = ?2")
      .bind(until, buyer.userId)
      .run();
    const suspended = await answer(await send(`/api/messages/${conversationId}`, buyer, { text: "Not sent" }));
    expect([suspended.status, suspended.body.message]).toEqual([403, suspendedMessage(until, "Spam.")]);
    await env.DB.prepare("UPDATE users SET suspended_until = ?1 WHERE id = ?2")
      .bind(Date.now() - 1, buyer.userId)
      .run();
    expect((await send(`/api/messages/${conversationId}`, buyer, { text: "Sent" })).status).toBe(201);
    await env.DB.prepare("UPDATE users SET email_verified_at = NULL WHERE id = ?1").bind(buyer.userId).run();
    const unverified = await answer(await send(`/api/messages/${conversationId}`, buyer, { text: "Not sent" }));
    expect([unverified.status, unverified.body.message]).toEqual([403, verifyFirst(MESSAGE_SELLER)]);
    expect(await rows("SELECT 1 FROM messages WHERE conversation_id = ?1 AND body = 'Not sent'", conversationId)).toBe(
      0,
    );
    expect(await rows("SELECT 1 FROM messages WHERE conversation_id = ?1", conversationId)).toBe(2);
  });

  it("another member's valid token is a 404 for the conversation, as before", async () => {
    const { buyer, productId } = await sellerAndBuyer();
    const { conversationId } = await start(buyer, productId);
    const stranger = await createUser();
    const refused = await answer(await send(`/api/messages/${conversationId}`, stranger, { text: "Let me in" }));
    expect([refused.status, refused.body.message]).toEqual([404, M.noConversation]);
    expect(await rows("SELECT 1 FROM messages WHERE conversation_id = ?1", conversationId)).toBe(1);
  });
});

describe("blocking and reporting", () => {
  it("a blocked member can no longer message, nor start about another listing; unblocking restores it", async () => {
    const { seller, buyer, productId } = await sellerAndBuyer();
    const { conversationId } = await start(buyer, productId);
    const blocked = await answer(await send(`/api/messages/${conversationId}/block`, seller, { blocked: true }, "PUT"));
    expect([blocked.status, blocked.body.message]).toEqual([200, M.blockedDone]);
    const refused = await answer(await send(`/api/messages/${conversationId}`, buyer, { text: "hello?" }));
    expect([refused.status, refused.body.message]).toEqual([403, M.blocked]);
    const otherListing = await listProduct(seller);
    expect((await send(`/api/product/${otherListing}/messages`, buyer, { text: "and this?" })).status).toBe(403);
    // The one who blocked cannot write either, until they unblock.
    expect((await send(`/api/messages/${conversationId}`, seller, { text: "x" })).status).toBe(403);
    expect(await rows("SELECT 1 FROM messages WHERE conversation_id = ?1", conversationId)).toBe(1);
    await send(`/api/messages/${conversationId}/block`, seller, { blocked: false }, "PUT");
    expect((await send(`/api/messages/${conversationId}`, buyer, { text: "hello?" })).status).toBe(201);
  });

  it("a suspended member cannot report a conversation (the rule of every report): 403, nothing stored, on both doors", async () => {
    const { buyer, productId } = await sellerAndBuyer();
    const { conversationId } = await start(buyer, productId);
    await env.DB.prepare("UPDATE users SET suspended_until = ?2, suspension_reason = 'Spam.' WHERE id = ?1")
      .bind(buyer.userId, Date.now() + 86_400_000)
      .run();
    const refused = await answer<unknown>(
      await send(`/api/messages/${conversationId}/report`, buyer, { reason: "scam" }),
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "suspended" });
    const page = await call(`/messages/${conversationId}`, {
      method: "POST",
      headers: {
        Cookie: buyer.cookie,
        Origin: "http://localhost",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "report", reason: "scam" }).toString(),
      redirect: "manual",
    });
    expect(await page.text()).toContain("suspended");
    expect(await rows("SELECT 1 FROM conversation_reports WHERE conversation_id = ?1", conversationId)).toBe(0);
    // The thread says why instead of offering the form.
    const thread = await (await call(`/messages/${conversationId}`, { headers: { Cookie: buyer.cookie } })).text();
    expect(thread).not.toContain('id="report-reason"');
    expect(thread).toMatch(/You are suspended|suspended until/i);
    // The page describes itself (search engines and link previews read it; Lighthouse's SEO audit too).
    expect(thread).toMatch(
      /<meta name="description" content="Your conversation with [^"]+: messages, offers and where to meet\."/,
    );
  });

  it("a reported conversation is read by a moderator of its college only, each read audited", async () => {
    const { buyer, productId } = await sellerAndBuyer();
    const { conversationId } = await start(buyer, productId, "Send me your OTP");
    const moderator = await createUser();
    await grant(moderator, "moderator");
    // Not reported: no moderator may read it.
    expect(
      (await call(`/api/moderation/conversations/${conversationId}`, { headers: bearer(moderator.token) })).status,
    ).toBe(404);
    const report = await answer(
      await send(`/api/messages/${conversationId}/report`, buyer, { reason: "scam", note: "asked for OTP" }),
    );
    expect([report.status, report.body.message]).toEqual([201, M.reported]);
    expect((await send(`/api/messages/${conversationId}/report`, buyer, { reason: "scam" })).status).toBe(409);

    const student = await createUser();
    expect(
      (await call(`/api/moderation/conversations/${conversationId}`, { headers: bearer(student.token) })).status,
    ).toBe(403);
    const elsewhere = await createUser({ email: `${unique("m")}@riverside.test` });
    await grant(elsewhere, "moderator", null, "rce");
    expect(
      (await call(`/api/moderation/conversations/${conversationId}`, { headers: bearer(elsewhere.token) })).status,
    ).toBe(404);

    const queue = await answer<{ id: string }[]>(
      await call("/api/moderation/conversations", { headers: bearer(moderator.token) }),
    );
    expect(queue.body.data.map((r) => r.id)).toContain(conversationId);
    const read = await answer<{ messages: { body: string }[] }>(
      await call(`/api/moderation/conversations/${conversationId}`, { headers: bearer(moderator.token) }),
    );
    expect(read.body.data.messages.map((m) => m.body)).toEqual(["Send me your OTP"]);
    expect(
      await rows(
        "SELECT 1 FROM staff_audit_log WHERE action = 'conversation.read' AND subject_id = ?1 AND actor_id = ?2",
        conversationId,
        moderator.userId,
      ),
    ).toBe(1);
    // The moderator's page shows it, reading it is audited again, and closing the reports takes it off /staff.
    const page = await call(`/staff/conversations/${conversationId}`, { headers: { Cookie: moderator.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Send me your OTP");
    expect((await call(`/staff/conversations/${conversationId}`, { headers: { Cookie: student.cookie } })).status).toBe(
      403,
    );
    const staff = await (await call("/staff", { headers: { Cookie: moderator.cookie } })).text();
    expect(staff).toContain("Reported conversations");
    expect(staff).toContain(`/staff/conversations/${conversationId}`);
    const closed = await call(`/staff/conversations/${conversationId}`, {
      method: "POST",
      headers: {
        Cookie: moderator.cookie,
        Origin: "http://localhost",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "",
      redirect: "manual",
    });
    expect(closed.status).toBe(302);
    expect(
      await rows(
        "SELECT 1 FROM conversation_reports WHERE conversation_id = ?1 AND resolved_at IS NULL",
        conversationId,
      ),
    ).toBe(0);
    expect(
      await rows(
        "SELECT 1 FROM staff_audit_log WHERE action = 'conversation.read' AND subject_id = ?1",
        conversationId,
      ),
    ).toBe(2);
    // The moderator's reading marks nothing read for the seller.
    expect(await rows("SELECT 1 FROM conversations WHERE id = ?1 AND seller_read_seq = 0", conversationId)).toBe(1);
  });
});

describe("offers", () => {
  it("the buyer offers, the seller accepts: the listing is reserved for that buyer at that price", async () => {
    const { seller, buyer, productId } = await sellerAndBuyer("500");
    const { conversationId } = await start(buyer, productId);
    const offer = await answer(await send(`/api/messages/${conversationId}/offers`, buyer, { price: 420 }));
    expect([offer.status, offer.body.message]).toEqual([201, M.offerSent]);
    const second = await answer(await send(`/api/messages/${conversationId}/offers`, buyer, { price: 430 }));
    expect([second.status, second.body.message]).toEqual([409, M.offerWaiting]);
    expect((await send(`/api/messages/${conversationId}/offers`, seller, { price: 10 })).status).toBe(403);
    expect((await send(`/api/messages/${conversationId}/offers`, buyer, { price: "ten" })).status).toBe(400);

    const view = await thread<{ offer: { id: string; pricePaise: number } }>(seller, conversationId);
    expect(view.body.data.offer.pricePaise).toBe(42000);
    expect((await send(`/api/messages/offers/${view.body.data.offer.id}`, buyer, { answer: "accept" })).status).toBe(
      403,
    );
    const accepted = await answer(
      await send(`/api/messages/offers/${view.body.data.offer.id}`, seller, { answer: "accept" }),
    );
    expect([accepted.status, accepted.body.message]).toEqual([200, M.offerAccepted]);

    // Reserved at the agreed price; the listing's own price stays the seller's.
    const product = await env.DB.prepare(
      "SELECT status, buyer_id, sale_price_paise, price_paise, buyer_name FROM products WHERE id = ?1",
    )
      .bind(productId)
      .first<{ status: string; buyer_id: string; sale_price_paise: number; price_paise: number; buyer_name: string }>();
    expect(product).toEqual({
      status: "sold",
      buyer_id: buyer.userId,
      sale_price_paise: 42000,
      price_paise: 50000,
      buyer_name: "Bala Buyer",
    });
    expect(await rows("SELECT 1 FROM reservation_log WHERE product_id = ?1", productId)).toBe(1);
    const purchased = await answer<unknown>(await call("/api/product/purchased", { headers: bearer(buyer.token) }));
    expect(JSON.stringify(purchased.body)).toContain(productId);
    // Answered once: a second answer finds nothing waiting.
    expect((await send(`/api/messages/offers/${view.body.data.offer.id}`, seller, { answer: "decline" })).status).toBe(
      409,
    );
  });

  it("a declined offer says so, and the buyer may offer again", async () => {
    const { seller, buyer, productId } = await sellerAndBuyer("500");
    const { conversationId } = await start(buyer, productId);
    await send(`/api/messages/${conversationId}/offers`, buyer, { price: 100 });
    const { body } = await thread<{ offer: { id: string } }>(seller, conversationId);
    const declined = await answer(
      await send(`/api/messages/offers/${body.data.offer.id}`, seller, { answer: "decline" }),
    );
    expect([declined.status, declined.body.message]).toEqual([200, M.offerDeclined]);
    expect((await send(`/api/messages/${conversationId}/offers`, buyer, { price: 450 })).status).toBe(201);
    const kinds = (await thread(buyer, conversationId)).body.data.messages.map((m) => m.kind);
    expect(kinds).toEqual(["text", "offer", "declined", "offer"]);
  });

  it("accepting an offer races a plain Buy and another accepted offer: exactly one reservation", async () => {
    for (let round = 0; round < 3; round += 1) {
      const { seller, buyer, productId } = await sellerAndBuyer("500");
      const rival = await createUser({ name: "Ravi Rival" });
      const third = await createUser({ name: "Tara Third" });
      const a = await start(buyer, productId);
      const b = await start(third, productId);
      await send(`/api/messages/${a.conversationId}/offers`, buyer, { price: 400 });
      await send(`/api/messages/${b.conversationId}/offers`, third, { price: 450 });
      const offerA = (await thread<{ offer: { id: string } }>(seller, a.conversationId)).body.data.offer.id;
      const offerB = (await thread<{ offer: { id: string } }>(seller, b.conversationId)).body.data.offer.id;
      const results = await Promise.all([
        send(`/api/messages/offers/${offerA}`, seller, { answer: "accept" }),
        call(`/api/product/purchase/${productId}`, { method: "PATCH", headers: bearer(rival.token) }),
        send(`/api/messages/offers/${offerB}`, seller, { answer: "accept" }),
      ]);
      expect(results.map((r) => r.status).filter((s) => s === 200)).toHaveLength(1);
      expect(results.map((r) => r.status).filter((s) => s === 409)).toHaveLength(2);
      expect(await rows("SELECT 1 FROM reservation_log WHERE product_id = ?1", productId)).toBe(1);
      expect(
        await rows("SELECT 1 FROM offers WHERE product_id = ?1 AND status = 'accepted'", productId),
      ).toBeLessThanOrEqual(1);
      expect(await rows("SELECT 1 FROM offers WHERE product_id = ?1 AND status = 'waiting'", productId)).toBe(0);
    }
  });
});

describe("a moderator's reading of a reported conversation", () => {
  async function reported() {
    const { seller, buyer, productId } = await sellerAndBuyer();
    const { conversationId } = await start(buyer, productId, "Pay me first on this link");
    expect((await send(`/api/messages/${conversationId}/report`, buyer, { reason: "scam" })).status).toBe(201);
    const moderator = await createUser();
    await grant(moderator, "moderator");
    return { seller, buyer, conversationId, moderator };
  }
  const audited = (conversationId: string) =>
    rows("SELECT 1 FROM staff_audit_log WHERE subject_id = ?1", conversationId);
  const read = (moderator: TestUser, conversationId: string) =>
    call(`/api/moderation/conversations/${conversationId}`, { headers: bearer(moderator.token) });

  it("ends with its reports: once they are resolved the thread is a 404 on both doors, and nothing more is audited", async () => {
    const { seller, conversationId, moderator } = await reported();
    expect((await read(moderator, conversationId)).status).toBe(200);
    const resolved = await answer(
      await call(`/api/moderation/conversations/${conversationId}/resolve`, {
        method: "POST",
        headers: bearer(moderator.token),
      }),
    );
    expect(resolved.status).toBe(200);
    expect(await audited(conversationId)).toBe(2);
    expect((await read(moderator, conversationId)).status).toBe(404);
    expect(
      (await call(`/staff/conversations/${conversationId}`, { headers: { Cookie: moderator.cookie } })).status,
    ).toBe(404);
    expect(await audited(conversationId)).toBe(2);
    // A second resolve finds nothing open: 404, nothing written.
    const again = await answer(
      await call(`/api/moderation/conversations/${conversationId}/resolve`, {
        method: "POST",
        headers: bearer(moderator.token),
      }),
    );
    expect([again.status, again.body.message]).toEqual([404, M.noOpenReports]);
    expect(await audited(conversationId)).toBe(2);
    // A new report (the seller's) opens it to the moderators again.
    expect((await send(`/api/messages/${conversationId}/report`, seller, { reason: "offensive" })).status).toBe(201);
    expect((await read(moderator, conversationId)).status).toBe(200);
  });

  it("a moderator of another college resolving it gets a 404, and nothing is written", async () => {
    const { conversationId } = await reported();
    const elsewhere = await createUser({ email: `${unique("m")}@riverside.test` });
    await grant(elsewhere, "moderator", null, "rce");
    const refused = await answer(
      await call(`/api/moderation/conversations/${conversationId}/resolve`, {
        method: "POST",
        headers: bearer(elsewhere.token),
      }),
    );
    expect([refused.status, refused.body.message]).toEqual([404, M.noOpenReports]);
    const page = await call(`/staff/conversations/${conversationId}`, {
      method: "POST",
      headers: {
        Cookie: elsewhere.cookie,
        Origin: "http://localhost",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "",
      redirect: "manual",
    });
    expect(page.status).not.toBe(302);
    expect(
      await rows(
        "SELECT 1 FROM conversation_reports WHERE conversation_id = ?1 AND resolved_at IS NULL",
        conversationId,
      ),
    ).toBe(1);
    expect(await audited(conversationId)).toBe(0);
  });
});

describe("an offer that cannot be accepted writes nothing", () => {
  /** A waiting ₹400 offer on a ₹500 listing. */
  async function waitingOffer() {
    const { seller, buyer, productId } = await sellerAndBuyer("500");
    const { conversationId } = await start(buyer, productId);
    expect((await send(`/api/messages/${conversationId}/offers`, buyer, { price: 400 })).status).toBe(201);
    const offerId = (await thread<{ offer: { id: string } }>(seller, conversationId)).body.data.offer.id;
    return { seller, buyer, productId, conversationId, offerId };
  }

  /** Nothing of a reservation: the listing on sale at its price, no log row, the offer still waiting, no new message. */
  async function nothingWritten(productId: string, conversationId: string, offerId: string): Promise<void> {
    expect(
      await env.DB.prepare(
        "SELECT status, buyer_id AS buyerId, sale_id AS saleId, price_paise AS price FROM products WHERE id = ?1",
      )
        .bind(productId)
        .first(),
    ).toEqual({ status: "available", buyerId: null, saleId: null, price: 50000 });
    expect(await rows("SELECT 1 FROM reservation_log WHERE product_id = ?1", productId)).toBe(0);
    expect(await rows("SELECT 1 FROM offers WHERE id = ?1 AND status = 'waiting'", offerId)).toBe(1);
    expect(await rows("SELECT 1 FROM messages WHERE conversation_id = ?1", conversationId)).toBe(2);
  }

  it("the buyer blocked the seller: the seller's accept is a 403 and reserves nothing", async () => {
    const { seller, buyer, productId, conversationId, offerId } = await waitingOffer();
    expect((await send(`/api/messages/${conversationId}/block`, buyer, { blocked: true }, "PUT")).status).toBe(200);
    const accepted = await answer(await send(`/api/messages/offers/${offerId}`, seller, { answer: "accept" }));
    expect([accepted.status, accepted.body.message]).toEqual([403, M.blocked]);
    await nothingWritten(productId, conversationId, offerId);
  });

  it("the seller blocked the buyer: the same", async () => {
    const { seller, productId, conversationId, offerId } = await waitingOffer();
    expect((await send(`/api/messages/${conversationId}/block`, seller, { blocked: true }, "PUT")).status).toBe(200);
    const accepted = await answer(await send(`/api/messages/offers/${offerId}`, seller, { answer: "accept" }));
    expect([accepted.status, accepted.body.message]).toEqual([403, M.blocked]);
    await nothingWritten(productId, conversationId, offerId);
  });

  it("a suspended buyer's waiting offer is not accepted into a reservation: 409, nothing written", async () => {
    const { seller, buyer, productId, conversationId, offerId } = await waitingOffer();
    await env.DB.prepare("UPDATE users SET suspended_until = ?2, suspension_reason = 'Spam.' WHERE id = ?1")
      .bind(buyer.userId, Date.now() + 86_400_000)
      .run();
    const accepted = await answer(await send(`/api/messages/offers/${offerId}`, seller, { answer: "accept" }));
    expect([accepted.status, accepted.body.message]).toEqual([409, M.buyerCannotReserve]);
    await nothingWritten(productId, conversationId, offerId);
  });
});

describe("an accepted offer's price belongs to its reservation", () => {
  type Listed = { _id: string; price: number; pricePaise: number; status: string };

  /** A ₹1000 listing reserved for a buyer who offered ₹1, accepted by the seller. */
  async function reservedAtOneRupee() {
    const { seller, buyer, productId } = await sellerAndBuyer("1000");
    const { conversationId } = await start(buyer, productId);
    expect((await send(`/api/messages/${conversationId}/offers`, buyer, { price: 1 })).status).toBe(201);
    const offerId = (await thread<{ offer: { id: string } }>(seller, conversationId)).body.data.offer.id;
    expect((await send(`/api/messages/offers/${offerId}`, seller, { answer: "accept" })).status).toBe(200);
    return { seller, buyer, productId, conversationId };
  }

  async function listed(path: string, user: TestUser, productId: string): Promise<Listed | undefined> {
    const res = await call(path, { headers: bearer(user.token) });
    expect(res.status).toBe(200);
    return ((await res.json()) as Listed[]).find((p) => p._id === productId);
  }

  /** Back on Browse at the seller's own ₹1000: a third student's Buy at ₹1 is refused, at ₹1000 it reserves. */
  async function backAtTheSellersPrice(productId: string): Promise<void> {
    const third = await createUser({ name: "Tara Third" });
    const shown = await call(`/api/product/${productId}`, { headers: bearer(third.token) });
    expect(await shown.json()).toMatchObject({ price: 1000, status: "available" });
    const cheap = await call(`/api/product/purchase/${productId}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", ...bearer(third.token) },
      body: JSON.stringify({ price: 1 }),
    });
    expect(cheap.status).toBe(409);
    const paid = await call(`/api/product/purchase/${productId}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", ...bearer(third.token) },
      body: JSON.stringify({ price: 1000 }),
    });
    expect(paid.status).toBe(200);
    expect(await listed("/api/product/purchased", third, productId)).toMatchObject({ price: 1000 });
  }

  it("while reserved, My Purchases, My Sells and the thread show the agreed ₹1; the handover keeps it", async () => {
    const { seller, buyer, productId, conversationId } = await reservedAtOneRupee();
    expect(await listed("/api/product/purchased", buyer, productId)).toMatchObject({ price: 1, status: "sold" });
    expect(await listed("/api/product/mysells", seller, productId)).toMatchObject({ price: 1, status: "sold" });
    const view = await thread<{ product: { pricePaise: number; state: string } }>(buyer, conversationId);
    expect(view.body.data.product).toMatchObject({ pricePaise: 100, state: "reserved" });
    expect(
      (await call(`/api/product/${productId}/handover`, { method: "POST", headers: bearer(seller.token) })).status,
    ).toBe(200);
    expect(await listed("/api/product/purchased", buyer, productId)).toMatchObject({ price: 1 });
    expect(await listed("/api/product/mysells", seller, productId)).toMatchObject({ price: 1 });
  });

  it("the buyer cancels: back on Browse at the seller's ₹1000, and a third student's Buy at ₹1 is refused", async () => {
    const { buyer, productId } = await reservedAtOneRupee();
    expect(
      (await call(`/api/product/${productId}/cancel`, { method: "POST", headers: bearer(buyer.token) })).status,
    ).toBe(200);
    await backAtTheSellersPrice(productId);
  });

  it("the seller declines the reservation: back at ₹1000", async () => {
    const { seller, productId } = await reservedAtOneRupee();
    expect(
      (await call(`/api/product/${productId}/decline`, { method: "POST", headers: bearer(seller.token) })).status,
    ).toBe(200);
    await backAtTheSellersPrice(productId);
  });

  it("the reservation expires (the cron): back at ₹1000", async () => {
    const { productId } = await reservedAtOneRupee();
    await env.DB.prepare("UPDATE products SET purchased_at = purchased_at - ?2 WHERE id = ?1")
      .bind(productId, 73 * 60 * 60 * 1000)
      .run();
    await expireReservations(env);
    await backAtTheSellersPrice(productId);
  });
});

describe("migration 0041: rows an accepted offer changed before the fix", () => {
  /**
   * The migration's statements after its ALTER TABLE (the column exists already here), on rows shaped
   * as before it, run at the test's moment: the migration reads SQLite's clock (the real one), the
   * suite runs on the pinned clock (scripts/clock.ts), and a listing's expiry is compared with both.
   */
  async function runMigration(): Promise<void> {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0041_"))!;
    const sqliteNow = "CAST(strftime('%s', 'now') AS INTEGER) * 1000";
    const statements = migration.queries
      .filter((q) => !/^\s*ALTER TABLE/im.test(q))
      .map((q) => q.replaceAll(sqliteNow, String(Date.now())));
    expect(statements.join("\n")).not.toContain("strftime");
    await env.DB.batch(statements.map((q) => env.DB.prepare(q)));
  }

  /** A ₹1000 listing with an accepted ₹1 offer, stored as the code before the fix stored it: the offer's price over the listing's. */
  async function acceptedAsBefore(then?: "cancel") {
    const { seller, buyer, productId } = await sellerAndBuyer("1000");
    const { conversationId } = await start(buyer, productId);
    await send(`/api/messages/${conversationId}/offers`, buyer, { price: 1 });
    const offerId = (await thread<{ offer: { id: string } }>(seller, conversationId)).body.data.offer.id;
    expect((await send(`/api/messages/offers/${offerId}`, seller, { answer: "accept" })).status).toBe(200);
    if (then === "cancel")
      expect(
        (await call(`/api/product/${productId}/cancel`, { method: "POST", headers: bearer(buyer.token) })).status,
      ).toBe(200);
    await env.DB.prepare("UPDATE products SET price_paise = 100, sale_price_paise = NULL WHERE id = ?1")
      .bind(productId)
      .run();
    return { seller, buyer, productId };
  }

  const state = (id: string) =>
    env.DB.prepare(
      "SELECT status, price_paise AS price, sale_price_paise AS salePrice, expires_at <= ?2 AS offBrowse FROM products WHERE id = ?1",
    )
      .bind(id, Date.now())
      .first<{ status: string; price: number; salePrice: number | null; offBrowse: number }>();

  it("a sale keeps its price; a listing whose own price was lost leaves Browse until its seller renews it, and is told", async () => {
    const reserved = await acceptedAsBefore();
    const backOnSale = await acceptedAsBefore("cancel");
    const repriced = await acceptedAsBefore("cancel");
    await env.DB.prepare("UPDATE products SET price_paise = 90000 WHERE id = ?1").bind(repriced.productId).run();
    const { seller, buyer, productId: bought } = await sellerAndBuyer("700");
    expect(
      (await call(`/api/product/purchase/${bought}`, { method: "PATCH", headers: bearer(buyer.token) })).status,
    ).toBe(200);
    await env.DB.prepare("UPDATE products SET sale_price_paise = NULL WHERE id = ?1").bind(bought).run();

    await runMigration();
    expect(await state(reserved.productId)).toEqual({ status: "sold", price: 100, salePrice: 100, offBrowse: 1 });
    expect(await state(backOnSale.productId)).toEqual({
      status: "available",
      price: 100,
      salePrice: null,
      offBrowse: 1,
    });
    expect(await state(repriced.productId)).toEqual({
      status: "available",
      price: 90000,
      salePrice: null,
      offBrowse: 0,
    });
    expect(await state(bought)).toEqual({ status: "sold", price: 70000, salePrice: 70000, offBrowse: 0 });
    for (const { seller: told } of [reserved, backOnSale])
      expect(await rows("SELECT 1 FROM notices WHERE user_id = ?1 AND kind = 'market.price'", told.userId)).toBe(1);
    for (const untouched of [repriced.seller, seller])
      expect(await rows("SELECT 1 FROM notices WHERE user_id = ?1 AND kind = 'market.price'", untouched.userId)).toBe(
        0,
      );
    // Nobody buys it at the lost price meanwhile.
    const third = await createUser();
    expect(
      (await call(`/api/product/purchase/${backOnSale.productId}`, { method: "PATCH", headers: bearer(third.token) }))
        .status,
    ).toBe(409);
  });
});

describe("meeting", () => {
  it("after the reservation the two agree a place and a time from the conversation", async () => {
    const { seller, buyer, productId } = await sellerAndBuyer("300");
    const { conversationId } = await start(buyer, productId);
    const placeId = await addPlace("Library entrance");
    const at = Date.now() + 24 * 60 * 60 * 1000;
    const early = await answer(await send(`/api/messages/${conversationId}/meetup`, buyer, { placeId, at }, "PUT"));
    expect([early.status, early.body.message]).toEqual([409, M.meetupNeedsReservation]);

    expect(
      (await call(`/api/product/purchase/${productId}`, { method: "PATCH", headers: bearer(buyer.token) })).status,
    ).toBe(200);
    const badPlace = await answer(
      await send(`/api/messages/${conversationId}/meetup`, buyer, { placeId: crypto.randomUUID(), at }, "PUT"),
    );
    expect([badPlace.status, badPlace.body.message]).toEqual([400, M.noPlace]);
    expect(
      (await send(`/api/messages/${conversationId}/meetup`, buyer, { placeId, at: Date.now() - 86_400_000 }, "PUT"))
        .status,
    ).toBe(400);
    const proposed = await answer(await send(`/api/messages/${conversationId}/meetup`, buyer, { placeId, at }, "PUT"));
    expect(proposed.status).toBe(200);
    const own = await answer(await send(`/api/messages/${conversationId}/meetup/agree`, buyer, {}));
    expect([own.status, own.body.message]).toEqual([409, M.meetupOwn]);
    const agreed = await answer(await send(`/api/messages/${conversationId}/meetup/agree`, seller, {}));
    expect([agreed.status, agreed.body.message]).toEqual([200, M.meetupAgreed]);
    const view = await thread<{ meetup: { placeName: string; at: number; agreedAt: number | null } }>(
      buyer,
      conversationId,
    );
    expect(view.body.data.meetup).toMatchObject({ placeName: "Library entrance", at });
    expect(view.body.data.meetup.agreedAt).not.toBeNull();
  });

  it("shares a WhatsApp number only when its owner chooses, and only from their profile", async () => {
    const { seller, buyer, productId } = await sellerAndBuyer();
    const { conversationId } = await start(buyer, productId);
    await env.DB.prepare("UPDATE users SET whatsapp_number = NULL WHERE id = ?1").bind(seller.userId).run();
    const none = await answer(await send(`/api/messages/${conversationId}/contact`, seller, {}));
    expect([none.status, none.body.message]).toEqual([400, M.contactNone]);
    await env.DB.prepare("UPDATE users SET whatsapp_number = '9876501234' WHERE id = ?1").bind(seller.userId).run();
    expect((await send(`/api/messages/${conversationId}/contact`, seller, {})).status).toBe(201);
    const last = (await thread(buyer, conversationId)).body.data.messages.at(-1)!;
    expect([last.kind, last.body]).toEqual(["contact", "9876501234"]);
  });
});

describe("the live socket (the conversation's Durable Object)", () => {
  it("delivers a new message to the other member's open socket, and passes typing on", async () => {
    const { seller, buyer, productId } = await sellerAndBuyer();
    const { conversationId } = await start(buyer, productId);
    const sellerSocket = await openSocket(seller, conversationId);
    const buyerSocket = await openSocket(buyer, conversationId);
    expect([sellerSocket.status, buyerSocket.status]).toEqual([101, 101]);

    await send(`/api/messages/${conversationId}`, buyer, { text: "Are you there?" });
    const [event] = (await sellerSocket.next(1)) as { type: string; message: { seq: number; body: string } }[];
    expect(event).toMatchObject({ type: "message", message: { seq: 2, body: "Are you there?" } });

    sellerSocket.socket!.send(JSON.stringify({ type: "typing" }));
    const events = (await buyerSocket.next(2)) as { type: string; userId?: string }[];
    expect(events.find((e) => e.type === "typing")).toMatchObject({ type: "typing", userId: seller.userId });
    sellerSocket.socket!.close();
    buyerSocket.socket!.close();
  });

  it("refuses a socket from another site, and a plain request", async () => {
    const { buyer, productId } = await sellerAndBuyer();
    const { conversationId } = await start(buyer, productId);
    expect((await openSocket(buyer, conversationId, "https://evil.example")).status).toBe(403);
    expect((await call(`/api/messages/${conversationId}/socket`, { headers: { Cookie: buyer.cookie } })).status).toBe(
      426,
    );
  });
});

describe("a socket ends with its session", () => {
  /** Another signed-in device of the same student: a session of its own. */
  async function secondDevice(user: TestUser): Promise<TestUser> {
    const res = await postJson(
      "/api/auth/login",
      { email: user.email, password: user.password },
      { "CF-Connecting-IP": uniqueIp() },
    );
    expect(res.status).toBe(200);
    const { token } = ((await res.json()) as { data: { token: string } }).data;
    return { ...user, token, cookie: `__Host-campus_session=${token}` };
  }

  async function sessionIdOf(device: TestUser): Promise<string> {
    const res = await answer<{ sessions: { id: string; current: boolean }[] }>(
      await call("/api/auth/sessions", { headers: bearer(device.token) }),
    );
    return res.body.data.sessions.find((s) => s.current)!.id;
  }

  /** How a socket stands a moment after the server had reason to close it: closed (code), or still open. */
  function closedOrOpen(socket: TestSocket): Promise<{ code: number; reason: string } | "open"> {
    return Promise.race([socket.closed, new Promise<"open">((resolve) => setTimeout(() => resolve("open"), 2000))]);
  }

  /**
   * The buyer writes; `live` (a socket of a session that still stands) receives it, and every socket of
   * an ended session is closed as signed out without receiving it.
   */
  async function onlyLiveSocketsHear(
    buyer: TestUser,
    conversationId: string,
    live: TestSocket,
    ended: TestSocket[],
  ): Promise<void> {
    const text = unique("Still there? ");
    expect((await send(`/api/messages/${conversationId}`, buyer, { text })).status).toBe(201);
    const events = (await live.next(1)) as { type: string; message?: { body: string } }[];
    expect(events.find((e) => e.type === "message")?.message?.body).toBe(text);
    for (const socket of ended) {
      expect(await closedOrOpen(socket)).toEqual({ code: 4001, reason: M.socketSignedOut });
      expect(JSON.stringify(socket.events)).not.toContain(text);
    }
  }

  async function openConversation() {
    const { seller, buyer, productId } = await sellerAndBuyer();
    const { conversationId } = await start(buyer, productId);
    const laptop = await secondDevice(seller);
    const onPhone = await openSocket(seller, conversationId);
    const onLaptop = await openSocket(laptop, conversationId);
    expect([onPhone.status, onLaptop.status]).toEqual([101, 101]);
    return { seller, buyer, conversationId, laptop, onPhone, onLaptop };
  }

  it("signing out (POST /api/auth/logout) closes that device's sockets; the student's other devices still hear", async () => {
    const { seller, buyer, conversationId, onPhone, onLaptop } = await openConversation();
    expect((await call("/api/auth/logout", { method: "POST", headers: bearer(seller.token) })).status).toBe(200);
    expect((await call("/api/auth/me", { headers: bearer(seller.token) })).status).toBe(401);
    await onlyLiveSocketsHear(buyer, conversationId, onLaptop, [onPhone]);
  });

  it('"sign out everywhere" (POST /api/auth/logout-all) closes every device\'s sockets, before typing or a message reaches them', async () => {
    const { seller, buyer, conversationId, onPhone, onLaptop } = await openConversation();
    const buyerSocket = await openSocket(buyer, conversationId);
    expect((await call("/api/auth/logout-all", { method: "POST", headers: bearer(seller.token) })).status).toBe(200);
    buyerSocket.socket!.send(JSON.stringify({ type: "typing" }));
    expect(await closedOrOpen(onPhone)).toEqual({ code: 4001, reason: M.socketSignedOut });
    expect(onLaptop.events).toEqual([]);
    await onlyLiveSocketsHear(buyer, conversationId, buyerSocket, [onPhone, onLaptop]);
  });

  it("signing that device out from another (DELETE /api/auth/sessions/:id) closes its sockets", async () => {
    const { seller, buyer, conversationId, laptop, onPhone, onLaptop } = await openConversation();
    const phoneSession = await sessionIdOf(seller);
    expect(
      (await call(`/api/auth/sessions/${phoneSession}`, { method: "DELETE", headers: bearer(laptop.token) })).status,
    ).toBe(200);
    expect((await call("/api/auth/me", { headers: bearer(seller.token) })).status).toBe(401);
    await onlyLiveSocketsHear(buyer, conversationId, onLaptop, [onPhone]);
  });

  it("a password change (POST /api/auth/password) closes the sockets of every other device", async () => {
    const { seller, buyer, conversationId, laptop, onPhone, onLaptop } = await openConversation();
    const changed = await send("/api/auth/password", laptop, {
      currentPassword: seller.password,
      newPassword: "a brand new passphrase",
    });
    expect(changed.status).toBe(200);
    expect((await call("/api/auth/me", { headers: bearer(seller.token) })).status).toBe(401);
    await onlyLiveSocketsHear(buyer, conversationId, onLaptop, [onPhone]);
  });

  it("a session that expired closes its sockets at the next delivery", async () => {
    const { seller, buyer, conversationId, onPhone, onLaptop } = await openConversation();
    await env.DB.prepare("UPDATE sessions SET expires_at = ?1 WHERE id = ?2")
      .bind(Date.now() - 1, await sessionIdOf(seller))
      .run();
    await onlyLiveSocketsHear(buyer, conversationId, onLaptop, [onPhone]);
  });
});
