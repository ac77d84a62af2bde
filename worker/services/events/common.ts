import { z } from "zod";
import { EVENT_MESSAGES as M } from "#common/events.ts";
import { int, type Query, select, type Sql, sql } from "#server/db/sql.ts";
import { clubLeads, clubs, staffRoles } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";

// What the events folder's modules share: who may publish a club's events (a lead of the club who
// is a verified, unsuspended member, or the campus admin), as a read for the views and as the
// condition a write carries, and the rate limit of a student's event and club writes.

export type Member = Pick<SessionUser, "id" | "campusId">;
export type Actor = Member &
  Pick<SessionUser, "name" | "openCommunity" | "verified" | "suspendedUntil" | "suspensionReason">;

/** The condition, inside a write, that `userId` is not suspended at `now`. */
const notSuspended = (userId: string, now: number) =>
  sql`NOT EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND suspended_until > ${now})`;

/** The condition that `userId` is the campus admin of `campusId`. */
export const isCampusAdmin = (userId: string, campusId: string) =>
  sql`EXISTS (SELECT 1 FROM staff_roles WHERE user_id = ${userId} AND campus_id = ${campusId} AND role = 'admin')`;

/**
 * The condition, for a write's own statement, that `userId` may publish for `clubId` at `campusId`
 * now: the campus admin, or (for a club) a verified lead of that club of that campus. A role removed
 * or a suspension between the check and the write writes nothing.
 */
export function publisherGuard(userId: string, campusId: string, clubId: string | null, now: number): Sql {
  const lead =
    clubId === null
      ? sql`0`
      : sql`(EXISTS (SELECT 1 FROM club_leads l JOIN clubs k ON k.id = l.club_id
              WHERE l.user_id = ${userId} AND l.club_id = ${clubId} AND k.campus_id = ${campusId})
            AND EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND email_verified_at IS NOT NULL))`;
  return sql`${notSuspended(userId, now)} AND (${isCampusAdmin(userId, campusId)} OR ${lead})`;
}

/** The reader's powers, for a view: campus admin (1/0), and the clubs they lead (their own campus's). */
export function powersReads(member: Member | null, now: number) {
  const l = clubLeads.as("l");
  const k = clubs.as("k");
  const r = staffRoles.as("r");
  const id = member?.id ?? "";
  const campusId = member?.campusId ?? "";
  return [
    select(
      { admin: int(sql`1`) },
      sql`FROM ${r} WHERE ${r.user_id} = ${id} AND ${r.campus_id} = ${campusId} AND ${r.role} = 'admin'
        AND ${notSuspended(id, now)} LIMIT 1`,
    ),
    select(
      { clubId: l.club_id },
      sql`FROM ${l} JOIN ${k} ON ${k.id} = ${l.club_id} WHERE ${l.user_id} = ${id} AND ${k.campus_id} = ${campusId}
        AND ${notSuspended(id, now)}`,
    ),
  ] as const;
}

export interface Powers {
  admin: boolean;
  leads: Set<string>;
}

export function powersFrom(admin: { rows: { admin: number }[] }, leads: { rows: { clubId: string }[] }): Powers {
  return { admin: admin.rows.length > 0, leads: new Set(leads.rows.map((r) => r.clubId)) };
}

/** May these powers publish and change `clubId`'s events (null: the college's own)? */
export const mayPublish = (powers: Powers, clubId: string | null) =>
  powers.admin || (clubId !== null && powers.leads.has(clubId));

/** The refusal for a reader without the power. */
export const publishRefusal = (clubId: string | null) =>
  new ApiError(403, clubId === null ? M.collegeEventAdminOnly : M.notLead, { code: "not_lead" });

/** A student's event and club writes (going, leaving, following): twenty a minute with their posts' allowance. */
export async function limitEventWrite(env: Env, userId: string): Promise<void> {
  const { success } = await env.POST_LIMITER.limit({ key: `events:${userId}` });
  if (!success) throw new ApiError(429, M.tooMany);
}

/** `:id` of an event or a club. */
export const idSchema = z.string().trim().min(1).max(64);

/** A query whose rows are just user ids (the recipients of a notice). */
export type Recipients = Query<{ user_id: string }>;
