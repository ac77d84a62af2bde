import { and, asc, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "#server/db/client.ts";
import { hostelBlocks, hostelResidents, users } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formatIndiaShortDateTime } from "#common/format.ts";
import { ceilToMinute } from "#common/india-time.ts";
import type { SessionUser } from "#server/services/auth.ts";
import { parseWith } from "#server/lib/validate.ts";

export interface Block {
  id: string;
  name: string;
}

/** The hostel blocks of one campus, in the campus's order. */
export function blocksQuery(env: Env, campusId: string) {
  return getDb(env.DB).select({ id: hostelBlocks.id, name: hostelBlocks.name }).from(hostelBlocks).where(eq(hostelBlocks.campusId, campusId)).orderBy(asc(hostelBlocks.position));
}

export async function listBlocks(env: Env, campusId: string): Promise<Block[]> {
  return blocksQuery(env, campusId);
}

/** A block of the student's campus, or a 400 that lists their campus's blocks (another campus's block is no block of theirs). */
export async function requireBlock(env: Env, campusId: string, blockId: string, field = "blockId"): Promise<Block> {
  const blocks = await listBlocks(env, campusId);
  const block = blocks.find((b) => b.id === blockId);
  if (!block) throw new ApiError(400, `Choose one of the hostel blocks: ${blocks.map((b) => b.id).join(", ")}.`, { field });
  return block;
}

/** Form fields arrive as "" when left empty: treat that as "not given". */
export const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** `?campus=` on the public reads (blocks, menu, laundry slots): which campus a visitor who is not signed in wants to see. */
export const campusQuerySchema = z.object({
  campus: z.preprocess(blankToUndefined, z.string().trim().max(40, "campus must be a campus id (GET /api/campuses lists them).").optional()),
});

/**
 * The campus whose hostel set-up (blocks, mess, laundry slots) a reader sees: a signed-in student's
 * own, whatever they ask for; a visitor's `?campus=`, or else the first college (the oldest).
 */
export async function hostelCampusOf(env: Env, user: Pick<SessionUser, "campusId" | "campusName"> | null, asked?: string): Promise<{ id: string; name: string }> {
  if (user) return { id: user.campusId, name: user.campusName };
  const row = asked
    ? await env.DB.prepare("SELECT id, name FROM campuses WHERE id = ?1").bind(asked).first<{ id: string; name: string }>()
    : await env.DB.prepare("SELECT id, name FROM campuses WHERE is_open = 0 ORDER BY created_at, id LIMIT 1").first<{ id: string; name: string }>();
  if (!row) throw new ApiError(404, "There is no campus with that id. GET /api/campuses lists them.", { field: "campus" });
  return row;
}

export const blockIdSchema = z.string({ error: "Choose your hostel block." }).trim().min(1, "Choose your hostel block.").max(8, "Choose one of the hostel blocks.");

export const roomSchema = z
  .string({ error: "Enter your room number." })
  .trim()
  .min(1, "Enter your room number.")
  .max(10, "A room number can be at most 10 characters.")
  .regex(/^[A-Za-z0-9][A-Za-z0-9 /-]*$/, "A room number can use only letters, digits, spaces, - and /.")
  .transform((room) => room.toUpperCase());

export const residenceSchema = z.object({ blockId: blockIdSchema, room: roomSchema });

export interface Residence {
  blockId: string;
  blockName: string;
  room: string;
}

export function residenceQuery(env: Env, userId: string) {
  return getDb(env.DB)
    .select({ blockId: hostelResidents.blockId, blockName: hostelBlocks.name, room: hostelResidents.room })
    .from(hostelResidents)
    .innerJoin(hostelBlocks, eq(hostelBlocks.id, hostelResidents.blockId))
    .where(eq(hostelResidents.userId, userId))
    .limit(1);
}

export async function getResidence(env: Env, userId: string): Promise<Residence | null> {
  const [row] = await residenceQuery(env, userId);
  return row ?? null;
}

/** The student's current block as an SQL value (NULL without one), to read a block's rows in the same round trip as the residence. */
export const residenceBlockOf = (userId: string): SQL => sql`(SELECT r.block_id FROM hostel_residents r WHERE r.user_id = ${userId})`;

/** A student moves from one block to another at most this often; the first choice is free. */
export const BLOCK_CHANGE_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;
/** Members who joined a block this recently are shown to the block as new. */
export const NEWCOMER_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Saves the student's block and room as ONE conditional upsert: the first choice is written, the
 * room can always change, and a move to another block happens only if the student has not moved in
 * the last 7 days (the move and its time are written together). No row back means refused.
 */
export function residenceStatement(env: Env, userId: string, blockId: string, room: string, now: number): D1PreparedStatement {
  return env.DB.prepare(
    `INSERT INTO hostel_residents (user_id, block_id, room, updated_at, joined_at) VALUES (?1, ?2, ?3, ?4, ?4)
     ON CONFLICT (user_id) DO UPDATE SET
       room = excluded.room,
       updated_at = excluded.updated_at,
       joined_at = CASE WHEN hostel_residents.block_id = excluded.block_id THEN hostel_residents.joined_at ELSE excluded.updated_at END,
       block_changed_at = CASE WHEN hostel_residents.block_id = excluded.block_id THEN hostel_residents.block_changed_at ELSE excluded.updated_at END,
       block_id = excluded.block_id
     WHERE hostel_residents.block_id = excluded.block_id OR hostel_residents.block_changed_at IS NULL OR hostel_residents.block_changed_at <= ?5
     RETURNING block_id`,
  ).bind(userId, blockId, room, now, now - BLOCK_CHANGE_INTERVAL_MS);
}

/** The refusal of a block change: when the last move was and when the next one is possible. */
export async function blockChangeRefused(env: Env, userId: string): Promise<ApiError> {
  const row = await env.DB.prepare("SELECT block_changed_at AS changedAt FROM hostel_residents WHERE user_id = ?").bind(userId).first<{ changedAt: number | null }>();
  const changedAt = row?.changedAt ?? Date.now();
  const retryAt = ceilToMinute(changedAt + BLOCK_CHANGE_INTERVAL_MS);
  return new ApiError(
    429,
    `You can change your hostel block once every 7 days. You last changed it on ${formatIndiaShortDateTime(changedAt)}, so you can change it again after ${formatIndiaShortDateTime(retryAt)}.`,
    { field: "blockId", retryAt },
  );
}

/**
 * Whether moving to `blockId` now would be refused, read before a slow step (storing a photo) so
 * the student hears it first; the conditional upsert still decides.
 */
export async function blockChangeAllowed(env: Env, userId: string, blockId: string, now: number): Promise<boolean> {
  const row = await env.DB.prepare("SELECT block_id AS blockId, block_changed_at AS changedAt FROM hostel_residents WHERE user_id = ?")
    .bind(userId)
    .first<{ blockId: string; changedAt: number | null }>();
  return !row || row.blockId === blockId || row.changedAt === null || row.changedAt <= now - BLOCK_CHANGE_INTERVAL_MS;
}

export async function setResidence(env: Env, user: SessionUser, input: unknown): Promise<Residence> {
  const parsed = parseWith(residenceSchema, input);
  const block = await requireBlock(env, user.campusId, parsed.blockId);
  const saved = await residenceStatement(env, user.id, block.id, parsed.room, Date.now()).first();
  if (!saved) throw await blockChangeRefused(env, user.id);
  return { blockId: block.id, blockName: block.name, room: parsed.room };
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
export function newcomersQuery(env: Env, block: SQL, now = Date.now(), limit = 10) {
  return getDb(env.DB)
    .select({ userId: hostelResidents.userId, name: users.name, joinedAt: hostelResidents.joinedAt, total: sql<number>`COUNT(*) OVER ()`.mapWith(Number) })
    .from(hostelResidents)
    .innerJoin(users, eq(users.id, hostelResidents.userId))
    .where(and(sql`${hostelResidents.blockId} = ${block}`, gt(hostelResidents.joinedAt, now - NEWCOMER_WINDOW_MS)))
    .orderBy(desc(hostelResidents.joinedAt))
    .limit(limit);
}

export function toNewcomers(rows: { userId: string; name: string; joinedAt: number; total: number }[], viewerId: string): { newcomers: Newcomer[]; newcomerCount: number } {
  return {
    newcomers: rows.map((row) => ({ name: row.name.split(/\s+/)[0] ?? "", joinedAt: row.joinedAt, you: row.userId === viewerId })),
    newcomerCount: rows[0]?.total ?? 0,
  };
}

/** FormData to a plain object of its text fields (files are read separately). */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") fields[key] = value;
  return fields;
}

// The shared validator (worker/lib/validate.ts), under the name the hostel services use.
