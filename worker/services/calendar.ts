import ical from "ical-generator";
import { and, eq, gte, inArray, isNull } from "drizzle-orm";
import { getDb } from "#server/db/client.ts";
import { configOf } from "#server/lib/config.ts";
import { calendarFeeds, googleConnections, laundryBookings, laundrySlots, users } from "#server/db/schema.ts";
import { logWarning } from "#server/lib/log.ts";
import { limitPosting } from "#server/lib/post-limit.ts";
import { classroomWork } from "#server/services/reminders.ts";
import { isDone, workStatus } from "#common/classroom-due.ts";

// A student's private calendar feed (docs/decisions/0090-calendar-feed.md): their Classroom
// due dates and laundry bookings as an iCalendar file at /calendar/<secret>.ics, which Google Calendar
// or a phone's calendar subscribes to. The secret is 32 random bytes; only its SHA-256 is stored.

/** A feed's file name: the secret (43 base64url characters) and .ics. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

const LAUNDRY_SERVICE: Record<string, string> = { wash: "Wash", iron: "Iron", dry_clean: "Dry clean" };
/** Bookings from this long ago stay in the feed (a calendar shows the past week too). */
const PAST_MS = 30 * 24 * 60 * 60 * 1000;
/** A due date is shown as the half hour before it. */
const DUE_BLOCK_MS = 30 * 60 * 1000;

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

async function hashOf(secret: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret))));
}

/** The feed's URL path for a secret. */
export const feedPath = (secret: string) => `/calendar/${secret}.ics`;

/**
 * Makes the student's feed, or replaces it (the old link stops working at once): one upsert. Answers
 * the new secret, which is not stored and cannot be shown again.
 */
export async function resetCalendarFeed(env: Env, userId: string, now = Date.now()): Promise<string> {
  await limitPosting(env, userId);
  const secret = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const secretHash = await hashOf(secret);
  await getDb(env.DB)
    .insert(calendarFeeds)
    .values({ userId, secretHash, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { secretHash, createdAt: now } });
  return secret;
}

/** Stops the feed: the link answers 404 from now on. */
export async function stopCalendarFeed(env: Env, userId: string): Promise<void> {
  await getDb(env.DB).delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/**
 * The calendar at /calendar/<file> (`file`: the secret and .ics), or null for none (a malformed name,
 * a reset or stopped feed, a deleted account): no session, the secret is the key. Laundry bookings
 * from the past 30 days on (not cancelled), and, when Google Classroom is connected, every assignment
 * with a due date; Google not answering leaves the laundry in the feed. Links point to the address
 * the calendar app asked (the request's origin), else this deploy's.
 */
export async function calendarFor(env: Env, file: string, now = Date.now()): Promise<string | null> {
  const secret = FEED_FILE.exec(file)?.[1];
  if (!secret) return null;
  const config = configOf(env);
  const origin = config.origin ?? config.appUrl;
  const db = getDb(env.DB);
  const [feed] = await db
    .select({ userId: calendarFeeds.userId, tokens: googleConnections.tokens })
    .from(calendarFeeds)
    .innerJoin(users, and(eq(users.id, calendarFeeds.userId), isNull(users.deletedAt)))
    .leftJoin(googleConnections, eq(googleConnections.userId, calendarFeeds.userId))
    .where(eq(calendarFeeds.secretHash, await hashOf(secret)))
    .limit(1);
  if (!feed) return null;
  const bookings = await db
    .select({
      id: laundryBookings.id,
      startsAt: laundryBookings.startsAt,
      service: laundryBookings.service,
      clothes: laundryBookings.clothes,
      status: laundryBookings.status,
      startsAtMin: laundrySlots.startsAtMin,
      endsAtMin: laundrySlots.endsAtMin,
    })
    .from(laundryBookings)
    .innerJoin(laundrySlots, eq(laundrySlots.id, laundryBookings.slotId))
    .where(
      and(
        eq(laundryBookings.userId, feed.userId),
        gte(laundryBookings.startsAt, now - PAST_MS),
        inArray(laundryBookings.status, ["booked", "picked_up", "washing", "ready", "collected"]),
      ),
    );

  const calendar = ical({
    name: "Campus",
    description: "Your Classroom due dates and laundry bookings from Campus.",
    prodId: { company: "Campus", product: "Campus calendar", language: "EN" },
    ttl: 60 * 60,
  });
  for (const booking of bookings) {
    calendar.createEvent({
      id: `laundry-${booking.id}@campus`,
      start: new Date(booking.startsAt),
      end: new Date(booking.startsAt + (booking.endsAtMin - booking.startsAtMin) * 60_000),
      summary: `Laundry: ${LAUNDRY_SERVICE[booking.service] ?? "Wash"}, ${booking.clothes} ${booking.clothes === 1 ? "piece" : "pieces"}`,
      description: "Your laundry slot booked on Campus.",
      url: `${origin}/laundry-service`,
    });
  }
  if (feed.tokens) {
    try {
      for (const { course, assignment } of await classroomWork(env, feed.userId, feed.tokens)) {
        if (!assignment.dueDate) continue;
        calendar.createEvent({
          id: `classroom-${course.id}-${assignment.id}@campus`,
          start: new Date(assignment.dueDate - DUE_BLOCK_MS),
          end: new Date(assignment.dueDate),
          // Work turned in or returned is never due (common/classroom-due.ts): its event says what became of it.
          summary: `${isDone(assignment.state) ? workStatus(assignment.state, assignment.dueDate, Date.now()).label : "Due"}: ${assignment.title} (${course.name})`,
          description: `Due in Google Classroom, ${course.name}.`,
          ...(assignment.alternateLink ? { url: assignment.alternateLink } : {}),
        });
      }
    } catch (error) {
      logWarning("calendar feed: Google Classroom could not be read", {
        userId: feed.userId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return calendar.toString();
}
