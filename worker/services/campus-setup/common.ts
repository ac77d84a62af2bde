import { z } from "zod";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import { clockTime } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { audit, requireStaff, staffGrants } from "#server/services/staff.ts";
import { batch, type Outcomes, type Sql, sql } from "#server/db/sql.ts";
import type { laundrySlots, messMeals } from "#server/db/tables.generated.ts";

// What every set-up use-case shares (docs/decisions/0104-campus-setup.md): the caller is an admin of
// their own campus (a row of another campus is never found: every statement is scoped by the
// caller's campus id), changes are rate limited per admin, and each write carries its audit line.

export type SetupAdmin = Pick<SessionUser, "id" | "campusId" | "campusName"> &
  Partial<Pick<SessionUser, "suspendedUntil" | "suspensionReason">>;

/**
 * The caller's roles and the reads a use-case needs, in one D1 batch, each read's rows typed by its
 * select list; refuses (403) unless the caller is an admin of their campus, before anything read is
 * used.
 */
export async function adminReads<const Qs extends readonly Sql[]>(
  env: Env,
  admin: SetupAdmin,
  reads: Qs,
): Promise<Outcomes<Qs>> {
  const [grants, ...rest] = await batch(env, [staffGrants(admin), ...reads]);
  await requireStaff(env, admin, "admin", {}, grants.rows);
  return rest;
}

/** One change a minute's allowance, shared with the admin's other writes (role grants). */
export async function limitChange(env: Env, admin: SetupAdmin): Promise<void> {
  const { success } = await env.POST_LIMITER.limit({ key: `admin:${admin.id}` });
  if (!success) throw new ApiError(429, M.tooMany);
}

/** Form fields arrive as "" when left empty. */
export const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** A whole number from JSON or from a form's text. */
export const wholeNumber = (value: unknown) =>
  typeof value === "string" && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value;

/** "HH:MM" in, minutes after midnight out. */
export const timeSchema = clockTime(M.timeInvalid);

/** `:id` of a block, meal or slot. */
export const idParamSchema = z.object({ id: z.string().trim().min(1).max(64) });
export type IdParam = z.output<typeof idParamSchema>;

/** A short random suffix, so an id made from a name stays unique across campuses and renames. */
export const shortRandom = () => crypto.randomUUID().slice(0, 6);

export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 16) || "x";

/** The audit line of one set-up change, written in the change's own batch (only where `guard` holds). */
export const setupAuditLine = (
  admin: SetupAdmin,
  subjectKind: string,
  action: string,
  id: string,
  note: string,
  at: number,
  guard?: Sql,
) =>
  audit(
    {
      campusId: admin.campusId,
      actorId: admin.id,
      action,
      subjectKind,
      subjectId: id,
      studentId: null,
      note,
      at,
    },
    guard,
  );

/** Renumbers a college's meals or slots in time order (ties by id), so every screen reads them as the day runs. */
export const orderByStart = (table: typeof messMeals | typeof laundrySlots, campusId: string): Sql =>
  sql`UPDATE ${table} SET position = (SELECT COUNT(*) FROM ${table.as("o")} WHERE o.campus_id = ${campusId}
       AND (o.starts_at_min < ${table.starts_at_min} OR (o.starts_at_min = ${table.starts_at_min} AND o.id < ${table.id}))) + 1
     WHERE campus_id = ${campusId}`;
