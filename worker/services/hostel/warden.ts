import { z } from "zod";
import { ApiError } from "#server/lib/errors.ts";
import { optionalUserText, parseWith } from "#server/lib/validate.ts";
import {
  categoryLabel,
  complaintStatusLabel,
  type ComplaintCategory,
  type ComplaintStatus,
} from "#common/hostel-labels.ts";
import { median, OVERDUE_MS } from "#common/staff.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import {
  changeComplaintStatus,
  getComplaint,
  statusChangeSchema,
  type ComplaintView,
} from "#server/services/hostel/complaints.ts";
import { type MoveRequest, pendingMoves } from "#server/services/hostel/block-moves.ts";
import {
  audit,
  mayStaff,
  notice,
  notices,
  staffGrants,
  staffRefusal,
  type StaffGrant,
} from "#server/services/staff.ts";
import { batch, first, int, oneOf, select, sql, update } from "#server/db/sql.ts";
import { hostelBlocks, hostelComplaints, users } from "#server/db/tables.generated.ts";

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

type Staff = Pick<SessionUser, "id" | "campusId">;

/** The staff member may act on the complaint row `complaint` (its block). */
const staffOfBlock = (user: Staff, complaint: typeof hostelComplaints) =>
  sql`EXISTS (SELECT 1 FROM staff_roles s WHERE s.user_id = ${user.id} AND s.campus_id = ${user.campusId} AND (s.role = 'admin' OR (s.role = 'warden' AND s.block_id = ${complaint.block_id})))`;
/** The blocks (of the staff member's campus) a staff member may see. */
const blocksOfStaff = (user: Staff) =>
  sql`SELECT b.id FROM hostel_blocks b WHERE b.campus_id = ${user.campusId} AND EXISTS (SELECT 1 FROM staff_roles s WHERE s.user_id = ${user.id} AND s.campus_id = b.campus_id AND (s.role = 'admin' OR (s.role = 'warden' AND s.block_id = b.id)))`;

const [c, b, u] = [hostelComplaints.as("c"), hostelBlocks.as("b"), users.as("u")];

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
  const [grants, blocks, queue, resolved, moves] = await batch(env, [
    staffGrants(user),
    select({ id: b.id, name: b.name }, sql`FROM ${b} WHERE ${b.id} IN (${blocksOfStaff(user)}) ORDER BY ${b.position}`),
    select(
      {
        id: c.id,
        category: c.category,
        blockId: c.block_id,
        blockName: b.name,
        room: c.room,
        description: c.description,
        // Active ones only (the WHERE below).
        status: oneOf(["open", "in_progress"] as const, sql`${c.status}`),
        statusNote: c.status_note,
        photoKey: c.photo_key,
        createdAt: c.created_at,
        authorName: u.name,
        meTooCount: int(sql`(SELECT COUNT(*) FROM hostel_complaint_me_too m WHERE m.complaint_id = ${c.id})`),
      },
      sql`FROM ${c} JOIN ${b} ON ${b.id} = ${c.block_id} JOIN ${u} ON ${u.id} = ${c.user_id}
        WHERE ${c.status} IN ('open', 'in_progress') AND ${c.block_id} IN (${blocksOfStaff(user)})
        ORDER BY CASE ${c.status} WHEN 'open' THEN 0 ELSE 1 END, meTooCount DESC, ${c.created_at} ASC LIMIT ${QUEUE_LIMIT}`,
    ),
    select(
      { blockId: c.block_id, ms: int(sql`${c.resolved_at} - ${c.created_at}`) },
      sql`FROM ${c} WHERE ${c.status} = 'resolved' AND ${c.resolved_at} >= ${now - MEDIAN_WINDOW_MS} AND ${c.block_id} IN (${blocksOfStaff(user)})`,
    ),
    pendingMoves(user),
  ]);
  const byBlock = new Map<string, number[]>();
  for (const row of resolved.rows) byBlock.set(row.blockId, [...(byBlock.get(row.blockId) ?? []), row.ms]);
  return {
    grants: grants.rows,
    moves: moves.rows,
    queue: queue.rows.map(({ photoKey, ...row }) => ({
      ...row,
      // First name only, as the block sees it.
      authorName: row.authorName.split(/\s+/)[0] ?? "",
      photoUrl: photoKey ? `/api/hostel/complaints/${row.id}/photo` : null,
      overdue: row.status === "open" && now - row.createdAt > OVERDUE_MS,
    })),
    resolveTimes: blocks.rows.map((block) => {
      const times = byBlock.get(block.id) ?? [];
      return { blockId: block.id, blockName: block.name, medianMs: median(times), resolved: times.length };
    }),
  };
}

/** The complaint a status change is of. */
const complaintQuery = (id: string, user: Staff) =>
  select(
    {
      id: c.id,
      userId: c.user_id,
      blockId: c.block_id,
      blockName: b.name,
      room: c.room,
      category: c.category,
      status: c.status,
    },
    sql`FROM ${c} JOIN ${b} ON ${b.id} = ${c.block_id} WHERE ${c.id} = ${id} AND ${b.campus_id} = ${user.campusId}`,
  );
type ComplaintRow = NonNullable<ReturnType<typeof complaintQuery>["row"]>;

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
  const [complaints, grantRows] = await batch(env, [complaintQuery(id, user), staffGrants(user)]);
  const complaint = complaints.rows[0];
  const grants = grantRows.rows;
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
  const done = sql`EXISTS (SELECT 1 FROM hostel_complaints WHERE id = ${complaint.id} AND status_audit_id = ${auditId})`;
  const what = `${categoryLabel[complaint.category]} complaint, ${complaint.blockName.split(" (")[0]} room ${complaint.room}`;
  const statusText = complaintStatusLabel[status].toLowerCase();
  const text = note ? `${what}. The warden's note: ${note}` : `${what}.`;
  const [updated] = await batch(env, [
    update(
      hostelComplaints,
      {
        status,
        status_note: note,
        status_audit_id: auditId,
        updated_at: now,
        resolved_at: status === "resolved" ? now : null,
      },
      sql`WHERE id = ${complaint.id} AND status IN ${sql.list(from)} AND ${staffOfBlock(user, hostelComplaints)}`,
    ),
    audit(
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
    notice(
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
    notices(
      sql`SELECT user_id FROM hostel_complaint_me_too WHERE complaint_id = ${complaint.id} AND user_id <> ${complaint.userId}`,
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
  if (updated.changes !== 1) {
    const current = await first(
      env,
      select({ status: hostelComplaints.status }, sql`FROM ${hostelComplaints} WHERE id = ${complaint.id}`),
    );
    throw conflict(current?.status ?? complaint.status, status);
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
