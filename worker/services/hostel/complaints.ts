import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "#server/db/client.ts";
import { hostelBlocks, hostelComplaints, users } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { visibleTo } from "#server/services/moderation.ts";
import { COMPLAINT_CATEGORIES, type ComplaintCategory } from "#common/hostel-labels.ts";
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

export type ComplaintStatus = "open" | "in_progress" | "resolved" | "withdrawn";

const LIST_LIMIT = 100;

export const complaintQuerySchema = z.object({
  view: z.preprocess(
    blankToUndefined,
    z.enum(["block", "mine"], { error: "view must be block or mine." }).default("block"),
  ),
  status: z.preprocess(
    blankToUndefined,
    z
      .enum(["active", "open", "in_progress", "resolved", "withdrawn"], {
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

function complaintColumns(userId: string) {
  return {
    id: hostelComplaints.id,
    userId: hostelComplaints.userId,
    category: hostelComplaints.category,
    blockId: hostelComplaints.blockId,
    // Aliased: in a D1 batch drizzle reads rows by column name, and two columns named "name" would collide.
    blockName: sql<string>`${hostelBlocks.name}`.as("block_name"),
    room: hostelComplaints.room,
    description: hostelComplaints.description,
    status: hostelComplaints.status,
    photoKey: hostelComplaints.photoKey,
    authorName: sql<string>`${users.name}`.as("author_name"),
    createdAt: hostelComplaints.createdAt,
    updatedAt: hostelComplaints.updatedAt,
    resolvedAt: hostelComplaints.resolvedAt,
    statusNote: hostelComplaints.statusNote,
    hiddenAt: hostelComplaints.hiddenAt,
    hiddenReason: hostelComplaints.hiddenReason,
    meTooCount:
      sql<number>`(SELECT COUNT(*) FROM hostel_complaint_me_too m WHERE m.complaint_id = hostel_complaints.id)`.mapWith(
        Number,
      ),
    meToo:
      sql<number>`EXISTS (SELECT 1 FROM hostel_complaint_me_too m WHERE m.complaint_id = hostel_complaints.id AND m.user_id = ${userId})`.mapWith(
        Number,
      ),
  };
}

type Row = Awaited<ReturnType<typeof selectComplaints>>[number];

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

function selectComplaints(env: Env, userId: string) {
  return getDb(env.DB)
    .select(complaintColumns(userId))
    .from(hostelComplaints)
    .innerJoin(users, eq(users.id, hostelComplaints.userId))
    .innerJoin(hostelBlocks, eq(hostelBlocks.id, hostelComplaints.blockId));
}

/** Only complaints filed in a block of the student's own campus exist for them. */
const ofCampus = (user: SessionUser) =>
  and(
    eq(hostelBlocks.campusId, user.campusId),
    visibleTo(hostelComplaints.hiddenAt, hostelComplaints.userId, hostelBlocks.campusId, user.id),
  ) as SQL;

export async function getComplaint(env: Env, user: SessionUser, id: string): Promise<ComplaintView> {
  const [row] = await selectComplaints(env, user.id)
    .where(and(eq(hostelComplaints.id, id), ofCampus(user)))
    .limit(1);
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
  const where: SQL[] = [ofCampus(user)];
  if (query.view === "mine") {
    where.push(eq(hostelComplaints.userId, user.id));
    if (query.status === "active") where.push(inArray(hostelComplaints.status, ["open", "in_progress"]));
    else if (query.status) where.push(eq(hostelComplaints.status, query.status));
  } else {
    // No residence: the subquery is NULL and matches nothing.
    where.push(sql`${hostelComplaints.blockId} = ${block}`);
    const status = query.status ?? "active";
    if (status === "withdrawn")
      where.push(sql`0`); // withdrawn ones are their author's only
    else if (status === "active") where.push(inArray(hostelComplaints.status, ["open", "in_progress"]));
    else where.push(eq(hostelComplaints.status, status));
  }
  if (query.category) where.push(eq(hostelComplaints.category, query.category));
  const columns = complaintColumns(user.id);
  const order =
    query.view === "mine"
      ? [desc(hostelComplaints.createdAt)]
      : [desc(columns.meTooCount), desc(hostelComplaints.createdAt)];
  const [blocks, [residence], rows, newcomerRows] = await getDb(env.DB).batch([
    blocksQuery(env, user.campusId),
    residenceQuery(env, user.id),
    selectComplaints(env, user.id)
      .where(and(...where))
      .orderBy(...order)
      .limit(LIST_LIMIT),
    newcomersQuery(env, block),
  ]);
  const newcomers =
    query.view === "block" && residence ? toNewcomers(newcomerRows, user.id) : { newcomers: [], newcomerCount: 0 };
  return {
    blocks,
    residence: toResidence(residence),
    complaints: rows.map((row) => toView(row, user.id)),
    ...newcomers,
  };
}

export async function listComplaints(env: Env, user: SessionUser, query: ComplaintQuery): Promise<ComplaintList> {
  const { blocks: _, ...list } = await readComplaints(env, user, query);
  return list;
}

export async function addMeToo(env: Env, user: SessionUser, id: string): Promise<ComplaintView> {
  requireMayAct(user, HOSTEL_WRITES.meToo);
  const db = getDb(env.DB);
  // The complaint and the student's residence, in one round trip.
  const [[complaint], [residenceRow]] = await db.batch([
    db
      .select({
        userId: hostelComplaints.userId,
        blockId: hostelComplaints.blockId,
        blockName: hostelBlocks.name,
        status: hostelComplaints.status,
      })
      .from(hostelComplaints)
      .innerJoin(hostelBlocks, eq(hostelBlocks.id, hostelComplaints.blockId))
      .where(and(eq(hostelComplaints.id, id), ofCampus(user)))
      .limit(1),
    residenceQuery(env, user.id),
  ]);
  if (!complaint || (complaint.status === "withdrawn" && complaint.userId !== user.id))
    throw new ApiError(404, "There is no complaint with that id.");
  if (complaint.userId === user.id) throw new ApiError(409, "You filed this complaint, so it already counts you.");
  const residence = toResidence(residenceRow);
  if (residence?.blockId !== complaint.blockId)
    throw new ApiError(403, `Only students of ${complaint.blockName} can add a "me too" to its complaints.`);
  if (complaint.status !== "open" && complaint.status !== "in_progress")
    throw new ApiError(409, "This complaint is already resolved.");
  // The primary key (complaint, student) lets each student count once, however often they click.
  const added = await env.DB.prepare(
    `INSERT INTO hostel_complaint_me_too (complaint_id, user_id, created_at)
     SELECT id, ?1, ?2 FROM hostel_complaints WHERE id = ?3 AND status IN ('open', 'in_progress')
     ON CONFLICT DO NOTHING RETURNING complaint_id`,
  )
    .bind(user.id, Date.now(), id)
    .first();
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
  const db = getDb(env.DB);
  const [complaint] = await db
    .select({ userId: hostelComplaints.userId, status: hostelComplaints.status })
    .from(hostelComplaints)
    .innerJoin(hostelBlocks, eq(hostelBlocks.id, hostelComplaints.blockId))
    .where(and(eq(hostelComplaints.id, id), ofCampus(user)))
    .limit(1);
  if (!complaint || (complaint.status === "withdrawn" && complaint.userId !== user.id))
    throw new ApiError(404, "There is no complaint with that id.");
  if (complaint.userId !== user.id) throw new ApiError(403, "Only the student who filed this complaint can change it.");
  const now = Date.now();
  const [changed] = await db
    .update(hostelComplaints)
    .set({ status, updatedAt: now, resolvedAt: status === "resolved" ? now : null })
    .where(
      and(
        eq(hostelComplaints.id, id),
        eq(hostelComplaints.userId, user.id),
        inArray(hostelComplaints.status, ["open", "in_progress"]),
      ),
    )
    .returning({ id: hostelComplaints.id });
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
  const row = await env.DB.prepare(
    `SELECT c.photo_key AS photoKey FROM hostel_complaints c
     WHERE c.id = ?1 AND c.photo_key IS NOT NULL
       AND c.block_id IN (SELECT b.id FROM hostel_blocks b WHERE b.campus_id = ?3)
       AND (c.user_id = ?2 OR (c.status <> 'withdrawn' AND c.block_id = (SELECT r.block_id FROM hostel_residents r WHERE r.user_id = ?2)))
       -- A hidden complaint's photo: its owner and the campus's moderators and admins only.
       AND (c.hidden_at IS NULL OR c.user_id = ?2 OR EXISTS (SELECT 1 FROM staff_roles s WHERE s.user_id = ?2 AND s.campus_id = ?3 AND s.role IN ('moderator', 'admin')))`,
  )
    .bind(id, user.id, user.campusId)
    .first<{ photoKey: string }>();
  if (!row) throw new ApiError(404, "This complaint has no photo.");
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
