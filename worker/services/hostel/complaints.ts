import { visible } from "#server/services/moderation/reports.ts";
import { z } from "zod";
import { batch, first, int, returning, select, type Sql, sql, update } from "#server/db/sql.ts";
import { hostelBlocks, hostelComplaintMeToo, hostelComplaints, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { requireMayAct } from "#server/services/campus.ts";
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_STATUSES,
  type ComplaintCategory,
  type ComplaintStatus,
} from "#common/hostel-labels.ts";
import { HOSTEL_WRITES } from "#common/hostel-messages.ts";
import {
  blankToUndefined,
  type Block,
  blocksQuery,
  newcomersQuery,
  residenceBlockOf,
  residenceQuery,
  toResidence,
  toNewcomers,
  type Newcomer,
  type Residence,
} from "#server/services/hostel/common.ts";

// Hostel complaints as the students of a block read them (docs/decisions/0077-campus-hostel.md), a
// complaint's photo, and the two changes a student makes to one: "me too" and resolving or
// withdrawing their own. Filing one is ./complaint-filing.ts; the warden's side ./warden.ts.

export type { ComplaintStatus };

const LIST_LIMIT = 100;

export const complaintQuerySchema = z.object({
  view: z.preprocess(
    blankToUndefined,
    z.enum(["block", "mine"], { error: "view must be block or mine." }).default("block"),
  ),
  status: z.preprocess(
    blankToUndefined,
    z
      .enum(["active", ...COMPLAINT_STATUSES], {
        error: "status must be one of active, open, in_progress, resolved, withdrawn.",
      })
      .optional(),
  ),
  category: z.preprocess(
    blankToUndefined,
    z.enum(COMPLAINT_CATEGORIES, { error: `category must be one of ${COMPLAINT_CATEGORIES.join(", ")}.` }).optional(),
  ),
});
export type ComplaintQuery = z.output<typeof complaintQuerySchema>;

/** `PATCH /api/hostel/complaints/:id` and the screen's Mark resolved and Withdraw: the author's own change. */
export const statusChangeSchema = z.object({
  status: z.enum(["resolved", "withdrawn"], { error: "You can set status to resolved or withdrawn." }),
});
export type StatusChange = z.output<typeof statusChangeSchema>;

export interface ComplaintView {
  id: string;
  category: ComplaintCategory;
  blockId: string;
  blockName: string;
  room: string;
  description: string;
  status: ComplaintStatus;
  photoUrl: string | null;
  meTooCount: number;
  meToo: boolean;
  mine: boolean;
  authorName: string;
  createdAt: number;
  updatedAt: number;
  resolvedAt: number | null;
  /** The warden's note on the last status change; null when none. */
  statusNote: string | null;
  /** Why a moderator hid it (only its owner and staff still see a hidden complaint); null when shown to all. */
  hiddenReason: string | null;
}

const [c, u, b] = [hostelComplaints.as("c"), users.as("u"), hostelBlocks.as("b")];

function complaintColumns(userId: string) {
  return {
    id: c.id,
    userId: c.user_id,
    category: c.category,
    blockId: c.block_id,
    blockName: b.name,
    room: c.room,
    description: c.description,
    status: c.status,
    photoKey: c.photo_key,
    authorName: u.name,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    resolvedAt: c.resolved_at,
    statusNote: c.status_note,
    hiddenAt: c.hidden_at,
    hiddenReason: c.hidden_reason,
    meTooCount: int(sql`(SELECT COUNT(*) FROM hostel_complaint_me_too m WHERE m.complaint_id = ${c.id})`),
    meToo: int(
      sql`EXISTS (SELECT 1 FROM hostel_complaint_me_too m WHERE m.complaint_id = ${c.id} AND m.user_id = ${userId})`,
    ),
  };
}

type Row = NonNullable<ReturnType<typeof selectComplaints>["row"]>;

function toView(row: Row, userId: string): ComplaintView {
  return {
    id: row.id,
    category: row.category,
    blockId: row.blockId,
    blockName: row.blockName,
    room: row.room,
    description: row.description,
    status: row.status,
    photoUrl: row.photoKey ? `/api/hostel/complaints/${row.id}/photo` : null,
    meTooCount: row.meTooCount,
    meToo: row.meToo === 1,
    mine: row.userId === userId,
    // First name only: the block sees the problem, not a full name.
    authorName: row.authorName.split(/\s+/)[0] ?? "",
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    resolvedAt: row.resolvedAt,
    statusNote: row.statusNote,
    hiddenReason: row.hiddenAt !== null ? (row.hiddenReason ?? "Hidden by a moderator.") : null,
  };
}

/** The complaints (`c`, with their author `u` and block `b`) that `rest` (WHERE ...) picks. */
function selectComplaints(userId: string, rest: Sql) {
  return select(
    complaintColumns(userId),
    sql`FROM ${c} JOIN ${u} ON ${u.id} = ${c.user_id} JOIN ${b} ON ${b.id} = ${c.block_id} ${rest}`,
  );
}

/** Only complaints filed in a block of the student's own campus exist for them. */
const ofCampus = (user: SessionUser) =>
  sql`${b.campus_id} = ${user.campusId} AND ${visible(c.hidden_at, c.user_id, b.campus_id, user.id)}`;

export async function getComplaint(env: Env, user: SessionUser, id: string): Promise<ComplaintView> {
  const row = await first(env, selectComplaints(user.id, sql`WHERE ${c.id} = ${id} AND ${ofCampus(user)} LIMIT 1`));
  if (!row || (row.status === "withdrawn" && row.userId !== user.id))
    throw new ApiError(404, "There is no complaint with that id.");
  return toView(row, user.id);
}

export interface ComplaintList {
  residence: Residence | null;
  complaints: ComplaintView[];
  /** The block view only: who joined the student's block in the last 7 days (first names). */
  newcomers: Newcomer[];
  newcomerCount: number;
}

/**
 * "block": the complaints of the student's own block, unresolved ones by default, the most "me too"
 * first. "mine": the student's own complaints, newest first, including withdrawn ones. With the
 * residence, the block's newcomers and the campus's blocks (for the screen's forms), in ONE D1
 * round trip: the block is read inside each query from the residence.
 */
export async function readComplaints(
  env: Env,
  user: SessionUser,
  query: ComplaintQuery,
): Promise<ComplaintList & { blocks: Block[] }> {
  const block = residenceBlockOf(user.id);
  const where: Sql[] = [ofCampus(user)];
  if (query.view === "mine") {
    where.push(sql`${c.user_id} = ${user.id}`);
    if (query.status === "active") where.push(sql`${c.status} IN ('open', 'in_progress')`);
    else if (query.status) where.push(sql`${c.status} = ${query.status}`);
  } else {
    // No residence: the subquery is NULL and matches nothing.
    where.push(sql`${c.block_id} = ${block}`);
    const status = query.status ?? "active";
    if (status === "withdrawn")
      where.push(sql`0`); // withdrawn ones are their author's only
    else if (status === "active") where.push(sql`${c.status} IN ('open', 'in_progress')`);
    else where.push(sql`${c.status} = ${status}`);
  }
  if (query.category) where.push(sql`${c.category} = ${query.category}`);
  const order = query.view === "mine" ? sql`${c.created_at} DESC` : sql`meTooCount DESC, ${c.created_at} DESC`;
  const [blocks, residence, rows, newcomerRows] = await batch(env, [
    blocksQuery(user.campusId),
    residenceQuery(user.id),
    selectComplaints(user.id, sql`WHERE ${sql.join(where, " AND ")} ORDER BY ${order} LIMIT ${LIST_LIMIT}`),
    newcomersQuery(block),
  ]);
  const residenceRow = residence.rows[0];
  const newcomers =
    query.view === "block" && residenceRow
      ? toNewcomers(newcomerRows.rows, user.id)
      : { newcomers: [], newcomerCount: 0 };
  return {
    blocks: blocks.rows,
    residence: toResidence(residenceRow),
    complaints: rows.rows.map((row) => toView(row, user.id)),
    ...newcomers,
  };
}

export async function listComplaints(env: Env, user: SessionUser, query: ComplaintQuery): Promise<ComplaintList> {
  const { blocks: _, ...list } = await readComplaints(env, user, query);
  return list;
}

export async function addMeToo(env: Env, user: SessionUser, id: string): Promise<ComplaintView> {
  requireMayAct(user, HOSTEL_WRITES.meToo);
  // The complaint and the student's residence, in one round trip.
  const [complaints, residences] = await batch(env, [
    select(
      { userId: c.user_id, blockId: c.block_id, blockName: b.name, status: c.status },
      sql`FROM ${c} JOIN ${b} ON ${b.id} = ${c.block_id} WHERE ${c.id} = ${id} AND ${ofCampus(user)} LIMIT 1`,
    ),
    residenceQuery(user.id),
  ]);
  const complaint = complaints.rows[0];
  if (!complaint || (complaint.status === "withdrawn" && complaint.userId !== user.id))
    throw new ApiError(404, "There is no complaint with that id.");
  if (complaint.userId === user.id) throw new ApiError(409, "You filed this complaint, so it already counts you.");
  const residence = toResidence(residences.rows[0]);
  if (residence?.blockId !== complaint.blockId)
    throw new ApiError(403, `Only students of ${complaint.blockName} can add a "me too" to its complaints.`);
  if (complaint.status !== "open" && complaint.status !== "in_progress")
    throw new ApiError(409, "This complaint is already resolved.");
  // The primary key (complaint, student) lets each student count once, however often they click.
  const added = await first(
    env,
    returning(
      sql`INSERT INTO ${hostelComplaintMeToo} (complaint_id, user_id, created_at)
        SELECT id, ${user.id}, ${Date.now()} FROM hostel_complaints WHERE id = ${id} AND status IN ('open', 'in_progress')
        ON CONFLICT DO NOTHING`,
      { complaintId: hostelComplaintMeToo.complaint_id },
    ),
  );
  if (!added) throw new ApiError(409, 'You have already said "me too" to this complaint.');
  return getComplaint(env, user, id);
}

/** The author resolves or withdraws their own complaint, once: 403 for anyone else, 409 when it is closed already. */
export async function changeComplaintStatus(
  env: Env,
  user: SessionUser,
  id: string,
  { status }: StatusChange,
): Promise<ComplaintView> {
  const complaint = await first(
    env,
    select(
      { userId: c.user_id, status: c.status },
      sql`FROM ${c} JOIN ${b} ON ${b.id} = ${c.block_id} WHERE ${c.id} = ${id} AND ${ofCampus(user)} LIMIT 1`,
    ),
  );
  if (!complaint || (complaint.status === "withdrawn" && complaint.userId !== user.id))
    throw new ApiError(404, "There is no complaint with that id.");
  if (complaint.userId !== user.id) throw new ApiError(403, "Only the student who filed this complaint can change it.");
  const now = Date.now();
  const changed = await first(
    env,
    returning(
      update(
        hostelComplaints,
        { status, updated_at: now, resolved_at: status === "resolved" ? now : null },
        sql`WHERE id = ${id} AND user_id = ${user.id} AND status IN ('open', 'in_progress')`,
      ),
      { id: hostelComplaints.id },
    ),
  );
  if (!changed)
    throw new ApiError(
      409,
      `This complaint is already ${complaint.status === "withdrawn" ? "withdrawn" : "resolved"}.`,
    );
  return getComplaint(env, user, id);
}

/**
 * A complaint's photo, only for students who can see the complaint: its author, and students whose
 * current block is the complaint's block (not once it is withdrawn). Anyone else gets the same 404
 * as for a complaint that does not exist. `no-cache` with an ETag: the browser asks every time (a
 * student who moves away loses access at once) but downloads the bytes only once.
 */
export async function complaintPhoto(
  env: Env,
  user: SessionUser,
  id: string,
  ifNoneMatch: string | null = null,
): Promise<Response> {
  // A hidden complaint's photo: its owner and the campus's moderators and admins only (the last line).
  const row = await first(
    env,
    select(
      { photoKey: c.photo_key },
      sql`FROM ${c}
        WHERE ${c.id} = ${id} AND ${c.photo_key} IS NOT NULL
          AND ${c.block_id} IN (SELECT b.id FROM hostel_blocks b WHERE b.campus_id = ${user.campusId})
          AND (${c.user_id} = ${user.id} OR (${c.status} <> 'withdrawn' AND ${c.block_id} = ${residenceBlockOf(user.id)}))
          AND (${c.hidden_at} IS NULL OR ${c.user_id} = ${user.id} OR EXISTS (SELECT 1 FROM staff_roles s WHERE s.user_id = ${user.id} AND s.campus_id = ${user.campusId} AND s.role IN ('moderator', 'admin')))`,
    ),
  );
  if (!row?.photoKey) throw new ApiError(404, "This complaint has no photo.");
  const object = await env.FILES.get(row.photoKey);
  if (!object) throw new ApiError(404, "This complaint has no photo.");
  const headers = { "Cache-Control": "private, no-cache", ETag: object.httpEtag, Vary: "Cookie, Authorization" };
  if (ifNoneMatch && ifNoneMatch === object.httpEtag) {
    await object.body.cancel();
    return new Response(null, { status: 304, headers });
  }
  return new Response(object.body, {
    headers: {
      ...headers,
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Content-Length": String(object.size),
      "Content-Disposition": "inline",
    },
  });
}
