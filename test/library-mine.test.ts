// A contributor's own uploads with where each stands, and the search page's semester and subject
// filters with a semester's past papers on one screen (docs/decisions/0134-library-my-uploads.md).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { LibraryListItem } from "#common/library-find.ts";
import type { MyUpload } from "#server/services/library/mine.ts";
import { bearer, call, createUser } from "#test/helpers.ts";
import { freshCollege, insertItem } from "#test/library-find-helpers.ts";

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

/** An item as the contributors' side leaves it: uploaded by `uploader`, reviewed or read as given. */
async function upload(
  uploader: string,
  spec: Parameters<typeof insertItem>[0] & { note?: string; indexState?: "pending" | "failed"; indexError?: string },
): Promise<string> {
  const id = await insertItem(spec);
  await env.DB.prepare(
    `UPDATE library_items SET uploader_id = ?2, review_note = ?3, index_state = COALESCE(?4, index_state),
       index_error = ?5 WHERE id = ?1`,
  )
    .bind(id, uploader, spec.note ?? null, spec.indexState ?? null, spec.indexError ?? null)
    .run();
  return id;
}

describe("My uploads", () => {
  it("GET /api/library/mine lists the caller's uploads, newest first, each with its review and its reading", async () => {
    const student = await createUser();
    const other = await createUser();
    const t0 = Date.now() - 60_000;
    const waiting = await upload(student.userId, { title: "Waiting notes", status: "pending", createdAt: t0 + 4 });
    const approved = await upload(student.userId, { title: "Approved notes", createdAt: t0 + 3 });
    const refused = await upload(student.userId, {
      title: "Refused paper",
      kind: "past_paper",
      status: "rejected",
      note: "It is the 2019 paper, not 2023.",
      createdAt: t0 + 2,
    });
    const unread = await upload(student.userId, {
      title: "Unreadable scan",
      indexState: "failed",
      indexError: "it is protected by a password.",
      createdAt: t0 + 1,
    });
    const book = await upload(student.userId, { title: "A book", kind: "book", createdAt: t0 });
    await upload(other.userId, { title: "Someone else's" });

    const res = await call("/api/library/mine", { headers: bearer(student.token) });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    const { data } = (await res.json()) as { data: MyUpload[] };
    expect(data.map((u) => u.id)).toEqual([waiting, approved, refused, unread, book]);
    const byId = new Map(data.map((u) => [u.id, u]));
    expect(byId.get(waiting)).toMatchObject({ status: "pending", reason: null, indexState: "ready" });
    expect(byId.get(approved)).toMatchObject({ status: "approved", reason: null, indexError: null });
    expect(byId.get(refused)).toMatchObject({ status: "rejected", reason: "It is the 2019 paper, not 2023." });
    expect(byId.get(unread)).toMatchObject({
      indexState: "failed",
      indexError: "Could not read this PDF: it is protected by a password.",
    });
    // A book has no file to read.
    expect(byId.get(book)).toMatchObject({ indexState: null, indexError: null });
  });

  it("asks a visitor to sign in, and the page lists the same with its reasons", async () => {
    expect((await call("/api/library/mine")).status).toBe(401);
    const visitor = await call("/library/mine", { redirect: "manual" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login/);

    const student = await createUser();
    await upload(student.userId, { title: "Refused notes", status: "rejected", note: "Blurry: retake the photos." });
    await upload(student.userId, { title: "Fresh notes", status: "pending" });
    const page = await text(await call("/library/mine", { headers: { Cookie: student.cookie } }));
    expect(page).toContain("2 uploads");
    expect(page).toContain("Refused notes");
    expect(page).toContain("Not approved");
    expect(page).toContain("Why: Blurry: retake the photos.");
    expect(page).toContain("Fresh notes");
    expect(page).toContain("Waiting for a moderator");

    const empty = await createUser();
    expect(await text(await call("/library/mine", { headers: { Cookie: empty.cookie } }))).toContain(
      "You have not added anything yet.",
    );
  });
});

/** A fresh college with a second subject in semester 1 and a semester 2 with its own subject. */
async function twoSemesters() {
  const college = await freshCollege();
  const second = `${college.id}-subject-2`;
  const later = `${college.id}-subject-s2`;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO academic_subjects (id, campus_id, semester_id, code, name, position) VALUES (?1, ?2, ?3, 'FR-2', 'Fresh Maths', 1)",
    ).bind(second, college.id, `${college.id}-s1`),
    env.DB.prepare("INSERT INTO academic_semesters (id, campus_id, branch_id, number) VALUES (?1, ?2, ?3, 2)").bind(
      `${college.id}-s2`,
      college.id,
      `${college.id}-b`,
    ),
    env.DB.prepare(
      "INSERT INTO academic_subjects (id, campus_id, semester_id, code, name) VALUES (?1, ?2, ?3, 'FR-3', 'Fresh Chemistry')",
    ).bind(later, college.id, `${college.id}-s2`),
  ]);
  const member = await createUser({ email: `student-${crypto.randomUUID().slice(0, 8)}@${college.domain}` });
  return { ...college, second, later, s1: `${college.id}-s1`, s2: `${college.id}-s2`, member };
}

describe("the search page's semester and subject filters", () => {
  it("GET /api/library/items?semester= lists that semester's items; its past papers go subject by subject, the latest year first", async () => {
    const c = await twoSemesters();
    const paper = (subject: string, year: number, helpful = 0) =>
      insertItem({ campus: c.id, subject, kind: "past_paper", year, helpful });
    const physics2022 = await paper(c.subject, 2022, 9);
    const physics2024 = await paper(c.subject, 2024);
    const maths2023 = await paper(c.second, 2023, 5);
    const chemistry = await paper(c.later, 2024, 50);
    const notes = await insertItem({ campus: c.id, subject: c.second });

    const res = await call(`/api/library/items?semester=${c.s1}&kind=past_paper`, { headers: bearer(c.member.token) });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { items: LibraryListItem[]; total: number } };
    expect(data.items.map((item) => item.id)).toEqual([physics2024, physics2022, maths2023]);
    expect(data.total).toBe(3);

    const all = (await (
      await call(`/api/library/items?semester=${c.s1}`, { headers: bearer(c.member.token) })
    ).json()) as { data: { items: LibraryListItem[] } };
    expect(all.data.items.map((item) => item.id).sort()).toEqual([physics2022, physics2024, maths2023, notes].sort());
    expect(all.data.items.map((item) => item.id)).not.toContain(chemistry);

    const bad = await call("/api/library/items?semester=not%20an%20id", { headers: bearer(c.member.token) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.semester).toBe(
      "Choose a semester by its id from the college's academics tree.",
    );
  });

  it("/library offers the college's semesters, then the chosen semester's subjects, and shows its past papers under their subjects", async () => {
    const c = await twoSemesters();
    await insertItem({
      campus: c.id,
      subject: c.subject,
      kind: "past_paper",
      year: 2024,
      title: "Physics end-sem 2024",
    });
    await insertItem({ campus: c.id, subject: c.second, kind: "past_paper", year: 2023, title: "Maths end-sem 2023" });
    const cookie = { Cookie: c.member.cookie };

    const start = await (await call("/library", { headers: cookie })).text();
    expect(start).toContain(`<option value="${c.s1}">B.Tech · CSE · Semester 1</option>`);
    expect(start).toContain(`<option value="${c.s2}">B.Tech · CSE · Semester 2</option>`);
    // No semester chosen: no subject list yet.
    expect(start).not.toContain('id="library-subject"');

    const res = await call(`/library?semester=${c.s1}&kind=past_paper`, { headers: cookie });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<option value="${c.subject}">FR-1 Fresh Physics</option>`);
    expect(html).toContain(`<option value="${c.second}">FR-2 Fresh Maths</option>`);
    expect(html).not.toContain("Fresh Chemistry</option>");
    const page = await text(new Response(html));
    expect(page).toContain("2 past papers of B.Tech · CSE · Semester 1");
    // Each subject a heading, its papers under it, in the tree's order.
    expect(html).toMatch(
      /<h3[^>]*>Fresh Physics<\/h3>[\s\S]*Physics end-sem 2024[\s\S]*<h3[^>]*>Fresh Maths<\/h3>[\s\S]*Maths end-sem 2023/,
    );
  });

  it("a semester page links to its past papers of every subject", async () => {
    const c = await twoSemesters();
    const html = await (await call("/btech/cse/1", { headers: { Cookie: c.member.cookie } })).text();
    const link = /<a[^>]*href="([^"]*)"[^>]*>Past papers of every subject<\/a>/.exec(html);
    expect(link?.[1]?.replaceAll("&amp;", "&")).toBe(`/library?semester=${c.s1}&kind=past_paper`);
  });
});
