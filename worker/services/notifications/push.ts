import { buildPushPayload } from "@block65/webcrypto-web-push";
import { categoryOf, inQuietHours } from "#common/notifications.ts";
import { all, batch, int, returning, run, select, type Sql, sql, update } from "#server/db/sql.ts";
import { notices, notificationSettings, pushSubscriptions } from "#server/db/tables.generated.ts";
import { logError, logWarning } from "#server/lib/log.ts";
import { vapidKeys } from "#server/lib/vapid.ts";
import { actorColumns, noticeText } from "#server/services/notifications/notices.ts";
import { quietOf } from "#server/services/notifications/push-settings.ts";

// Web Push (docs/decisions/0091-web-push.md). Every notice Campus makes (the inbox) also
// goes to the student's devices that allowed notifications:
//   1. after the request (or cron run) that made notices, queueNewNotices() marks them queued in one
//      conditional UPDATE and sends those of students with a device to the PUSH_QUEUE;
//   2. the queue's consumer, deliverPushes(), checks the student's settings (a muted category is
//      dropped; in quiet hours the message is sent to the queue again, delayed to their end), then
//      encrypts the notice to each device (RFC 8291 aes128gcm, @block65/webcrypto-web-push, Web Crypto) and posts it to
//      the device's push service. 404/410 from the service: the device unsubscribed, its row goes.
//      Any other failure: sent again to those devices only, later (30 s, 1, 2, 4, 8 min), 5 tries.
// A burst of notices never slows a request: the request only enqueues. Subscribing devices is
// ./push-devices.ts, the settings ./push-settings.ts.

/** Tries per device before a notice is given up on (the inbox still has it). */
export const MAX_ATTEMPTS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
const INDIA_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/** What goes through the queue: the notice, and which devices are left to try (all when absent). */
export interface PushMessage {
  noticeId: string;
  userId: string;
  kind: string;
  title: string;
  text: string;
  link: string | null;
  attempt: number;
  only?: string[];
}

/**
 * Hands the notices made since the last call to the queue: one conditional UPDATE marks them (each
 * is handed over once, whoever calls at the same time), and those of students with a device are
 * sent. If the queue refuses, the marks are taken back for the next call.
 */
export async function queueNewNotices(env: Env, now = Date.now()): Promise<{ queued: number }> {
  const n = notices;
  const results = await all(
    env,
    returning(
      update(
        n,
        { queued_at: now },
        sql`WHERE id IN (SELECT id FROM notices WHERE queued_at IS NULL ORDER BY created_at LIMIT 100)`,
      ),
      {
        noticeId: n.id,
        userId: n.user_id,
        kind: n.kind,
        title: n.title,
        text: n.text,
        link: n.link,
        ...actorColumns(n),
        subscribed: int(sql`EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = ${n.user_id})`),
      },
    ),
  );
  // The payload is written now, with the name of whoever acted as it is now.
  const messages = results
    .filter((row) => row.subscribed === 1)
    .map(({ subscribed: _s, actorId, actorName, ...body }) => ({
      body: { ...body, text: noticeText({ ...body, actorId, actorName }), attempt: 1 } satisfies PushMessage,
    }));
  if (messages.length === 0) return { queued: 0 };
  try {
    await env.PUSH_QUEUE.sendBatch(messages);
  } catch (error) {
    const ids = JSON.stringify(messages.map((m) => m.body.noticeId));
    await run(env, sql`UPDATE notices SET queued_at = NULL WHERE id IN (SELECT value FROM json_each(${ids}))`);
    throw error;
  }
  return { queued: messages.length };
}

/** Minutes after midnight, India time. */
const indiaMinute = (now: number) => Math.floor(((now + INDIA_OFFSET_MS) % DAY_MS) / 60_000);

/** Seconds from `now` to the next `to` (minutes after midnight, India time). */
function secondsUntil(now: number, to: number): number {
  const minutes = (to - indiaMinute(now) + 24 * 60) % (24 * 60) || 24 * 60;
  return minutes * 60 - Math.floor((now % 60_000) / 1000);
}

const backoffSeconds = (attempt: number) => Math.min(30 * 2 ** (attempt - 1), 8 * 60);

type Outcome = "sent" | "gone" | "failed";

async function post(
  keys: NonNullable<ReturnType<typeof vapidKeys>>,
  subscription: { endpoint: string; p256dh: string; auth: string },
  message: PushMessage,
): Promise<Outcome> {
  try {
    // The library takes https endpoints only; a local push service (development, tests) listens on
    // http: the request is built for its https twin and posted to it as it is.
    const local = subscription.endpoint.startsWith("http:");
    const request = await buildPushPayload(
      {
        data: {
          title: message.title,
          body: message.text,
          url: message.link ?? "/notifications",
          tag: message.noticeId,
        },
        options: { ttl: 24 * 60 * 60, urgency: "normal" },
      },
      {
        endpoint: local ? subscription.endpoint.replace(/^http:/, "https:") : subscription.endpoint,
        expirationTime: null,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateJWK.d },
    );
    const response = await fetch(subscription.endpoint, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    if (response.status === 404 || response.status === 410) return "gone";
    return response.ok ? "sent" : "failed";
  } catch (error) {
    logWarning("push: a push service could not be reached", {
      error: error instanceof Error ? error.message : String(error),
    });
    return "failed";
  }
}

/** Delivers one queued notice; answers what it did (for the queue's log line and the tests). */
export async function deliverPush(
  env: Env,
  message: PushMessage,
  now = Date.now(),
): Promise<{ sent: number; gone: number; retried: number; held: boolean; muted: boolean }> {
  const done = { sent: 0, gone: 0, retried: 0, held: false, muted: false };
  const keys = vapidKeys(env);
  if (!keys) return done;
  const d = pushSubscriptions;
  const s = notificationSettings;
  const [devices, settings] = await batch(env, [
    select(
      { id: d.id, endpoint: d.endpoint, p256dh: d.p256dh, auth: d.auth },
      sql`FROM ${d} WHERE ${d.user_id} = ${message.userId}`,
    ),
    select(
      { muted: s.muted, quietFrom: s.quiet_from, quietTo: s.quiet_to },
      sql`FROM ${s} WHERE ${s.user_id} = ${message.userId}`,
    ),
  ]);
  const targets = devices.rows.filter((device) => !message.only || message.only.includes(device.id));
  if (targets.length === 0) return done;
  const [row] = settings.rows;
  // The muted categories are stored as a JSON list.
  const muted: string[] = JSON.parse(row?.muted ?? "[]");
  if (muted.includes(categoryOf(message.kind))) return { ...done, muted: true };
  const quiet = quietOf(row);
  if (quiet && inQuietHours(indiaMinute(now), quiet.from, quiet.to)) {
    // Held: back to the queue, delivered when the quiet hours end (a Queues delay is at most 12 hours).
    await env.PUSH_QUEUE.send(message, { delaySeconds: Math.min(secondsUntil(now, quiet.to), 12 * 60 * 60) });
    return { ...done, held: true };
  }
  const outcomes = await Promise.all(
    targets.map(async (device) => [device.id, await post(keys, device, message)] as const),
  );
  const gone = outcomes.filter(([, o]) => o === "gone").map(([id]) => id);
  const failed = outcomes.filter(([, o]) => o === "failed").map(([id]) => id);
  const sent = outcomes.filter(([, o]) => o === "sent").map(([id]) => id);
  const writes: Sql[] = [];
  if (gone.length)
    writes.push(sql`DELETE FROM push_subscriptions WHERE id IN (SELECT value FROM json_each(${JSON.stringify(gone)}))`);
  if (sent.length)
    writes.push(
      update(
        pushSubscriptions,
        { last_sent_at: now },
        sql`WHERE id IN (SELECT value FROM json_each(${JSON.stringify(sent)}))`,
      ),
    );
  if (writes.length) await batch(env, writes);
  if (failed.length && message.attempt < MAX_ATTEMPTS) {
    await env.PUSH_QUEUE.send(
      { ...message, attempt: message.attempt + 1, only: failed },
      { delaySeconds: backoffSeconds(message.attempt) },
    );
  } else if (failed.length) {
    logWarning("push: gave up on a notice after its last try", { noticeId: message.noticeId, devices: failed.length });
  }
  return { ...done, sent: sent.length, gone: gone.length, retried: message.attempt < MAX_ATTEMPTS ? failed.length : 0 };
}

/** The queue consumer: each message delivered, then acknowledged; an unexpected error retries it. */
export async function deliverPushes(batch: MessageBatch<PushMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    try {
      const result = await deliverPush(env, message.body);
      console.log(
        JSON.stringify({
          ts: new Date().toISOString(),
          level: "info",
          msg: "push",
          noticeId: message.body.noticeId,
          attempt: message.body.attempt,
          ...result,
        }),
      );
      message.ack();
    } catch (error) {
      logError(`push-${message.id}`, error, { noticeId: message.body.noticeId });
      message.retry({ delaySeconds: backoffSeconds(message.attempts) });
    }
  }
}
