import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../../db/client";
import { hostelBlocks, hostelResidents } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import type { SessionUser } from "../auth";
import { parseWith as parseInput } from "../../lib/validate";

export interface Block {
  id: string;
  name: string;
}

export async function listBlocks(env: Env): Promise<Block[]> {
  return getDb(env.DB).select({ id: hostelBlocks.id, name: hostelBlocks.name }).from(hostelBlocks).orderBy(asc(hostelBlocks.position));
}

/** The block, or a 400 that lists the real ones. */
export async function requireBlock(env: Env, blockId: string, field = "blockId"): Promise<Block> {
  const blocks = await listBlocks(env);
  const block = blocks.find((b) => b.id === blockId);
  if (!block) throw new ApiError(400, `Choose one of the hostel blocks: ${blocks.map((b) => b.id).join(", ")}.`, { field });
  return block;
}

/** Form fields arrive as "" when left empty: treat that as "not given". */
export const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

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

export async function getResidence(env: Env, userId: string): Promise<Residence | null> {
  const [row] = await getDb(env.DB)
    .select({ blockId: hostelResidents.blockId, blockName: hostelBlocks.name, room: hostelResidents.room })
    .from(hostelResidents)
    .innerJoin(hostelBlocks, eq(hostelBlocks.id, hostelResidents.blockId))
    .where(eq(hostelResidents.userId, userId))
    .limit(1);
  return row ?? null;
}

export function residenceUpsert(env: Env, userId: string, blockId: string, room: string, now: number) {
  return getDb(env.DB)
    .insert(hostelResidents)
    .values({ userId, blockId, room, updatedAt: now })
    .onConflictDoUpdate({ target: hostelResidents.userId, set: { blockId, room, updatedAt: now } });
}

export async function setResidence(env: Env, user: SessionUser, input: unknown): Promise<Residence> {
  const parsed = parseInput(residenceSchema, input);
  const block = await requireBlock(env, parsed.blockId);
  await residenceUpsert(env, user.id, block.id, parsed.room, Date.now());
  return { blockId: block.id, blockName: block.name, room: parsed.room };
}


/** FormData to a plain object of its text fields (files are read separately). */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") fields[key] = value;
  return fields;
}

// The shared validator (worker/lib/validate.ts), under the name the hostel services use.
export { parseInput };
