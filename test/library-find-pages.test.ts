// The notes screens read the college's academics tree and library (docs/decisions/0107-library-finding.md):
// a semester page shows each unit's approved items with their counts, honest empty states, and the
// search page finds items by the words inside their PDFs.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readSemesterLibrary } from "#server/services/library/semester.ts";
import { call, createUser } from "#test/helpers.ts";
import { freshCollege, insertItem, MATHS, PHYSICS, physicsUnit } from "#test/library-find-helpers.ts";

/** Visible text, roughly: tags dropped, the entities the pages use decoded. */
async function text(res: Response): Promise<string> {
  return (await res.text())
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

const member = (campusId: string) => ({ campusId, openCommunity: false, verified: true });

describe("readSemesterLibrary", () => {
  it("reads a semester's subjects, units and items with their counts per unit and kind", async () => {
    const college = await freshCollege();
    const [a, b, paper] = await Promise.all([
      insertItem({ campus: college.id, subject: college.subject, units: [college.unit], helpful: 3 }),
      insertItem({ campus: college.id, subject: college.subject, units: [college.unit], kind: "short_notes" }),
      insertItem({
        campus: college.id,
        subject: college.subject,
        units: [college.unit],
        kind: "past_paper",
        year: 2022,
      }),
      insertItem({ campus: college.id, subject: college.subject, units: [college.unit], status: "pending" }),
      insertItem({ campus: college.id, subject: college.subject, hidden: true }),
    ]);
    const library = await readSemesterLibrary(env, member(college.id), {
      programme: "btech",
      branch: "cse",
      semester: 1,
    });
    expect(library.college?.id).toBe(college.id);
    expect(library.member).toBe(true);
    expect(library.subjects).toEqual([
      {
        id: college.subject,
        code: "FR-1",
        name: "Fresh Physics",
        units: [{ id: college.unit, number: 1, title: "Optics", topics: "lenses" }],
      },
    ]);
    expect(library.items[college.subject]!.map((item) => item.id).sort()).toEqual([a, b, paper].sort());
    expect(library.counts[college.subject]).toEqual({
      all: { lecture_notes: 1, short_notes: 1, past_paper: 1 },
      units: { [college.unit]: { lecture_notes: 1, short_notes: 1, past_paper: 1 } },
    });
  });

  it("shows a visitor of the college only its public items", async () => {
    const college = await freshCollege();
    const [, shared] = await Promise.all([
      insertItem({ campus: college.id, subject: college.subject }),
      insertItem({ campus: college.id, subject: college.subject, public: true }),
    ]);
    const library = await readSemesterLibrary(env, null, {
      programme: "btech",
      branch: "cse",
      semester: 1,
      college: college.id,
    });
    expect(library.member).toBe(false);
    expect(library.items[college.subject]!.map((item) => item.id)).toEqual([shared]);
    expect(library.counts[college.subject]!.all).toEqual({ lecture_notes: 1 });
  });

  it("says a semester the college has not set up is null, not empty", async () => {
    const college = await freshCollege();
    const library = await readSemesterLibrary(env, member(college.id), {
      programme: "btech",
      branch: "cse",
      semester: 5,
    });
    expect(library.college?.id).toBe(college.id);
    expect(library.subjects).toBeNull();
  });
});

describe("the semester page", () => {
  it("shows a member the unit's counts, its items with View and Download, and Add the first on an empty unit", async () => {
    const student = await createUser();
    const title = `Carnot cycle worked examples ${Date.now()}`;
    const id = await insertItem({ units: [physicsUnit(1)], title, helpful: 5 });
    await insertItem({ units: [physicsUnit(1)], kind: "past_paper", year: 2023 });
    const res = await call("/btech/cse/1?tab=notes", { headers: { Cookie: student.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`href="/api/library/items/${id}/file"`);
    expect(html).toContain(`href="/api/library/items/${id}/file?download=1"`);
    expect(html).toMatch(/UNIT - I: \d+ notes?, \d+ past papers?/);
    expect(html).toContain(`/library/new?subject=${PHYSICS}&amp;unit=${physicsUnit(2)}&amp;kind=lecture_notes`);
  });

  it("keeps the specification's banner, tabs, initial subject, syllabus and tips for a visitor, without Add the first", async () => {
    const res = await call("/btech/cse/1");
    expect(res.status).toBe(200);
    const page = await text(res);
    expect(page).toContain("CSE - 1st Semester");
    for (const tab of ["Syllabus", "Practical", "Notes", "Videos", "PYQs", "Books"]) expect(page).toContain(tab);
    expect(page).toContain("Applied Physics 1");
    expect(page).toContain("UNIT - I Thermodynamics:");
    expect(page).toContain("Study Tips for Applied Physics 1");
    expect(page).toContain("Campus Institute of Technology's public notes");
    expect(page).not.toContain("Add the first");
  });

  it("carries the open subject's lists only, on a library tab; the rest come from /api/library/semester-items", async () => {
    const student = await createUser();
    const physics = `Kirchhoff by lamplight ${Date.now()}`;
    const maths = `Eigenvalues before breakfast ${Date.now()}`;
    const [, mathsId] = await Promise.all([
      insertItem({ units: [physicsUnit(1)], title: physics }),
      insertItem({ subject: MATHS, title: maths, kind: "past_paper", year: 2024 }),
    ]);
    const cookie = { Cookie: student.cookie };
    // Opened on its Syllabus (Applied Physics 1), the page shows no list and carries none.
    const syllabus = await (await call("/btech/cse/1", { headers: cookie })).text();
    expect(syllabus).not.toContain(physics);
    expect(syllabus).not.toContain(maths);
    // Opened on a library tab, it carries the open subject's list: Physics's item, Maths's not anywhere.
    const first = await (await call("/btech/cse/1?tab=notes", { headers: cookie })).text();
    expect(first).toContain(physics);
    expect(first).not.toContain(maths);
    // Opened on Maths (a link's ?subject=), the page carries Maths's lists and not Physics's.
    const opened = await (await call(`/btech/cse/1?subject=${MATHS}&tab=pyqs`, { headers: cookie })).text();
    expect(opened).toContain(maths);
    expect(opened).not.toContain(physics);

    const query = `programme=btech&branch=cse&semester=1&subject=${MATHS}`;
    const res = await call(`/api/library/semester-items?${query}`, { headers: cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const body = (await res.json()) as { data: { subject: string; items: { id: string; title: string }[] } };
    expect(body.data.subject).toBe(MATHS);
    expect(body.data.items.map((item) => item.id)).toContain(mathsId);
    expect(body.data.items.map((item) => item.title)).not.toContain(physics);
    // A visitor is not shown the college's private item.
    const visitor = (await (await call(`/api/library/semester-items?${query}&college=cit`)).json()) as typeof body;
    expect(visitor.data.items.map((item) => item.id)).not.toContain(mathsId);
  });

  it("carries the open subject's unit topics only; the semester's come from /api/library/semester-syllabus", async () => {
    const student = await createUser();
    const physicsTopics = "thermodynamic system, surroundings and boundary";
    const mathsTopics = "successive differentiation, Leibnitz theorem";
    // Opened on Applied Physics 1: its topics are in the page; Maths's unit titles are, its topics not.
    const page = await (await call("/btech/cse/1", { headers: { Cookie: student.cookie } })).text();
    expect(page).toContain(physicsTopics);
    expect(page).toContain("Differential calculus");
    expect(page).not.toContain(mathsTopics);
    const opened = await (await call(`/btech/cse/1?subject=${MATHS}`)).text();
    expect(opened).toContain(mathsTopics);
    expect(opened).not.toContain(physicsTopics);

    for (const [who, headers, query] of [
      ["member", { Cookie: student.cookie }, "programme=btech&branch=cse&semester=1"],
      ["visitor", {}, "programme=btech&branch=cse&semester=1&college=cit"],
    ] as const) {
      const res = await call(`/api/library/semester-syllabus?${query}`, { headers });
      expect(res.status, who).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("private, max-age=300");
      const { data } = (await res.json()) as { data: { topics: Record<string, string> } };
      expect(data.topics[`${MATHS}-u1`]).toContain(mathsTopics);
      expect(data.topics[physicsUnit(1)]).toContain(physicsTopics);
      // Every unit of the semester's subjects, and nothing else.
      expect(Object.keys(data.topics).every((unit) => unit.startsWith("cit-btech-cse-s1-"))).toBe(true);
      expect(Object.keys(data.topics).length).toBeGreaterThanOrEqual(8);
    }
  });

  it.each([
    ["programme=btech&branch=cse", "The semester must be a whole number from 1 to 12."],
    ["programme=btech&branch=cse&semester=0", "The semester must be a whole number from 1 to 12."],
    ["programme=btech&branch=c%20se&semester=1", "Choose a branch by its address name, like cse."],
    ["programme=btech&branch=cse&semester=1&college=%3Cx%3E", "Choose a college by its id."],
  ])("/api/library/semester-syllabus?%s is a 400 that says what is wrong", async (query, message) => {
    const res = await call(`/api/library/semester-syllabus?${query}`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(message);
  });

  it("answers 404 for a semester the college does not have", async () => {
    for (const query of [
      "programme=btech&branch=cse&semester=9",
      "programme=btech&branch=zzz&semester=1",
      "programme=btech&branch=cse&semester=1&college=no-such-college",
    ]) {
      const res = await call(`/api/library/semester-syllabus?${query}`);
      expect(res.status, query).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe(
        "The college has no such semester in its academics tree.",
      );
    }
  });

  it.each([
    ["programme=btech&branch=cse&semester=1", "Choose a subject by its id from the college's academics tree."],
    [`programme=btech&branch=cse&semester=13&subject=${MATHS}`, "The semester must be a whole number from 1 to 12."],
    [`programme=BTECH!&branch=cse&semester=1&subject=${MATHS}`, "Choose a programme by its address name, like btech."],
    [`programme=btech&semester=1&subject=${MATHS}`, "Choose a branch by its address name, like cse."],
  ])("/api/library/semester-items?%s is a 400 that says what is wrong", async (query, message) => {
    const res = await call(`/api/library/semester-items?${query}`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(message);
  });

  it("answers 404 for a subject that is not in the semester the address names", async () => {
    // Maths is semester 1's: asked for under semester 2 (or another branch) it is not found there.
    for (const query of [
      `programme=btech&branch=cse&semester=2&subject=${MATHS}`,
      `programme=btech&branch=ece&semester=1&subject=${MATHS}`,
      "programme=btech&branch=cse&semester=1&subject=no-such-subject",
    ]) {
      const res = await call(`/api/library/semester-items?${query}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe(
        "That subject is not in this semester of the college's academics tree.",
      );
    }
  });

  it.each(["/btech/cse/0", "/btech/cse/7", "/btech/cse/abc", "/btech/cse/01"])("%s is a 404", async (path) => {
    expect((await call(path)).status).toBe(404);
  });

  it("says honestly that a semester is not set up", async () => {
    const page = await text(await call("/btech/cse/5"));
    expect(page).toContain("The 5th semester has not been set up yet");
  });
});

describe("the notes pages", () => {
  it("/notes shows B.Tech as set up and the programmes the college lacks as Coming soon, and a search form", async () => {
    const page = await text(await call("/notes"));
    expect(page).toMatch(/B\.Tech Bachelor of Technology 1 branch/);
    expect(page).toMatch(/MBA Master of Business Administration Coming soon/);
    const html = await (await call("/notes")).text();
    expect(html).toMatch(/<form[^>]*action="\/library"/);
  });

  it("/notes/btech marks CSE as set up and IT as coming soon", async () => {
    const page = await text(await call("/notes/btech"));
    expect(page).toMatch(/CSE Computer Science and Engineering \d+ semesters/);
    expect(page).toMatch(/IT Information Technology Coming soon/);
  });
});

describe("the search page", () => {
  it("finds an item by a word only in its PDF's text, with the snippet, without JavaScript", async () => {
    const student = await createUser();
    const word = `ferrofluid${Date.now().toString(36)}`;
    await insertItem({ title: "Magnetism handout", body: `A ${word} spike shows the field lines.` });
    const res = await call(`/library?q=${word}`, { headers: { Cookie: student.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Magnetism handout");
    expect(html).toMatch(new RegExp(`<mark[^>]*>${word}</mark>`, "i"));
  });

  it("names a bad filter on the page instead of failing", async () => {
    const res = await call("/library?year=1800&kind=novel");
    expect(res.status).toBe(200);
    const page = await text(res);
    expect(page).toContain("The year must be a whole number from 1990 to 2100.");
    expect(page).toContain("The kind must be one of");
  });
});

// The checks of the old prerendered notes pages (app/content/notes/pages.test.ts), now against pages
// that read D1.
describe("the notes pages as before", () => {
  const NOTES_PATHS = [
    "/notes",
    ...["btech", "mba", "ba-llb", "bba", "bba-llb", "bca"].map((slug) => `/notes/${slug}`),
    "/btech/cse",
    "/btech/it",
    "/btech/ece",
    ...[1, 2, 3, 4, 5, 6].map((id) => `/btech/cse/${id}`),
    "/library",
    "/library/saved",
  ];
  it.each(NOTES_PATHS)("%s renders", async (path) => {
    expect((await call(path)).status).toBe(200);
  });

  it.each(["/notes/law", "/notes/BTECH", "/btech/mech"])("%s is a 404", async (path) => {
    const res = await call(path);
    expect(res.status).toBe(404);
    expect(await text(res)).toContain("Page not found");
  });

  it("/notes links the six programmes; /notes/btech the three branches; a programme not set up links back", async () => {
    const notes = await (await call("/notes")).text();
    for (const slug of ["btech", "mba", "ba-llb", "bba", "bba-llb", "bca"])
      expect(notes).toContain(`href="/notes/${slug}"`);
    const btech = await (await call("/notes/btech")).text();
    for (const slug of ["cse", "it", "ece"]) expect(btech).toContain(`href="/btech/${slug}"`);
    const mba = await (await call("/notes/mba")).text();
    expect(mba).toContain("coming soon");
    expect(mba).toContain('href="/notes"');
  });

  it("/btech/cse has six semester tiles and invites a choice", async () => {
    const html = await (await call("/btech/cse")).text();
    for (let id = 1; id <= 6; id++) expect(html).toContain(`href="/btech/cse/${id}"`);
    expect(html).toContain("Pick a semester");
  });

  it.each([
    [2, "2nd", "Applied Mathematics 2", true],
    [3, "3rd", "Design and Analysis of Algorithms", true],
    [4, "4th", "Circuits and Systems", false],
    [6, "6th", "Advanced Java Programming", false],
  ] as const)("semester %i opens on its initial subject", async (id, ordinal, subject, tips) => {
    const body = await text(await call(`/btech/cse/${id}`));
    expect(body).toContain(`CSE - ${ordinal} Semester`);
    expect(body).toContain(`Syllabus ${subject}`);
    expect(body.includes(`Study Tips for ${subject}`)).toBe(tips);
  });

  it("opens the subject and tab a link names", async () => {
    const body = await text(await call(`/btech/cse/3?subject=${encodeURIComponent("Operating Systems")}&tab=pyqs`));
    expect(body).toContain("PYQs Operating Systems");
    expect(body).toContain("No past papers for Operating Systems yet.");
  });

  it("knows who is signed in: the top bar from the first byte", async () => {
    const user = await createUser();
    const html = await (await call("/btech/cse/1", { headers: { Cookie: user.cookie } })).text();
    expect(html).toContain("Logout");
  });
});
