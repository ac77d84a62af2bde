// The notes screens are drawn from the college's academics tree (docs/decisions/0121-notes-routes.md):
// the programmes, branches and semesters a college has, and only those; one set of route modules for
// B.Tech's short addresses and every other programme's; a visitor's pages kept at the edge
// (decision 0093) until the college writes to its tree or library.
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { cacheablePage } from "#app/sw/offline-pages.ts";
import { bearer, call, createUser, type TestUser } from "#test/helpers.ts";
import { sendJson } from "#test/hostel-helpers.ts";
import { makeSubject, uploadPdf } from "#test/library-helpers.ts";
import { captureRequestLogs } from "#test/query-budget-helpers.ts";
import { grant } from "#test/staff-helpers.ts";

const logs = captureRequestLogs();
afterAll(() => logs.stop());

const HEADER = "programme,branch,semester,subject_code,subject_name,unit_number,unit_title";

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

/** The semester tiles' links of a branch page, in order. */
async function tiles(res: Response, branchPath: string): Promise<string[]> {
  const html = await res.text();
  const nav = /<nav aria-label="Semesters">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
  const escaped = branchPath.replace(/[/.?]/g, "\\$&");
  return [...nav.matchAll(new RegExp(`href="(${escaped}/\\d+)"`, "g"))].map((match) => match[1]!);
}

function importCsv(admin: TestUser, rows: string[]): Promise<Response> {
  return call("/api/admin/campus/academics/import", {
    method: "POST",
    headers: { "Content-Type": "text/csv", ...bearer(admin.token) },
    body: `${HEADER}\n${rows.join("\n")}\n`,
  });
}

/** A college of its own with its admin and a member; nothing in its academics tree yet. */
async function college(): Promise<{ id: string; admin: TestUser; member: TestUser }> {
  const id = `n${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO campuses (id, name, short_name, created_at) VALUES (?1, ?2, 'NTS', ?3)").bind(
      id,
      `Notes College ${id}`,
      Date.now(),
    ),
    env.DB.prepare("INSERT INTO campus_domains (domain, campus_id) VALUES (?1, ?2)").bind(`${id}.test`, id),
  ]);
  const [admin, member] = await Promise.all([
    createUser({ email: `admin-${crypto.randomUUID().slice(0, 6)}@${id}.test` }),
    createUser({ email: `member-${crypto.randomUUID().slice(0, 6)}@${id}.test` }),
  ]);
  await grant(admin, "admin", null, id);
  return { id, admin, member };
}

const as = (user: TestUser) => ({ headers: { Cookie: user.cookie } });

describe("the notes screens draw the college's academics tree", () => {
  it("a semester the admin imports is a tile, counted on the branch page, and its page opens", async () => {
    const { admin, member } = await college();
    const rows = [1, 2, 3, 4, 5, 6, 7].map((n) => `B.Tech,CSE,${n},CS-${n}01,Subject ${n},1,Unit one`);
    expect((await importCsv(admin, rows)).status).toBe(200);

    const branch = await call("/btech/cse", as(member));
    expect(branch.status).toBe(200);
    expect(await tiles(branch.clone(), "/btech/cse")).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `/btech/cse/${n}`));
    expect(await text(branch)).toContain("Choose one of the 7 semesters above.");
    const seventh = await call("/btech/cse/7", as(member));
    expect(seventh.status).toBe(200);
    const page = await text(seventh);
    expect(page).toContain("CSE - 7th Semester");
    expect(page).toContain("Subject 7");
    // A number the college does not have is no page.
    expect((await call("/btech/cse/8", as(member))).status).toBe(404);
  });

  it("lists only the programmes and branches the college has; another's address is a 404", async () => {
    const { admin, member } = await college();
    expect((await importCsv(admin, ["B.Tech,ME,1,ME-101,Thermodynamics,1,Laws"])).status).toBe(200);
    const notes = await text(await call("/notes", as(member)));
    expect(notes).toMatch(/B\.Tech Bachelor of Technology 1 branch/);
    for (const name of ["MBA", "BA-LLB", "BBA", "BCA"]) expect(notes).not.toContain(name);
    expect(notes).not.toContain("Coming soon");
    const btech = await text(await call("/notes/btech", as(member)));
    expect(btech).toMatch(/ME 1 semester/);
    for (const name of ["CSE", "IT", "ECE"]) expect(btech).not.toContain(` ${name} `);
    for (const path of ["/notes/mba", "/btech/cse", "/btech/cse/1", "/btech/it"])
      expect((await call(path, as(member))).status, path).toBe(404);
    expect((await call("/btech/me/1", as(member))).status).toBe(200);
  });

  it("says so when the college has set up no programmes yet", async () => {
    const { member } = await college();
    const res = await call("/notes", as(member));
    expect(res.status).toBe(200);
    expect(await text(res)).toContain("has not set up its programmes yet");
  });

  it("shows another programme's branches and a branch's semesters at /notes/:programme/:branch", async () => {
    const { admin, member } = await college();
    const imported = await importCsv(admin, [
      "BBA,Finance,1,FIN-101,Financial Accounting,1,Journal entries",
      "BBA,Finance,2,FIN-201,Corporate Finance,1,Capital budgeting",
      "BBA,Marketing",
    ]);
    expect(imported.status).toBe(200);
    const programme = await call("/notes/bba", as(member));
    const html = await programme.clone().text();
    expect(html).toContain('href="/notes/bba/finance"');
    expect(html).toContain('href="/notes/bba/marketing"');
    const shown = await text(programme);
    expect(shown).toMatch(/Finance 2 semesters/);
    expect(shown).toMatch(/Marketing Coming soon/);

    const finance = await call("/notes/bba/finance", as(member));
    expect(finance.status).toBe(200);
    expect(await tiles(finance.clone(), "/notes/bba/finance")).toEqual([
      "/notes/bba/finance/1",
      "/notes/bba/finance/2",
    ]);
    expect(await text(finance)).toContain("Choose one of the 2 semesters above.");
    const semester = await text(await call("/notes/bba/finance/2", as(member)));
    expect(semester).toContain("Finance - 2nd Semester");
    expect(semester).toContain("Corporate Finance");
    expect(await text(await call("/notes/bba/marketing", as(member)))).toContain("BBA Marketing notes are coming soon");
    expect((await call("/notes/bba/finance/3", as(member))).status).toBe(404);
  });

  it("keeps B.Tech's branches at their short address: /notes/btech/cse/3 redirects to /btech/cse/3", async () => {
    const res = await call("/notes/btech/cse/3?subject=Operating+Systems", { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/btech/cse/3?subject=Operating+Systems");
  });

  it("lets the service worker keep every notes page once opened", () => {
    for (const path of [
      "/notes",
      "/notes/bba",
      "/notes/bba/finance",
      "/notes/bba/finance/2",
      "/notes/bba/finance/2.data",
      "/btech/cse",
      "/btech/cse/7",
    ])
      expect(cacheablePage(path), path).toBe(true);
  });
});

describe("a visitor's notes pages at the edge", () => {
  const PAGES = ["/notes", "/notes/btech", "/btech/cse", "/btech/cse/1"];

  it("a second visitor reads no D1: every notes page is a cache hit", async () => {
    for (const path of PAGES) {
      const first = await call(path);
      expect(first.status, path).toBe(200);
      const again = await call(path);
      expect(again.status, path).toBe(200);
      expect(logs.cacheOf(again), path).toEqual({ notes: "hit" });
      expect(logs.usageOf(again).queries, path).toBe(0);
      expect(await again.text(), path).toContain(path === "/notes" ? "Bachelor of Technology" : "CSE");
    }
  });

  it("a signed-in reader never uses it, and reads a semester page in one query besides the session", async () => {
    const student = await createUser();
    await call("/btech/cse/1");
    for (let i = 0; i < 2; i += 1) {
      const res = await call("/btech/cse/1", as(student));
      expect(res.status).toBe(200);
      expect(logs.cacheOf(res)).toBeNull();
      expect(logs.usageOf(res).queries).toBe(2);
    }
  });

  it("an admin's import is in the next visitor's pages at once", async () => {
    const admin = await createUser();
    await grant(admin, "admin");
    await call("/btech/cse");
    expect(logs.cacheOf(await call("/btech/cse"))).toEqual({ notes: "hit" });
    expect((await importCsv(admin, ["B.Tech,CSE,7,CSE-701,Compiler Design,1,Lexical analysis"])).status).toBe(200);
    const after = await call("/btech/cse");
    expect(logs.cacheOf(after)).toEqual({ notes: "miss" });
    expect(await tiles(after, "/btech/cse")).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `/btech/cse/${n}`));
    const seventh = await call("/btech/cse/7");
    expect(seventh.status).toBe(200);
    expect(await text(seventh)).toContain("Compiler Design");
  });

  it("an approved public item is on the next visitor's semester page at once", async () => {
    const [uploader, moderator] = await Promise.all([createUser(), createUser()]);
    await grant(moderator, "moderator");
    const subject = await makeSubject();
    const path = `/notes/${subject.programme}/${subject.branch}/${subject.semester}?tab=notes`;
    const title = `Edge-cached enzymes ${crypto.randomUUID().slice(0, 6)}`;
    const id = await uploadPdf(uploader, subject, { title, public: true });
    await call(path);
    const before = await call(path);
    expect(logs.cacheOf(before)).toEqual({ notes: "hit" });
    expect(await before.text()).not.toContain(title);
    const approved = await sendJson(
      "POST",
      `/api/library/items/${id}/review`,
      { decision: "approve" },
      moderator.token,
    );
    expect(approved.status).toBe(200);
    const after = await call(path);
    expect(logs.cacheOf(after)).toEqual({ notes: "miss" });
    expect(await after.text()).toContain(title);
  });
});
