// Attendance that fits real semesters (docs/decisions/0137-attendance-that-fits.md): what a student
// already had when they started, added to their marks; a college's weight for a lab and a long
// period, read with the sums; entries of the student's own with or without attendance; and the
// pages' forms for each.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AttendanceSummary } from "#common/attendance.ts";
import { ATTENDANCE_MESSAGES as A } from "#common/timetable-messages.ts";
import { call, createUser, ORIGIN, type TestUser } from "#test/helpers.ts";
import { get, read, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { grant } from "#test/staff-helpers.ts";
import {
  addPeriod,
  choose,
  MATHS,
  newClass,
  OTHER_SEMESTER_SUBJECT,
  pastDate,
  PHYSICS,
  riversideClass,
} from "#test/timetable-helpers.ts";

interface SubjectRow extends AttendanceSummary {
  title: string;
  subjectId: string | null;
  alreadyHad: { attended: number; held: number } | null;
}
interface AttendanceData {
  counting: { labWeight: number | null; periodMinutes: number | null };
  subjects: SubjectRow[];
  overall: AttendanceSummary;
  classSubjects: { id: string; name: string }[];
}

const mark = (student: TestUser, date: string, slotId: string, status: string) =>
  sendJson("PUT", `/api/attendance/${date}/${slotId}`, { status }, student.token);
const putBaseline = (student: TestUser, subjectId: string, body: unknown) =>
  sendJson("PUT", `/api/attendance/baselines/${subjectId}`, body, student.token);
const attendanceOf = async (student: TestUser) =>
  (await read<AttendanceData>(await get("/api/attendance", student.token))).data;
const page = (user: TestUser, path: string) => call(path, { headers: { Cookie: user.cookie } });
const postForm = (user: TestUser, path: string, fields: Record<string, string>) =>
  call(path, {
    method: "POST",
    headers: { Cookie: user.cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
const shown = (html: string) =>
  html.replaceAll("<!-- -->", "").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

/** A student in a new class with a Physics lecture yesterday. */
async function studentWithPhysics(): Promise<{ student: TestUser; date: string; physics: string }> {
  const { id, curator } = await newClass();
  const { date, weekday } = pastDate(1);
  const physics = await addPeriod(
    { classId: id, weekday, startsAt: "09:00", endsAt: "09:50", subjectId: PHYSICS, kind: "lecture" },
    curator.token,
  );
  const student = await createUser();
  expect((await choose(student, id)).status).toBe(200);
  return { student, date, physics };
}

describe("what a student already had (joined mid-semester)", () => {
  it("is added to the marks made here, replaced when entered again, and removed", async () => {
    const { student, date, physics } = await studentWithPhysics();
    expect((await mark(student, date, physics, "present")).status).toBe(200);

    const saved = await putBaseline(student, PHYSICS, { attended: 10, held: 12 });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await read(saved)).message).toBe(A.baselineSaved("Applied Physics 1"));
    let data = await attendanceOf(student);
    expect(data.subjects).toEqual([
      expect.objectContaining({ subjectId: PHYSICS, attended: 11, held: 13, alreadyHad: { attended: 10, held: 12 } }),
    ]);
    expect(data.overall).toMatchObject({ attended: 11, held: 13 });
    expect(data.classSubjects.map((s) => s.id)).toEqual([PHYSICS]);

    // Entered again: replaced, not added.
    expect((await putBaseline(student, PHYSICS, { attended: "20", held: "30" })).status).toBe(200);
    data = await attendanceOf(student);
    expect(data.subjects[0]).toMatchObject({ attended: 21, held: 31 });
    expect(await count("SELECT COUNT(*) AS n FROM attendance_baselines WHERE user_id = ?", student.userId)).toBe(1);

    // A subject with nothing marked yet shows from what was already had.
    expect((await putBaseline(student, MATHS, { attended: 0, held: 4 })).status).toBe(200);
    data = await attendanceOf(student);
    expect(data.subjects.map((s) => [s.subjectId, s.attended, s.held, s.state])).toEqual([
      [MATHS, 0, 4, "short"],
      [PHYSICS, 21, 31, "short"],
    ]);

    const removed = await sendJson("DELETE", `/api/attendance/baselines/${PHYSICS}`, undefined, student.token);
    expect(removed.status).toBe(200);
    expect((await read(removed)).message).toBe(A.baselineRemoved);
    data = await attendanceOf(student);
    expect(data.subjects.find((s) => s.subjectId === PHYSICS)).toMatchObject({
      attended: 1,
      held: 1,
      alreadyHad: null,
    });
    const again = await sendJson("DELETE", `/api/attendance/baselines/${PHYSICS}`, undefined, student.token);
    expect(again.status).toBe(404);
    expect((await read(again)).message).toBe(A.noSuchBaseline);
  });

  it("refuses numbers that cannot be, a subject of another college, and keeps what was there", async () => {
    const { student } = await studentWithPhysics();
    expect((await putBaseline(student, PHYSICS, { attended: 5, held: 6 })).status).toBe(200);
    const cases: [unknown, string][] = [
      [{ attended: 7, held: 6 }, A.baselineMoreThanHeld],
      [{ attended: 0, held: 0 }, A.baselineHeldInvalid],
      [{ attended: -1, held: 6 }, A.baselineInvalid],
      [{ attended: 1.5, held: 6 }, A.baselineInvalid],
      [{ attended: 1, held: 1000 }, A.baselineHeldInvalid],
      [{ attended: "a lot", held: 6 }, A.baselineInvalid],
      [{}, A.baselineInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await putBaseline(student, PHYSICS, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await read(res)).message, JSON.stringify(body)).toBe(message);
    }
    // Riverside's subject is not of this student's college; an unknown id neither.
    const riverside = (await riversideClass()).subjectId;
    for (const subjectId of [riverside, "no-such-subject"]) {
      const res = await putBaseline(student, subjectId, { attended: 1, held: 2 });
      expect(res.status).toBe(404);
      expect((await read(res)).message).toBe(A.baselineSubjectInvalid);
    }
    // A subject of the college outside the student's class is theirs to enter (a backlog, an elective).
    expect((await putBaseline(student, OTHER_SEMESTER_SUBJECT, { attended: 3, held: 4 })).status).toBe(200);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM attendance_baselines WHERE user_id = ? AND subject_id = ? AND attended = 5 AND held = 6",
        student.userId,
        PHYSICS,
      ),
    ).toBe(1);
  });

  it("ten entries at once leave one row; nobody else reads or removes it", async () => {
    const { student } = await studentWithPhysics();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => putBaseline(student, PHYSICS, { attended: i, held: 10 })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await count("SELECT COUNT(*) AS n FROM attendance_baselines WHERE user_id = ?", student.userId)).toBe(1);

    const other = await createUser();
    expect((await attendanceOf(other)).subjects).toEqual([]);
    expect((await sendJson("DELETE", `/api/attendance/baselines/${PHYSICS}`, undefined, other.token)).status).toBe(404);
    expect(await count("SELECT COUNT(*) AS n FROM attendance_baselines WHERE user_id = ?", student.userId)).toBe(1);
    expect(await putBaseline(student, PHYSICS, { attended: 1, held: 2 }).then((r) => r.status)).toBe(200);
    expect((await sendJson("PUT", `/api/attendance/baselines/${PHYSICS}`, { attended: 1, held: 2 })).status).toBe(401);
  });

  it("is in the student's export and goes with the account", async () => {
    const { student } = await studentWithPhysics();
    expect((await putBaseline(student, PHYSICS, { attended: 8, held: 9 })).status).toBe(200);
    const exported = (await (await get("/api/auth/account/export", student.token)).json()) as {
      attendance: { alreadyHad: unknown[] };
    };
    expect(exported.attendance.alreadyHad).toEqual([
      expect.objectContaining({ subjectId: PHYSICS, attended: 8, held: 9 }),
    ]);
    const deleted = await sendJson("DELETE", "/api/auth/account", { password: student.password }, student.token);
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM attendance_baselines WHERE user_id = ?", student.userId)).toBe(0);
  });
});

describe("how a college counts a lab and a long period", () => {
  it("weighs every mark by the college's rule at the time the sums are read", async () => {
    const { id, curator } = await newClass();
    const { date, weekday } = pastDate(1);
    const lab = await addPeriod(
      { classId: id, weekday, startsAt: "09:00", endsAt: "11:00", subjectId: PHYSICS, kind: "lab" },
      curator.token,
    );
    const double = await addPeriod(
      { classId: id, weekday, startsAt: "11:10", endsAt: "12:50", subjectId: MATHS, kind: "lecture" },
      curator.token,
    );
    const single = await addPeriod(
      { classId: id, weekday, startsAt: "14:00", endsAt: "14:50", subjectId: MATHS, kind: "tutorial" },
      curator.token,
    );
    const student = await createUser();
    await choose(student, id);
    expect((await mark(student, date, lab, "present")).status).toBe(200);
    expect((await mark(student, date, double, "absent")).status).toBe(200);
    expect((await mark(student, date, single, "present")).status).toBe(200);

    // Every period once, as before.
    let data = await attendanceOf(student);
    expect(data.counting).toEqual({ labWeight: null, periodMinutes: null });
    expect(data.overall).toMatchObject({ attended: 2, held: 3 });

    const admin = await createUser();
    await grant(admin, "admin");
    const counting = (body: unknown, token = admin.token) =>
      sendJson("PUT", "/api/admin/campus/attendance/counting", body, token);
    try {
      // By length in 50-minute periods: the 120-minute lab is 2, the 100-minute double 2, the tutorial 1.
      const byLength = await counting({ periodMinutes: 50 });
      expect(byLength.status, await byLength.clone().text()).toBe(200);
      expect((await read(byLength)).message).toBe(A.countingSaved);
      data = await attendanceOf(student);
      expect(data.counting).toEqual({ labWeight: null, periodMinutes: 50 });
      expect(Object.fromEntries(data.subjects.map((s) => [s.subjectId, [s.attended, s.held]]))).toEqual({
        [PHYSICS]: [2, 2],
        [MATHS]: [1, 3],
      });

      // A lab counted as 3 whatever its length; the others still by length.
      expect((await counting({ labWeight: 3, periodMinutes: 50 })).status).toBe(200);
      data = await attendanceOf(student);
      expect(data.overall).toMatchObject({ attended: 4, held: 6 });

      // Refused: out of range, a student; nothing changes.
      for (const body of [{ labWeight: 7 }, { labWeight: 0 }, { periodMinutes: 20 }, { periodMinutes: "long" }]) {
        const res = await counting(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      expect((await read(await counting({ labWeight: 9 }))).message).toBe(A.labWeightInvalid);
      expect((await read(await counting({ periodMinutes: 121 }))).message).toBe(A.periodMinutesInvalid);
      expect((await counting({ labWeight: 1 }, student.token)).status).toBe(403);
      expect((await attendanceOf(student)).counting).toEqual({ labWeight: 3, periodMinutes: 50 });

      // Back to once each (null or left out).
      expect((await counting({ labWeight: null })).status).toBe(200);
      data = await attendanceOf(student);
      expect(data.overall).toMatchObject({ attended: 2, held: 3 });
      expect(
        await count(
          "SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'setup.attendance.counting' AND actor_id = ?",
          admin.userId,
        ),
      ).toBe(3);
    } finally {
      await env.DB.prepare(
        "UPDATE campuses SET attendance_lab_weight = NULL, attendance_period_minutes = NULL WHERE id = 'cit'",
      ).run();
    }
  });

  it("the admin's set-up page saves it, and the student's page says it", async () => {
    const { student, date, physics } = await studentWithPhysics();
    await mark(student, date, physics, "present");
    const admin = await createUser();
    await grant(admin, "admin");
    try {
      const saved = await postForm(admin, "/admin/setup/timetable", {
        intent: "counting",
        labWeight: "2",
        periodMinutes: "",
      });
      expect(saved.status).toBe(200);
      expect(shown(await saved.text())).toContain(A.countingSaved);
      const refused = await postForm(admin, "/admin/setup/timetable", { intent: "counting", labWeight: "8" });
      expect(refused.status).toBe(400);
      expect(shown(await refused.text())).toContain(A.labWeightInvalid);
      const attendance = shown(await (await page(student, "/attendance")).text());
      expect(attendance).toContain("Your college counts classes this way: a lab counts as 2 classes.");
    } finally {
      await env.DB.prepare(
        "UPDATE campuses SET attendance_lab_weight = NULL, attendance_period_minutes = NULL WHERE id = 'cit'",
      ).run();
    }
  });
});

describe("entries of the student's own, with or without attendance", () => {
  it("one without attendance is in the week without buttons and cannot be marked", async () => {
    const student = await createUser();
    const { date, weekday } = pastDate(2);
    const club = await read<{ id: string; keepsAttendance: boolean }>(
      await sendJson(
        "POST",
        "/api/timetable/personal",
        { weekday, startsAt: "17:00", endsAt: "18:00", title: "Photography club", keepsAttendance: false },
        student.token,
      ),
    );
    expect(club.data.keepsAttendance).toBe(false);
    const elective = await read<{ id: string; keepsAttendance: boolean }>(
      await sendJson(
        "POST",
        "/api/timetable/personal",
        { weekday, startsAt: "18:00", endsAt: "19:00", title: "French elective" },
        student.token,
      ),
    );
    expect(elective.data.keepsAttendance).toBe(true);

    const refused = await mark(student, date, club.data.id, "present");
    expect(refused.status).toBe(400);
    expect((await read(refused)).message).toBe(A.ownEntryNoAttendance);
    expect((await mark(student, date, elective.data.id, "present")).status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM attendance_marks WHERE user_id = ?", student.userId)).toBe(1);

    const week = await read<{ days: { date: string; slots: { id: string; keepsAttendance: boolean }[] }[] }>(
      await get(`/api/timetable?date=${date}`, student.token),
    );
    expect(week.data.days[0]!.slots.map((s) => [s.id, s.keepsAttendance])).toEqual([
      [club.data.id, false],
      [elective.data.id, true],
    ]);
    const html = shown(await (await page(student, `/timetable?date=${date}`)).text());
    expect(html).toContain("No attendance kept for it.");
    expect(html).toContain("Photography club");
    expect(html).toContain("· no attendance");
  });

  it("the page's form keeps attendance when ticked, not when unticked, and starts on the day viewed", async () => {
    const student = await createUser();
    const { date, weekday } = pastDate(3);
    const form = shown(await (await page(student, `/timetable?date=${date}`)).text());
    // The day select of the own-entry form has the viewed day chosen.
    const select = form.slice(
      form.indexOf('name="weekday"'),
      form.indexOf("</select>", form.indexOf('name="weekday"')),
    );
    expect(select).toMatch(new RegExp(`<option value="${weekday}" selected="">`));

    const base = { intent: "add-entry", weekday: String(weekday), startsAt: "16:00", endsAt: "17:00", room: "" };
    expect((await postForm(student, "/timetable", { ...base, title: "Drama club" })).status).toBe(200);
    expect(
      (await postForm(student, "/timetable", { ...base, title: "Lab elective", keepsAttendance: "on" })).status,
    ).toBe(200);
    const rows = await env.DB.prepare(
      "SELECT title, keeps_attendance AS k FROM timetable_personal WHERE user_id = ? ORDER BY title",
    )
      .bind(student.userId)
      .all<{ title: string; k: number }>();
    expect(rows.results.map((r) => [r.title, r.k])).toEqual([
      ["Drama club", 0],
      ["Lab elective", 1],
    ]);
  });
});

describe("/attendance's form for what was already had", () => {
  it("saves, refuses by field, and removes", async () => {
    const { student } = await studentWithPhysics();
    const before = shown(await (await page(student, "/attendance")).text());
    expect(before).toContain("Started keeping attendance mid-semester?");
    expect(before).toContain("Applied Physics 1 (CSE-101)");

    const refused = await postForm(student, "/attendance", {
      intent: "baseline",
      subjectId: PHYSICS,
      attended: "9",
      held: "5",
    });
    expect(refused.status).toBe(400);
    expect(shown(await refused.text())).toContain(A.baselineMoreThanHeld);
    expect(await count("SELECT COUNT(*) AS n FROM attendance_baselines WHERE user_id = ?", student.userId)).toBe(0);

    const saved = await postForm(student, "/attendance", {
      intent: "baseline",
      subjectId: PHYSICS,
      attended: "9",
      held: "12",
    });
    expect(saved.status).toBe(200);
    expect(shown(await saved.text())).toContain(A.baselineSaved("Applied Physics 1"));
    const after = shown(await (await page(student, "/attendance")).text());
    expect(after).toContain("Includes 9 of 12 from before you used Campus.");
    expect(after).toContain("9 of 12 attended");

    const removed = await postForm(student, "/attendance", { intent: `remove-baseline:${PHYSICS}` });
    expect(removed.status).toBe(200);
    expect(shown(await removed.text())).toContain(A.baselineRemoved);
    expect(await count("SELECT COUNT(*) AS n FROM attendance_baselines WHERE user_id = ?", student.userId)).toBe(0);
  });
});
