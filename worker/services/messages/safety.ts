import { z } from "zod";
import {
  CONVERSATION_MESSAGES as M,
  MESSAGE_SELLER,
  type MessageView,
  REPORT_REASON_IDS,
  type ReportReason,
} from "#common/messages.ts";
import { formatIndiaShortDateTime } from "#common/format.ts";
import { batch, insert, type Query, run, select, sql, text } from "#server/db/sql.ts";
import { conversationReports, conversations, memberBlocks, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { optionalUserText } from "#server/lib/validate.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { writeAndDeliver, type Member, messageStatements, requireMember } from "#server/services/messages/send.ts";
import { findMeetupPlace } from "#server/services/campus-setup/meetup-places.ts";
import { readThread, type Thread } from "#server/services/messages/read.ts";
import { gateReport } from "#server/services/moderation/reports.ts";
import { profileWhatsappNumber } from "#server/services/account/whatsapp-number.ts";
import { audit, requireStaff, staffGrants } from "#server/services/staff.ts";

// Meeting and safety in a conversation (docs/decisions/0113-conversations.md): agreeing a meet-up at
// one of the campus's places, sharing one's WhatsApp number by choice, blocking the other member,
// and reporting the conversation so that a moderator may read it (and only it, audited).

const MEETUP_AHEAD_MS = 14 * 24 * 60 * 60 * 1000;

export const meetupSchema = z.object(
  {
    // Seeded places have readable ids ("cit-main-gate"), an admin's a UUID: the place's row decides.
    placeId: z.string({ error: M.noPlace }).trim().min(1, M.noPlace).max(64, M.noPlace),
    // A local date-time from a form ("2026-11-28T17:30", India time) or epoch milliseconds from the API.
    at: z.union([z.number().int(), z.string()], { error: "Choose a day and time to meet." }).transform((value, ctx) => {
      const ms =
        typeof value === "number"
          ? value
          : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)
            ? Date.parse(`${value}:00+05:30`)
            : Number.NaN;
      if (!Number.isFinite(ms)) {
        ctx.addIssue({ code: "custom", message: "Choose a day and time to meet." });
        return z.NEVER;
      }
      return ms;
    }),
  },
  { error: 'Send the meet-up as a JSON object, for example { "placeId": "…", "at": "2026-11-28T17:30" }.' },
);
export type MeetupInput = z.output<typeof meetupSchema>;

/** Either member proposes a place and time, once the listing is reserved for this conversation's buyer. */
export async function proposeMeetup(
  env: Env,
  member: Member,
  conversationId: string,
  { placeId, at }: MeetupInput,
): Promise<MessageView> {
  requireMayAct(member, MESSAGE_SELLER);
  const now = Date.now();
  if (at < now - 60_000 || at > now + MEETUP_AHEAD_MS)
    throw new ApiError(400, "Choose a time from now to two weeks ahead.", {
      field: "at",
      fields: { at: "Choose a time from now to two weeks ahead." },
    });
  const place = await findMeetupPlace(env, member.campusId, placeId);
  if (!place) throw new ApiError(400, M.noPlace, { field: "placeId", fields: { placeId: M.noPlace } });
  const reserved = sql`EXISTS (SELECT 1 FROM products p WHERE p.id = product_id AND p.status = 'sold' AND p.buyer_id = buyer_id AND p.handed_over_at IS NULL)`;
  const { id, statements } = messageStatements(
    { conversationId },
    member,
    { kind: "meetup", body: `Let's meet at ${place.name}, ${formatIndiaShortDateTime(at)}` },
    now,
    reserved,
  );
  const message = await writeAndDeliver(env, id, member, [
    sql`UPDATE conversations SET meet_place_id = ${placeId}, meet_at = ${at}, meet_proposed_by = ${member.id}, meet_agreed_at = NULL
       WHERE id = ${conversationId} AND (buyer_id = ${member.id} OR seller_id = ${member.id}) AND ${reserved}`,
    ...statements,
  ]);
  if (message) return message;
  await requireMember(env, member, conversationId);
  throw new ApiError(409, M.meetupNeedsReservation);
}

/** The other member agrees to the proposed meet-up. */
export async function agreeMeetup(env: Env, member: Member, conversationId: string): Promise<MessageView> {
  requireMayAct(member, MESSAGE_SELLER);
  const now = Date.now();
  const { id, statements } = messageStatements(
    { conversationId },
    member,
    { kind: "agreed", body: "Agreed to meet there" },
    now,
    sql`meet_agreed_at = ${now} AND meet_proposed_by <> ${member.id}`,
  );
  const message = await writeAndDeliver(env, id, member, [
    sql`UPDATE conversations SET meet_agreed_at = ${now}
       WHERE id = ${conversationId} AND (buyer_id = ${member.id} OR seller_id = ${member.id}) AND meet_at IS NOT NULL AND meet_agreed_at IS NULL AND meet_proposed_by <> ${member.id}`,
    ...statements,
  ]);
  if (message) return message;
  const row = await requireMember(env, member, conversationId);
  if (row.meetProposedBy === member.id && row.meetAgreedAt === null) throw new ApiError(409, M.meetupOwn);
  throw new ApiError(409, M.meetupNothing);
}

/** Share one's WhatsApp number (from the profile) in this conversation: private until then. */
export async function shareContact(env: Env, member: Member, conversationId: string): Promise<MessageView> {
  requireMayAct(member, MESSAGE_SELLER);
  const number = await profileWhatsappNumber(env, member.id);
  if (!number) throw new ApiError(400, M.contactNone);
  const { id, statements } = messageStatements(
    { conversationId },
    member,
    { kind: "contact", body: number },
    Date.now(),
  );
  const message = await writeAndDeliver(env, id, member, statements);
  if (message) return message;
  await requireMember(env, member, conversationId);
  throw new ApiError(403, M.blocked);
}

export const blockSchema = z.object(
  { blocked: z.boolean({ error: "Say blocked: true or false." }) },
  { error: 'Send a JSON object, for example { "blocked": true }.' },
);

/** Block (or unblock) the other member of a conversation: while blocked, neither can message the other. */
export async function setBlocked(
  env: Env,
  member: Pick<Member, "id">,
  conversationId: string,
  blocked: boolean,
): Promise<string> {
  const row = await requireMember(env, member, conversationId);
  const other = row.buyerId === member.id ? row.sellerId : row.buyerId;
  await run(
    env,
    blocked
      ? insert(
          memberBlocks,
          { blocker_id: member.id, blocked_id: other, created_at: Date.now() },
          sql`ON CONFLICT DO NOTHING`,
        )
      : sql`DELETE FROM member_blocks WHERE blocker_id = ${member.id} AND blocked_id = ${other}`,
  );
  return blocked ? M.blockedDone : M.unblockedDone;
}

export const reportSchema = z.object(
  {
    reason: z.enum(REPORT_REASON_IDS, {
      error: "Choose a reason: scam, offensive, personal_information or other.",
    }),
    note: optionalUserText({ name: "Your note", max: 500, multiline: true }),
  },
  { error: 'Send the report as a JSON object, for example { "reason": "scam" }.' },
);
export type ReportInput = z.output<typeof reportSchema>;

/** Report the conversation: a moderator of its campus may then read it. Once per member, through the gate of every report. */
export async function reportConversation(
  env: Env,
  member: Pick<Member, "id" | "openCommunity" | "verified" | "suspendedUntil" | "suspensionReason">,
  conversationId: string,
  { reason, note }: ReportInput,
): Promise<string> {
  await gateReport(env, member);
  const row = await requireMember(env, member, conversationId);
  const result = await run(
    env,
    insert(
      conversationReports,
      {
        id: crypto.randomUUID(),
        conversation_id: conversationId,
        campus_id: row.campusId,
        reporter_id: member.id,
        reason,
        note: note ?? null,
        created_at: Date.now(),
      },
      sql`ON CONFLICT DO NOTHING`,
    ),
  );
  if (result.changes !== 1) throw new ApiError(409, M.alreadyReported);
  return M.reported;
}

export interface ReportedConversation {
  id: string;
  reason: ReportReason;
  note: string | null;
  reportedAt: number;
  productTitle: string;
}

/** The moderation queue's part: the campus's reported conversations not yet dealt with, oldest report first (for a batch). */
export function reportedConversationsOf(campusId: string): Query<ReportedConversation> {
  const r = conversationReports.as("r");
  return select(
    {
      id: r.conversation_id,
      reason: r.reason,
      note: r.note,
      reportedAt: r.created_at,
      productTitle: text(sql`p.title`),
    },
    sql`FROM ${r} JOIN conversations c ON c.id = r.conversation_id JOIN products p ON p.id = c.product_id
     WHERE r.campus_id = ${campusId} AND r.resolved_at IS NULL ORDER BY r.created_at LIMIT 50`,
  );
}

export async function reportedConversations(
  env: Env,
  moderator: Pick<Member, "id" | "campusId" | "suspendedUntil" | "suspensionReason">,
): Promise<ReportedConversation[]> {
  // The caller's roles and the list in one batch; the list is returned only to a moderator or admin.
  const [grants, list] = await batch(env, [staffGrants(moderator), reportedConversationsOf(moderator.campusId)]);
  await requireStaff(env, moderator, "moderator", {}, grants.rows);
  return list.rows;
}

/** Holds where the member moderates their campus (a moderator or its admin), as SQL for a batch's guard. */
const moderates = (memberId: string, campusId: string, now: number) =>
  sql`EXISTS (SELECT 1 FROM staff_roles s WHERE s.user_id = ${memberId} AND s.campus_id = ${campusId} AND s.role IN ('moderator', 'admin')
  AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id AND u.suspended_until > ${now}))`;

/** SQL: the conversation `c` has a report not yet resolved: the only time a moderator may read it (decision 0120). */
const OPEN_REPORT = sql`EXISTS (SELECT 1 FROM conversation_reports r WHERE r.conversation_id = c.id AND r.resolved_at IS NULL)`;

/**
 * A moderator reads a reported conversation of their campus: only while a member's report of it is
 * open (reading ends with the reports; a new report opens it again), and each reading is a line in
 * the audit log. The thread is read as its buyer sees it, without marking anything read.
 */
export async function readReported(
  env: Env,
  moderator: Pick<Member, "id" | "campusId" | "suspendedUntil" | "suspensionReason">,
  conversationId: string,
): Promise<Thread & { buyerName: string; sellerName: string }> {
  const now = Date.now();
  const c = conversations.as("c");
  const buyer = users.as("b");
  const seller = users.as("s");
  const [grants, reported] = await batch(env, [
    staffGrants(moderator),
    select(
      { buyerId: c.buyer_id, campusId: c.campus_id, buyerName: buyer.name, sellerName: seller.name },
      sql`FROM ${c} JOIN ${buyer} ON ${buyer.id} = ${c.buyer_id} JOIN ${seller} ON ${seller.id} = ${c.seller_id}
       WHERE ${c.id} = ${conversationId} AND ${c.campus_id} = ${moderator.campusId} AND ${OPEN_REPORT}`,
    ),
    // Each reading by a moderator is a line in the audit log, written in the same batch as the read.
    audit(
      {
        campusId: moderator.campusId,
        actorId: moderator.id,
        action: "conversation.read",
        subjectKind: "conversation",
        subjectId: conversationId,
        studentId: null,
        note: null,
        at: now,
      },
      sql`${moderates(moderator.id, moderator.campusId, now)} AND EXISTS (SELECT 1 FROM conversations c WHERE c.id = ${conversationId} AND c.campus_id = ${moderator.campusId} AND ${OPEN_REPORT})`,
    ),
  ]);
  await requireStaff(env, moderator, "moderator", {}, grants.rows);
  const row = reported.rows[0];
  if (!row) throw new ApiError(404, M.noConversation);
  const thread = await readThread(
    env,
    { id: row.buyerId, campusId: row.campusId },
    conversationId,
    {},
    { markRead: false },
  );
  return { ...thread, buyerName: row.buyerName, sellerName: row.sellerName };
}

/**
 * A moderator closes the open reports of a conversation of their campus once dealt with; with them
 * ends their reading of it. None open there (another college's, unknown, resolved already): 404,
 * nothing written.
 */
export async function resolveConversationReports(
  env: Env,
  moderator: Pick<Member, "id" | "campusId" | "suspendedUntil" | "suspensionReason">,
  conversationId: string,
): Promise<void> {
  await requireStaff(env, moderator, "moderator");
  const now = Date.now();
  const [resolved] = await batch(env, [
    sql`UPDATE conversation_reports SET resolved_at = ${now} WHERE conversation_id = ${conversationId} AND campus_id = ${moderator.campusId} AND resolved_at IS NULL`,
    audit(
      {
        campusId: moderator.campusId,
        actorId: moderator.id,
        action: "conversation.resolve",
        subjectKind: "conversation",
        subjectId: conversationId,
        studentId: null,
        note: null,
        at: now,
      },
      sql`EXISTS (SELECT 1 FROM conversation_reports WHERE conversation_id = ${conversationId} AND campus_id = ${moderator.campusId} AND resolved_at = ${now})`,
    ),
  ]);
  if (resolved.changes === 0) throw new ApiError(404, M.noOpenReports);
}
