import { env } from "cloudflare:workers";
import { vi } from "vitest";
import type { IndexMessage } from "#server/services/library/index-queue.ts";
import { indexItem, type IndexOutcome } from "#server/services/library/indexing.ts";
import { PDFArray, PDFDocument, PDFName, PDFNumber, PDFRef, StandardFonts } from "pdf-lib";
import { call, type TestUser, unique } from "#test/helpers.ts";

// The library's tests: a subject with units in a college's academics tree, small generated PDFs with
// a known word inside, and uploads through the API.

export interface TestSubject {
  subjectId: string;
  unitIds: string[];
  /** Where its notes page is: the programme's and branch's slugs (unique) and the semester's number. */
  programme: string;
  branch: string;
  semester: number;
}

/** A programme, branch, semester, subject and two units at `campusId`, with unique ids. */
export async function makeSubject(campusId = "cit"): Promise<TestSubject> {
  const p = unique("prog");
  const b = unique("br");
  const s = unique("sem");
  const subjectId = unique("sub");
  const unitIds = [unique("unit"), unique("unit")];
  await env.DB.batch([
    env.DB.prepare("INSERT INTO academic_programmes (id, campus_id, slug, name) VALUES (?1, ?2, ?1, 'B.Tech')").bind(
      p,
      campusId,
    ),
    env.DB.prepare(
      "INSERT INTO academic_branches (id, campus_id, programme_id, slug, name) VALUES (?1, ?2, ?3, ?1, 'CSE')",
    ).bind(b, campusId, p),
    env.DB.prepare("INSERT INTO academic_semesters (id, campus_id, branch_id, number) VALUES (?1, ?2, ?3, 3)").bind(
      s,
      campusId,
      b,
    ),
    env.DB.prepare(
      "INSERT INTO academic_subjects (id, campus_id, semester_id, code, name) VALUES (?1, ?2, ?3, ?4, 'Biology for Engineers')",
    ).bind(subjectId, campusId, s, unique("BIO")),
    ...unitIds.map((id, i) =>
      env.DB.prepare(
        "INSERT INTO academic_units (id, campus_id, subject_id, number, title) VALUES (?1, ?2, ?3, ?4, ?5)",
      ).bind(id, campusId, subjectId, i + 1, `Unit ${i + 1} title`),
    ),
  ]);
  return { subjectId, unitIds, programme: p, branch: b, semester: 3 };
}

/** A one-page PDF whose text contains `words` (and something unique, so no two are the same bytes). */
export async function makePdf(words = "photosynthesis chlorophyll"): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([300, 200]);
  page.drawText(words, { x: 20, y: 150, size: 12, font });
  page.drawText(unique("n"), { x: 20, y: 120, size: 8, font });
  return new Uint8Array(await pdf.save());
}

/**
 * A two-page PDF whose first page holds `words` and whose second is a broken entry of the page tree
 * (a reference to nothing): pdf.js opens the file and reads page 1, but not page 2.
 */
export async function makePdfWithBrokenPage(words: string): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([300, 200]).drawText(words, { x: 20, y: 150, size: 12, font });
  const pages = pdf.catalog.Pages();
  pages.lookup(PDFName.of("Kids"), PDFArray).push(PDFRef.of(9999));
  pages.set(PDFName.of("Count"), PDFNumber.of(2));
  return new Uint8Array(await pdf.save());
}

export interface UploadFields {
  kind?: string;
  title?: string;
  subjectId: string;
  unitIds?: string[];
  year?: string;
  exam?: string;
  public?: boolean;
  files?: { bytes: Uint8Array<ArrayBuffer>; name: string; type?: string }[];
  [field: string]: unknown;
}

/** `POST /api/library/items` as multipart. */
export function upload(user: TestUser | null, fields: UploadFields): Promise<Response> {
  const form = new FormData();
  const { files = [], unitIds = [], ...rest } = fields;
  form.set("kind", "lecture_notes");
  form.set("title", "Unit 1 notes");
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) form.set(key, String(value));
  for (const id of unitIds) form.append("unitIds", id);
  for (const file of files)
    form.append("files", new File([file.bytes], file.name, { type: file.type ?? "application/octet-stream" }));
  return call("/api/library/items", {
    method: "POST",
    headers: user ? { Authorization: `Bearer ${user.token}` } : {},
    body: form,
  });
}

/**
 * Waits until the library indexer (backoffice/, consuming the queue beside the Worker under test) has
 * read the item's file; answers where it ended ("ready" or "failed").
 */
export async function untilIndexed(id: string, timeoutMs = 20_000): Promise<"ready" | "failed"> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await env.DB.prepare("SELECT index_state AS state FROM library_items WHERE id = ?1")
      .bind(id)
      .first<{ state: "pending" | "ready" | "failed" }>();
    if (!row) throw new Error(`no library item ${id}`);
    if (row.state !== "pending") return row.state;
    if (Date.now() > deadline) throw new Error(`library item ${id} was not indexed within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What a queue answers a send with, for a send the test keeps instead. */
export const QUEUED = { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } };

/**
 * Holds the library queue's messages instead of sending them, so that a test sees an item before its
 * file is read: `release()` sends them on to the indexer as the upload would have; `indexHere()`
 * does the indexer's work in the test's own isolate (whose log lines the test can read).
 */
export function holdIndexing(): {
  held: IndexMessage[];
  release: () => Promise<void>;
  indexHere: () => Promise<IndexOutcome[]>;
} {
  const queue = env.LIBRARY_QUEUE;
  const send = queue.send.bind(queue);
  const held: IndexMessage[] = [];
  const spy = vi.spyOn(queue, "send").mockImplementation(async (body) => {
    held.push(body as IndexMessage);
    return QUEUED;
  });
  const take = () => {
    spy.mockRestore();
    return held.splice(0);
  };
  return {
    held,
    release: async () => {
      for (const message of take()) await send(message);
    },
    indexHere: async () => {
      const outcomes: IndexOutcome[] = [];
      for (const message of take()) outcomes.push(await indexItem(env, message.itemId));
      return outcomes;
    },
  };
}

/** Uploads a fresh PDF and answers the new item's id once the indexer has read it. */
export async function uploadPdf(
  user: TestUser,
  subject: TestSubject,
  more: Partial<UploadFields> = {},
): Promise<string> {
  const res = await upload(user, {
    subjectId: subject.subjectId,
    files: [{ bytes: await makePdf(), name: "notes.pdf" }],
    ...more,
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  const id = ((await res.json()) as { data: { id: string } }).data.id;
  await untilIndexed(id);
  return id;
}

export function asUser(user: TestUser | null, init: RequestInit = {}): RequestInit {
  return {
    ...init,
    headers: {
      ...(init.headers as Record<string, string>),
      ...(user ? { Authorization: `Bearer ${user.token}` } : {}),
    },
  };
}
