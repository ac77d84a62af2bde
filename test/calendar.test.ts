import { env } from "cloudflare:workers";
import ICAL from "ical.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetCalendarFeed, stopCalendarFeed } from "#server/services/calendar.ts";
import { googleRedirect, installFakeGoogle } from "#test/fake-google.ts";
import { call, createUser, postJson } from "#test/helpers.ts";

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
