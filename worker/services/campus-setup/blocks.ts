import { z } from "zod";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import {
  adminBatch,
  type IdParam,
  limitChange,
  type SetupAdmin,
  setupAudit,
} from "#server/services/campus-setup/common.ts";
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

export function blocksStatement(env: Env, campusId: string): D1PreparedStatement {
  return env.DB.prepare(
    `SELECT b.id, b.name,
       (SELECT COUNT(*) FROM hostel_residents r WHERE r.block_id = b.id) AS residents,
       (SELECT COUNT(*) FROM hostel_complaints c WHERE c.block_id = b.id) AS complaints
     FROM hostel_blocks b WHERE b.campus_id = ?1 ORDER BY b.position, b.id`,
  ).bind(campusId);
}

export async function listSetupBlocks(env: Env, admin: SetupAdmin): Promise<SetupBlock[]> {
  const [rows] = await adminBatch(env, admin, [blocksStatement(env, admin.campusId)]);
  return rows!.results as SetupBlock[];
}

const audit = (env: Env, admin: SetupAdmin, action: string, id: string, note: string, at: number) =>
  setupAudit(env, admin, "block", action, id, note, at);

export async function addBlock(
  env: Env,
  admin: SetupAdmin,
  input: NewBlockInput,
  now = Date.now(),
): Promise<SetupBlock> {
  const [byId, byName] = await adminBatch(env, admin, [
    env.DB.prepare("SELECT id FROM hostel_blocks WHERE id = ?1").bind(input.id),
    env.DB.prepare("SELECT id FROM hostel_blocks WHERE campus_id = ?1 AND name = ?2 COLLATE NOCASE").bind(
      admin.campusId,
      input.name,
    ),
  ]);
  if (byId!.results.length > 0) throw new ApiError(409, M.blockIdTaken(input.id), { field: "id" });
  if (byName!.results.length > 0) throw new ApiError(409, M.blockNameTaken(input.name), { field: "name" });
  await limitChange(env, admin);
  const [inserted] = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO hostel_blocks (id, name, position, campus_id)
       SELECT ?1, ?2, COALESCE((SELECT MAX(position) FROM hostel_blocks WHERE campus_id = ?3), 0) + 1, ?3
       ON CONFLICT DO NOTHING`,
    ).bind(input.id, input.name, admin.campusId),
    audit(env, admin, "setup.block.add", input.id, input.name, now),
  ]);
  if (inserted!.meta.changes === 0) throw new ApiError(409, M.blockIdTaken(input.id), { field: "id" });
  return { id: input.id, name: input.name, residents: 0, complaints: 0 };
}

export async function renameBlock(
  env: Env,
  admin: SetupAdmin,
  { id }: IdParam,
  input: BlockUpdateInput,
  now = Date.now(),
): Promise<void> {
  const [rows] = await adminBatch(env, admin, [
    env.DB.prepare("SELECT id, name FROM hostel_blocks WHERE campus_id = ?1").bind(admin.campusId),
  ]);
  const blocks = rows!.results as { id: string; name: string }[];
  const block = blocks.find((b) => b.id === id);
  if (!block) throw new ApiError(404, M.noSuchBlock);
  if (block.name === input.name) return;
  if (blocks.some((b) => b.id !== id && b.name.toLowerCase() === input.name.toLowerCase()))
    throw new ApiError(409, M.blockNameTaken(input.name), { field: "name" });
  await limitChange(env, admin);
  await env.DB.batch([
    env.DB.prepare("UPDATE hostel_blocks SET name = ?1 WHERE id = ?2 AND campus_id = ?3").bind(
      input.name,
      id,
      admin.campusId,
    ),
    audit(env, admin, "setup.block.update", id, `${block.name} → ${input.name}`, now),
  ]);
}

/** What students hang off a block: each stops its removal. */
const inUseSql = `EXISTS (SELECT 1 FROM hostel_residents WHERE block_id = ?1)
  OR EXISTS (SELECT 1 FROM hostel_complaints WHERE block_id = ?1)
  OR EXISTS (SELECT 1 FROM block_moves WHERE from_block_id = ?1 OR to_block_id = ?1)
  OR EXISTS (SELECT 1 FROM staff_roles WHERE block_id = ?1)`;

export async function removeBlock(env: Env, admin: SetupAdmin, { id }: IdParam, now = Date.now()): Promise<void> {
  const [rows] = await adminBatch(env, admin, [
    env.DB.prepare(
      `SELECT b.name,
         (SELECT COUNT(*) FROM hostel_residents WHERE block_id = b.id) AS residents,
         (SELECT COUNT(*) FROM hostel_complaints WHERE block_id = b.id) AS complaints,
         (SELECT COUNT(*) FROM block_moves WHERE from_block_id = b.id OR to_block_id = b.id) AS moves,
         (SELECT COUNT(*) FROM staff_roles WHERE block_id = b.id) AS wardens
       FROM hostel_blocks b WHERE b.id = ?1 AND b.campus_id = ?2`,
    ).bind(id, admin.campusId),
  ]);
  const block = rows!.results[0] as
    { name: string; residents: number; complaints: number; moves: number; wardens: number } | undefined;
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
  const written = "EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ?2)";
  // The check is inside the write too: a student who joins the block meanwhile keeps it.
  const [, , removed] = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO staff_audit_log (id, campus_id, actor_id, action, subject_kind, subject_id, student_id, note, created_at)
       SELECT ?2, ?3, ?4, 'setup.block.remove', 'block', ?1, NULL, ?5, ?6
       WHERE EXISTS (SELECT 1 FROM hostel_blocks WHERE id = ?1 AND campus_id = ?3) AND NOT (${inUseSql})`,
    ).bind(id, auditId, admin.campusId, admin.id, block.name, now),
    // A roommate listing that preferred it now prefers any block.
    env.DB.prepare(
      `UPDATE roommate_listings SET preferred_block = NULL WHERE preferred_block = ?1 AND ${written}`,
    ).bind(id, auditId),
    env.DB.prepare(`DELETE FROM hostel_blocks WHERE id = ?1 AND ${written}`).bind(id, auditId),
  ]);
  if (removed!.meta.changes === 0)
    throw new ApiError(409, M.blockInUse(block.name, "students started using it just now"));
}
