import { app, queueNotices } from "#server/front-door.ts";
import { backgroundScope, closeScope } from "#server/lib/d1-session.ts";
import { logError } from "#server/lib/log.ts";
import { onTestClock } from "#server/lib/test-clock.ts";
import { deleteExpiredSessions } from "#server/services/account/settings.ts";
import { runDigest } from "#server/services/notifications/digest.ts";
import { pruneExpiredCodes } from "#server/services/auth/email-codes.ts";
import { requeueStalled } from "#server/services/library/index-queue.ts";
import { pruneLoginThrottle } from "#server/services/auth/login-throttle.ts";
import { warnExpiringListings } from "#server/services/market/expiry.ts";
import { expireLostFound } from "#server/services/lost-found/expiry.ts";
import { deliverPushes, type PushMessage } from "#server/services/notifications/push.ts";
import { runReminders } from "#server/services/classroom/reminders.ts";
import { expireReservations } from "#server/services/market/reservations.ts";
import { runClassReminders } from "#server/services/timetable/class-reminders.ts";
import { runEventReminders } from "#server/services/events/reminders.ts";

// The Worker entry: requests through the front door (worker/front-door.ts, one Hono app), the cron
// jobs, and the push queue's consumer.

/**
 * The every-minute trigger (wrangler.toml): the class and event reminders, which go 10 minutes before a
 * class and an hour before an event and so cannot wait for the half-hourly run; every other job runs on that one. Not exported:
 * every export of the entry module is taken by the runtime as a handler, and a string fails the
 * Worker's start.
 */
const EVERY_MINUTE = "* * * * *";

async function runJobs(controller: ScheduledController, rawEnv: Env): Promise<void> {
  const scope = backgroundScope(rawEnv);
  const { env } = scope;
  const at = controller.scheduledTime;
  const everyMinute: [string, () => Promise<Record<string, unknown>>][] = [
    // A notice 10 minutes before each class (worker/services/timetable/class-reminders.ts).
    ["class-reminders", async () => ({ ...(await runClassReminders(env, at)) })],
    // A notice an hour before each event a student is going to (worker/services/events/reminders.ts).
    ["event-reminders", async () => ({ ...(await runEventReminders(env, at)) })],
  ];
  const halfHourly: [string, () => Promise<Record<string, unknown>>][] = [
    // Expired sessions sign nobody in already; their rows are forgotten.
    ["expired-sessions", async () => ({ deleted: await deleteExpiredSessions(env, at) })],
    // Failed sign-in counts whose window and lock are over (docs/decisions/0008).
    ["login-throttle", async () => ({ pruned: await pruneLoginThrottle(env, at) })],
    // E-mailed codes past their 15 minutes (docs/decisions/0075).
    ["email-codes", async () => ({ pruned: await pruneExpiredCodes(env, at) })],
    // Classroom reminders: 24 hours before a deadline and on the due day (worker/services/classroom/reminders.ts).
    ["reminders", async () => ({ ...(await runReminders(env, at)) })],
    // Marketplace reservations not handed over in 72 hours return to Browse.
    ["reservations", async () => ({ ...(await expireReservations(env, at)) })],
    // Listings that leave Browse within 3 days: their sellers are told to renew.
    ["expiring-listings", async () => ({ ...(await warnExpiringListings(env, at)) })],
    // Lost & found posts past their 30 days close, and their posters are told (worker/services/lost-found/expiry.ts).
    ["lost-found-expiry", async () => ({ ...(await expireLostFound(env, at)) })],
    // Library uploads whose indexing message was lost are queued again; those out of deliveries fail.
    ["library-indexing", async () => ({ ...(await requeueStalled(env, at)) })],
    // The optional daily e-mail digest, once per India-time day from 07:30 (decision 0092, worker/services/notifications/digest.ts).
    ["digest", async () => ({ ...(await runDigest(env, at)) })],
  ];
  const jobs = controller.cron === EVERY_MINUTE ? everyMinute : halfHourly;
  // Independent jobs, side by side; one that fails is logged and does not stop the others.
  await Promise.all(
    jobs.map(async ([job, run]) => {
      try {
        console.log(
          JSON.stringify({
            ts: new Date().toISOString(),
            level: "info",
            msg: "cron",
            cron: controller.cron,
            job,
            ...(await run()),
          }),
        );
      } catch (error) {
        logError(`cron-${at}`, error, { job });
      }
    }),
  );
  // Notices the jobs made (reminders, class reminders, reservations, listings) go to the push queue.
  await queueNotices(env, `cron-${at}`);
  await closeScope(scope);
}

// The clock is the real one, except on a test server that was asked for another (worker/lib/test-clock.ts).
export default {
  fetch: async (request, env, ctx) => app.fetch(request, env, ctx),
  scheduled: (controller, rawEnv) => onTestClock(rawEnv, null, () => runJobs(controller, rawEnv)),
  // The push queue's consumer (worker/services/notifications/push.ts).
  queue: (batch, rawEnv) =>
    onTestClock(rawEnv, null, () => deliverPushes(batch as MessageBatch<PushMessage>, backgroundScope(rawEnv).env)),
} satisfies ExportedHandler<Env>;

// The Durable Object class of conversations' WebSockets (wrangler.toml, docs/decisions/0113-conversations.md).
export { ConversationRoom } from "#server/services/messages/room.ts";
