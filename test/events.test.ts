// Events (docs/decisions/0130-the-waiting-list.md, docs/decisions/0131-sharing-without-leaking.md):
// scope (another college's event is a 404, a visitor sees only events open to visitors), who may
// publish and change (a lead of that club or the campus admin), going and the waiting list with
// its races counted in rows, capacity changes, cancellation notices, the reminder an hour before,
// the calendar feed and each event's .ics.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { indiaDate, indiaInstant, addDays } from "#common/india-time.ts";
import { indiaLocalOf } from "#common/events.ts";
import { runEventReminders } from "#server/services/events/reminders.ts";
import { feedPath, resetCalendarFeed } from "#server/services/calendar/feed.ts";
import { call, createUser, type TestUser } from "#test/helpers.ts";
import { get, read, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import {
  campusAdmin,
  clubWithLead,
  DAY,
  type EventData,
  eventBody,
  going,
  HOUR,
  leaving,
  publish,
} from "#test/events-helpers.ts";

interface Notice {
  kind: string;
  title: string;
  text: string;
  link: string | null;
}

async function noticesOf(user: TestUser, kind: string): Promise<Notice[]> {
  const res = await get("/api/notifications", user.token);
  const inbox = await read<{ notices: Notice[] }>(res);
  return inbox.data.notices.filter((n) => n.kind === kind);
}

const eventOf = async (user: TestUser | null, id: string) => get(`/api/events/${id}`, user?.token);

describe("scope", () => {
  it("shows a member their college's events; another college's member gets a 404; a visitor only events open to visitors", async () => {
    const { clubId, lead } = await clubWithLead();
    const closed = await publish(lead, eventBody(clubId, { title: "Members night" }));
    const open = await publish(lead, eventBody(clubId, { title: "Open day talk", openToVisitors: true }));
    const student = await createUser();
    const other = await createUser({ email: `r-${crypto.randomUUID()}@riverside.test` });

    expect((await eventOf(student, closed.id)).status).toBe(200);
    const foreign = await eventOf(other, closed.id);
    expect(foreign.status).toBe(404);
    expect((await read(foreign)).message).toBe("That event does not exist, or is not at your college.");
    // Not listed for another college's member either.
    const theirs = await read<{ events: EventData[] }>(await get("/api/events", other.token));
    expect(theirs.data.events.map((e) => e.id)).not.toContain(closed.id);

    const visitorClosed = await eventOf(null, closed.id);
    expect(visitorClosed.status).toBe(401);
    const said = await read<never>(visitorClosed);
    expect(JSON.stringify(said)).not.toContain("Members night");
    expect((await eventOf(null, open.id)).status).toBe(200);
    const visitorList = await read<{ events: EventData[] }>(await get("/api/events?campus=cit"));
    const ids = visitorList.data.events.map((e) => e.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(closed.id);
    // A member's list has both, and filters by category and club.
    const mine = await read<{ events: EventData[] }>(await get(`/api/events?club=${clubId}`, student.token));
    expect(mine.data.events.map((e) => e.id).sort()).toEqual([closed.id, open.id].sort());
    const sports = await read<{ events: EventData[] }>(
      await get(`/api/events?club=${clubId}&category=sports`, student.token),
    );
    expect(sports.data.events).toEqual([]);
  });

  it("does not let a member go to another college's event", async () => {
    const { clubId, lead } = await clubWithLead();
    const event = await publish(lead, eventBody(clubId));
    const other = await createUser({ email: `r-${crypto.randomUUID()}@riverside.test` });
    const res = await going(other, event.id);
    expect(res.status).toBe(404);
    expect(await count("SELECT COUNT(*) AS n FROM event_attendees WHERE event_id = ?1", event.id)).toBe(0);
  });
});

describe("roles", () => {
  it("lets only a lead of that club or the campus admin publish and change its events", async () => {
    const { clubId, lead, admin } = await clubWithLead();
    const otherClub = await clubWithLead(admin);
    const student = await createUser();

    const refused = await sendJson("POST", "/api/events", eventBody(clubId), student.token);
    expect(refused.status).toBe(403);
    expect((await read(refused)).message).toBe(
      "Only a lead of this club or your college's campus admin can publish and change its events.",
    );
    const wrongLead = await sendJson("POST", "/api/events", eventBody(clubId), otherClub.lead.token);
    expect(wrongLead.status).toBe(403);
    // A college event (no club) is the admin's alone.
    const collegeByLead = await sendJson("POST", "/api/events", eventBody(null), lead.token);
    expect(collegeByLead.status).toBe(403);
    expect(await count("SELECT COUNT(*) AS n FROM events WHERE club_id = ?1", clubId)).toBe(0);

    const event = await publish(lead, eventBody(clubId));
    expect(event.mayEdit).toBe(true);
    await publish(admin, eventBody(null, { title: "Convocation" }));
    const byAdmin = await sendJson("PATCH", `/api/events/${event.id}`, { title: "Robot build night 2" }, admin.token);
    expect(byAdmin.status).toBe(200);
    const byStudent = await sendJson("PATCH", `/api/events/${event.id}`, { title: "Mine now" }, student.token);
    expect(byStudent.status).toBe(403);
    const byOtherLead = await sendJson("DELETE", `/api/events/${event.id}`, {}, otherClub.lead.token);
    expect(byOtherLead.status).toBe(403);
    expect((await read<EventData>(await eventOf(student, event.id))).data.title).toBe("Robot build night 2");
    // Every change is audited.
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM staff_audit_log WHERE subject_kind = 'event' AND subject_id = ?1",
        event.id,
      ),
    ).toBe(2);
  });

  it("refuses bad input with the field's message and writes nothing", async () => {
    const { clubId, lead } = await clubWithLead();
    const start = Date.now() + DAY;
    const backwards = await sendJson(
      "POST",
      "/api/events",
      eventBody(clubId, { startsAt: indiaLocalOf(start), endsAt: indiaLocalOf(start - HOUR) }),
      lead.token,
    );
    expect(backwards.status).toBe(400);
    expect((await read(backwards)).message).toBe("The event must end after it starts.");
    const badCategory = await sendJson("POST", "/api/events", eventBody(clubId, { category: "party" }), lead.token);
    expect(badCategory.status).toBe(400);
    const badCapacity = await sendJson("POST", "/api/events", eventBody(clubId, { capacity: 0 }), lead.token);
    expect(badCapacity.status).toBe(400);
    expect(await count("SELECT COUNT(*) AS n FROM events WHERE club_id = ?1", clubId)).toBe(0);
  });
});

describe("going and the waiting list", () => {
  it("gives the last place to exactly one of two students who say going at once", async () => {
    const { clubId, lead } = await clubWithLead();
    const event = await publish(lead, eventBody(clubId, { capacity: 1 }));
    const [a, b] = await Promise.all([createUser(), createUser()]);
    const answers = await Promise.all([going(a, event.id), going(b, event.id)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const states = await Promise.all(answers.map(async (r) => (await read<{ state: string }>(r)).data.state));
    expect(states.sort()).toEqual(["going", "waiting"]);
    expect(
      await count("SELECT COUNT(*) AS n FROM event_attendees WHERE event_id = ?1 AND state = 'going'", event.id),
    ).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM event_attendees WHERE event_id = ?1 AND state = 'waiting'", event.id),
    ).toBe(1);
    // Saying it again changes nothing.
    const again = await going(a, event.id);
    expect(again.status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM event_attendees WHERE event_id = ?1", event.id)).toBe(2);
  });

  it("moves the first waiting student up exactly once when someone drops out while another joins", async () => {
    const { clubId, lead } = await clubWithLead();
    const event = await publish(lead, eventBody(clubId, { capacity: 2, title: "Drone race" }));
    const [g1, g2, w1, w2, late] = await Promise.all([
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
    ]);
    for (const user of [g1, g2, w1, w2]) expect((await going(user, event.id)).status).toBe(200);
    const w1State = await read<EventData>(await eventOf(w1, event.id));
    expect(w1State.data.mine).toEqual({ state: "waiting", line: 1 });
    expect((await read<EventData>(await eventOf(w2, event.id))).data.mine).toEqual({ state: "waiting", line: 2 });

    const [dropped, joined] = await Promise.all([leaving(g1, event.id), going(late, event.id)]);
    expect(dropped.status).toBe(200);
    expect(joined.status).toBe(200);
    expect((await read<{ state: string }>(joined)).data.state).toBe("waiting");

    const rows = await env.DB.prepare(
      "SELECT user_id, state FROM event_attendees WHERE event_id = ?1 ORDER BY position",
    )
      .bind(event.id)
      .all<{ user_id: string; state: string }>();
    expect(rows.results).toEqual([
      { user_id: g2.userId, state: "going" },
      { user_id: w1.userId, state: "going" },
      { user_id: w2.userId, state: "waiting" },
      { user_id: late.userId, state: "waiting" },
    ]);
    const told = await noticesOf(w1, "event.moved_up");
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe("You are going: Drone race");
    expect(await noticesOf(w2, "event.moved_up")).toHaveLength(0);
    // A second drop-out moves the next one up, once.
    await Promise.all([leaving(g2, event.id), leaving(g2, event.id)]);
    expect(
      await count("SELECT COUNT(*) AS n FROM event_attendees WHERE event_id = ?1 AND state = 'going'", event.id),
    ).toBe(2);
    expect((await read<EventData>(await eventOf(w2, event.id))).data.mine).toEqual({ state: "going", line: null });
  });

  it("moves the waiting list up when the capacity grows, and removes no one when it shrinks", async () => {
    const { clubId, lead } = await clubWithLead();
    const event = await publish(lead, eventBody(clubId, { capacity: 1 }));
    const [a, b, c] = await Promise.all([createUser(), createUser(), createUser()]);
    for (const user of [a, b, c]) await going(user, event.id);
    const grown = await sendJson("PATCH", `/api/events/${event.id}`, { capacity: 2 }, lead.token);
    expect(grown.status).toBe(200);
    expect((await read<EventData>(grown)).data).toMatchObject({ going: 2, waiting: 1, capacity: 2 });
    expect((await read<EventData>(await eventOf(b, event.id))).data.mine?.state).toBe("going");
    const shrunk = await sendJson("PATCH", `/api/events/${event.id}`, { capacity: 1 }, lead.token);
    expect((await read<EventData>(shrunk)).data).toMatchObject({ going: 2, waiting: 1, capacity: 1 });
    // No limit: everyone waiting goes.
    const unlimited = await sendJson("PATCH", `/api/events/${event.id}`, { capacity: null }, lead.token);
    expect((await read<EventData>(unlimited)).data).toMatchObject({ going: 3, waiting: 0, capacity: null });
  });

  it("refuses going after sign-up closes", async () => {
    const { clubId, lead } = await clubWithLead();
    const event = await publish(lead, eventBody(clubId, { signupClosesAt: Date.now() + 1000 }));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const late = await going(await createUser(), event.id);
    expect(late.status).toBe(409);
    expect((await read(late)).message).toBe("Sign-up for this event has closed.");
  });
});

describe("changes and cancellation", () => {
  it("tells everyone going and waiting of a change and of a cancellation, and audits both", async () => {
    const { clubId, lead } = await clubWithLead();
    const event = await publish(lead, eventBody(clubId, { capacity: 1, title: "Quiz night" }));
    const [a, b] = await Promise.all([createUser(), createUser()]);
    await going(a, event.id);
    await going(b, event.id);
    const later = Date.now() + 3 * DAY;
    const moved = await sendJson(
      "PATCH",
      `/api/events/${event.id}`,
      { startsAt: indiaLocalOf(later), endsAt: indiaLocalOf(later + HOUR), placeText: "Main hall" },
      lead.token,
    );
    expect(moved.status).toBe(200);
    for (const user of [a, b]) {
      const changed = await noticesOf(user, "event.changed");
      expect(changed).toHaveLength(1);
      expect(changed[0]!.text).toContain("Main hall");
    }
    const cancelled = await sendJson("DELETE", `/api/events/${event.id}`, {}, lead.token);
    expect(cancelled.status).toBe(200);
    for (const user of [a, b]) expect(await noticesOf(user, "event.cancelled")).toHaveLength(1);
    expect((await read<EventData>(await eventOf(a, event.id))).data.status).toBe("cancelled");
    const again = await sendJson("DELETE", `/api/events/${event.id}`, {}, lead.token);
    expect(again.status).toBe(409);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM notices WHERE kind = 'event.cancelled' AND link = ?1",
        `/events/${event.id}`,
      ),
    ).toBe(2);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM staff_audit_log WHERE subject_id = ?1 AND action IN ('event.publish', 'event.edit', 'event.cancel')",
        event.id,
      ),
    ).toBe(3);
    // No one goes to a cancelled event.
    expect((await going(await createUser(), event.id)).status).toBe(409);
  });
});

describe("the reminder an hour before", () => {
  /** An event of its own starting at `clock` India time, days ahead, with one student going. */
  async function eventAt(minutes: number, daysAhead: number) {
    const { clubId, lead } = await clubWithLead();
    const date = addDays(indiaDate(Date.now()), daysAhead);
    const startsAt = indiaInstant(date, minutes);
    const event = await publish(
      lead,
      eventBody(clubId, { startsAt: indiaLocalOf(startsAt), endsAt: indiaLocalOf(startsAt + HOUR) }),
    );
    const student = await createUser();
    await going(student, event.id);
    return { event, student, startsAt };
  }

  it("reminds each student going once, within the hour before, through the inbox and push queue", async () => {
    const { event, student, startsAt } = await eventAt(18 * 60, 9);
    expect((await runEventReminders(env, startsAt - 2 * HOUR)).sent).toBe(0);
    const run = await runEventReminders(env, startsAt - 50 * 60_000);
    expect(run.sent).toBeGreaterThanOrEqual(1);
    await runEventReminders(env, startsAt - 49 * 60_000);
    const reminders = await noticesOf(student, "event.reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ title: `In an hour: ${event.title}`, link: `/events/${event.id}` });
    // Not yet handed to push: the cron's queueNotices takes it (worker/index.ts), as every notice.
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM notices WHERE user_id = ?1 AND kind = 'event.reminder' AND queued_at IS NULL",
        student.userId,
      ),
    ).toBe(1);
  });

  it("holds a reminder through quiet hours and sends none to a student who turned them off", async () => {
    // 23:30 India time is inside the default quiet hours (23:00-07:00).
    const quiet = await eventAt(23 * 60 + 59, 11);
    const held = await runEventReminders(env, quiet.startsAt - 29 * 60_000);
    expect(held.quiet).toBeGreaterThanOrEqual(1);
    expect(await noticesOf(quiet.student, "event.reminder")).toHaveLength(0);

    const off = await eventAt(15 * 60, 13);
    const switched = await sendJson("PUT", "/api/push/event-reminders", { enabled: false }, off.student.token);
    expect(switched.status).toBe(200);
    await runEventReminders(env, off.startsAt - 30 * 60_000);
    expect(await noticesOf(off.student, "event.reminder")).toHaveLength(0);
  });
});

describe("calendars", () => {
  it("puts events a student is going to in their feed, and gives each event its own .ics", async () => {
    const { clubId, lead } = await clubWithLead();
    const event = await publish(lead, eventBody(clubId, { title: "Chess simul" }));
    const student = await createUser();
    await going(student, event.id);
    const ics = await get(`/api/events/${event.id}/ics`, student.token);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("Content-Type")).toContain("text/calendar");
    const body = await ics.text();
    expect(body).toContain("SUMMARY:Chess simul");
    expect(body).toContain(`UID:event-${event.id}@campus`);
    expect((await get(`/api/events/${event.id}/ics`)).status).toBe(401);

    const secret = await resetCalendarFeed(env, student.userId);
    const feed = await call(feedPath(secret));
    expect(await feed.text()).toContain("SUMMARY:Chess simul");
  });
});

describe("visitors' admin gate", () => {
  it("lets a campus admin of another college see nothing of this one's events", async () => {
    const { clubId, lead } = await clubWithLead();
    const event = await publish(lead, eventBody(clubId));
    const rce = await campusAdmin("rce");
    expect((await sendJson("PATCH", `/api/events/${event.id}`, { title: "x" }, rce.token)).status).toBe(404);
  });
});
