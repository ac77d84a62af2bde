// A class's week shared as a link (docs/decisions/0136-the-week-on-a-phone.md): any signed-in
// member of the class's college reads /timetable/class/:id (and GET /api/timetable/classes/:id),
// the class's periods with that week's one-off changes and holidays and nobody's own entries; a
// visitor is sent to sign in, and another college's member gets the 404 an unknown class gets.
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, indiaDate } from "#common/india-time.ts";
import type { Day } from "#common/timetable.ts";
import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { bearer, call, createUser, ORIGIN, type TestUser } from "#test/helpers.ts";
import { read, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { grant } from "#test/staff-helpers.ts";
import { addPeriod, choose, MATHS, newClass, PHYSICS, riversideClass, C_PROGRAMMING } from "#test/timetable-helpers.ts";
import { weekStart } from "#common/timetable.ts";

const page = (user: TestUser | null, path: string) =>
  call(path, { headers: user ? { Cookie: user.cookie } : {}, redirect: "manual" });
const shown = (html: string) =>
  html.replaceAll("<!-- -->", "").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

/**
 * A class with a week far ahead (no other test's holiday or change meets it): Tuesday's Applied
 * Physics 1 moved to room 305 and Applied Mathematics 1 cancelled, Wednesday a holiday (its
 * Programming in C off), and one student who chose the class.
 */
let fixture: { id: string; label: string; tuesday: string; wednesday: string; classmate: TestUser };

beforeAll(async () => {
  const { id, label, curator } = await newClass();
  const monday = weekStart(addDays(indiaDate(Date.now()), 300));
  const [tuesday, wednesday] = [addDays(monday, 1), addDays(monday, 2)];
  const physics = await addPeriod(
    { classId: id, weekday: 2, startsAt: "09:00", endsAt: "09:50", subjectId: PHYSICS, room: "204", kind: "lecture" },
    curator.token,
  );
  const maths = await addPeriod(
    { classId: id, weekday: 2, startsAt: "10:00", endsAt: "10:50", subjectId: MATHS, room: "204", kind: "lecture" },
    curator.token,
  );
  await addPeriod(
    { classId: id, weekday: 3, startsAt: "09:00", endsAt: "09:50", subjectId: C_PROGRAMMING, kind: "lab" },
    curator.token,
  );
  for (const change of [
    { periodId: physics, date: tuesday, kind: "moved", room: "305" },
    { periodId: maths, date: tuesday, kind: "cancelled" },
  ]) {
    const res = await sendJson("POST", "/api/timetable/changes", change, curator.token);
    if (res.status !== 201) throw new Error(`change: ${res.status} ${await res.text()}`);
  }
  const admin = await createUser();
  await grant(admin, "admin");
  const holiday = await sendJson(
    "POST",
    "/api/admin/campus/holidays",
    { date: wednesday, name: "Founders' Day" },
    admin.token,
  );
  if (holiday.status !== 201) throw new Error(`holiday: ${holiday.status} ${await holiday.text()}`);
  const classmate = await createUser({ name: "Shared Classmate" });
  await choose(classmate, id);
  fixture = { id, label, tuesday, wednesday, classmate };
});

describe("/timetable/class/:id, the week a classmate shares", () => {
  it("a member of the college who is not in the class reads its week: changes, the holiday, not their own entries", async () => {
    const { id, label, tuesday } = fixture;
    const reader = await createUser({ name: "Curious Student" });
    // Their own entry on that Tuesday is theirs alone: not part of the class's week.
    const own = await sendJson(
      "POST",
      "/api/timetable/personal",
      { weekday: 2, startsAt: "11:00", endsAt: "11:50", title: "Photography club" },
      reader.token,
    );
    expect(own.status).toBe(201);

    const res = await page(reader, `/timetable/class/${id}?date=${tuesday}`);
    expect(res.status).toBe(200);
    const html = shown(await res.text());
    expect(html).toContain(`<title>${label}: the week · Campus</title>`);
    // A described page; what keeps it from crawlers and previews is the sign-in a visitor is sent to.
    expect(html).toContain('<meta name="description" content="A class\'s week on Campus');
    // The day asked for, in full: the move and the cancellation.
    expect(html).toContain("Applied Physics 1");
    expect(html).toContain("Room 305");
    expect(html).toContain("Moved on this date (usually 09:00–09:50, room 204)");
    expect(html).toContain("Applied Mathematics 1");
    expect(html).toContain("Cancelled on this date");
    // The week's grid: the holiday takes Wednesday's lab off.
    expect(html).toContain('aria-labelledby="week-heading"');
    expect(html).toContain("Founders' Day");
    expect(html).not.toContain("Programming in C");
    expect(html).not.toContain("Photography club");
    // Not their class yet: one button makes it theirs.
    expect(html).toContain("Make it my class");
    const made = await call(`/timetable/class/${id}?date=${tuesday}`, {
      method: "POST",
      headers: { Cookie: reader.cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "choose", classId: "ignored: the page's class is chosen" }),
    });
    expect(made.status).toBe(200);
    expect(shown(await made.text())).toContain(M.classChosen(label));
    expect(
      await count("SELECT COUNT(*) AS n FROM timetable_choices WHERE user_id = ? AND class_id = ?", reader.userId, id),
    ).toBe(1);
    expect(shown(await (await page(reader, `/timetable/class/${id}`)).text())).toContain("This is your class.");
  });

  it("/timetable offers the class's week as a link, this week's without a date and another week's by its Monday", async () => {
    const { id, tuesday, classmate } = fixture;
    const now = shown(await (await page(classmate, "/timetable")).text());
    expect(now).toContain(`href="/timetable/class/${id}"`);
    expect(now).toContain("Open the class's week as a page");
    const later = shown(await (await page(classmate, `/timetable?date=${tuesday}`)).text());
    expect(later).toContain(`href="/timetable/class/${id}?date=${weekStart(tuesday)}"`);
    // The week's grid is on the page at every width now: no wrapper hides it below 768 px.
    expect(later).toMatch(/<section aria-labelledby="week-heading" class="mt-8">/);
  });

  it("a visitor is sent to sign in, seeing nothing of the class, and comes back after", async () => {
    const { id, label } = fixture;
    const res = await page(null, `/timetable/class/${id}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(res.headers.get("Set-Cookie") ?? "").toContain(encodeURIComponent(`/timetable/class/${id}`));
    expect(await res.text()).not.toContain(label);
    expect((await call(`/api/timetable/classes/${id}`)).status).toBe(401);
  });

  it("another college's member gets a 404 that says so, as for an unknown class, and so does their class to us", async () => {
    const { id, label, classmate } = fixture;
    const elsewhere = await createUser({ email: `share-${crypto.randomUUID().slice(0, 8)}@riverside.test` });
    const res = await page(elsewhere, `/timetable/class/${id}`);
    expect(res.status).toBe(404);
    const html = shown(await res.text());
    expect(html).toContain(M.noSuchClass);
    expect(html).not.toContain(label);
    expect(html).not.toContain("Applied Physics 1");
    expect((await call(`/api/timetable/classes/${id}`, { headers: bearer(elsewhere.token) })).status).toBe(404);
    // Making it theirs by a post is refused the same way.
    const post = await call(`/timetable/class/${id}`, {
      method: "POST",
      headers: { Cookie: elsewhere.cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "choose" }),
    });
    expect(post.status).toBe(404);
    expect(await count("SELECT COUNT(*) AS n FROM timetable_choices WHERE user_id = ?", elsewhere.userId)).toBe(0);

    const { classId: riverside } = await riversideClass();
    expect((await page(classmate, `/timetable/class/${riverside}`)).status).toBe(404);
    expect((await page(classmate, "/timetable/class/no-such-class")).status).toBe(404);
  });

  it("GET /api/timetable/classes/:id answers the same week to any member of the college", async () => {
    const { id, label, tuesday, wednesday } = fixture;
    const reader = await createUser();
    const res = await call(`/api/timetable/classes/${id}?date=${tuesday}`, { headers: bearer(reader.token) });
    expect(res.status).toBe(200);
    const { data } = await read<{ class: { label: string }; mine: boolean; days: Day[] }>(res);
    expect(data.class.label).toBe(label);
    expect(data.mine).toBe(false);
    const byDate = new Map(data.days.map((d) => [d.date, d]));
    expect(byDate.get(tuesday)!.slots.map((s) => [s.title, s.state, s.room])).toEqual([
      ["Applied Physics 1", "moved", "305"],
      ["Applied Mathematics 1", "cancelled", "204"],
    ]);
    expect(byDate.get(wednesday)).toMatchObject({ holiday: "Founders' Day", slots: [] });
    const bad = await call(`/api/timetable/classes/${id}?date=2026-02-30`, { headers: bearer(reader.token) });
    expect(bad.status).toBe(400);
  });
});
