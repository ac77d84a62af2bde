// The timetable's pages without JavaScript (docs/decisions/0109-timetable-and-attendance.md): the
// first visit picks a class; the day list marks attendance by a form post per mark; /attendance says
// the sentence; a keeper edits the week; anyone else gets the 403 page; the admin's step.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ATTENDANCE_MESSAGES as A, TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { call, createUser, ORIGIN, type TestUser } from "#test/helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { grant } from "#test/staff-helpers.ts";
import { addPeriod, MATHS, newClass, pastDate, PHYSICS, riversideClass } from "#test/timetable-helpers.ts";

const page = (user: TestUser, path: string) => call(path, { headers: { Cookie: user.cookie } });
const postForm = (user: TestUser, path: string, fields: Record<string, string>) =>
  call(path, {
    method: "POST",
    headers: { Cookie: user.cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
const shown = (html: string) =>
  html.replaceAll("<!-- -->", "").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

describe("/timetable and /attendance", () => {
  it("a first visit picks the class; yesterday's period is marked with one post; attendance says the sentence", async () => {
    const { id, label, curator } = await newClass();
    const { date, weekday } = pastDate(1);
    const periodId = await addPeriod(
      { classId: id, weekday, startsAt: "09:00", endsAt: "09:50", subjectId: PHYSICS, room: "204", kind: "lecture" },
      curator.token,
    );
    const student = await createUser();
    const first = shown(await (await page(student, "/timetable")).text());
    expect(first).toContain("Choose your class");
    expect(first).toContain(label);

    const chosen = await postForm(student, "/timetable", { intent: "choose", classId: id });
    expect(chosen.status).toBe(200);
    const day = shown(await (await page(student, `/timetable?date=${date}`)).text());
    expect(day).not.toContain("Choose your class");
    expect(day).toContain("Applied Physics 1");
    expect(day).toContain("Room 204");

    const marked = await postForm(student, `/timetable?date=${date}`, {
      intent: `mark:${periodId}`,
      slotId: periodId,
      date,
      status: "present",
    });
    expect(marked.status).toBe(200);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM attendance_marks WHERE user_id = ? AND status = 'present'",
        student.userId,
      ),
    ).toBe(1);
    const attendance = shown(await (await page(student, "/attendance")).text());
    expect(attendance).toContain("100%");
    expect(attendance).toContain("Missing the next class would take you below 75%.");

    // A bad status is refused with its message, nothing written.
    const bad = await postForm(student, `/timetable?date=${date}`, {
      intent: `mark:${periodId}`,
      slotId: periodId,
      date,
      status: "late",
    });
    expect(bad.status).toBe(400);
  });

  it("an own entry with a bad time reports each field; the class's keeper page is 403 for a student", async () => {
    const student = await createUser();
    const res = await postForm(student, "/timetable", {
      intent: "add-entry",
      weekday: "2",
      startsAt: "25:00",
      endsAt: "",
      title: "",
    });
    expect(res.status).toBe(400);
    const html = shown(await res.text());
    expect(html).toContain(M.timeInvalid);
    expect(html).toContain(M.titleRequired);
    const { id } = await newClass();
    expect((await page(student, `/timetable/class/${id}/edit`)).status).toBe(403);
  });

  it("/account chooses the class with the same picker, and refuses another college's class", async () => {
    const { id, label } = await newClass();
    const student = await createUser();
    const before = shown(await (await page(student, "/account")).text());
    expect(before).toContain("Your class</h2>");
    expect(before).toContain(`<option value="${id}">${label}</option>`);
    const chosen = await postForm(student, "/account", { intent: "choose", classId: id });
    expect(chosen.status).toBe(200);
    expect(shown(await chosen.text())).toContain(`Your timetable is now ${label}'s.`);
    expect(
      await count("SELECT COUNT(*) AS n FROM timetable_choices WHERE user_id = ? AND class_id = ?", student.userId, id),
    ).toBe(1);
    expect(shown(await (await page(student, "/account")).text())).toContain(`Your class: ${label}`);

    const { classId: riverside } = await riversideClass();
    const refused = await postForm(student, "/account", { intent: "choose", classId: riverside });
    expect(refused.status).toBe(404);
    expect(
      await count("SELECT COUNT(*) AS n FROM timetable_choices WHERE user_id = ? AND class_id = ?", student.userId, id),
    ).toBe(1);
  });

  it("a keeper cancels a period for one date, edits that change into a move, and undoes it, on the class's page", async () => {
    const { id, curator } = await newClass();
    const date = pastDate(-9).date;
    const { weekday } = pastDate(-9);
    const periodId = await addPeriod(
      { classId: id, weekday, startsAt: "10:00", endsAt: "10:50", subjectId: PHYSICS, room: "204", kind: "lecture" },
      curator.token,
    );
    const edit = `/timetable/class/${id}/edit`;
    const cancelled = await postForm(curator, edit, { intent: `change:${periodId}`, date, kind: "cancelled" });
    expect(cancelled.status).toBe(200);
    const changeId = (await env.DB.prepare("SELECT id FROM timetable_changes WHERE period_id = ?1")
      .bind(periodId)
      .first<{ id: string }>())!.id;
    const listed = shown(await (await page(curator, edit)).text());
    expect(listed).toContain("Applied Physics 1:");
    expect(listed).toContain("Edit this change");
    expect(listed).toContain(`value="edit-change:${changeId}"`);

    // A move needs a room or a time: refused with the field named, nothing changed.
    const empty = await postForm(curator, edit, { intent: `edit-change:${changeId}`, date, kind: "moved" });
    expect(empty.status).toBe(400);
    expect(
      await count("SELECT COUNT(*) AS n FROM timetable_changes WHERE id = ? AND kind = 'cancelled'", changeId),
    ).toBe(1);

    const moved = await postForm(curator, edit, {
      intent: `edit-change:${changeId}`,
      date,
      kind: "moved",
      room: "305",
      startsAt: "11:00",
      endsAt: "11:50",
    });
    expect(moved.status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM timetable_changes WHERE period_id = ?", periodId)).toBe(1);
    const after = shown(await (await page(curator, edit)).text());
    expect(after).toContain("moved to room 305 to 11:00–11:50");
    // The form opens on the change as it is now.
    expect(after).toContain('value="305"');
    expect(after).toContain('value="11:00"');

    const undone = await postForm(curator, edit, { intent: `remove-change:${changeId}` });
    expect(undone.status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM timetable_changes WHERE period_id = ?", periodId)).toBe(0);
  });

  it("a keeper adds a period on the class's page; the admin's step adds a holiday", async () => {
    const { id, curator } = await newClass();
    const added = await postForm(curator, `/timetable/class/${id}/edit`, {
      intent: "add",
      weekday: "3",
      startsAt: "10:00",
      endsAt: "10:50",
      subjectId: PHYSICS,
      kind: "lab",
      room: "Lab 1",
      teacher: "",
    });
    expect(added.status).toBe(200);
    expect(shown(await (await page(curator, `/timetable/class/${id}/edit`)).text())).toContain(
      "10:00–10:50 Applied Physics 1",
    );
    // The curator finds the classes they keep from their own timetable; a student keeps none.
    const own = shown(await (await page(curator, "/timetable")).text());
    expect(own).toContain("Classes whose week you keep");
    expect(own).toContain(`href="/timetable/class/${id}/edit"`);
    const student = await createUser();
    expect(shown(await (await page(student, "/timetable")).text())).not.toContain("Classes whose week you keep");
    const admin = await createUser();
    await grant(admin, "admin");
    expect(shown(await (await page(admin, "/admin/setup")).text())).toContain('href="/admin/setup/timetable"');
    const setupPage = await page(admin, "/admin/setup/timetable");
    expect(setupPage.status).toBe(200);
    const date = pastDate(-600).date;
    const holiday = await postForm(admin, "/admin/setup/timetable", { intent: "holiday", date, name: "Annual day" });
    expect(holiday.status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM campus_holidays WHERE campus_id = 'cit' AND date = ?", date)).toBe(1);
    // A subject's own rule, from its form; every field named when wrong.
    const rule = await postForm(admin, "/admin/setup/timetable", {
      intent: "subject-threshold",
      subjectId: MATHS,
      threshold: "80",
    });
    expect(rule.status).toBe(200);
    expect(await count("SELECT threshold AS n FROM attendance_subject_thresholds WHERE subject_id = ?", MATHS)).toBe(
      80,
    );
    const wrong = await postForm(admin, "/admin/setup/timetable", {
      intent: "subject-threshold",
      subjectId: MATHS,
      threshold: "0",
    });
    expect(wrong.status).toBe(400);
    expect(shown(await wrong.text())).toContain(A.thresholdInvalid);
    // The college's own number removes the subject's rule.
    await postForm(admin, "/admin/setup/timetable", { intent: "subject-threshold", subjectId: MATHS, threshold: "75" });
    expect(await count("SELECT COUNT(*) AS n FROM attendance_subject_thresholds WHERE subject_id = ?", MATHS)).toBe(0);
    expect((await page(curator, "/admin/setup/timetable")).status).toBe(403);
  });
});
