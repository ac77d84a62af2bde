import { z } from "zod";
import {
  type LibraryIndexState,
  libraryKindLabel,
  LIBRARY_MESSAGES as M,
  type LibraryKindName,
} from "#common/library-contribute.ts";
import { batch, int, type Query, select, sql, text, textOrNull, update } from "#server/db/sql.ts";
import { academicSubjects, libraryItems, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { optionalUserText } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { audit, mayStaff, notice, type StaffGrant, staffGrants } from "#server/services/staff.ts";

// The library's second look (docs/decisions/0106-library.md): a new item waits until a moderator or
// a curator of its college approves it or says why not. Each decision writes its audit line and the
// uploader's notice in the same batch, only where the decision itself was written.

type Reviewer = Pick<SessionUser, "id" | "campusId">;

/** Moderators, curators and campus admins review library items. */
export function mayReview(grants: StaffGrant[]): boolean {
  return mayStaff(grants, "curator") || mayStaff(grants, "moderator");
}

/** `POST /api/library/items/:id/review` and /staff's forms (intents "lib-approve", "lib-reject"). */
export const reviewSchema = z
  .object({
    decision: z.enum(["approve", "reject"], { error: "decision must be approve or reject." }),
    note: optionalUserText({ name: "The note", max: 500 }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.decision === "reject" && !input.note)
      ctx.addIssue({ code: "custom", path: ["note"], message: M.reviewNoteMissing });
  });
export type ReviewInput = z.output<typeof reviewSchema>;

export async function reviewItem(
  env: Env,
  user: Reviewer,
  id: string,
  input: ReviewInput,
): Promise<{ message: string }> {
  const i = libraryItems;
  const [grants, found] = await batch(env, [
    staffGrants(user),
    select(
      { uploaderId: i.uploader_id, title: i.title, kind: i.kind, status: i.status, indexState: i.index_state },
      sql`FROM ${i} WHERE id = ${id} AND campus_id = ${user.campusId}`,
    ),
  ]);
  if (!mayReview(grants.rows)) throw new ApiError(403, M.reviewersOnly, { code: "staff_only" });
  const item = found.rows[0];
  if (!item) throw new ApiError(404, M.notFound);
  // The second look is a second person's: nobody decides on their own upload (a curator's own needs
  // none, decision 0106; a moderator's or an admin's waits for another reviewer).
  if (item.uploaderId === user.id) throw new ApiError(403, M.reviewOwn, { code: "own_upload" });
  // An item is approved once its file is read (docs/decisions/0117): a reviewer then approves what
  // readers will find. Refusing needs no file.
  if (input.decision === "approve" && item.status === "pending" && item.indexState !== "ready")
    throw new ApiError(409, M.notIndexed);
  const { success } = await env.POST_LIMITER.limit({ key: `moderate:${user.id}` });
  if (!success) throw new ApiError(429, "You are deciding too fast. Please wait a minute and try again.");
  const now = Date.now();
  const status = input.decision === "approve" ? "approved" : "rejected";
  const note = input.note ?? null;
  const decided = sql`EXISTS (SELECT 1 FROM library_items WHERE id = ${id} AND status = ${status} AND reviewed_by = ${user.id} AND reviewed_at = ${now})`;
  const label = libraryKindLabel[item.kind].toLowerCase();
  const [decision] = await batch(env, [
    update(
      libraryItems,
      { status, reviewed_by: user.id, reviewed_at: now, review_note: note, updated_at: now },
      sql`WHERE id = ${id} AND campus_id = ${user.campusId} AND status = 'pending' AND uploader_id IS NOT ${user.id}
        AND (${status} = 'rejected' OR index_state = 'ready')`,
    ),
    audit(
      {
        campusId: user.campusId,
        actorId: user.id,
        action: `library.${input.decision}`,
        subjectKind: "library",
        subjectId: id,
        studentId: item.uploaderId,
        note,
        at: now,
      },
      decided,
    ),
    ...(item.uploaderId
      ? [
          notice(
            item.uploaderId,
            {
              kind: "library",
              title: status === "approved" ? `Your ${label} is in the library` : `Your ${label} was not approved`,
              text:
                status === "approved"
                  ? `"${item.title}" was approved and your college can find it now.`
                  : `"${item.title}" was not approved: ${note}`,
              link: `/library/${id}`,
              at: now,
            },
            decided,
          ),
        ]
      : []),
    // A rejected item is never found again; its search row goes with the decision.
    ...(status === "rejected" ? [sql`DELETE FROM library_search WHERE item_id = ${id} AND ${decided}`] : []),
  ]);
  if (decision.changes !== 1) throw new ApiError(409, M.notPending);
  return { message: status === "approved" ? M.approved : M.rejected };
}

export interface PendingItem {
  id: string;
  kind: LibraryKindName;
  title: string;
  subject: string;
  uploaderName: string | null;
  hasFile: number;
  url: string | null;
  createdAt: number;
  /** 1: the reviewer's own upload, which another reviewer decides. */
  mine: number;
  /** Where reading the file stands: a reviewer approves once it is "ready" (docs/decisions/0117). */
  indexState: LibraryIndexState;
  indexError: string | null;
}

const PENDING_LIMIT = 50;

/** The college's items waiting for review, oldest first: ONE query, read in /staff's batch. */
export function pendingItems(reviewer: Reviewer): Query<PendingItem> {
  const i = libraryItems.as("i");
  const s = academicSubjects.as("s");
  const u = users.as("u");
  return select(
    {
      id: i.id,
      kind: i.kind,
      title: i.title,
      subject: text(sql`${s.code} || ' ' || ${s.name}`),
      uploaderName: textOrNull(sql`${u.name}`),
      hasFile: int(sql`${i.file_key} IS NOT NULL`),
      url: i.url,
      createdAt: i.created_at,
      mine: int(sql`${i.uploader_id} IS ${reviewer.id}`),
      indexState: i.index_state,
      indexError: i.index_error,
    },
    sql`FROM ${i} JOIN ${s} ON ${s.id} = ${i.subject_id} LEFT JOIN ${u} ON ${u.id} = ${i.uploader_id}
      WHERE ${i.campus_id} = ${reviewer.campusId} AND ${i.status} = 'pending'
      ORDER BY ${i.created_at} LIMIT ${sql.raw(String(PENDING_LIMIT))}`,
  );
}

/** The pending items' statement for a page's batch; null when the roles do not review. */
export function pendingLibrary(user: Reviewer, grants: StaffGrant[]): Query<PendingItem> | null {
  return mayReview(grants) ? pendingItems(user) : null;
}
