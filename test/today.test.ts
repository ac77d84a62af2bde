// The dashboard's Today (docs/decisions/0112-today.md): the next class and where (one-off changes,
// holidays, tomorrow's first), the classes to mark, attendance below the threshold, the next meal
// for hostellers, laundry, reservations and notices: the student's own, and nobody else's.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDays, indiaDate, indiaInstant, weekdayOfDate } from "#common/india-time.ts";
import { readToday } from "#server/services/dashboard/today.ts";
import { call, createUser, ORIGIN, type TestUser } from "#test/helpers.ts";
import { freezeIndiaTime } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { addPeriod, choose, MATHS, newClass, PHYSICS } from "#test/timetable-helpers.ts";

const member = (user: TestUser) => ({ id: user.userId, campusId: "cit" });
const page = (user: TestUser, path: string, cookie = "") =>
  call(path, { headers: { Cookie: `${user.cookie}${cookie}` } });
const shown = (html: string) =>
  html.replaceAll("<!-- -->", "").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

/** A class with Physics 09:00-09:50 in room 204 and Maths 11:00-11:50 on `date`'s weekday, and Maths at 10:00 the day after; a student in it. */
async function dayOfClasses(date: string) {
  const { id, curator } = await newClass();
  const weekday = weekdayOfDate(date);
  const physics = await addPeriod(
    { classId: id, weekday, startsAt: "09:00", endsAt: "09:50", subjectId: PHYSICS, room: "204", kind: "lecture" },
    curator.token,
  );
  const maths = await addPeriod(
    { classId: id, weekday, startsAt: "11:00", endsAt: "11:50", subjectId: MATHS, room: "101", kind: "lecture" },
    curator.token,
  );
  const nextDay = weekdayOfDate(addDays(date, 1));
  await addPeriod(
    {
      classId: id,
      weekday: nextDay,
      startsAt: "10:00",
      endsAt: "10:50",
      subjectId: MATHS,
      room: "G2",
      kind: "tutorial",
    },
    curator.token,
  );
  const student = await createUser();
  expect((await choose(student, id)).status).toBe(200);
  return { classId: id, physics, maths, student };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("Today's classes", () => {
  // A date a week ahead: nothing of the real today leaks in, and its weekday has the periods.
  const date = addDays(indiaDate(Date.now()), 7);
  const at = (minutes: number) => indiaInstant(date, minutes);

  it("says what is on now, what is next and how many remain, then tomorrow's first once the day is done", async () => {
    const { student } = await dayOfClasses(date);
    const during = await readToday(env, member(student), "day-scholar", at(9 * 60 + 30));
    expect(during.hasClass).toBe(true);
    expect(during.nextClass).toMatchObject({
      when: "now",
      slot: { title: "Applied Physics 1", room: "204", endsMin: 590 },
    });
    expect(during.laterToday).toBe(1);

    const between = await readToday(env, member(student), "day-scholar", at(10 * 60));
    expect(between.nextClass).toMatchObject({ when: "next", slot: { room: "101", startsMin: 660 } });
    expect(between.laterToday).toBe(0);
    // Physics has started and carries no mark: it waits for one.
    expect(between.toMark.map((s) => s.title)).toEqual(["Applied Physics 1"]);

    const evening = await readToday(env, member(student), "day-scholar", at(18 * 60));
    expect(evening.nextClass).toMatchObject({ when: "tomorrow", date: addDays(date, 1), slot: { room: "G2" } });
    expect(evening.toMark).toHaveLength(2);

    const early = await readToday(env, member(student), "day-scholar", at(7 * 60));
    expect(early.nextClass).toMatchObject({ when: "next", slot: { startsMin: 540 } });
    expect(early.laterToday).toBe(1);
    expect(early.toMark).toEqual([]);
  });

  it("skips a period cancelled for the day, shows a moved one at its new time and room, and a holiday has none", async () => {
    const { physics, maths, student } = await dayOfClasses(date);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO timetable_changes (id, period_id, date, kind, created_at) VALUES (?1, ?2, ?3, 'cancelled', 0)",
      ).bind(crypto.randomUUID(), physics, date),
      env.DB.prepare(
        "INSERT INTO timetable_changes (id, period_id, date, kind, room, starts_min, ends_min, created_at) VALUES (?1, ?2, ?3, 'moved', '305', 720, 770, 0)",
      ).bind(crypto.randomUUID(), maths, date),
    ]);
    const morning = await readToday(env, member(student), "day-scholar", at(8 * 60));
    expect(morning.nextClass).toMatchObject({
      when: "next",
      slot: { title: "Applied Mathematics 1", room: "305", startsMin: 720, state: "moved", usual: { room: "101" } },
    });
    expect(morning.laterToday).toBe(0);
    // A cancelled class is never waiting for a mark.
    const noon = await readToday(env, member(student), "day-scholar", at(12 * 60 + 10));
    expect(noon.toMark.map((s) => s.id)).toEqual([maths]);

    await env.DB.prepare("INSERT INTO campus_holidays (campus_id, date, name) VALUES ('cit', ?1, 'Founders'' Day')")
      .bind(date)
      .run();
    const holiday = await readToday(env, member(student), "day-scholar", at(8 * 60));
    expect(holiday.holiday).toBe("Founders' Day");
    expect(holiday.nextClass).toMatchObject({ when: "tomorrow" });
    expect(holiday.toMark).toEqual([]);
    await env.DB.prepare("DELETE FROM campus_holidays WHERE campus_id = 'cit' AND date = ?1").bind(date).run();
  });

  it("a student without a class is asked to choose one, and has nothing to mark", async () => {
    const student = await createUser();
    const view = await readToday(env, member(student), "day-scholar", at(10 * 60));
    expect(view).toMatchObject({ hasClass: false, nextClass: null, toMark: [], warnings: [] });
    const html = shown(await (await page(student, "/dashboard")).text());
    expect(html).toContain("Choose your class once, and your next class shows here.");
    expect(html).toContain('href="/timetable"');
  });
});

describe("Today's other lines", () => {
  it("warns of subjects below the threshold with the honest arithmetic, the lowest first", async () => {
    const student = await createUser();
    const marks = (subject: string, title: string, present: number, absent: number) =>
      Array.from({ length: present + absent }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO attendance_marks (user_id, date, slot_id, subject_id, title, status, marked_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0)",
        ).bind(
          student.userId,
          addDays("2026-07-01", i),
          `${subject}-${i}`,
          subject,
          title,
          i < present ? "present" : "absent",
        ),
      );
    // Physics 2 of 4 (50%: attend the next 4), Maths 3 of 4 (75%: none to spare), C 4 of 4 (fine).
    await env.DB.batch([
      ...marks(PHYSICS, "Applied Physics 1", 2, 2),
      ...marks(MATHS, "Applied Mathematics 1", 3, 1),
      ...marks("cit-btech-cse-s1-cse-112", "Programming in C", 4, 0),
    ]);
    const view = await readToday(env, member(student), "day-scholar");
    expect(view.warnings.map((w) => [w.title, w.percentTenths, w.state, w.n])).toEqual([
      ["Applied Physics 1", 500, "short", 4],
      ["Applied Mathematics 1", 750, "safe", 0],
    ]);
    const html = shown(await (await page(student, "/dashboard")).text());
    expect(html).toContain("Attend the next 4 to get back to 75%.");
    expect(html).toContain("You are exactly at 75%: missing the next class takes you below it.");
    expect(html).not.toContain("Programming in C");
  });

  it("shows a hosteller the next meal with its menu, and a day scholar no mess line", async () => {
    const student = await createUser();
    // A Monday at 10:00: lunch (12:30) is next, with Monday's lunch.
    const monday = "2026-11-30";
    expect(weekdayOfDate(monday)).toBe(1);
    const hosteller = await readToday(env, member(student), "hosteller", indiaInstant(monday, 10 * 60));
    expect(hosteller.meal).toMatchObject({ name: "Lunch", now: false, tomorrow: false, startsAtMin: 750 });
    expect(hosteller.meal?.items).toEqual(["Rajma", "Jeera rice", "Roti", "Salad"]);
    // During lunch it is lunch, now; after dinner, tomorrow's (Tuesday's) breakfast.
    expect((await readToday(env, member(student), "hosteller", indiaInstant(monday, 13 * 60))).meal).toMatchObject({
      name: "Lunch",
      now: true,
    });
    const night = await readToday(env, member(student), "hosteller", indiaInstant(monday, 22 * 60));
    expect(night.meal).toMatchObject({ name: "Breakfast", tomorrow: true });
    expect(night.meal?.items).toContain("Poha");
    expect((await readToday(env, member(student), "day-scholar", indiaInstant(monday, 10 * 60))).meal).toBeNull();

    freezeIndiaTime(0, 10 * 60);
    const html = shown(await (await page(student, "/dashboard", "; campus_mode=hosteller")).text());
    expect(html).toContain("See the week's menu");
  });

  it("counts only the student's own laundry, reservations and unread notices", async () => {
    const [me, other] = await Promise.all([createUser(), createUser()]);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO notices (id, user_id, kind, title, text, created_at) VALUES (?1, ?2, 'test', 'For me', 'x', 0), (?3, ?2, 'test', 'Read', 'x', 0), (?4, ?5, 'test', 'Not mine', 'x', 0)",
      ).bind(crypto.randomUUID(), me.userId, crypto.randomUUID(), crypto.randomUUID(), other.userId),
      env.DB.prepare("UPDATE notices SET read_at = 1 WHERE user_id = ?1 AND title = 'Read'").bind(me.userId),
    ]);
    const mine = await readToday(env, member(me), "day-scholar");
    expect(mine).toMatchObject({ unreadNotices: 1, laundryReady: 0, reservations: [] });
    const html = shown(await (await page(me, "/dashboard")).text());
    expect(html).toContain("1 unread notice");
    expect(shown(await (await page(other, "/dashboard")).text())).toContain("1 unread notice");
  });

  it("a signed-out visitor sees no Today", async () => {
    const res = await call("/dashboard");
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('id="today-heading"');
  });
});

describe("marking from Today", () => {
  it("one tap on the dashboard marks the class that has started, once, without JavaScript", async () => {
    const { date, now } = freezeIndiaTime(0, 10 * 60);
    const { physics, student } = await dayOfClasses(date);
    expect(now).toBe(indiaInstant(date, 600));
    const before = shown(await (await page(student, "/dashboard")).text());
    expect(before).toContain("Mark your attendance");
    expect(before).toContain("Next: Applied Mathematics 1");
    const tap = () =>
      call("/dashboard", {
        method: "POST",
        headers: { Cookie: student.cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: `mark:${physics}`, slotId: physics, date, status: "present" }),
      });
    const [first, second] = await Promise.all([tap(), tap()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM attendance_marks WHERE user_id = ? AND status = 'present'",
        student.userId,
      ),
    ).toBe(1);
    const after = shown(await (await page(student, "/dashboard")).text());
    expect(after).not.toContain("Mark your attendance");

    // A class that has not started yet cannot be marked; nothing is written.
    const { maths } = await dayOfClasses(date);
    const early = await call("/dashboard", {
      method: "POST",
      headers: { Cookie: student.cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: `mark:${maths}`, slotId: maths, date, status: "present" }),
    });
    expect(early.status).toBeGreaterThanOrEqual(400);
    expect(early.status).toBeLessThan(500);
    expect(await count("SELECT COUNT(*) AS n FROM attendance_marks WHERE user_id = ?", student.userId)).toBe(1);
  });
});

describe("the phone's tab bar", () => {
  /** The tab bar's links in order, and the one marked as the current section. */
  function tabs(html: string): { labels: string[]; current: string | null } {
    const nav = /<nav aria-label="Sections"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    const links = [...nav.matchAll(/<a ([^>]*)>[\s\S]*?<span[^>]*>([^<]+)<\/span><\/a>/g)];
    return {
      labels: links.map((m) => `${m[2]} ${/href="([^"]+)"/.exec(m[1]!)?.[1]}`),
      current: links.find((m) => m[1]!.includes('aria-current="page"'))?.[2] ?? null,
    };
  }

  it("is on every page with five sections, marks where the student is, and follows the dashboard's mode", async () => {
    const student = await createUser();
    const day = tabs(shown(await (await page(student, "/dashboard")).text()));
    expect(day.labels).toEqual([
      "Today /dashboard",
      "Market /all-products",
      "Notes /notes",
      "Study Swap /studyswap",
      "You /account",
    ]);
    expect(day.current).toBe("Today");
    // Deep inside a section, the section is still the current one.
    expect(tabs(shown(await (await page(student, "/purchases")).text())).current).toBe("Market");
    expect(tabs(shown(await (await page(student, "/btech/cse/1")).text())).current).toBe("Notes");
    expect(tabs(shown(await (await page(student, "/account")).text())).current).toBe("You");
    // A hosteller's fourth tab is the hostel: its page lists every hostel service.
    const hostel = tabs(shown(await (await page(student, "/mess-menu", "; campus_mode=hosteller")).text()));
    expect(hostel.labels[3]).toBe("Hostel /hostel");
    expect(hostel.current).toBe("Hostel");
    const hub = shown(await (await page(student, "/hostel", "; campus_mode=hosteller")).text());
    for (const path of [
      "/hosteller/night-market",
      "/hostel-complaints",
      "/mess-menu",
      "/roommate-finder",
      "/laundry-service",
    ])
      expect(hub).toContain(`href="${path}"`);
    // A visitor gets it too.
    expect(tabs(shown(await (await call("/notes")).text())).current).toBe("Notes");
  });
});
