import { z } from "zod";
import { COMPLAINT_CATEGORIES } from "#common/hostel-labels.ts";
import { batch, first, insertWhere, select, sql } from "#server/db/sql.ts";
import { hostelBlocks, hostelComplaints, hostelResidents } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { limitPosting } from "#server/lib/post-limit.ts";
import { sniffImageType } from "#server/lib/sniff.ts";
import { storableImage } from "#server/lib/stored-image.ts";
import { userText } from "#server/lib/validate.ts";
import { HOSTEL_WRITES } from "#common/hostel-messages.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { getComplaint, type ComplaintView } from "#server/services/hostel/complaints.ts";
import {
  blockIdSchema,
  blocksQuery,
  pickBlock,
  residenceStatement,
  roomSchema,
} from "#server/services/hostel/common.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";

// Filing a hostel complaint (docs/decisions/0077-campus-hostel.md): the photo checked by its bytes
// and stored first, then the residence and the complaint in one batch; a student files for their
// own block, and another block needs a move its warden approves (decision 0084).

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** `POST /api/hostel/complaints` (JSON, or a form with its photo) and the complaints screen's form. */
export const createComplaintSchema = z.object({
  category: z.enum(COMPLAINT_CATEGORIES, { error: `Choose a category: ${COMPLAINT_CATEGORIES.join(", ")}.` }),
  blockId: blockIdSchema,
  room: roomSchema,
  description: userText({
    name: "The description",
    min: 10,
    max: 1000,
    multiline: true,
    missing: "Describe the problem.",
    tooShort: "Describe the problem in at least 10 characters.",
    tooLong: "Keep the description under 1,000 characters.",
  }),
  // A form's file input; left empty it still sends an empty, unnamed file. JSON has no photo.
  photo: z.transform((value: unknown): File | null =>
    value instanceof File && (value.size > 0 || value.name !== "") ? value : null,
  ),
});
export type ComplaintInput = z.output<typeof createComplaintSchema>;

const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
type PhotoType = (typeof PHOTO_TYPES)[number];

async function submittedComplaint(env: Env, userId: string, submissionKey: string): Promise<string | undefined> {
  const c = hostelComplaints;
  const row = await first(
    env,
    select(
      { id: c.id },
      sql`FROM ${c} WHERE ${c.user_id} = ${userId} AND ${c.submission_key} = ${submissionKey} LIMIT 1`,
    ),
  );
  return row?.id;
}

/**
 * Files a complaint. The photo goes to R2 first and the rows in one batch after; if the batch
 * fails the photo is deleted again, so nothing is left half-written. A repeat of the same
 * submission (same key) answers the complaint the first one filed and keeps no second photo.
 */
export async function createComplaint(
  env: Env,
  user: SessionUser,
  input: ComplaintInput,
  submissionKey: string | null = null,
): Promise<ComplaintView> {
  requireMayAct(user, HOSTEL_WRITES.fileComplaint);
  const { photo } = input;
  if (submissionKey) {
    const earlier = await submittedComplaint(env, user.id, submissionKey);
    if (earlier) return getComplaint(env, user, earlier);
  }
  // The campus's blocks and the student's current block, in one round trip.
  const [blocks, elsewhere] = await batch(env, [
    blocksQuery(user.campusId),
    livesElsewhereQuery(user.id, input.blockId),
  ]);
  const block = pickBlock(blocks.rows, input.blockId);
  let photoBytes: Uint8Array | null = null;
  let photoType: PhotoType | null = null;
  if (photo) {
    if (photo.size > MAX_PHOTO_BYTES)
      throw new ApiError(413, "The photo is larger than 5 MB. Choose a smaller one.", { field: "photo" });
    if (photo.size === 0) throw new ApiError(400, "The photo is empty. Choose another file.", { field: "photo" });
    const bytes = new Uint8Array(await photo.arrayBuffer());
    photoType = sniffImageType(bytes, PHOTO_TYPES);
    if (!photoType) throw new ApiError(415, "The photo must be a JPEG, PNG or WebP image.", { field: "photo" });
    photoBytes = storableImage(bytes, photoType, "The photo", "photo").bytes;
  }

  const now = Date.now();
  // A student files for their own block; the first complaint sets it. Another block needs a move
  // its warden approves first (decision 0084): refused before the photo is stored.
  const current = elsewhere.rows[0]?.name;
  if (current) throw otherBlockRefusal(current, block.name);
  await limitPosting(env, user.id);
  const id = crypto.randomUUID();
  const photoKey = photoBytes ? `complaints/${crypto.randomUUID()}` : null;
  if (photoKey && photoBytes && photoType) {
    await env.FILES.put(photoKey, photoBytes, {
      httpMetadata: { contentType: photoType },
      customMetadata: { complaintId: id, userId: user.id },
    });
  }
  let filed: boolean;
  try {
    // One batch: the residence (a conditional upsert: a move to another block at most weekly), then
    // the complaint, written only if the student now lives in its block and this submission has not
    // filed one already. A refused move writes neither.
    const [, complaint] = await batch(env, [
      residenceStatement(user.id, block.id, input.room, now),
      sql`${insertWhere(
        hostelComplaints,
        {
          id,
          user_id: user.id,
          block_id: block.id,
          room: input.room,
          category: input.category,
          description: input.description,
          photo_key: photoKey,
          photo_type: photoType,
          status: "open",
          submission_key: submissionKey,
          created_at: now,
          updated_at: now,
        },
        sql`EXISTS (SELECT 1 FROM hostel_residents WHERE user_id = ${user.id} AND block_id = ${block.id})`,
      )} ON CONFLICT (user_id, submission_key) DO NOTHING`,
    ]);
    filed = complaint.changes === 1;
  } catch (error) {
    if (photoKey) await env.FILES.delete(photoKey);
    throw error;
  }
  if (filed) return getComplaint(env, user, id);
  if (photoKey) await env.FILES.delete(photoKey);
  // A simultaneous repeat of this submission won: its complaint is the answer. Otherwise the move
  // to this block was refused.
  const earlier = submissionKey ? await submittedComplaint(env, user.id, submissionKey) : undefined;
  if (earlier) return getComplaint(env, user, earlier);
  const moved = await livesElsewhere(env, user.id, block.id);
  throw moved
    ? otherBlockRefusal(moved, block.name)
    : new ApiError(409, "Your block changed while filing. Reload the page and try again.");
}

/** The student's block when it is not `blockId` (null: no block yet, or that one). */
async function livesElsewhere(env: Env, userId: string, blockId: string): Promise<string | null> {
  const row = await first(env, livesElsewhereQuery(userId, blockId));
  return row?.name ?? null;
}

function livesElsewhereQuery(userId: string, blockId: string) {
  const r = hostelResidents;
  const b = hostelBlocks;
  return select(
    { name: b.name },
    sql`FROM ${r} JOIN ${b} ON ${b.id} = ${r.block_id} WHERE ${r.user_id} = ${userId} AND ${r.block_id} <> ${blockId} LIMIT 1`,
  );
}

function otherBlockRefusal(current: string, wanted: string): ApiError {
  const short = (name: string) => name.split(" (")[0] ?? name;
  return new ApiError(
    409,
    `You live in ${short(current)}. To file a complaint for ${short(wanted)}, ask to move there first (Your block); its warden approves moves.`,
    { field: "blockId" },
  );
}
