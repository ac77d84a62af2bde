import { and, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "#server/db/client.ts";
import { hostelBlocks, hostelComplaints, hostelResidents, users } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/errors.ts";
import { parseWith } from "#server/lib/validate.ts";
import { limitPosting } from "#server/lib/post-limit.ts";
import { sniffImageType } from "#server/lib/sniff.ts";
import { storableImage } from "#server/lib/stored-image.ts";
import { userText } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { visibleTo } from "#server/services/moderation.ts";
import { COMPLAINT_CATEGORIES, type ComplaintCategory } from "#common/hostel-labels.ts";
import {
  blankToUndefined,
  type Block,
  blockIdSchema,
  blocksQuery,
  newcomersQuery,
  pickBlock,
  residenceBlockOf,
  residenceQuery,
  residenceStatement,
  toResidence,
  roomSchema,
  toNewcomers,
  type Newcomer,
  type Residence,
} from "#server/services/hostel/common.ts";

export type ComplaintStatus = "open" | "in_progress" | "resolved" | "withdrawn";

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
const LIST_LIMIT = 100;

export const createComplaintSchema = z.object({
  category: z.enum(COMPLAINT_CATEGORIES, { error: `Choose a category: ${COMPLAINT_CATEGORIES.join(", ")}.` }),
  blockId: blockIdSchema,
  room: roomSchema,
  description: userText({
    name: "The description",
    min: 10,
    max: 1000,
    multiline: true,
    missing: "Describe the problem.",
    tooShort: "Describe the problem in at least 10 characters.",
    tooLong: "Keep the description under 1,000 characters.",
  }),
});

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

export const statusChangeSchema = z.object({
  status: z.enum(["resolved", "withdrawn"], { error: "You can set status to resolved or withdrawn." }),
});

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

const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
type PhotoType = (typeof PHOTO_TYPES)[number];

/** An upload field: a real, non-empty file, or null when the input was left empty. */
export function fileOrNull(value: FormDataEntryValue | null): File | null {
  return value instanceof File && (value.size > 0 || value.name !== "") ? value : null;
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

async function submittedComplaint(env: Env, userId: string, submissionKey: string): Promise<string | undefined> {
  const [row] = await getDb(env.DB)
    .select({ id: hostelComplaints.id })
    .from(hostelComplaints)
    .where(and(eq(hostelComplaints.userId, userId), eq(hostelComplaints.submissionKey, submissionKey)))
    .limit(1);
  return row?.id;
}

/**
 * Files a complaint. The photo goes to R2 first and the rows in one batch after; if the batch
 * fails the photo is deleted again, so nothing is left half-written. A repeat of the same
 * submission (same key) answers the complaint the first one filed and keeps no second photo.
 */
export async function createComplaint(
  env: Env,
  user: SessionUser,
  fields: unknown,
  photo: File | null,
  submissionKey: string | null = null,
): Promise<ComplaintView> {
  requireMayAct(user, "file a complaint");
  const input = parseWith(createComplaintSchema, fields);
  if (submissionKey) {
    const earlier = await submittedComplaint(env, user.id, submissionKey);
    if (earlier) return getComplaint(env, user, earlier);
  }
  // The campus's blocks and the student's current block, in one round trip.
  const db = getDb(env.DB);
  const [blocks, elsewhere] = await db.batch([
    blocksQuery(env, user.campusId),
    livesElsewhereQuery(env, user.id, input.blockId),
  ]);
  const block = pickBlock(blocks, input.blockId);
  let photoBytes: Uint8Array | null = null;
  let photoType: PhotoType | null = null;
  if (photo) {
    if (photo.size > MAX_PHOTO_BYTES)
      throw new ApiError(413, "The photo is larger than 5 MB. Choose a smaller one.", { field: "photo" });
    if (photo.size === 0) throw new ApiError(400, "The photo is empty. Choose another file.", { field: "photo" });
    const bytes = new Uint8Array(await photo.arrayBuffer());
    photoType = sniffImageType(bytes, PHOTO_TYPES);
    if (!photoType) throw new ApiError(415, "The photo must be a JPEG, PNG or WebP image.", { field: "photo" });
    photoBytes = storableImage(bytes, photoType, "The photo", "photo").bytes;
  }

  const now = Date.now();
  // A student files for their own block; the first complaint sets it. Another block needs a move
  // its warden approves first (decision 0084): refused before the photo is stored.
  const current = elsewhere[0]?.name;
  if (current) throw otherBlockRefusal(current, block.name);
  await limitPosting(env, user.id);
  const id = crypto.randomUUID();
  const photoKey = photoBytes ? `complaints/${crypto.randomUUID()}` : null;
  if (photoKey && photoBytes && photoType) {
    await env.FILES.put(photoKey, photoBytes, {
      httpMetadata: { contentType: photoType },
      customMetadata: { complaintId: id, userId: user.id },
    });
  }
  let filed: boolean;
  try {
    // One batch: the residence (a conditional upsert: a move to another block at most weekly), then
    // the complaint, written only if the student now lives in its block and this submission has not
    // filed one already. A refused move writes neither.
    const [, complaint] = await env.DB.batch([
      residenceStatement(env, user.id, block.id, input.room, now),
      env.DB.prepare(
        `INSERT INTO hostel_complaints (id, user_id, block_id, room, category, description, photo_key, photo_type, status, submission_key, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'open', ?10, ?9, ?9
         WHERE EXISTS (SELECT 1 FROM hostel_residents WHERE user_id = ?2 AND block_id = ?3)
         ON CONFLICT (user_id, submission_key) DO NOTHING`,
      ).bind(
        id,
        user.id,
        block.id,
        input.room,
        input.category,
        input.description,
        photoKey,
        photoType,
        now,
        submissionKey,
      ),
    ]);
    filed = (complaint?.meta.changes ?? 0) === 1;
  } catch (error) {
    if (photoKey) await env.FILES.delete(photoKey);
    throw error;
  }
  if (filed) return getComplaint(env, user, id);
  if (photoKey) await env.FILES.delete(photoKey);
  // A simultaneous repeat of this submission won: its complaint is the answer. Otherwise the move
  // to this block was refused.
  const earlier = submissionKey ? await submittedComplaint(env, user.id, submissionKey) : undefined;
  if (earlier) return getComplaint(env, user, earlier);
  const moved = await livesElsewhere(env, user.id, block.id);
  throw moved
    ? otherBlockRefusal(moved, block.name)
    : new ApiError(409, "Your block changed while filing. Reload the page and try again.");
}

/** The student's block when it is not `blockId` (null: no block yet, or that one). */
async function livesElsewhere(env: Env, userId: string, blockId: string): Promise<string | null> {
  const [row] = await livesElsewhereQuery(env, userId, blockId);
  return row?.name ?? null;
}

function livesElsewhereQuery(env: Env, userId: string, blockId: string) {
  return getDb(env.DB)
    .select({ name: hostelBlocks.name })
    .from(hostelResidents)
    .innerJoin(hostelBlocks, eq(hostelBlocks.id, hostelResidents.blockId))
    .where(and(eq(hostelResidents.userId, userId), ne(hostelResidents.blockId, blockId)))
    .limit(1);
}

function otherBlockRefusal(current: string, wanted: string): ApiError {
  const short = (name: string) => name.split(" (")[0] ?? name;
  return new ApiError(
    409,
    `You live in ${short(current)}. To file a complaint for ${short(wanted)}, ask to move there first (Your block); its warden approves moves.`,
    { field: "blockId" },
  );
}

export async function addMeToo(env: Env, user: SessionUser, id: string): Promise<ComplaintView> {
  requireMayAct(user, 'add a "me too"');
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

export async function changeComplaintStatus(
  env: Env,
  user: SessionUser,
  id: string,
  input: unknown,
): Promise<ComplaintView> {
  const { status } = parseWith(statusChangeSchema, input);
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
