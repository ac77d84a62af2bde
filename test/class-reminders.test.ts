// A notice 10 minutes before each class (docs/decisions/0110-class-reminders.md): off until the
// student turns it on (API and page), one notice per student, period and date however often the
// cron runs, none on a holiday, for a cancelled or hidden period or in quiet hours, and a moved
// period reminded at its new time and room.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { addDays, indiaDate, indiaInstant, weekdayOfDate } from "#common/india-time.ts";
import { runClassReminders } from "#server/services/timetable/class-reminders.ts";
import { bearer, call, createUser, inOneLimiterMinute, ORIGIN, type TestUser } from "#test/helpers.ts";
import { countingDb, get, read, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { grant } from "#test/staff-helpers.ts";
import { addPeriod, choose, MATHS, newClass, PHYSICS } from "#test/timetable-helpers.ts";

interface Notice {
  id: string;
  kind: string;
  title: string;
  text: string;
  link: string | null;
}

let weeksAhead = 5;
/**
 * A date of its own for each test, weeks ahead, with the week after it free too: no other test's
 * holiday or change meets it.
 */
function nextDate(): { date: string; weekday: number } {
  const date = addDays(indiaDate(Date.now()), 7 * weeksAhead);
  weeksAhead += 2;
  return { date, weekday: weekdayOfDate(date) };
}

/** India time on a date, as the cron's clock. */
const at = (date: string, clock: string) => {
  const [h, m] = clock.split(":").map(Number);
  return indiaInstant(date, h! * 60 + m!);
};

const switchReminders = (user: TestUser, enabled: unknown) =>
  sendJson("PUT", "/api/push/class-reminders", { enabled }, user.token);

async function remindersOf(user: TestUser): Promise<Notice[]> {
  const res = await get("/api/notifications", user.token);
  if (res.status !== 200) throw new Error(`inbox: ${res.status} ${await res.text()}`);
  const inbox = await read<{ notices: Notice[] }>(res);
  return inbox.data.notices.filter((n) => n.kind === "timetable.reminder");
}

/** A class with Applied Mathematics 1 at 10:00-10:50 in room 204 on the date's weekday, and a student of it with reminders on. */
async function classAt10(weekday: number, { reminders = true } = {}) {
  const cls = await newClass();
  const periodId = await addPeriod(
    {
      classId: cls.id,
      weekday,
      startsAt: "10:00",
      endsAt: "10:50",
      subjectId: MATHS,
      room: "204",
      teacher: "Dr Rao",
      kind: "lecture",
    },
    cls.curator.token,
  );
  const student = await createUser();
  expect((await choose(student, cls.id)).status).toBe(200);
  if (reminders) expect((await switchReminders(student, true)).status).toBe(200);
  return { cls, periodId, student };
}

describe("the switch", () => {
  it("is off by default; PUT /api/push/class-reminders turns it on and off and GET /api/push/settings shows it", async () => {
    const student = await createUser();
    const settings = async () =>
      (await read<{ classReminders: boolean; quiet: unknown }>(await get("/api/push/settings", student.token))).data;
    expect((await settings()).classReminders).toBe(false);
    const on = await switchReminders(student, true);
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({
      success: true,
      message: "Class reminders are on: Campus tells you 10 minutes before each class.",
      data: { classReminders: true },
    });
    // Turning it on keeps the default quiet hours of a student who never saved settings.
    expect(await settings()).toMatchObject({ classReminders: true, quiet: { from: "23:00", to: "07:00" } });
    expect(await (await switchReminders(student, false)).json()).toMatchObject({
      message: "Class reminders are off.",
      data: { classReminders: false },
    });
    expect((await settings()).classReminders).toBe(false);
  });

  it("refuses bad input with 400 and a signed-out call with 401, changing nothing", async () => {
    const student = await createUser();
    for (const enabled of ["yes", 1, null, undefined]) {
      const res = await switchReminders(student, enabled);
      expect(res.status, String(enabled)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/enabled/);
    }
    expect((await sendJson("PUT", "/api/push/class-reminders", [])).status).toBe(401);
    expect((await sendJson("PUT", "/api/push/class-reminders", { enabled: true })).status).toBe(401);
    expect(await count("SELECT COUNT(*) AS n FROM notification_settings WHERE user_id = ?", student.userId)).toBe(0);
  });

  it("limits a student to 20 changes a minute: the 21st is a 429 with a message", () =>
    inOneLimiterMinute(async () => {
      const student = await createUser();
      for (let i = 0; i < 20; i++) expect((await switchReminders(student, i % 2 === 0)).status).toBe(200);
      const refused = await switchReminders(student, true);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { message: string }).message).toBe(
        "You are changing class reminders too fast. Please wait a minute and try again.",
      );
    }));

  it("the Notifications page's switch works without JavaScript", async () => {
    const student = await createUser();
    const post = (enabled: string) =>
      call("/notifications", {
        method: "POST",
        headers: { Cookie: student.cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "class-reminders", enabled }),
      });
    const before = await (await call("/notifications", { headers: { Cookie: student.cookie } })).text();
    expect(before).toContain("Remind me 10 minutes before each class");
    expect(before).toMatch(/value="class-reminders" role="switch" aria-checked="false"/);
    const on = await post("true");
    expect(on.status).toBe(200);
    const page = await on.text();
    expect(page).toContain("Class reminders are on: Campus tells you 10 minutes before each class.");
    expect(page).toMatch(/value="class-reminders" role="switch" aria-checked="true"/);
    // The digest beside it is untouched.
    expect(page).toMatch(/value="digest" role="switch" aria-checked="false"/);
    const off = await post("false");
    expect(await off.text()).toMatch(/value="class-reminders" role="switch" aria-checked="false"/);
    const row = await env.DB.prepare("SELECT class_reminders AS on_ FROM notification_settings WHERE user_id = ?1")
      .bind(student.userId)
      .first<{ on_: number }>();
    expect(row?.on_).toBe(0);
  });

  it("the account export shows it", async () => {
    const student = await createUser();
    await switchReminders(student, true);
    const res = await call("/api/auth/account/export", { headers: bearer(student.token) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { notifications: { settings: { classReminders: boolean } } };
    expect(body.notifications.settings.classReminders).toBe(true);
  });
});

describe("the reminders", () => {
  it("one notice at 09:50 for a 10:00 class, naming subject, time and room and linking to /timetable; once however often the job runs", async () => {
    const { date, weekday } = nextDate();
    const { student } = await classAt10(weekday);
    // 11 minutes ahead: not yet.
    await runClassReminders(env, at(date, "09:49"));
    expect(await remindersOf(student)).toEqual([]);

    await runClassReminders(env, at(date, "09:50"));
    expect(await remindersOf(student)).toEqual([
      expect.objectContaining({
        title: "Applied Mathematics 1 at 10:00 in room 204",
        text: "Until 10:50, with Dr Rao.",
        link: "/timetable",
      }),
    ]);
    // The same minute again, the next minutes, and two runs side by side: still one.
    await runClassReminders(env, at(date, "09:50"));
    await runClassReminders(env, at(date, "09:51"));
    await Promise.all([runClassReminders(env, at(date, "09:55")), runClassReminders(env, at(date, "09:55"))]);
    await runClassReminders(env, at(date, "10:00"));
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM notices WHERE user_id = ? AND kind = 'timetable.reminder'",
        student.userId,
      ),
    ).toBe(1);
    // A week later the same period is a new class: a new reminder.
    await runClassReminders(env, at(addDays(date, 7), "09:50"));
    expect(await remindersOf(student)).toHaveLength(2);
  });

  it("a missed cron minute still reminds while the class is ahead; a class that has started is not reminded", async () => {
    const { date, weekday } = nextDate();
    const late = await classAt10(weekday);
    const started = await classAt10(weekday, { reminders: false });
    await runClassReminders(env, at(date, "09:57"));
    expect(await remindersOf(late.student)).toHaveLength(1);
    // Reminders turned on once the class began: nothing for it.
    await runClassReminders(env, at(date, "09:59"));
    await switchReminders(started.student, true);
    await runClassReminders(env, at(date, "10:00"));
    await runClassReminders(env, at(date, "10:05"));
    expect(await remindersOf(started.student)).toEqual([]);
  });

  it("nothing for a student who has it off, or for another class", async () => {
    const { date, weekday } = nextDate();
    const { student: off } = await classAt10(weekday, { reminders: false });
    const other = await newClass();
    const elsewhere = await createUser();
    await choose(elsewhere, other.id);
    await switchReminders(elsewhere, true);
    await runClassReminders(env, at(date, "09:50"));
    expect(await remindersOf(off)).toEqual([]);
    expect(await remindersOf(elsewhere)).toEqual([]);
  });

  it("nothing on a college holiday, not even for the student's own entries", async () => {
    const { date, weekday } = nextDate();
    const { student } = await classAt10(weekday);
    expect(
      (
        await sendJson(
          "POST",
          "/api/timetable/personal",
          { weekday, startsAt: "12:00", endsAt: "13:00", title: "Photography club", room: "Hall B" },
          student.token,
        )
      ).status,
    ).toBe(201);
    const admin = await createUser();
    await grant(admin, "admin");
    expect(
      (await sendJson("POST", "/api/admin/campus/holidays", { date, name: "Founders' Day" }, admin.token)).status,
    ).toBe(201);
    await runClassReminders(env, at(date, "09:50"));
    await runClassReminders(env, at(date, "11:50"));
    expect(await remindersOf(student)).toEqual([]);
    // The week after is an ordinary day: the class and the club are both reminded.
    await runClassReminders(env, at(addDays(date, 7), "09:50"));
    await runClassReminders(env, at(addDays(date, 7), "11:50"));
    expect((await remindersOf(student)).map((n) => n.title).sort()).toEqual([
      "Applied Mathematics 1 at 10:00 in room 204",
      "Photography club at 12:00 in Hall B",
    ]);
  });

  it("nothing for a period cancelled that day or one the student hid", async () => {
    const { date, weekday } = nextDate();
    const { cls, periodId, student } = await classAt10(weekday);
    // The other lab batch at 10:00, which this student hid.
    const batchB = await addPeriod(
      { classId: cls.id, weekday, startsAt: "10:00", endsAt: "10:50", subjectId: PHYSICS, room: "Lab 2", kind: "lab" },
      cls.curator.token,
    );
    expect((await sendJson("PUT", `/api/timetable/hidden/${batchB}`, undefined, student.token)).status).toBe(200);
    const classmate = await createUser();
    await choose(classmate, cls.id);
    await switchReminders(classmate, true);
    expect(
      (await sendJson("POST", "/api/timetable/changes", { periodId, date, kind: "cancelled" }, cls.curator.token))
        .status,
    ).toBe(201);
    await runClassReminders(env, at(date, "09:50"));
    expect(await remindersOf(student)).toEqual([]);
    // The classmate who did not hide the lab is reminded of it, and not of the cancelled lecture.
    expect((await remindersOf(classmate)).map((n) => n.title)).toEqual(["Applied Physics 1 at 10:00 in Lab 2"]);
  });

  it("a period moved for the day is reminded at its new time and room, and not at its usual time", async () => {
    const { date, weekday } = nextDate();
    const { cls, periodId, student } = await classAt10(weekday);
    const moved = await sendJson(
      "POST",
      "/api/timetable/changes",
      { periodId, date, kind: "moved", room: "305", startsAt: "11:30", endsAt: "12:20" },
      cls.curator.token,
    );
    expect(moved.status).toBe(201);
    await runClassReminders(env, at(date, "09:50"));
    expect(await remindersOf(student)).toEqual([]);
    await runClassReminders(env, at(date, "11:20"));
    expect(await remindersOf(student)).toEqual([
      expect.objectContaining({
        title: "Applied Mathematics 1 at 11:30 in room 305",
        text: "Until 12:20, with Dr Rao. Moved for today: usually 10:00 in room 204.",
      }),
    ]);
  });

  it("waits out the student's quiet hours: reminded when they end if the class is still ahead, never after it started", async () => {
    const { date, weekday } = nextDate();
    const { student } = await classAt10(weekday);
    const quiet = (from: string, to: string) =>
      sendJson("PUT", "/api/push/settings", { muted: [], quiet: { from, to } }, student.token);
    expect((await quiet("09:00", "09:55")).status).toBe(200);
    const first = await runClassReminders(env, at(date, "09:50"));
    expect(first.quiet).toBeGreaterThanOrEqual(1);
    expect(await remindersOf(student)).toEqual([]);
    await runClassReminders(env, at(date, "09:55"));
    expect(await remindersOf(student)).toHaveLength(1);

    // Quiet until after the class starts: no reminder at all.
    const week2 = addDays(date, 7);
    expect((await quiet("09:00", "10:30")).status).toBe(200);
    for (const minute of ["09:50", "09:55", "09:59", "10:00"]) await runClassReminders(env, at(week2, minute));
    expect(await remindersOf(student)).toHaveLength(1);
  });

  it("the default quiet hours (23:00 to 07:00) hold back a 07:05 class's reminder until 07:00", async () => {
    const { date, weekday } = nextDate();
    const cls = await newClass();
    await addPeriod(
      { classId: cls.id, weekday, startsAt: "07:05", endsAt: "07:55", subjectId: MATHS, room: "101", kind: "lecture" },
      cls.curator.token,
    );
    const student = await createUser();
    await choose(student, cls.id);
    await switchReminders(student, true);
    await runClassReminders(env, at(date, "06:55"));
    expect(await remindersOf(student)).toEqual([]);
    await runClassReminders(env, at(date, "07:00"));
    expect((await remindersOf(student)).map((n) => n.title)).toEqual(["Applied Mathematics 1 at 07:05 in room 101"]);
  });

  it("runs from scheduled() on the every-minute trigger only, and its notices go to the push queue", async () => {
    const { date, weekday } = nextDate();
    const { student } = await classAt10(weekday);
    const spy = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const worker = exports.default as unknown as { scheduled: (controller: ScheduledController) => Promise<void> };
    const run = (cron: string, scheduledTime: number) =>
      worker.scheduled({ cron, scheduledTime, noRetry() {} } as unknown as ScheduledController);
    // The half-hourly run now (at a later time its housekeeping would end every test session).
    await run("*/30 * * * *", Date.now());
    await run("* * * * *", at(date, "09:50"));
    const jobs = spy.mock.calls
      .map(([line]) => String(line))
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === "cron");
    spy.mockRestore();
    // The event reminders share the trigger (worker/services/events/reminders.ts).
    expect(
      jobs
        .filter((l) => l.cron === "* * * * *")
        .map((l) => l.job)
        .sort(),
    ).toEqual(["class-reminders", "event-reminders"]);
    const halfHourly = jobs.filter((l) => l.cron === "*/30 * * * *").map((l) => l.job);
    expect(halfHourly).toContain("reminders");
    expect(halfHourly).not.toContain("class-reminders");
    expect(jobs.find((l) => l.job === "class-reminders")).toMatchObject({ sent: expect.any(Number) });
    expect(await remindersOf(student)).toHaveLength(1);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM notices WHERE user_id = ? AND kind = 'timetable.reminder' AND queued_at IS NOT NULL",
        student.userId,
      ),
    ).toBe(1);
  });

  it("reads and writes in two D1 round trips whatever the number of students", async () => {
    const { date, weekday } = nextDate();
    const { cls } = await classAt10(weekday);
    for (let i = 0; i < 5; i++) {
      const classmate = await createUser();
      await choose(classmate, cls.id);
      await switchReminders(classmate, true);
    }
    const counted = countingDb(env.DB);
    const result = await runClassReminders({ ...env, DB: counted.db }, at(date, "09:50"));
    expect(counted.count()).toBe(2);
    // Other tests' classes meet on this weekday too: at least these six students.
    expect(result.sent).toBeGreaterThanOrEqual(6);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM notices WHERE kind = 'timetable.reminder' AND user_id IN (SELECT user_id FROM timetable_choices WHERE class_id = ?)",
        cls.id,
      ),
    ).toBe(6);
  });
});
