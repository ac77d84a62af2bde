// What the hostel features share: the college's blocks, a student's hostel campus and residence
// (block and room) and a move between blocks, and the schemas of a block and a room.
import { z } from "zod";
import {
  batch,
  first,
  all,
  int,
  intOrNull,
  type Query,
  returning,
  select,
  type Sql,
  sql,
  textOrNull,
  update,
  insert,
} from "#server/db/sql.ts";
import { blockMoves, campuses, hostelBlocks, hostelResidents, users } from "#server/db/tables.generated.ts";
import { publicRead } from "#server/lib/edge-cache.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formatIndiaShortDateTime } from "#common/format.ts";
import { ceilToMinute } from "#common/india-time.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { readerCampus } from "#server/services/campus.ts";

export interface Block {
  id: string;
  name: string;
}

/** The hostel blocks of one campus, in the campus's order. */
export function blocksQuery(campusId: string): Query<Block> {
  const b = hostelBlocks;
  return select({ id: b.id, name: b.name }, sql`FROM ${b} WHERE ${b.campus_id} = ${campusId} ORDER BY ${b.position}`);
}

export async function listBlocks(env: Env, campusId: string): Promise<Block[]> {
  return all(env, blocksQuery(campusId));
}

/** A block of the student's campus, or a 400 that lists their campus's blocks (another campus's block is no block of theirs). */
export async function requireBlock(env: Env, campusId: string, blockId: string, field = "blockId"): Promise<Block> {
  return pickBlock(await listBlocks(env, campusId), blockId, field);
}

/** requireBlock's check on blocks already read (with blocksQuery, in a batch). */
export function pickBlock(blocks: Block[], blockId: string, field = "blockId"): Block {
  const block = blocks.find((b) => b.id === blockId);
  if (!block)
    throw new ApiError(400, `Choose one of the hostel blocks: ${blocks.map((b) => b.id).join(", ")}.`, { field });
  return block;
}

/** Form fields arrive as "" when left empty: treat that as "not given". */
export const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** `?campus=` on the public reads (blocks, menu, laundry slots): which campus a visitor who is not signed in wants to see. */
export const campusQuerySchema = z.object({
  campus: z.preprocess(
    blankToUndefined,
    z.string().trim().max(40, "campus must be a campus id (GET /api/campuses lists them).").optional(),
  ),
});

/**
 * The campus whose hostel set-up (blocks, mess, laundry slots) a reader sees: whose, by the one rule
 * of both doors (readerCampus); and since a hostel screen shows one college, a visitor who names none
 * sees the first (the oldest), or the Open community on a deploy that has no college yet (migrations
 * create none: decision 0100). A name no college can have is a 404, as one that does not exist.
 */
export async function hostelCampusOf(
  env: Env,
  user: Pick<SessionUser, "campusId" | "campusName"> | null,
  asked?: string | null,
): Promise<{ id: string; name: string }> {
  if (user) return { id: user.campusId, name: user.campusName };
  const id = readerCampus(null, asked);
  if (!id && asked?.trim()) throw noSuchCampus();
  // The same answer for every visitor who asks for this campus: kept at the edge.
  const row = await publicRead(
    env,
    "hostel-campus",
    { asked: id ?? undefined },
    { tables: ["campuses"], freshS: 300, staleS: 3600 },
    () => {
      const c = campuses;
      return first(
        env,
        select(
          { id: c.id, name: c.name },
          id ? sql`FROM ${c} WHERE ${c.id} = ${id}` : sql`FROM ${c} ORDER BY is_open, created_at, id LIMIT 1`,
        ),
      );
    },
  );
  if (!row) throw noSuchCampus();
  return row;
}

const noSuchCampus = () =>
  new ApiError(404, "There is no campus with that id. GET /api/campuses lists them.", { field: "campus" });

export const blockIdSchema = z
  .string({ error: "Choose your hostel block." })
  .trim()
  .min(1, "Choose your hostel block.")
  .max(8, "Choose one of the hostel blocks.");

export const roomSchema = z
  .string({ error: "Enter your room number." })
  .trim()
  .min(1, "Enter your room number.")
  .max(10, "A room number can be at most 10 characters.")
  .regex(/^[A-Za-z0-9][A-Za-z0-9 /-]*$/, "A room number can use only letters, digits, spaces, - and /.")
  .transform((room) => room.toUpperCase());

/** `PUT /api/hostel/residence` and the complaints screen's block forms. */
export const residenceSchema = z.object({ blockId: blockIdSchema, room: roomSchema });
export type ResidenceInput = z.output<typeof residenceSchema>;

/** A move to another block waiting for its warden (docs/decisions/0084-block-moves.md). */
export interface PendingMove {
  id: string;
  toBlockId: string;
  toBlockName: string;
  room: string;
  requestedAt: number;
}

export interface Residence {
  blockId: string;
  blockName: string;
  room: string;
  /** The student's move to another block, while its warden has not decided; null for none. */
  pendingMove: PendingMove | null;
}

/** The student's block and their pending move in one query (map the row with toResidence). */
export function residenceQuery(userId: string) {
  const r = hostelResidents.as("r");
  const b = hostelBlocks.as("b");
  const m = blockMoves.as("m");
  const to = hostelBlocks.as("to_block");
  return select(
    {
      blockId: r.block_id,
      blockName: b.name,
      room: r.room,
      // The move's columns, NULL without a pending move (the LEFT JOINs).
      moveId: textOrNull(sql`${m.id}`),
      moveTo: textOrNull(sql`${m.to_block_id}`),
      moveToName: textOrNull(sql`${to.name}`),
      moveRoom: textOrNull(sql`${m.room}`),
      moveAt: intOrNull(sql`${m.created_at}`),
    },
    sql`FROM ${r} JOIN ${b} ON ${b.id} = ${r.block_id}
      LEFT JOIN ${m} ON ${m.user_id} = ${r.user_id} AND ${m.status} = 'pending'
      LEFT JOIN ${to} ON ${to.id} = ${m.to_block_id}
      WHERE ${r.user_id} = ${userId} LIMIT 1`,
  );
}

type ResidenceRow = NonNullable<ReturnType<typeof residenceQuery>["row"]>;

export function toResidence(row: ResidenceRow | null | undefined): Residence | null {
  if (!row) return null;
  const { moveId, moveTo, moveToName, moveRoom, moveAt, ...residence } = row;
  const pendingMove =
    moveId && moveTo && moveAt !== null
      ? { id: moveId, toBlockId: moveTo, toBlockName: moveToName ?? moveTo, room: moveRoom ?? "", requestedAt: moveAt }
      : null;
  return { ...residence, pendingMove };
}

export async function getResidence(env: Env, userId: string): Promise<Residence | null> {
  return toResidence(await first(env, residenceQuery(userId)));
}

/** The student's current block as an SQL value (NULL without one), to read a block's rows in the same round trip as the residence. */
export const residenceBlockOf = (userId: string): Sql =>
  sql`(SELECT r.block_id FROM hostel_residents r WHERE r.user_id = ${userId})`;

/** A student moves from one block to another at most this often; the first choice is free. */
export const BLOCK_CHANGE_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;
/** Members who joined a block this recently are shown to the block as new. */
export const NEWCOMER_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Saves the student's block and room as ONE conditional upsert: the first choice is written and the
 * room can always change; a different block is never written here (a move waits for the new
 * block's warden: requestMove, approveMove). No row back means the student lives in another block.
 */
export function residenceStatement(userId: string, blockId: string, room: string, now: number) {
  return returning(
    insert(
      hostelResidents,
      { user_id: userId, block_id: blockId, room, updated_at: now, joined_at: now },
      sql`ON CONFLICT (user_id) DO UPDATE SET room = excluded.room, updated_at = excluded.updated_at
        WHERE hostel_residents.block_id = excluded.block_id`,
    ),
    { blockId: hostelResidents.block_id },
  );
}

/** The refusal of a block change: when the last move was (from the residence row) and when the next one is possible. */
function blockChangeRefused(lastChangedAt: number | null): ApiError {
  const changedAt = lastChangedAt ?? Date.now();
  const retryAt = ceilToMinute(changedAt + BLOCK_CHANGE_INTERVAL_MS);
  return new ApiError(
    429,
    `You can change your hostel block once every 7 days. You last changed it on ${formatIndiaShortDateTime(changedAt)}, so you can change it again after ${formatIndiaShortDateTime(retryAt)}.`,
    { field: "blockId", retryAt },
  );
}

/** Whether the student (their residence row) may move to `blockId` now: the first block is free, then once every 7 days. */
function changeAllowed(
  row: { blockId: string; changedAt: number | null } | undefined,
  blockId: string,
  now: number,
): boolean {
  return !row || row.blockId === blockId || row.changedAt === null || row.changedAt <= now - BLOCK_CHANGE_INTERVAL_MS;
}

/**
 * `PUT /api/hostel/residence` and the screen's form. The first block is set at once, as is a new
 * room in the same block (which also drops a pending move: the student stays). A different block
 * becomes a move request that waits for that block's warden (at most one pending: a new one
 * replaces it); the student's complaints, laundry and mess stay with the current block until then.
 */
export async function setResidence(env: Env, user: SessionUser, parsed: ResidenceInput): Promise<Residence> {
  const blocks = await listBlocks(env, user.campusId);
  const block = pickBlock(blocks, parsed.blockId);
  const now = Date.now();
  // One round trip: the conditional upsert, a pending move dropped when the student stays, and the
  // row as it now is (which block, when it last changed) for a move request below.
  const home = hostelResidents;
  const [saved, , current] = await batch(env, [
    residenceStatement(user.id, block.id, parsed.room, now),
    update(
      blockMoves,
      { status: "cancelled", decided_at: now },
      sql`WHERE user_id = ${user.id} AND status = 'pending' AND EXISTS (SELECT 1 FROM hostel_residents WHERE user_id = ${user.id} AND block_id = ${block.id})`,
    ),
    select(
      { blockId: home.block_id, room: home.room, changedAt: home.block_changed_at },
      sql`FROM ${home} WHERE ${home.user_id} = ${user.id}`,
    ),
  ]);
  if (saved.rows.length > 0) {
    const residence = await getResidence(env, user.id);
    if (!residence) throw new ApiError(409, "Your block changed while saving. Reload the page and try again.");
    return residence;
  }
  const row = current.rows[0];
  if (!changeAllowed(row, block.id, now)) throw blockChangeRefused(row?.changedAt ?? null);
  const { success } = await env.POST_LIMITER.limit({ key: `move:${user.id}` });
  if (!success) throw new ApiError(429, "Too many block changes in a minute. Please wait a minute and try again.");
  const r = hostelResidents.as("r");
  const move = await first(
    env,
    returning(
      sql`INSERT INTO ${blockMoves} (id, user_id, campus_id, from_block_id, to_block_id, room, status, created_at)
        SELECT ${crypto.randomUUID()}, ${r.user_id}, ${user.campusId}, ${r.block_id}, ${block.id}, ${parsed.room}, 'pending', ${now}
        FROM ${r} WHERE ${r.user_id} = ${user.id} AND ${r.block_id} <> ${block.id}
        ON CONFLICT (user_id) WHERE status = 'pending' DO UPDATE SET from_block_id = excluded.from_block_id, to_block_id = excluded.to_block_id, room = excluded.room, created_at = excluded.created_at`,
      { id: blockMoves.id, fromBlockId: blockMoves.from_block_id },
    ),
  );
  // No row: the student was moved to that block in the meantime.
  if (!move || !row) throw new ApiError(409, "Your block changed while saving. Reload the page and try again.");
  // The residence as it now is, from what was read and written (no second read).
  const from = blocks.find((b) => b.id === move.fromBlockId);
  return {
    blockId: move.fromBlockId,
    blockName: from?.name ?? move.fromBlockId,
    room: row.room,
    pendingMove: { id: move.id, toBlockId: block.id, toBlockName: block.name, room: parsed.room, requestedAt: now },
  };
}

export interface Newcomer {
  /** First name only, as complaints show their authors. */
  name: string;
  joinedAt: number;
  you: boolean;
}

/**
 * The members who joined a block in the last 7 days, newest first (at most `limit`), and how many
 * there are: shown to the block, so someone who moves in to read its complaints is seen doing so.
 * `block` is the block as an SQL value (a code, or residenceBlockOf a student); batchable.
 */
export function newcomersQuery(block: Sql, now = Date.now(), limit = 10) {
  const r = hostelResidents;
  const u = users;
  return select(
    { userId: r.user_id, name: u.name, joinedAt: r.joined_at, total: int(sql`COUNT(*) OVER ()`) },
    sql`FROM ${r} JOIN ${u} ON ${u.id} = ${r.user_id}
      WHERE ${r.block_id} = ${block} AND ${r.joined_at} > ${now - NEWCOMER_WINDOW_MS}
      ORDER BY ${r.joined_at} DESC LIMIT ${limit}`,
  );
}

export function toNewcomers(
  rows: { userId: string; name: string; joinedAt: number; total: number }[],
  viewerId: string,
): { newcomers: Newcomer[]; newcomerCount: number } {
  return {
    newcomers: rows.map((row) => ({
      name: row.name.split(/\s+/)[0] ?? "",
      joinedAt: row.joinedAt,
      you: row.userId === viewerId,
    })),
    newcomerCount: rows[0]?.total ?? 0,
  };
}
