import { z } from "zod";
import { type MyStudyRequest, type StudyRequest } from "#common/studyswap.ts";
import { STUDYSWAP_MESSAGES } from "#common/studyswap-messages.ts";
import { mayContact, type Membership } from "#common/membership.ts";
import { all, first, int, intOrNull, returning, select, type Sql, sql, textOrNull, update } from "#server/db/sql.ts";
import { campuses, studyRequests, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { optionalUserText, userText } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { badgeOf } from "#server/services/campus.ts";
import { visible } from "#server/services/moderation/reports.ts";

// Study Swap is campus-scoped (docs/decisions/0076-campus-market.md): a request and a
// writer profile belong to the campus of the student who made them; the board, the writers and the
// attachments are seen only there, and another campus's request answers 404. Posting a request and
// becoming a writer need a verified member; contacts are shown only to members who may see them.
// Here: the input both doors parse, and the requests as the board and their owner see them; posting
// one is ./posting.ts, the writers' profiles ./writers.ts.

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

/** A request's columns, as the views read them (`t`: the table, or the table under an alias). */
function requestColumns(t: typeof studyRequests) {
  return {
    id: t.id,
    ownerId: t.owner_id,
    title: t.title,
    subject: t.subject,
    requirements: t.requirements,
    deadline: t.deadline,
    budget: t.budget,
    budgetValue: t.budget_value,
    pages: t.pages,
    contact: t.contact,
    status: t.status,
    attachmentKey: t.attachment_key,
    attachmentName: t.attachment_name,
    attachmentType: t.attachment_type,
    attachmentSize: t.attachment_size,
    submissionKey: t.submission_key,
    createdAt: t.created_at,
    closedAt: t.closed_at,
    campusId: t.campus_id,
    hiddenAt: t.hidden_at,
    hiddenReason: t.hidden_reason,
    moderationId: t.moderation_id,
  };
}

/** The requests (the table itself, no join) that `rest` (FROM ... WHERE ...) picks. */
export function selectRequestRows(rest: Sql) {
  return select(requestColumns(studyRequests), rest);
}

export type RequestRow = NonNullable<ReturnType<typeof selectRequestRows>["row"]>;

export const attachmentUrl = (id: string) => `/api/studyswap/requests/${id}/attachment`;

const [q, u, c] = [studyRequests.as("q"), users.as("u"), campuses.as("c")];

/** Requests (`q`) joined to their posters and campuses, for the badge, in the list's one query. */
function selectRequests(rest: Sql) {
  return select(
    {
      ...requestColumns(q),
      ownerVerifiedAt: intOrNull(sql`${u.email_verified_at}`),
      campusShortName: textOrNull(sql`${c.short_name}`),
      campusIsOpen: intOrNull(sql`${c.is_open}`),
    },
    sql`FROM ${q} LEFT JOIN ${u} ON ${u.id} = ${q.owner_id} LEFT JOIN ${c} ON ${c.id} = ${q.campus_id} ${rest}`,
  );
}
type JoinedRequestRow = NonNullable<ReturnType<typeof selectRequests>["row"]>;

const badgeOfRow = (row: JoinedRequestRow) =>
  badgeOf(row.ownerVerifiedAt !== null, row.campusIsOpen === null ? null : row.campusIsOpen === 1, row.campusShortName);
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
  const rows = await all(
    env,
    selectRequests(
      sql`WHERE ${q.campus_id} = ${viewer.campusId} AND ${q.status} = 'open'
        AND ${visible(q.hidden_at, q.owner_id, q.campus_id, viewer.id)}
        ORDER BY ${q.created_at} DESC LIMIT ${BOARD_LIMIT}`,
    ),
  );
  return rows.map((row) => toView(row, badgeOfRow(row), mayContact(viewer, row.campusId), viewer.id));
}

/** The poster's own requests, open and closed, newest first. */
export async function listMyRequests(env: Env, userId: string): Promise<MyStudyRequest[]> {
  const rows = await all(
    env,
    selectRequests(sql`WHERE ${q.owner_id} = ${userId} ORDER BY ${q.created_at} DESC LIMIT ${BOARD_LIMIT}`),
  );
  return rows.map((row) => toMine(row, badgeOfRow(row)));
}

type Actor = Member;

async function explainMissing(env: Env, user: Actor, id: string): Promise<never> {
  const found = await first(
    env,
    select({ ownerId: q.owner_id, campusId: q.campus_id }, sql`FROM ${q} WHERE ${q.id} = ${id} LIMIT 1`),
  );
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
  const closed = await first(
    env,
    returning(
      update(
        studyRequests,
        { status: "closed", closed_at: Date.now() },
        sql`WHERE id = ${id} AND owner_id = ${userId} AND status = 'open'`,
      ),
      requestColumns(studyRequests),
    ),
  );
  if (closed) return toMine(closed, badgeOfMember(user));
  const already = await first(
    env,
    selectRequestRows(sql`FROM ${studyRequests} WHERE id = ${id} AND owner_id = ${userId} LIMIT 1`),
  );
  if (already) return toMine(already, badgeOfMember(user));
  return explainMissing(env, user, id);
}

/** Deletes the poster's own request and its attachment (403 for anyone else's, 404 for an unknown id). */
export async function deleteRequest(env: Env, user: Actor, rawId: unknown): Promise<void> {
  const id = requestId(rawId);
  const deleted = await first(
    env,
    returning(sql`DELETE FROM ${studyRequests} WHERE id = ${id} AND owner_id = ${user.id}`, {
      attachmentKey: studyRequests.attachment_key,
    }),
  );
  if (!deleted) return explainMissing(env, user, id);
  if (deleted.attachmentKey) await env.FILES.delete(deleted.attachmentKey);
}

/**
 * An attachment for a signed-in user: of an open request of their own campus, or of their own
 * request. Attachments are private to the campus: another campus's is answered as missing.
 */
export async function getAttachment(env: Env, user: Actor, rawId: unknown) {
  const id = requestId(rawId);
  const row = await first(
    env,
    select(
      {
        ownerId: q.owner_id,
        status: q.status,
        campusId: q.campus_id,
        attachmentKey: q.attachment_key,
        attachmentName: q.attachment_name,
        attachmentType: q.attachment_type,
      },
      sql`FROM ${q} WHERE ${q.id} = ${id} AND ${visible(q.hidden_at, q.owner_id, q.campus_id, user.id)} LIMIT 1`,
    ),
  );
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
    await first(env, select({ one: int(sql`1`) }, sql``));
    return true;
  } catch {
    return false;
  }
}
