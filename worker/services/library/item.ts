import { z } from "zod";
import {
  firstName,
  type LibraryIndexState,
  LIBRARY_MESSAGES as M,
  type LibraryKindName,
} from "#common/library-contribute.ts";
import { ApiError } from "#server/lib/errors.ts";
import { fileKeys } from "#server/services/library/index-queue.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { libraryScope } from "#server/services/library/scope.ts";
import type { SessionUser } from "#server/services/session-user.ts";

// One library item as a person may see it, its file, its removal by the uploader and the helpful
// votes (docs/decisions/0106-library.md). Who sees what is decided once, in `visibility` below.

type Viewer = Pick<
  SessionUser,
  "id" | "campusId" | "openCommunity" | "verified" | "suspendedUntil" | "suspensionReason"
>;

/** Who reads an item: whose college they are of, and whether that is proven (libraryScope). */
export type ItemViewer = Pick<Viewer, "id" | "campusId" | "openCommunity" | "verified">;

export const itemIdSchema = z.string().trim().min(1, M.notFound).max(64, M.notFound);

export interface LibraryItemView {
  id: string;
  campusId: string;
  /** The college, named for a visitor of another college. */
  campusName: string;
  kind: LibraryKindName;
  title: string;
  description: string;
  subject: { id: string; code: string; name: string };
  units: { id: string; number: number; title: string }[];
  year: number | null;
  exam: string | null;
  file: {
    pages: number | null;
    bytes: number | null;
    source: "pdf" | "photos" | null;
    /** Where reading it for search stands (docs/decisions/0117); only ready files are shown to readers. */
    state: LibraryIndexState;
    /** Why it could not be read, for the uploader and the reviewers. */
    error: string | null;
  } | null;
  author: string | null;
  edition: string | null;
  isbn: string | null;
  shelf: string | null;
  url: string | null;
  public: boolean;
  /** The uploader's first name; null once their account is deleted. */
  uploader: string | null;
  helpfulCount: number;
  createdAt: number;
  /** What only the uploader and the reviewers see: the status, the note, hidden. */
  review: {
    status: "pending" | "approved" | "rejected";
    note: string | null;
    hidden: boolean;
    hiddenReason: string | null;
  } | null;
  viewer: {
    member: boolean;
    uploader: boolean;
    reviewer: boolean;
    voted: boolean;
  };
}

interface ItemRow {
  id: string;
  campusId: string;
  campusName: string;
  uploaderId: string | null;
  uploaderName: string | null;
  subjectId: string;
  subjectCode: string;
  subjectName: string;
  kind: LibraryKindName;
  title: string;
  description: string;
  year: number | null;
  exam: string | null;
  fileKey: string | null;
  fileBytes: number | null;
  filePages: number | null;
  fileSource: "pdf" | "photos" | null;
  fileParts: number | null;
  indexState: LibraryIndexState;
  indexError: string | null;
  author: string | null;
  edition: string | null;
  isbn: string | null;
  shelf: string | null;
  url: string | null;
  public: number;
  status: "pending" | "approved" | "rejected";
  reviewNote: string | null;
  hiddenAt: number | null;
  hiddenReason: string | null;
  helpfulCount: number;
  createdAt: number;
  reviewer: number;
  voted: number;
  units: string;
}

/**
 * Who sees an item: its college's members once it is approved, read for search and not hidden;
 * anyone (signed out, or of another college) only if it is also public; its uploader, and the
 * college's moderators, curators and admins always. Everyone else is told it does not exist (404),
 * the same answer as for an id that never was.
 */
export function visibility(
  row: Pick<ItemRow, "campusId" | "uploaderId" | "status" | "hiddenAt" | "public" | "indexState">,
  viewer: ItemViewer | null,
  reviewer: boolean,
): "member" | "visitor" | "uploader" | "reviewer" | null {
  const ofCollege = viewer !== null && viewer.campusId === row.campusId;
  if (ofCollege && row.uploaderId === viewer.id) return "uploader";
  if (ofCollege && reviewer) return "reviewer";
  if (row.status !== "approved" || row.hiddenAt !== null || row.indexState !== "ready") return null;
  // Members-only items are for proven members, by the rule the lists use (libraryScope): an
  // unverified address of the college could be anyone's, so it reads as a visitor does.
  if (libraryScope(viewer).memberOf === row.campusId) return "member";
  return row.public ? "visitor" : null;
}

async function readRow(env: Env, id: string, viewer: Pick<Viewer, "id" | "campusId"> | null): Promise<ItemRow | null> {
  return env.DB.prepare(
    `SELECT i.id, i.campus_id AS campusId, c.name AS campusName, i.uploader_id AS uploaderId, u.name AS uploaderName,
       i.subject_id AS subjectId, s.code AS subjectCode, s.name AS subjectName, i.kind, i.title, i.description,
       i.year, i.exam, i.file_key AS fileKey, i.file_bytes AS fileBytes, i.file_pages AS filePages,
       i.file_source AS fileSource, i.file_parts AS fileParts, i.index_state AS indexState,
       i.index_error AS indexError, i.author, i.edition, i.isbn, i.shelf, i.url, i.public, i.status,
       i.review_note AS reviewNote, i.hidden_at AS hiddenAt, i.hidden_reason AS hiddenReason,
       i.helpful_count AS helpfulCount, i.created_at AS createdAt,
       EXISTS (SELECT 1 FROM staff_roles sr JOIN users su ON su.id = sr.user_id
         WHERE sr.user_id = ?2 AND sr.campus_id = i.campus_id AND sr.role IN ('moderator', 'curator', 'admin')
           AND (su.suspended_until IS NULL OR su.suspended_until <= ?3)) AS reviewer,
       EXISTS (SELECT 1 FROM library_votes v WHERE v.item_id = i.id AND v.user_id = ?2) AS voted,
       (SELECT json_group_array(json_object('id', au.id, 'number', au.number, 'title', au.title))
          FROM library_item_units iu JOIN academic_units au ON au.id = iu.unit_id WHERE iu.item_id = i.id) AS units
     FROM library_items i
     JOIN campuses c ON c.id = i.campus_id
     JOIN academic_subjects s ON s.id = i.subject_id
     LEFT JOIN users u ON u.id = i.uploader_id
     WHERE i.id = ?1`,
  )
    .bind(id, viewer?.id ?? null, Date.now())
    .first<ItemRow>();
}

/** The item and how the viewer sees it; 404 when the viewer may not. */
async function visibleRow(env: Env, viewer: ItemViewer | null, id: string) {
  const row = await readRow(env, id, viewer);
  const seenAs = row ? visibility(row, viewer, row.reviewer === 1) : null;
  if (!row || !seenAs) throw new ApiError(404, M.notFound);
  return { row, seenAs };
}

/** `GET /api/library/items/:id` and /library/:id. */
export async function readItem(env: Env, viewer: ItemViewer | null, id: string): Promise<LibraryItemView> {
  const { row, seenAs } = await visibleRow(env, viewer, id);
  const sees = seenAs === "uploader" || seenAs === "reviewer";
  return {
    id: row.id,
    campusId: row.campusId,
    campusName: row.campusName,
    kind: row.kind,
    title: row.title,
    description: row.description,
    subject: { id: row.subjectId, code: row.subjectCode, name: row.subjectName },
    units: (JSON.parse(row.units) as LibraryItemView["units"]).sort((a, b) => a.number - b.number),
    year: row.year,
    exam: row.exam,
    file: row.fileKey
      ? {
          pages: row.filePages,
          bytes: row.fileBytes,
          source: row.fileSource,
          state: row.indexState,
          error: sees && row.indexError ? M.indexFailed(row.indexError) : null,
        }
      : null,
    author: row.author,
    edition: row.edition,
    isbn: row.isbn,
    shelf: row.shelf,
    url: row.url,
    public: row.public === 1,
    uploader: firstName(row.uploaderName),
    helpfulCount: row.helpfulCount,
    createdAt: row.createdAt,
    review: sees
      ? { status: row.status, note: row.reviewNote, hidden: row.hiddenAt !== null, hiddenReason: row.hiddenReason }
      : null,
    viewer: {
      member: seenAs !== "visitor",
      uploader: seenAs === "uploader",
      reviewer: row.reviewer === 1 && seenAs !== "visitor",
      voted: row.voted === 1,
    },
  };
}

/**
 * The item's PDF from R2, for whoever may see the item (readers only once it is read; photos have no
 * PDF until the indexer has put them together).
 */
export async function readItemFile(
  env: Env,
  viewer: ItemViewer | null,
  id: string,
): Promise<{ object: R2ObjectBody; title: string }> {
  const { row } = await visibleRow(env, viewer, id);
  const object = row.fileKey ? await env.FILES.get(row.fileKey) : null;
  if (!object) throw new ApiError(404, M.notFound);
  return { object, title: row.title };
}

/** The uploader removes their item, then its file. */
export async function deleteItem(env: Env, user: Pick<Viewer, "id" | "campusId">, id: string): Promise<void> {
  const row = await env.DB.prepare(
    "SELECT uploader_id AS uploaderId, file_key AS fileKey, file_parts AS fileParts FROM library_items WHERE id = ?1 AND campus_id = ?2",
  )
    .bind(id, user.campusId)
    .first<{ uploaderId: string | null; fileKey: string | null; fileParts: number | null }>();
  if (!row) throw new ApiError(404, M.notFound);
  if (row.uploaderId !== user.id) throw new ApiError(403, M.notYours);
  // Its units and votes cascade; its search row and reports go by the trigger library_items_gone.
  const removed = await env.DB.prepare("DELETE FROM library_items WHERE id = ?1 AND uploader_id = ?2")
    .bind(id, user.id)
    .run();
  if ((removed.meta.changes ?? 0) === 0) throw new ApiError(404, M.notFound);
  if (row.fileKey) await env.FILES.delete(fileKeys(row.fileKey, row.fileParts));
}

/**
 * Marks an item helpful (`helpful: true`) or not. The vote is one row per member and item; the count
 * is recounted from the rows in the same batch, so simultaneous votes count exactly once each.
 */
export async function setHelpful(
  env: Env,
  user: Viewer,
  id: string,
  helpful: boolean,
): Promise<{ helpfulCount: number; voted: boolean }> {
  requireMayAct(user, "mark items helpful");
  const { row, seenAs } = await visibleRow(env, user, id);
  if (seenAs === "visitor") throw new ApiError(403, M.voteMembersOnly);
  if (row.status !== "approved" || row.hiddenAt !== null) throw new ApiError(409, M.notApproved);
  if (row.uploaderId === user.id) throw new ApiError(400, M.ownVote);
  // A script with a member's session could otherwise flip votes all day.
  const { success } = await env.POST_LIMITER.limit({ key: `vote:${user.id}` });
  if (!success) throw new ApiError(429, M.votesTooFast);
  const now = Date.now();
  const change = helpful
    ? env.DB.prepare(
        `INSERT INTO library_votes (item_id, user_id, created_at)
         SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM library_items WHERE id = ?1 AND status = 'approved' AND hidden_at IS NULL)
         ON CONFLICT (item_id, user_id) DO NOTHING`,
      ).bind(id, user.id, now)
    : env.DB.prepare("DELETE FROM library_votes WHERE item_id = ?1 AND user_id = ?2").bind(id, user.id);
  const [, counted] = await env.DB.batch([
    change,
    env.DB.prepare(
      `UPDATE library_items SET helpful_count = (SELECT COUNT(*) FROM library_votes WHERE item_id = ?1)
       WHERE id = ?1 RETURNING helpful_count AS helpfulCount`,
    ).bind(id),
  ]);
  const helpfulCount = (counted!.results[0] as { helpfulCount: number } | undefined)?.helpfulCount ?? 0;
  return { helpfulCount, voted: helpful };
}
