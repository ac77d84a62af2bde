import { MAX_ATTACHMENT_BYTES, parseBudget, POST_REQUEST, type StudyRequest } from "#common/studyswap.ts";
import { FILE_TOO_LARGE, STUDYSWAP_MESSAGES } from "#common/studyswap-messages.ts";
import { first, insert, returning, sql } from "#server/db/sql.ts";
import { studyRequests } from "#server/db/tables.generated.ts";
import { detectAttachment } from "#server/lib/attachment.ts";
import { ApiError } from "#server/lib/errors.ts";
import { limitPosting } from "#server/lib/post-limit.ts";
import { isImageType } from "#server/lib/sniff.ts";
import { storableImage } from "#server/lib/stored-image.ts";
import { requireMayAct } from "#server/services/campus.ts";
import {
  badgeOfMember,
  type Member,
  type RequestInput,
  type RequestRow,
  selectRequestRows,
  toView,
} from "#server/services/studyswap/requests.ts";

// Posting a Study Swap request with its optional attachment: checked before anything is written,
// all or nothing between R2 and D1, and once per submission.

async function submittedRequest(env: Env, ownerId: string, submissionKey: string): Promise<RequestRow | null> {
  return first(
    env,
    selectRequestRows(
      sql`FROM ${studyRequests} WHERE owner_id = ${ownerId} AND submission_key = ${submissionKey} LIMIT 1`,
    ),
  );
}

/**
 * Posts a request (both doors: the API's JSON or multipart, /find-writer's form), with its optional
 * attachment (`input.file`), for a member who may post. The file is checked before anything is written;
 * the object goes to R2 first and is removed again if the row cannot be written, so a failure
 * leaves neither. With a submission key, a repeat of the same submission (a double click, a retry)
 * answers the request the first one made and writes nothing: checked first, and decided by the
 * UNIQUE (owner, key) index when the repeats arrive together.
 */
export async function createRequest(
  env: Env,
  owner: Member,
  input: RequestInput,
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
  const { file } = input;
  if (file) {
    if (file.size > MAX_ATTACHMENT_BYTES) throw new ApiError(413, FILE_TOO_LARGE, { field: "file" });
    if (file.size === 0) throw new ApiError(400, STUDYSWAP_MESSAGES.fileEmpty, { field: "file" });
    const body = await file.arrayBuffer();
    const detected = detectAttachment(new Uint8Array(body), file.name);
    if (!detected) throw new ApiError(400, STUDYSWAP_MESSAGES.fileType, { field: "file" });
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
  let inserted: { id: string } | null;
  try {
    inserted = await first(
      env,
      returning(
        insert(
          studyRequests,
          {
            id: row.id,
            owner_id: row.ownerId,
            title: row.title,
            subject: row.subject,
            requirements: row.requirements,
            deadline: row.deadline,
            budget: row.budget,
            budget_value: row.budgetValue,
            pages: row.pages,
            contact: row.contact,
            status: row.status,
            attachment_key: row.attachmentKey,
            attachment_name: row.attachmentName,
            attachment_type: row.attachmentType,
            attachment_size: row.attachmentSize,
            submission_key: row.submissionKey,
            created_at: row.createdAt,
            closed_at: row.closedAt,
            campus_id: row.campusId,
            hidden_at: row.hiddenAt,
            hidden_reason: row.hiddenReason,
            moderation_id: row.moderationId,
          },
          sql`ON CONFLICT (owner_id, submission_key) DO NOTHING`,
        ),
        { id: studyRequests.id },
      ),
    );
  } catch (error) {
    if (attachment) await env.FILES.delete(attachment.key);
    throw error;
  }
  if (inserted) return toView(row, badge, true, ownerId);
  // A simultaneous repeat of this submission won: its request is the answer, this file is not needed.
  if (attachment) await env.FILES.delete(attachment.key);
  const earlier = submissionKey ? await submittedRequest(env, ownerId, submissionKey) : null;
  if (!earlier) throw new ApiError(409, STUDYSWAP_MESSAGES.alreadySent);
  return toView(earlier, badge, true, ownerId);
}
