import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
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
import { ApiError } from "#server/lib/errors.ts";
import { optionalUserText } from "#server/lib/validate.ts";
import { MODERATION_MESSAGES } from "#common/moderation-messages.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { auditStatement, type Guard, noticeStatement } from "#server/services/staff.ts";

// Reports (docs/decisions/0082-reports-and-moderation.md): what can be reported, who still sees
// hidden content, and reporting it. A member reports content of their own campus once; the third
// member's report hides it in the same batch as its insert. What moderators read is in
// ./moderation-queue.ts, what they do in ./moderation-actions.ts.

/** A reporter: reporting is gated like buying (verified, not suspended), so the type carries membership. */
type Reporter = Pick<
  SessionUser,
  "id" | "campusId" | "openCommunity" | "verified" | "suspendedUntil" | "suspensionReason"
>;

interface KindTable {
  table: string;
  owner: string;
  /** FROM clause, the content aliased t. */
  from: string;
  /** The content's campus, in terms of `from`. */
  campus: string;
  title: string;
  link: (id: string) => string;
}

export const KINDS: Record<ReportKind, KindTable> = {
  listing: {
    table: "products",
    owner: "seller_id",
    from: "products t",
    campus: "t.campus_id",
    title: "t.title",
    link: () => "/mysells",
  },
  request: {
    table: "study_requests",
    owner: "owner_id",
    from: "study_requests t",
    campus: "t.campus_id",
    title: "t.title",
    link: () => "/studyswap",
  },
  roommate: {
    table: "roommate_listings",
    owner: "user_id",
    from: "roommate_listings t",
    campus: "t.campus_id",
    title: "substr(t.about, 1, 80)",
    link: () => "/roommate-finder",
  },
  complaint: {
    table: "hostel_complaints",
    owner: "user_id",
    from: "hostel_complaints t JOIN hostel_blocks b ON b.id = t.block_id",
    campus: "b.campus_id",
    title: "substr(t.description, 1, 80)",
    link: () => "/hostel-complaints",
  },
  // The uploader is NULL once their account is deleted: such an item has no one to tell.
  library: {
    table: "library_items",
    owner: "uploader_id",
    from: "library_items t",
    campus: "t.campus_id",
    title: "t.title",
    link: (id) => `/library/${id}`,
  },
};

/**
 * The list and by-id condition: content not hidden, or the viewer's own, or the viewer moderates its
 * campus (moderator or campus admin). A subquery of the list's own query: no D1 round trip of its own.
 */
export function visibleTo(
  hiddenAt: SQLiteColumn,
  owner: SQLiteColumn,
  campus: SQLiteColumn | SQL,
  viewerId: string | null | undefined,
): SQL {
  if (!viewerId) return sql`${hiddenAt} IS NULL`;
  return sql`(${hiddenAt} IS NULL OR ${owner} = ${viewerId} OR EXISTS (SELECT 1 FROM staff_roles sr WHERE sr.user_id = ${viewerId} AND sr.campus_id = ${campus} AND sr.role IN ('moderator', 'admin')))`;
}

export const optionalNote = (name: string, max: number) => optionalUserText({ name, max }).optional();

/** `POST /api/reports` and every screen's Report form (intent "report"). */
export const reportSchema = z.object({
  kind: z.enum(REPORT_KINDS, { error: "kind must be listing, request, roommate, complaint or library." }),
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
  return env.DB.prepare(
    `SELECT t.${k.owner} AS ownerId, t.hidden_at AS hiddenAt, ${k.title} AS title FROM ${k.from} WHERE t.id = ?1 AND ${k.campus} = ?2`,
  )
    .bind(id, campusId)
    .first<{ ownerId: string | null; hiddenAt: number | null; title: string }>();
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
  const hidByThis: Guard = {
    sql: `EXISTS (SELECT 1 FROM ${k.table} WHERE id = ? AND moderation_id = ?)`,
    params: [input.id, reportId],
  };
  const [insert, hide] = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO content_reports (id, campus_id, reporter_id, kind, subject_id, reason, note, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE EXISTS (SELECT 1 FROM ${k.from} WHERE t.id = ?5 AND ${k.campus} = ?2)
       ON CONFLICT (reporter_id, kind, subject_id) DO NOTHING`,
    ).bind(reportId, user.campusId, user.id, input.kind, input.id, input.reason, input.note ?? null, now),
    // The third different proven member's unresolved report hides it: only where this batch's insert
    // happened. Reports of accounts whose address nobody proved (the Open community's, or any stored
    // before reporting was gated) reach the queue but never count: such accounts cost nothing to make.
    // A copyright report of a library item hides it with the first (hidesAtOnce).
    env.DB.prepare(
      `UPDATE ${k.table} SET hidden_at = ?1, hidden_reason = ?2, moderation_id = ?3
       WHERE id = ?4 AND hidden_at IS NULL AND EXISTS (SELECT 1 FROM content_reports WHERE id = ?3)
         AND (?7 OR (SELECT COUNT(*) FROM content_reports r JOIN users u ON u.id = r.reporter_id
              WHERE r.kind = ?5 AND r.subject_id = ?4 AND r.resolved_at IS NULL AND u.email_verified_at IS NOT NULL AND u.deleted_at IS NULL) >= ?6)`,
    ).bind(now, hiddenReason, reportId, input.id, input.kind, AUTO_HIDE_AT, atOnce ? 1 : 0),
    auditStatement(
      env,
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
          noticeStatement(
            env,
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
  return { counted: (insert!.meta.changes ?? 0) === 1, hidden: (hide!.meta.changes ?? 0) === 1 };
}
