import { z } from "zod";
import { libraryKindLabel, LIBRARY_MESSAGES as M, type LibraryKindName } from "#common/library-contribute.ts";
import { ApiError } from "#server/lib/errors.ts";
import { optionalUserText } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import {
  auditStatement,
  type Guard,
  mayStaff,
  noticeStatement,
  type StaffGrant,
  staffGrantsStatement,
} from "#server/services/staff.ts";

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
  const [grants, found] = await env.DB.batch([
    staffGrantsStatement(env, user),
    env.DB.prepare(
      "SELECT uploader_id AS uploaderId, title, kind, status, index_state AS indexState FROM library_items WHERE id = ?1 AND campus_id = ?2",
    ).bind(id, user.campusId),
  ]);
  if (!mayReview(grants!.results as StaffGrant[])) throw new ApiError(403, M.reviewersOnly, { code: "staff_only" });
  const item = found!.results[0] as
    { uploaderId: string | null; title: string; kind: LibraryKindName; status: string; indexState: string } | undefined;
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
  const decided: Guard = {
    sql: "EXISTS (SELECT 1 FROM library_items WHERE id = ? AND status = ? AND reviewed_by = ? AND reviewed_at = ?)",
    params: [id, status, user.id, now],
  };
  const label = libraryKindLabel[item.kind].toLowerCase();
  const [update] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE library_items SET status = ?3, reviewed_by = ?4, reviewed_at = ?5, review_note = ?6, updated_at = ?5
       WHERE id = ?1 AND campus_id = ?2 AND status = 'pending' AND uploader_id IS NOT ?4
         AND (?3 = 'rejected' OR index_state = 'ready')`,
    ).bind(id, user.campusId, status, user.id, now, note),
    auditStatement(
      env,
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
          noticeStatement(
            env,
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
    ...(status === "rejected"
      ? [env.DB.prepare("DELETE FROM library_search WHERE item_id = ? AND " + decided.sql).bind(id, ...decided.params)]
      : []),
  ]);
  if ((update!.meta.changes ?? 0) !== 1) throw new ApiError(409, M.notPending);
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
  indexState: "pending" | "ready" | "failed";
  indexError: string | null;
}

const PENDING_LIMIT = 50;

/** The college's items waiting for review, oldest first: ONE query, read in /staff's batch. */
export function pendingStatement(env: Env, reviewer: Reviewer): D1PreparedStatement {
  return env.DB.prepare(
    `SELECT i.id, i.kind, i.title, s.code || ' ' || s.name AS subject, u.name AS uploaderName,
       i.file_key IS NOT NULL AS hasFile, i.url, i.created_at AS createdAt, i.uploader_id IS ?2 AS mine,
       i.index_state AS indexState, i.index_error AS indexError
     FROM library_items i JOIN academic_subjects s ON s.id = i.subject_id LEFT JOIN users u ON u.id = i.uploader_id
     WHERE i.campus_id = ?1 AND i.status = 'pending'
     ORDER BY i.created_at LIMIT ${PENDING_LIMIT}`,
  ).bind(reviewer.campusId, reviewer.id);
}

/** The pending items' statement for a page's batch; null when the roles do not review. */
export function pendingLibraryStatement(env: Env, user: Reviewer, grants: StaffGrant[]): D1PreparedStatement | null {
  return mayReview(grants) ? pendingStatement(env, user) : null;
}
