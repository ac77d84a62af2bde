import type { STAFF_ROLES_ROLE } from "#common/enums.generated.ts";
import { all, insertWhere, type Query, select, type Sql, sql } from "#server/db/sql.ts";
import { notices as noticesTable, staffAuditLog, staffRoles } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { staffRoleLabel } from "#common/staff.ts";
import { isSuspended, suspendedMessage } from "#common/membership.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";

// Staff roles, scope checks, and the statements that put a staff action's audit line and its notices
// in the same D1 batch as the action (docs/decisions/0080-staff-roles.md).

/** A staff role: staff_roles' CHECK list (migrations/, read through common/enums.generated.ts). */
export type StaffRole = (typeof STAFF_ROLES_ROLE)[number];

export interface StaffGrant {
  role: StaffRole;
  /** The warden's block; null for every other role. */
  blockId: string | null;
}

type Member = Pick<SessionUser, "id" | "campusId">;

/**
 * The roles a user holds at their own campus (a role row of another campus gives nothing); rows are
 * StaffGrant. A suspended member holds none until the suspension ends: a suspension stops every
 * write, staff work included (docs/decisions/0082-reports-and-moderation.md).
 */
export function staffGrants(user: Member, now = Date.now()): Query<StaffGrant> {
  const r = staffRoles;
  return select(
    { role: r.role, blockId: r.block_id },
    sql`FROM ${r} WHERE ${r.user_id} = ${user.id} AND ${r.campus_id} = ${user.campusId}
      AND NOT EXISTS (SELECT 1 FROM users WHERE id = ${user.id} AND suspended_until > ${now})
      ORDER BY role, block_id`,
  );
}

export async function staffGrantsOf(env: Env, user: Member): Promise<StaffGrant[]> {
  return all(env, staffGrants(user));
}

export interface StaffScope {
  /** The hostel block the action is on (wardens hold blocks). */
  blockId?: string;
}

/** May these grants do `role`'s work on `scope`? A campus admin may do everything of the campus. */
export function mayStaff(grants: StaffGrant[], role: StaffRole, scope: StaffScope = {}): boolean {
  if (grants.some((g) => g.role === "admin")) return true;
  return grants.some(
    (g) => g.role === role && (role !== "warden" || scope.blockId === undefined || g.blockId === scope.blockId),
  );
}

/** The blocks a warden (or a campus admin: null, every block) may act on. */
export function wardenBlocks(grants: StaffGrant[]): string[] | null {
  if (grants.some((g) => g.role === "admin")) return null;
  return grants.filter((g) => g.role === "warden" && g.blockId).map((g) => g.blockId!);
}

export function staffRefusal(role: StaffRole, scope: StaffScope = {}, blockName?: string): ApiError {
  const who =
    role === "warden" && scope.blockId
      ? `the warden of ${blockName ?? `block ${scope.blockId}`}`
      : staffRoleLabel[role].toLowerCase();
  return new ApiError(403, `Only ${who} or a campus admin can do this.`, { code: "staff_only" });
}

/**
 * The gate on every staff read and write: the user holds `role` at their campus (for a warden, on
 * `scope.blockId`), or is the campus admin. 403 otherwise. Returns the grants for the caller's view.
 */
export async function requireStaff(
  env: Env,
  user: Member & Partial<Pick<SessionUser, "suspendedUntil" | "suspensionReason">>,
  role: StaffRole,
  scope: StaffScope = {},
  grants?: StaffGrant[],
): Promise<StaffGrant[]> {
  const held = grants ?? (await staffGrantsOf(env, user));
  if (!mayStaff(held, role, scope)) {
    // Suspended staff are told why, not that they lack the role.
    if (user.suspendedUntil && isSuspended({ suspendedUntil: user.suspendedUntil }))
      throw new ApiError(403, suspendedMessage(user.suspendedUntil, user.suspensionReason ?? null), {
        code: "suspended",
      });
    throw staffRefusal(role, scope);
  }
  return held;
}

/** Who a staff route is for: a role (a campus admin may do everything), or "rep" for a class representative. */
export type RoleNeed = StaffRole | "rep";

type Holder = Pick<SessionUser, "roles" | "classRep"> &
  Partial<Pick<SessionUser, "suspendedUntil" | "suspensionReason">>;

/**
 * The first question of every staff, admin, curator and class-rep operation, asked of the roles read
 * with the session before the request's body is read: 403 unless the member holds one of `needs`
 * (or is the campus admin) and is not suspended. `refusal` is the operation's own sentence; without
 * it, the one-role refusal the use-case gives. Only a pre-check: the use-case still decides on its
 * own reads (the warden's block, the class a rep keeps).
 */
export function requireRoles(user: Holder, needs: readonly RoleNeed[], refusal?: string): void {
  const holds =
    user.roles.includes("admin") || needs.some((need) => (need === "rep" ? user.classRep : user.roles.includes(need)));
  if (user.suspendedUntil && isSuspended({ suspendedUntil: user.suspendedUntil }))
    throw new ApiError(403, suspendedMessage(user.suspendedUntil, user.suspensionReason ?? null), {
      code: "suspended",
    });
  if (holds) return;
  if (refusal) throw new ApiError(403, refusal, { code: "staff_only" });
  const role = needs.find((need): need is StaffRole => need !== "rep") ?? "admin";
  throw staffRefusal(role);
}

export interface AuditEntry {
  id?: string;
  campusId: string;
  /** Null: the command line. */
  actorId: string | null;
  action: string;
  subjectKind: string;
  subjectId: string;
  studentId: string | null;
  note: string | null;
  at: number;
}

/** One audit line, written only where `guard` holds (put it in the action's batch, after the action). */
export function audit(entry: AuditEntry, guard: Sql = sql`1`): Sql {
  return insertWhere(
    staffAuditLog,
    {
      id: entry.id ?? crypto.randomUUID(),
      campus_id: entry.campusId,
      actor_id: entry.actorId,
      action: entry.action,
      subject_kind: entry.subjectKind,
      subject_id: entry.subjectId,
      student_id: entry.studentId,
      note: entry.note,
      created_at: entry.at,
    },
    guard,
  );
}

export interface Notice {
  kind: string;
  title: string;
  text: string;
  link: string | null;
  at: number;
}

/**
 * A notice to each student `recipients` selects (a SELECT of one column, `user_id`), written only
 * where `guard` holds: to the owner (`SELECT ${id} AS user_id`) or to everyone who said "me too".
 */
export function notices(recipients: Sql, notice: Notice, guard: Sql = sql`1`): Sql {
  const n = noticesTable;
  return sql`INSERT INTO ${n} (id, user_id, kind, title, text, link, created_at)
    SELECT lower(hex(randomblob(16))), r.user_id, ${notice.kind}, ${notice.title}, ${notice.text}, ${notice.link}, ${notice.at}
    FROM (${recipients}) r WHERE ${guard}`;
}

/** A notice to one student. */
export function notice(userId: string, what: Notice, guard: Sql = sql`1`): Sql {
  return notices(sql`SELECT ${userId} AS user_id`, what, guard);
}
