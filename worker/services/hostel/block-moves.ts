import { z } from "zod";
import { ApiError } from "#server/lib/errors.ts";
import { optionalUserText } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { audit, notice } from "#server/services/staff.ts";
import { batch, first, int, type Query, run, select, sql, update } from "#server/db/sql.ts";
import { blockMoves, hostelBlocks, hostelResidents, users } from "#server/db/tables.generated.ts";

// Moves between hostel blocks wait for the warden of the new block (
// docs/decisions/0084-block-moves.md). The student asks through setResidence (common.ts); the
// warden of the block they move to, or the campus admin, approves or declines on /staff; the
// student may cancel while it is pending. Each decision is one conditional batch.

export interface MoveRequest {
  id: string;
  studentName: string;
  fromBlockName: string;
  toBlockId: string;
  toBlockName: string;
  room: string;
  requestedAt: number;
}

type Staff = Pick<SessionUser, "id" | "campusId">;

/** The staff member is the warden of the move `m`'s new block (`m`: the move row), or the campus admin. */
const decides = (user: Staff, m: typeof blockMoves) =>
  sql`EXISTS (SELECT 1 FROM staff_roles s WHERE s.user_id = ${user.id} AND s.campus_id = ${user.campusId} AND s.campus_id = ${m.campus_id} AND (s.role = 'admin' OR (s.role = 'warden' AND s.block_id = ${m.to_block_id})))`;

const [m, u, fb, tb] = [blockMoves.as("m"), users.as("u"), hostelBlocks.as("fb"), hostelBlocks.as("tb")];

/** The pending moves into the blocks the staff member decides for, oldest first: batchable with the warden view. */
export function pendingMoves(user: Staff): Query<MoveRequest> {
  return select(
    {
      id: m.id,
      studentName: u.name,
      fromBlockName: fb.name,
      toBlockId: m.to_block_id,
      toBlockName: tb.name,
      room: m.room,
      requestedAt: m.created_at,
    },
    sql`FROM ${m} JOIN ${u} ON ${u.id} = ${m.user_id} JOIN ${fb} ON ${fb.id} = ${m.from_block_id} JOIN ${tb} ON ${tb.id} = ${m.to_block_id}
      WHERE ${m.status} = 'pending' AND ${m.campus_id} = ${user.campusId} AND ${decides(user, m)}
      ORDER BY ${m.created_at} LIMIT 100`,
  );
}

/** `POST /api/hostel/block-moves/:id/decision` and /staff's Approve and Decline. */
export const moveDecisionSchema = z.object({
  decision: z.enum(["approve", "decline"], { error: "decision must be approve or decline." }),
  note: optionalUserText({ name: "The note", max: 300, tooLong: "Keep the note under 300 characters." }),
});
export type MoveDecision = z.output<typeof moveDecisionSchema>;

const short = (name: string) => name.split(" (")[0] ?? name;

/**
 * What a member who is no warden is told of a move, before the decision's body is read (the route's
 * role guard): 404 for a move not of their campus, else the sentence decideMove gives.
 */
export async function moveRefusal(env: Env, user: Pick<SessionUser, "campusId">, id: string): Promise<ApiError> {
  const move = await first(
    env,
    select(
      { toBlockName: tb.name },
      sql`FROM ${m} JOIN ${tb} ON ${tb.id} = ${m.to_block_id} WHERE ${m.id} = ${id} AND ${m.campus_id} = ${user.campusId}`,
    ),
  );
  if (!move) return new ApiError(404, "There is no block change with that id.");
  return mayNotDecide(move.toBlockName);
}

const mayNotDecide = (toBlockName: string) =>
  new ApiError(403, `Only the warden of ${short(toBlockName)} or a campus admin can do this.`, { code: "staff_only" });

/**
 * `POST /api/hostel/block-moves/:id/decision { decision, note }` and /staff's buttons. Another
 * campus's move is a 404; someone who is not the new block's warden or the campus admin gets 403.
 * The decision UPDATE is conditional (still pending, the caller still decides) and stamps its audit
 * id; the residence, the audit line and the student's notice follow only where it did.
 */
export async function decideMove(
  env: Env,
  user: SessionUser,
  id: string,
  { decision, note }: MoveDecision,
): Promise<{ status: "approved" | "declined" }> {
  const move = await first(
    env,
    select(
      {
        userId: m.user_id,
        status: m.status,
        toBlockId: m.to_block_id,
        toBlockName: tb.name,
        fromBlockName: fb.name,
        room: m.room,
        decides: int(decides(user, m)),
      },
      sql`FROM ${m} JOIN ${tb} ON ${tb.id} = ${m.to_block_id} JOIN ${fb} ON ${fb.id} = ${m.from_block_id}
        WHERE ${m.id} = ${id} AND ${m.campus_id} = ${user.campusId}`,
    ),
  );
  if (!move) throw new ApiError(404, "There is no block change with that id.");
  if (!move.decides) throw mayNotDecide(move.toBlockName);
  if (move.status !== "pending") throw decided(move.status);
  const now = Date.now();
  const auditId = crypto.randomUUID();
  const status = decision === "approve" ? "approved" : "declined";
  const done = sql`EXISTS (SELECT 1 FROM block_moves WHERE id = ${id} AND audit_id = ${auditId})`;
  const title =
    decision === "approve"
      ? `Your move to ${short(move.toBlockName)} was approved`
      : `Your move to ${short(move.toBlockName)} was declined`;
  const text =
    decision === "approve"
      ? `You now live in ${move.toBlockName}, room ${move.room}. Your complaints, laundry and mess are of this block from now on.${note ? ` The warden's note: ${note}` : ""}`
      : `You stay in ${move.fromBlockName}.${note ? ` The warden's note: ${note}` : ""}`;
  const [updated] = await batch(env, [
    update(
      blockMoves,
      { status, decided_at: now, decided_by: user.id, note, audit_id: auditId },
      sql`WHERE id = ${id} AND status = 'pending' AND ${decides(user, blockMoves)}`,
    ),
    ...(decision === "approve"
      ? [
          update(
            hostelResidents,
            { block_id: move.toBlockId, room: move.room, joined_at: now, block_changed_at: now, updated_at: now },
            sql`WHERE user_id = ${move.userId} AND ${done}`,
          ),
        ]
      : []),
    audit(
      {
        id: auditId,
        campusId: user.campusId,
        actorId: user.id,
        action: `block.${decision}`,
        subjectKind: "block_move",
        subjectId: id,
        studentId: move.userId,
        note: `${short(move.fromBlockName)} -> ${short(move.toBlockName)}${note ? `: ${note}` : ""}`,
        at: now,
      },
      done,
    ),
    notice(move.userId, { kind: "block.move", title, text, link: "/hostel-complaints", at: now }, done),
  ]);
  if (updated.changes !== 1) {
    const current = await first(env, select({ status: blockMoves.status }, sql`FROM ${blockMoves} WHERE id = ${id}`));
    throw decided(current?.status ?? "cancelled");
  }
  return { status };
}

function decided(status: string): ApiError {
  if (status === "cancelled") return new ApiError(409, "The student cancelled this block change.");
  return new ApiError(409, `This block change was already ${status}.`);
}

/** `POST /api/hostel/block-moves/mine/cancel` and the student's button: their pending move, if any, ends. */
export async function cancelMove(env: Env, user: SessionUser): Promise<void> {
  const result = await run(
    env,
    update(
      blockMoves,
      { status: "cancelled", decided_at: Date.now() },
      sql`WHERE user_id = ${user.id} AND status = 'pending'`,
    ),
  );
  if (result.changes === 0)
    throw new ApiError(409, "You have no block change waiting: it may have been decided already.");
}
