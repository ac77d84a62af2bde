import { z } from "zod";
import {
  REPORT_KINDS,
  REPORT_REASONS,
  type ReportKind,
  kindLabel,
  AUTO_HIDE_AT,
  AUTO_HIDE_REASON,
  COPYRIGHT_HIDE_REASON,
  hidesAtOnce,
  REPORT_WHAT,
} from "#common/moderation.ts";
import { batch, type Expr, first, select, type Sql, sql, text } from "#server/db/sql.ts";
import {
  hostelBlocks,
  hostelComplaints,
  libraryItems,
  lostFoundPosts,
  products,
  roommateListings,
  studyRequests,
} from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { optionalUserText } from "#server/lib/validate.ts";
import { MODERATION_MESSAGES } from "#common/moderation-messages.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { audit, notice } from "#server/services/staff.ts";

// Reports (docs/decisions/0082-reports-and-moderation.md): what can be reported, who still sees
// hidden content, and reporting it. A member reports content of their own campus once; the third
// member's report hides it in the same batch as its insert. What moderators read is in
// ./queue.ts, what they do in ./actions.ts.

/** A reporter: reporting is gated like buying (verified, not suspended), so the type carries membership. */
type Reporter = Pick<
  SessionUser,
  "id" | "campusId" | "openCommunity" | "verified" | "suspendedUntil" | "suspensionReason"
>;

interface KindTable {
  /** The content's table, by name (its UPDATE, a guard's subquery). */
  table: Sql;
  /** FROM clause, the content aliased t. */
  from: Sql;
  /** The content's owner, its hidden state, its campus and its title, in terms of `from`. */
  owner: Expr<string | null>;
  hiddenAt: Expr<number | null>;
  campus: Expr<string>;
  title: Expr<string>;
  link: (id: string) => string;
}

const listing = products.as("t");
const request = studyRequests.as("t");
const roommate = roommateListings.as("t");
const complaint = hostelComplaints.as("t");
const complaintBlock = hostelBlocks.as("b");
const library = libraryItems.as("t");
const lostFound = lostFoundPosts.as("t");

export const KINDS: Record<ReportKind, KindTable> = {
  listing: {
    table: sql`${products}`,
    from: sql`${listing}`,
    owner: listing.seller_id,
    hiddenAt: listing.hidden_at,
    campus: listing.campus_id,
    title: listing.title,
    link: () => "/mysells",
  },
  request: {
    table: sql`${studyRequests}`,
    from: sql`${request}`,
    owner: request.owner_id,
    hiddenAt: request.hidden_at,
    campus: request.campus_id,
    title: request.title,
    link: () => "/studyswap",
  },
  roommate: {
    table: sql`${roommateListings}`,
    from: sql`${roommate}`,
    owner: roommate.user_id,
    hiddenAt: roommate.hidden_at,
    campus: roommate.campus_id,
    title: text(sql`substr(${roommate.about}, 1, 80)`),
    link: () => "/roommate-finder",
  },
  complaint: {
    table: sql`${hostelComplaints}`,
    from: sql`${complaint} JOIN ${complaintBlock} ON ${complaintBlock.id} = ${complaint.block_id}`,
    owner: complaint.user_id,
    hiddenAt: complaint.hidden_at,
    campus: complaintBlock.campus_id,
    title: text(sql`substr(${complaint.description}, 1, 80)`),
    link: () => "/hostel-complaints",
  },
  // The uploader is NULL once their account is deleted: such an item has no one to tell.
  library: {
    table: sql`${libraryItems}`,
    from: sql`${library}`,
    owner: library.uploader_id,
    hiddenAt: library.hidden_at,
    campus: library.campus_id,
    title: library.title,
    link: (id) => `/library/${id}`,
  },
  lostfound: {
    table: sql`${lostFoundPosts}`,
    from: sql`${lostFound}`,
    owner: lostFound.user_id,
    hiddenAt: lostFound.hidden_at,
    campus: lostFound.campus_id,
    title: lostFound.title,
    link: (id) => `/lost-found/${id}`,
  },
};

/**
 * The list and by-id condition: content not hidden, or the viewer's own, or the viewer moderates its
 * campus (moderator or campus admin). A subquery of the list's own query: no D1 round trip of its own.
 */
export function visible(
  hiddenAt: Expr<number | null>,
  owner: Expr<string | null>,
  campus: Expr<string>,
  viewerId: string | null | undefined,
): Sql {
  if (!viewerId) return sql`${hiddenAt} IS NULL`;
  return sql`(${hiddenAt} IS NULL OR ${owner} = ${viewerId} OR EXISTS (SELECT 1 FROM staff_roles sr WHERE sr.user_id = ${viewerId} AND sr.campus_id = ${campus} AND sr.role IN ('moderator', 'admin')))`;
}

export const optionalNote = (name: string, max: number) => optionalUserText({ name, max }).optional();

/** `POST /api/reports` and every screen's Report form (intent "report"). */
export const reportSchema = z.object({
  kind: z.enum(REPORT_KINDS, { error: "kind must be listing, request, roommate, complaint, library or lostfound." }),
  id: z
    .string({ error: "id must be the id of what you report." })
    .trim()
    .min(1, "id must be the id of what you report.")
    .max(64, "id must be the id of what you report."),
  reason: z.enum(REPORT_REASONS, {
    error: "Choose a reason: scam, offensive, wrong_category, personal_information, graded_work, copyright or other.",
  }),
  note: optionalNote("The note", 500),
});
export type ReportInput = z.output<typeof reportSchema>;

export interface ReportResult {
  /** False: this member had reported it before; nothing was written. */
  counted: boolean;
  /** This report was the one that hid it. */
  hidden: boolean;
}

/** Reads the content of `kind` at the member's campus: its owner and hidden state; null when it does not exist there. */
export async function findContent(env: Env, kind: ReportKind, id: string, campusId: string) {
  const k = KINDS[kind];
  return first(
    env,
    select(
      { ownerId: k.owner, hiddenAt: k.hiddenAt, title: k.title },
      sql`FROM ${k.from} WHERE t.id = ${id} AND ${k.campus} = ${campusId}`,
    ),
  );
}

/**
 * Who may report, and how often: the one gate of every report (content, a library item, a
 * conversation). A report can take content off the campus or open a private conversation to a
 * moderator: only a proven member who is not suspended may make one
 * (docs/decisions/0094-reports-by-proven-members.md), within the per-reporter limit.
 */
export async function gateReport(
  env: Env,
  user: Pick<Reporter, "id" | "openCommunity" | "verified" | "suspendedUntil" | "suspensionReason">,
): Promise<void> {
  requireMayAct(user, REPORT_WHAT);
  const { success } = await env.POST_LIMITER.limit({ key: `report:${user.id}` });
  if (!success) throw new ApiError(429, MODERATION_MESSAGES.reportsTooFast);
}

export async function reportContent(env: Env, user: Reporter, input: ReportInput): Promise<ReportResult> {
  await gateReport(env, user);
  const k = KINDS[input.kind];
  const found = await findContent(env, input.kind, input.id, user.campusId);
  if (!found || (found.hiddenAt !== null && found.ownerId !== user.id))
    throw new ApiError(404, `There is no ${kindLabel[input.kind]} with that id.`);
  if (found.ownerId === user.id) throw new ApiError(400, `You cannot report your own ${kindLabel[input.kind]}.`);
  const reportId = crypto.randomUUID();
  const now = Date.now();
  const atOnce = hidesAtOnce(input.kind, input.reason);
  const hiddenReason = atOnce ? COPYRIGHT_HIDE_REASON : AUTO_HIDE_REASON;
  const hidByThis = sql`EXISTS (SELECT 1 FROM ${k.table} WHERE id = ${input.id} AND moderation_id = ${reportId})`;
  const [inserted, hide] = await batch(env, [
    sql`INSERT INTO content_reports (id, campus_id, reporter_id, kind, subject_id, reason, note, created_at)
       SELECT ${reportId}, ${user.campusId}, ${user.id}, ${input.kind}, ${input.id}, ${input.reason}, ${input.note ?? null}, ${now}
       WHERE EXISTS (SELECT 1 FROM ${k.from} WHERE t.id = ${input.id} AND ${k.campus} = ${user.campusId})
       ON CONFLICT (reporter_id, kind, subject_id) DO NOTHING`,
    // The third different proven member's unresolved report hides it: only where this batch's insert
    // happened. Reports of accounts whose address nobody proved (the Open community's, or any stored
    // before reporting was gated) reach the queue but never count: such accounts cost nothing to make.
    // A copyright report of a library item hides it with the first (hidesAtOnce).
    sql`UPDATE ${k.table} SET hidden_at = ${now}, hidden_reason = ${hiddenReason}, moderation_id = ${reportId}
       WHERE id = ${input.id} AND hidden_at IS NULL AND EXISTS (SELECT 1 FROM content_reports WHERE id = ${reportId})
         AND (${atOnce} OR (SELECT COUNT(*) FROM content_reports r JOIN users u ON u.id = r.reporter_id
              WHERE r.kind = ${input.kind} AND r.subject_id = ${input.id} AND r.resolved_at IS NULL AND u.email_verified_at IS NOT NULL AND u.deleted_at IS NULL) >= ${AUTO_HIDE_AT})`,
    audit(
      {
        campusId: user.campusId,
        actorId: null,
        action: atOnce ? "copyright_hide" : "auto_hide",
        subjectKind: input.kind,
        subjectId: input.id,
        studentId: found.ownerId,
        note: hiddenReason,
        at: now,
      },
      hidByThis,
    ),
    ...(found.ownerId
      ? [
          notice(
            found.ownerId,
            {
              kind: "moderation",
              title: `Your ${kindLabel[input.kind]} is hidden`,
              text: `"${found.title}" is hidden: ${hiddenReason}`,
              link: k.link(input.id),
              at: now,
            },
            hidByThis,
          ),
        ]
      : []),
  ]);
  return { counted: inserted.changes === 1, hidden: hide.changes === 1 };
}
