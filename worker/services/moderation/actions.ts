import { z } from "zod";
import { REPORT_KINDS, kindLabel } from "#common/moderation.ts";
import { formatIndiaDateTime } from "#common/format.ts";
import { batch, first, int, select, type Sql, sql } from "#server/db/sql.ts";
import { users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { userText } from "#server/lib/validate.ts";
import { MODERATION_MESSAGES } from "#common/moderation-messages.ts";
import { findContent, KINDS, optionalNote } from "#server/services/moderation/reports.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { audit, notice, requireStaff, type StaffGrant } from "#server/services/staff.ts";

// What the moderators do (docs/decisions/0082-reports-and-moderation.md): hide, restore, dismiss and
// suspend on reported content of their campus, and lift a suspension. Each action writes its audit
// line and the owner's notice in the same batch as the change.

type Member = Pick<SessionUser, "id" | "campusId">;

const reasonText = userText({ name: "The reason", max: 300, missing: "Give a reason the student will see." });

/** `POST /api/moderation/actions` and /staff's moderation forms (intent "mod-<action>"). */
export const moderationActionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({
      action: z.literal("hide"),
      kind: z.enum(REPORT_KINDS),
      id: z.string().trim().min(1).max(64),
      reason: reasonText,
    }),
    z.object({
      action: z.literal("restore"),
      kind: z.enum(REPORT_KINDS),
      id: z.string().trim().min(1).max(64),
      reason: optionalNote("The note", 300),
    }),
    z.object({
      action: z.literal("dismiss"),
      kind: z.enum(REPORT_KINDS),
      id: z.string().trim().min(1).max(64),
      reason: optionalNote("The note", 300),
    }),
    z.object({
      action: z.literal("suspend"),
      kind: z.enum(REPORT_KINDS),
      id: z.string().trim().min(1).max(64),
      reason: reasonText,
      days: z.coerce
        .number({ error: "Suspend for 1 to 90 days." })
        .int("Suspend for a whole number of days.")
        .min(1, "Suspend for 1 to 90 days.")
        .max(90, "Suspend for 1 to 90 days."),
    }),
    // Ends a suspension early: the student (not a piece of content) is the subject.
    z.object({
      action: z.literal("lift"),
      userId: z
        .string({ error: "userId must be the suspended student's id." })
        .trim()
        .min(1, "userId must be the suspended student's id.")
        .max(64, "userId must be the suspended student's id."),
      reason: optionalNote("The note", 300),
    }),
  ],
  { error: "action must be hide, restore, dismiss, suspend or lift." },
);

export type ModerationAction = z.output<typeof moderationActionSchema>;

export const DAY_MS = 86_400_000;

/**
 * One moderation action on reported (or hidden) content of the moderator's campus: the change, the
 * reports resolved, its audit line and the owner's notice in ONE batch; the audit line and the notice
 * are written only where the change carries this action's id.
 */
export async function moderate(env: Env, user: Member, input: ModerationAction): Promise<{ message: string }> {
  const grants = await requireStaff(env, user, "moderator");
  // A script holding a moderator's session could otherwise hide or suspend a whole campus in a minute.
  const { success } = await env.POST_LIMITER.limit({ key: `moderate:${user.id}` });
  if (!success) throw new ApiError(429, MODERATION_MESSAGES.actionsTooFast);
  if (input.action === "lift") return liftSuspension(env, user, grants, input);
  const k = KINDS[input.kind];
  const found = await findContent(env, input.kind, input.id, user.campusId);
  if (!found) throw new ApiError(404, `There is no ${kindLabel[input.kind]} with that id.`);
  const auditId = crypto.randomUUID();
  const now = Date.now();
  const label = kindLabel[input.kind];
  const link = k.link(input.id);
  const auditLine = (action: string, note: string | null, guard: Sql) =>
    audit(
      {
        id: auditId,
        campusId: user.campusId,
        actorId: user.id,
        action,
        subjectKind: input.kind,
        subjectId: input.id,
        studentId: found.ownerId,
        note,
        at: now,
      },
      guard,
    );
  const carries = sql`EXISTS (SELECT 1 FROM ${k.table} WHERE id = ${input.id} AND moderation_id = ${auditId})`;
  const resolve = sql`UPDATE content_reports SET resolved_at = ${now} WHERE kind = ${input.kind} AND subject_id = ${input.id} AND resolved_at IS NULL`;

  if (input.action === "suspend") {
    if (!found.ownerId) throw new ApiError(404, "That student's account no longer exists.");
    if (found.ownerId === user.id) throw new ApiError(400, "You cannot suspend yourself.");
    const until = now + input.days * DAY_MS;
    const suspended = sql`EXISTS (SELECT 1 FROM users WHERE id = ${found.ownerId} AND suspended_until = ${until} AND suspension_reason = ${input.reason})`;
    const [update] = await batch(env, [
      // A campus admin is suspended only by another admin, and only while an admin who is not
      // suspended remains: checked inside the write, so a role changing mid-request cannot slip past.
      sql`UPDATE users SET suspended_until = ${until}, suspension_reason = ${input.reason} WHERE id = ${found.ownerId} AND campus_id = ${user.campusId} AND deleted_at IS NULL
           AND (NOT ${adminOfCampus(found.ownerId, user.campusId)} OR (${adminOfCampus(user.id, user.campusId)} AND ${anotherActiveAdmin(found.ownerId, user.campusId, now)}))`,
      auditLine("suspend", `${input.days} d: ${input.reason}`, suspended),
      notice(
        found.ownerId,
        {
          kind: "moderation",
          title: "Your account is suspended",
          text: `Until ${formatIndiaDateTime(until)} you can read Campus but not post, buy or book: ${input.reason}`,
          link: null,
          at: now,
        },
        suspended,
      ),
    ]);
    if (update.changes !== 1) return explainNoSuspension(env, user, found.ownerId, now);
    return { message: MODERATION_MESSAGES.suspendedUntil(until) };
  }

  if (input.action === "hide") {
    await batch(env, [
      sql`UPDATE ${k.table} SET hidden_at = ${now}, hidden_reason = ${input.reason}, moderation_id = ${auditId} WHERE id = ${input.id}`,
      resolve,
      auditLine("hide", input.reason, carries),
      ...(found.ownerId
        ? [
            notice(
              found.ownerId,
              {
                kind: "moderation",
                title: `Your ${label} is hidden`,
                text: `"${found.title}" was hidden by a moderator: ${input.reason}`,
                link,
                at: now,
              },
              carries,
            ),
          ]
        : []),
    ]);
    return { message: MODERATION_MESSAGES.hidden(label) };
  }

  if (input.action === "restore" && found.hiddenAt === null) throw new ApiError(409, `The ${label} is not hidden.`);
  // Restore and dismiss both make it visible again: a moderator looked and found nothing to hide.
  const [update] = await batch(env, [
    sql`UPDATE ${k.table} SET hidden_at = NULL, hidden_reason = NULL, moderation_id = ${auditId} WHERE id = ${input.id} AND (hidden_at IS NOT NULL OR ${input.action === "dismiss"})`,
    resolve,
    auditLine(input.action, input.reason ?? null, carries),
    ...(found.hiddenAt !== null && found.ownerId
      ? [
          notice(
            found.ownerId,
            {
              kind: "moderation",
              title: `Your ${label} is visible again`,
              text: `A moderator restored "${found.title}".`,
              link,
              at: now,
            },
            carries,
          ),
        ]
      : []),
  ]);
  if (input.action === "restore" && update.changes !== 1) throw new ApiError(409, `The ${label} is not hidden.`);
  return { message: input.action === "restore" ? MODERATION_MESSAGES.restored(label) : MODERATION_MESSAGES.dismissed };
}

/** SQL: `user` holds the admin role at `campus`. */
const adminOfCampus = (user: string, campus: string) =>
  sql`EXISTS (SELECT 1 FROM staff_roles x WHERE x.user_id = ${user} AND x.campus_id = ${campus} AND x.role = 'admin')`;
/** SQL: an admin of `campus` other than `user` is not suspended at `now`. */
const anotherActiveAdmin = (user: string, campus: string, now: number) =>
  sql`EXISTS (SELECT 1 FROM staff_roles o JOIN users ou ON ou.id = o.user_id
     WHERE o.campus_id = ${campus} AND o.role = 'admin' AND o.user_id <> ${user} AND ou.deleted_at IS NULL AND (ou.suspended_until IS NULL OR ou.suspended_until <= ${now}))`;

/** Why the conditional suspension wrote nothing, from one read: 404, 403 or 409. */
async function explainNoSuspension(env: Env, user: Member, studentId: string, now: number): Promise<never> {
  const row = await first(
    env,
    select(
      {
        isAdmin: int(adminOfCampus(studentId, user.campusId)),
        actorIsAdmin: int(adminOfCampus(user.id, user.campusId)),
        anotherAdmin: int(anotherActiveAdmin(studentId, user.campusId, now)),
      },
      sql`FROM ${users} WHERE id = ${studentId} AND campus_id = ${user.campusId} AND deleted_at IS NULL`,
    ),
  );
  if (!row) throw new ApiError(404, "That student's account no longer exists.");
  if (row.isAdmin && !row.actorIsAdmin)
    throw new ApiError(403, MODERATION_MESSAGES.adminsOnlyForAdmins, { code: "staff_only" });
  if (row.isAdmin && !row.anotherAdmin) throw new ApiError(409, MODERATION_MESSAGES.lastAdmin);
  throw new ApiError(409, "The student's account changed while you were suspending it. Reload and try again.");
}

/**
 * Ends a student's suspension before its time (moderator or campus admin; a campus admin's only by an
 * admin). One batch: the audit line, written only while the student of this campus is suspended and
 * the caller may lift it; the student's notice and the lift itself only where that line exists.
 */
async function liftSuspension(
  env: Env,
  user: Member,
  grants: StaffGrant[],
  input: Extract<ModerationAction, { action: "lift" }>,
): Promise<{ message: string }> {
  const now = Date.now();
  const target = await first(
    env,
    select(
      { isAdmin: int(adminOfCampus(input.userId, user.campusId)) },
      sql`FROM ${users} WHERE id = ${input.userId} AND campus_id = ${user.campusId} AND deleted_at IS NULL`,
    ),
  );
  if (!target) throw new ApiError(404, MODERATION_MESSAGES.noStudent);
  if (target.isAdmin && !grants.some((g) => g.role === "admin"))
    throw new ApiError(403, MODERATION_MESSAGES.adminsOnlyLift, { code: "staff_only" });
  const auditId = crypto.randomUUID();
  const mayLift = sql`EXISTS (SELECT 1 FROM users WHERE id = ${input.userId} AND campus_id = ${user.campusId} AND deleted_at IS NULL AND suspended_until > ${now})
      AND EXISTS (SELECT 1 FROM staff_roles WHERE user_id = ${user.id} AND campus_id = ${user.campusId} AND role IN ('moderator', 'admin'))
      AND (NOT ${adminOfCampus(input.userId, user.campusId)} OR ${adminOfCampus(user.id, user.campusId)})`;
  const written = sql`EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ${auditId})`;
  const note = input.reason ?? null;
  const [, , lifted] = await batch(env, [
    audit(
      {
        id: auditId,
        campusId: user.campusId,
        actorId: user.id,
        action: "lift_suspension",
        subjectKind: "user",
        subjectId: input.userId,
        studentId: input.userId,
        note,
        at: now,
      },
      mayLift,
    ),
    notice(
      input.userId,
      {
        kind: "moderation",
        title: "Your suspension is lifted",
        text: `A moderator lifted your suspension: you can post, buy and book again.${note ? ` ${note}` : ""}`,
        link: null,
        at: now,
      },
      written,
    ),
    sql`UPDATE users SET suspended_until = NULL, suspension_reason = NULL WHERE id = ${input.userId} AND EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ${auditId})`,
  ]);
  if (lifted.changes !== 1) throw new ApiError(409, MODERATION_MESSAGES.notSuspended);
  return { message: MODERATION_MESSAGES.lifted };
}
