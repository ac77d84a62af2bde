import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { call, createUser, postJson, unique } from "#test/helpers.ts";
import { sendJson } from "#test/hostel-helpers.ts";
import { grant } from "#test/staff-helpers.ts";
import { CANVAS_JPEG, CANVAS_WEBP } from "#test/image-fixtures.ts";
import {
  asUser,
  holdIndexing,
  makePdf,
  makePdfWithBrokenPage,
  makeSubject,
  untilIndexed,
  upload,
  uploadPdf,
} from "#test/library-helpers.ts";

// Adding to the library: checks by content, size and count, the subject and units of the member's
// college, past papers, duplicates, books and videos, the text kept for search, and the trust rules.

const MB = 1024 * 1024;

// The Worker's warnings are watched (and still written) in every test of this file.
let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn");
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The JSON lines the Worker logged as warnings since the test began. */
function warnings(): Record<string, unknown>[] {
  return warn.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
}

async function json(res: Response) {
  return (await res.json()) as {
    success: boolean;
    message: string;
    data: Record<string, unknown>;
    fields?: Record<string, string>;
    existing?: { id: string; link: string };
  };
}

describe("POST /api/library/items", () => {
  it("takes a PDF, keeps it pending, stores its text for search and the file under a key without names", async () => {
    const student = await createUser({ name: "Asha Verma" });
    const subject = await makeSubject();
    const res = await upload(student, {
      subjectId: subject.subjectId,
      unitIds: subject.unitIds,
      title: "Photosynthesis notes",
      files: [{ bytes: await makePdf("Photosynthesis converts light in chloroplasts"), name: "Asha's notes.pdf" }],
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.data).toMatchObject({ status: "pending", kind: "lecture_notes", filePages: 1, indexState: "pending" });
    const id = body.data.id as string;
    // The text is read by the library indexer, after the answer (docs/decisions/0117).
    expect(await untilIndexed(id)).toBe("ready");
    const row = await env.DB.prepare(
      "SELECT file_key, file_source, file_sha256, status FROM library_items WHERE id = ?1",
    )
      .bind(id)
      .first<{ file_key: string; file_source: string; file_sha256: string; status: string }>();
    expect(row!.file_key).toMatch(/^library\/[0-9a-f-]{36}$/);
    expect(row!.file_source).toBe("pdf");
    expect(await env.FILES.head(row!.file_key)).not.toBeNull();
    // A word only the PDF's text holds: the title and the subject are searched too.
    const found = await env.DB.prepare(
      "SELECT item_id FROM library_search WHERE library_search MATCH 'chloroplasts' AND item_id = ?1",
    )
      .bind(id)
      .all();
    expect(found.results).toHaveLength(1);
    const units = await env.DB.prepare("SELECT COUNT(*) AS n FROM library_item_units WHERE item_id = ?1")
      .bind(id)
      .first<{ n: number }>();
    expect(units!.n).toBe(2);
  });

  it("refuses a file that is not a PDF though its name says so, by its content", async () => {
    const student = await createUser();
    const subject = await makeSubject();
    const res = await upload(student, {
      subjectId: subject.subjectId,
      files: [
        {
          bytes: new TextEncoder().encode("<html><script>alert(1)</script>"),
          name: "notes.pdf",
          type: "application/pdf",
        },
      ],
    });
    expect(res.status).toBe(415);
    expect((await json(res)).message).toMatch(/not a PDF/);
  });

  it("refuses a PDF-looking file pdf.js cannot read", async () => {
    const student = await createUser();
    const subject = await makeSubject();
    const res = await upload(student, {
      subjectId: subject.subjectId,
      files: [{ bytes: new TextEncoder().encode("%PDF-1.4 this is not really a pdf"), name: "a.pdf" }],
    });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(/could not be read/);
    // Refused by its structure (no page in it), before pdf.js is ever asked (docs/decisions/0117).
    expect(warnings()).toEqual([
      expect.objectContaining({
        level: "warn",
        msg: "library: an uploaded PDF was refused by its structure",
        over: "no-pages",
      }),
    ]);
  });

  it("takes a PDF with a page pdf.js cannot read, found by the words of its other pages, and logs why", async () => {
    const [student, moderator, reader] = await Promise.all([createUser(), createUser(), createUser()]);
    await grant(moderator, "moderator");
    const subject = await makeSubject();
    const word = `mitochondria${Date.now().toString(36)}`;
    // The indexer's work is done here, in this test's isolate, so that its log lines can be read.
    const held = holdIndexing();
    const res = await upload(student, {
      subjectId: subject.subjectId,
      title: "Cell biology notes",
      files: [{ bytes: await makePdfWithBrokenPage(`Cells get energy from ${word}`), name: "cells.pdf" }],
    });
    expect(res.status).toBe(201);
    const { data } = await json(res);
    expect(data.filePages).toBe(2);
    expect(await held.indexHere()).toEqual([{ state: "ready", pages: 2, textChars: expect.any(Number) }]);
    expect(warnings()).toEqual([
      expect.objectContaining({
        msg: "library: pdf.js could not read the text of some pages of an uploaded PDF",
        pages: 2,
        unread: 1,
        first: { page: 2, reason: expect.any(String) },
      }),
    ]);
    const review = await sendJson(
      "POST",
      `/api/library/items/${String(data.id)}/review`,
      { decision: "approve" },
      moderator.token,
    );
    expect(review.status).toBe(200);
    const search = await call(`/api/library/items?q=${word}`, asUser(reader));
    const { data: found } = (await search.json()) as { data: { items: { id: string }[] } };
    expect(found.items.map((item) => item.id)).toEqual([data.id]);
  });

  it("refuses more than 25 MB together, and more photos than allowed", async () => {
    const student = await createUser();
    const subject = await makeSubject();
    const half = new Uint8Array(13 * MB);
    half.set(CANVAS_JPEG);
    const big = await upload(student, {
      subjectId: subject.subjectId,
      files: [
        { bytes: half, name: "1.jpg" },
        { bytes: half.slice(), name: "2.jpg" },
      ],
    });
    expect(big.status).toBe(413);
    expect((await json(big)).message).toMatch(/25 MB/);
    const many = await upload(student, {
      subjectId: subject.subjectId,
      files: Array.from({ length: 31 }, (_, i) => ({ bytes: CANVAS_JPEG, name: `${i}.jpg` })),
    });
    expect(many.status).toBe(400);
    expect((await json(many)).message).toMatch(/at most 30 photos/);
  });

  it("combines photos into one PDF, and answers WebP with a clear 415", async () => {
    const student = await createUser();
    const subject = await makeSubject();
    const res = await upload(student, {
      subjectId: subject.subjectId,
      kind: "short_notes",
      files: [
        { bytes: CANVAS_JPEG, name: "page1.jpg" },
        { bytes: CANVAS_JPEG, name: "page2.jpg" },
      ],
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.data.filePages).toBe(2);
    // The indexer puts the photos together, after the answer (docs/decisions/0117).
    expect(await untilIndexed(String(body.data.id))).toBe("ready");
    const row = await env.DB.prepare("SELECT file_key, file_source FROM library_items WHERE id = ?1")
      .bind(body.data.id)
      .first<{ file_key: string; file_source: string }>();
    expect(row!.file_source).toBe("photos");
    const stored = new Uint8Array(await (await env.FILES.get(row!.file_key))!.arrayBuffer());
    expect(new TextDecoder().decode(stored.slice(0, 5))).toBe("%PDF-");
    const webp = await upload(student, {
      subjectId: subject.subjectId,
      files: [{ bytes: CANVAS_WEBP, name: "p.webp" }],
    });
    expect(webp.status).toBe(415);
    expect((await json(webp)).message).toMatch(/WebP/);
  });

  it("refuses an unknown subject, another college's subject, and units of another subject", async () => {
    const student = await createUser();
    const own = await makeSubject();
    const other = await makeSubject("rce");
    const pdf = await makePdf();
    for (const subjectId of ["nope", other.subjectId]) {
      const res = await upload(student, { subjectId, files: [{ bytes: pdf, name: "a.pdf" }] });
      expect(res.status).toBe(400);
      expect((await json(res)).message).toBe("Choose a subject of your college.");
    }
    const res = await upload(student, {
      subjectId: own.subjectId,
      unitIds: other.unitIds,
      files: [{ bytes: pdf, name: "a.pdf" }],
    });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(/units of that subject/);
    expect(
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM library_items WHERE uploader_id = ?1")
        .bind(student.userId)
        .first<{ n: number }>())!.n,
    ).toBe(0);
  });

  it("needs a past paper's year and exam, reporting every missing field", async () => {
    const student = await createUser();
    const subject = await makeSubject();
    const res = await upload(student, {
      subjectId: subject.subjectId,
      kind: "past_paper",
      files: [{ bytes: await makePdf(), name: "p.pdf" }],
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.fields).toMatchObject({ year: expect.stringMatching(/year/), exam: expect.stringMatching(/exam/) });
    const ok = await upload(student, {
      subjectId: subject.subjectId,
      kind: "past_paper",
      year: "2024",
      exam: "end_semester",
      files: [{ bytes: await makePdf(), name: "p.pdf" }],
    });
    expect(ok.status).toBe(201);
  });

  it("refuses the same bytes twice in one college with a link to the first, writing nothing", async () => {
    const student = await createUser();
    const other = await createUser();
    const subject = await makeSubject();
    const pdf = await makePdf();
    const first = await upload(student, { subjectId: subject.subjectId, files: [{ bytes: pdf, name: "a.pdf" }] });
    const firstId = (await json(first)).data.id as string;
    const before = await env.FILES.list({ prefix: "library/" });
    const again = await upload(other, {
      subjectId: subject.subjectId,
      title: "Other",
      files: [{ bytes: pdf, name: "b.pdf" }],
    });
    expect(again.status).toBe(409);
    const body = await json(again);
    expect(body.message).toMatch(/already in your college's library/);
    // The first is still waiting for review, which this member may not read: its id is not told.
    expect(body.existing).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain(firstId);
    expect((await env.FILES.list({ prefix: "library/" })).objects.length).toBe(before.objects.length);
    // Another college may have the same file.
    const rce = await createUser({ email: `${unique("r")}@riverside.test` });
    const rceSubject = await makeSubject("rce");
    expect(
      (await upload(rce, { subjectId: rceSubject.subjectId, files: [{ bytes: pdf, name: "a.pdf" }] })).status,
    ).toBe(201);
  });

  it("links the duplicate's first copy only for an uploader who may read it", async () => {
    const [student, other, moderator] = await Promise.all([createUser(), createUser(), createUser()]);
    await grant(moderator, "moderator");
    const subject = await makeSubject();
    const pdf = await makePdf(`duplicate ${unique("w")}`);
    const again = (user: typeof student) =>
      upload(user, { subjectId: subject.subjectId, files: [{ bytes: pdf, name: "again.pdf" }] });
    const firstId = (
      await json(await upload(student, { subjectId: subject.subjectId, files: [{ bytes: pdf, name: "a.pdf" }] }))
    ).data.id as string;
    // Its uploader may read it while it waits: linked.
    expect((await json(await again(student))).existing).toEqual({ id: firstId, link: `/library/${firstId}` });
    expect((await json(await again(other))).existing).toBeUndefined();
    // Once read and approved, every member of the college may: linked.
    await untilIndexed(firstId);
    expect(
      (await sendJson("POST", `/api/library/items/${firstId}/review`, { decision: "approve" }, moderator.token)).status,
    ).toBe(200);
    expect((await json(await again(other))).existing).toEqual({ id: firstId, link: `/library/${firstId}` });
  });

  it("adds books and videos as JSON without a file; a video only on the allowed hosts", async () => {
    const student = await createUser();
    const subject = await makeSubject();
    const headers = { Authorization: `Bearer ${student.token}` };
    const book = await postJson(
      "/api/library/items",
      {
        kind: "book",
        title: "Campbell Biology",
        subjectId: subject.subjectId,
        author: "Urry",
        edition: "12th",
        isbn: "978-0-13-518874-3",
        shelf: "B-12",
      },
      headers,
    );
    expect(book.status).toBe(201);
    const video = { kind: "video", title: "Cell lecture", subjectId: subject.subjectId };
    expect(
      (await postJson("/api/library/items", { ...video, url: "https://evil.example/watch" }, headers)).status,
    ).toBe(400);
    expect(
      (await postJson("/api/library/items", { ...video, url: "http://www.youtube.com/watch?v=x" }, headers)).status,
    ).toBe(400);
    expect(
      (await postJson("/api/library/items", { ...video, url: "https://www.youtube.com/watch?v=abc" }, headers)).status,
    ).toBe(201);
  });

  it("is for verified members of a college", async () => {
    const subject = await makeSubject();
    const unverified = await createUser({ verified: false });
    const res = await upload(unverified, {
      subjectId: subject.subjectId,
      files: [{ bytes: await makePdf(), name: "a.pdf" }],
    });
    expect(res.status).toBe(403);
    expect((await upload(null, { subjectId: subject.subjectId })).status).toBe(401);
  });

  it("approves a curator's own upload at once", async () => {
    const curator = await createUser();
    await grant(curator, "curator");
    const subject = await makeSubject();
    const id = await uploadPdf(curator, subject);
    const res = await call(`/api/library/items/${id}`, asUser(curator));
    expect((await json(res)).data).toMatchObject({ review: { status: "approved" } });
  });
});
