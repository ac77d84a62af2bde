import { z } from "zod";
import { STAFF_ROLE_NAMES, staffRoleLabel, type StaffRoleName } from "#common/staff.ts";
import { AUDIT_PAGE_SIZE, describeAuditAction } from "#common/admin.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import { type Block, listBlocks } from "#server/services/hostel/common.ts";
import {
  auditStatement,
  type Guard,
  noticeStatement,
  staffGrantsOf,
  type StaffGrant,
  staffGrantsStatement,
} from "#server/services/staff.ts";

// The campus admin's screen (docs/decisions/0083-campus-admin.md): who holds which role,
// granting and removing roles, and the audit log (read-only). Every read and write is scoped to the
// admin's own campus and checked again inside the write (a role revoked mid-request writes nothing).

type Admin = Pick<SessionUser, "id" | "campusId" | "campusName">;

export interface RoleHolder {
  id: string;
  userId: string;
  name: string;
  email: string;
  role: StaffRoleName;
  blockId: string | null;
  blockName: string | null;
  grantedBy: string | null;
  grantedAt: number;
}

export interface AuditLine {
  id: string;
  action: string;
  what: string;
  subjectKind: string;
  subjectId: string;
  actorId: string | null;
  actorName: string | null;
  studentName: string | null;
  note: string | null;
  createdAt: number;
}

export interface AuditPage {
  lines: AuditLine[];
  /** The cursor of the next (older) page, or null on the last page. */
  older: string | null;
}

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** `GET /api/admin/audit` and /admin's address: which lines, from where (a GET form: works without JavaScript). */
export const auditFilterSchema = z.object({
  action: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(40, "Choose an action from the list.")
      .regex(/^[a-z_.]+$/, "Choose an action from the list.")
      .optional(),
  ),
  actor: z.preprocess(blank, z.string().trim().max(64, "Choose a person from the list.").optional()),
  // "<created_at>_<id>": the keyset of the last line of the page before.
  before: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(120)
      .regex(/^\d{1,16}_[\w-]{1,64}$/, "That page link is not valid; start from the newest.")
      .optional(),
  ),
});
export type AuditFilter = z.output<typeof auditFilterSchema>;

/** `POST /api/admin/roles` and /admin's grant form. */
export const grantSchema = z.object({
  email: z
    .string({ error: "Enter the member's e-mail address." })
    .trim()
    .toLowerCase()
    .min(3, "Enter the member's e-mail address.")
    .max(254, "That e-mail address is too long.")
    .email("Enter a valid e-mail address."),
  role: z.enum(STAFF_ROLE_NAMES, { error: "Choose a role: warden, mess, laundry, moderator, admin or curator." }),
  blockId: z.preprocess(blank, z.string().trim().max(16, "Choose one of the hostel blocks.").optional()),
});
export type GrantInput = z.output<typeof grantSchema>;

/** `DELETE /api/admin/roles/:id` and the Remove button of a role on /admin. */
export const revokeSchema = z.object({ id: z.string().trim().min(1).max(64) });
export type RevokeInput = z.output<typeof revokeSchema>;

function rolesStatement(env: Env, campusId: string): D1PreparedStatement {
  return env.DB.prepare(
    `SELECT r.id, r.user_id AS userId, u.name, u.email, r.role, r.block_id AS blockId, b.name AS blockName, g.name AS grantedBy, r.granted_at AS grantedAt
     FROM staff_roles r JOIN users u ON u.id = r.user_id LEFT JOIN hostel_blocks b ON b.id = r.block_id LEFT JOIN users g ON g.id = r.granted_by
     WHERE r.campus_id = ?1 AND u.deleted_at IS NULL
     ORDER BY CASE r.role WHEN 'admin' THEN 0 WHEN 'moderator' THEN 1 WHEN 'warden' THEN 2 WHEN 'mess' THEN 3 ELSE 4 END, r.block_id, u.name`,
  ).bind(campusId);
}

function auditStatementFor(env: Env, campusId: string, filter: AuditFilter): D1PreparedStatement {
  const where = ["a.campus_id = ?1"];
  const params: unknown[] = [campusId];
  if (filter.action) {
    params.push(filter.action);
    where.push(`a.action = ?${params.length}`);
  }
  if (filter.actor) {
    params.push(filter.actor);
    where.push(filter.actor === "cli" ? "a.actor_id IS NULL" : `a.actor_id = ?${params.length}`);
    if (filter.actor === "cli") params.pop();
  }
  if (filter.before) {
    const [at, id] = [
      Number(filter.before.slice(0, filter.before.indexOf("_"))),
      filter.before.slice(filter.before.indexOf("_") + 1),
    ];
    params.push(at, id);
    where.push(
      `(a.created_at < ?${params.length - 1} OR (a.created_at = ?${params.length - 1} AND a.id < ?${params.length}))`,
    );
  }
  return env.DB.prepare(
    `SELECT a.id, a.action, a.subject_kind AS subjectKind, a.subject_id AS subjectId, a.actor_id AS actorId, actor.name AS actorName, student.name AS studentName, a.note, a.created_at AS createdAt
     FROM staff_audit_log a LEFT JOIN users actor ON actor.id = a.actor_id LEFT JOIN users student ON student.id = a.student_id
     WHERE ${where.join(" AND ")} ORDER BY a.created_at DESC, a.id DESC LIMIT ${AUDIT_PAGE_SIZE + 1}`,
  ).bind(...params);
}

function auditPageFrom(rows: Omit<AuditLine, "what">[]): AuditPage {
  const lines = rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({ ...r, what: describeAuditAction(r.action) }));
  const last = lines.at(-1);
  return { lines, older: rows.length > AUDIT_PAGE_SIZE && last ? `${last.createdAt}_${last.id}` : null };
}

export interface AdminView {
  campusName: string;
  roles: RoleHolder[];
  blocks: Block[];
  audit: AuditPage;
  /** The people who acted in this campus's log (the actor filter's choices). */
  actors: { id: string; name: string }[];
  filter: AuditFilter;
}

/** Everything /admin shows, in two D1 round trips after the session (the roles, then one batch). */
export async function readAdminView(env: Env, admin: Admin, filter: AuditFilter): Promise<AdminView> {
  await requireAdmin(env, admin);
  const [roles, blocks, audit, actors] = await env.DB.batch([
    rolesStatement(env, admin.campusId),
    env.DB.prepare("SELECT id, name FROM hostel_blocks WHERE campus_id = ?1 ORDER BY position").bind(admin.campusId),
    auditStatementFor(env, admin.campusId, filter),
    env.DB.prepare(
      "SELECT DISTINCT u.id, u.name FROM staff_audit_log a JOIN users u ON u.id = a.actor_id WHERE a.campus_id = ?1 ORDER BY u.name",
    ).bind(admin.campusId),
  ]);
  return {
    campusName: admin.campusName,
    roles: roles!.results as RoleHolder[],
    blocks: blocks!.results as Block[],
    audit: auditPageFrom(audit!.results as Omit<AuditLine, "what">[]),
    actors: actors!.results as { id: string; name: string }[],
    filter,
  };
}

function refuseUnlessAdmin(grants: StaffGrant[]): void {
  if (!grants.some((g) => g.role === "admin"))
    throw new ApiError(403, "Only a campus admin can do this.", { code: "staff_only" });
}

async function requireAdmin(env: Env, admin: Admin) {
  refuseUnlessAdmin(await staffGrantsOf(env, admin));
}

/**
 * A list only a campus admin may read: the caller's roles and the list in one D1 batch (decision 0093:
 * two queries for a list endpoint, the session's included); nothing is returned unless they are admin.
 */
async function adminList<T>(env: Env, admin: Admin, list: D1PreparedStatement): Promise<T[]> {
  const [grants, rows] = await env.DB.batch([staffGrantsStatement(env, admin), list]);
  refuseUnlessAdmin(grants!.results as StaffGrant[]);
  return rows!.results as T[];
}

export async function listRoles(env: Env, admin: Admin): Promise<RoleHolder[]> {
  return adminList<RoleHolder>(env, admin, rolesStatement(env, admin.campusId));
}

export async function readAudit(env: Env, admin: Admin, filter: AuditFilter): Promise<AuditPage> {
  return auditPageFrom(
    await adminList<Omit<AuditLine, "what">>(env, admin, auditStatementFor(env, admin.campusId, filter)),
  );
}

/** The acting admin still holds the admin role at the campus: part of every write's condition. */
const isAdminSql = "EXISTS (SELECT 1 FROM staff_roles x WHERE x.user_id = ? AND x.campus_id = ? AND x.role = 'admin')";

const roleText = (role: StaffRoleName, block: Block | null) =>
  role === "warden" && block ? `warden of ${block.name}` : staffRoleLabel[role].toLowerCase();

/**
 * Grants `role` to a verified member of the admin's campus. One batch: the role (only while the
 * caller is an admin there; nothing when the member holds it already), then its audit line and the
 * member's notice, each only where that role row exists.
 */
export async function grantRole(env: Env, admin: Admin, input: GrantInput, now = Date.now()): Promise<RoleHolder> {
  await requireAdmin(env, admin);
  const { success } = await env.POST_LIMITER.limit({ key: `admin:${admin.id}` });
  if (!success) throw new ApiError(429, "Too many changes in a minute. Please wait a minute and try again.");
  if (input.role !== "warden" && input.blockId)
    throw new ApiError(
      400,
      `A block is for wardens only; ${staffRoleLabel[input.role].toLowerCase()} acts for the whole campus.`,
      { field: "blockId" },
    );
  const member = await env.DB.prepare(
    "SELECT id, name, email FROM users WHERE email = ?1 AND campus_id = ?2 AND deleted_at IS NULL AND email_verified_at IS NOT NULL",
  )
    .bind(input.email, admin.campusId)
    .first<{ id: string; name: string; email: string }>();
  // The same answer for an unknown address, an unverified one and one of another campus: the screen
  // does not tell who has an account where.
  if (!member)
    throw new ApiError(404, `No verified member of ${admin.campusName} has that address.`, { field: "email" });
  let block: Block | null = null;
  if (input.role === "warden") {
    const blocks = await listBlocks(env, admin.campusId);
    block = blocks.find((b) => b.id === input.blockId) ?? null;
    if (!block)
      throw new ApiError(
        400,
        `A warden is the warden of a block: choose one of ${blocks.map((b) => b.id).join(", ")}.`,
        { field: "blockId" },
      );
  }

  const id = crypto.randomUUID();
  const what = roleText(input.role, block);
  const granted: Guard = { sql: "EXISTS (SELECT 1 FROM staff_roles WHERE id = ?)", params: [id] };
  const results = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO staff_roles (id, user_id, campus_id, role, block_id, granted_by, granted_at)
       SELECT ?, ?, ?, ?, ?, ?, ? WHERE ${isAdminSql} ON CONFLICT DO NOTHING`,
    ).bind(id, member.id, admin.campusId, input.role, block?.id ?? null, admin.id, now, admin.id, admin.campusId),
    auditStatement(
      env,
      {
        campusId: admin.campusId,
        actorId: admin.id,
        action: "role.grant",
        subjectKind: "user",
        subjectId: member.id,
        studentId: member.id,
        note: what,
        at: now,
      },
      granted,
    ),
    noticeStatement(
      env,
      member.id,
      {
        kind: "role",
        title: `You are now ${what}`,
        text: `${admin.campusName} made you ${what} on Campus. Your tools are on the staff console.`,
        link: "/staff",
        at: now,
      },
      granted,
    ),
  ]);
  if (results[0]!.meta.changes === 0) {
    await requireAdmin(env, admin);
    throw new ApiError(409, `${member.name} is already ${what}.`);
  }
  return {
    id,
    userId: member.id,
    name: member.name,
    email: member.email,
    role: input.role,
    blockId: block?.id ?? null,
    blockName: block?.name ?? null,
    grantedBy: null,
    grantedAt: now,
  };
}

/**
 * Removes a role of the admin's campus. One batch: the audit line is written only while the caller
 * is an admin there and, for an admin role, another admin remains; the notice and the removal only
 * where that audit line was written. Two admins removing each other at once: the second finds
 * itself the last admin and is refused.
 */
export async function revokeRole(env: Env, admin: Admin, { id }: RevokeInput, now = Date.now()): Promise<void> {
  await requireAdmin(env, admin);
  const { success } = await env.POST_LIMITER.limit({ key: `admin:${admin.id}` });
  if (!success) throw new ApiError(429, "Too many changes in a minute. Please wait a minute and try again.");
  const role = await env.DB.prepare(
    "SELECT r.user_id AS userId, r.role, r.block_id AS blockId, b.name AS blockName FROM staff_roles r LEFT JOIN hostel_blocks b ON b.id = r.block_id WHERE r.id = ?1 AND r.campus_id = ?2",
  )
    .bind(id, admin.campusId)
    .first<{ userId: string; role: StaffRoleName; blockId: string | null; blockName: string | null }>();
  if (!role) throw new ApiError(404, "That role is not held at your campus (it may have been removed already).");
  const what = roleText(role.role, role.blockId ? { id: role.blockId, name: role.blockName ?? role.blockId } : null);
  const auditId = crypto.randomUUID();
  const written: Guard = { sql: "EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ?)", params: [auditId] };
  const results = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO staff_audit_log (id, campus_id, actor_id, action, subject_kind, subject_id, student_id, note, created_at)
       SELECT ?, ?, ?, 'role.revoke', 'user', ?, ?, ?, ?
       WHERE EXISTS (SELECT 1 FROM staff_roles WHERE id = ? AND campus_id = ?) AND ${isAdminSql}
         AND (? <> 'admin' OR (SELECT COUNT(*) FROM staff_roles WHERE campus_id = ? AND role = 'admin') > 1)`,
    ).bind(
      auditId,
      admin.campusId,
      admin.id,
      role.userId,
      role.userId,
      what,
      now,
      id,
      admin.campusId,
      admin.id,
      admin.campusId,
      role.role,
      admin.campusId,
    ),
    noticeStatement(
      env,
      role.userId,
      {
        kind: "role",
        title: `You are no longer ${what}`,
        text: `${admin.campusName} removed your role as ${what} on Campus.`,
        link: null,
        at: now,
      },
      written,
    ),
    env.DB.prepare("DELETE FROM staff_roles WHERE id = ? AND EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ?)").bind(
      id,
      auditId,
    ),
  ]);
  if (results[2]!.meta.changes === 0) {
    await requireAdmin(env, admin);
    const still = await env.DB.prepare("SELECT 1 FROM staff_roles WHERE id = ?1").bind(id).first();
    if (still && role.role === "admin")
      throw new ApiError(409, "A campus keeps at least one admin: grant the admin role to someone else first.");
    throw new ApiError(404, "That role is not held at your campus (it may have been removed already).");
  }
}
