import type { ReportKind } from "#common/moderation.ts";
import { batch, int, intOrNull, type Query, select, sql, text, textOrNull } from "#server/db/sql.ts";
import { contentReports, users } from "#server/db/tables.generated.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { mayStaff, requireStaff, type StaffGrant, staffGrants } from "#server/services/staff.ts";

// What the moderators read (docs/decisions/0082-reports-and-moderation.md): the queue of reported
// content of their campus, and the members suspended now. Each is one statement, read in a batch
// with the caller's roles (or with the other consoles of /staff).

type Member = Pick<SessionUser, "id" | "campusId">;

export interface QueueReport {
  reason: string;
  note: string | null;
  at: number;
}

export interface QueueItem {
  kind: ReportKind;
  id: string;
  title: string;
  /** Null: a library item whose uploader deleted their account. */
  ownerId: string | null;
  ownerName: string;
  hiddenAt: number | null;
  hiddenReason: string | null;
  ownerSuspendedUntil: number | null;
  reportCount: number;
  lastReportAt: number;
  reports: QueueReport[];
}

const QUEUE_LIMIT = 50;

const r = contentReports.as("r");

/** The content of the moderator's campus with unresolved reports, the most reported and then the newest first: ONE query. */
export function queue(campusId: string) {
  return select(
    {
      kind: r.kind,
      id: r.subject_id,
      reportCount: int(sql`COUNT(*)`),
      lastReportAt: int(sql`MAX(r.created_at)`),
      reports: text(sql`json_group_array(json_object('reason', r.reason, 'note', r.note, 'at', r.created_at))`),
      title: text(
        sql`COALESCE(p.title, s.title, substr(m.about, 1, 80), substr(c.description, 1, 80), l.title, f.title)`,
      ),
      ownerId: textOrNull(sql`COALESCE(p.seller_id, s.owner_id, m.user_id, c.user_id, l.uploader_id, f.user_id)`),
      hiddenAt: intOrNull(sql`COALESCE(p.hidden_at, s.hidden_at, m.hidden_at, c.hidden_at, l.hidden_at, f.hidden_at)`),
      hiddenReason: textOrNull(
        sql`COALESCE(p.hidden_reason, s.hidden_reason, m.hidden_reason, c.hidden_reason, l.hidden_reason, f.hidden_reason)`,
      ),
      ownerName: text(sql`COALESCE(u.name, 'Deleted student')`),
      ownerSuspendedUntil: intOrNull(sql`u.suspended_until`),
    },
    sql`FROM ${r}
     LEFT JOIN products p ON r.kind = 'listing' AND p.id = r.subject_id
     LEFT JOIN study_requests s ON r.kind = 'request' AND s.id = r.subject_id
     LEFT JOIN roommate_listings m ON r.kind = 'roommate' AND m.id = r.subject_id
     LEFT JOIN hostel_complaints c ON r.kind = 'complaint' AND c.id = r.subject_id
     LEFT JOIN library_items l ON r.kind = 'library' AND l.id = r.subject_id
     LEFT JOIN lost_found_posts f ON r.kind = 'lostfound' AND f.id = r.subject_id
     LEFT JOIN users u ON u.id = COALESCE(p.seller_id, s.owner_id, m.user_id, c.user_id, l.uploader_id, f.user_id)
     WHERE r.campus_id = ${campusId} AND r.resolved_at IS NULL
       AND COALESCE(p.id, s.id, m.id, c.id, l.id, f.id) IS NOT NULL
     GROUP BY r.kind, r.subject_id
     ORDER BY reportCount DESC, lastReportAt DESC
     LIMIT ${sql.raw(String(QUEUE_LIMIT))}`,
  );
}

type QueueRow = ReturnType<typeof queue> extends Query<infer Row> ? Row : never;

export function toQueue(rows: QueueRow[], now = Date.now()): QueueItem[] {
  return rows.map((row) => ({
    ...row,
    ownerSuspendedUntil:
      row.ownerSuspendedUntil !== null && row.ownerSuspendedUntil > now ? row.ownerSuspendedUntil : null,
    // The reports' JSON as json_group_array wrote it just above.
    reports: (JSON.parse(row.reports) as QueueReport[]).sort((a, b) => b.at - a.at),
  }));
}

export async function readQueue(env: Env, user: Member): Promise<QueueItem[]> {
  // The caller's roles and the queue in one batch; the queue is returned only to a moderator or admin.
  const [grants, rows] = await batch(env, [staffGrants(user), queue(user.campusId)]);
  await requireStaff(env, user, "moderator", {}, grants.rows);
  return toQueue(rows.rows);
}

export interface SuspendedMember {
  userId: string;
  name: string;
  until: number;
  reason: string | null;
}

const SUSPENDED_LIMIT = 100;

/** The campus's members suspended now, the soonest to end first: ONE query (an index on campus and end). */
export function suspended(campusId: string, now = Date.now()): Query<SuspendedMember> {
  return select(
    { userId: users.id, name: users.name, until: int(sql`suspended_until`), reason: users.suspension_reason },
    sql`FROM ${users}
     WHERE campus_id = ${campusId} AND suspended_until IS NOT NULL AND suspended_until > ${now} AND deleted_at IS NULL
     ORDER BY suspended_until LIMIT ${sql.raw(String(SUSPENDED_LIMIT))}`,
  );
}

/** `GET /api/moderation/suspensions`: the caller's roles and the list in one batch; only for a moderator or admin. */
export async function readSuspensions(env: Env, user: Member): Promise<SuspendedMember[]> {
  const [grants, rows] = await batch(env, [staffGrants(user), suspended(user.campusId)]);
  await requireStaff(env, user, "moderator", {}, grants.rows);
  return rows.rows;
}

/**
 * The queue's one statement, for a page that reads it in a D1 batch with others (/staff: an admin
 * sees every console in one round trip); null when the roles do not include moderating.
 */
export function moderationQueue(user: Member, grants: StaffGrant[]) {
  return mayStaff(grants, "moderator") ? queue(user.campusId) : null;
}
