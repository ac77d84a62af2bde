import { and, desc, eq, getTableColumns } from "drizzle-orm";
import { z } from "zod";
import { type MyStudyRequest, type StudyRequest } from "#common/studyswap.ts";
import { STUDYSWAP_MESSAGES } from "#common/studyswap-messages.ts";
import { mayContact, type Membership } from "#common/membership.ts";
import { getDb } from "#server/db/client.ts";
import { campuses, studyRequests, users } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/errors.ts";
import { optionalUserText, userText } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import { badgeOf } from "#server/services/campus.ts";
import { visibleTo } from "#server/services/moderation.ts";

// Study Swap is campus-scoped (docs/decisions/0076-campus-market.md): a request and a
// writer profile belong to the campus of the student who made them; the board, the writers and the
// attachments are seen only there, and another campus's request answers 404. Posting a request and
// becoming a writer need a verified member; contacts are shown only to members who may see them.
// Here: the input both doors parse, and the requests as the board and their owner see them; posting
// one is ./studyswap-posting.ts, the writers' profiles ./studyswap-writers.ts.

/** The viewer of a list: their id, campus and membership. */
export type Viewer = Pick<
  SessionUser,
  "id" | "campusId" | "verified" | "openCommunity" | "suspendedUntil" | "suspensionReason"
>;
export type Member = Viewer & Pick<Membership, "campusShortName">;

// ---------------------------------------------------------------------------------------------
// Input

/** "" and missing become null so optional fields read the same from JSON and forms. */
export const blankToNull = (value: unknown) =>
  value === undefined || value === null ? null : typeof value === "string" ? value.trim() || null : value;

const PHONE = /^\+?[\d\s\-().]{7,24}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailOrPhone(value: string): boolean {
  if (value.includes("@")) return EMAIL.test(value);
  const digits = value.replace(/\D/g, "").length;
  return PHONE.test(value) && digits >= 7 && digits <= 15;
}

export const contact = userText({
  name: "The contact",
  max: 254,
  missing: "Enter an e-mail address or a phone number so people can reach you.",
}).refine(
  (value) => isEmailOrPhone(value),
  "Enter a valid e-mail address (like name@example.com) or phone number (like +91 98765 43210).",
);

const pages = z.preprocess(
  (value) => {
    const blank = blankToNull(value);
    return typeof blank === "string" && /^\d+$/.test(blank) ? Number(blank) : blank;
  },
  z
    .number({ error: "Pages must be a whole number, like 5." })
    .int("Pages must be a whole number, like 5.")
    .min(1, "Pages must be at least 1.")
    .max(1000, "Pages can be at most 1,000.")
    .nullable(),
);

/** The optional attachment. A form with no file chosen still sends an empty, nameless file part: that is none. */
const attachment = z.preprocess(
  (value) =>
    value === undefined || value === null || value === "" || (value instanceof File && value.size === 0 && !value.name)
      ? null
      : value,
  z.instanceof(File, { error: STUDYSWAP_MESSAGES.fileNotAFile }).nullable(),
);

const requestFields = z.object({
  title: userText({ name: "The title", max: 120, missing: "Enter a title for your request." }),
  subject: userText({ name: "The category / subject", max: 80, missing: "Enter a category or subject." }),
  requirements: userText({
    name: "The details",
    max: 5000,
    multiline: true,
    missing: "Describe what you need in the details.",
  }),
  contact,
  deadline: optionalUserText({ name: "The deadline", max: 60 }),
  budget: optionalUserText({ name: "The budget", max: 40 }),
  pages,
  file: attachment,
});

/**
 * A new request, from the API's JSON or multipart and from /find-writer's form alike. The form sends
 * category/details (as the specification's client does); API clients may send subject/requirements
 * instead, and answers always use subject/requirements. A problem is reported under the name the
 * field came by, so a form marks its own field. `file` is the attachment, if any (the JSON door
 * carries none).
 */
export const requestInputSchema = z.unknown().transform((raw, ctx) => {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    ctx.addIssue({ code: "custom", message: "Send the request fields as an object." });
    return z.NEVER;
  }
  const record = raw as Record<string, unknown>;
  const subjectKey = record.subject != null ? "subject" : "category";
  const requirementsKey = record.requirements != null ? "requirements" : "details";
  const parsed = requestFields.safeParse({
    ...record,
    subject: record[subjectKey],
    requirements: record[requirementsKey],
  });
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const [head, ...rest] = issue.path;
    const name = head === "subject" ? subjectKey : head === "requirements" ? requirementsKey : head;
    ctx.addIssue({ code: "custom", message: issue.message, path: name === undefined ? [] : [name, ...rest] });
  }
  return z.NEVER;
});
export type RequestInput = z.output<typeof requestInputSchema>;

/** A request's id as a door hands it over (a path segment, a form field): anything else is no request. */
function requestId(id: unknown): string {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw new ApiError(404, STUDYSWAP_MESSAGES.notFound);
  return parsed.data;
}

// ---------------------------------------------------------------------------------------------
// Requests

export type RequestRow = typeof studyRequests.$inferSelect;
type JoinedRequestRow = RequestRow & {
  ownerVerifiedAt: number | null;
  campusShortName: string | null;
  campusIsOpen: boolean | null;
};

export const attachmentUrl = (id: string) => `/api/studyswap/requests/${id}/attachment`;

/** Requests joined to their posters and campuses, for the badge, in the list's one query. */
function selectRequests(env: Env) {
  return getDb(env.DB)
    .select({
      ...getTableColumns(studyRequests),
      ownerVerifiedAt: users.emailVerifiedAt,
      campusShortName: campuses.shortName,
      campusIsOpen: campuses.isOpen,
    })
    .from(studyRequests)
    .leftJoin(users, eq(users.id, studyRequests.ownerId))
    .leftJoin(campuses, eq(campuses.id, studyRequests.campusId));
}

const badgeOfRow = (row: JoinedRequestRow) =>
  badgeOf(row.ownerVerifiedAt !== null, row.campusIsOpen, row.campusShortName);
export const badgeOfMember = (member: Member) => badgeOf(member.verified, member.openCommunity, member.campusShortName);

/** A request as a viewer sees it: the contact only when they may see contacts of its campus, else null. */
export function toView(row: RequestRow, badge: string | null, showContact = true, viewerId?: string): StudyRequest {
  return {
    _id: row.id,
    title: row.title,
    subject: row.subject,
    // Blank optional fields answer "", never null: clients read them as text (docs/reliability.md).
    deadline: row.deadline ?? "",
    budget: row.budget ?? "",
    budgetValue: row.budgetValue,
    pages: row.pages ?? "",
    requirements: row.requirements,
    contact: showContact ? row.contact : null,
    verifiedBadge: badge,
    createdAt: row.createdAt,
    // Only where they say something, so the specification's keys stay the answer for others' requests.
    ...(viewerId !== undefined && row.ownerId === viewerId ? { mine: true } : {}),
    ...(row.hiddenAt !== null ? { hiddenReason: row.hiddenReason ?? "Hidden by a moderator." } : {}),
    attachment:
      row.attachmentKey && row.attachmentName && row.attachmentType
        ? {
            url: attachmentUrl(row.id),
            name: row.attachmentName,
            contentType: row.attachmentType,
            size: row.attachmentSize ?? 0,
          }
        : null,
  };
}

/** The poster's own request: their own contact is always shown. */
export function toMine(row: RequestRow, badge: string | null): MyStudyRequest {
  return { ...toView(row, badge, true, row.ownerId), status: row.status, closedAt: row.closedAt };
}

// The board is not paged (as specified); this cap only keeps one answer bounded.
const BOARD_LIMIT = 500;

/** The open requests of the viewer's campus, newest first: what writers browse. */
export async function listOpenRequests(env: Env, viewer: Viewer): Promise<StudyRequest[]> {
  const rows = await selectRequests(env)
    .where(
      and(
        eq(studyRequests.campusId, viewer.campusId),
        eq(studyRequests.status, "open"),
        visibleTo(studyRequests.hiddenAt, studyRequests.ownerId, studyRequests.campusId, viewer.id),
      ),
    )
    .orderBy(desc(studyRequests.createdAt))
    .limit(BOARD_LIMIT);
  return rows.map((row) => toView(row, badgeOfRow(row), mayContact(viewer, row.campusId), viewer.id));
}

/** The poster's own requests, open and closed, newest first. */
export async function listMyRequests(env: Env, userId: string): Promise<MyStudyRequest[]> {
  const rows = await selectRequests(env)
    .where(eq(studyRequests.ownerId, userId))
    .orderBy(desc(studyRequests.createdAt))
    .limit(BOARD_LIMIT);
  return rows.map((row) => toMine(row, badgeOfRow(row)));
}

type Actor = Member;

async function explainMissing(env: Env, user: Actor, id: string): Promise<never> {
  const found = await getDb(env.DB).query.studyRequests.findFirst({
    columns: { ownerId: true, campusId: true },
    where: eq(studyRequests.id, id),
  });
  // Another campus's request is answered as one that does not exist.
  if (!found || found.campusId !== user.campusId) throw new ApiError(404, STUDYSWAP_MESSAGES.notFound);
  if (found.ownerId !== user.id) throw new ApiError(403, STUDYSWAP_MESSAGES.notYours);
  throw new ApiError(409, STUDYSWAP_MESSAGES.notChanged);
}

/**
 * Closes the poster's own request (it leaves the writers' board). Closing twice is harmless; anyone
 * else's is a 403, an unknown (or malformed) id a 404.
 */
export async function closeRequest(env: Env, user: Actor, rawId: unknown): Promise<MyStudyRequest> {
  const id = requestId(rawId);
  const userId = user.id;
  const db = getDb(env.DB);
  const [closed] = await db
    .update(studyRequests)
    .set({ status: "closed", closedAt: Date.now() })
    .where(and(eq(studyRequests.id, id), eq(studyRequests.ownerId, userId), eq(studyRequests.status, "open")))
    .returning();
  if (closed) return toMine(closed, badgeOfMember(user));
  const already = await db.query.studyRequests.findFirst({
    where: and(eq(studyRequests.id, id), eq(studyRequests.ownerId, userId)),
  });
  if (already) return toMine(already, badgeOfMember(user));
  return explainMissing(env, user, id);
}

/** Deletes the poster's own request and its attachment (403 for anyone else's, 404 for an unknown id). */
export async function deleteRequest(env: Env, user: Actor, rawId: unknown): Promise<void> {
  const id = requestId(rawId);
  const [deleted] = await getDb(env.DB)
    .delete(studyRequests)
    .where(and(eq(studyRequests.id, id), eq(studyRequests.ownerId, user.id)))
    .returning({ attachmentKey: studyRequests.attachmentKey });
  if (!deleted) return explainMissing(env, user, id);
  if (deleted.attachmentKey) await env.FILES.delete(deleted.attachmentKey);
}

/**
 * An attachment for a signed-in user: of an open request of their own campus, or of their own
 * request. Attachments are private to the campus: another campus's is answered as missing.
 */
export async function getAttachment(env: Env, user: Actor, rawId: unknown) {
  const id = requestId(rawId);
  const row = await getDb(env.DB).query.studyRequests.findFirst({
    columns: {
      ownerId: true,
      status: true,
      campusId: true,
      attachmentKey: true,
      attachmentName: true,
      attachmentType: true,
    },
    where: and(
      eq(studyRequests.id, id),
      visibleTo(studyRequests.hiddenAt, studyRequests.ownerId, studyRequests.campusId, user.id),
    ),
  });
  const own = row?.ownerId === user.id;
  // A hidden request's file is its owner's and the campus's moderators' only: not found for others.
  if (!row || (!own && (row.status !== "open" || row.campusId !== user.campusId)))
    throw new ApiError(404, STUDYSWAP_MESSAGES.attachmentNotFound);
  if (!row.attachmentKey || !row.attachmentName || !row.attachmentType)
    throw new ApiError(404, STUDYSWAP_MESSAGES.noAttachment);
  const object = await env.FILES.get(row.attachmentKey);
  if (!object) throw new ApiError(404, STUDYSWAP_MESSAGES.attachmentGone);
  return { object, name: row.attachmentName, contentType: row.attachmentType };
}

/** The database answers: what the health check reports. */
export async function databaseReachable(env: Env): Promise<boolean> {
  try {
    await env.DB.prepare("SELECT 1").first();
    return true;
  } catch {
    return false;
  }
}
