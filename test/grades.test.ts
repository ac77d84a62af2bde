// SGPA and CGPA (docs/decisions/0133-grades.md): credits come with the academics import, the campus
// admin sets the grading scale, a student keeps their grades, private to them, and reads SGPA per
// semester and CGPA. Each test has a college of its own, so scales and imports never meet.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GRADES_MESSAGES as M } from "#common/grades.ts";
import { bearer, call, createUser, type TestUser } from "#test/helpers.ts";
import { get, read, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { grant } from "#test/staff-helpers.ts";

const SCALE = "/api/admin/campus/grading-scale";

interface Gpa {
  value: number | null;
  credits: number;
  earnedCredits: number;
  failed: number;
}
interface Grades {
  repeatRule: "latest" | "best";
  cgpa: Gpa;
  semesters: { semester: number; sgpa: Gpa; grades: { code: string; grade: string; attempt: number }[] }[];
}

const CSV = [
  "programme,branch,semester,subject_code,subject_name,credits,unit_number,unit_title",
  "B.Tech,CSE,1,MA-101,Mathematics 1,4,1,Calculus",
  "B.Tech,CSE,1,PH-101,Physics,3,1,Mechanics",
  "B.Tech,CSE,1,PH-151,Physics Lab,1.5",
  "B.Tech,CSE,1,HU-101,Yoga,0",
  "B.Tech,CSE,2,MA-201,Mathematics 2,4",
  "B.Tech,CSE,2,NC-201,Induction",
].join("\n");

interface College {
  id: string;
  admin: TestUser;
  student: TestUser;
  subject: (code: string) => string;
}

async function college(): Promise<College> {
  const id = `g${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO campuses (id, name, short_name, created_at) VALUES (?1, ?2, 'GRD', 0)").bind(
      id,
      `Grades College ${id}`,
    ),
    env.DB.prepare("INSERT INTO campus_domains (domain, campus_id) VALUES (?1, ?2)").bind(`${id}.test`, id),
  ]);
  const admin = await createUser({ name: "Scale Admin", email: `admin-${crypto.randomUUID().slice(0, 6)}@${id}.test` });
  await grant(admin, "admin", null, id);
  const imported = await call("/api/admin/campus/academics/import", {
    method: "POST",
    headers: { "Content-Type": "text/csv", ...bearer(admin.token) },
    body: CSV,
  });
  expect(imported.status, (await read(imported.clone())).message).toBe(200);
  const student = await createUser({
    name: "Meera Nair",
    email: `meera-${crypto.randomUUID().slice(0, 6)}@${id}.test`,
  });
  const { results } = await env.DB.prepare("SELECT id, code FROM academic_subjects WHERE campus_id = ?1")
    .bind(id)
    .all<{ id: string; code: string }>();
  const subject = (code: string) => results.find((r) => r.code === code)!.id;
  return { id, admin, student, subject };
}

const put = (who: TestUser, subjectId: string, body: unknown) =>
  sendJson("PUT", `/api/grades/${subjectId}`, body, who.token);
const gradesOf = async (who: TestUser) => {
  const res = await get("/api/grades", who.token);
  expect(res.status).toBe(200);
  return (await read<Grades>(res)).data;
};
const rowsOf = (userId: string) => count("SELECT COUNT(*) AS n FROM grade_entries WHERE user_id = ?", userId);

describe("credits in the academics import", () => {
  it("come with the CSV's credits column, halves allowed, and an import without the column keeps them", async () => {
    const c = await college();
    const credits = async () =>
      (
        await env.DB.prepare(
          "SELECT code, credit_halves AS h FROM academic_subjects WHERE campus_id = ?1 ORDER BY code",
        )
          .bind(c.id)
          .all<{ code: string; h: number | null }>()
      ).results;
    expect(await credits()).toEqual([
      { code: "HU-101", h: 0 },
      { code: "MA-101", h: 8 },
      { code: "MA-201", h: 8 },
      { code: "NC-201", h: null },
      { code: "PH-101", h: 6 },
      { code: "PH-151", h: 3 },
    ]);
    const tree = await read<{
      programmes: { branches: { semesters: { subjects: { code: string; credits: number | null }[] }[] }[] }[];
    }>(await get("/api/admin/campus/academics", c.admin.token));
    expect(tree.data.programmes[0]!.branches[0]!.semesters[0]!.subjects.map((s) => [s.code, s.credits])).toEqual([
      ["MA-101", 4],
      ["PH-101", 3],
      ["PH-151", 1.5],
      ["HU-101", 0],
    ]);

    // The set-up's tree shows them.
    const setup = await (await call("/admin/setup/academics", { headers: { Cookie: c.admin.cookie } })).text();
    expect(setup).toContain("(1 unit, 4 credits)");
    expect(setup).toContain("(0 units, 1.5 credits)");

    // An old file, without the column, renames and keeps the credits.
    const old = await call("/api/admin/campus/academics/import", {
      method: "POST",
      headers: { "Content-Type": "text/csv", ...bearer(c.admin.token) },
      body: "programme,branch,semester,subject_code,subject_name,unit_number,unit_title\nB.Tech,CSE,1,MA-101,Engineering Mathematics 1\n",
    });
    expect(old.status).toBe(200);
    expect((await credits()).find((r) => r.code === "MA-101")).toEqual({ code: "MA-101", h: 8 });

    // Bad credits are refused row by row, and nothing of the file is imported.
    const bad = await call("/api/admin/campus/academics/import", {
      method: "POST",
      headers: { "Content-Type": "text/csv", ...bearer(c.admin.token) },
      body: "programme,branch,semester,subject_code,subject_name,credits,unit_number,unit_title\nB.Tech,CSE,3,CS-301,Algorithms,31\nB.Tech,CSE,3,CS-302,Networks,2.25\nB.Tech,CSE,3,CS-303,Compilers,4\n",
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { problems: { at: string; message: string }[] };
    expect(body.problems).toEqual([
      { at: "Row 2, credits", message: M.creditsInvalid },
      { at: "Row 3, credits", message: M.creditsInvalid },
    ]);
    expect(
      await count("SELECT COUNT(*) AS n FROM academic_subjects WHERE campus_id = ? AND code = 'CS-303'", c.id),
    ).toBe(0);

    // JSON takes a number; the admin's PATCH changes one subject's credits.
    const json = await call("/api/admin/campus/academics/import", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...bearer(c.admin.token) },
      body: JSON.stringify({
        programmes: [
          {
            name: "B.Tech",
            branches: [
              {
                name: "CSE",
                semesters: [{ number: 2, subjects: [{ code: "NC-201", name: "Induction", credits: 0.5 }] }],
              },
            ],
          },
        ],
      }),
    });
    expect(json.status).toBe(200);
    const patch = await sendJson(
      "PATCH",
      `/api/admin/campus/academics/subjects/${c.subject("NC-201")}`,
      { credits: 2 },
      c.admin.token,
    );
    expect(patch.status).toBe(200);
    expect((await credits()).find((r) => r.code === "NC-201")).toEqual({ code: "NC-201", h: 4 });
    const refused = await sendJson(
      "PATCH",
      `/api/admin/campus/academics/subjects/${c.subject("NC-201")}`,
      { credits: 1.2 },
      c.admin.token,
    );
    expect(refused.status).toBe(400);
  });
});

describe("a student's grades, SGPA and CGPA", () => {
  it("are worked out from the credits and the scale, with a 0-credit subject and a failed one at the edges", async () => {
    const c = await college();
    expect((await gradesOf(c.student)).cgpa.value).toBeNull();
    for (const [code, grade] of [
      ["MA-101", "a+"],
      ["PH-101", "O"],
      ["PH-151", "B"],
      ["HU-101", "O"],
    ] as const) {
      const res = await put(c.student, c.subject(code), { grade });
      expect(res.status, (await read(res.clone())).message).toBe(200);
    }
    let mine = await gradesOf(c.student);
    // (4 x 9 + 3 x 10 + 1.5 x 6 + 0 x 10) / 8.5 = 75 / 8.5 = 8.8235... -> 8.82
    expect(mine.semesters).toHaveLength(1);
    expect(mine.semesters[0]!.sgpa).toEqual({ value: 8.82, credits: 8.5, earnedCredits: 8.5, failed: 0 });
    expect(mine.semesters[0]!.grades.find((g) => g.code === "MA-101")!.grade).toBe("A+");
    expect(mine.cgpa.value).toBe(8.82);

    // Semester 2: only subjects without credits so far: no SGPA, never NaN.
    expect((await put(c.student, c.subject("NC-201"), { grade: "A" })).status).toBe(200);
    mine = await gradesOf(c.student);
    expect(mine.semesters[1]).toMatchObject({ semester: 2, sgpa: { value: null, credits: 0 } });

    // A failed subject counts with 0 points: (4 x 0) / 4.
    expect((await put(c.student, c.subject("MA-201"), { grade: "F" })).status).toBe(200);
    mine = await gradesOf(c.student);
    expect(mine.semesters[1]!.sgpa).toEqual({ value: 0, credits: 4, earnedCredits: 0, failed: 1 });
    // (75 + 0) / 12.5 = 6.00
    expect(mine.cgpa).toEqual({ value: 6, credits: 12.5, earnedCredits: 8.5, failed: 1 });
  });

  it("count a repeated subject once, by its latest attempt, or its best where the college says so", async () => {
    const c = await college();
    const maths = c.subject("MA-201");
    expect((await put(c.student, maths, { grade: "F" })).status).toBe(200);
    const repeat = await put(c.student, maths, { grade: "B", semesterTaken: 3 });
    expect(repeat.status).toBe(200);
    expect((await read<{ attempt: number }>(repeat)).data.attempt).toBe(2);
    let mine = await gradesOf(c.student);
    expect(mine.semesters.map((s) => [s.semester, s.sgpa.value])).toEqual([
      [2, 0],
      [3, 6],
    ]);
    expect(mine.cgpa).toEqual({ value: 6, credits: 4, earnedCredits: 4, failed: 0 });

    // A third attempt, worse: latest counts it, best keeps the B.
    expect((await put(c.student, maths, { grade: "C", semesterTaken: 4 })).status).toBe(200);
    expect((await gradesOf(c.student)).cgpa.value).toBe(5);
    const rule = await sendJson(
      "PUT",
      SCALE,
      { scale: (await read<{ scale: unknown[] }>(await get(SCALE, c.admin.token))).data.scale, repeatRule: "best" },
      c.admin.token,
    );
    expect(rule.status, (await read(rule.clone())).message).toBe(200);
    mine = await gradesOf(c.student);
    expect(mine.repeatRule).toBe("best");
    expect(mine.cgpa.value).toBe(6);
    expect(await rowsOf(c.student.userId)).toBe(3);

    // Saving the same semester again changes that attempt; a clash with another attempt is refused.
    expect((await put(c.student, maths, { grade: "A", semesterTaken: 3 })).status).toBe(200);
    expect(await rowsOf(c.student.userId)).toBe(3);
    const clash = await put(c.student, maths, { grade: "A", semesterTaken: 3, attempt: 1 });
    expect(clash.status).toBe(409);
    expect((await read(clash)).message).toBe(M.attemptClash(3));
  });

  it("saved twice at once leave one row", async () => {
    const c = await college();
    const results = await Promise.all([
      put(c.student, c.subject("MA-101"), { grade: "A" }),
      put(c.student, c.subject("MA-101"), { grade: "B" }),
      put(c.student, c.subject("MA-101"), { grade: "O" }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await rowsOf(c.student.userId)).toBe(1);
  });

  it("refuse a letter off the scale, a subject of another college and bad input, changing nothing", async () => {
    const c = await college();
    const other = await college();
    const offScale = await put(c.student, c.subject("MA-101"), { grade: "E" });
    expect(offScale.status).toBe(400);
    expect((await read(offScale)).message).toBe(M.gradeNotOnScale(["O", "A+", "A", "B+", "B", "C", "P", "F"]));
    expect((await put(c.student, other.subject("MA-101"), { grade: "A" })).status).toBe(404);
    expect((await put(c.student, "no-such-subject", { grade: "A" })).status).toBe(404);
    for (const body of [
      {},
      { grade: 9 },
      { grade: "A", semesterTaken: 13 },
      { grade: "A", attempt: 0 },
      { grade: "ABCDE" },
    ])
      expect((await put(c.student, c.subject("MA-101"), body)).status, JSON.stringify(body)).toBe(400);
    expect(await rowsOf(c.student.userId)).toBe(0);
    expect((await call("/api/grades")).status).toBe(401);
  });
});

describe("privacy: only the student reads and writes their grades", () => {
  it("another student, and the college's staff, read none of them and remove none", async () => {
    const c = await college();
    expect((await put(c.student, c.subject("MA-101"), { grade: "A" })).status).toBe(200);
    const classmate = await createUser({ email: `ravi-${crypto.randomUUID().slice(0, 6)}@${c.id}.test` });
    expect((await gradesOf(classmate)).semesters).toEqual([]);
    // The admin (staff of the same college) reads their own grades only: there is no staff read.
    expect((await gradesOf(c.admin)).semesters).toEqual([]);
    const removal = await sendJson("DELETE", `/api/grades/${c.subject("MA-101")}`, undefined, classmate.token);
    expect(removal.status).toBe(404);
    expect(await rowsOf(c.student.userId)).toBe(1);
    // The student's own removal.
    const mine = await sendJson("DELETE", `/api/grades/${c.subject("MA-101")}`, undefined, c.student.token);
    expect(mine.status).toBe(200);
    expect(await rowsOf(c.student.userId)).toBe(0);
  });
});

describe("the grading scale", () => {
  it("is the college admin's: a student cannot read or change it, and a letter students use stays", async () => {
    const c = await college();
    const fresh = await read<{ scale: { letter: string; points: number }[]; isDefault: boolean }>(
      await get(SCALE, c.admin.token),
    );
    expect(fresh.data.isDefault).toBe(true);
    expect(fresh.data.scale[0]).toEqual({ letter: "O", points: 10 });
    expect((await get(SCALE, c.student.token)).status).toBe(403);
    const byStudent = await sendJson("PUT", SCALE, { scale: fresh.data.scale }, c.student.token);
    expect(byStudent.status).toBe(403);

    // A 4-point-like scale with a decimal, and a letter students' grades use is refused.
    expect((await put(c.student, c.subject("MA-101"), { grade: "B+" })).status).toBe(200);
    const dropsBPlus = await sendJson(
      "PUT",
      SCALE,
      {
        scale: [
          { letter: "A", points: 10 },
          { letter: "B", points: 8.5 },
          { letter: "F", points: 0 },
        ],
      },
      c.admin.token,
    );
    expect(dropsBPlus.status).toBe(409);
    expect((await read(dropsBPlus)).message).toBe(M.letterInUse(["B+"]));

    const edited = await sendJson(
      "PUT",
      SCALE,
      {
        scale: [
          { letter: "a", points: 10 },
          { letter: "B+", points: 8.5 },
          { letter: "F", points: 0 },
        ],
      },
      c.admin.token,
    );
    expect(edited.status, (await read(edited.clone())).message).toBe(200);
    expect((await read<{ scale: unknown[] }>(edited)).data.scale).toEqual([
      { letter: "A", points: 10 },
      { letter: "B+", points: 8.5 },
      { letter: "F", points: 0 },
    ]);
    // The student's SGPA follows the new points at once; O is no longer a grade.
    expect((await gradesOf(c.student)).cgpa.value).toBe(8.5);
    expect((await put(c.student, c.subject("PH-101"), { grade: "O" })).status).toBe(400);
    // Another college's scale is untouched.
    const other = await college();
    expect((await put(other.student, other.subject("MA-101"), { grade: "O" })).status).toBe(200);

    for (const body of [
      {
        scale: [
          { letter: "A", points: 11 },
          { letter: "F", points: 0 },
        ],
      },
      { scale: [{ letter: "A", points: 10 }] },
      {
        scale: [
          { letter: "A", points: 10 },
          { letter: "a", points: 9 },
        ],
      },
      {
        scale: [
          { letter: "A", points: 10 },
          { letter: "F", points: 0 },
        ],
        repeatRule: "first",
      },
      {
        scale: [
          { letter: "TOOLONG", points: 10 },
          { letter: "F", points: 0 },
        ],
      },
    ])
      expect((await sendJson("PUT", SCALE, body, c.admin.token)).status, JSON.stringify(body)).toBe(400);
    expect(
      await count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'setup.grading' AND campus_id = ?", c.id),
    ).toBe(1);
  });

  it("keeps a subject a student's grade counts under from being removed from the tree", async () => {
    const c = await college();
    expect((await put(c.student, c.subject("PH-151"), { grade: "A" })).status).toBe(200);
    const removal = await sendJson(
      "DELETE",
      `/api/admin/campus/academics/subjects/${c.subject("PH-151")}`,
      undefined,
      c.admin.token,
    );
    expect(removal.status).toBe(409);
    expect((await read(removal)).message).toMatch(/students' grades/);
  });
});

describe("the export and the deletion", () => {
  it("the student's download holds their grades, and deleting the account removes them", async () => {
    const c = await college();
    expect((await put(c.student, c.subject("MA-101"), { grade: "A" })).status).toBe(200);
    expect((await put(c.student, c.subject("MA-101"), { grade: "B", semesterTaken: 2 })).status).toBe(200);
    const res = await call("/api/auth/account/export", { headers: bearer(c.student.token) });
    expect(res.status).toBe(200);
    const data = (await res.json()) as { grades: { attempts: { code: string; grade: string; attempt: number }[] } };
    expect(data.grades.attempts.map((a) => [a.code, a.grade, a.attempt])).toEqual([
      ["MA-101", "A", 1],
      ["MA-101", "B", 2],
    ]);
    const deleted = await sendJson("DELETE", "/api/auth/account", { password: c.student.password }, c.student.token);
    expect(deleted.status).toBe(200);
    expect(await rowsOf(c.student.userId)).toBe(0);
  });
});

describe("/grades and the set-up's grading scale", () => {
  const post = (path: string, cookie: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return call(path, { method: "POST", headers: { Cookie: cookie, Origin: "http://localhost" }, body: form });
  };
  const semesterOf = async (c: College, number: number) =>
    (await env.DB.prepare("SELECT id FROM academic_semesters WHERE campus_id = ?1 AND number = ?2")
      .bind(c.id, number)
      .first<{ id: string }>())!.id;

  it("a student saves a semester's grades with the form, reads SGPA and CGPA, and works out a what-if without saving", async () => {
    const c = await college();
    const semester = await semesterOf(c, 1);
    const empty = await call(`/grades?semester=${semester}`, { headers: { Cookie: c.student.cookie } });
    expect(empty.status).toBe(200);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain("B.Tech CSE · Semester 1");
    expect(emptyHtml).toContain("MA-101 Mathematics 1 (4 credits)");
    expect(emptyHtml).toContain("PH-151 Physics Lab (1.5 credits)");

    const saved = await post("/grades", c.student.cookie, {
      intent: "save",
      semesterTaken: "1",
      [`grade.${c.subject("MA-101")}`]: "A",
      [`grade.${c.subject("PH-101")}`]: "B+",
      [`grade.${c.subject("PH-151")}`]: "",
    });
    expect(saved.status).toBe(200);
    expect(await rowsOf(c.student.userId)).toBe(2);
    // (4 x 8 + 3 x 7) / 7 = 7.571... -> 7.57
    expect((await gradesOf(c.student)).cgpa.value).toBe(7.57);

    // The what-if: Physics Lab at O, never saved: (53 + 1.5 x 10) / 8.5 = 8.00.
    const whatIf = await call(`/grades?semester=${semester}&if.${c.subject("PH-151")}=O`, {
      headers: { Cookie: c.student.cookie },
    });
    const html = await whatIf.text();
    expect(html).toContain("With these grades: semester 1 SGPA 8.00, CGPA 8.00.");
    expect(html).toContain("7.57");
    expect(await rowsOf(c.student.userId)).toBe(2);

    // A grade off the scale, by the form: refused, nothing saved.
    const refused = await post("/grades", c.student.cookie, {
      intent: "save",
      [`grade.${c.subject("PH-151")}`]: "Z",
    });
    expect(refused.status).toBe(400);
    expect(await rowsOf(c.student.userId)).toBe(2);

    // A repeat through "Add a repeat", then its removal.
    const added = await post("/grades", c.student.cookie, {
      intent: "add",
      subjectId: c.subject("MA-101"),
      semesterTaken: "2",
      grade: "O",
    });
    expect(added.status).toBe(200);
    expect(await rowsOf(c.student.userId)).toBe(3);
    const removed = await post("/grades", c.student.cookie, { intent: `remove:${c.subject("MA-101")}`, attempt: "2" });
    expect(removed.status).toBe(200);
    expect(await rowsOf(c.student.userId)).toBe(2);
    expect((await call("/grades", { redirect: "manual" })).status).toBe(302);
  });

  it("the admin edits the scale on /admin/setup/grades; a student gets the page's 403", async () => {
    const c = await college();
    const page = await call("/admin/setup/grades", { headers: { Cookie: c.admin.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("the usual 10-point scale");
    expect((await call("/admin/setup/grades", { headers: { Cookie: c.student.cookie } })).status).toBe(403);

    expect(
      (await post("/admin/setup/grades", c.admin.cookie, { intent: "add", letter: "ex", points: "9.5" })).status,
    ).toBe(200);
    expect((await post("/admin/setup/grades", c.admin.cookie, { intent: "save:B+", points: "7.25" })).status).toBe(200);
    expect((await post("/admin/setup/grades", c.admin.cookie, { intent: "remove:P" })).status).toBe(200);
    expect((await post("/admin/setup/grades", c.admin.cookie, { intent: "rule", repeatRule: "best" })).status).toBe(
      200,
    );
    expect((await post("/admin/setup/grades", c.admin.cookie, { intent: "save:B+", points: "12" })).status).toBe(400);
    expect((await post("/admin/setup/grades", c.admin.cookie, { intent: "remove:QQ" })).status).toBe(404);
    const scale = (
      await read<{ scale: { letter: string; points: number }[]; repeatRule: string }>(await get(SCALE, c.admin.token))
    ).data;
    expect(scale.repeatRule).toBe("best");
    expect(scale.scale.map((g) => `${g.letter} ${g.points}`)).toEqual([
      "O 10",
      "EX 9.5",
      "A+ 9",
      "A 8",
      "B+ 7.25",
      "B 6",
      "C 5",
      "F 0",
    ]);
  });
});
