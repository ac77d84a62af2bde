import { env } from "cloudflare:workers";
import ICAL from "ical.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetCalendarFeed, stopCalendarFeed } from "#server/services/calendar/feed.ts";
import { addDays, indiaDate, indiaInstant, weekdayOfDate } from "#common/india-time.ts";
import { googleRedirect, installFakeGoogle } from "#test/fake-google.ts";
import { call, createUser, postJson } from "#test/helpers.ts";
import { sendJson } from "#test/hostel-helpers.ts";
import { grant } from "#test/staff-helpers.ts";
import { addPeriod, choose, MATHS, newClass } from "#test/timetable-helpers.ts";

// The private calendar feed, read back with a calendar parser as a calendar app would.

afterEach(() => {
  vi.restoreAllMocks();
});

interface FeedEvent {
  uid: string;
  summary: string;
  start: number;
  end: number;
  url: string | null;
}

function eventsOf(text: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe("vcalendar");
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
      url: (component.getFirstPropertyValue("url") as string | null) ?? null,
    };
  });
}

const feed = (secret: string) => call(`/calendar/${secret}.ics`);

async function book(userId: string, slotId: string, startsAt: number, status = "booked"): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO laundry_bookings (id, user_id, slot_id, date, starts_at, clothes, service, status, created_at) VALUES (?1, ?2, ?3, '2026-11-25', ?4, 6, 'iron', ?5, ?4)",
  )
    .bind(id, userId, slotId, startsAt, status)
    .run();
  return id;
}

describe("the calendar feed", () => {
  it("answers the student's laundry bookings as an iCalendar file (not cancelled, not another student's), private and uncacheable by others", async () => {
    const student = await createUser();
    const other = await createUser();
    // A slot starts on a whole minute (iCalendar times have seconds, no milliseconds).
    const startsAt = Math.floor((Date.now() + 24 * 60 * 60 * 1000) / 60_000) * 60_000;
    const booked = await book(student.userId, "1400", startsAt);
    await book(student.userId, "1600", startsAt + 2 * 60 * 60 * 1000, "cancelled");
    await book(other.userId, "0800", startsAt);
    const secret = await resetCalendarFeed(env, student.userId);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const res = await feed(secret);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("private, max-age=300");
    const events = eventsOf(await res.text());
    expect(events).toEqual([
      {
        uid: `laundry-${booked}@campus`,
        summary: "Laundry: Iron, 6 pieces",
        start: startsAt,
        end: startsAt + 2 * 60 * 60 * 1000,
        url: "http://localhost/laundry-service",
      },
    ]);
  });

  it("a reset makes a new link and stops the old one; stopping ends it; an unknown or malformed link is a 404", async () => {
    const student = await createUser();
    const first = await resetCalendarFeed(env, student.userId);
    expect((await feed(first)).status).toBe(200);
    const second = await resetCalendarFeed(env, student.userId);
    expect(second).not.toBe(first);
    expect((await feed(first)).status).toBe(404);
    expect((await feed(second)).status).toBe(200);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM calendar_feeds WHERE user_id = ?")
      .bind(student.userId)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
    // Only the secret's hash is stored.
    const stored = await env.DB.prepare("SELECT secret_hash FROM calendar_feeds WHERE user_id = ?")
      .bind(student.userId)
      .first<{ secret_hash: string }>();
    expect(stored!.secret_hash).not.toContain(second);
    await stopCalendarFeed(env, student.userId);
    expect((await feed(second)).status).toBe(404);
    expect((await feed("x".repeat(43))).status).toBe(404);
    expect((await call("/calendar/short.ics")).status).toBe(404);
    expect((await call(`/calendar/${second}`)).status).toBe(404);
  });

  it("adds every Classroom assignment with a due date when Google Classroom is connected", async () => {
    const noonIst = Date.UTC(2026, 8, 14, 6, 30);
    const fake = installFakeGoogle({ now: () => noonIst });
    const { location, cookie } = await googleRedirect(fake, "classroom", "aarav");
    const token = (
      (await (
        await postJson("/api/google/exchange", { code: location.searchParams.get("code") }, { Cookie: cookie })
      ).json()) as { token: string }
    ).token;
    const student = await createUser();
    expect(
      (await postJson("/api/google/notifications/enable", { userId: student.email, token }, { Cookie: student.cookie }))
        .status,
    ).toBe(200);
    const secret = await resetCalendarFeed(env, student.userId);
    const events = eventsOf(await (await feed(secret)).text());
    const graph = events.find((e) => e.summary === "Due: Graph traversal assignment (Data Structures)");
    expect(graph).toMatchObject({ end: Date.UTC(2026, 8, 16, 12, 30), start: Date.UTC(2026, 8, 16, 12, 0) });
    expect(graph!.uid).toMatch(/^classroom-.+@campus$/);
    // Work turned in or returned is never due: its event says what became of it.
    expect(events.find((e) => e.summary.includes("Process scheduling problem set"))?.summary).toBe(
      "Turned in: Process scheduling problem set (Operating Systems)",
    );
    expect(events.find((e) => e.summary.includes("Deadlock case study"))?.summary).toBe(
      "Returned: Deadlock case study (Operating Systems)",
    );
    expect(
      events.filter((e) => !/^(Turned in|Returned): /.test(e.summary)).every((e) => e.summary.startsWith("Due: ")),
    ).toBe(true);
    expect(events.length).toBeGreaterThan(1);
  });

  it("the request log line leaves the secret out", async () => {
    const student = await createUser();
    const secret = await resetCalendarFeed(env, student.userId);
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    expect((await feed(secret)).status).toBe(200);
    const logged = lines.filter((l) => l.includes('"msg":"request"'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('"path":"/calendar/[secret]"');
    expect(lines.join("\n")).not.toContain(secret);
  });
});

describe("the timetable in the calendar feed", () => {
  interface ClassEvent {
    uid: string;
    summary: string;
    location: string | null;
    zone: string;
    /** The local time as written ("2026-12-01T10:00:00"), and the instant it is. */
    local: string;
    start: number;
    end: number;
  }

  function classEventsOf(text: string): ClassEvent[] {
    const calendar = new ICAL.Component(ICAL.parse(text));
    // The zone the file defines is the one its times are read in, as a calendar app reads them.
    const zone = calendar.getFirstSubcomponent("vtimezone");
    expect(zone?.getFirstPropertyValue("tzid")).toBe("Asia/Kolkata");
    ICAL.TimezoneService.register(zone!);
    return calendar
      .getAllSubcomponents("vevent")
      .filter((component) => String(component.getFirstPropertyValue("uid")).startsWith("timetable-"))
      .map((component) => {
        const event = new ICAL.Event(component);
        return {
          uid: event.uid,
          summary: event.summary,
          location: event.location || null,
          zone: String(component.getFirstProperty("dtstart")?.getParameter("tzid")),
          local: event.startDate.toString(),
          start: event.startDate.toJSDate().getTime(),
          end: event.endDate.toJSDate().getTime(),
        };
      });
  }

  it("has the next 14 days of the student's classes in India time with the room, one-off changes applied, cancelled ones and holidays left out", async () => {
    const today = indiaDate(Date.now());
    const cls = await newClass();
    // Applied Mathematics 1 at 10:00 in room 101 every day of the week.
    const periodOn = new Map<number, string>();
    for (let weekday = 1; weekday <= 7; weekday++)
      periodOn.set(
        weekday,
        await addPeriod(
          {
            classId: cls.id,
            weekday,
            startsAt: "10:00",
            endsAt: "10:50",
            subjectId: MATHS,
            room: "101",
            kind: "lecture",
          },
          cls.curator.token,
        ),
      );
    const student = await createUser();
    expect((await choose(student, cls.id)).status).toBe(200);
    const [cancelledOn, movedOn, holidayOn, clubOn] = [1, 2, 3, 4].map((days) => addDays(today, days)) as [
      string,
      string,
      string,
      string,
    ];
    const periodOf = (date: string) => periodOn.get(weekdayOfDate(date))!;
    const change = (body: Record<string, unknown>) =>
      sendJson("POST", "/api/timetable/changes", body, cls.curator.token);
    expect((await change({ periodId: periodOf(cancelledOn), date: cancelledOn, kind: "cancelled" })).status).toBe(201);
    expect(
      (
        await change({
          periodId: periodOf(movedOn),
          date: movedOn,
          kind: "moved",
          room: "305",
          startsAt: "11:00",
          endsAt: "11:50",
        })
      ).status,
    ).toBe(201);
    const admin = await createUser();
    await grant(admin, "admin");
    expect(
      (await sendJson("POST", "/api/admin/campus/holidays", { date: holidayOn, name: "Founders' Day" }, admin.token))
        .status,
    ).toBe(201);
    expect(
      (
        await sendJson(
          "POST",
          "/api/timetable/personal",
          {
            weekday: weekdayOfDate(clubOn),
            startsAt: "18:00",
            endsAt: "19:00",
            title: "Photography club",
            room: "Hall B",
          },
          student.token,
        )
      ).status,
    ).toBe(201);

    const secret = await resetCalendarFeed(env, student.userId);
    const res = await feed(secret);
    expect(res.status).toBe(200);
    const text = await res.text();
    const events = classEventsOf(text);

    const days = Array.from({ length: 14 }, (_, i) => addDays(today, i));
    const lectures = days
      .filter((date) => date !== cancelledOn && date !== holidayOn)
      .map((date) => {
        const moved = date === movedOn;
        const [from, to] = moved ? [11 * 60, 11 * 60 + 50] : [10 * 60, 10 * 60 + 50];
        return {
          uid: `timetable-${periodOf(date)}-${date}@campus`,
          summary: moved ? "Applied Mathematics 1 (moved)" : "Applied Mathematics 1",
          location: moved ? "Room 305" : "Room 101",
          zone: "Asia/Kolkata",
          local: `${date}T${moved ? "11" : "10"}:00:00`,
          start: indiaInstant(date, from),
          end: indiaInstant(date, to),
        };
      });
    const club = [clubOn, addDays(clubOn, 7)].map((date) => ({
      summary: "Photography club",
      location: "Hall B",
      local: `${date}T18:00:00`,
      start: indiaInstant(date, 18 * 60),
    }));
    expect(events.filter((e) => e.summary !== "Photography club")).toEqual(lectures);
    expect(events.filter((e) => e.summary === "Photography club")).toEqual(club.map((c) => expect.objectContaining(c)));
    // Nothing on the cancelled date or the holiday, and nothing past the 14 days.
    for (const date of [cancelledOn, holidayOn, addDays(today, 14)])
      expect(events.filter((e) => e.uid.endsWith(`-${date}@campus`) && e.summary !== "Photography club")).toEqual([]);
    expect(text).toContain(`DTSTART;TZID=Asia/Kolkata:${movedOn.replaceAll("-", "")}T110000`);
  });

  it("has no classes for a student who has not chosen a class", async () => {
    const student = await createUser();
    const secret = await resetCalendarFeed(env, student.userId);
    const text = await (await feed(secret)).text();
    expect(eventsOf(text).filter((e) => e.uid.startsWith("timetable-"))).toEqual([]);
  });
});
