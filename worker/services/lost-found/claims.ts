import { z } from "zod";
import { LF, LF_CLAIM_WHAT, type LfClaimStatus } from "#common/lost-found.ts";
import { all, batch, first, int, type Query, select, type Sql, sql, textOrNull } from "#server/db/sql.ts";
import { lostFoundClaims, lostFoundPosts, meetupPlaces, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { optionalUserText, userText } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { requireMayAct } from "#server/services/campus.ts";

// Claims of a found item and their handover (docs/decisions/0129-lost-found-owners-proof.md): the
// owner answers the finder's question, the finder judges the answer and accepts or declines; a
// member claims a post once (a declined claim is kept for moderators and refuses a second); one
// claim of a post is accepted, then the two agree on one of the college's meet-up places and
// either marks the item returned, which closes the post. Each change is one conditional write.

type Member = Pick<SessionUser, "id" | "campusId">;

export const claimSchema = z.object(
  {
    answer: userText({
      name: "Your answer",
      max: 500,
      multiline: true,
      missing: "Answer the finder's question, or say what proves the item is yours.",
    }),
  },
  { error: 'Send the claim as a JSON object, for example { "answer": "A blue sticker on the back" }.' },
);
export type ClaimInput = z.output<typeof claimSchema>;

export const decisionSchema = z.object(
  { answer: z.enum(["accept", "decline"], { error: "answer must be accept or decline." }) },
  { error: 'Send the decision as a JSON object: { "answer": "accept" } or { "answer": "decline" }.' },
);
export type DecisionInput = z.output<typeof decisionSchema>;

export const handoverSchema = z
  .object(
    {
      placeId: optionalUserText({ name: "The place", max: 64 }).optional(),
      agree: z.preprocess(
        (v) => (v === "true" || v === "1" ? true : v),
        z.literal(true, { error: "agree must be true." }).optional(),
      ),
    },
    { error: 'Send { "placeId": "<a meet-up place id>" } to propose a place, or { "agree": true } to agree.' },
  )
  .refine((h) => (h.placeId ? !h.agree : h.agree === true), 'Send either "placeId" or "agree": true.');
export type HandoverInput = z.output<typeof handoverSchema>;

export const claimIdSchema = z.uuid(LF.noClaim);

export interface ClaimView {
  id: string;
  postId: string;
  postTitle: string;
  claimantId: string;
  claimantName: string;
  /** The claimant's answer: shown to the finder (and the claimant); never to anyone else. */
  answer: string;
  status: LfClaimStatus;
  createdAt: number;
  placeId: string | null;
  placeName: string | null;
  /** Who proposed the place: "me" or "them", from the viewer's side. */
  placeBy: "me" | "them" | null;
  agreed: boolean;
  /** The viewer is the finder (the post's poster). */
  finder: boolean;
}

const c = lostFoundClaims.as("c");
const cp = lostFoundPosts.as("cp");
const cu = users.as("cu");
const cm = meetupPlaces.as("cm");

const claimColumns = {
  id: c.id,
  postId: c.post_id,
  postTitle: cp.title,
  posterId: cp.user_id,
  claimantId: c.claimant_id,
  claimantName: cu.name,
  answer: c.answer,
  status: c.status,
  createdAt: c.created_at,
  placeId: c.place_id,
  placeName: textOrNull(sql`${cm.name}`),
  placeBy: c.place_by,
  agreedAt: c.agreed_at,
};
const claimFrom = sql`FROM ${c} JOIN ${cp} ON ${cp.id} = ${c.post_id} JOIN ${cu} ON ${cu.id} = ${c.claimant_id} LEFT JOIN ${cm} ON ${cm.id} = ${c.place_id}`;

type ClaimRow = Awaited<
  ReturnType<
    typeof all<{ [K in keyof typeof claimColumns]: (typeof claimColumns)[K] extends { type?: infer T } ? T : never }>
  >
>[number];

export function claimView(row: ClaimRow, viewerId: string): ClaimView {
  return {
    id: row.id,
    postId: row.postId,
    postTitle: row.postTitle,
    claimantId: row.claimantId,
    claimantName: row.claimantName,
    answer: row.answer,
    status: row.status,
    createdAt: row.createdAt,
    placeId: row.placeId,
    placeName: row.placeName,
    placeBy: row.placeBy === null ? null : row.placeBy === viewerId ? "me" : "them",
    agreed: row.agreedAt !== null,
    finder: row.posterId === viewerId,
  };
}

/**
 * The claims of a post a viewer may read: all of them for its finder and for the college's
 * moderators (declined claims are kept for them: decision 0129); only their own for a claimant;
 * none for anyone else.
 */
export function postClaimsQuery(viewer: Member, postId: string) {
  return select(
    claimColumns,
    sql`${claimFrom} WHERE ${c.post_id} = ${postId} AND ${cp.campus_id} = ${viewer.campusId}
      AND (${cp.user_id} = ${viewer.id} OR ${c.claimant_id} = ${viewer.id}
        OR EXISTS (SELECT 1 FROM staff_roles sr WHERE sr.user_id = ${viewer.id} AND sr.campus_id = ${cp.campus_id} AND sr.role IN ('moderator', 'admin')))
      ORDER BY ${c.created_at} DESC LIMIT ${50}`,
  );
}

/** A declined claim as /staff lists it for the college's moderators (decision 0129). */
export interface DeclinedClaim {
  id: string;
  postId: string;
  postTitle: string;
  claimantName: string;
  answer: string;
  decidedAt: number;
  /** How many claims of this claimant the college's finders declined in the same 30 days. */
  declinedOfClaimant: number;
}

const DECLINED_WINDOW_MS = 30 * 86_400_000;

/**
 * The college's claims declined in the last 30 days, newest first, with how many each claimant had
 * declined in that time: a member who claims what is not theirs, again and again, shows here before
 * a finder has to report them. Read only in the moderators' batch on /staff.
 */
export function declinedClaimsQuery(campusId: string, now: number): Query<DeclinedClaim> {
  const since = now - DECLINED_WINDOW_MS;
  const others = lostFoundClaims.as("o");
  const otherPosts = lostFoundPosts.as("op");
  return select(
    {
      id: c.id,
      postId: c.post_id,
      postTitle: cp.title,
      claimantName: cu.name,
      answer: c.answer,
      decidedAt: int(sql`${c.decided_at}`),
      declinedOfClaimant: int(
        sql`(SELECT COUNT(*) FROM ${others} JOIN ${otherPosts} ON ${otherPosts.id} = ${others.post_id}
          WHERE ${others.claimant_id} = ${c.claimant_id} AND ${others.status} = 'declined'
            AND ${others.decided_at} > ${since} AND ${otherPosts.campus_id} = ${campusId})`,
      ),
    },
    sql`FROM ${c} JOIN ${cp} ON ${cp.id} = ${c.post_id} JOIN ${cu} ON ${cu.id} = ${c.claimant_id}
      WHERE ${cp.campus_id} = ${campusId} AND ${c.status} = 'declined' AND ${c.decided_at} > ${since}
      ORDER BY ${c.decided_at} DESC LIMIT ${30}`,
  );
}

/** The claims a member made, newest first ("my posts"). */
export function myClaimsQuery(viewer: Member) {
  return select(
    claimColumns,
    sql`${claimFrom} WHERE ${c.claimant_id} = ${viewer.id} ORDER BY ${c.created_at} DESC LIMIT ${50}`,
  );
}

/**
 * Claim a found item (`POST /api/lost-found/:id/claims`): a verified member of its campus, not its
 * finder, once per post (the unique index and the INSERT's own conditions), rate limited per member.
 * A wrong answer is not refused here: the finder judges it (decision 0129).
 */
export async function claimPost(
  env: Env,
  member: SessionUser,
  postId: string,
  input: ClaimInput,
  now = Date.now(),
): Promise<ClaimView> {
  requireMayAct(member, LF_CLAIM_WHAT);
  const { success } = await env.POST_LIMITER.limit({ key: `lfclaim:${member.id}` });
  if (!success) throw new ApiError(429, LF.claimsTooFast);
  const id = crypto.randomUUID();
  const [inserted] = await batch(env, [
    sql`INSERT INTO lost_found_claims (id, post_id, claimant_id, answer, status, created_at)
      SELECT ${id}, p.id, ${member.id}, ${input.answer}, 'pending', ${now} FROM lost_found_posts p
      WHERE p.id = ${postId} AND p.campus_id = ${member.campusId} AND p.side = 'found' AND p.status = 'open'
        AND p.expires_at > ${now} AND p.hidden_at IS NULL AND p.user_id <> ${member.id}
      ON CONFLICT (post_id, claimant_id) DO NOTHING`,
    sql`INSERT OR IGNORE INTO notices (id, user_id, kind, title, text, link, created_at)
      SELECT 'lf-claim-' || ${id}, p.user_id, 'lostfound.claim', ${LF.claimNotice.title}, ${LF.claimNotice.text}, '/lost-found/' || p.id, ${now}
      FROM lost_found_posts p WHERE p.id = ${postId} AND EXISTS (SELECT 1 FROM lost_found_claims WHERE id = ${id})`,
  ]);
  if (inserted.changes !== 1) {
    const post = await first(
      env,
      select(
        {
          userId: lostFoundPosts.user_id,
          side: lostFoundPosts.side,
          status: lostFoundPosts.status,
          expiresAt: lostFoundPosts.expires_at,
          hiddenAt: lostFoundPosts.hidden_at,
          claimed: textOrNull(
            sql`(SELECT id FROM lost_found_claims WHERE post_id = ${postId} AND claimant_id = ${member.id})`,
          ),
        },
        sql`FROM ${lostFoundPosts} WHERE id = ${postId} AND campus_id = ${member.campusId}`,
      ),
    );
    if (!post || (post.hiddenAt !== null && post.userId !== member.id)) throw new ApiError(404, LF.noPost);
    if (post.userId === member.id) throw new ApiError(400, LF.ownPost);
    if (post.side !== "found") throw new ApiError(400, LF.onlyFound);
    if (post.claimed) throw new ApiError(409, LF.claimedBefore);
    throw new ApiError(409, LF.notOpen);
  }
  return readClaimOrThrow(env, member, id);
}

async function readClaimOrThrow(env: Env, viewer: Member, id: string): Promise<ClaimView> {
  const row = await first(
    env,
    select(
      claimColumns,
      sql`${claimFrom} WHERE ${c.id} = ${id} AND ${cp.campus_id} = ${viewer.campusId} AND (${cp.user_id} = ${viewer.id} OR ${c.claimant_id} = ${viewer.id})`,
    ),
  );
  if (!row) throw new ApiError(404, LF.noClaim);
  return claimView(row, viewer.id);
}

/** The claim's post is the viewer's open post of their campus. */
const finderOf = (viewer: Member, now: number) =>
  sql`post_id IN (SELECT id FROM lost_found_posts WHERE user_id = ${viewer.id} AND campus_id = ${viewer.campusId} AND status = 'open' AND expires_at > ${now})`;

/**
 * Accept or decline a claim (`POST /api/lost-found/claims/:id`): the finder's, of a pending claim of
 * their open post. Accepting is conditional on no other claim of the post being accepted, inside the
 * UPDATE: of two accepts at once, one is accepted and the other refused.
 */
export async function decideClaim(
  env: Env,
  finder: SessionUser,
  claimId: string,
  { answer }: DecisionInput,
  now = Date.now(),
): Promise<ClaimView> {
  requireMayAct(finder, LF_CLAIM_WHAT);
  const status = answer === "accept" ? "accepted" : "declined";
  const notice = answer === "accept" ? LF.acceptedNotice : LF.declinedNotice;
  const [updated] = await batch(env, [
    sql`UPDATE lost_found_claims SET status = ${status}, decided_at = ${now}
      WHERE id = ${claimId} AND status = 'pending' AND ${finderOf(finder, now)}
      ${answer === "accept" ? sql`AND NOT EXISTS (SELECT 1 FROM lost_found_claims o WHERE o.post_id = lost_found_claims.post_id AND o.status = 'accepted')` : sql``}`,
    sql`INSERT OR IGNORE INTO notices (id, user_id, kind, title, text, link, created_at)
      SELECT 'lf-decided-' || id, claimant_id, ${`lostfound.${status}`}, ${notice.title}, ${notice.text}, '/lost-found/' || post_id, ${now}
      FROM lost_found_claims WHERE id = ${claimId} AND status = ${status} AND decided_at = ${now}`,
  ]);
  if (updated.changes !== 1) {
    const row = await first(
      env,
      select(
        {
          status: c.status,
          posterId: cp.user_id,
          postStatus: cp.status,
          accepted: textOrNull(
            sql`(SELECT o.id FROM lost_found_claims o WHERE o.post_id = ${c.post_id} AND o.status = 'accepted')`,
          ),
        },
        sql`FROM ${c} JOIN ${cp} ON ${cp.id} = ${c.post_id} WHERE ${c.id} = ${claimId} AND ${cp.campus_id} = ${finder.campusId}`,
      ),
    );
    if (!row) throw new ApiError(404, LF.noClaim);
    if (row.posterId !== finder.id) throw new ApiError(403, LF.notYours);
    if (row.status !== "pending") throw new ApiError(409, LF.claimDecided);
    if (row.postStatus !== "open") throw new ApiError(409, LF.notOpen);
    if (row.accepted) throw new ApiError(409, LF.alreadyAccepted);
    throw new ApiError(409, LF.notOpen);
  }
  return readClaimOrThrow(env, finder, claimId);
}

/** The viewer is one side of the accepted claim of an open post: its finder or its owner. */
const partyOf = (viewer: Member) =>
  sql`status = 'accepted' AND (claimant_id = ${viewer.id} OR post_id IN (SELECT id FROM lost_found_posts WHERE user_id = ${viewer.id} AND campus_id = ${viewer.campusId}))
    AND post_id IN (SELECT id FROM lost_found_posts WHERE status = 'open' AND campus_id = ${viewer.campusId})`;

/**
 * The handover of an accepted claim (`POST /api/lost-found/claims/:id/handover`): either side
 * proposes one of the college's active meet-up places (a new proposal asks the other side again),
 * and the other side agrees to it.
 */
export async function handover(
  env: Env,
  member: SessionUser,
  claimId: string,
  input: HandoverInput,
  now = Date.now(),
): Promise<ClaimView> {
  requireMayAct(member, LF_CLAIM_WHAT);
  let statement: Sql;
  if (input.placeId) {
    statement = sql`UPDATE lost_found_claims SET place_id = ${input.placeId}, place_by = ${member.id}, agreed_at = NULL
      WHERE id = ${claimId} AND ${partyOf(member)}
        AND EXISTS (SELECT 1 FROM meetup_places WHERE id = ${input.placeId} AND campus_id = ${member.campusId} AND retired_at IS NULL)`;
  } else {
    statement = sql`UPDATE lost_found_claims SET agreed_at = ${now}
      WHERE id = ${claimId} AND ${partyOf(member)} AND place_id IS NOT NULL AND place_by <> ${member.id} AND agreed_at IS NULL`;
  }
  const [updated] = await batch(env, [statement]);
  if (updated.changes !== 1) {
    const row = await first(
      env,
      select(
        {
          status: c.status,
          posterId: cp.user_id,
          claimantId: c.claimant_id,
          postStatus: cp.status,
          placeId: c.place_id,
          placeBy: c.place_by,
          agreedAt: c.agreed_at,
        },
        sql`FROM ${c} JOIN ${cp} ON ${cp.id} = ${c.post_id} WHERE ${c.id} = ${claimId} AND ${cp.campus_id} = ${member.campusId}`,
      ),
    );
    if (!row || (row.posterId !== member.id && row.claimantId !== member.id)) throw new ApiError(404, LF.noClaim);
    if (row.status !== "accepted") throw new ApiError(409, LF.notAccepted);
    if (row.postStatus !== "open") throw new ApiError(409, LF.notOpen);
    if (input.placeId) throw new ApiError(400, LF.noPlace, { field: "placeId" });
    if (row.placeId === null) throw new ApiError(409, LF.noPlaceYet);
    if (row.placeBy === member.id) throw new ApiError(409, LF.agreeOwn);
    throw new ApiError(409, LF.claimDecided);
  }
  return readClaimOrThrow(env, member, claimId);
}

/**
 * Mark a post returned (`POST /api/lost-found/:id/returned`): its poster, or the owner whose claim
 * was accepted. One conditional write closes the post; the other side is told.
 */
export async function markReturned(env: Env, member: SessionUser, postId: string, now = Date.now()): Promise<void> {
  requireMayAct(member, LF_CLAIM_WHAT);
  const [updated] = await batch(env, [
    sql`UPDATE lost_found_posts SET status = 'returned', returned_at = ${now}, updated_at = ${now}
      WHERE id = ${postId} AND campus_id = ${member.campusId} AND status = 'open'
        AND (user_id = ${member.id} OR EXISTS (SELECT 1 FROM lost_found_claims WHERE post_id = ${postId} AND claimant_id = ${member.id} AND status = 'accepted'))`,
    sql`INSERT OR IGNORE INTO notices (id, user_id, kind, title, text, link, created_at)
      SELECT 'lf-returned-' || ${postId} || '-' || who.id, who.id, 'lostfound.returned', ${LF.returnedNotice.title}, ${LF.returnedNotice.text},
        ${`/lost-found/${postId}`}, ${now}
      FROM (SELECT user_id AS id FROM lost_found_posts WHERE id = ${postId}
            UNION SELECT claimant_id FROM lost_found_claims WHERE post_id = ${postId} AND status = 'accepted') who
      WHERE who.id <> ${member.id} AND EXISTS (SELECT 1 FROM lost_found_posts WHERE id = ${postId} AND status = 'returned' AND returned_at = ${now})`,
  ]);
  if (updated.changes !== 1) {
    const row = await first(
      env,
      select(
        { userId: lostFoundPosts.user_id, status: lostFoundPosts.status, hiddenAt: lostFoundPosts.hidden_at },
        sql`FROM ${lostFoundPosts} WHERE id = ${postId} AND campus_id = ${member.campusId}`,
      ),
    );
    if (!row || (row.hiddenAt !== null && row.userId !== member.id)) throw new ApiError(404, LF.noPost);
    if (row.status !== "open") throw new ApiError(409, LF.notOpen);
    throw new ApiError(403, LF.notParty);
  }
}

export async function listMyClaims(env: Env, viewer: Member): Promise<ClaimView[]> {
  return (await all(env, myClaimsQuery(viewer))).map((row) => claimView(row, viewer.id));
}
