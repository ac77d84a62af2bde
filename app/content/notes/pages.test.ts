// The notes pages as the Worker renders them: the same render that prerendering writes to
// build/client at build time.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createUser } from "#test/helpers.ts";
import { PRERENDERED_PATHS } from "#app/content/notes/catalog.ts";

function page(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`http://localhost${path}`, init));
}

/** Visible text, roughly: tags dropped, entities that the pages use decoded. */
async function text(res: Response): Promise<string> {
  const html = await res.text();
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("notes pages", () => {
  it.each([...PRERENDERED_PATHS])("%s renders", async (path) => {
    expect((await page(path)).status).toBe(200);
  });

  it.each([
    "/notes/law",
    "/notes/BTECH",
    "/btech/mech",
    "/btech/cse/0",
    "/btech/cse/7",
    "/btech/cse/abc",
    "/btech/cse/01",
  ])("%s is a 404", async (path) => {
    const res = await page(path);
    expect(res.status).toBe(404);
    expect(await text(res)).toContain("Page not found");
  });

  it("/notes links the six programmes", async () => {
    const html = await (await page("/notes")).text();
    for (const slug of ["btech", "mba", "ba-llb", "bba", "bba-llb", "bca"])
      expect(html).toContain(`href="/notes/${slug}"`);
  });

  it("/notes/btech links the three branches; a programme to come links back", async () => {
    const html = await (await page("/notes/btech")).text();
    for (const slug of ["cse", "it", "ece"]) expect(html).toContain(`href="/btech/${slug}"`);
    const mba = await (await page("/notes/mba")).text();
    expect(mba).toContain("coming soon");
    expect(mba).toContain('href="/notes"');
  });

  it("/btech/cse has six semester tiles and invites a choice", async () => {
    const res = await page("/btech/cse");
    const html = await res.text();
    for (let id = 1; id <= 6; id++) expect(html).toContain(`href="/btech/cse/${id}"`);
    expect(html).toContain("Pick a semester");
  });

  it("semester 1 opens on Applied Physics 1, Syllabus, with its units and study tips", async () => {
    const body = await text(await page("/btech/cse/1"));
    expect(body).toContain("CSE - 1st Semester");
    for (const tab of ["Syllabus", "Practical", "Notes", "Videos", "PYQs", "Books"]) expect(body).toContain(` ${tab} `);
    expect(body).toContain("Study Tips for Applied Physics 1");
    expect(body).toContain("UNIT - IV");
    expect(body).toContain("Carnot engine");
  });

  it.each([
    [2, "2nd", "Applied Mathematics 2", true],
    [3, "3rd", "Design and Analysis of Algorithms", true],
    [4, "4th", "Circuits and Systems", false],
    [6, "6th", "Advanced Java Programming", false],
  ] as const)("semester %i opens on its initial subject", async (id, ordinal, subject, tips) => {
    const body = await text(await page(`/btech/cse/${id}`));
    expect(body).toContain(`CSE - ${ordinal} Semester`);
    expect(body).toContain(`Syllabus ${subject}`);
    expect(body.includes(`Study Tips for ${subject}`)).toBe(tips);
  });

  it("semester 5 says its content is coming", async () => {
    const body = await text(await page("/btech/cse/5"));
    expect(body).toContain("CSE - 5th Semester");
    expect(body).toContain("coming soon");
  });

  it("renders the same page for a signed-in visitor: no user baked in, the top bar asks later", async () => {
    const user = await createUser();
    const html = await (await page("/btech/cse/1", { headers: { Cookie: user.cookie } })).text();
    expect(html).not.toContain(user.name);
    expect(html).not.toContain("Logout");
    expect(html).not.toContain('href="/login"');
    // Elsewhere the server still knows who is signed in.
    expect(await (await page("/dashboard", { headers: { Cookie: user.cookie } })).text()).toContain("Logout");
  });
});
