import { z } from "zod";
import { STAFF_ROLE_NAMES, staffRoleLabel, type StaffRoleName } from "#common/staff.ts";
import { AUDIT_PAGE_SIZE, describeAuditAction } from "#common/admin.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { type Block, blocksQuery, listBlocks } from "#server/services/hostel/common.ts";
import { audit, notice, staffGrants, staffGrantsOf, type StaffGrant } from "#server/services/staff.ts";
import {
  batch,
  first,
  insertWhere,
  int,
  type Query,
  select,
  selectDistinct,
  type Sql,
  sql,
  textOrNull,
} from "#server/db/sql.ts";
import { hostelBlocks, staffAuditLog, staffRoles, users } from "#server/db/tables.generated.ts";

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

function rolesQuery(campusId: string) {
  const [r, u, b, g] = [staffRoles.as("r"), users.as("u"), hostelBlocks.as("b"), users.as("g")];
  return select(
    {
      id: r.id,
      userId: r.user_id,
      name: u.name,
      email: u.email,
      role: r.role,
      blockId: r.block_id,
      blockName: textOrNull(sql`${b.name}`),
      grantedBy: textOrNull(sql`${g.name}`),
      grantedAt: r.granted_at,
    },
    sql`FROM ${r} JOIN ${u} ON ${u.id} = ${r.user_id} LEFT JOIN ${b} ON ${b.id} = ${r.block_id} LEFT JOIN ${g} ON ${g.id} = ${r.granted_by}
      WHERE ${r.campus_id} = ${campusId} AND ${u.deleted_at} IS NULL
      ORDER BY CASE ${r.role} WHEN 'admin' THEN 0 WHEN 'moderator' THEN 1 WHEN 'warden' THEN 2 WHEN 'mess' THEN 3 ELSE 4 END, ${r.block_id}, ${u.name}`,
  );
}

function auditQuery(campusId: string, filter: AuditFilter) {
  const [a, actor, student] = [staffAuditLog.as("a"), users.as("actor"), users.as("student")];
  const where: Sql[] = [sql`${a.campus_id} = ${campusId}`];
  if (filter.action) where.push(sql`${a.action} = ${filter.action}`);
  if (filter.actor)
    where.push(filter.actor === "cli" ? sql`${a.actor_id} IS NULL` : sql`${a.actor_id} = ${filter.actor}`);
  if (filter.before) {
    const [at, id] = [
      Number(filter.before.slice(0, filter.before.indexOf("_"))),
      filter.before.slice(filter.before.indexOf("_") + 1),
    ];
    where.push(sql`(${a.created_at} < ${at} OR (${a.created_at} = ${at} AND ${a.id} < ${id}))`);
  }
  return select(
    {
      id: a.id,
      action: a.action,
      subjectKind: a.subject_kind,
      subjectId: a.subject_id,
      actorId: a.actor_id,
      actorName: textOrNull(sql`${actor.name}`),
      studentName: textOrNull(sql`${student.name}`),
      note: a.note,
      createdAt: a.created_at,
    },
    sql`FROM ${a} LEFT JOIN ${actor} ON ${actor.id} = ${a.actor_id} LEFT JOIN ${student} ON ${student.id} = ${a.student_id}
      WHERE ${sql.join(where, " AND ")} ORDER BY ${a.created_at} DESC, ${a.id} DESC LIMIT ${sql.raw(String(AUDIT_PAGE_SIZE + 1))}`,
  );
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
  const [a, u] = [staffAuditLog.as("a"), users.as("u")];
  const [roles, blocks, lines, actors] = await batch(env, [
    rolesQuery(admin.campusId),
    blocksQuery(admin.campusId),
    auditQuery(admin.campusId, filter),
    selectDistinct(
      { id: u.id, name: u.name },
      sql`FROM ${a} JOIN ${u} ON ${u.id} = ${a.actor_id} WHERE ${a.campus_id} = ${admin.campusId} ORDER BY ${u.name}`,
    ),
  ]);
  return {
    campusName: admin.campusName,
    roles: roles.rows,
    blocks: blocks.rows,
    audit: auditPageFrom(lines.rows),
    actors: actors.rows,
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
async function adminList<T>(env: Env, admin: Admin, list: Query<T>): Promise<T[]> {
  const [grants, rows] = await batch(env, [staffGrants(admin), list]);
  refuseUnlessAdmin(grants.rows);
  return rows.rows;
}

export async function listRoles(env: Env, admin: Admin): Promise<RoleHolder[]> {
  return adminList(env, admin, rolesQuery(admin.campusId));
}

export async function readAudit(env: Env, admin: Admin, filter: AuditFilter): Promise<AuditPage> {
  return auditPageFrom(await adminList(env, admin, auditQuery(admin.campusId, filter)));
}

/** The acting admin still holds the admin role at the campus: part of every write's condition. */
const isAdmin = (admin: Admin) =>
  sql`EXISTS (SELECT 1 FROM staff_roles x WHERE x.user_id = ${admin.id} AND x.campus_id = ${admin.campusId} AND x.role = 'admin')`;

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
  const member = await first(
    env,
    select(
      { id: users.id, name: users.name, email: users.email },
      sql`FROM ${users} WHERE ${users.email} = ${input.email} AND ${users.campus_id} = ${admin.campusId}
        AND ${users.deleted_at} IS NULL AND ${users.email_verified_at} IS NOT NULL`,
    ),
  );
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
  const granted = sql`EXISTS (SELECT 1 FROM staff_roles WHERE id = ${id})`;
  const [inserted] = await batch(env, [
    sql`${insertWhere(
      staffRoles,
      {
        id,
        user_id: member.id,
        campus_id: admin.campusId,
        role: input.role,
        block_id: block?.id ?? null,
        granted_by: admin.id,
        granted_at: now,
      },
      isAdmin(admin),
    )} ON CONFLICT DO NOTHING`,
    audit(
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
    notice(
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
  if (inserted.changes === 0) {
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
  const [r, b] = [staffRoles.as("r"), hostelBlocks.as("b")];
  const role = await first(
    env,
    select(
      { userId: r.user_id, role: r.role, blockId: r.block_id, blockName: textOrNull(sql`${b.name}`) },
      sql`FROM ${r} LEFT JOIN ${b} ON ${b.id} = ${r.block_id} WHERE ${r.id} = ${id} AND ${r.campus_id} = ${admin.campusId}`,
    ),
  );
  if (!role) throw new ApiError(404, "That role is not held at your campus (it may have been removed already).");
  const what = roleText(role.role, role.blockId ? { id: role.blockId, name: role.blockName ?? role.blockId } : null);
  const auditId = crypto.randomUUID();
  const written = sql`EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ${auditId})`;
  const [, , removed] = await batch(env, [
    audit(
      {
        id: auditId,
        campusId: admin.campusId,
        actorId: admin.id,
        action: "role.revoke",
        subjectKind: "user",
        subjectId: role.userId,
        studentId: role.userId,
        note: what,
        at: now,
      },
      sql`EXISTS (SELECT 1 FROM staff_roles WHERE id = ${id} AND campus_id = ${admin.campusId}) AND ${isAdmin(admin)}
        AND (${role.role} <> 'admin' OR (SELECT COUNT(*) FROM staff_roles WHERE campus_id = ${admin.campusId} AND role = 'admin') > 1)`,
    ),
    notice(
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
    sql`DELETE FROM ${staffRoles} WHERE id = ${id} AND ${written}`,
  ]);
  if (removed.changes === 0) {
    await requireAdmin(env, admin);
    const still = await first(env, select({ one: int(sql`1`) }, sql`FROM ${staffRoles} WHERE id = ${id}`));
    if (still && role.role === "admin")
      throw new ApiError(409, "A campus keeps at least one admin: grant the admin role to someone else first.");
    throw new ApiError(404, "That role is not held at your campus (it may have been removed already).");
  }
}
