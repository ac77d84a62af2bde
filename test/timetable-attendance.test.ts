// A student's attendance (docs/decisions/0109-timetable-and-attendance.md): marks on periods of
// their own timetable, once started; one row per date and period whatever the races; per-subject
// sums with the honest sentence against the college's rule; private to the student.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { attendanceSentence, type AttendanceSummary } from "#common/attendance.ts";
import { addDays, indiaDate } from "#common/india-time.ts";
import { ATTENDANCE_MESSAGES as A } from "#common/timetable-messages.ts";
import { createUser, type TestUser, inOneLimiterMinute } from "#test/helpers.ts";
import { freezeIndiaTime, get, read, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { grant } from "#test/staff-helpers.ts";
import { addPeriod, choose, MATHS, newClass, pastDate, PHYSICS } from "#test/timetable-helpers.ts";

afterEach(() => {
  vi.useRealTimers();
});

interface SubjectRow extends AttendanceSummary {
  title: string;
  subjectId: string | null;
  cancelled: number;
}
interface AttendanceData {
  threshold: number;
  subjects: SubjectRow[];
  overall: AttendanceSummary;
  month: string;
  marks: { date: string; slotId: string; status: string }[];
}

const mark = (student: TestUser, date: string, slotId: string, status: string) =>
  sendJson("PUT", `/api/attendance/${date}/${slotId}`, { status }, student.token);

/** A class with a Physics period every day of the week, and a student in it. */
async function classEveryDay(): Promise<{ student: TestUser; periods: Map<number, string>; classId: string }> {
  const { id, curator } = await newClass();
  const periods = new Map<number, string>();
  for (let weekday = 1; weekday <= 7; weekday += 1)
    periods.set(
      weekday,
      await addPeriod(
        { classId: id, weekday, startsAt: "09:00", endsAt: "09:50", subjectId: PHYSICS, kind: "lecture" },
        curator.token,
      ),
    );
  const student = await createUser();
  expect((await choose(student, id)).status).toBe(200);
  return { student, periods, classId: id };
}

describe("marking attendance", () => {
  it("marks the past days' periods and sums them per subject with the sentence", async () => {
    const { student, periods } = await classEveryDay();
    // Days 1..4 ago: present, present, present, absent; day 5 cancelled (not held).
    const statuses = ["present", "present", "present", "absent", "cancelled"];
    for (const [i, status] of statuses.entries()) {
      const { date, weekday } = pastDate(i + 1);
      const res = await mark(student, date, periods.get(weekday)!, status);
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await read(res)).message).toBe(A.marked(status));
    }
    const { data } = await read<AttendanceData>(await get("/api/attendance", student.token));
    expect(data.threshold).toBe(75);
    expect(data.subjects).toEqual([
      expect.objectContaining({
        title: "Applied Physics 1",
        attended: 3,
        held: 4,
        cancelled: 1,
        percentTenths: 750,
        state: "safe",
        n: 0,
      }),
    ]);
    expect(attendanceSentence(data.subjects[0]!)).toBe(
      "You are exactly at 75%: missing the next class takes you below it.",
    );
    expect(data.overall).toMatchObject({ attended: 3, held: 4 });

    // Changing a mark replaces it (still one row).
    const { date, weekday } = pastDate(4);
    expect((await mark(student, date, periods.get(weekday)!, "present")).status).toBe(200);
    const after = await read<AttendanceData>(await get("/api/attendance", student.token));
    expect(after.data.subjects[0]).toMatchObject({ attended: 4, held: 4, n: 1 });
    expect(attendanceSentence(after.data.subjects[0]!)).toBe("You can miss 1 more and stay at 75%.");
    expect(await count("SELECT COUNT(*) AS n FROM attendance_marks WHERE user_id = ?", student.userId)).toBe(5);
  });

  it("a student with no marks reads 'No classes held yet.'", async () => {
    const student = await createUser();
    const { data } = await read<AttendanceData>(await get("/api/attendance", student.token));
    expect(data.subjects).toEqual([]);
    expect(attendanceSentence(data.overall)).toBe(A.noneHeld);
  });

  it("twenty marks of the same period at once leave one row", async () => {
    const { student, periods } = await classEveryDay();
    const { date, weekday } = pastDate(2);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => mark(student, date, periods.get(weekday)!, i % 2 ? "present" : "absent")),
    );
    expect(answers.map((r) => r.status).every((s) => s === 200)).toBe(true);
    expect(
      await count("SELECT COUNT(*) AS n FROM attendance_marks WHERE user_id = ? AND date = ?", student.userId, date),
    ).toBe(1);
  });

  it("refuses a period that is not the student's that day, a future date, and one not started yet", async () => {
    const { student, periods } = await classEveryDay();
    const outsider = await createUser();
    const { date, weekday } = pastDate(1);
    // Another student, not in the class.
    const notTheirs = await mark(outsider, date, periods.get(weekday)!, "present");
    expect(notTheirs.status).toBe(404);
    expect((await read(notTheirs)).message).toBe(A.notYourPeriod);
    // The right period on the wrong day.
    expect((await mark(student, date, periods.get(weekday === 7 ? 1 : weekday + 1)!, "present")).status).toBe(404);
    const tomorrow = addDays(indiaDate(Date.now()), 1);
    const future = await mark(student, tomorrow, periods.get(1)!, "present");
    expect(future.status).toBe(400);
    expect((await read(future)).message).toBe(A.notStarted);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM attendance_marks WHERE user_id IN (?, ?)",
        student.userId,
        outsider.userId,
      ),
    ).toBe(0);
  });

  it("today's period can be marked once it has started (India time), not before", async () => {
    const { student, periods } = await classEveryDay();
    const { date } = freezeIndiaTime(0, 8 * 60 + 59);
    const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const early = await mark(student, date, periods.get(weekday)!, "present");
    expect(early.status).toBe(400);
    expect((await read(early)).message).toBe(A.notStarted);
    vi.setSystemTime(Date.now() + 60_000);
    expect((await mark(student, date, periods.get(weekday)!, "present")).status).toBe(200);
  });

  it("validates the status and the date with messages", async () => {
    const { student, periods } = await classEveryDay();
    const { date, weekday } = pastDate(1);
    const bad = await mark(student, date, periods.get(weekday)!, "late");
    expect(bad.status).toBe(400);
    expect((await read(bad)).message).toBe(A.statusInvalid);
    const badDate = await mark(student, "2026-13-01", periods.get(weekday)!, "present");
    expect(badDate.status).toBe(400);
    expect((await read(badDate)).message).toBe(A.dateInvalid);
    const badMonth = await get("/api/attendance?month=2026-13", student.token);
    expect(badMonth.status).toBe(400);
  });

  it("marks are private: another student, a curator or an admin reads only their own", async () => {
    const { student, periods } = await classEveryDay();
    const { date, weekday } = pastDate(1);
    expect((await mark(student, date, periods.get(weekday)!, "absent")).status).toBe(200);
    const admin = await createUser();
    await grant(admin, "admin");
    for (const reader of [admin, await createUser()]) {
      const { data } = await read<AttendanceData>(await get("/api/attendance", reader.token));
      expect(data.subjects).toEqual([]);
      const day = await read<{ marks: unknown[] }>(await get(`/api/timetable?date=${date}`, reader.token));
      expect(day.data.marks).toEqual([]);
    }
    // The student's own timetable shows their mark beside the period.
    const own = await read<{ marks: { slotId: string; status: string }[] }>(
      await get(`/api/timetable?date=${date}`, student.token),
    );
    expect(own.data.marks).toEqual([{ date, slotId: periods.get(weekday), status: "absent" }]);
  });

  it("uses the college's rule, and a subject's own where the admin set one", async () => {
    const { id, curator } = await newClass();
    const { date, weekday } = pastDate(1);
    const physics = await addPeriod(
      { classId: id, weekday, startsAt: "09:00", endsAt: "09:50", subjectId: PHYSICS, kind: "lecture" },
      curator.token,
    );
    const maths = await addPeriod(
      { classId: id, weekday, startsAt: "10:00", endsAt: "10:50", subjectId: MATHS, kind: "lecture" },
      curator.token,
    );
    const student = await createUser();
    await choose(student, id);
    await mark(student, date, physics, "present");
    await mark(student, date, maths, "present");
    // A campus of its own is not needed: the rule is read per request, and restored after.
    const admin = await createUser();
    await grant(admin, "admin");
    try {
      expect((await sendJson("PUT", "/api/admin/campus/attendance", { threshold: 80 }, admin.token)).status).toBe(200);
      expect(
        (await sendJson("PUT", "/api/admin/campus/attendance", { threshold: 90, subjectId: MATHS }, admin.token))
          .status,
      ).toBe(200);
      const { data } = await read<AttendanceData>(await get("/api/attendance", student.token));
      expect(data.threshold).toBe(80);
      const bySubject = Object.fromEntries(data.subjects.map((s) => [s.title, s.threshold]));
      expect(bySubject).toEqual({ "Applied Mathematics 1": 90, "Applied Physics 1": 80 });
      expect((await sendJson("PUT", "/api/admin/campus/attendance", { threshold: 101 }, admin.token)).status).toBe(400);
      expect((await sendJson("PUT", "/api/admin/campus/attendance", { threshold: 60 }, student.token)).status).toBe(
        403,
      );
      expect(
        await count(
          "SELECT COUNT(*) AS n FROM staff_audit_log WHERE action LIKE 'setup.attendance%' AND actor_id = ?",
          admin.userId,
        ),
      ).toBe(2);
    } finally {
      await env.DB.batch([
        env.DB.prepare("UPDATE campuses SET attendance_threshold = 75 WHERE id = 'cit'"),
        env.DB.prepare("DELETE FROM attendance_subject_thresholds WHERE subject_id = ?").bind(MATHS),
      ]);
    }
  });

  it("limits marks: the 61st in a minute is a 429 with a message, and writes nothing", () =>
    inOneLimiterMinute(async () => {
      const { student, periods } = await classEveryDay();
      const { date, weekday } = pastDate(1);
      const statuses: number[] = [];
      for (let i = 0; i < 61; i += 1) {
        const res = await mark(student, date, periods.get(weekday)!, i === 60 ? "absent" : "present");
        statuses.push(res.status);
        if (res.status === 429) expect((await read(res)).message).toBe(A.tooMany);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(60);
      expect(statuses[60]).toBe(429);
      expect(
        await count(
          "SELECT COUNT(*) AS n FROM attendance_marks WHERE user_id = ? AND status = 'present'",
          student.userId,
        ),
      ).toBe(1);
    }));

  it("an entry of the student's own can be marked too, counted under its title", async () => {
    const student = await createUser();
    const { date, weekday } = pastDate(3);
    const res = await sendJson(
      "POST",
      "/api/timetable/personal",
      { weekday, startsAt: "18:00", endsAt: "19:00", title: "French elective" },
      student.token,
    );
    const entryId = (await read<{ id: string }>(res)).data.id;
    expect((await mark(student, date, entryId, "present")).status).toBe(200);
    const { data } = await read<AttendanceData>(await get("/api/attendance", student.token));
    expect(data.subjects).toEqual([
      expect.objectContaining({ title: "French elective", subjectId: null, attended: 1, held: 1 }),
    ]);
    expect(data.month).toBe(indiaDate(Date.now()).slice(0, 7));
    const monthOfMark = await read<AttendanceData>(
      await get(`/api/attendance?month=${date.slice(0, 7)}`, student.token),
    );
    expect(monthOfMark.data.marks).toEqual([expect.objectContaining({ date, slotId: entryId, status: "present" })]);
  });
});
