import { LIBRARY_MESSAGES as M, type LibraryIndexState, type LibraryStatus } from "#common/library-contribute.ts";
import { MY_UPLOADS_LIMIT, type LibraryItemKind } from "#common/library-find.ts";
import { all, int, select, sql } from "#server/db/sql.ts";
import { academicSubjects, libraryItems } from "#server/db/tables.generated.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";

// A contributor's own uploads with where each stands (docs/decisions/0134-library-my-uploads.md):
// waiting for a moderator, approved, or not approved with the moderator's reason; and whether its
// file is still being read for search, ready, or could not be read. Only the uploader reads this.

export interface MyUpload {
  id: string;
  kind: LibraryItemKind;
  title: string;
  subjectName: string;
  createdAt: number;
  status: LibraryStatus;
  /** The moderator's reason, for an item not approved. */
  reason: string | null;
  /** The file's reading for search: null for an item without a file (a book, a video). */
  indexState: LibraryIndexState | null;
  /** Why the file could not be read, in the uploader's words. */
  indexError: string | null;
  /** Hidden after reports, with the moderators' reason. */
  hidden: string | null;
}

const i = libraryItems.as("i");
const s = academicSubjects.as("s");

export async function myUploads(env: Env, user: Pick<SessionUser, "id">): Promise<MyUpload[]> {
  const rows = await all(
    env,
    select(
      {
        id: i.id,
        kind: i.kind,
        title: i.title,
        subjectName: s.name,
        createdAt: i.created_at,
        status: i.status,
        reviewNote: i.review_note,
        indexState: i.index_state,
        indexError: i.index_error,
        hasFile: int(sql`${i.file_key} IS NOT NULL`),
        hiddenAt: i.hidden_at,
        hiddenReason: i.hidden_reason,
      },
      sql`FROM ${i} JOIN ${s} ON ${s.id} = ${i.subject_id}
        WHERE ${i.uploader_id} = ${user.id}
        ORDER BY ${i.created_at} DESC, ${i.id} LIMIT ${MY_UPLOADS_LIMIT}`,
    ),
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    subjectName: row.subjectName,
    createdAt: row.createdAt,
    status: row.status,
    reason: row.status === "rejected" ? row.reviewNote : null,
    indexState: row.hasFile === 1 ? row.indexState : null,
    indexError:
      row.hasFile === 1 && row.indexState === "failed" && row.indexError ? M.indexFailed(row.indexError) : null,
    hidden: row.hiddenAt !== null ? (row.hiddenReason ?? "") : null,
  }));
}
