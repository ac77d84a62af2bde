// Class timetables (docs/decisions/0109-timetable-and-attendance.md): keepers set a class's week and
// its one-off changes, students choose their class and read their resolved day and week, with their
// own entries and hidden periods; scoping, audit lines and notices to the class.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDays, indiaDate, weekdayOfDate } from "#common/india-time.ts";
import type { Day } from "#common/timetable.ts";
import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { createUser, inOneLimiterMinute } from "#test/helpers.ts";
import { get, read, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { grant } from "#test/staff-helpers.ts";
import {
  addPeriod,
  choose,
  curator,
  MATHS,
  newClass,
  OTHER_SEMESTER_SUBJECT,
  PHYSICS,
  riversideClass,
  SEMESTER,
} from "#test/timetable-helpers.ts";

afterEach(() => {
  vi.useRealTimers();
});

interface TimetableData {
  class: { id: string; label: string } | null;
  date: string;
  days: Day[];
}

/** The next date (from tomorrow) that falls on `weekday`. */
function nextDateOn(weekday: number): string {
  let date = addDays(indiaDate(Date.now()), 1);
  while (weekdayOfDate(date) !== weekday) date = addDays(date, 1);
  return date;
}

/** The last date before today (India's, by the test's clock) that falls on `weekday`. */
function lastDateOn(weekday: number): string {
  let date = addDays(indiaDate(Date.now()), -1);
  while (weekdayOfDate(date) !== weekday) date = addDays(date, -1);
  return date;
}

describe("a class's week", () => {
  it("a curator sets it; a student who chose the class reads their day and week in time order", async () => {
    const { id, label, curator: keeper } = await newClass();
    expect(label).toMatch(/^B\.Tech CSE · Semester 1 · T/);
    await addPeriod(
      {
        classId: id,
        weekday: 4,
        startsAt: "11:00",
        endsAt: "11:50",
        subjectId: MATHS,
        room: "105",
        teacher: "Dr Iyer",
        kind: "lecture",
      },
      keeper.token,
    );
    await addPeriod(
      { classId: id, weekday: 4, startsAt: "09:30", endsAt: "10:20", subjectId: PHYSICS, room: "204", kind: "lecture" },
      keeper.token,
    );
    await addPeriod(
      { classId: id, weekday: 1, startsAt: "14:00", endsAt: "16:00", subjectId: PHYSICS, room: "Lab 2", kind: "lab" },
      keeper.token,
    );

    const student = await createUser();
    // Before choosing: no class, and the API says so.
    const before = await read<TimetableData>(await get("/api/timetable", student.token));
    expect(before.data.class).toBeNull();

    const chosen = await choose(student, id);
    expect(chosen.status).toBe(200);
    expect((await read(chosen)).message).toBe(M.classChosen(label));

    const thursday = nextDateOn(4);
    const day = await read<TimetableData>(await get(`/api/timetable?date=${thursday}`, student.token));
    expect(day.data.class).toMatchObject({ id, label });
    expect(day.data.days).toHaveLength(1);
    expect(day.data.days[0]!.slots.map((s) => [s.startsMin, s.title, s.room, s.kind])).toEqual([
      [570, "Applied Physics 1", "204", "lecture"],
      [660, "Applied Mathematics 1", "105", "lecture"],
    ]);

    const week = await read<TimetableData>(await get(`/api/timetable?date=${thursday}&span=week`, student.token));
    expect(week.data.days.map((d) => d.slots.length)).toEqual([1, 0, 0, 2, 0, 0, 0]);
    expect(week.data.days[0]!.slots[0]).toMatchObject({ title: "Applied Physics 1", kind: "lab", room: "Lab 2" });

    const mine = await read<{ chosen: { id: string } | null; classes: { id: string }[] }>(
      await get("/api/timetable/class", student.token),
    );
    expect(mine.data.chosen?.id).toBe(id);
    expect(mine.data.classes.map((c) => c.id)).toContain(id);
  });

  it("refuses bad input with every field named: a subject of another semester, times the wrong way round", async () => {
    const { id, curator: keeper } = await newClass();
    const backwards = await sendJson(
      "POST",
      "/api/timetable/periods",
      { classId: id, weekday: 9, startsAt: "11:00", endsAt: "10:00", subjectId: PHYSICS, kind: "seminar" },
      keeper.token,
    );
    expect(backwards.status).toBe(400);
    const body = (await backwards.json()) as { message: string; fields: Record<string, string> };
    expect(body.fields).toMatchObject({ weekday: M.weekdayInvalid, kind: M.kindInvalid });
    const wrongWay = await sendJson(
      "POST",
      "/api/timetable/periods",
      { classId: id, weekday: 2, startsAt: "11:00", endsAt: "10:00", subjectId: PHYSICS, kind: "lecture" },
      keeper.token,
    );
    expect(((await wrongWay.json()) as { fields: Record<string, string> }).fields).toEqual({
      endsAt: M.endsBeforeStart,
    });
    const otherSemester = await sendJson(
      "POST",
      "/api/timetable/periods",
      {
        classId: id,
        weekday: 2,
        startsAt: "10:00",
        endsAt: "11:00",
        subjectId: OTHER_SEMESTER_SUBJECT,
        kind: "lecture",
      },
      keeper.token,
    );
    expect(otherSemester.status).toBe(400);
    expect((await read(otherSemester)).message).toBe(M.noSuchSubject);
    const sectionBad = await sendJson(
      "POST",
      "/api/timetable/classes",
      { semesterId: SEMESTER, section: "A B!" },
      keeper.token,
    );
    expect(sectionBad.status).toBe(400);
    expect((await read(sectionBad)).message).toBe(M.sectionInvalid);
    expect(await count("SELECT COUNT(*) AS n FROM timetable_periods WHERE class_id = ?", id)).toBe(0);
  });

  it("a class's section is one class: making it twice is a 409", async () => {
    const keeper = await curator();
    const res = await sendJson(
      "POST",
      "/api/timetable/classes",
      { semesterId: SEMESTER, section: "z9q" },
      keeper.token,
    );
    expect(res.status).toBe(201);
    expect((await read<{ section: string }>(res)).data.section).toBe("Z9Q");
    const again = await sendJson(
      "POST",
      "/api/timetable/classes",
      { semesterId: SEMESTER, section: "Z9Q" },
      keeper.token,
    );
    expect(again.status).toBe(409);
    expect((await read(again)).message).toBe(M.classExists("B.Tech CSE · Semester 1 · Z9Q"));
  });
});

describe("who keeps a class's week", () => {
  it("a student is refused (403); a class rep the admin granted may edit; revoked, refused again", async () => {
    const { id } = await newClass();
    const rep = await createUser({ name: "Class Rep" });
    const period = {
      classId: id,
      weekday: 2,
      startsAt: "10:00",
      endsAt: "10:50",
      subjectId: PHYSICS,
      kind: "lecture" as const,
    };
    const refused = await sendJson("POST", "/api/timetable/periods", period, rep.token);
    expect(refused.status).toBe(403);
    expect((await read(refused)).message).toBe(M.editorsOnly);

    const admin = await createUser({ name: "CIT Admin" });
    await grant(admin, "admin");
    const granted = await sendJson("POST", `/api/timetable/classes/${id}/reps`, { email: rep.email }, admin.token);
    expect(granted.status).toBe(201);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'timetable.rep.grant' AND subject_id = ?",
        id,
      ),
    ).toBe(1);
    const inbox = await read<{ notices: { text: string }[] }>(await get("/api/notifications", rep.token));
    expect(inbox.data.notices[0]!.text).toMatch(/You now keep the timetable of B\.Tech CSE · Semester 1/);

    expect(await addPeriod(period, rep.token)).toBeTruthy();
    // A student cannot grant.
    const byStudent = await sendJson("POST", `/api/timetable/classes/${id}/reps`, { email: rep.email }, rep.token);
    expect(byStudent.status).toBe(403);

    const revoked = await sendJson("DELETE", `/api/timetable/classes/${id}/reps/${rep.userId}`, undefined, admin.token);
    expect(revoked.status).toBe(200);
    expect((await sendJson("POST", "/api/timetable/periods", period, rep.token)).status).toBe(403);
  });

  it("only a verified member who is not suspended is made a class rep: 409 saying why, nothing written", async () => {
    const { id } = await newClass();
    const admin = await createUser({ name: "CIT Admin" });
    await grant(admin, "admin");
    const unverified = await createUser({ verified: false });
    const suspended = await createUser();
    await env.DB.prepare("UPDATE users SET suspended_until = ?2, suspension_reason = 'Spam.' WHERE id = ?1")
      .bind(suspended.userId, Date.now() + 86_400_000)
      .run();
    for (const [who, message] of [
      [unverified, M.repNotVerified],
      [suspended, M.repSuspended],
    ] as const) {
      const res = await sendJson("POST", `/api/timetable/classes/${id}/reps`, { email: who.email }, admin.token);
      expect(res.status).toBe(409);
      expect((await read(res)).message).toBe(message);
      expect(await count("SELECT COUNT(*) AS n FROM timetable_reps WHERE user_id = ?", who.userId)).toBe(0);
      expect(await count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ?", who.userId)).toBe(0);
    }
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'timetable.rep.grant' AND subject_id = ?",
        id,
      ),
    ).toBe(0);
  });

  it("a rep who is unverified or suspended keeps no week: refused (403), and the class is not notified", async () => {
    const { id, curator: keeper } = await newClass();
    const periodId = await addPeriod(
      { classId: id, weekday: 3, startsAt: "12:00", endsAt: "12:50", subjectId: PHYSICS, room: "101", kind: "lecture" },
      keeper.token,
    );
    const student = await createUser();
    expect((await choose(student, id)).status).toBe(200);
    const unverified = await createUser({ verified: false });
    const suspended = await createUser();
    for (const rep of [unverified, suspended])
      await env.DB.prepare("INSERT INTO timetable_reps (class_id, user_id, granted_at) VALUES (?1, ?2, 0)")
        .bind(id, rep.userId)
        .run();
    await env.DB.prepare("UPDATE users SET suspended_until = ?2, suspension_reason = 'Spam.' WHERE id = ?1")
      .bind(suspended.userId, Date.now() + 86_400_000)
      .run();
    for (const rep of [unverified, suspended]) {
      const change = { periodId, date: nextDateOn(3), kind: "cancelled" };
      expect((await sendJson("POST", "/api/timetable/changes", change, rep.token)).status).toBe(403);
      expect((await get(`/api/timetable/classes/${id}/week`, rep.token)).status).toBe(403);
      const kept = await read<{ kept: string[] }>(await get("/api/timetable/classes", rep.token));
      expect(kept.data.kept).toEqual([]);
    }
    expect(await count("SELECT COUNT(*) AS n FROM timetable_changes WHERE period_id = ?", periodId)).toBe(0);
    expect(
      await count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ? AND kind LIKE 'timetable.%'", student.userId),
    ).toBe(0);
  });

  it("a rep of another class is refused on this one, and sees only theirs as kept", async () => {
    const { id: mine } = await newClass();
    const { id: theirs } = await newClass();
    const rep = await createUser();
    await env.DB.prepare("INSERT INTO timetable_reps (class_id, user_id, granted_at) VALUES (?1, ?2, 0)")
      .bind(theirs, rep.userId)
      .run();
    const res = await sendJson(
      "POST",
      "/api/timetable/periods",
      { classId: mine, weekday: 2, startsAt: "10:00", endsAt: "10:50", subjectId: PHYSICS, kind: "lecture" },
      rep.token,
    );
    expect(res.status).toBe(403);
    expect((await get(`/api/timetable/classes/${mine}/week`, rep.token)).status).toBe(403);
    expect((await get(`/api/timetable/classes/${theirs}/week`, rep.token)).status).toBe(200);
    const kept = await read<{ kept: string[]; keepsAll: boolean }>(await get("/api/timetable/classes", rep.token));
    expect(kept.data).toMatchObject({ kept: [theirs], keepsAll: false });
  });

  it("another college's class is a 404 to its curators and students alike, and nothing is written", async () => {
    const river = await riversideClass();
    const keeper = await curator();
    const student = await createUser();
    expect((await choose(student, river.classId)).status).toBe(404);
    expect((await get(`/api/timetable/classes/${river.classId}/week`, keeper.token)).status).toBe(404);
    const period = { weekday: 1, startsAt: "09:00", endsAt: "09:50", subjectId: river.subjectId, kind: "lecture" };
    expect(
      (await sendJson("POST", "/api/timetable/periods", { classId: river.classId, ...period }, keeper.token)).status,
    ).toBe(404);
    expect((await sendJson("PATCH", `/api/timetable/periods/${river.periodId}`, period, keeper.token)).status).toBe(
      404,
    );
    expect((await sendJson("DELETE", `/api/timetable/periods/${river.periodId}`, undefined, keeper.token)).status).toBe(
      404,
    );
    const change = { periodId: river.periodId, date: nextDateOn(1), kind: "cancelled" };
    expect((await sendJson("POST", "/api/timetable/changes", change, keeper.token)).status).toBe(404);
    expect((await sendJson("PUT", `/api/timetable/hidden/${river.periodId}`, undefined, student.token)).status).toBe(
      404,
    );
    expect(await count("SELECT COUNT(*) AS n FROM timetable_periods WHERE class_id = ?", river.classId)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM timetable_changes WHERE period_id = ?", river.periodId)).toBe(0);
    // Riverside's own curator cannot reach CIT's classes either.
    const { id } = await newClass();
    const riverCurator = await curator("rce");
    expect((await get(`/api/timetable/classes/${id}/week`, riverCurator.token)).status).toBe(404);
  });
});

describe("changes tell the class", () => {
  it("moving a period is audited and each student of the class is told, except one who hid it", async () => {
    const { id, curator: keeper } = await newClass();
    const periodId = await addPeriod(
      { classId: id, weekday: 4, startsAt: "10:00", endsAt: "10:50", subjectId: MATHS, room: "101", kind: "lecture" },
      keeper.token,
    );
    const [asha, ravi, hider, outsider] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
    for (const s of [asha, ravi, hider]) expect((await choose(s, id)).status).toBe(200);
    expect((await sendJson("PUT", `/api/timetable/hidden/${periodId}`, undefined, hider.token)).status).toBe(200);

    const moved = await sendJson(
      "PATCH",
      `/api/timetable/periods/${periodId}`,
      { weekday: 4, startsAt: "10:00", endsAt: "10:50", subjectId: MATHS, room: "204", kind: "lecture" },
      keeper.token,
    );
    expect(moved.status).toBe(200);
    const sentence = "Thursday 10:00 Applied Mathematics 1 moved to room 204.";
    for (const s of [asha, ravi]) {
      const inbox = await read<{ notices: { title: string; text: string; link: string }[] }>(
        await get("/api/notifications", s.token),
      );
      expect(inbox.data.notices).toEqual([expect.objectContaining({ title: M.noticeTitle, text: sentence })]);
    }
    for (const s of [hider, outsider])
      expect(
        await count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ? AND kind = 'timetable.changed'", s.userId),
      ).toBe(0);
    const audit = await env.DB.prepare(
      "SELECT actor_id AS actorId, note FROM staff_audit_log WHERE action = 'timetable.period.update' AND subject_id = ?",
    )
      .bind(periodId)
      .all<{ actorId: string; note: string }>();
    expect(audit.results).toEqual([{ actorId: keeper.userId, note: sentence }]);
  });

  it("a one-off change shows on its date only; a past date and the wrong weekday are refused", async () => {
    const { id, curator: keeper } = await newClass();
    const periodId = await addPeriod(
      { classId: id, weekday: 3, startsAt: "12:00", endsAt: "12:50", subjectId: PHYSICS, room: "101", kind: "lecture" },
      keeper.token,
    );
    const student = await createUser();
    await choose(student, id);
    const wednesday = nextDateOn(3);
    const cancelled = await sendJson(
      "POST",
      "/api/timetable/changes",
      { periodId, date: wednesday, kind: "cancelled" },
      keeper.token,
    );
    expect(cancelled.status).toBe(201);
    const changeId = (await read<{ id: string }>(cancelled)).data.id;
    const day = await read<TimetableData>(await get(`/api/timetable?date=${wednesday}`, student.token));
    expect(day.data.days[0]!.slots.map((s) => s.state)).toEqual(["cancelled"]);
    const weekAfter = await read<TimetableData>(
      await get(`/api/timetable?date=${addDays(wednesday, 7)}`, student.token),
    );
    expect(weekAfter.data.days[0]!.slots.map((s) => s.state)).toEqual(["scheduled"]);
    const inbox = await read<{ notices: { text: string; link: string }[] }>(
      await get("/api/notifications", student.token),
    );
    expect(inbox.data.notices[0]).toMatchObject({
      text: `Wednesday ${wednesday} 12:00 Applied Physics 1 is cancelled.`,
      link: `/timetable?date=${wednesday}`,
    });

    // Replaced by a move the same date (one change per period and date), then removed.
    const moved = await sendJson(
      "PATCH",
      `/api/timetable/changes/${changeId}`,
      { kind: "moved", room: "7", startsAt: "13:00", endsAt: "13:50" },
      keeper.token,
    );
    expect(moved.status).toBe(200);
    const after = await read<TimetableData>(await get(`/api/timetable?date=${wednesday}`, student.token));
    expect(after.data.days[0]!.slots[0]).toMatchObject({
      state: "moved",
      room: "7",
      startsMin: 780,
      usual: { room: "101", startsMin: 720 },
    });
    expect((await sendJson("DELETE", `/api/timetable/changes/${changeId}`, undefined, keeper.token)).status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM timetable_changes WHERE period_id = ?", periodId)).toBe(0);

    const empty = await sendJson(
      "POST",
      "/api/timetable/changes",
      { periodId, date: wednesday, kind: "moved" },
      keeper.token,
    );
    expect(empty.status).toBe(400);
    expect((await read(empty)).message).toBe(M.movedNeedsSomething);
    const past = await sendJson(
      "POST",
      "/api/timetable/changes",
      { periodId, date: lastDateOn(3), kind: "cancelled" },
      keeper.token,
    );
    expect(past.status).toBe(400);
    expect((await read(past)).message).toBe(M.pastDate);
    const wrongDay = await sendJson(
      "POST",
      "/api/timetable/changes",
      { periodId, date: addDays(wednesday, 1), kind: "cancelled" },
      keeper.token,
    );
    expect(wrongDay.status).toBe(400);
    expect((await read(wrongDay)).message).toBe(M.wrongWeekday);
    const badDate = await sendJson(
      "POST",
      "/api/timetable/changes",
      { periodId, date: "2026-02-30", kind: "cancelled" },
      keeper.token,
    );
    expect(badDate.status).toBe(400);
  });

  it("removing a period takes it out of the week, tells the class, and keeps the students' marks", async () => {
    const { id, curator: keeper } = await newClass();
    const periodId = await addPeriod(
      { classId: id, weekday: 2, startsAt: "08:00", endsAt: "08:50", subjectId: PHYSICS, kind: "tutorial" },
      keeper.token,
    );
    const student = await createUser();
    await choose(student, id);
    await env.DB.prepare(
      "INSERT INTO attendance_marks (user_id, date, slot_id, subject_id, title, status, marked_at) VALUES (?1, '2026-01-06', ?2, ?3, 'Applied Physics 1', 'present', 0)",
    )
      .bind(student.userId, periodId, PHYSICS)
      .run();
    expect((await sendJson("DELETE", `/api/timetable/periods/${periodId}`, undefined, keeper.token)).status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM timetable_periods WHERE id = ?", periodId)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM attendance_marks WHERE slot_id = ?", periodId)).toBe(1);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM notices WHERE user_id = ? AND text LIKE '%no longer in the week%'",
        student.userId,
      ),
    ).toBe(1);
    // The subject the marks count under can no longer be removed from the tree.
    const admin = await createUser();
    await grant(admin, "admin");
    const removeSubject = await sendJson(
      "DELETE",
      `/api/admin/campus/academics/subjects/${PHYSICS}`,
      undefined,
      admin.token,
    );
    expect(removeSubject.status).toBe(409);
  });
});

describe("a student's own week", () => {
  it("their own entries show beside the class's; a hidden period does not; nobody else's entries are theirs", async () => {
    const { id, curator: keeper } = await newClass();
    const labB = await addPeriod(
      { classId: id, weekday: 5, startsAt: "14:00", endsAt: "16:00", subjectId: PHYSICS, kind: "lab" },
      keeper.token,
    );
    await addPeriod(
      { classId: id, weekday: 5, startsAt: "09:00", endsAt: "09:50", subjectId: MATHS, kind: "lecture" },
      keeper.token,
    );
    const [student, other] = await Promise.all([createUser(), createUser()]);
    await choose(student, id);
    const entry = await sendJson(
      "POST",
      "/api/timetable/personal",
      { weekday: 5, startsAt: "17:00", endsAt: "18:00", title: "Robotics club", room: "" },
      student.token,
    );
    expect(entry.status).toBe(201);
    const entryId = (await read<{ id: string }>(entry)).data.id;
    expect((await sendJson("PUT", `/api/timetable/hidden/${labB}`, undefined, student.token)).status).toBe(200);
    const friday = nextDateOn(5);
    const day = await read<TimetableData>(await get(`/api/timetable?date=${friday}`, student.token));
    expect(day.data.days[0]!.slots.map((s) => [s.title, s.source])).toEqual([
      ["Applied Mathematics 1", "class"],
      ["Robotics club", "personal"],
    ]);
    // Another student neither sees the entry nor can remove it.
    const theirs = await read<TimetableData>(await get(`/api/timetable?date=${friday}`, other.token));
    expect(JSON.stringify(theirs.data)).not.toContain("Robotics club");
    expect((await sendJson("DELETE", `/api/timetable/personal/${entryId}`, undefined, other.token)).status).toBe(404);
    // Shown again.
    expect((await sendJson("DELETE", `/api/timetable/hidden/${labB}`, undefined, student.token)).status).toBe(200);
    const again = await read<TimetableData>(await get(`/api/timetable?date=${friday}`, student.token));
    expect(again.data.days[0]!.slots).toHaveLength(3);
  });

  it("a college holiday takes the class's periods off that date", async () => {
    const { id, curator: keeper } = await newClass();
    await addPeriod(
      { classId: id, weekday: 6, startsAt: "09:00", endsAt: "09:50", subjectId: MATHS, kind: "lecture" },
      keeper.token,
    );
    const student = await createUser();
    await choose(student, id);
    const admin = await createUser();
    await grant(admin, "admin");
    // A Saturday far ahead, so no other test's Saturday meets it.
    let saturday = addDays(indiaDate(Date.now()), 400);
    while (weekdayOfDate(saturday) !== 6) saturday = addDays(saturday, 1);
    const set = await sendJson(
      "POST",
      "/api/admin/campus/holidays",
      { date: saturday, name: "Founders' Day" },
      admin.token,
    );
    expect(set.status).toBe(201);
    const day = await read<TimetableData>(await get(`/api/timetable?date=${saturday}`, student.token));
    expect(day.data.days[0]).toMatchObject({ holiday: "Founders' Day", slots: [] });
    expect(
      (await sendJson("POST", "/api/admin/campus/holidays", { date: saturday, name: "X" }, student.token)).status,
    ).toBe(403);
    expect((await sendJson("DELETE", `/api/admin/campus/holidays/${saturday}`, undefined, admin.token)).status).toBe(
      200,
    );
  });

  it("limits a student's own writes: the 21st in a minute is a 429 with a message", () =>
    inOneLimiterMinute(async () => {
      const student = await createUser();
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        const res = await sendJson(
          "POST",
          "/api/timetable/personal",
          { weekday: 1, startsAt: "07:00", endsAt: "07:30", title: `Run ${i}` },
          student.token,
        );
        statuses.push(res.status);
        if (res.status === 429) expect((await read(res)).message).toBe(M.tooMany);
      }
      expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
      expect(statuses[20]).toBe(429);
    }));

  it("answers 401 without a session", async () => {
    expect((await get("/api/timetable")).status).toBe(401);
    expect((await get("/api/attendance")).status).toBe(401);
  });
});
