// A campus's academics tree (docs/decisions/0105-academics-tree.md): its admin imports JSON and CSV,
// reads it back, exports it, and anyone reads it through the public door. Each test has campuses of
// its own, so imports never meet.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ACADEMICS_MESSAGES, type AcademicsTree, type ImportProblem, type ImportSummary } from "#common/academics.ts";
import { bearer, call, createUser, type TestUser } from "#test/helpers.ts";
import { get, read } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { grant } from "#test/staff-helpers.ts";
import demoAcademics from "../scripts/seed/demo-academics.json";

const ADMIN = "/api/admin/campus/academics";

async function campusWithAdmin(): Promise<{ id: string; admin: TestUser; domain: string }> {
  const id = `a${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO campuses (id, name, short_name, created_at) VALUES (?1, ?2, 'TST', 0)").bind(
      id,
      `Academics College ${id}`,
    ),
    env.DB.prepare("INSERT INTO campus_domains (domain, campus_id) VALUES (?1, ?2)").bind(`${id}.test`, id),
  ]);
  const admin = await createUser({ name: "Setup Admin", email: `admin-${crypto.randomUUID().slice(0, 6)}@${id}.test` });
  await grant(admin, "admin", null, id);
  return { id, admin, domain: `${id}.test` };
}

const unitsAt = (campusId: string) => count("SELECT COUNT(*) AS n FROM academic_units WHERE campus_id = ?", campusId);
const subjectsAt = (campusId: string) =>
  count("SELECT COUNT(*) AS n FROM academic_subjects WHERE campus_id = ?", campusId);

function importBody(body: string, type: string, token: string): Promise<Response> {
  return call(`${ADMIN}/import`, { method: "POST", headers: { "Content-Type": type, ...bearer(token) }, body });
}

interface TreeFile {
  programmes: {
    name: string;
    branches?: {
      name: string;
      semesters?: { number: number; subjects: { code: string; name: string; units: unknown[] }[] }[];
    }[];
  }[];
}

const TREE: TreeFile = {
  programmes: [
    {
      name: "B.Tech",
      branches: [
        {
          name: "CSE",
          semesters: [
            {
              number: 1,
              subjects: [
                {
                  code: "BS-105",
                  name: "Applied Physics 1",
                  units: [
                    { number: 1, title: "Thermodynamics", topics: "Laws, engines, entropy" },
                    { number: 2, title: "Waves and Oscillations" },
                  ],
                },
                { code: "ES-101", name: "Programming in C", units: [{ number: 1, title: "Basics" }] },
              ],
            },
            { number: 5, subjects: [] },
          ],
        },
        { name: "IT" },
      ],
    },
    { name: "MBA" },
  ],
};

const CSV = [
  "programme,branch,semester,subject_code,subject_name,unit_number,unit_title",
  "B.Tech,ECE,3,EC-201,Signals and Systems,1,Signals",
  'B.Tech,ECE,3,EC-201,Signals and Systems,2,"Fourier, Laplace and z"',
  "B.Tech,ECE,3,EC-203,Analog Electronics,,",
  "BCA,,,,,,",
].join("\n");

/** A tree's shape without ids, to compare two reads. */
const shape = (tree: AcademicsTree) =>
  JSON.parse(JSON.stringify(tree.programmes, (key, value: unknown) => (key === "id" ? undefined : value))) as unknown;

describe("importing and reading the tree", () => {
  it("imports JSON, then CSV merges into it, and the admin reads both back", async () => {
    const { id, admin } = await campusWithAdmin();
    const first = await importBody(JSON.stringify(TREE), "application/json", admin.token);
    const firstBody = await read<ImportSummary>(first);
    expect(first.status, firstBody.message).toBe(200);
    expect(firstBody.data).toEqual({ programmes: 2, branches: 2, semesters: 2, subjects: 2, units: 3 });

    const second = await importBody(CSV, "text/csv", admin.token);
    expect(second.status, (await read(second)).message).toBe(200);

    const res = await get(ADMIN, admin.token);
    expect(res.status).toBe(200);
    const { data } = await read<AcademicsTree>(res);
    expect(data.campusId).toBe(id);
    // Siblings are in the order of the last file that named them; a tie (MBA first in JSON's second
    // place, BCA in the CSV's) reads by slug.
    expect(data.programmes.map((p) => [p.slug, p.name])).toEqual([
      ["btech", "B.Tech"],
      ["bca", "BCA"],
      ["mba", "MBA"],
    ]);
    const btech = data.programmes[0]!;
    expect(btech.branches.map((b) => b.slug)).toEqual(["cse", "ece", "it"]);
    const cse1 = btech.branches[0]!.semesters[0]!;
    expect(cse1.subjects.map((s) => s.code)).toEqual(["BS-105", "ES-101"]);
    expect(cse1.subjects[0]!.units).toEqual([
      { id: expect.any(String), number: 1, title: "Thermodynamics", topics: "Laws, engines, entropy" },
      { id: expect.any(String), number: 2, title: "Waves and Oscillations", topics: "" },
    ]);
    expect(btech.branches[0]!.semesters[1]).toMatchObject({ number: 5, subjects: [] });
    const ece3 = btech.branches[1]!.semesters[0]!;
    expect(ece3.subjects.map((s) => [s.code, s.units.map((u) => u.title)])).toEqual([
      ["EC-201", ["Signals", "Fourier, Laplace and z"]],
      ["EC-203", []],
    ]);
  });

  it("keeps every node's id when the same file comes again, and takes its new names", async () => {
    const { admin } = await campusWithAdmin();
    await importBody(JSON.stringify(TREE), "application/json", admin.token);
    const before = (await read<AcademicsTree>(await get(ADMIN, admin.token))).data;
    const renamed = structuredClone(TREE);
    renamed.programmes[0]!.branches![0]!.semesters![0]!.subjects[0]!.name = "Applied Physics I";
    expect((await importBody(JSON.stringify(renamed), "application/json", admin.token)).status).toBe(200);
    const after = (await read<AcademicsTree>(await get(ADMIN, admin.token))).data;
    const subject = (t: AcademicsTree) => t.programmes[0]!.branches[0]!.semesters[0]!.subjects[0]!;
    expect(subject(after).id).toBe(subject(before).id);
    expect(subject(after).units.map((u) => u.id)).toEqual(subject(before).units.map((u) => u.id));
    expect(subject(after).name).toBe("Applied Physics I");
  });

  it("takes a .csv file from a multipart form", async () => {
    const { id, admin } = await campusWithAdmin();
    const form = new FormData();
    form.set("file", new File([CSV], "syllabus.csv", { type: "text/csv" }));
    const res = await call(`${ADMIN}/import`, { method: "POST", headers: bearer(admin.token), body: form });
    expect(res.status, (await read(res)).message).toBe(200);
    expect(await unitsAt(id)).toBe(2);
  });
});

describe("a bad file", () => {
  it("gets 400 with every problem by row and column, and nothing is written", async () => {
    const { id, admin } = await campusWithAdmin();
    const audit = () => count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE campus_id = ?", id);
    const bad = [
      "programme,branch,semester,subject_code,subject_name,unit_number,unit_title",
      "B.Tech,CSE,1,BS-105,Applied Physics 1,1,Thermodynamics",
      "B.Tech,CSE,nine,BS-107,Chemistry,1,Atoms",
      "B.Tech,CSE,1,BS-105,Applied Physics 1,1,Thermodynamics again",
      "B.Tech,CSE,1,BS-106,,2,Waves",
      "B.Tech,CSE,2,CS-201,Data Structures,99,Trees",
    ].join("\n");
    const res = await importBody(bad, "text/csv", admin.token);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; problems: ImportProblem[] };
    expect(body.problems).toEqual([
      { at: "Row 3, semester", message: "The semester must be a whole number from 1 to 12." },
      { at: "Row 4, unit_number", message: "Unit 1 of BS-105 is already in row 2." },
      { at: "Row 5, subject_name", message: "This unit's row needs a value here." },
      { at: "Row 6, unit_number", message: "The unit number must be a whole number from 1 to 20." },
    ]);
    expect(body.message).toContain("Row 3, semester");
    expect(await subjectsAt(id)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM academic_programmes WHERE campus_id = ?", id)).toBe(0);
    expect(await audit()).toBe(0);
  });

  it("names the missing column, bad JSON, a JSON problem's place, and another content type", async () => {
    const { id, admin } = await campusWithAdmin();
    const missing = await importBody("programme,branch,semester\nB.Tech,CSE,1\n", "text/csv", admin.token);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { problems: ImportProblem[] }).problems[0]).toEqual({
      at: "Row 1",
      message: 'The column "subject_code" is missing.',
    });
    const notJson = await importBody("{ programmes: ", "application/json", admin.token);
    expect(notJson.status).toBe(400);
    const dup = structuredClone(TREE);
    dup.programmes[0]!.branches![0]!.semesters![0]!.subjects[1]!.code = "BS-105";
    const dupRes = await importBody(JSON.stringify(dup), "application/json", admin.token);
    expect(dupRes.status).toBe(400);
    expect(((await dupRes.json()) as { problems: ImportProblem[] }).problems).toEqual([
      {
        at: "programmes[0].branches[0].semesters[0].subjects[1].code",
        message: "B.Tech CSE semester 1 has subject BS-105 twice.",
      },
    ]);
    const xml = await importBody("<tree/>", "application/xml", admin.token);
    expect(xml.status).toBe(415);
    expect(await subjectsAt(id)).toBe(0);
  });

  it("over 256 KB gets 413 before it is read", async () => {
    const { admin } = await campusWithAdmin();
    const res = await importBody("x".repeat(300 * 1024), "text/csv", admin.token);
    expect(res.status).toBe(413);
  });
});

describe("who may", () => {
  it("refuses a student (403) and a signed-out caller (401)", async () => {
    const student = await createUser({ name: "Not Admin" });
    expect((await get(ADMIN, student.token)).status).toBe(403);
    expect((await importBody(JSON.stringify(TREE), "application/json", student.token)).status).toBe(403);
    expect((await get(`${ADMIN}/export?format=csv`, student.token)).status).toBe(403);
    expect((await call(ADMIN)).status).toBe(401);
  });

  it("lets another campus's admin neither import into nor read this campus's tree", async () => {
    const here = await campusWithAdmin();
    const there = await campusWithAdmin();
    await importBody(JSON.stringify(TREE), "application/json", here.admin.token);
    const subjectsHere = await subjectsAt(here.id);

    // Their import lands at their own campus, whatever it says.
    expect((await importBody(CSV, "text/csv", there.admin.token)).status).toBe(200);
    expect(await subjectsAt(here.id)).toBe(subjectsHere);
    expect(await subjectsAt(there.id)).toBe(2);
    const theirs = (await read<AcademicsTree>(await get(ADMIN, there.admin.token))).data;
    expect(theirs.campusId).toBe(there.id);
    expect(theirs.programmes.map((p) => p.slug)).toEqual(["btech", "bca"]);
    expect(JSON.stringify(theirs)).not.toContain("BS-105");
  });

  it("writes one audit line per import, naming what came in", async () => {
    const { id, admin } = await campusWithAdmin();
    await importBody(JSON.stringify(TREE), "application/json", admin.token);
    const line = await env.DB.prepare(
      "SELECT actor_id AS actorId, action, subject_kind AS kind, subject_id AS subject, note FROM staff_audit_log WHERE campus_id = ?1",
    )
      .bind(id)
      .all<{ actorId: string; action: string; kind: string; subject: string; note: string }>();
    expect(line.results).toEqual([
      {
        actorId: admin.userId,
        action: "academics.import",
        kind: "campus",
        subject: id,
        note: "JSON: Imported 2 programmes, 2 branches, 2 semesters, 2 subjects and 3 units.",
      },
    ]);
  });
});

describe("export", () => {
  for (const format of ["csv", "json"] as const) {
    it(`as ${format} imports back into the same tree`, async () => {
      const source = await campusWithAdmin();
      await importBody(JSON.stringify(TREE), "application/json", source.admin.token);
      await importBody(CSV, "text/csv", source.admin.token);
      const res = await get(`${ADMIN}/export?format=${format}`, source.admin.token);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="academics-${source.id}.${format}"`);
      const file = await res.text();

      const copy = await campusWithAdmin();
      const imported = await importBody(file, format === "csv" ? "text/csv" : "application/json", copy.admin.token);
      expect(imported.status, (await read(imported)).message).toBe(200);
      const original = (await read<AcademicsTree>(await get(ADMIN, source.admin.token))).data;
      const again = (await read<AcademicsTree>(await get(ADMIN, copy.admin.token))).data;
      expect(shape(again)).toEqual(shape(original));
    });
  }

  it("refuses an unknown format with 400", async () => {
    const { admin } = await campusWithAdmin();
    expect((await get(`${ADMIN}/export?format=xlsx`, admin.token)).status).toBe(400);
  });
});

describe("GET /api/campuses/:id/academics", () => {
  it("answers anyone signed out with the tree, and 404 for an unknown campus", async () => {
    const { id, admin } = await campusWithAdmin();
    await importBody(JSON.stringify(TREE), "application/json", admin.token);
    const res = await call(`/api/campuses/${id}/academics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=60");
    const { data } = await read<AcademicsTree>(res);
    expect(data.programmes.map((p) => p.name)).toEqual(["B.Tech", "MBA"]);
    expect(data.programmes[0]!.branches[0]!.semesters[0]!.subjects[0]!.units[0]!.title).toBe("Thermodynamics");

    const unknown = await call("/api/campuses/no-such-campus/academics");
    expect(unknown.status).toBe(404);
    expect((await read(unknown)).message).toBe("No campus has that id.");
  });
});

describe("the demo college's tree (scripts/seed/demo-academics.json, seeded as demo-academics.sql)", () => {
  it("is the notes' programmes, CSE's semesters and their subjects, and the JSON imports into the same tree", async () => {
    const seeded = (await read<AcademicsTree>(await call("/api/campuses/cit/academics"))).data;
    expect(seeded.programmes.map((p) => p.name)).toEqual(["B.Tech", "MBA", "BA-LLB", "BBA", "BBA-LLB", "BCA"]);
    const cse = seeded.programmes[0]!.branches.find((b) => b.slug === "cse")!;
    expect(cse.semesters.map((s) => [s.number, s.subjects.length])).toEqual([
      [1, 12],
      [2, 9],
      [3, 8],
      [4, 6],
      [5, 0],
      [6, 12],
    ]);
    const physics = cse.semesters[0]!.subjects[0]!;
    expect(physics).toMatchObject({ id: "cit-btech-cse-s1-cse-101", code: "CSE-101", name: "Applied Physics 1" });
    expect(physics.units.map((u) => u.title)).toEqual([
      "Thermodynamics",
      "Waves and Oscillations",
      "Wave Optics",
      "Relativity and Lasers",
    ]);

    const { admin } = await campusWithAdmin();
    const res = await importBody(JSON.stringify(demoAcademics), "application/json", admin.token);
    expect(res.status, (await read(res)).message).toBe(200);
    const copy = (await read<AcademicsTree>(await get(ADMIN, admin.token))).data;
    expect(shape(copy)).toEqual(shape(seeded));
  });
});

describe("/admin/setup/academics", () => {
  const page = "/admin/setup/academics";
  const postFile = (cookie: string, file: File) => {
    const form = new FormData();
    form.set("file", file);
    return call(page, { method: "POST", headers: { Cookie: cookie, Origin: "http://localhost" }, body: form });
  };

  it("shows the admin their campus's tree, and anyone else a 403 saying what the page is for", async () => {
    const { admin } = await campusWithAdmin();
    await importBody(JSON.stringify(TREE), "application/json", admin.token);
    const res = await call(page, { headers: { Cookie: admin.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Applied Physics 1");
    expect(html).toContain("Waves and Oscillations");
    expect(html).toContain('href="/api/admin/campus/academics/export?format=csv"');

    const student = await createUser({ name: "Curious Student" });
    const refused = await call(page, { headers: { Cookie: student.cookie } });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("This page is for campus admins");
  });

  it("imports a file posted without JavaScript, and lists each row's problems of a bad one", async () => {
    const { id, admin } = await campusWithAdmin();
    const bad =
      "programme,branch,semester,subject_code,subject_name,unit_number,unit_title\nB.Tech,CSE,nine,X-1,X,1,U\nB.Tech,CSE,1,X-2,,1,U\n";
    const refused = await postFile(admin.cookie, new File([bad], "bad.csv", { type: "text/csv" }));
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Row 2, semester");
    expect(html).toContain("Row 3, subject_name");
    expect(await subjectsAt(id)).toBe(0);

    const wrongKind = await postFile(admin.cookie, new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(wrongKind.status).toBe(400);
    expect(await wrongKind.text()).toContain(ACADEMICS_MESSAGES.chooseFile);

    const ok = await postFile(admin.cookie, new File([CSV], "tree.csv", { type: "text/csv" }));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Imported 2 programmes");
    expect(await unitsAt(id)).toBe(2);
  });
});

describe("renaming and removing one node", () => {
  const send = (method: string, path: string, token: string, body?: unknown) =>
    call(`${ADMIN}/${path}`, {
      method,
      headers: { ...bearer(token), ...(body ? { "Content-Type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  it("renames a subject and a unit keeping their ids and codes, and audits each", async () => {
    const { id, admin } = await campusWithAdmin();
    await importBody(JSON.stringify(TREE), "application/json", admin.token);
    const tree = (await read<AcademicsTree>(await get(ADMIN, admin.token))).data;
    const subject = tree.programmes[0]!.branches[0]!.semesters[0]!.subjects[0]!;
    const renamed = await send("PATCH", `subjects/${subject.id}`, admin.token, { name: "Physics I" });
    expect(renamed.status, (await read(renamed)).message).toBe(200);
    const unit = await send("PATCH", `units/${subject.units[1]!.id}`, admin.token, { title: "Oscillations" });
    expect(unit.status).toBe(200);
    const semester = await send(
      "PATCH",
      `semesters/${tree.programmes[0]!.branches[0]!.semesters[0]!.id}`,
      admin.token,
      {
        name: "First",
      },
    );
    expect(semester.status).toBe(400);

    const after = (await read<AcademicsTree>(await get(ADMIN, admin.token))).data;
    const again = after.programmes[0]!.branches[0]!.semesters[0]!.subjects[0]!;
    expect([again.id, again.code, again.name, again.units[1]!.title]).toEqual([
      subject.id,
      "BS-105",
      "Physics I",
      "Oscillations",
    ]);
    expect(
      await count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE campus_id = ? AND action = 'academics.rename'", id),
    ).toBe(2);
  });

  it("removes a branch with everything under it, audited; another campus's admin gets 404", async () => {
    const here = await campusWithAdmin();
    const there = await campusWithAdmin();
    await importBody(JSON.stringify(TREE), "application/json", here.admin.token);
    const tree = (await read<AcademicsTree>(await get(ADMIN, here.admin.token))).data;
    const cse = tree.programmes[0]!.branches[0]!;

    expect((await send("DELETE", `branches/${cse.id}`, there.admin.token)).status).toBe(404);
    expect((await send("PATCH", `branches/${cse.id}`, there.admin.token, { name: "Taken" })).status).toBe(404);
    const student = await createUser({ name: "Not Admin Either" });
    expect((await send("DELETE", `branches/${cse.id}`, student.token)).status).toBe(403);
    expect(await unitsAt(here.id)).toBe(3);

    const removed = await send("DELETE", `branches/${cse.id}`, here.admin.token);
    expect(removed.status, (await read(removed)).message).toBe(200);
    expect(await unitsAt(here.id)).toBe(0);
    expect(await subjectsAt(here.id)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM academic_semesters WHERE campus_id = ?", here.id)).toBe(0);
    const line = await env.DB.prepare(
      "SELECT note FROM staff_audit_log WHERE campus_id = ?1 AND action = 'academics.remove'",
    )
      .bind(here.id)
      .first<{ note: string }>();
    expect(line?.note).toBe("Removed branch CSE");
    expect((await send("DELETE", `branches/${cse.id}`, here.admin.token)).status).toBe(404);
    expect((await send("DELETE", `courses/${cse.id}`, here.admin.token)).status).toBe(400);
  });
});
