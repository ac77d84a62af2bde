import { z } from "zod";
import {
  CONTRIBUTE_WHAT,
  isAllowedVideoUrl,
  type LibraryIndexState,
  LIBRARY_EXAM_NAMES,
  LIBRARY_FILE_KIND_NAMES,
  LIBRARY_KIND_NAMES,
  LIBRARY_MAX_BYTES,
  LIBRARY_MAX_PHOTOS,
  LIBRARY_MESSAGES as M,
  type LibraryKindName,
  PNG_PAGE_MAX_UNPACKED_MB,
} from "#common/library-contribute.ts";
import { batch, first, insert, select, sql } from "#server/db/sql.ts";
import {
  academicSubjects,
  academicUnits,
  libraryItems,
  libraryItemUnits,
  librarySearch,
} from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { imageSize } from "#server/lib/image-size.ts";
import { logError, logWarning } from "#server/lib/log.ts";
import { measurePdf } from "#server/lib/pdf-limits.ts";
import { limitPosting } from "#server/lib/post-limit.ts";
import { sniffFileType } from "#server/lib/sniff.ts";
import { storableImage } from "#server/lib/stored-image.ts";
import { optionalUserText, userText } from "#server/lib/validate.ts";
import { requireMayAct } from "#server/services/campus.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { mayStaff, type StaffGrant, staffGrants } from "#server/services/staff.ts";
import { partKey, queueIndexing } from "#server/services/library/index-queue.ts";
import { visibility } from "#server/services/library/item.ts";
import { mayReview } from "#server/services/library/review.ts";

// Adding to a college's library (docs/decisions/0106-library.md): a verified member of a college
// uploads a PDF or photos of pages, or names a book or a video. The files are judged by their bytes;
// the same bytes twice in a college are refused before anything else is done with them; what they
// hold once unpacked is capped before anything parses or decodes them; then they are stored and the
// request answers. Reading a PDF's text and putting photos together into one PDF happen afterwards,
// in the library indexer (a Worker of its own, fed by a queue: docs/decisions/0117), and the item
// says where that stands. The item is pending until a moderator or curator approves it, except a
// curator's own.

export type Contributor = Pick<
  SessionUser,
  "id" | "campusId" | "openCommunity" | "verified" | "suspendedUntil" | "suspensionReason"
>;

const blankToNull = (value: unknown) =>
  value === undefined || value === null ? null : typeof value === "string" ? value.trim() || null : value;

/** A form sends a list as the same field repeated, JSON as an array; one value is a list of one. */
const list = (value: unknown) =>
  value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value];

const isNoFile = (value: unknown) =>
  value === "" || value === null || (value instanceof File && value.size === 0 && !value.name);

/** `POST /api/library/items` and /library/new: the same fields, from JSON or a multipart form. */
export const contributeSchema = z
  .object({
    kind: z.enum(LIBRARY_KIND_NAMES, {
      error: "Choose what it is: notes, a past paper, a practical, a book or a video.",
    }),
    title: userText({ name: "The title", max: 150, missing: "Give it a title." }),
    description: optionalUserText({ name: "The description", max: 2000, multiline: true }).optional(),
    subjectId: z.preprocess(blankToNull, z.string({ error: M.unknownSubject }).max(100, M.unknownSubject)),
    unitIds: z.preprocess(list, z.array(z.string().max(100)).max(20, "Choose at most 20 units.")),
    year: z.preprocess(
      (value) => {
        const blank = blankToNull(value);
        return typeof blank === "string" && /^\d+$/.test(blank) ? Number(blank) : blank;
      },
      z
        .number({ error: "The year is a year, like 2024." })
        .int("The year is a year, like 2024.")
        .min(1990, "The year is between 1990 and 2100.")
        .max(2100, "The year is between 1990 and 2100.")
        .nullable(),
    ),
    exam: z.preprocess(blankToNull, z.enum(LIBRARY_EXAM_NAMES, { error: M.examMissing }).nullable()),
    public: z.preprocess((value) => value === true || value === "true" || value === "on" || value === "1", z.boolean()),
    files: z.preprocess(
      (value) => list(value).filter((file) => !isNoFile(file)),
      z.array(z.instanceof(File, { error: M.noFile })),
    ),
    author: optionalUserText({ name: "The author", max: 150 }).optional(),
    edition: optionalUserText({ name: "The edition", max: 60 }).optional(),
    isbn: z.preprocess(
      (value) => (typeof value === "string" ? value.replace(/[\s-]/g, "") || null : blankToNull(value)),
      z
        .string()
        .regex(/^(\d{9}[\dXx]|\d{13})$/, "An ISBN has 10 or 13 digits.")
        .nullable()
        .optional(),
    ),
    shelf: optionalUserText({ name: "The shelf", max: 60 }).optional(),
    url: z.preprocess(blankToNull, z.string().max(500, M.videoHost).nullable().optional()),
  })
  // Runs even when other fields failed, so a form is told every problem at once (decision 0103); the
  // fields it reads may then be raw, hence the guards.
  .superRefine(
    (input, ctx) => {
      const kind = input.kind as string;
      const files = Array.isArray(input.files) ? input.files : [];
      const fileKind = (LIBRARY_FILE_KIND_NAMES as readonly string[]).includes(kind);
      if (kind === "past_paper") {
        if (input.year === null) ctx.addIssue({ code: "custom", path: ["year"], message: M.yearMissing });
        if (input.exam === null) ctx.addIssue({ code: "custom", path: ["exam"], message: M.examMissing });
      }
      if (fileKind && files.length === 0) ctx.addIssue({ code: "custom", path: ["files"], message: M.noFile });
      if ((kind === "book" || kind === "video") && files.length > 0)
        ctx.addIssue({ code: "custom", path: ["files"], message: M.noFileForKind });
      if (kind === "video") {
        if (!input.url) ctx.addIssue({ code: "custom", path: ["url"], message: M.videoMissing });
        else if (typeof input.url !== "string" || !isAllowedVideoUrl(input.url))
          ctx.addIssue({ code: "custom", path: ["url"], message: M.videoHost });
      }
      if (kind === "book" && !input.author)
        ctx.addIssue({ code: "custom", path: ["author"], message: M.authorMissing });
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  )
  // Only a past paper has a year and an exam; only a book its reference; only a video a link.
  .transform((input) => ({
    ...input,
    year: input.kind === "past_paper" ? input.year : null,
    exam: input.kind === "past_paper" ? input.exam : null,
    author: input.kind === "book" ? (input.author ?? null) : null,
    edition: input.kind === "book" ? (input.edition ?? null) : null,
    isbn: input.kind === "book" ? (input.isbn ?? null) : null,
    shelf: input.kind === "book" ? (input.shelf ?? null) : null,
    url: input.kind === "video" ? (input.url ?? null) : null,
    description: input.description ?? "",
  }));
export type ContributeInput = z.output<typeof contributeSchema>;

export interface ContributedItem {
  id: string;
  status: "pending" | "approved";
  kind: LibraryKindName;
  title: string;
  /** Pages as the file's structure says (photos: one each); the indexer confirms them. */
  filePages: number | null;
  /** "pending" while the indexer reads the file, "ready" without a file. */
  indexState: LibraryIndexState;
}

/** Who may add to a library: a verified member of a college (the Open community has none), not suspended. */
export function requireContributor(user: Contributor): void {
  if (user.openCommunity) throw new ApiError(403, M.collegeOnly, { code: "college_only" });
  requireMayAct(user, CONTRIBUTE_WHAT);
}

interface SentFile {
  bytes: Uint8Array<ArrayBuffer>;
  type: "application/pdf" | "image/jpeg" | "image/png";
}

interface PreparedFile {
  source: "pdf" | "photos";
  /** What is stored: the PDF, or each photo (without its metadata) until the indexer joins them. */
  parts: Uint8Array[];
  bytes: number;
  /** From the PDF's structure, or one a photo: what the indexer confirms with pdf.js. */
  pages: number;
  sha256: string;
}

async function sha256Hex(parts: readonly Uint8Array[]): Promise<string> {
  const total = parts.reduce((sum, part) => sum + part.byteLength, 0);
  const all = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.byteLength;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The files as sent, judged by their bytes (never their names) within the size and count: one PDF,
 * or JPEG/PNG photos. Nothing is parsed or decoded here: the size was checked before reading.
 */
async function readFiles(files: readonly File[]): Promise<SentFile[]> {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > LIBRARY_MAX_BYTES) throw new ApiError(413, M.tooLarge, { field: "files" });
  if (files.length > LIBRARY_MAX_PHOTOS) throw new ApiError(400, M.tooManyPhotos, { field: "files" });
  const sent = await Promise.all(files.map(async (file) => new Uint8Array(await file.arrayBuffer())));
  if (sent.some((bytes) => bytes.byteLength === 0)) throw new ApiError(400, M.emptyFile, { field: "files" });
  const types = sent.map((bytes) => sniffFileType(bytes));
  if (types.includes("image/webp")) throw new ApiError(415, M.webp, { field: "files" });
  if (types.some((type) => type !== "application/pdf" && type !== "image/jpeg" && type !== "image/png"))
    throw new ApiError(415, M.notPdfOrPhoto, { field: "files" });
  if (types.includes("application/pdf") && sent.length > 1) throw new ApiError(400, M.onePdf, { field: "files" });
  return sent.map((bytes, i) => ({ bytes, type: types[i] as SentFile["type"] }));
}

/** PNG's bytes per pixel once pdf-lib has unpacked it: it makes every PNG RGBA, 8 bits a channel. */
const PNG_UNPACKED_BYTES_PER_PIXEL = 4;

/**
 * The caps on what the files unpack to (docs/decisions/0117), measured from their structure and
 * headers before anything parses or decodes them: a PDF's pages, unpacked bytes and parts; a PNG
 * photo's pixels (a JPEG is embedded as it is). Photos also lose their metadata (a phone's GPS)
 * here, a byte-level edit. A refusal names the cap.
 */
async function prepareFile(sent: readonly SentFile[], sha256: string): Promise<PreparedFile> {
  if (sent[0]!.type === "application/pdf") {
    const measured = await measurePdf(sent[0]!.bytes);
    if (!measured.ok || measured.pages === 0)
      // What the refusal was, for the operator: the student's answer says it in words.
      logWarning("library: an uploaded PDF was refused by its structure", {
        bytes: sent[0]!.bytes.byteLength,
        over: measured.ok ? "no-pages" : measured.over,
      });
    if (!measured.ok) {
      const message =
        measured.over === "pages"
          ? M.tooManyPages(measured.pages)
          : measured.over === "unpacked"
            ? M.tooMuchUnpacked
            : measured.over === "streams"
              ? M.tooManyStreams
              : M.unreadablePdf;
      throw new ApiError(400, message, { field: "files" });
    }
    if (measured.pages === 0) throw new ApiError(400, M.unreadablePdf, { field: "files" });
    return { source: "pdf", parts: [sent[0]!.bytes], bytes: sent[0]!.bytes.byteLength, pages: measured.pages, sha256 };
  }
  const parts = sent.map(({ bytes, type }, i) => {
    if (type === "image/png") {
      const size = imageSize(bytes, type);
      if (size && size.width * size.height * PNG_UNPACKED_BYTES_PER_PIXEL > PNG_PAGE_MAX_UNPACKED_MB * 1024 * 1024)
        throw new ApiError(400, M.pngTooLarge(i + 1, size.width, size.height), { field: "files" });
    }
    return storableImage(bytes, type as "image/jpeg" | "image/png", `Photo ${i + 1}`, "files").bytes;
  });
  const bytes = parts.reduce((sum, part) => sum + part.byteLength, 0);
  return { source: "photos", parts, bytes, pages: parts.length, sha256 };
}

type SameFile = { id: string } & Parameters<typeof visibility>[0];

/**
 * The duplicate's refusal: 409 saying only that the file is in the library; the item that has these
 * bytes is linked only for an uploader who may read it (visibility), else its id is not told.
 */
function duplicateOf(found: SameFile, user: Contributor, grants: StaffGrant[]): ApiError {
  const readable = visibility(found, user, mayReview(grants)) !== null;
  return new ApiError(409, M.duplicate, {
    field: "files",
    ...(readable && { existing: { id: found.id, link: `/library/${found.id}` } }),
  });
}

async function sameFile(env: Env, campusId: string, sha256: string): Promise<SameFile | null> {
  const i = libraryItems;
  return first(
    env,
    select(
      {
        id: i.id,
        campusId: i.campus_id,
        uploaderId: i.uploader_id,
        status: i.status,
        hiddenAt: i.hidden_at,
        public: i.public,
        indexState: i.index_state,
      },
      sql`FROM ${i} WHERE campus_id = ${campusId} AND file_sha256 = ${sha256} AND status != 'rejected'`,
    ),
  );
}

/**
 * Adds an item to the member's college library. Nothing is written until everything is checked;
 * the PDF goes to R2 under a random key first, and the item, its units and its search row in one D1
 * batch; if that batch fails (the same file won a race) the object is removed again.
 */
export async function contribute(env: Env, user: Contributor, input: ContributeInput): Promise<ContributedItem> {
  requireContributor(user);
  const [grantRows, subject, units] = await batch(env, [
    staffGrants(user),
    select(
      { id: academicSubjects.id, name: academicSubjects.name, code: academicSubjects.code },
      sql`FROM ${academicSubjects} WHERE id = ${input.subjectId} AND campus_id = ${user.campusId}`,
    ),
    select(
      { id: academicUnits.id },
      sql`FROM ${academicUnits} WHERE subject_id = ${input.subjectId} AND campus_id = ${user.campusId}
        AND id IN (SELECT value FROM json_each(${JSON.stringify(input.unitIds)}))`,
    ),
  ]);
  const grants: StaffGrant[] = grantRows.rows;
  const subjectRow = subject.rows[0];
  if (!subjectRow) throw new ApiError(400, M.unknownSubject, { field: "subjectId" });
  const unitIds = [...new Set(input.unitIds)];
  if (units.rows.length !== unitIds.length) throw new ApiError(400, M.unknownUnit, { field: "unitIds" });

  // Duplicates and the posting limit come before any work on the files: sending the same file
  // again, or many files, costs a hash and a read, never a parse.
  const sent = input.files.length > 0 ? await readFiles(input.files) : null;
  const sha256 = sent ? await sha256Hex(sent.map((file) => file.bytes)) : null;
  if (sha256) {
    const existing = await sameFile(env, user.campusId, sha256);
    if (existing) throw duplicateOf(existing, user, grants);
  }
  await limitPosting(env, user.id);
  const file = sent && sha256 ? await prepareFile(sent, sha256) : null;

  // A curator's own upload needs no second look: curators are who approves.
  const curator = mayStaff(grants, "curator");
  const status = curator ? "approved" : "pending";
  // A file is read for search after the answer; an item without one is ready at once.
  const indexState: LibraryIndexState = file ? "pending" : "ready";
  const now = Date.now();
  const id = crypto.randomUUID();
  // The key says nothing of the title, the uploader or the college. Photos wait under it as parts
  // until the indexer puts them together into the PDF at the key itself.
  const fileKey = file ? `library/${crypto.randomUUID()}` : null;
  const stored =
    file && fileKey ? (file.source === "pdf" ? [fileKey] : file.parts.map((_, i) => partKey(fileKey, i))) : [];
  try {
    await Promise.all(
      stored.map((key, i) =>
        env.FILES.put(key, file!.parts[i]!, {
          httpMetadata: { contentType: file!.source === "pdf" ? "application/pdf" : "application/octet-stream" },
        }),
      ),
    );
    await batch(env, [
      insert(libraryItems, {
        id,
        campus_id: user.campusId,
        uploader_id: user.id,
        subject_id: subjectRow.id,
        kind: input.kind,
        title: input.title,
        description: input.description,
        year: input.year,
        exam: input.exam,
        file_key: fileKey,
        file_bytes: file?.bytes ?? null,
        file_pages: file?.pages ?? null,
        file_source: file?.source ?? null,
        file_sha256: file?.sha256 ?? null,
        author: input.author,
        edition: input.edition,
        isbn: input.isbn,
        shelf: input.shelf,
        url: input.url,
        public: input.public ? 1 : 0,
        status,
        reviewed_by: curator ? user.id : null,
        reviewed_at: curator ? now : null,
        created_at: now,
        updated_at: now,
        index_state: indexState,
        file_parts: file?.source === "photos" ? file.parts.length : null,
      }),
      ...unitIds.map((unitId) => insert(libraryItemUnits, { item_id: id, unit_id: unitId })),
      // Found by its title, subject and description now (once approved and indexed); the indexer
      // adds the file's text.
      insert(librarySearch, {
        item_id: id,
        campus_id: user.campusId,
        title: input.title,
        subject: `${subjectRow.code} ${subjectRow.name}`,
        body: input.description,
      }),
    ]);
  } catch (error) {
    // Nothing of a refused or failed upload stays behind.
    if (stored.length > 0) await env.FILES.delete(stored);
    if (file && /UNIQUE/i.test(String(error))) {
      const existing = await sameFile(env, user.campusId, file.sha256);
      if (existing) throw duplicateOf(existing, user, grants);
    }
    throw error;
  }
  if (file) {
    // A message lost here is not an item lost: the half-hourly job queues what still waits.
    await queueIndexing(env, id).catch((error: unknown) => logError("library-queue", error, { itemId: id }));
  }
  return { id, status, kind: input.kind, title: input.title, filePages: file?.pages ?? null, indexState };
}
