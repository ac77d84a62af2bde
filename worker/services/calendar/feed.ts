import ical from "ical-generator";
import { batch, first, insert, run, select, sql, textOrNull } from "#server/db/sql.ts";
import { calendarFeeds, googleConnections, laundryBookings, laundrySlots, users } from "#server/db/tables.generated.ts";
import { configOf } from "#server/lib/config.ts";
import { logWarning } from "#server/lib/log.ts";
import { limitPosting } from "#server/lib/post-limit.ts";
import { classroomWork } from "#server/services/classroom/reminders.ts";
import { timetableSourceReads, timetableSources } from "#server/services/timetable/student.ts";
import { addEvent, goingEvents } from "#server/services/events/ics.ts";
import { examsFrom, myExamsRead } from "#server/services/exams/student.ts";
import { EXAM_KIND_LABELS, examsHorizon } from "#common/exams.ts";
import { isDone, workStatus } from "#common/classroom-due.ts";
import { addDays, clock, indiaDate } from "#common/india-time.ts";
import { resolveDay, roomLabel } from "#common/timetable.ts";

// A student's private calendar feed (docs/decisions/0090-calendar-feed.md): their Classroom
// due dates, laundry bookings and the next two weeks of their timetable as an iCalendar file at /calendar/<secret>.ics, which Google Calendar
// or a phone's calendar subscribes to. The secret is 32 random bytes; only its SHA-256 is stored.

/** A feed's file name: the secret (43 base64url characters) and .ics. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

const LAUNDRY_SERVICE: Record<string, string> = { wash: "Wash", iron: "Iron", dry_clean: "Dry clean" };
/** Bookings from this long ago stay in the feed (a calendar shows the past week too). */
const PAST_MS = 30 * 24 * 60 * 60 * 1000;
/** A due date is shown as the half hour before it. */
const DUE_BLOCK_MS = 30 * 60 * 1000;
/** Days of the timetable in the feed, from today (docs/decisions/0110-class-reminders.md). */
export const TIMETABLE_FEED_DAYS = 14;
const INDIA_TIME = "Asia/Kolkata";
// India has kept +05:30 all year since 1945, so its zone is one fixed rule: the classes are written
// in India time with this zone beside them, as RFC 5545 asks for a TZID.
const INDIA_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${INDIA_TIME}`,
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:+0530",
  "TZOFFSETTO:+0530",
  "TZNAME:IST",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

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
  await run(
    env,
    insert(
      calendarFeeds,
      { user_id: userId, secret_hash: secretHash, created_at: now },
      sql`ON CONFLICT (user_id) DO UPDATE SET secret_hash = excluded.secret_hash, created_at = excluded.created_at`,
    ),
  );
  return secret;
}

/** Stops the feed: the link answers 404 from now on. */
export async function stopCalendarFeed(env: Env, userId: string): Promise<void> {
  await run(env, sql`DELETE FROM calendar_feeds WHERE user_id = ${userId}`);
}

/**
 * The calendar at /calendar/<file> (`file`: the secret and .ics), or null for none (a malformed name,
 * a reset or stopped feed, a deleted account): no session, the secret is the key. Laundry bookings
 * from the past 30 days on (not cancelled), the student's timetable from today for 14 days as their
 * timetable shows it (one-off changes applied; cancelled periods and the class's periods on a
 * college holiday left out), and, when Google Classroom is connected, every assignment with a due
 * date; Google not answering leaves the rest in the feed. Links point to the address
 * the calendar app asked (the request's origin), else this deploy's.
 */
export async function calendarFor(env: Env, file: string, now = Date.now()): Promise<string | null> {
  const secret = FEED_FILE.exec(file)?.[1];
  if (!secret) return null;
  const config = configOf(env);
  const origin = config.origin ?? config.appUrl;
  const f = calendarFeeds.as("f");
  const u = users.as("u");
  const g = googleConnections.as("g");
  const feed = await first(
    env,
    select(
      // Google is optional: no connection, no Classroom events.
      { userId: f.user_id, campusId: u.campus_id, tokens: textOrNull(sql`${g.tokens}`) },
      sql`FROM ${f} JOIN ${u} ON ${u.id} = ${f.user_id} AND ${u.deleted_at} IS NULL
        LEFT JOIN ${g} ON ${g.user_id} = ${f.user_id}
        WHERE ${f.secret_hash} = ${await hashOf(secret)} LIMIT 1`,
    ),
  );
  if (!feed) return null;
  const today = indiaDate(now);
  // The laundry and the timetable in one round trip.
  const b = laundryBookings.as("b");
  const s = laundrySlots.as("s");
  const [laundry, going, examRows, ...timetable] = await batch(env, [
    select(
      {
        id: b.id,
        startsAt: b.starts_at,
        service: b.service,
        clothes: b.clothes,
        startsAtMin: s.starts_at_min,
        endsAtMin: s.ends_at_min,
      },
      sql`FROM ${b} JOIN ${s} ON ${s.id} = ${b.slot_id}
        WHERE ${b.user_id} = ${feed.userId} AND ${b.starts_at} >= ${now - PAST_MS}
          AND ${b.status} IN ('booked', 'picked_up', 'washing', 'ready', 'collected')`,
    ),
    // The events they are going to (docs/decisions/0130-the-waiting-list.md), from the past 30 days on.
    goingEvents(feed.userId, now - PAST_MS),
    myExamsRead({ id: feed.userId, campusId: feed.campusId }, today, examsHorizon(today)),
    ...timetableSourceReads(
      { id: feed.userId, campusId: feed.campusId },
      today,
      addDays(today, TIMETABLE_FEED_DAYS - 1),
    ),
  ]);
  const bookings = laundry.rows;

  const calendar = ical({
    name: "Campus",
    description: "Your classes, exams, Classroom due dates, laundry bookings and events from Campus.",
    prodId: { company: "Campus", product: "Campus calendar", language: "EN" },
    ttl: 60 * 60,
    // Only the India zone's definition: the calendar itself has no zone, so the laundry and Classroom
    // events stay in UTC as before; the generator is asked for each event's zone.
    timezone: { name: "", generator: (zone) => (zone === INDIA_TIME ? INDIA_VTIMEZONE : null) },
  });
  const sources = timetableSources(timetable);
  for (let i = 0; i < TIMETABLE_FEED_DAYS; i++) {
    const day = resolveDay(addDays(today, i), sources);
    for (const slot of day.slots) {
      if (slot.state === "cancelled") continue;
      calendar.createEvent({
        // One event per slot and date: a moved period keeps its id, so the calendar moves it.
        id: `timetable-${slot.id}-${day.date}@campus`,
        // Local times with their zone: "10:00" is 10:00 in India wherever the phone is set.
        start: `${day.date}T${clock(slot.startsMin)}:00`,
        end: `${day.date}T${clock(slot.endsMin)}:00`,
        timezone: INDIA_TIME,
        summary: slot.state === "moved" ? `${slot.title} (moved)` : slot.title,
        ...(slot.room ? { location: roomLabel(slot.room) } : {}),
        description: [
          slot.source === "personal" ? "Your own entry in your timetable." : slot.teacher || "",
          slot.usual
            ? `Moved for this day: usually ${clock(slot.usual.startsMin)}${slot.usual.room ? ` in ${roomLabel(slot.usual.room, { inSentence: true })}` : ""}.`
            : "",
        ]
          .filter(Boolean)
          .join("\n"),
        url: `${origin}/timetable?date=${day.date}`,
      });
    }
  }
  // The datesheet: one event per sitting, its id kept when a keeper moves it.
  for (const exam of examsFrom(examRows.rows).exams) {
    calendar.createEvent({
      id: `exam-${exam.id}@campus`,
      start: `${exam.date}T${clock(exam.startsMin)}:00`,
      end: `${exam.date}T${clock(exam.endsMin)}:00`,
      timezone: INDIA_TIME,
      summary: `${EXAM_KIND_LABELS[exam.kind]} exam: ${exam.subjectName}`,
      ...(exam.room ? { location: roomLabel(exam.room) } : {}),
      description: `${exam.subjectCode} ${exam.subjectName}. Past papers on Campus: ${origin}/library?subject=${encodeURIComponent(exam.subjectId)}&kind=past_paper`,
      url: `${origin}/exams`,
    });
  }
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
  for (const event of going.rows) addEvent(calendar, event, origin);
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
