import { and, desc, eq, getTableColumns, type SQL } from "drizzle-orm";
import { z } from "zod";
import {
  BECOME_WRITER,
  MAX_ATTACHMENT_BYTES,
  parseBudget,
  POST_REQUEST,
  type MyStudyRequest,
  type StudyRequest,
  type Writer,
} from "#common/studyswap.ts";
import { mayContact, type Membership } from "#common/membership.ts";
import { getDb } from "#server/db/client.ts";
import { publicRead } from "#server/lib/edge-cache.ts";
import { campuses, studyRequests, users, writers } from "#server/db/schema.ts";
import { detectAttachment } from "#server/lib/attachment.ts";
import { ApiError } from "#server/lib/errors.ts";
import { limitPosting } from "#server/lib/post-limit.ts";
import { isImageType } from "#server/lib/sniff.ts";
import { storableImage } from "#server/lib/stored-image.ts";
import { optionalUserText, userText } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import { badgeOf, requireMayAct } from "#server/services/campus.ts";
import { visibleTo } from "#server/services/moderation.ts";

// Study Swap is campus-scoped (docs/decisions/0076-campus-market.md): a request and a
// writer profile belong to the campus of the student who made them; the board, the writers and the
// attachments are seen only there, and another campus's request answers 404. Posting a request and
// becoming a writer need a verified member; contacts are shown only to members who may see them.

/** The viewer of a list: their id, campus and membership. */
type Viewer = Pick<
  SessionUser,
  "id" | "campusId" | "verified" | "openCommunity" | "suspendedUntil" | "suspensionReason"
>;
type Member = Viewer & Pick<Membership, "campusShortName">;

// ---------------------------------------------------------------------------------------------
// Input

/** "" and missing become null so optional fields read the same from JSON and forms. */
const blankToNull = (value: unknown) =>
  value === undefined || value === null ? null : typeof value === "string" ? value.trim() || null : value;

const PHONE = /^\+?[\d\s\-().]{7,24}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailOrPhone(value: string): boolean {
  if (value.includes("@")) return EMAIL.test(value);
  const digits = value.replace(/\D/g, "").length;
  return PHONE.test(value) && digits >= 7 && digits <= 15;
}

const contact = userText({
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

/**
 * A new request. The form sends category/details (as the specification's client does); API
 * clients may send subject/requirements instead. Answers always use subject/requirements.
 */
export const requestInputSchema = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== "object") return raw;
    const record = raw as Record<string, unknown>;
    return {
      ...record,
      subject: record.subject ?? record.category,
      requirements: record.requirements ?? record.details,
    };
  },
  z.object(
    {
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
    },
    { error: "Send the request fields as an object." },
  ),
);
export type RequestInput = z.infer<typeof requestInputSchema>;

export const writerInputSchema = z.object({
  name: userText({ name: "The name", max: 80, missing: "Enter the name students will see." }),
  expertise: userText({ name: "The expertise", max: 200, missing: "Enter your subjects or expertise." }),
  rate: z.preprocess(
    (value) => {
      const blank = blankToNull(value);
      return typeof blank === "string" && /^\d+(\.\d{1,2})?$/.test(blank) ? Number(blank) : blank;
    },
    z
      .number({ error: "The rate must be an amount in rupees, like 150." })
      .min(0, "The rate cannot be negative.")
      .max(100_000, "The rate can be at most ₹1,00,000 per page.")
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "The rate can have at most two decimals (paise).")
      .nullable(),
  ),
  contact,
});
export type WriterInput = z.infer<typeof writerInputSchema>;

export const requestIdSchema = z.uuid("That request does not exist.");

// ---------------------------------------------------------------------------------------------
// Requests

type RequestRow = typeof studyRequests.$inferSelect;
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
const badgeOfMember = (member: Member) => badgeOf(member.verified, member.openCommunity, member.campusShortName);

/** A request as a viewer sees it: the contact only when they may see contacts of its campus, else null. */
function toView(row: RequestRow, badge: string | null, showContact = true, viewerId?: string): StudyRequest {
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
function toMine(row: RequestRow, badge: string | null): MyStudyRequest {
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

export interface UploadedFile {
  name: string;
  size: number;
  bytes: () => Promise<ArrayBuffer>;
}

async function submittedRequest(env: Env, ownerId: string, submissionKey: string): Promise<RequestRow | undefined> {
  return getDb(env.DB).query.studyRequests.findFirst({
    where: and(eq(studyRequests.ownerId, ownerId), eq(studyRequests.submissionKey, submissionKey)),
  });
}

/**
 * Stores a request and its optional attachment. The file is checked before anything is written;
 * the object goes to R2 first and is removed again if the row cannot be written, so a failure
 * leaves neither. With a submission key, a repeat of the same submission (a double click, a retry)
 * answers the request the first one made and writes nothing: checked first, and decided by the
 * UNIQUE (owner, key) index when the repeats arrive together.
 */
export async function createRequest(
  env: Env,
  owner: Member,
  input: RequestInput,
  file: UploadedFile | null,
  submissionKey: string | null = null,
): Promise<StudyRequest> {
  requireMayAct(owner, POST_REQUEST);
  const ownerId = owner.id;
  const badge = badgeOfMember(owner);
  if (submissionKey) {
    const earlier = await submittedRequest(env, ownerId, submissionKey);
    if (earlier) return toView(earlier, badge, true, ownerId);
  }
  let attachment: { key: string; name: string; type: string; size: number; body: Uint8Array } | null = null;
  if (file) {
    if (file.size > MAX_ATTACHMENT_BYTES)
      throw new ApiError(413, "The file is too large. Attach a file of at most 10 MB.", { field: "file" });
    if (file.size === 0)
      throw new ApiError(400, "The file is empty. Choose another file or post without one.", { field: "file" });
    const body = await file.bytes();
    const detected = detectAttachment(new Uint8Array(body), file.name);
    if (!detected) {
      throw new ApiError(
        400,
        "This file type is not allowed. Attach a PDF, Word, Excel or PowerPoint file, an image (JPEG, PNG, WebP, GIF), a text file or a zip.",
        { field: "file" },
      );
    }
    // An image is stored as every image is: capped in size, without the camera's metadata.
    const stored = isImageType(detected.contentType)
      ? storableImage(new Uint8Array(body), detected.contentType, "The image", "file").bytes
      : new Uint8Array(body);
    attachment = {
      key: `requests/${crypto.randomUUID()}`,
      name: detected.name,
      type: detected.contentType,
      size: stored.byteLength,
      body: stored,
    };
  }

  await limitPosting(env, ownerId);
  const row: RequestRow = {
    hiddenAt: null,
    hiddenReason: null,
    moderationId: null,
    id: crypto.randomUUID(),
    ownerId,
    title: input.title,
    subject: input.subject,
    requirements: input.requirements,
    deadline: input.deadline,
    budget: input.budget,
    budgetValue: parseBudget(input.budget),
    pages: input.pages,
    contact: input.contact,
    status: "open",
    attachmentKey: attachment?.key ?? null,
    attachmentName: attachment?.name ?? null,
    attachmentType: attachment?.type ?? null,
    attachmentSize: attachment?.size ?? null,
    submissionKey,
    createdAt: Date.now(),
    closedAt: null,
    // The poster's campus, never the client's say.
    campusId: owner.campusId,
  };

  if (attachment) {
    await env.FILES.put(attachment.key, attachment.body, {
      httpMetadata: { contentType: attachment.type },
      customMetadata: { name: attachment.name, requestId: row.id, ownerId },
    });
  }
  let inserted: RequestRow[];
  try {
    inserted = await getDb(env.DB)
      .insert(studyRequests)
      .values(row)
      .onConflictDoNothing({ target: [studyRequests.ownerId, studyRequests.submissionKey] })
      .returning();
  } catch (error) {
    if (attachment) await env.FILES.delete(attachment.key);
    throw error;
  }
  if (inserted.length > 0) return toView(row, badge, true, ownerId);
  // A simultaneous repeat of this submission won: its request is the answer, this file is not needed.
  if (attachment) await env.FILES.delete(attachment.key);
  const earlier = submissionKey ? await submittedRequest(env, ownerId, submissionKey) : undefined;
  if (!earlier) throw new ApiError(409, "This form was already sent. Reload the page and try again.");
  return toView(earlier, badge, true, ownerId);
}

/** Who changes a request (closing and deleting one's own are never gated). */
type Actor = Member;

async function explainMissing(env: Env, user: Actor, id: string): Promise<never> {
  const found = await getDb(env.DB).query.studyRequests.findFirst({
    columns: { ownerId: true, campusId: true },
    where: eq(studyRequests.id, id),
  });
  // Another campus's request is answered as one that does not exist.
  if (!found || found.campusId !== user.campusId)
    throw new ApiError(404, "That request does not exist. It may have been deleted.");
  if (found.ownerId !== user.id) throw new ApiError(403, "Only the student who posted this request can change it.");
  throw new ApiError(409, "That request could not be changed. Please reload and try again.");
}

/** Closes the poster's own request (it leaves the writers' board). Closing twice is harmless. */
export async function closeRequest(env: Env, user: Actor, id: string): Promise<MyStudyRequest> {
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

/** Deletes the poster's own request and its attachment. */
export async function deleteRequest(env: Env, user: Actor, id: string): Promise<void> {
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
export async function getAttachment(env: Env, user: Actor, id: string) {
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
    throw new ApiError(404, "That request does not exist or is closed.");
  if (!row.attachmentKey || !row.attachmentName || !row.attachmentType)
    throw new ApiError(404, "That request has no attachment.");
  const object = await env.FILES.get(row.attachmentKey);
  if (!object) throw new ApiError(404, "The attachment is no longer available.");
  return { object, name: row.attachmentName, contentType: row.attachmentType };
}

// ---------------------------------------------------------------------------------------------
// Writers

type WriterRow = typeof writers.$inferSelect;

function toWriter(row: WriterRow, showContact: boolean): Writer {
  return {
    _id: row.userId,
    name: row.name,
    expertise: row.expertise,
    rate: row.ratePaise === null ? null : row.ratePaise / 100,
    contact: showContact ? row.contact : null,
  };
}

/**
 * Writer profiles, most recently updated first: a signed-in member's own campus's, with contacts
 * only when they may see them. A visitor without a session sees every college's (or one's, with
 * `campus`), never with contacts.
 */
export async function listWriters(env: Env, viewer: Viewer | null, campus?: string): Promise<Writer[]> {
  const campusId = viewer ? viewer.campusId : (campus ?? null);
  const read = async () => {
    const where: SQL | undefined = campusId === null ? undefined : eq(writers.campusId, campusId);
    const rows = await getDb(env.DB).select().from(writers).where(where).orderBy(desc(writers.updatedAt)).limit(100);
    return rows.map((row) => toWriter(row, mayContact(viewer, row.campusId)));
  };
  // A visitor's board (never with contacts) is the same for every visitor: kept at the edge.
  return viewer
    ? read()
    : publicRead(env, "writers", {}, { tables: ["writers"], campus: campusId, freshS: 60, staleS: 300 }, read);
}

export async function getMyWriter(env: Env, userId: string): Promise<Writer | null> {
  const row = await getDb(env.DB).query.writers.findFirst({ where: eq(writers.userId, userId) });
  return row ? toWriter(row, true) : null;
}

/** Creates or updates the user's own writer profile (one per user: the key is the user id), on their campus. */
export async function saveWriter(env: Env, user: Viewer, input: WriterInput): Promise<Writer> {
  requireMayAct(user, BECOME_WRITER);
  const userId = user.id;
  const now = Date.now();
  const values = {
    name: input.name,
    expertise: input.expertise,
    ratePaise: input.rate === null ? null : Math.round(input.rate * 100),
    contact: input.contact,
    updatedAt: now,
  };
  const [row] = await getDb(env.DB)
    .insert(writers)
    .values({ userId, createdAt: now, campusId: user.campusId, ...values })
    .onConflictDoUpdate({ target: writers.userId, set: values })
    .returning();
  if (!row) throw new Error("writer profile was not saved");
  return toWriter(row, true);
}

export async function deleteWriter(env: Env, userId: string): Promise<void> {
  await getDb(env.DB).delete(writers).where(eq(writers.userId, userId));
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
