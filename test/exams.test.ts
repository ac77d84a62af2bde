// The datesheet (docs/decisions/0135-datesheet.md): keepers of a class write its exams (one by one or
// from a CSV file refused row by row), each change audited and told to the class; a student reads
// their class's exams and those of the subjects they sit outside it, with the clashes between them.
import { describe, expect, it } from "vitest";
import { clashesOf, countdown, type Exam, EXAM_MESSAGES as M, withoutRepeats } from "#common/exams.ts";
import { addDays, indiaDate } from "#common/india-time.ts";
import { call, createUser, type TestUser } from "#test/helpers.ts";
import { get, read, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { grant } from "#test/staff-helpers.ts";
import {
  choose,
  curator,
  MATHS,
  newClass,
  OTHER_SEMESTER_SUBJECT,
  PHYSICS,
  riversideClass,
  section,
} from "#test/timetable-helpers.ts";

const inDays = (n: number) => addDays(indiaDate(Date.now()), n);

interface Datesheet {
  today: string;
  classLabel: string | null;
  exams: Exam[];
  clashes: Record<string, string[]>;
  subjects: { subjectId: string; reason: string }[];
}

async function datesheet(student: TestUser): Promise<Datesheet> {
  const res = await get("/api/exams", student.token);
  expect(res.status).toBe(200);
  return (await read<Datesheet>(res)).data;
}

function exam(classId: string, subjectId: string, date: string, startsAt = "09:30", endsAt = "12:30", more = {}) {
  return { classId, subjectId, kind: "end_semester", date, startsAt, endsAt, room: "101", ...more };
}

async function addExam(body: ReturnType<typeof exam>, token: string): Promise<string> {
  const res = await sendJson("POST", "/api/exams", body, token);
  if (res.status !== 201) throw new Error(`exam: ${res.status} ${await res.text()}`);
  return (await read<{ id: string }>(res)).data.id;
}

/** A class of CIT's B.Tech CSE semester 2 (where OTHER_SEMESTER_SUBJECT is taught). */
async function semesterTwoClass(keeper: TestUser): Promise<string> {
  const res = await sendJson(
    "POST",
    "/api/timetable/classes",
    { semesterId: "cit-btech-cse-s2", section: section() },
    keeper.token,
  );
  expect(res.status).toBe(201);
  return (await read<{ id: string }>(res)).data.id;
}

describe("the arithmetic", () => {
  const at = (id: string, date: string, startsMin: number, endsMin: number, subjectId = id): Exam => ({
    id,
    classId: "c",
    subjectId,
    subjectCode: id,
    subjectName: id,
    kind: "end_semester",
    date,
    startsMin,
    endsMin,
    room: "",
    source: "class",
  });
  it("two exams clash when they overlap on one date; touching ends and other dates do not", () => {
    const exams = [
      at("a", "2026-12-14", 570, 750),
      at("b", "2026-12-14", 660, 780),
      at("c", "2026-12-14", 780, 900),
      at("d", "2026-12-15", 570, 750),
    ];
    expect(clashesOf(exams)).toEqual({ a: ["b"], b: ["a"] });
  });
  it("the same sitting in two sections' datesheets is one exam", () => {
    const one = at("a", "2026-12-14", 570, 750, "maths");
    expect(withoutRepeats([one, { ...one, id: "a2", classId: "other" }]).map((e) => e.id)).toEqual(["a"]);
  });
  it("counts down in whole India days", () => {
    expect(countdown("2026-12-02", "2026-12-02")).toBe("Today");
    expect(countdown("2026-12-03", "2026-12-02")).toBe("Tomorrow");
    expect(countdown("2027-01-01", "2026-12-31")).toBe("Tomorrow");
    expect(countdown("2027-03-01", "2027-02-28")).toBe("Tomorrow");
    expect(countdown("2026-12-12", "2026-12-02")).toBe("In 10 days");
  });
});

describe("a class's datesheet, as its keepers write it", () => {
  it("a rep adds an exam: the class reads it, is told, and the change is audited; a student who is not a keeper is refused", async () => {
    const { id: classId, curator: keeper } = await newClass();
    const rep = await createUser({ name: "Exam Rep" });
    const admin = await createUser({ name: "CIT Admin" });
    await grant(admin, "admin");
    expect(
      (await sendJson("POST", `/api/timetable/classes/${classId}/reps`, { email: rep.email }, admin.token)).status,
    ).toBe(201);
    const student = await createUser();
    expect((await choose(student, classId)).status).toBe(200);

    const outsider = await createUser();
    const refused = await sendJson("POST", "/api/exams", exam(classId, PHYSICS, inDays(10)), outsider.token);
    expect(refused.status).toBe(403);

    const id = await addExam(exam(classId, PHYSICS, inDays(10)), rep.token);
    expect(
      await count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'exam.add' AND subject_id = ?", id),
    ).toBe(1);
    const sheet = await datesheet(student);
    expect(sheet.exams.map((e) => [e.subjectId, e.date, e.startsMin, e.endsMin, e.source])).toEqual([
      [PHYSICS, inDays(10), 570, 750, "class"],
    ]);
    const inbox = await read<{ notices: { title: string; text: string }[] }>(
      await get("/api/notifications", student.token),
    );
    expect(inbox.data.notices[0]).toMatchObject({ title: M.noticeTitle });
    expect(inbox.data.notices[0]!.text).toMatch(/^New exam on .*: End-semester · .* · 09:30–12:30 · 101\.$/);

    // The same sitting again: 409, one row.
    const again = await sendJson("POST", "/api/exams", exam(classId, PHYSICS, inDays(10)), keeper.token);
    expect(again.status).toBe(409);
    expect(await count("SELECT COUNT(*) AS n FROM class_exams WHERE class_id = ?", classId)).toBe(1);

    // Moved, then removed: the class is told each time.
    const moved = await sendJson(
      "PATCH",
      `/api/exams/${id}`,
      { ...exam(classId, PHYSICS, inDays(11), "14:00", "17:00"), classId: undefined },
      rep.token,
    );
    expect(moved.status).toBe(200);
    expect((await datesheet(student)).exams[0]).toMatchObject({ date: inDays(11), startsMin: 840 });
    expect((await sendJson("DELETE", `/api/exams/${id}`, undefined, rep.token)).status).toBe(200);
    expect((await datesheet(student)).exams).toEqual([]);
    const told = await read<{ notices: { text: string }[] }>(await get("/api/notifications", student.token));
    expect(told.data.notices.map((n) => /^(Exam removed|Exam changed|New exam on)/.exec(n.text)?.[1])).toEqual([
      "Exam removed",
      "Exam changed",
      "New exam on",
    ]);
    expect(
      await count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE subject_kind = 'class_exam' AND subject_id = ?", id),
    ).toBe(3);
  });

  it("refuses a past date, a subject of another semester, an end before the start and another college's class", async () => {
    const { id: classId, curator: keeper } = await newClass();
    const past = await sendJson("POST", "/api/exams", exam(classId, PHYSICS, inDays(-1)), keeper.token);
    expect(past.status).toBe(400);
    expect((await read(past)).message).toBe(M.pastDate);
    const other = await sendJson("POST", "/api/exams", exam(classId, OTHER_SEMESTER_SUBJECT, inDays(3)), keeper.token);
    expect(other.status).toBe(400);
    expect((await read(other)).message).toBe(M.noSuchSubject);
    const backwards = await sendJson(
      "POST",
      "/api/exams",
      exam(classId, PHYSICS, inDays(3), "12:00", "10:00"),
      keeper.token,
    );
    expect(backwards.status).toBe(400);
    const badKind = await sendJson(
      "POST",
      "/api/exams",
      exam(classId, PHYSICS, inDays(3), "09:00", "10:00", { kind: "quiz" }),
      keeper.token,
    );
    expect(badKind.status).toBe(400);
    const riverside = await riversideClass();
    const elsewhere = await sendJson(
      "POST",
      "/api/exams",
      exam(riverside.classId, riverside.subjectId, inDays(3)),
      keeper.token,
    );
    expect(elsewhere.status).toBe(404);
    expect(
      await count("SELECT COUNT(*) AS n FROM class_exams WHERE class_id IN (?, ?)", classId, riverside.classId),
    ).toBe(0);
  });

  it("two keepers adding the same sitting at once write one exam and one audit line", async () => {
    const { id: classId, curator: keeper } = await newClass();
    const second = await curator();
    const body = exam(classId, MATHS, inDays(20));
    const answers = await Promise.all([
      sendJson("POST", "/api/exams", body, keeper.token),
      sendJson("POST", "/api/exams", body, second.token),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await count("SELECT COUNT(*) AS n FROM class_exams WHERE class_id = ?", classId)).toBe(1);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'exam.add' AND subject_id IN (SELECT id FROM class_exams WHERE class_id = ?)",
        classId,
      ),
    ).toBe(1);
  });
});

describe("POST /api/exams/import", () => {
  const header = "subject_code,kind,date,starts,ends,room";
  it("imports a good file in one go and updates a sitting already there", async () => {
    const { id: classId, curator: keeper } = await newClass();
    const student = await createUser();
    await choose(student, classId);
    const csv = [
      header,
      `CSE-101,End-semester,${inDays(30)},09:30,12:30,101`,
      `cse-102,end_semester,${inDays(32)},14:00,17:00,`,
    ].join("\n");
    const res = await sendJson("POST", "/api/exams/import", { classId, csv }, keeper.token);
    expect(res.status).toBe(201);
    expect((await read<{ imported: number }>(res)).data.imported).toBe(2);
    expect((await datesheet(student)).exams.map((e) => [e.subjectId, e.date])).toEqual([
      [PHYSICS, inDays(30)],
      [MATHS, inDays(32)],
    ]);
    // The same sitting at a new time: updated, not doubled.
    const again = await sendJson(
      "POST",
      "/api/exams/import",
      { classId, csv: `${header}\nCSE-101,end_semester,${inDays(30)},10:00,13:00,202` },
      keeper.token,
    );
    expect(again.status).toBe(201);
    expect(await count("SELECT COUNT(*) AS n FROM class_exams WHERE class_id = ?", classId)).toBe(2);
    expect((await datesheet(student)).exams[0]).toMatchObject({ startsMin: 600, room: "202" });
  });

  it("refuses a file with bad rows, naming each row's problem, and writes nothing", async () => {
    const { id: classId, curator: keeper } = await newClass();
    const csv = [
      header,
      `CSE-101,end_semester,${inDays(30)},09:30,12:30,101`,
      `NOPE-1,end_semester,${inDays(30)},09:30,12:30,`,
      `CSE-102,quiz,2026-13-40,9,8,`,
      `CSE-101,end_semester,${inDays(30)},09:30,12:30,101`,
      `CSE-102,viva,${inDays(-3)},10:00,09:00,`,
    ].join("\n");
    const res = await sendJson("POST", "/api/exams/import", { classId, csv }, keeper.token);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; problems: { at: string; message: string }[] };
    expect(body.message).toBe(M.importRefused(4));
    expect(body.problems).toEqual([
      { at: "Row 3", message: M.rowSubject("NOPE-1") },
      { at: "Row 4", message: M.rowKind("quiz") },
      { at: "Row 4", message: M.rowDate("2026-13-40") },
      { at: "Row 4", message: M.rowTime("9") },
      { at: "Row 4", message: M.rowTime("8") },
      { at: "Row 5", message: M.rowRepeat(2) },
      { at: "Row 6", message: M.rowPast(inDays(-3)) },
      { at: "Row 6", message: M.rowEnds },
    ]);
    expect(await count("SELECT COUNT(*) AS n FROM class_exams WHERE class_id = ?", classId)).toBe(0);
    const noHeader = await sendJson(
      "POST",
      "/api/exams/import",
      { classId, csv: `CSE-101,end_semester,${inDays(30)},09:30,12:30,1` },
      keeper.token,
    );
    expect(noHeader.status).toBe(400);
    expect((await read(noHeader)).message).toBe(M.importHeader);
    const student = await createUser();
    expect((await sendJson("POST", "/api/exams/import", { classId, csv }, student.token)).status).toBe(403);
  });
});

describe("a student's datesheet: electives, backlogs and clashes", () => {
  it("adds a backlog subject whose exam in another class overlaps the class's: both are flagged; a shared sitting counts once", async () => {
    const keeper = await curator();
    const { id: classId } = await newClass(keeper);
    const { id: sectionB } = await newClass(keeper);
    const laterClass = await semesterTwoClass(keeper);
    const student = await createUser();
    await choose(student, classId);
    const day = inDays(14);
    const physics = await addExam(exam(classId, PHYSICS, day, "09:30", "12:30"), keeper.token);
    // Section B sits the same Physics paper: the student's own class's is the one shown.
    await addExam(exam(sectionB, PHYSICS, day, "09:30", "12:30"), keeper.token);
    // Section B's Maths is not the student's.
    await addExam(exam(sectionB, MATHS, inDays(15)), keeper.token);
    const backlogExam = await addExam(exam(laterClass, OTHER_SEMESTER_SUBJECT, day, "11:00", "13:00"), keeper.token);

    expect((await datesheet(student)).exams.map((e) => e.id)).toEqual([physics]);
    const added = await sendJson(
      "PUT",
      `/api/exams/subjects/${OTHER_SEMESTER_SUBJECT}`,
      { reason: "backlog" },
      student.token,
    );
    expect(added.status).toBe(200);
    expect((await read(added)).message).toBe(M.subjectAdded("Applied Mathematics 2", "backlog"));

    const sheet = await datesheet(student);
    expect(sheet.exams.map((e) => [e.id, e.source])).toEqual([
      [physics, "class"],
      [backlogExam, "backlog"],
    ]);
    expect(sheet.clashes).toEqual({ [physics]: [backlogExam], [backlogExam]: [physics] });
    expect(sheet.subjects).toEqual([expect.objectContaining({ subjectId: OTHER_SEMESTER_SUBJECT, reason: "backlog" })]);

    // Today shows the clash; the page says so.
    const dashboard = await (await call("/dashboard", { headers: { Cookie: student.cookie } })).text();
    expect(dashboard).toContain("Clashes with Applied Mathematics 2");
    const page = await (await call("/exams", { headers: { Cookie: student.cookie } })).text();
    expect(page).toContain("An exam clash");

    // A change to the backlog's exam tells the student too.
    await sendJson(
      "PATCH",
      `/api/exams/${backlogExam}`,
      { ...exam(laterClass, OTHER_SEMESTER_SUBJECT, day, "14:00", "16:00"), classId: undefined },
      keeper.token,
    );
    expect((await datesheet(student)).clashes).toEqual({});
    const inbox = await read<{ notices: { text: string }[] }>(await get("/api/notifications", student.token));
    expect(inbox.data.notices[0]!.text).toMatch(/^Exam changed: End-semester · Applied Mathematics 2 · 14:00–16:00/);

    expect(
      (await sendJson("DELETE", `/api/exams/subjects/${OTHER_SEMESTER_SUBJECT}`, undefined, student.token)).status,
    ).toBe(200);
    expect((await datesheet(student)).exams.map((e) => e.id)).toEqual([physics]);
    expect(
      (await sendJson("DELETE", `/api/exams/subjects/${OTHER_SEMESTER_SUBJECT}`, undefined, student.token)).status,
    ).toBe(404);
  });

  it("refuses a subject of another college, a reason that is neither, and reads no one else's datesheet", async () => {
    const student = await createUser();
    const riverside = await riversideClass();
    expect(
      (await sendJson("PUT", `/api/exams/subjects/${riverside.subjectId}`, { reason: "backlog" }, student.token))
        .status,
    ).toBe(404);
    const bad = await sendJson("PUT", `/api/exams/subjects/${MATHS}`, { reason: "hobby" }, student.token);
    expect(bad.status).toBe(400);
    expect(await count("SELECT COUNT(*) AS n FROM exam_subjects WHERE user_id = ?", student.userId)).toBe(0);
    expect((await get("/api/exams")).status).toBe(401);

    const other = await createUser();
    await sendJson("PUT", `/api/exams/subjects/${MATHS}`, { reason: "elective" }, other.token);
    expect((await datesheet(student)).subjects).toEqual([]);
  });
});
