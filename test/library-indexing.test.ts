import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LIBRARY_MESSAGES as M, PDF_MAX_PAGES, PDF_MAX_UNPACKED_MB } from "#common/library-contribute.ts";
import { call, createUser, inOneLimiterMinute, type TestUser } from "#test/helpers.ts";
import { sendJson } from "#test/hostel-helpers.ts";
import { CANVAS_JPEG, pngHeader } from "#test/image-fixtures.ts";
import { asUser, holdIndexing, makePdf, makeSubject, QUEUED, untilIndexed, upload } from "#test/library-helpers.ts";
import { bombPdf, packedPagesPdf, pagesPdf } from "#test/pdf-fixtures.ts";
import { count } from "#test/robust-helpers.ts";
import { grant } from "#test/staff-helpers.ts";
import { GAVE_UP, INDEX_MAX_ATTEMPTS, INDEX_STALL_MS, requeueStalled } from "#server/services/library/index-queue.ts";
import { indexItem } from "#server/services/library/indexing.ts";

// The library's files are read off the request (docs/decisions/0117): the upload checks the caps
// before anything parses or decodes, stores the file and a pending item and answers; the library
// indexer (backoffice/, a Worker of its own, the campus-library queue's consumer, running beside the
// Worker under test on the same D1 and R2) reads it, and the item is found once that is done.

afterEach(() => {
  vi.restoreAllMocks();
});

interface ItemView {
  file: { state: string; error: string | null; pages: number | null } | null;
  review: { status: string } | null;
}

async function readItem(user: TestUser | null, id: string): Promise<{ status: number; data?: ItemView }> {
  const res = await call(`/api/library/items/${id}`, asUser(user));
  return res.status === 200
    ? { status: 200, data: ((await res.json()) as { data: ItemView }).data }
    : { status: res.status };
}

async function search(user: TestUser, q: string): Promise<string[]> {
  const res = await call(`/api/library/items?q=${encodeURIComponent(q)}`, asUser(user));
  return ((await res.json()) as { data: { items: { id: string }[] } }).data.items.map((item) => item.id);
}

/** What the library holds in D1 and R2, to compare before and after a refusal. */
async function stored(): Promise<{ items: number; searchRows: number; objects: string[] }> {
  const listed = await env.FILES.list({ prefix: "library/" });
  return {
    items: await count("SELECT COUNT(*) AS n FROM library_items"),
    searchRows: await count("SELECT COUNT(*) AS n FROM library_search"),
    objects: listed.objects.map((object) => object.key).sort(),
  };
}

describe("an upload answers before its file is read", () => {
  it("the item waits (not found, not approvable) until the indexer reads it; then it is found by the PDF's words", async () => {
    const [student, moderator, reader] = await Promise.all([createUser(), createUser(), createUser()]);
    await grant(moderator, "moderator");
    const subject = await makeSubject();
    const word = `ribosome${Date.now().toString(36)}0`;
    const held = holdIndexing();
    const res = await upload(student, {
      subjectId: subject.subjectId,
      title: "Cell notes",
      files: [{ bytes: await makePdf(`Proteins are made on the ${word}`), name: "cells.pdf" }],
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { id: string; indexState: string; filePages: number } };
    expect(data).toMatchObject({ indexState: "pending", filePages: 1 });
    // Nothing read it yet: the message waits in the queue (held here).
    expect(held.held).toEqual([{ itemId: data.id }]);
    expect((await readItem(student, data.id)).data?.file).toMatchObject({ state: "pending", error: null });
    const page = await (await call(`/library/${data.id}`, { headers: { Cookie: student.cookie } })).text();
    expect(page).toContain("Being indexed");
    expect(page).toContain(M.indexing);
    // Not in the library yet: a member of the college is told it does not exist.
    expect((await readItem(reader, data.id)).status).toBe(404);
    const refused = await sendJson(
      "POST",
      `/api/library/items/${data.id}/review`,
      { decision: "approve" },
      moderator.token,
    );
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(M.notIndexed);

    await held.release();
    expect(await untilIndexed(data.id)).toBe("ready");
    expect((await readItem(student, data.id)).data?.file).toMatchObject({ state: "ready", pages: 1 });
    const approved = await sendJson(
      "POST",
      `/api/library/items/${data.id}/review`,
      { decision: "approve" },
      moderator.token,
    );
    expect(approved.status).toBe(200);
    expect(await search(reader, word)).toEqual([data.id]);
  });

  it("photos wait as parts until the indexer puts them together into one PDF, then the parts are gone", async () => {
    const student = await createUser();
    const subject = await makeSubject();
    const held = holdIndexing();
    const res = await upload(student, {
      subjectId: subject.subjectId,
      files: [
        { bytes: CANVAS_JPEG, name: "1.jpg" },
        { bytes: CANVAS_JPEG, name: "2.jpg" },
        { bytes: CANVAS_JPEG, name: "3.jpg" },
      ],
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { id: string; filePages: number } };
    expect(data.filePages).toBe(3);
    const key = (await env.DB.prepare("SELECT file_key AS key FROM library_items WHERE id = ?1")
      .bind(data.id)
      .first<{ key: string }>())!.key;
    const waiting = await env.FILES.list({ prefix: key });
    expect(waiting.objects.map((o) => o.key).sort()).toEqual([1, 2, 3].map((n) => `${key}/part-${n}`));
    // No PDF to open yet, for anyone.
    expect((await call(`/api/library/items/${data.id}/file`, asUser(student))).status).toBe(404);

    await held.release();
    expect(await untilIndexed(data.id)).toBe("ready");
    const after = await env.FILES.list({ prefix: key });
    expect(after.objects.map((o) => o.key)).toEqual([key]);
    const pdf = new Uint8Array(await (await env.FILES.get(key))!.arrayBuffer());
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe("%PDF-");
    expect((await readItem(student, data.id)).data?.file).toMatchObject({ state: "ready", pages: 3 });
  });

  it("a file pdf.js cannot open ends as failed with the reason; the uploader and the reviewer read it; it can only be refused", async () => {
    const [student, moderator] = await Promise.all([createUser(), createUser()]);
    await grant(moderator, "moderator");
    const subject = await makeSubject();
    // A page tree that looks right, and no cross-reference or objects pdf.js can make sense of.
    const broken = new TextEncoder().encode(
      `%PDF-1.4\n<< /Type /Pages /Count 1 >> << /Type /Page >> ${crypto.randomUUID()} %%EOF`,
    );
    const res = await upload(student, { subjectId: subject.subjectId, files: [{ bytes: broken, name: "x.pdf" }] });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { data: { id: string } }).data.id;
    expect(await untilIndexed(id)).toBe("failed");
    const seen = await readItem(student, id);
    expect(seen.data?.file?.state).toBe("failed");
    expect(seen.data?.file?.error).toMatch(/^Could not read this PDF: the file is damaged/);
    expect((await readItem(moderator, id)).data?.file?.error).toBe(seen.data?.file?.error);
    const page = await (await call(`/library/${id}`, { headers: { Cookie: student.cookie } })).text();
    expect(page).toContain("Could not read this PDF: the file is damaged");
    expect(
      (await sendJson("POST", `/api/library/items/${id}/review`, { decision: "approve" }, moderator.token)).status,
    ).toBe(409);
    expect(
      (
        await sendJson(
          "POST",
          `/api/library/items/${id}/review`,
          { decision: "reject", note: "Unreadable" },
          moderator.token,
        )
      ).status,
    ).toBe(200);
  });
});

describe("a poison file never loops", () => {
  it(`each delivery counts before its work; the one after ${INDEX_MAX_ATTEMPTS} marks the item unreadable`, async () => {
    const student = await createUser();
    const subject = await makeSubject();
    const held = holdIndexing();
    const res = await upload(student, {
      subjectId: subject.subjectId,
      files: [{ bytes: await makePdf(), name: "a.pdf" }],
    });
    const id = ((await res.json()) as { data: { id: string } }).data.id;
    expect(held.held).toHaveLength(1);
    // Storage failing under the indexer: each delivery throws (the queue tries again), and counts.
    const failing = { ...env, FILES: { get: () => Promise.reject(new Error("R2 is down")) } as unknown as R2Bucket };
    for (let attempt = 1; attempt <= INDEX_MAX_ATTEMPTS; attempt++) {
      await expect(indexItem(failing, id)).rejects.toThrow("R2 is down");
      expect(await count("SELECT index_attempts AS n FROM library_items WHERE id = ?1", id)).toBe(attempt);
    }
    expect(await indexItem(failing, id)).toEqual({ state: "failed", reason: GAVE_UP });
    expect(await indexItem(env, id)).toEqual({ state: "done" });
    expect((await readItem(student, id)).data?.file?.error).toBe(M.indexFailed(GAVE_UP));
  });

  it("the half-hourly job queues again what still waits, marks what had every delivery, and leaves the recent alone", async () => {
    const student = await createUser();
    const subject = await makeSubject();
    const held = holdIndexing();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await upload(student, {
        subjectId: subject.subjectId,
        files: [{ bytes: await makePdf(), name: "a.pdf" }],
      });
      ids.push(((await res.json()) as { data: { id: string } }).data.id);
    }
    const [lost, exhausted, recent] = ids as [string, string, string];
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("UPDATE library_items SET created_at = ?2 WHERE id = ?1").bind(lost, now - INDEX_STALL_MS - 1000),
      env.DB.prepare("UPDATE library_items SET created_at = ?2, index_attempts = ?3 WHERE id = ?1").bind(
        exhausted,
        now - INDEX_STALL_MS - 1000,
        INDEX_MAX_ATTEMPTS,
      ),
    ]);
    const sent: unknown[] = [];
    vi.spyOn(env.LIBRARY_QUEUE, "sendBatch").mockImplementation(async (messages) => {
      sent.push(...[...messages].map((m) => m.body));
      return QUEUED;
    });
    expect(await requeueStalled(env, now)).toEqual({ queued: 1, failed: 1 });
    expect(sent).toEqual([{ itemId: lost }]);
    expect(
      await count("SELECT COUNT(*) AS n FROM library_items WHERE id = ?1 AND index_state = 'failed'", exhausted),
    ).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM library_items WHERE id = ?1 AND index_state = 'pending'", recent),
    ).toBe(1);
    held.held.splice(0);
  });
});

describe("caps checked before anything parses or decodes (each refusal names its cap and stores nothing)", () => {
  it(`a PDF of more than ${PDF_MAX_PAGES} pages, 20,000 empty ones included`, async () => {
    const student = await createUser();
    const subject = await makeSubject();
    const before = await stored();
    const files: [number, Uint8Array<ArrayBuffer>][] = [
      [PDF_MAX_PAGES + 1, await pagesPdf(PDF_MAX_PAGES + 1)],
      [20_000, await packedPagesPdf(20_000)],
    ];
    for (const [pages, bytes] of files) {
      const started = Date.now();
      const res = await upload(student, { subjectId: subject.subjectId, files: [{ bytes, name: "long.pdf" }] });
      console.log(
        `a PDF of ${pages} empty pages (${bytes.byteLength} bytes) was answered in ${Date.now() - started} ms`,
      );
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(M.tooManyPages(pages));
    }
    expect(await stored()).toEqual(before);
  });

  it(`a PDF that unpacks to more than ${PDF_MAX_UNPACKED_MB} MB (a 64 MB bomb in kilobytes)`, async () => {
    const student = await createUser();
    const subject = await makeSubject();
    const before = await stored();
    const bomb = await bombPdf(64);
    expect(bomb.byteLength).toBeLessThan(100 * 1024);
    const res = await upload(student, { subjectId: subject.subjectId, files: [{ bytes: bomb, name: "small.pdf" }] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(M.tooMuchUnpacked);
    expect(await stored()).toEqual(before);
  });

  it("a PNG page photo that would unpack to more than its cap (4096 × 4096) is refused by its header, named", async () => {
    const student = await createUser();
    const subject = await makeSubject();
    const before = await stored();
    const res = await upload(student, {
      subjectId: subject.subjectId,
      files: [
        { bytes: CANVAS_JPEG, name: "1.jpg" },
        { bytes: pngHeader(4096, 4096, 72 * 1024), name: "2.png" },
      ],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(M.pngTooLarge(2, 4096, 4096));
    expect(await stored()).toEqual(before);
  });

  it("the same bytes again are a 409 before the file is measured, and the posting limit comes before the caps", () =>
    inOneLimiterMinute(async () => {
      const student = await createUser();
      const subject = await makeSubject();
      const first = await upload(student, {
        subjectId: subject.subjectId,
        files: [{ bytes: await makePdf(), name: "a.pdf" }],
      });
      expect(first.status).toBe(201);
      const id = ((await first.json()) as { data: { id: string } }).data.id;
      await untilIndexed(id);
      // The stored item is given the hash of a file over the unpacking cap (as if the cap had come
      // later): measuring the bomb first would answer 400; checking for the same file first, 409.
      // The answer itself shows the order, whatever else the isolate is running. The bomb is this
      // attempt's own: a run again after a minute boundary must not meet the hash it stored before.
      const bomb = await bombPdf(64, { mark: crypto.randomUUID() });
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bomb));
      const sha256 = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
      await env.DB.prepare("UPDATE library_items SET file_sha256 = ?2 WHERE id = ?1").bind(id, sha256).run();
      const again = await upload(student, { subjectId: subject.subjectId, files: [{ bytes: bomb, name: "b.pdf" }] });
      expect(again.status).toBe(409);
      expect(((await again.json()) as { message: string }).message).toBe(M.duplicate);
      // A script sending a file over the caps again and again meets the posting limit (20 a minute),
      // not a new measurement each time.
      const other = await bombPdf(65);
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++)
        statuses.push(
          (await upload(student, { subjectId: subject.subjectId, files: [{ bytes: other, name: `${i}.pdf` }] })).status,
        );
      expect(statuses.at(-1)).toBe(429);
    }));
});

describe("an item's parts go with it", () => {
  it("deleting a photo upload before it is put together removes the parts", async () => {
    const student = await createUser();
    const subject = await makeSubject();
    const held = holdIndexing();
    const res = await upload(student, {
      subjectId: subject.subjectId,
      files: [
        { bytes: CANVAS_JPEG, name: "1.jpg" },
        { bytes: CANVAS_JPEG, name: "2.jpg" },
      ],
    });
    const id = ((await res.json()) as { data: { id: string } }).data.id;
    const key = (await env.DB.prepare("SELECT file_key AS key FROM library_items WHERE id = ?1")
      .bind(id)
      .first<{ key: string }>())!.key;
    expect((await env.FILES.list({ prefix: key })).objects).toHaveLength(2);
    expect((await sendJson("DELETE", `/api/library/items/${id}`, undefined, student.token)).status).toBe(200);
    expect((await env.FILES.list({ prefix: key })).objects).toHaveLength(0);
    // The message comes later: nothing is left to read, and nothing is written again.
    expect(await held.indexHere()).toEqual([{ state: "done" }]);
    expect((await env.FILES.list({ prefix: key })).objects).toHaveLength(0);
  });
});
