import { z } from "zod";
import { ApiError } from "#server/lib/errors.ts";
import { optionalUserText } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import { auditStatement, type Guard, noticeStatement } from "#server/services/staff.ts";

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

/** SQL: the staff member (?, ?: user, campus) is the warden of the move `m`'s new block, or the campus admin. */
const DECIDES = `EXISTS (SELECT 1 FROM staff_roles s WHERE s.user_id = ? AND s.campus_id = ? AND s.campus_id = m.campus_id AND (s.role = 'admin' OR (s.role = 'warden' AND s.block_id = m.to_block_id)))`;

/** The pending moves into the blocks the staff member decides for, oldest first: batchable with the warden view. */
export function pendingMovesStatement(env: Env, user: Pick<SessionUser, "id" | "campusId">): D1PreparedStatement {
  return env.DB.prepare(
    `SELECT m.id, u.name AS studentName, fb.name AS fromBlockName, m.to_block_id AS toBlockId, tb.name AS toBlockName, m.room, m.created_at AS requestedAt
     FROM block_moves m JOIN users u ON u.id = m.user_id JOIN hostel_blocks fb ON fb.id = m.from_block_id JOIN hostel_blocks tb ON tb.id = m.to_block_id
     WHERE m.status = 'pending' AND m.campus_id = ? AND ${DECIDES}
     ORDER BY m.created_at LIMIT 100`,
  ).bind(user.campusId, user.id, user.campusId);
}

/** `POST /api/hostel/block-moves/:id/decision` and /staff's Approve and Decline. */
export const moveDecisionSchema = z.object({
  decision: z.enum(["approve", "decline"], { error: "decision must be approve or decline." }),
  note: optionalUserText({ name: "The note", max: 300, tooLong: "Keep the note under 300 characters." }),
});
export type MoveDecision = z.output<typeof moveDecisionSchema>;

interface MoveRow {
  userId: string;
  status: string;
  toBlockId: string;
  toBlockName: string;
  fromBlockName: string;
  room: string;
}

const short = (name: string) => name.split(" (")[0] ?? name;

/**
 * What a member who is no warden is told of a move, before the decision's body is read (the route's
 * role guard): 404 for a move not of their campus, else the sentence decideMove gives.
 */
export async function moveRefusal(env: Env, user: Pick<SessionUser, "campusId">, id: string): Promise<ApiError> {
  const move = await env.DB.prepare(
    "SELECT tb.name AS toBlockName FROM block_moves m JOIN hostel_blocks tb ON tb.id = m.to_block_id WHERE m.id = ?1 AND m.campus_id = ?2",
  )
    .bind(id, user.campusId)
    .first<{ toBlockName: string }>();
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
  const move = await env.DB.prepare(
    `SELECT m.user_id AS userId, m.status, m.to_block_id AS toBlockId, tb.name AS toBlockName, fb.name AS fromBlockName, m.room,
            ${DECIDES} AS decides
     FROM block_moves m JOIN hostel_blocks tb ON tb.id = m.to_block_id JOIN hostel_blocks fb ON fb.id = m.from_block_id
     WHERE m.id = ? AND m.campus_id = ?`,
  )
    .bind(user.id, user.campusId, id, user.campusId)
    .first<MoveRow & { decides: number }>();
  if (!move) throw new ApiError(404, "There is no block change with that id.");
  if (!move.decides) throw mayNotDecide(move.toBlockName);
  if (move.status !== "pending") throw decided(move.status);
  const now = Date.now();
  const auditId = crypto.randomUUID();
  const status = decision === "approve" ? "approved" : "declined";
  const done: Guard = {
    sql: "EXISTS (SELECT 1 FROM block_moves WHERE id = ? AND audit_id = ?)",
    params: [id, auditId],
  };
  const title =
    decision === "approve"
      ? `Your move to ${short(move.toBlockName)} was approved`
      : `Your move to ${short(move.toBlockName)} was declined`;
  const text =
    decision === "approve"
      ? `You now live in ${move.toBlockName}, room ${move.room}. Your complaints, laundry and mess are of this block from now on.${note ? ` The warden's note: ${note}` : ""}`
      : `You stay in ${move.fromBlockName}.${note ? ` The warden's note: ${note}` : ""}`;
  const statements: D1PreparedStatement[] = [
    env.DB.prepare(
      `UPDATE block_moves AS m SET status = ?, decided_at = ?, decided_by = ?, note = ?, audit_id = ?
       WHERE m.id = ? AND m.status = 'pending' AND ${DECIDES}`,
    ).bind(status, now, user.id, note, auditId, id, user.id, user.campusId),
  ];
  if (decision === "approve") {
    statements.push(
      env.DB.prepare(
        `UPDATE hostel_residents SET block_id = ?2, room = ?3, joined_at = ?4, block_changed_at = ?4, updated_at = ?4
         WHERE user_id = ?1 AND EXISTS (SELECT 1 FROM block_moves WHERE id = ?5 AND audit_id = ?6)`,
      ).bind(move.userId, move.toBlockId, move.room, now, id, auditId),
    );
  }
  statements.push(
    auditStatement(
      env,
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
    noticeStatement(env, move.userId, { kind: "block.move", title, text, link: "/hostel-complaints", at: now }, done),
  );
  const [updated] = await env.DB.batch(statements);
  if ((updated?.meta.changes ?? 0) !== 1) {
    const current = await env.DB.prepare("SELECT status FROM block_moves WHERE id = ?1")
      .bind(id)
      .first<{ status: string }>();
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
  const result = await env.DB.prepare(
    "UPDATE block_moves SET status = 'cancelled', decided_at = ?2 WHERE user_id = ?1 AND status = 'pending'",
  )
    .bind(user.id, Date.now())
    .run();
  if (result.meta.changes === 0)
    throw new ApiError(409, "You have no block change waiting: it may have been decided already.");
}
