// Finding things in the library (docs/decisions/0107-library-finding.md): GET /api/library/items
// lists and searches a college's approved, visible items; visitors and other colleges see its public
// ones, named with the college.
import { describe, expect, it } from "vitest";
import { LIBRARY_PAGE_SIZE, type LibraryListItem } from "#common/library-find.ts";
import { ftsQuery, snippetParts } from "#server/services/library/find.ts";
import { bearer, call, createUser } from "#test/helpers.ts";
import { freshCollege, insertItem, MATHS, PHYSICS, physicsUnit } from "#test/library-find-helpers.ts";

interface Found {
  college: { id: string; name: string };
  member: boolean;
  items: LibraryListItem[];
  total: number;
  page: number;
  pages: number;
}

async function find(
  query: string,
  token?: string,
): Promise<{ status: number; body: { data: Found; message?: string; fields?: Record<string, string> } }> {
  const res = await call(`/api/library/items${query}`, { headers: token ? bearer(token) : {} });
  return { status: res.status, body: (await res.json()) as never };
}
const ids = (found: Found) => found.items.map((item) => item.id);

describe("GET /api/library/items: who sees what", () => {
  it("shows a member their college's approved items, never pending, rejected or hidden ones", async () => {
    const member = await createUser();
    const [open, shared, pending, rejected, hidden] = await Promise.all([
      insertItem({ title: "Private approved" }),
      insertItem({ title: "Public approved", public: true }),
      insertItem({ status: "pending", public: true }),
      insertItem({ status: "rejected", public: true }),
      insertItem({ hidden: true, public: true }),
    ]);
    const { status, body } = await find("", member.token);
    expect(status).toBe(200);
    expect(body.data.college).toMatchObject({ id: "cit", name: "Campus Institute of Technology" });
    expect(body.data.member).toBe(true);
    expect(ids(body.data)).toEqual(expect.arrayContaining([open, shared]));
    for (const never of [pending, rejected, hidden]) expect(ids(body.data)).not.toContain(never);
  });

  it("shows a visitor only the public items, each naming its college", async () => {
    const [open, shared] = await Promise.all([insertItem(), insertItem({ public: true })]);
    const { status, body } = await find("");
    expect(status).toBe(200);
    expect(body.data.member).toBe(false);
    expect(ids(body.data)).toContain(shared);
    expect(ids(body.data)).not.toContain(open);
    expect(body.data.items.find((item) => item.id === shared)!.college).toEqual({
      id: "cit",
      name: "Campus Institute of Technology",
      shortName: "CIT",
    });
  });

  it("shows an unverified account only the public items of its own college", async () => {
    const unproven = await createUser({ verified: false });
    const [open, shared] = await Promise.all([insertItem(), insertItem({ public: true })]);
    const { body } = await find("", unproven.token);
    expect(ids(body.data)).toContain(shared);
    expect(ids(body.data)).not.toContain(open);
  });

  it("keeps each college's library apart: another college's member sees only its public items, by ?college=", async () => {
    const college = await freshCollege();
    const subject = college.subject;
    const riversider = await createUser({ email: `r${Date.now()}@${college.domain}` });
    const [ritOwn, ritPublic, citOwn, citPublic] = await Promise.all([
      insertItem({ campus: college.id, subject }),
      insertItem({ campus: college.id, subject, public: true }),
      insertItem(),
      insertItem({ public: true }),
    ]);
    const own = await find("", riversider.token);
    expect(own.body.data.college.id).toBe(college.id);
    expect(ids(own.body.data).sort()).toEqual([ritOwn, ritPublic].sort());
    const other = await find("?college=cit", riversider.token);
    expect(other.body.data.member).toBe(false);
    expect(ids(other.body.data)).toContain(citPublic);
    expect(ids(other.body.data)).not.toContain(citOwn);
    expect(ids(other.body.data)).not.toContain(ritPublic);
  });

  it("answers 404 for a college that does not exist", async () => {
    const { status, body } = await find("?college=nowhere");
    expect(status).toBe(404);
    expect(body.message).toMatch(/no college/i);
  });
});

describe("GET /api/library/items: filters, order and pages", () => {
  it("filters by subject, unit, kind and year, most helpful first", async () => {
    const member = await createUser();
    const [low, high, unit2, maths, paper2023, paper2024] = await Promise.all([
      insertItem({ units: [physicsUnit(1)], helpful: 1 }),
      insertItem({ units: [physicsUnit(1)], helpful: 9 }),
      insertItem({ units: [physicsUnit(2)], helpful: 20 }),
      insertItem({ subject: MATHS }),
      insertItem({ kind: "past_paper", year: 2023, units: [physicsUnit(1)] }),
      insertItem({ kind: "past_paper", year: 2024 }),
    ]);
    const unit1Notes = await find(`?subject=${PHYSICS}&unit=${physicsUnit(1)}&kind=lecture_notes`, member.token);
    expect(ids(unit1Notes.body.data)).toEqual([high, low]);
    const subject = await find(`?subject=${PHYSICS}`, member.token);
    expect(ids(subject.body.data)).not.toContain(maths);
    expect(ids(subject.body.data)[0]).toBe(unit2);
    const papers = await find(`?kind=past_paper&year=2023`, member.token);
    expect(ids(papers.body.data)).toEqual([paper2023]);
    expect(ids(papers.body.data)).not.toContain(paper2024);
    expect(papers.body.data.items[0]).toMatchObject({
      year: 2023,
      exam: "end_semester",
      hasFile: true,
      unitIds: [physicsUnit(1)],
    });
  });

  it("pages through the results, 20 a page, with the total", async () => {
    // A college of its own, so no other test's items are counted.
    const college = await freshCollege();
    const riversider = await createUser({ email: `p${Date.now()}@${college.domain}` });
    await Promise.all(
      Array.from({ length: LIBRARY_PAGE_SIZE + 5 }, (_, i) =>
        insertItem({ campus: college.id, subject: college.subject, helpful: i }),
      ),
    );
    const first = await find("", riversider.token);
    const second = await find("?page=2", riversider.token);
    expect(first.body.data).toMatchObject({ total: 25, page: 1, pages: 2 });
    expect(first.body.data.items).toHaveLength(20);
    expect(first.body.data.items[0]!.helpfulCount).toBe(24);
    expect(second.body.data.items).toHaveLength(5);
    expect(new Set([...ids(first.body.data), ...ids(second.body.data)]).size).toBe(25);
  });

  it.each([
    ["?kind=novel", "kind", /kind must be one of/],
    ["?year=1800", "year", /year must be a whole number from 1990 to 2100/],
    ["?year=abc", "year", /year must be a whole number/],
    ["?page=0", "page", /page must be a whole number from 1/],
    ["?page=2.5", "page", /page must be a whole number/],
    ["?subject=a%20b", "subject", /subject/],
    ["?unit=%27%3B--", "unit", /unit/],
    [`?q=${"x".repeat(201)}`, "q", /at most 200 characters/],
  ])("answers 400 naming the bad parameter for %s", async (query, field, message) => {
    const { status, body } = await find(query);
    expect(status).toBe(400);
    expect(body.message).toMatch(message);
    expect(Object.keys(body.fields ?? {})).toContain(field);
  });

  it("names every bad parameter at once", async () => {
    const { status, body } = await find("?kind=x&year=1&page=-1");
    expect(status).toBe(400);
    expect(Object.keys(body.fields ?? {}).sort()).toEqual(["kind", "page", "year"]);
  });
});

describe("GET /api/library/items?q=: full-text search", () => {
  it("finds an item by a word only in the text of its PDF, with the word marked in a snippet", async () => {
    const member = await createUser();
    const word = `zeolite${Date.now().toString(36)}`;
    const id = await insertItem({
      title: "Unit 3 handout",
      body: `The lab uses a ${word} catalyst to show how adsorption changes with temperature.`,
    });
    const { status, body } = await find(`?q=${word}`, member.token);
    expect(status).toBe(200);
    expect(ids(body.data)).toEqual([id]);
    const snippet = body.data.items[0]!.snippet!;
    expect(snippet.filter((part) => part.mark).map((part) => part.text.toLowerCase())).toEqual([word]);
    expect(snippet.map((part) => part.text).join("")).toContain("catalyst");
  });

  it("matches the last word as a prefix while it is typed, and ranks a title match first", async () => {
    const member = await createUser();
    // Digits end the stem: the porter tokenizer also stems the typed prefix, and a random base-36
    // tail ending in "s" or "y" would be rewritten, so the prefix would no longer match.
    const stem = `kirch${Date.now()}`;
    const [inBody, inTitle] = await Promise.all([
      insertItem({ title: "Circuits handout", body: `${stem}off laws and nodal analysis`, helpful: 50 }),
      insertItem({ title: `${stem}off laws explained`, helpful: 0 }),
    ]);
    const typing = await find(`?q=${stem.slice(0, -2)}`, member.token);
    expect(ids(typing.body.data)).toEqual([inTitle, inBody]);
    const done = await find(`?q=${encodeURIComponent(`${stem.slice(0, -2)} `)}`, member.token);
    expect(done.body.data.items).toHaveLength(0);
  });

  it("searches by the subject's name, and keeps the search within what the reader may see", async () => {
    const [open, shared] = await Promise.all([
      insertItem({ subject: MATHS, title: "Sheet A" }),
      insertItem({ subject: MATHS, title: "Sheet B", public: true }),
    ]);
    const { body } = await find("?q=Applied%20Mathematics&kind=lecture_notes");
    expect(ids(body.data)).toContain(shared);
    expect(ids(body.data)).not.toContain(open);
  });

  it.each(['"', "NEAR(", "*", 'title:"x', "a AND OR", "-", "^", "((", "'", "NEAR(a b", "\u0001"])(
    "answers 200, never 500, to FTS syntax typed as a search: %s",
    async (q) => {
      const { status, body } = await find(`?q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expect(Array.isArray(body.data.items)).toBe(true);
    },
  );
});

describe("the FTS query made of what a person typed", () => {
  it("quotes every word, and makes the last a prefix while typing", () => {
    expect(ftsQuery("heat engine")).toBe('"heat" "engine"*');
    expect(ftsQuery("heat engine ")).toBe('"heat" "engine"');
    expect(ftsQuery('NEAR("a" b)*')).toBe('"NEAR" "a" "b"');
    expect(ftsQuery("*")).toBeNull();
    expect(ftsQuery("Ünïcode 12")).toBe('"Ünïcode" "12"*');
  });

  it("turns a snippet into plain and marked parts, never HTML", () => {
    expect(snippetParts("a \u0001heat\u0002 <b>engine</b>")).toEqual([
      { text: "a ", mark: false },
      { text: "heat", mark: true },
      { text: " <b>engine</b>", mark: false },
    ]);
    expect(snippetParts(null)).toBeNull();
  });
});
