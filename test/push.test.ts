import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deviceKey } from "#common/notifications.ts";
import { deliverPush, queueNewNotices, type PushMessage } from "#server/services/notifications/push.ts";
import { openRequestScope } from "#server/lib/d1-session.ts";
import { bearer, call, createUser, ORIGIN, type TestUser } from "#test/helpers.ts";
import { sellerAndBuyer, start } from "#test/messages-helpers.ts";
import { makePushDevice, type TestPushDevice } from "#test/web-push-device.ts";

// Web Push. Devices subscribe; notices go to the queue once; the consumer encrypts each to
// the device (decrypted here as a browser would), drops devices their push service says are gone,
// retries the others with backoff, and holds notices through quiet hours.

afterEach(() => {
  vi.restoreAllMocks();
});

const send = (method: string, path: string, user: TestUser | null, body?: unknown) =>
  call(path, {
    method,
    headers: { ...(user ? bearer(user.token) : {}), "Content-Type": "application/json" },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

async function device(
  user: TestUser,
  endpoint = `http://127.0.0.1:9/push/${crypto.randomUUID()}`,
): Promise<{ device: TestPushDevice; endpoint: string; id: string }> {
  const made = await makePushDevice();
  const res = await send("POST", "/api/push/subscribe", user, { endpoint, keys: made.keys });
  expect(res.status, await res.clone().text()).toBe(201);
  const row = await env.DB.prepare("SELECT id FROM push_subscriptions WHERE endpoint = ?")
    .bind(endpoint)
    .first<{ id: string }>();
  return { device: made, endpoint, id: row!.id };
}

const devices = async (user: TestUser) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM push_subscriptions WHERE user_id = ?")
    .bind(user.userId)
    .first<{ n: number }>())!.n;

function message(user: TestUser, fields: Partial<PushMessage> = {}): PushMessage {
  return {
    noticeId: crypto.randomUUID(),
    userId: user.userId,
    kind: "market.reserved",
    title: "Lab coat is reserved",
    text: "A buyer reserved it.",
    link: "/mysells",
    attempt: 1,
    ...fields,
  };
}

/** India time on a fixed day, as epoch ms. */
const istAt = (hours: number, minutes = 0) => Date.UTC(2026, 10, 24, hours, minutes) - 5.5 * 60 * 60 * 1000;

/** Answers the push service's side: every POST to 127.0.0.1 gets `status`; the requests are kept. */
function pushService(status: number | ((endpoint: string) => number)): {
  requests: { url: string; headers: Headers; body: ArrayBuffer }[];
} {
  const requests: { url: string; headers: Headers; body: ArrayBuffer }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith("http://127.0.0.1:9/")) throw new Error(`test tried to reach ${request.url}`);
    requests.push({ url: request.url, headers: request.headers, body: await request.arrayBuffer() });
    return new Response(null, { status: typeof status === "number" ? status : status(request.url) });
  });
  return { requests };
}

describe("POST /api/push/subscribe", () => {
  it("keeps one row per device, moves a device to the account that subscribes it, and keeps at most 10", async () => {
    const student = await createUser();
    const { endpoint } = await device(student);
    const again = await makePushDevice();
    expect((await send("POST", "/api/push/subscribe", student, { endpoint, keys: again.keys })).status).toBe(201);
    expect(await devices(student)).toBe(1);
    const other = await createUser();
    expect((await send("POST", "/api/push/subscribe", other, { endpoint, keys: again.keys })).status).toBe(201);
    expect([await devices(student), await devices(other)]).toEqual([0, 1]);
    for (let i = 0; i < 11; i += 1) await device(student);
    expect(await devices(student)).toBe(10);
    expect((await send("DELETE", "/api/push/subscribe", other, { endpoint })).status).toBe(200);
    expect(await devices(other)).toBe(0);
  });

  // Third round of hardening: knowing another account's endpoint is not owning the device.
  it("an endpoint another account holds moves only with its keys (proof of possession); otherwise 409 and it stays where it is", async () => {
    const student = await createUser();
    const { endpoint, device: real } = await device(student);
    const other = await createUser();
    const forged = await makePushDevice();
    const res = await send("POST", "/api/push/subscribe", other, { endpoint, keys: forged.keys });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      "That device receives another account's notifications. Turn them off there first, or subscribe this browser again.",
    );
    expect([await devices(student), await devices(other)]).toEqual([1, 0]);
    const kept = await env.DB.prepare("SELECT p256dh, auth FROM push_subscriptions WHERE endpoint = ?")
      .bind(endpoint)
      .first<{ p256dh: string; auth: string }>();
    expect(kept).toEqual({ p256dh: real.keys.p256dh, auth: real.keys.auth });
    // The browser itself (same endpoint, same keys) signed in to the other account moves it.
    expect((await send("POST", "/api/push/subscribe", other, { endpoint, keys: real.keys })).status).toBe(201);
    expect([await devices(student), await devices(other)]).toEqual([0, 1]);
  });

  it("refuses what is not a browser's subscription or not a push service, and a visitor", async () => {
    const student = await createUser();
    const { keys } = await makePushDevice();
    const refused = async (body: unknown, status: number, message: RegExp) => {
      const res = await send("POST", "/api/push/subscribe", student, body);
      expect(res.status).toBe(status);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    };
    await refused({ endpoint: "https://attacker.example/collect", keys }, 400, /not a browser push service/);
    await refused({ endpoint: "http://fcm.googleapis.com/fcm/send/x", keys }, 400, /not a browser push service/);
    await refused({ endpoint: "not a url", keys }, 400, /not a browser push service/);
    await refused(
      { endpoint: "https://fcm.googleapis.com/fcm/send/x", keys: { p256dh: "abc", auth: keys.auth } },
      400,
      /p256dh must be 65 bytes/,
    );
    await refused({ endpoint: "https://fcm.googleapis.com/fcm/send/x" }, 400, /keys must be/);
    expect(await devices(student)).toBe(0);
    expect((await send("POST", "/api/push/subscribe", null, { endpoint: "http://127.0.0.1:9/x", keys })).status).toBe(
      401,
    );
    // A browser's push service is accepted.
    expect(
      (
        await send("POST", "/api/push/subscribe", student, {
          endpoint: "https://fcm.googleapis.com/fcm/send/abc123",
          keys,
        })
      ).status,
    ).toBe(201);
    expect((await (await call("/api/push/key")).json()) as { publicKey: string }).toMatchObject({
      publicKey: expect.stringMatching(/^B[A-Za-z0-9_-]{86}$/),
    });
  });
});

describe("the push queue", () => {
  it("hands each new notice to the queue once, only for students with a device", async () => {
    const withDevice = await createUser();
    const without = await createUser();
    await device(withDevice);
    // Earlier notices of other tests are handed over first.
    await queueNewNotices(env);
    const sent: unknown[] = [];
    vi.spyOn(env.PUSH_QUEUE, "sendBatch").mockImplementation(async (messages) => {
      sent.push(...messages);
      return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } } as unknown as QueueSendBatchResponse;
    });
    const insert = (user: TestUser, title: string) =>
      env.DB.prepare(
        "INSERT INTO notices (id, user_id, kind, title, text, link, created_at) VALUES (?1, ?2, 'laundry.ready', ?3, 'Collect it at the laundry room.', '/laundry-service', ?4)",
      )
        .bind(crypto.randomUUID(), user.userId, title, Date.now())
        .run();
    await insert(withDevice, "Your laundry is ready");
    await insert(without, "Someone else's laundry");
    await Promise.all([queueNewNotices(env), queueNewNotices(env), queueNewNotices(env)]);
    expect(sent).toEqual([
      {
        body: expect.objectContaining({
          userId: withDevice.userId,
          title: "Your laundry is ready",
          kind: "laundry.ready",
          link: "/laundry-service",
          attempt: 1,
        }),
      },
    ]);
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM notices WHERE queued_at IS NULL").first<{
      n: number;
    }>();
    expect(left!.n).toBe(0);
  });

  it("a request hands the notices it made to the queue after its answer", async () => {
    const { seller, buyer, productId } = await sellerAndBuyer();
    await device(seller);
    await queueNewNotices(env);
    const sent: { body: PushMessage }[] = [];
    vi.spyOn(env.PUSH_QUEUE, "sendBatch").mockImplementation(async (messages) => {
      sent.push(...(messages as { body: PushMessage }[]));
      return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } } as unknown as QueueSendBatchResponse;
    });
    await start(buyer, productId, "Is the calculator still there?");
    const deadline = Date.now() + 10_000;
    while (!sent.some((m) => m.body.userId === seller.userId) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(sent.map((m) => m.body)).toEqual([
      expect.objectContaining({
        userId: seller.userId,
        kind: "market.message",
        link: expect.stringMatching(/^\/messages\//),
      }),
    ]);
  });

  it("only a request whose writes made a notice costs the queue's write: a statement that inserted nothing does not count", async () => {
    const user = await createUser();
    const post = () => openRequestScope(env, new Request(`${ORIGIN}/api/x`, { method: "POST" })).db;
    const insert = (db: D1Database, when: string) =>
      db
        .prepare(
          `INSERT INTO notices (id, user_id, kind, title, text, link, created_at) SELECT ?1, ?2, 'laundry.ready', 'Ready', 'Collect it.', NULL, ?3 WHERE ${when}`,
        )
        .bind(crypto.randomUUID(), user.userId, Date.now());
    const none = post();
    await none.batch([insert(none, "0"), none.prepare("UPDATE users SET name = name WHERE id = ?1").bind(user.userId)]);
    expect([...none.changed]).toEqual(["users"]);
    expect([...none.written].sort()).toEqual(["notices", "users"]);
    const one = post();
    await one.batch([insert(one, "1")]);
    expect([...one.changed]).toEqual(["notices"]);
    const single = post();
    await insert(single, "1").run();
    expect([...single.changed]).toEqual(["notices"]);
    // A write whose result carries no count (first(), raw()) counts as one.
    const unknown = post();
    await insert(unknown, "0").first();
    expect([...unknown.changed]).toEqual(["notices"]);
  });

  it("delivers a notice encrypted to the device (RFC 8291), signed with VAPID, and records it", async () => {
    const student = await createUser();
    const { device: phone, endpoint, id } = await device(student);
    const service = pushService(201);
    const result = await deliverPush(env, message(student), istAt(12));
    expect(result).toMatchObject({ sent: 1, gone: 0, retried: 0, held: false });
    expect(service.requests).toHaveLength(1);
    const [request] = service.requests;
    expect(request!.url).toBe(endpoint);
    expect(request!.headers.get("Content-Encoding")).toBe("aes128gcm");
    expect(request!.headers.get("TTL")).toBe("86400");
    expect(request!.headers.get("Authorization")).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=B[\w-]+$/);
    expect(JSON.parse(await phone.decrypt(request!.body))).toEqual({
      title: "Lab coat is reserved",
      body: "A buyer reserved it.",
      url: "/mysells",
      tag: expect.any(String),
    });
    const row = await env.DB.prepare("SELECT last_sent_at FROM push_subscriptions WHERE id = ?")
      .bind(id)
      .first<{ last_sent_at: number }>();
    expect(row!.last_sent_at).toBe(istAt(12));
  });

  it("drops a device its push service says is gone (404, 410), and retries only the failing ones with backoff, 5 tries", async () => {
    const student = await createUser();
    const gone = await device(student);
    const broken = await device(student);
    const fine = await device(student);
    pushService((url) => (url === gone.endpoint ? 410 : url === broken.endpoint ? 503 : 201));
    const resent: { body: PushMessage; delaySeconds?: number }[] = [];
    vi.spyOn(env.PUSH_QUEUE, "send").mockImplementation(async (body, options) => {
      resent.push({ body: body as PushMessage, delaySeconds: options?.delaySeconds });
      return {} as QueueSendResponse;
    });
    const first = message(student);
    expect(await deliverPush(env, first, istAt(12))).toMatchObject({ sent: 1, gone: 1, retried: 1 });
    expect(await devices(student)).toBe(2);
    expect(resent).toEqual([{ body: { ...first, attempt: 2, only: [broken.id] }, delaySeconds: 30 }]);
    // The retry goes to the failing device only; its backoff doubles.
    expect(await deliverPush(env, resent[0]!.body, istAt(12))).toMatchObject({ sent: 0, retried: 1 });
    expect(resent[1]).toEqual({ body: { ...first, attempt: 3, only: [broken.id] }, delaySeconds: 60 });
    // The fifth try is the last.
    expect(await deliverPush(env, { ...first, attempt: 5, only: [broken.id] }, istAt(12))).toMatchObject({
      retried: 0,
    });
    expect(resent).toHaveLength(2);
    void fine;
  });

  it("holds a notice through quiet hours (23:00 to 07:00 India time unless changed) and drops a muted category", async () => {
    const student = await createUser();
    const { endpoint } = await device(student);
    const service = pushService(201);
    const held: { delaySeconds?: number }[] = [];
    vi.spyOn(env.PUSH_QUEUE, "send").mockImplementation(async (_body, options) => {
      held.push({ delaySeconds: options?.delaySeconds });
      return {} as QueueSendResponse;
    });
    expect(await deliverPush(env, message(student), istAt(23, 30))).toMatchObject({ held: true, sent: 0 });
    expect(held).toEqual([{ delaySeconds: 7.5 * 60 * 60 }]);
    expect(service.requests).toHaveLength(0);

    // Quiet hours off: it goes at once. Marketplace muted: it is dropped.
    expect((await send("PUT", "/api/push/settings", student, { muted: [], quiet: null })).status).toBe(200);
    expect(await deliverPush(env, message(student), istAt(23, 30))).toMatchObject({ held: false, sent: 1 });
    expect(
      (await send("PUT", "/api/push/settings", student, { muted: ["market"], quiet: { from: "22:00", to: "06:30" } }))
        .status,
    ).toBe(200);
    expect(await deliverPush(env, message(student), istAt(12))).toMatchObject({ muted: true, sent: 0 });
    expect(await deliverPush(env, message(student, { kind: "laundry.ready" }), istAt(6, 0))).toMatchObject({
      held: true,
    });
    expect(held.at(-1)).toEqual({ delaySeconds: 30 * 60 });
    const settings = (await (await send("GET", "/api/push/settings", student)).json()) as { data: unknown };
    // The device's endpoint as a hash (the page tells "on for this device" by it), never the endpoint itself.
    expect(settings.data).toEqual({
      muted: ["market"],
      quiet: { from: "22:00", to: "06:30" },
      devices: 1,
      deviceKeys: [await deviceKey(endpoint)],
      digest: false,
      classReminders: false,
      eventReminders: true,
    });
    expect(JSON.stringify(settings.data)).not.toContain(endpoint);
    const bad = await send("PUT", "/api/push/settings", student, {
      muted: ["everything"],
      quiet: { from: "25:00", to: "07:00" },
    });
    expect(bad.status).toBe(400);
  });
});
