import { configOf } from "#server/lib/config.ts";
import { buildPushPayload } from "@block65/webcrypto-web-push";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import {
  CATEGORY_IDS,
  categoryOf,
  clockOf,
  DEFAULT_QUIET,
  deviceKey,
  inQuietHours,
  minutesOf,
  type NotificationCategory,
} from "#common/notifications.ts";
import { getDb } from "#server/db/client.ts";
import { notificationSettings, pushSubscriptions } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/errors.ts";
import { logError, logWarning } from "#server/lib/log.ts";
import { vapidKeys } from "#server/lib/vapid.ts";

// Web Push (docs/decisions/0091-web-push.md). Every notice Campus makes (the inbox) also
// goes to the student's devices that allowed notifications:
//   1. after the request (or cron run) that made notices, queueNewNotices() marks them queued in one
//      conditional UPDATE and sends those of students with a device to the PUSH_QUEUE;
//   2. the queue's consumer, deliverPushes(), checks the student's settings (a muted category is
//      dropped; in quiet hours the message is sent to the queue again, delayed to their end), then
//      encrypts the notice to each device (RFC 8291 aes128gcm, @block65/webcrypto-web-push, Web Crypto) and posts it to
//      the device's push service. 404/410 from the service: the device unsubscribed, its row goes.
//      Any other failure: sent again to those devices only, later (30 s, 1, 2, 4, 8 min), 5 tries.
// A burst of notices never slows a request: the request only enqueues.

/** A device a student has at most this many of; the oldest goes when a new one comes. */
export const MAX_DEVICES = 10;
/** Tries per device before a notice is given up on (the inbox still has it). */
export const MAX_ATTEMPTS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
const INDIA_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/** The push services of the browsers students use; nothing else is ever posted to. */
const PUSH_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /\.push\.apple\.com$/,
  /\.notify\.windows\.com$/,
];

/** Whether Campus may post to this endpoint: a browser's push service, or a local one where allowed. */
export function allowedEndpoint(env: Env, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (
    configOf(env).push.allowLocal &&
    (url.hostname === "127.0.0.1" || url.hostname === "localhost") &&
    (url.protocol === "http:" || url.protocol === "https:")
  )
    return true;
  return url.protocol === "https:" && url.port === "" && PUSH_HOSTS.some((host) => host.test(url.hostname));
}

const base64url = (name: string, bytes: number) =>
  z
    .string({ error: `keys.${name} must be the browser's base64url key.` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `keys.${name} must be the browser's base64url key.`)
    .refine(
      (value) => Math.floor((value.replace(/=+$/, "").length * 3) / 4) === bytes,
      `keys.${name} must be ${bytes} bytes, as the browser makes it.`,
    );

export const subscriptionSchema = z.object(
  {
    endpoint: z
      .string({ error: "endpoint must be the push service URL the browser gave." })
      .max(2048, "endpoint is too long."),
    keys: z.object(
      { p256dh: base64url("p256dh", 65), auth: base64url("auth", 16) },
      { error: "keys must be { p256dh, auth } from the browser's subscription." },
    ),
  },
  { error: "Send the browser's subscription: { endpoint, keys: { p256dh, auth } }." },
);

export const unsubscribeSchema = z.object(
  {
    endpoint: z.string({ error: "endpoint must be the push service URL to stop." }).max(2048, "endpoint is too long."),
  },
  { error: "Send { endpoint }." },
);

export const PUSH_MESSAGES = {
  heldElsewhere:
    "That device receives another account's notifications. Turn them off there first, or subscribe this browser again.",
} as const;

/**
 * `POST /api/push/subscribe`: this device, for this student (it leaves any other account it had,
 * when it sends the keys that account's row holds: 409 otherwise),
 * recorded with the session that subscribed it: securing the account keeps this session's device and
 * ends the others' (docs/decisions/0095-claiming-and-securing-an-account.md).
 */
export async function subscribe(
  env: Env,
  member: { userId: string; sessionId: string },
  input: z.output<typeof subscriptionSchema>,
  now = Date.now(),
): Promise<void> {
  const { userId, sessionId } = member;
  if (!vapidKeys(env)) throw new ApiError(503, "Notifications are not set up on this server.");
  if (!allowedEndpoint(env, input.endpoint))
    throw new ApiError(400, "That endpoint is not a browser push service Campus sends to.", { field: "endpoint" });
  const [written] = await env.DB.batch([
    // An endpoint another account holds moves only with the keys it was stored with: the browser that
    // owns the subscription has them, someone who merely learnt the endpoint does not.
    env.DB.prepare(
      `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at, session_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
       ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at, session_id = excluded.session_id
       WHERE push_subscriptions.user_id = excluded.user_id OR (push_subscriptions.p256dh = excluded.p256dh AND push_subscriptions.auth = excluded.auth)
       RETURNING id`,
    ).bind(crypto.randomUUID(), userId, input.endpoint, input.keys.p256dh, input.keys.auth, now, sessionId),
    // At most MAX_DEVICES: the oldest go.
    env.DB.prepare(
      `DELETE FROM push_subscriptions WHERE user_id = ?1 AND id NOT IN (SELECT id FROM push_subscriptions WHERE user_id = ?1 ORDER BY created_at DESC LIMIT ?2)`,
    ).bind(userId, MAX_DEVICES),
  ]);
  if (written!.results.length === 0) throw new ApiError(409, PUSH_MESSAGES.heldElsewhere, { field: "endpoint" });
}

/** `DELETE /api/push/subscribe`: this device stops (only the student's own). Idempotent. */
export async function unsubscribe(env: Env, userId: string, endpoint: string): Promise<void> {
  await getDb(env.DB)
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export interface PushSettings {
  muted: NotificationCategory[];
  /** Quiet hours "HH:MM" India time; null: none (push at any hour). */
  quiet: { from: string; to: string } | null;
  devices: number;
  /** deviceKey() of each device's endpoint: the page says "on for this device" only for one of these. */
  deviceKeys: string[];
  /** The daily e-mail digest (worker/services/digest.ts): off unless the student turned it on. */
  digest: boolean;
}

/** A student's quiet hours in minutes from their settings row: the default without one, null when turned off. */
export function quietOf(
  row: { quietFrom: number | null; quietTo: number | null } | undefined,
): { from: number; to: number } | null {
  if (!row) return DEFAULT_QUIET;
  return row.quietFrom !== null && row.quietTo !== null ? { from: row.quietFrom, to: row.quietTo } : null;
}

/** The settings as the page and the API show them, from the row (its muted list parsed) and the devices' endpoints. */
export async function settingsView(
  row: { muted: string[]; quietFrom: number | null; quietTo: number | null; digest: boolean | number } | undefined,
  endpoints: string[],
): Promise<PushSettings> {
  const quiet = quietOf(row);
  return {
    muted: (row?.muted ?? []).filter((c): c is NotificationCategory => (CATEGORY_IDS as readonly string[]).includes(c)),
    quiet: quiet && { from: clockOf(quiet.from), to: clockOf(quiet.to) },
    devices: endpoints.length,
    deviceKeys: await Promise.all(endpoints.map(deviceKey)),
    digest: Boolean(row?.digest),
  };
}

/** The student's settings (the defaults when never saved) and their devices. */
export async function pushSettings(env: Env, userId: string): Promise<PushSettings> {
  const db = getDb(env.DB);
  const [settings, devices] = await db.batch([
    db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).limit(1),
    db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt)),
  ]);
  return settingsView(
    settings[0],
    devices.map((d) => d.endpoint),
  );
}

const clock = (name: string) =>
  z.unknown().transform((value, ctx) => {
    const minutes = minutesOf(value);
    if (minutes === null) {
      ctx.addIssue({ code: "custom", message: `quiet.${name} must be a time like 23:00.` });
      return z.NEVER;
    }
    return minutes;
  });

export const settingsSchema = z.object(
  {
    muted: z
      .array(z.enum(CATEGORY_IDS, { error: `Each muted category is one of ${CATEGORY_IDS.join(", ")}.` }))
      .max(CATEGORY_IDS.length),
    quiet: z
      .object({ from: clock("from"), to: clock("to") }, { error: "quiet must be { from, to } or null." })
      .nullable(),
  },
  { error: 'Send { "muted": [...], "quiet": { "from": "23:00", "to": "07:00" } or null }.' },
);

/** `PUT /api/push/settings`: one upsert. */
export async function savePushSettings(
  env: Env,
  userId: string,
  input: z.output<typeof settingsSchema>,
  now = Date.now(),
): Promise<void> {
  const values = {
    muted: [...new Set(input.muted)],
    quietFrom: input.quiet?.from ?? null,
    quietTo: input.quiet?.to ?? null,
    updatedAt: now,
  };
  await getDb(env.DB)
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
}

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
  const { results } = await env.DB.prepare(
    `UPDATE notices SET queued_at = ?1 WHERE id IN (SELECT id FROM notices WHERE queued_at IS NULL ORDER BY created_at LIMIT 100)
     RETURNING id AS noticeId, user_id AS userId, kind, title, text, link, EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = notices.user_id) AS subscribed`,
  )
    .bind(now)
    .all<Omit<PushMessage, "attempt"> & { subscribed: number }>();
  const messages = results
    .filter((row) => row.subscribed === 1)
    .map(({ subscribed: _s, ...body }) => ({ body: { ...body, attempt: 1 } satisfies PushMessage }));
  if (messages.length === 0) return { queued: 0 };
  try {
    await env.PUSH_QUEUE.sendBatch(messages);
  } catch (error) {
    await env.DB.prepare(`UPDATE notices SET queued_at = NULL WHERE id IN (SELECT value FROM json_each(?1))`)
      .bind(JSON.stringify(messages.map((m) => m.body.noticeId)))
      .run();
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
  const [devices, settings] = await env.DB.batch([
    env.DB.prepare("SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ?1").bind(message.userId),
    env.DB.prepare(
      "SELECT muted, quiet_from AS quietFrom, quiet_to AS quietTo FROM notification_settings WHERE user_id = ?1",
    ).bind(message.userId),
  ]);
  const targets = (devices!.results as { id: string; endpoint: string; p256dh: string; auth: string }[]).filter(
    (d) => !message.only || message.only.includes(d.id),
  );
  if (targets.length === 0) return done;
  const row = settings!.results[0] as { muted: string; quietFrom: number | null; quietTo: number | null } | undefined;
  if ((JSON.parse(row?.muted ?? "[]") as string[]).includes(categoryOf(message.kind))) return { ...done, muted: true };
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
  const writes: D1PreparedStatement[] = [];
  if (gone.length)
    writes.push(
      env.DB.prepare("DELETE FROM push_subscriptions WHERE id IN (SELECT value FROM json_each(?1))").bind(
        JSON.stringify(gone),
      ),
    );
  if (sent.length)
    writes.push(
      env.DB.prepare(
        "UPDATE push_subscriptions SET last_sent_at = ?2 WHERE id IN (SELECT value FROM json_each(?1))",
      ).bind(JSON.stringify(sent), now),
    );
  if (writes.length) await env.DB.batch(writes);
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
