import { z } from "zod";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import {
  adminReads,
  type IdParam,
  limitChange,
  type SetupAdmin,
  setupAuditLine,
} from "#server/services/campus-setup/common.ts";
import { batch, int, select, sql, update } from "#server/db/sql.ts";
import { audit as auditLine } from "#server/services/staff.ts";
import { hostelBlocks, roommateListings } from "#server/db/tables.generated.ts";
import { plural } from "#common/plural.ts";

// The college's hostel blocks (docs/decisions/0104-campus-setup.md). A block's id is what students'
// records hang off, so a rename keeps it; a block students use is never removed.

export interface SetupBlock {
  id: string;
  name: string;
  residents: number;
  complaints: number;
}

const blockName = z
  .string({ error: M.blockNameRequired })
  .trim()
  .min(1, M.blockNameRequired)
  .max(60, M.blockNameTooLong);

/** `POST /api/admin/campus/blocks` and /admin/setup/blocks' add form. */
export const newBlockSchema = z.object({
  // Ids are unique across every campus (migrations/0013) and students' forms take at most 8 characters.
  id: z
    .string({ error: M.blockIdInvalid })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,7}$/, M.blockIdInvalid),
  name: blockName,
});
export type NewBlockInput = z.output<typeof newBlockSchema>;

/** `PATCH /api/admin/campus/blocks/:id` and a block's rename form. */
export const blockUpdateSchema = z.object({ name: blockName });
export type BlockUpdateInput = z.output<typeof blockUpdateSchema>;

const b = hostelBlocks.as("b");

export function blocksQuery(campusId: string) {
  return select(
    {
      id: b.id,
      name: b.name,
      residents: int(sql`(SELECT COUNT(*) FROM hostel_residents r WHERE r.block_id = ${b.id})`),
      complaints: int(sql`(SELECT COUNT(*) FROM hostel_complaints c WHERE c.block_id = ${b.id})`),
    },
    sql`FROM ${b} WHERE ${b.campus_id} = ${campusId} ORDER BY ${b.position}, ${b.id}`,
  );
}

export async function listSetupBlocks(env: Env, admin: SetupAdmin): Promise<SetupBlock[]> {
  const [rows] = await adminReads(env, admin, [blocksQuery(admin.campusId)]);
  return rows.rows;
}

const audit = (admin: SetupAdmin, action: string, id: string, note: string, at: number) =>
  setupAuditLine(admin, "block", action, id, note, at);

export async function addBlock(
  env: Env,
  admin: SetupAdmin,
  input: NewBlockInput,
  now = Date.now(),
): Promise<SetupBlock> {
  const [byId, byName] = await adminReads(env, admin, [
    select({ id: b.id }, sql`FROM ${b} WHERE ${b.id} = ${input.id}`),
    select(
      { id: b.id },
      sql`FROM ${b} WHERE ${b.campus_id} = ${admin.campusId} AND ${b.name} = ${input.name} COLLATE NOCASE`,
    ),
  ]);
  if (byId.rows.length > 0) throw new ApiError(409, M.blockIdTaken(input.id), { field: "id" });
  if (byName.rows.length > 0) throw new ApiError(409, M.blockNameTaken(input.name), { field: "name" });
  await limitChange(env, admin);
  const [inserted] = await batch(env, [
    sql`INSERT INTO ${hostelBlocks} (id, name, position, campus_id)
       SELECT ${input.id}, ${input.name}, COALESCE((SELECT MAX(position) FROM hostel_blocks WHERE campus_id = ${admin.campusId}), 0) + 1, ${admin.campusId}
       ON CONFLICT DO NOTHING`,
    audit(admin, "setup.block.add", input.id, input.name, now),
  ]);
  if (inserted.changes === 0) throw new ApiError(409, M.blockIdTaken(input.id), { field: "id" });
  return { id: input.id, name: input.name, residents: 0, complaints: 0 };
}

export async function renameBlock(
  env: Env,
  admin: SetupAdmin,
  { id }: IdParam,
  input: BlockUpdateInput,
  now = Date.now(),
): Promise<void> {
  const [rows] = await adminReads(env, admin, [
    select({ id: b.id, name: b.name }, sql`FROM ${b} WHERE ${b.campus_id} = ${admin.campusId}`),
  ]);
  const blocks = rows.rows;
  const block = blocks.find((b) => b.id === id);
  if (!block) throw new ApiError(404, M.noSuchBlock);
  if (block.name === input.name) return;
  if (blocks.some((b) => b.id !== id && b.name.toLowerCase() === input.name.toLowerCase()))
    throw new ApiError(409, M.blockNameTaken(input.name), { field: "name" });
  await limitChange(env, admin);
  await batch(env, [
    update(hostelBlocks, { name: input.name }, sql`WHERE id = ${id} AND campus_id = ${admin.campusId}`),
    audit(admin, "setup.block.update", id, `${block.name} → ${input.name}`, now),
  ]);
}

/** What students hang off a block: each stops its removal. */
const inUse = (id: string) => sql`EXISTS (SELECT 1 FROM hostel_residents WHERE block_id = ${id})
  OR EXISTS (SELECT 1 FROM hostel_complaints WHERE block_id = ${id})
  OR EXISTS (SELECT 1 FROM block_moves WHERE from_block_id = ${id} OR to_block_id = ${id})
  OR EXISTS (SELECT 1 FROM staff_roles WHERE block_id = ${id})`;

export async function removeBlock(env: Env, admin: SetupAdmin, { id }: IdParam, now = Date.now()): Promise<void> {
  const [rows] = await adminReads(env, admin, [
    select(
      {
        name: b.name,
        residents: int(sql`(SELECT COUNT(*) FROM hostel_residents WHERE block_id = ${b.id})`),
        complaints: int(sql`(SELECT COUNT(*) FROM hostel_complaints WHERE block_id = ${b.id})`),
        moves: int(sql`(SELECT COUNT(*) FROM block_moves WHERE from_block_id = ${b.id} OR to_block_id = ${b.id})`),
        wardens: int(sql`(SELECT COUNT(*) FROM staff_roles WHERE block_id = ${b.id})`),
      },
      sql`FROM ${b} WHERE ${b.id} = ${id} AND ${b.campus_id} = ${admin.campusId}`,
    ),
  ]);
  const block = rows.rows[0];
  if (!block) throw new ApiError(404, M.noSuchBlock);
  const uses = [
    block.residents > 0 && `${plural(block.residents, "student lives", "students live")} in it`,
    block.complaints > 0 && `it has ${plural(block.complaints, "complaint", "complaints")}`,
    block.moves > 0 && `students' moves name it`,
    block.wardens > 0 && `it has a warden (remove the role on /admin first)`,
  ].filter(Boolean);
  if (uses.length > 0) throw new ApiError(409, M.blockInUse(block.name, uses.join(", ")));
  await limitChange(env, admin);
  const auditId = crypto.randomUUID();
  const written = sql`EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ${auditId})`;
  // The check is inside the write too: a student who joins the block meanwhile keeps it.
  const [, , removed] = await batch(env, [
    auditLine(
      {
        id: auditId,
        campusId: admin.campusId,
        actorId: admin.id,
        action: "setup.block.remove",
        subjectKind: "block",
        subjectId: id,
        studentId: null,
        note: block.name,
        at: now,
      },
      sql`EXISTS (SELECT 1 FROM hostel_blocks WHERE id = ${id} AND campus_id = ${admin.campusId}) AND NOT (${inUse(id)})`,
    ),
    // A roommate listing that preferred it now prefers any block.
    update(roommateListings, { preferred_block: null }, sql`WHERE preferred_block = ${id} AND ${written}`),
    sql`DELETE FROM ${hostelBlocks} WHERE id = ${id} AND ${written}`,
  ]);
  if (removed.changes === 0) throw new ApiError(409, M.blockInUse(block.name, "students started using it just now"));
}
