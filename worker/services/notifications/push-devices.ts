import { configOf } from "#server/lib/config.ts";
import { z } from "zod";
import { batch, insert, returning, run, sql } from "#server/db/sql.ts";
import { pushSubscriptions } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { vapidKeys } from "#server/lib/vapid.ts";

// A student's devices for Web Push (docs/decisions/0091-web-push.md): subscribing a browser and
// stopping it. Only a browser's push service is ever stored, so delivery (./push.ts) posts nowhere
// else.

/** A device a student has at most this many of; the oldest goes when a new one comes. */
export const MAX_DEVICES = 10;
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
  const [written] = await batch(env, [
    // An endpoint another account holds moves only with the keys it was stored with: the browser that
    // owns the subscription has them, someone who merely learnt the endpoint does not.
    returning(
      insert(
        pushSubscriptions,
        {
          id: crypto.randomUUID(),
          user_id: userId,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          created_at: now,
          session_id: sessionId,
        },
        sql`ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at, session_id = excluded.session_id
          WHERE push_subscriptions.user_id = excluded.user_id OR (push_subscriptions.p256dh = excluded.p256dh AND push_subscriptions.auth = excluded.auth)`,
      ),
      { id: pushSubscriptions.id },
    ),
    // At most MAX_DEVICES: the oldest go.
    sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND id NOT IN (SELECT id FROM push_subscriptions WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT ${MAX_DEVICES})`,
  ]);
  if (written.rows.length === 0) throw new ApiError(409, PUSH_MESSAGES.heldElsewhere, { field: "endpoint" });
}

/** `DELETE /api/push/subscribe`: this device stops (only the student's own). Idempotent. */
export async function unsubscribe(env: Env, userId: string, endpoint: string): Promise<void> {
  await run(env, sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint}`);
}
