import { z } from "zod";
import { type ClubView, EVENT_LIMITS, EVENT_MESSAGES as M, EVENT_NOTICES } from "#common/events.ts";
import { batch, first, int, insertWhere, select, type Sql, sql } from "#server/db/sql.ts";
import { clubFollows, clubLeads, clubs, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { optionalUserText, userText } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { adminReads, limitChange, type SetupAdmin, setupAuditLine } from "#server/services/campus-setup/common.ts";
import { notice } from "#server/services/staff.ts";
import { memberByEmail } from "#server/services/campus.ts";
import { type Actor, limitEventWrite, type Member, powersFrom, powersReads } from "#server/services/events/common.ts";

// A college's clubs (docs/decisions/0130-the-waiting-list.md): the campus admin makes them and names
// their leads (a role per club, as a class has its representatives: a lead is a student who
// publishes the club's events, not staff); students follow them to hear of new events.

export const clubSchema = z.object(
  {
    name: userText({ name: "The club's name", max: EVENT_LIMITS.clubName }),
    description: optionalUserText({ name: "The description", max: EVENT_LIMITS.clubDescription, multiline: true }),
  },
  {
    error:
      'Send the club as a JSON object, for example { "name": "Robotics Club", "description": "We build robots." }.',
  },
);
export type ClubInput = z.output<typeof clubSchema>;

export const leadSchema = z.object(
  {
    email: z
      .string({ error: "Give the student's college e-mail address." })
      .trim()
      .toLowerCase()
      .email("Give the student's college e-mail address.")
      .max(254),
  },
  { error: 'Send { "email": "student@college.edu" }.' },
);
export type LeadInput = z.output<typeof leadSchema>;

const k = clubs.as("k");

function clubColumns(me: string) {
  return {
    id: k.id,
    name: k.name,
    description: k.description,
    logoKey: k.logo_key,
    followers: int(sql`(SELECT COUNT(*) FROM club_follows f WHERE f.club_id = ${k.id})`),
    following: int(sql`EXISTS (SELECT 1 FROM club_follows f WHERE f.club_id = ${k.id} AND f.user_id = ${me})`),
  };
}

const leadsOf = (campusId: string, clubId: string | null) => {
  const l = clubLeads.as("l");
  const u = users.as("u");
  return select(
    { clubId: l.club_id, userId: l.user_id, name: u.name },
    sql`FROM ${l} JOIN ${u} ON ${u.id} = ${l.user_id} JOIN ${k} ON ${k.id} = ${l.club_id}
      WHERE ${k.campus_id} = ${campusId} ${clubId ? sql`AND ${l.club_id} = ${clubId}` : sql``} ORDER BY ${u.name}`,
  );
};

/** `GET /api/clubs` and /clubs: the member's college's clubs, by name, with what they follow and lead. One batch. */
export async function listClubs(env: Env, member: Member, now = Date.now()): Promise<ClubView[]> {
  const [rows, leads, admin, mine] = await batch(env, [
    select(clubColumns(member.id), sql`FROM ${k} WHERE ${k.campus_id} = ${member.campusId} ORDER BY ${k.name}`),
    leadsOf(member.campusId, null),
    ...powersReads(member, now),
  ]);
  const powers = powersFrom(admin, mine);
  return rows.rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    hasLogo: row.logoKey !== null,
    followers: row.followers,
    following: row.following === 1,
    leading: powers.leads.has(row.id),
    leads: leads.rows.filter((l) => l.clubId === row.id).map(({ userId, name }) => ({ userId, name })),
  }));
}

/** One club of the member's college (404 for another's). */
export async function readClub(env: Env, member: Member, id: string, now = Date.now()): Promise<ClubView> {
  const [rows, leads, admin, mine] = await batch(env, [
    select(clubColumns(member.id), sql`FROM ${k} WHERE ${k.id} = ${id} AND ${k.campus_id} = ${member.campusId}`),
    leadsOf(member.campusId, id),
    ...powersReads(member, now),
  ]);
  const row = rows.rows[0];
  if (!row) throw new ApiError(404, M.noSuchClub);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    hasLogo: row.logoKey !== null,
    followers: row.followers,
    following: row.following === 1,
    leading: powersFrom(admin, mine).leads.has(row.id),
    leads: leads.rows.map(({ userId, name }) => ({ userId, name })),
  };
}

/** `POST /api/clubs` and the admin's clubs step: a club of the admin's college, audited. */
export async function createClub(
  env: Env,
  admin: SetupAdmin,
  input: ClubInput,
  now = Date.now(),
  logoKey: string | null = null,
): Promise<{ id: string; name: string }> {
  const [taken] = await adminReads(env, admin, [
    select(
      { id: clubs.id },
      sql`FROM ${clubs} WHERE campus_id = ${admin.campusId} AND name = ${input.name} COLLATE NOCASE`,
    ),
  ]);
  if (taken.rows[0]) throw new ApiError(409, M.clubNameTaken, { field: "name" });
  await limitChange(env, admin);
  const id = crypto.randomUUID();
  const [inserted] = await batch(env, [
    sql`INSERT INTO clubs (id, campus_id, name, description, logo_key, created_at)
      VALUES (${id}, ${admin.campusId}, ${input.name}, ${input.description ?? ""}, ${logoKey}, ${now})
      ON CONFLICT DO NOTHING`,
    setupAuditLine(
      admin,
      "club",
      "club.create",
      id,
      input.name,
      now,
      sql`EXISTS (SELECT 1 FROM clubs WHERE id = ${id})`,
    ),
  ]);
  if (inserted.changes !== 1) throw new ApiError(409, M.clubNameTaken, { field: "name" });
  return { id, name: input.name };
}

/**
 * `POST /api/clubs/:id/leads`: the admin names a verified, unsuspended student of the college a lead
 * of the club; one batch with the audit line and the student's notice, both only where this call
 * made the row. Naming a lead again changes nothing.
 */
export async function nameLead(
  env: Env,
  admin: SetupAdmin,
  clubId: string,
  input: LeadInput,
  now = Date.now(),
): Promise<{ userId: string; name: string }> {
  const [club, student] = await adminReads(env, admin, [
    select({ name: clubs.name }, sql`FROM ${clubs} WHERE id = ${clubId} AND campus_id = ${admin.campusId}`),
    memberByEmail(input.email, admin.campusId, now),
  ]);
  const info = club.rows[0];
  if (!info) throw new ApiError(404, M.noSuchClub);
  const who = student.rows[0];
  if (!who) throw new ApiError(404, M.noSuchStudent, { field: "email" });
  if (!who.verified || who.suspended) throw new ApiError(409, M.leadNotVerified, { field: "email" });
  await limitChange(env, admin);
  const made: Sql = sql`EXISTS (SELECT 1 FROM club_leads WHERE club_id = ${clubId} AND user_id = ${who.id} AND granted_by = ${admin.id} AND granted_at = ${now})`;
  await batch(env, [
    insertWhere(
      clubLeads,
      { club_id: clubId, user_id: who.id, granted_by: admin.id, granted_at: now },
      sql`EXISTS (SELECT 1 FROM users WHERE id = ${who.id} AND email_verified_at IS NOT NULL AND (suspended_until IS NULL OR suspended_until <= ${now}))`,
      sql`ON CONFLICT (club_id, user_id) DO NOTHING`,
    ),
    setupAuditLine(admin, "club", "club.lead.grant", clubId, `user ${who.id}`, now, made),
    notice(who.id, { kind: "club.lead", ...EVENT_NOTICES.lead(info.name), link: `/clubs/${clubId}`, at: now }, made),
  ]);
  return { userId: who.id, name: who.name };
}

/**
 * `DELETE /api/clubs/:id/leads/:userId` and the clubs step's "Remove" beside a lead: they no longer
 * publish the club's events (those they published stay, kept by the club's other leads and the
 * admin). The student is told; audited. Another college's club, or someone who is not its lead, is
 * a 404.
 */
export async function removeLead(
  env: Env,
  admin: SetupAdmin,
  clubId: string,
  userId: string,
  now = Date.now(),
): Promise<void> {
  const [club] = await adminReads(env, admin, [
    select({ name: clubs.name }, sql`FROM ${clubs} WHERE id = ${clubId} AND campus_id = ${admin.campusId}`),
  ]);
  const info = club.rows[0];
  if (!info) throw new ApiError(404, M.noSuchClub);
  await limitChange(env, admin);
  // The notice and the audit line only where this call took the row away: SQLite's changes() is the
  // row count of the statement before, so the notice follows the DELETE and the audit line the notice
  // (each inserts one row), in the one batch. Two removals at once write one of each.
  const afterOne: Sql = sql`changes() = 1`;
  const [removed] = await batch(env, [
    sql`DELETE FROM club_leads WHERE club_id = ${clubId} AND user_id = ${userId}`,
    notice(
      userId,
      { kind: "club.lead", ...EVENT_NOTICES.leadRemoved(info.name), link: `/clubs/${clubId}`, at: now },
      afterOne,
    ),
    setupAuditLine(admin, "club", "club.lead.remove", clubId, `user ${userId}`, now, afterOne),
  ]);
  if (removed.changes === 0) throw new ApiError(404, M.notALead);
}

/**
 * The admin's clubs step removes a club: only one with no upcoming event (cancel those first, so
 * everyone going is told); its past events, leads and followers go with it. Audited.
 */
export async function removeClub(
  env: Env,
  admin: SetupAdmin,
  clubId: string,
  now = Date.now(),
): Promise<{ name: string }> {
  const [club] = await adminReads(env, admin, [
    select(
      {
        name: clubs.name,
        upcoming: int(
          sql`(SELECT COUNT(*) FROM events WHERE club_id = ${clubId} AND status = 'published' AND ends_at > ${now})`,
        ),
      },
      sql`FROM ${clubs} WHERE id = ${clubId} AND campus_id = ${admin.campusId}`,
    ),
  ]);
  const info = club.rows[0];
  if (!info) throw new ApiError(404, M.noSuchClub);
  if (info.upcoming > 0) throw new ApiError(409, M.clubHasEvents);
  await limitChange(env, admin);
  const [removed] = await batch(env, [
    sql`DELETE FROM clubs WHERE id = ${clubId} AND campus_id = ${admin.campusId}
      AND NOT EXISTS (SELECT 1 FROM events WHERE club_id = ${clubId} AND status = 'published' AND ends_at > ${now})`,
    setupAuditLine(
      admin,
      "club",
      "club.remove",
      clubId,
      info.name,
      now,
      sql`NOT EXISTS (SELECT 1 FROM clubs WHERE id = ${clubId})`,
    ),
  ]);
  if (removed.changes !== 1) throw new ApiError(409, M.clubHasEvents);
  return { name: info.name };
}

/** The admin's clubs step: every club of the college with its leads' names and e-mail addresses. */
export async function listSetupClubs(env: Env, admin: SetupAdmin) {
  const l = clubLeads.as("l");
  const u = users.as("u");
  const [rows, leads] = await adminReads(env, admin, [
    select(
      { id: k.id, name: k.name, description: k.description },
      sql`FROM ${k} WHERE ${k.campus_id} = ${admin.campusId} ORDER BY ${k.name}`,
    ),
    select(
      { clubId: l.club_id, userId: u.id, name: u.name, email: u.email },
      sql`FROM ${l} JOIN ${u} ON ${u.id} = ${l.user_id} JOIN ${k} ON ${k.id} = ${l.club_id} WHERE ${k.campus_id} = ${admin.campusId} ORDER BY ${u.name}`,
    ),
  ]);
  return rows.rows.map((club) => ({
    ...club,
    leads: leads.rows
      .filter((lead) => lead.clubId === club.id)
      .map(({ userId, name, email }) => ({ userId, name, email })),
  }));
}

/** `PUT /api/clubs/:id/follow`: a verified member follows a club of their college (again: nothing changes). */
export async function followClub(
  env: Env,
  actor: Actor & Pick<SessionUser, "openCommunity">,
  clubId: string,
  now = Date.now(),
): Promise<void> {
  requireMayAct(actor, M.verifyToFollow);
  await limitEventWrite(env, actor.id);
  const [, following] = await batch(env, [
    insertWhere(
      clubFollows,
      { club_id: clubId, user_id: actor.id, created_at: now },
      sql`EXISTS (SELECT 1 FROM clubs WHERE id = ${clubId} AND campus_id = ${actor.campusId})`,
      sql`ON CONFLICT (club_id, user_id) DO NOTHING`,
    ),
    select({ one: int(sql`1`) }, sql`FROM ${clubFollows} WHERE club_id = ${clubId} AND user_id = ${actor.id}`),
  ]);
  if (!following.rows[0]) throw new ApiError(404, M.noSuchClub);
}

/** `DELETE /api/clubs/:id/follow`. */
export async function unfollowClub(env: Env, member: Member, clubId: string): Promise<void> {
  await limitEventWrite(env, member.id);
  await batch(env, [sql`DELETE FROM club_follows WHERE club_id = ${clubId} AND user_id = ${member.id}`]);
}

/** The logo's R2 key of a club of the reader's college, or null. */
export async function logoKeyOf(env: Env, member: Member, id: string): Promise<string | null> {
  const row = await first(
    env,
    select({ key: clubs.logo_key }, sql`FROM ${clubs} WHERE id = ${id} AND campus_id = ${member.campusId}`),
  );
  return row?.key ?? null;
}
