import { z } from "zod";
import { ApiError } from "#server/lib/errors.ts";
import { optionalUserText, parseWith } from "#server/lib/validate.ts";
import { categoryLabel, complaintStatusLabel, type ComplaintCategory } from "#common/hostel-labels.ts";
import { median, OVERDUE_MS } from "#common/staff.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import {
  changeComplaintStatus,
  getComplaint,
  statusChangeSchema,
  type ComplaintStatus,
  type ComplaintView,
} from "#server/services/hostel/complaints.ts";
import { type MoveRequest, pendingMovesStatement } from "#server/services/hostel/block-moves.ts";
import {
  auditStatement,
  type Guard,
  mayStaff,
  noticesStatement,
  noticeStatement,
  staffGrantsStatement,
  staffRefusal,
  type StaffGrant,
} from "#server/services/staff.ts";

// The warden's side of hostel complaints: the queue of their blocks, the status changes
// open -> in progress -> resolved with a note the student sees, and the median time to resolve.
// Every read and write is of the warden's blocks (a campus admin: every block of the campus).

const DAY = 86_400_000;
export const MEDIAN_WINDOW_MS = 30 * DAY;
const QUEUE_LIMIT = 200;

/** `PATCH /api/hostel/complaints/:id/status` and /staff's Start work and Mark resolved. */
export const complaintStatusSchema = z.object({
  status: z.enum(["in_progress", "resolved", "withdrawn"], {
    error: "status must be in_progress, resolved or withdrawn.",
  }),
  note: optionalUserText({
    name: "The note",
    max: 500,
    multiline: true,
    tooLong: "Keep the note under 500 characters.",
  }),
});
export type ComplaintStatusInput = z.output<typeof complaintStatusSchema>;

/** Which statuses a warden may move a complaint from, to each status. */
const FROM: Record<"in_progress" | "resolved", ComplaintStatus[]> = {
  in_progress: ["open"],
  resolved: ["open", "in_progress"],
};

/** SQL: the staff member (?, ?: user, campus) may act on the complaint row `c` (its block). */
const STAFF_OF_BLOCK = `EXISTS (SELECT 1 FROM staff_roles s WHERE s.user_id = ? AND s.campus_id = ? AND (s.role = 'admin' OR (s.role = 'warden' AND s.block_id = c.block_id)))`;
/** SQL: the blocks (of campus ?) a staff member (?, ?) may see. */
const BLOCKS_OF_STAFF = `SELECT b.id FROM hostel_blocks b WHERE b.campus_id = ? AND EXISTS (SELECT 1 FROM staff_roles s WHERE s.user_id = ? AND s.campus_id = b.campus_id AND (s.role = 'admin' OR (s.role = 'warden' AND s.block_id = b.id)))`;

export interface QueueComplaint {
  id: string;
  category: ComplaintCategory;
  blockId: string;
  blockName: string;
  room: string;
  description: string;
  status: "open" | "in_progress";
  statusNote: string | null;
  meTooCount: number;
  authorName: string;
  photoUrl: string | null;
  createdAt: number;
  overdue: boolean;
}

export interface BlockResolveTime {
  blockId: string;
  blockName: string;
  /** Median milliseconds from filed to resolved, over complaints resolved in the last 30 days; null for none. */
  medianMs: number | null;
  resolved: number;
}

export interface WardenView {
  grants: StaffGrant[];
  /** Students waiting to move into the staff member's blocks (decision 0084). */
  moves: MoveRequest[];
  queue: QueueComplaint[];
  resolveTimes: BlockResolveTime[];
}

/**
 * The staff console's complaint data in ONE D1 round trip: the roles, the active complaints of the
 * staff member's blocks (open first, then the most "me too", then the oldest), and each block's
 * resolve times over the last 30 days.
 */
export async function readWardenView(env: Env, user: SessionUser, now = Date.now()): Promise<WardenView> {
  const [grants, blocks, queue, resolved, moves] = await env.DB.batch([
    staffGrantsStatement(env, user),
    env.DB.prepare(
      `SELECT b.id, b.name FROM hostel_blocks b WHERE b.id IN (${BLOCKS_OF_STAFF}) ORDER BY b.position`,
    ).bind(user.campusId, user.id),
    env.DB.prepare(
      `SELECT c.id, c.category, c.block_id AS blockId, b.name AS blockName, c.room, c.description, c.status, c.status_note AS statusNote,
              c.photo_key AS photoKey, c.created_at AS createdAt, u.name AS authorName,
              (SELECT COUNT(*) FROM hostel_complaint_me_too m WHERE m.complaint_id = c.id) AS meTooCount
       FROM hostel_complaints c JOIN hostel_blocks b ON b.id = c.block_id JOIN users u ON u.id = c.user_id
       WHERE c.status IN ('open', 'in_progress') AND c.block_id IN (${BLOCKS_OF_STAFF})
       ORDER BY CASE c.status WHEN 'open' THEN 0 ELSE 1 END, meTooCount DESC, c.created_at ASC LIMIT ${QUEUE_LIMIT}`,
    ).bind(user.campusId, user.id),
    env.DB.prepare(
      `SELECT c.block_id AS blockId, c.resolved_at - c.created_at AS ms FROM hostel_complaints c
       WHERE c.status = 'resolved' AND c.resolved_at >= ? AND c.block_id IN (${BLOCKS_OF_STAFF})`,
    ).bind(now - MEDIAN_WINDOW_MS, user.campusId, user.id),
    pendingMovesStatement(env, user),
  ]);
  type QueueRow = Omit<QueueComplaint, "overdue" | "photoUrl"> & { photoKey: string | null };
  const byBlock = new Map<string, number[]>();
  for (const row of resolved!.results as { blockId: string; ms: number }[])
    byBlock.set(row.blockId, [...(byBlock.get(row.blockId) ?? []), row.ms]);
  return {
    grants: grants!.results as StaffGrant[],
    moves: moves!.results as MoveRequest[],
    queue: (queue!.results as QueueRow[]).map(({ photoKey, ...row }) => ({
      ...row,
      // First name only, as the block sees it.
      authorName: row.authorName.split(/\s+/)[0] ?? "",
      photoUrl: photoKey ? `/api/hostel/complaints/${row.id}/photo` : null,
      overdue: row.status === "open" && now - row.createdAt > OVERDUE_MS,
    })),
    resolveTimes: (blocks!.results as { id: string; name: string }[]).map((b) => {
      const times = byBlock.get(b.id) ?? [];
      return { blockId: b.id, blockName: b.name, medianMs: median(times), resolved: times.length };
    }),
  };
}

interface ComplaintRow {
  id: string;
  userId: string;
  blockId: string;
  blockName: string;
  room: string;
  category: ComplaintCategory;
  status: ComplaintStatus;
}

/**
 * `PATCH /api/hostel/complaints/:id/status` and the /staff page's action. The warden of the
 * complaint's block (or the campus admin) moves it open -> in progress -> resolved with a note; the
 * student who filed it keeps what they could do before (resolve or withdraw their own, no note).
 * Another campus's complaint is a 404, as everywhere; anyone else gets a 403.
 */
export async function setComplaintStatus(
  env: Env,
  user: SessionUser,
  id: string,
  { status, note }: ComplaintStatusInput,
): Promise<ComplaintView> {
  const [complaintResult, grantsResult] = await env.DB.batch([
    env.DB.prepare(
      `SELECT c.id, c.user_id AS userId, c.block_id AS blockId, b.name AS blockName, c.room, c.category, c.status
       FROM hostel_complaints c JOIN hostel_blocks b ON b.id = c.block_id WHERE c.id = ?1 AND b.campus_id = ?2`,
    ).bind(id, user.campusId),
    staffGrantsStatement(env, user),
  ]);
  const complaint = complaintResult!.results[0] as ComplaintRow | undefined;
  const grants = grantsResult!.results as StaffGrant[];
  if (!complaint || (complaint.status === "withdrawn" && complaint.userId !== user.id))
    throw new ApiError(404, "There is no complaint with that id.");
  const isStaff = mayStaff(grants, "warden", { blockId: complaint.blockId });
  if (isStaff && status !== "withdrawn") return staffChange(env, user, complaint, status, note);
  if (complaint.userId === user.id) {
    if (note !== null) throw new ApiError(400, "Only the warden adds a note to a status change.", { field: "note" });
    // The author keeps what PATCH /complaints/:id lets them do: resolve or withdraw (400 otherwise).
    return changeComplaintStatus(env, user, id, parseWith(statusChangeSchema, { status }));
  }
  if (isStaff) throw new ApiError(400, "Only the student who filed a complaint can withdraw it.", { field: "status" });
  if (grants.length > 0) throw staffRefusal("warden", { blockId: complaint.blockId }, complaint.blockName);
  throw new ApiError(403, "Only the student who filed this complaint can change it.");
}

async function staffChange(
  env: Env,
  user: SessionUser,
  complaint: ComplaintRow,
  status: "in_progress" | "resolved",
  note: string | null,
): Promise<ComplaintView> {
  const from = FROM[status];
  if (!from.includes(complaint.status)) throw conflict(complaint.status, status);
  const now = Date.now();
  const auditId = crypto.randomUUID();
  // The audit line and the notices are written only where the UPDATE put this change's audit id on
  // the complaint: of two simultaneous changes, one writes all three and the other nothing.
  const done: Guard = {
    sql: "EXISTS (SELECT 1 FROM hostel_complaints WHERE id = ? AND status_audit_id = ?)",
    params: [complaint.id, auditId],
  };
  const what = `${categoryLabel[complaint.category]} complaint, ${complaint.blockName.split(" (")[0]} room ${complaint.room}`;
  const statusText = complaintStatusLabel[status].toLowerCase();
  const text = note ? `${what}. The warden's note: ${note}` : `${what}.`;
  const [updated] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE hostel_complaints AS c SET status = ?, status_note = ?, status_audit_id = ?, updated_at = ?, resolved_at = CASE WHEN ? = 'resolved' THEN ? ELSE NULL END
       WHERE c.id = ? AND c.status IN (${from.map(() => "?").join(", ")}) AND ${STAFF_OF_BLOCK}`,
    ).bind(status, note, auditId, now, status, now, complaint.id, ...from, user.id, user.campusId),
    auditStatement(
      env,
      {
        id: auditId,
        campusId: user.campusId,
        actorId: user.id,
        action: `complaint.${status}`,
        subjectKind: "complaint",
        subjectId: complaint.id,
        studentId: complaint.userId,
        note,
        at: now,
      },
      done,
    ),
    noticeStatement(
      env,
      complaint.userId,
      {
        kind: "complaint.status",
        title: `Your complaint is ${statusText}`,
        text,
        link: "/hostel-complaints?view=mine",
        at: now,
      },
      done,
    ),
    // Everyone who said "me too" has the same problem and hears the same news.
    noticesStatement(
      env,
      {
        sql: "SELECT user_id FROM hostel_complaint_me_too WHERE complaint_id = ? AND user_id <> ?",
        params: [complaint.id, complaint.userId],
      },
      {
        kind: "complaint.status",
        title: `A complaint you backed is ${statusText}`,
        text,
        link: "/hostel-complaints",
        at: now,
      },
      done,
    ),
  ]);
  if ((updated?.meta.changes ?? 0) !== 1) {
    const now = await env.DB.prepare("SELECT status FROM hostel_complaints WHERE id = ?1")
      .bind(complaint.id)
      .first<{ status: ComplaintStatus }>();
    throw conflict(now?.status ?? complaint.status, status);
  }
  return getComplaint(env, user, complaint.id);
}

function conflict(current: ComplaintStatus, wanted: "in_progress" | "resolved"): ApiError {
  if (current === wanted)
    return new ApiError(409, `This complaint is already ${complaintStatusLabel[current].toLowerCase()}.`);
  if (current === "withdrawn") return new ApiError(409, "The student has withdrawn this complaint.");
  return new ApiError(
    409,
    `This complaint is already ${complaintStatusLabel[current].toLowerCase()}; it cannot go back to ${complaintStatusLabel[wanted].toLowerCase()}.`,
  );
}
