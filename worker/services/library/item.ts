import { z } from "zod";
import {
  firstName,
  LIBRARY_FILE_SOURCES,
  type LibraryFileSource,
  type LibraryIndexState,
  LIBRARY_MESSAGES as M,
  type LibraryKindName,
  type LibraryStatus,
} from "#common/library-contribute.ts";
import {
  batch,
  first,
  insertWhere,
  int,
  oneOfOrNull,
  returning,
  run,
  select,
  sql,
  text,
  update,
} from "#server/db/sql.ts";
import { academicSubjects, campuses, libraryItems, libraryVotes, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { fileKeys } from "#server/services/library/index-queue.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { libraryScope } from "#server/services/library/scope.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";

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
    source: LibraryFileSource | null;
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
    status: LibraryStatus;
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

const i = libraryItems.as("i");
const c = campuses.as("c");
const s = academicSubjects.as("s");
const u = users.as("u");

/** An item as the page reads it, with who reads it (`viewerId`, at `now`): reviewer, voted. */
const itemRow = (id: string, viewerId: string | null, now: number) =>
  select(
    {
      id: i.id,
      campusId: i.campus_id,
      campusName: c.name,
      uploaderId: i.uploader_id,
      uploaderName: u.name,
      subjectId: i.subject_id,
      subjectCode: s.code,
      subjectName: s.name,
      kind: i.kind,
      title: i.title,
      description: i.description,
      year: i.year,
      exam: i.exam,
      fileKey: i.file_key,
      fileBytes: i.file_bytes,
      filePages: i.file_pages,
      fileSource: oneOfOrNull(LIBRARY_FILE_SOURCES, sql`${i.file_source}`),
      fileParts: i.file_parts,
      indexState: i.index_state,
      indexError: i.index_error,
      author: i.author,
      edition: i.edition,
      isbn: i.isbn,
      shelf: i.shelf,
      url: i.url,
      public: i.public,
      status: i.status,
      reviewNote: i.review_note,
      hiddenAt: i.hidden_at,
      hiddenReason: i.hidden_reason,
      helpfulCount: i.helpful_count,
      createdAt: i.created_at,
      reviewer: int(sql`EXISTS (SELECT 1 FROM staff_roles sr JOIN users su ON su.id = sr.user_id
        WHERE sr.user_id = ${viewerId} AND sr.campus_id = ${i.campus_id} AND sr.role IN ('moderator', 'curator', 'admin')
          AND (su.suspended_until IS NULL OR su.suspended_until <= ${now}))`),
      voted: int(sql`EXISTS (SELECT 1 FROM library_votes v WHERE v.item_id = ${i.id} AND v.user_id = ${viewerId})`),
      units: text(sql`(SELECT json_group_array(json_object('id', au.id, 'number', au.number, 'title', au.title))
        FROM library_item_units iu JOIN academic_units au ON au.id = iu.unit_id WHERE iu.item_id = ${i.id})`),
    },
    sql`FROM ${i}
      JOIN ${c} ON ${c.id} = ${i.campus_id}
      JOIN ${s} ON ${s.id} = ${i.subject_id}
      LEFT JOIN ${u} ON ${u.id} = ${i.uploader_id}
      WHERE ${i.id} = ${id}`,
  );

type ItemRow = NonNullable<Awaited<ReturnType<typeof readRow>>>;

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

async function readRow(env: Env, id: string, viewer: Pick<Viewer, "id" | "campusId"> | null) {
  return first(env, itemRow(id, viewer?.id ?? null, Date.now()));
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
  const row = await first(
    env,
    select(
      { uploaderId: i.uploader_id, fileKey: i.file_key, fileParts: i.file_parts },
      sql`FROM ${i} WHERE ${i.id} = ${id} AND ${i.campus_id} = ${user.campusId}`,
    ),
  );
  if (!row) throw new ApiError(404, M.notFound);
  if (row.uploaderId !== user.id) throw new ApiError(403, M.notYours);
  // Its units and votes cascade; its search row and reports go by the trigger library_items_gone.
  const removed = await run(env, sql`DELETE FROM library_items WHERE id = ${id} AND uploader_id = ${user.id}`);
  if (removed.changes === 0) throw new ApiError(404, M.notFound);
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
    ? insertWhere(
        libraryVotes,
        { item_id: id, user_id: user.id, created_at: now },
        sql`EXISTS (SELECT 1 FROM library_items WHERE id = ${id} AND status = 'approved' AND hidden_at IS NULL)`,
        sql`ON CONFLICT (item_id, user_id) DO NOTHING`,
      )
    : sql`DELETE FROM library_votes WHERE item_id = ${id} AND user_id = ${user.id}`;
  const [, counted] = await batch(env, [
    change,
    returning(
      update(
        libraryItems,
        { helpful_count: sql`(SELECT COUNT(*) FROM library_votes WHERE item_id = ${id})` },
        sql`WHERE id = ${id}`,
      ),
      { helpfulCount: libraryItems.helpful_count },
    ),
  ]);
  const helpfulCount = counted.rows[0]?.helpfulCount ?? 0;
  return { helpfulCount, voted: helpful };
}
