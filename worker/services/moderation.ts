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
  REPORT_WHAT,
} from "#common/moderation.ts";
import { formatIndiaDateTime } from "#common/format.ts";
import { ApiError } from "#server/lib/errors.ts";
import { optionalUserText, parseWith, userText } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import { requireMayAct } from "#server/services/campus.ts";
import {
  auditStatement,
  type Guard,
  mayStaff,
  noticeStatement,
  requireStaff,
  type StaffGrant,
  staffGrantsStatement,
} from "#server/services/staff.ts";

// Reports and moderation (docs/decisions/0082-reports-and-moderation.md). A member reports
// content of their own campus once; the third member's report hides it in the same batch as its
// insert. Moderators (and campus admins) hide, restore, dismiss and suspend; each action writes its
// audit line and the owner's notice in the same batch.

type Member = Pick<SessionUser, "id" | "campusId">;
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

const KINDS: Record<ReportKind, KindTable> = {
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

const optionalNote = (name: string, max: number) => optionalUserText({ name, max }).optional();

export const reportSchema = z.object({
  kind: z.enum(REPORT_KINDS, { error: "kind must be listing, request, roommate or complaint." }),
  id: z
    .string({ error: "id must be the id of what you report." })
    .trim()
    .min(1, "id must be the id of what you report.")
    .max(64, "id must be the id of what you report."),
  reason: z.enum(REPORT_REASONS, {
    error: "Choose a reason: scam, offensive, wrong_category, personal_information, graded_work or other.",
  }),
  note: optionalNote("The note", 500),
});

export interface ReportResult {
  /** False: this member had reported it before; nothing was written. */
  counted: boolean;
  /** This report was the one that hid it. */
  hidden: boolean;
}

const REPORT_LIMITED = "Too many reports in a minute. Please wait a minute and try again.";

/** Reads the content of `kind` at the member's campus: its owner and hidden state; null when it does not exist there. */
async function findContent(env: Env, kind: ReportKind, id: string, campusId: string) {
  const k = KINDS[kind];
  return env.DB.prepare(
    `SELECT t.${k.owner} AS ownerId, t.hidden_at AS hiddenAt, ${k.title} AS title FROM ${k.from} WHERE t.id = ?1 AND ${k.campus} = ?2`,
  )
    .bind(id, campusId)
    .first<{ ownerId: string; hiddenAt: number | null; title: string }>();
}

export async function reportContent(
  env: Env,
  user: Reporter,
  input: z.output<typeof reportSchema>,
): Promise<ReportResult> {
  // A report can take content off the campus: only a proven member who is not suspended may make one
  // (docs/decisions/0094-reports-by-proven-members.md).
  requireMayAct(user, REPORT_WHAT);
  const { success } = await env.POST_LIMITER.limit({ key: `report:${user.id}` });
  if (!success) throw new ApiError(429, REPORT_LIMITED);
  const k = KINDS[input.kind];
  const found = await findContent(env, input.kind, input.id, user.campusId);
  if (!found || (found.hiddenAt !== null && found.ownerId !== user.id))
    throw new ApiError(404, `There is no ${kindLabel[input.kind]} with that id.`);
  if (found.ownerId === user.id) throw new ApiError(400, `You cannot report your own ${kindLabel[input.kind]}.`);
  const reportId = crypto.randomUUID();
  const now = Date.now();
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
    env.DB.prepare(
      `UPDATE ${k.table} SET hidden_at = ?1, hidden_reason = ?2, moderation_id = ?3
       WHERE id = ?4 AND hidden_at IS NULL AND EXISTS (SELECT 1 FROM content_reports WHERE id = ?3)
         AND (SELECT COUNT(*) FROM content_reports r JOIN users u ON u.id = r.reporter_id
              WHERE r.kind = ?5 AND r.subject_id = ?4 AND r.resolved_at IS NULL AND u.email_verified_at IS NOT NULL AND u.deleted_at IS NULL) >= ?6`,
    ).bind(now, AUTO_HIDE_REASON, reportId, input.id, input.kind, AUTO_HIDE_AT),
    auditStatement(
      env,
      {
        campusId: user.campusId,
        actorId: null,
        action: "auto_hide",
        subjectKind: input.kind,
        subjectId: input.id,
        studentId: found.ownerId,
        note: AUTO_HIDE_REASON,
        at: now,
      },
      hidByThis,
    ),
    noticeStatement(
      env,
      found.ownerId,
      {
        kind: "moderation",
        title: `Your ${kindLabel[input.kind]} is hidden`,
        text: `"${found.title}" is hidden: ${AUTO_HIDE_REASON}`,
        link: k.link(input.id),
        at: now,
      },
      hidByThis,
    ),
  ]);
  return { counted: (insert!.meta.changes ?? 0) === 1, hidden: (hide!.meta.changes ?? 0) === 1 };
}

// The moderators' queue and actions.

export interface QueueReport {
  reason: string;
  note: string | null;
  at: number;
}

export interface QueueItem {
  kind: ReportKind;
  id: string;
  title: string;
  ownerId: string;
  ownerName: string;
  hiddenAt: number | null;
  hiddenReason: string | null;
  ownerSuspendedUntil: number | null;
  reportCount: number;
  lastReportAt: number;
  reports: QueueReport[];
}

const QUEUE_LIMIT = 50;

/** The content of the moderator's campus with unresolved reports, the most reported and then the newest first: ONE query. */
export function queueStatement(env: Env, campusId: string): D1PreparedStatement {
  return env.DB.prepare(
    `SELECT r.kind, r.subject_id AS id, COUNT(*) AS reportCount, MAX(r.created_at) AS lastReportAt,
       json_group_array(json_object('reason', r.reason, 'note', r.note, 'at', r.created_at)) AS reports,
       COALESCE(p.title, s.title, substr(m.about, 1, 80), substr(c.description, 1, 80)) AS title,
       COALESCE(p.seller_id, s.owner_id, m.user_id, c.user_id) AS ownerId,
       COALESCE(p.hidden_at, s.hidden_at, m.hidden_at, c.hidden_at) AS hiddenAt,
       COALESCE(p.hidden_reason, s.hidden_reason, m.hidden_reason, c.hidden_reason) AS hiddenReason,
       u.name AS ownerName, u.suspended_until AS ownerSuspendedUntil
     FROM content_reports r
     LEFT JOIN products p ON r.kind = 'listing' AND p.id = r.subject_id
     LEFT JOIN study_requests s ON r.kind = 'request' AND s.id = r.subject_id
     LEFT JOIN roommate_listings m ON r.kind = 'roommate' AND m.id = r.subject_id
     LEFT JOIN hostel_complaints c ON r.kind = 'complaint' AND c.id = r.subject_id
     JOIN users u ON u.id = COALESCE(p.seller_id, s.owner_id, m.user_id, c.user_id)
     WHERE r.campus_id = ?1 AND r.resolved_at IS NULL
     GROUP BY r.kind, r.subject_id
     ORDER BY reportCount DESC, lastReportAt DESC
     LIMIT ${QUEUE_LIMIT}`,
  ).bind(campusId);
}

type QueueRow = Omit<QueueItem, "reports"> & { reports: string };

export function toQueue(rows: QueueRow[], now = Date.now()): QueueItem[] {
  return rows.map((row) => ({
    ...row,
    ownerSuspendedUntil:
      row.ownerSuspendedUntil !== null && row.ownerSuspendedUntil > now ? row.ownerSuspendedUntil : null,
    reports: (JSON.parse(row.reports) as QueueReport[]).sort((a, b) => b.at - a.at),
  }));
}

export async function readQueue(env: Env, user: Member): Promise<QueueItem[]> {
  // The caller's roles and the queue in one batch; the queue is returned only to a moderator or admin.
  const [grants, rows] = await env.DB.batch([staffGrantsStatement(env, user), queueStatement(env, user.campusId)]);
  await requireStaff(env, user, "moderator", {}, grants!.results as StaffGrant[]);
  return toQueue(rows!.results as QueueRow[]);
}

const reasonText = userText({ name: "The reason", max: 300, missing: "Give a reason the student will see." });

export const moderationActionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({
      action: z.literal("hide"),
      kind: z.enum(REPORT_KINDS),
      id: z.string().trim().min(1).max(64),
      reason: reasonText,
    }),
    z.object({
      action: z.literal("restore"),
      kind: z.enum(REPORT_KINDS),
      id: z.string().trim().min(1).max(64),
      reason: optionalNote("The note", 300),
    }),
    z.object({
      action: z.literal("dismiss"),
      kind: z.enum(REPORT_KINDS),
      id: z.string().trim().min(1).max(64),
      reason: optionalNote("The note", 300),
    }),
    z.object({
      action: z.literal("suspend"),
      kind: z.enum(REPORT_KINDS),
      id: z.string().trim().min(1).max(64),
      reason: reasonText,
      days: z.coerce
        .number({ error: "Suspend for 1 to 90 days." })
        .int("Suspend for a whole number of days.")
        .min(1, "Suspend for 1 to 90 days.")
        .max(90, "Suspend for 1 to 90 days."),
    }),
    // Ends a suspension early: the student (not a piece of content) is the subject.
    z.object({
      action: z.literal("lift"),
      userId: z
        .string({ error: "userId must be the suspended student's id." })
        .trim()
        .min(1, "userId must be the suspended student's id.")
        .max(64, "userId must be the suspended student's id."),
      reason: optionalNote("The note", 300),
    }),
  ],
  { error: "action must be hide, restore, dismiss, suspend or lift." },
);

export type ModerationAction = z.output<typeof moderationActionSchema>;

export const DAY_MS = 86_400_000;

/**
 * One moderation action on reported (or hidden) content of the moderator's campus: the change, the
 * reports resolved, its audit line and the owner's notice in ONE batch; the audit line and the notice
 * are written only where the change carries this action's id.
 */
export async function moderate(env: Env, user: Member, input: ModerationAction): Promise<{ message: string }> {
  const grants = await requireStaff(env, user, "moderator");
  // A script holding a moderator's session could otherwise hide or suspend a whole campus in a minute.
  const { success } = await env.POST_LIMITER.limit({ key: `moderate:${user.id}` });
  if (!success) throw new ApiError(429, "Too many moderation actions in a minute. Please wait a minute and try again.");
  if (input.action === "lift") return liftSuspension(env, user, grants, input);
  const k = KINDS[input.kind];
  const found = await findContent(env, input.kind, input.id, user.campusId);
  if (!found) throw new ApiError(404, `There is no ${kindLabel[input.kind]} with that id.`);
  const auditId = crypto.randomUUID();
  const now = Date.now();
  const label = kindLabel[input.kind];
  const link = k.link(input.id);
  const audit = (action: string, note: string | null, guard: Guard) =>
    auditStatement(
      env,
      {
        id: auditId,
        campusId: user.campusId,
        actorId: user.id,
        action,
        subjectKind: input.kind,
        subjectId: input.id,
        studentId: found.ownerId,
        note,
        at: now,
      },
      guard,
    );
  const carries: Guard = {
    sql: `EXISTS (SELECT 1 FROM ${k.table} WHERE id = ? AND moderation_id = ?)`,
    params: [input.id, auditId],
  };
  const resolve = env.DB.prepare(
    "UPDATE content_reports SET resolved_at = ?3 WHERE kind = ?1 AND subject_id = ?2 AND resolved_at IS NULL",
  ).bind(input.kind, input.id, now);

  if (input.action === "suspend") {
    if (found.ownerId === user.id) throw new ApiError(400, "You cannot suspend yourself.");
    const until = now + input.days * DAY_MS;
    const suspended: Guard = {
      sql: "EXISTS (SELECT 1 FROM users WHERE id = ? AND suspended_until = ? AND suspension_reason = ?)",
      params: [found.ownerId, until, input.reason],
    };
    const [update] = await env.DB.batch([
      // A campus admin is suspended only by another admin, and only while an admin who is not
      // suspended remains: checked inside the write, so a role changing mid-request cannot slip past.
      env.DB.prepare(
        `UPDATE users SET suspended_until = ?2, suspension_reason = ?3 WHERE id = ?1 AND campus_id = ?4 AND deleted_at IS NULL
           AND (NOT ${ADMIN_OF_CAMPUS("?1", "?4")} OR (${ADMIN_OF_CAMPUS("?5", "?4")} AND ${ANOTHER_ACTIVE_ADMIN("?1", "?4", "?6")}))`,
      ).bind(found.ownerId, until, input.reason, user.campusId, user.id, now),
      audit("suspend", `${input.days} d: ${input.reason}`, suspended),
      noticeStatement(
        env,
        found.ownerId,
        {
          kind: "moderation",
          title: "Your account is suspended",
          text: `Until ${formatIndiaDateTime(until)} you can read Campus but not post, buy or book: ${input.reason}`,
          link: null,
          at: now,
        },
        suspended,
      ),
    ]);
    if ((update!.meta.changes ?? 0) !== 1) return explainNoSuspension(env, user, found.ownerId, now);
    return { message: `Suspended until ${formatIndiaDateTime(until)}.` };
  }

  if (input.action === "hide") {
    await env.DB.batch([
      env.DB.prepare(`UPDATE ${k.table} SET hidden_at = ?2, hidden_reason = ?3, moderation_id = ?4 WHERE id = ?1`).bind(
        input.id,
        now,
        input.reason,
        auditId,
      ),
      resolve,
      audit("hide", input.reason, carries),
      noticeStatement(
        env,
        found.ownerId,
        {
          kind: "moderation",
          title: `Your ${label} is hidden`,
          text: `"${found.title}" was hidden by a moderator: ${input.reason}`,
          link,
          at: now,
        },
        carries,
      ),
    ]);
    return { message: `The ${label} is hidden.` };
  }

  if (input.action === "restore" && found.hiddenAt === null) throw new ApiError(409, `The ${label} is not hidden.`);
  // Restore and dismiss both make it visible again: a moderator looked and found nothing to hide.
  const [update] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE ${k.table} SET hidden_at = NULL, hidden_reason = NULL, moderation_id = ?2 WHERE id = ?1 AND (hidden_at IS NOT NULL OR ?3)`,
    ).bind(input.id, auditId, input.action === "dismiss" ? 1 : 0),
    resolve,
    audit(input.action, input.reason ?? null, carries),
    ...(found.hiddenAt !== null
      ? [
          noticeStatement(
            env,
            found.ownerId,
            {
              kind: "moderation",
              title: `Your ${label} is visible again`,
              text: `A moderator restored "${found.title}".`,
              link,
              at: now,
            },
            carries,
          ),
        ]
      : []),
  ]);
  if (input.action === "restore" && (update!.meta.changes ?? 0) !== 1)
    throw new ApiError(409, `The ${label} is not hidden.`);
  return { message: input.action === "restore" ? `The ${label} is visible again.` : "The reports are dismissed." };
}

/** SQL: `user` holds the admin role at `campus` (placeholders or literals of the statement). */
const ADMIN_OF_CAMPUS = (user: string, campus: string) =>
  `EXISTS (SELECT 1 FROM staff_roles x WHERE x.user_id = ${user} AND x.campus_id = ${campus} AND x.role = 'admin')`;
/** SQL: an admin of `campus` other than `user` is not suspended at `now`. */
const ANOTHER_ACTIVE_ADMIN = (user: string, campus: string, now: string) =>
  `EXISTS (SELECT 1 FROM staff_roles o JOIN users ou ON ou.id = o.user_id
     WHERE o.campus_id = ${campus} AND o.role = 'admin' AND o.user_id <> ${user} AND ou.deleted_at IS NULL AND (ou.suspended_until IS NULL OR ou.suspended_until <= ${now}))`;

export const MODERATION_MESSAGES = {
  adminsOnlyForAdmins: "Only a campus admin can suspend a campus admin.",
  adminsOnlyLift: "Only a campus admin can lift a campus admin's suspension.",
  lastAdmin:
    "A campus keeps one admin who is not suspended: lift a suspension or grant the admin role to someone else first.",
  noStudent: "There is no student of your campus with that id.",
  notSuspended: "That student is not suspended.",
  lifted: "The suspension is lifted. The student is told.",
} as const;

/** Why the conditional suspension wrote nothing, from one read: 404, 403 or 409. */
async function explainNoSuspension(env: Env, user: Member, studentId: string, now: number): Promise<never> {
  const row = await env.DB.prepare(
    `SELECT ${ADMIN_OF_CAMPUS("?1", "?2")} AS isAdmin, ${ADMIN_OF_CAMPUS("?3", "?2")} AS actorIsAdmin, ${ANOTHER_ACTIVE_ADMIN("?1", "?2", "?4")} AS anotherAdmin
     FROM users WHERE id = ?1 AND campus_id = ?2 AND deleted_at IS NULL`,
  )
    .bind(studentId, user.campusId, user.id, now)
    .first<{ isAdmin: number; actorIsAdmin: number; anotherAdmin: number }>();
  if (!row) throw new ApiError(404, "That student's account no longer exists.");
  if (row.isAdmin && !row.actorIsAdmin)
    throw new ApiError(403, MODERATION_MESSAGES.adminsOnlyForAdmins, { code: "staff_only" });
  if (row.isAdmin && !row.anotherAdmin) throw new ApiError(409, MODERATION_MESSAGES.lastAdmin);
  throw new ApiError(409, "The student's account changed while you were suspending it. Reload and try again.");
}

/**
 * Ends a student's suspension before its time (moderator or campus admin; a campus admin's only by an
 * admin). One batch: the audit line, written only while the student of this campus is suspended and
 * the caller may lift it; the student's notice and the lift itself only where that line exists.
 */
async function liftSuspension(
  env: Env,
  user: Member,
  grants: StaffGrant[],
  input: Extract<ModerationAction, { action: "lift" }>,
): Promise<{ message: string }> {
  const now = Date.now();
  const target = await env.DB.prepare(
    `SELECT ${ADMIN_OF_CAMPUS("?1", "?2")} AS isAdmin FROM users WHERE id = ?1 AND campus_id = ?2 AND deleted_at IS NULL`,
  )
    .bind(input.userId, user.campusId)
    .first<{ isAdmin: number }>();
  if (!target) throw new ApiError(404, MODERATION_MESSAGES.noStudent);
  if (target.isAdmin && !grants.some((g) => g.role === "admin"))
    throw new ApiError(403, MODERATION_MESSAGES.adminsOnlyLift, { code: "staff_only" });
  const auditId = crypto.randomUUID();
  const mayLift: Guard = {
    sql: `EXISTS (SELECT 1 FROM users WHERE id = ? AND campus_id = ? AND deleted_at IS NULL AND suspended_until > ?)
      AND EXISTS (SELECT 1 FROM staff_roles WHERE user_id = ? AND campus_id = ? AND role IN ('moderator', 'admin'))
      AND (NOT ${ADMIN_OF_CAMPUS("?", "?")} OR ${ADMIN_OF_CAMPUS("?", "?")})`,
    params: [
      input.userId,
      user.campusId,
      now,
      user.id,
      user.campusId,
      input.userId,
      user.campusId,
      user.id,
      user.campusId,
    ],
  };
  const written: Guard = { sql: "EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ?)", params: [auditId] };
  const note = input.reason ?? null;
  const [, , lifted] = await env.DB.batch([
    auditStatement(
      env,
      {
        id: auditId,
        campusId: user.campusId,
        actorId: user.id,
        action: "lift_suspension",
        subjectKind: "user",
        subjectId: input.userId,
        studentId: input.userId,
        note,
        at: now,
      },
      mayLift,
    ),
    noticeStatement(
      env,
      input.userId,
      {
        kind: "moderation",
        title: "Your suspension is lifted",
        text: `A moderator lifted your suspension: you can post, buy and book again.${note ? ` ${note}` : ""}`,
        link: null,
        at: now,
      },
      written,
    ),
    env.DB.prepare(
      "UPDATE users SET suspended_until = NULL, suspension_reason = NULL WHERE id = ?1 AND EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ?2)",
    ).bind(input.userId, auditId),
  ]);
  if ((lifted!.meta.changes ?? 0) !== 1) throw new ApiError(409, MODERATION_MESSAGES.notSuspended);
  return { message: MODERATION_MESSAGES.lifted };
}

export interface SuspendedMember {
  userId: string;
  name: string;
  until: number;
  reason: string | null;
}

const SUSPENDED_LIMIT = 100;

/** The campus's members suspended now, the soonest to end first: ONE query (an index on campus and end). */
export function suspendedStatement(env: Env, campusId: string, now = Date.now()): D1PreparedStatement {
  return env.DB.prepare(
    `SELECT id AS userId, name, suspended_until AS until, suspension_reason AS reason FROM users
     WHERE campus_id = ?1 AND suspended_until IS NOT NULL AND suspended_until > ?2 AND deleted_at IS NULL
     ORDER BY suspended_until LIMIT ${SUSPENDED_LIMIT}`,
  ).bind(campusId, now);
}

export function suspendedFrom(result: D1Result): SuspendedMember[] {
  return result.results as SuspendedMember[];
}

/** `GET /api/moderation/suspensions`: the caller's roles and the list in one batch; only for a moderator or admin. */
export async function readSuspensions(env: Env, user: Member): Promise<SuspendedMember[]> {
  const [grants, rows] = await env.DB.batch([staffGrantsStatement(env, user), suspendedStatement(env, user.campusId)]);
  await requireStaff(env, user, "moderator", {}, grants!.results as StaffGrant[]);
  return suspendedFrom(rows!);
}

/** The /staff page's moderation forms: `intent` mod-hide, mod-restore, mod-dismiss, mod-suspend or mod-lift with the form's fields. */
export function moderateFromForm(env: Env, user: Member, intent: string, form: FormData): Promise<{ message: string }> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const input = parseWith(moderationActionSchema, {
    action: intent.slice("mod-".length),
    kind: field("kind"),
    id: field("id"),
    reason: field("reason"),
    days: field("days"),
    userId: field("userId"),
  });
  return moderate(env, user, input);
}

/**
 * The queue's one statement, for a page that reads it in a D1 batch with others (/staff: an admin
 * sees every console in one round trip); null when the roles do not include moderating.
 */
export function moderationQueueStatement(env: Env, user: Member, grants: StaffGrant[]): D1PreparedStatement | null {
  return mayStaff(grants, "moderator") ? queueStatement(env, user.campusId) : null;
}

/** The queue from that statement's result. */
export function moderationQueueFrom(result: D1Result): QueueItem[] {
  return toQueue(result.results as QueueRow[]);
}

/** A page's "Report" form (intent "report"): the same rules as POST /api/reports. */
export async function reportFromForm(env: Env, user: Reporter, form: FormData): Promise<ReportResult> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return reportContent(
    env,
    user,
    parseWith(reportSchema, { kind: field("kind"), id: field("id"), reason: field("reason"), note: field("note") }),
  );
}

export const REPORTED = "Thank you: a moderator will look at it.";
