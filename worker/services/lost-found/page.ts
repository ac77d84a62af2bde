import { LF } from "#common/lost-found.ts";
import { batch, select, sql } from "#server/db/sql.ts";
import { lostFoundMatches, lostFoundPosts, meetupPlaces } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { claimView, type ClaimView, myClaimsQuery, postClaimsQuery } from "#server/services/lost-found/claims.ts";
import {
  type LfListQuery,
  type LfPostView,
  listQuery,
  minePostsQuery,
  postQuery,
  toView,
} from "#server/services/lost-found/posts.ts";
import type { MeetupPlace } from "#server/services/campus-setup/meetup-places.ts";

// The reads of a post's page and of "my posts", each one D1 batch (test/query-budget.test.ts).

type Member = Pick<SessionUser, "id" | "campusId">;

export interface LikelyMatch {
  id: string;
  title: string;
  side: "lost" | "found";
  score: number;
}

export interface PostPage {
  post: LfPostView;
  /** Its claims the viewer may read (the finder: all; a claimant: their own). */
  claims: ClaimView[];
  /** Likely matches, for its poster only. */
  matches: LikelyMatch[];
  /** The college's meet-up places (the form's choices). */
  places: MeetupPlace[];
  /** Who is looking: which claim is theirs. */
  viewerId: string;
  /** The viewer moderates the post's college: they read every claim, declined ones too. */
  moderator: boolean;
}

const o = lostFoundPosts.as("o");
const m = lostFoundMatches.as("m");

/** The other post of each likely match of the viewer's own post, open ones only. */
function matchesQuery(viewer: Member, postId: string) {
  return select(
    { id: o.id, title: o.title, side: o.side, score: m.score },
    sql`FROM ${m} JOIN ${o} ON ${o.id} = CASE WHEN ${m.lost_id} = ${postId} THEN ${m.found_id} ELSE ${m.lost_id} END
      WHERE (${m.lost_id} = ${postId} OR ${m.found_id} = ${postId}) AND ${o.status} = 'open' AND ${o.hidden_at} IS NULL
        AND EXISTS (SELECT 1 FROM lost_found_posts mine WHERE mine.id = ${postId} AND mine.user_id = ${viewer.id})
      ORDER BY ${m.score} DESC LIMIT ${20}`,
  );
}

const placesQuery = (campusId: string) =>
  select(
    { id: meetupPlaces.id, name: meetupPlaces.name, note: meetupPlaces.note },
    sql`FROM ${meetupPlaces} WHERE ${meetupPlaces.campus_id} = ${campusId} AND ${meetupPlaces.retired_at} IS NULL ORDER BY ${meetupPlaces.name} COLLATE NOCASE, ${meetupPlaces.id}`,
  );

/** A post's page (`GET /api/lost-found/:id`, /lost-found/:id): one batch. */
export async function readPostPage(env: Env, viewer: Member, id: string): Promise<PostPage> {
  const [post, claims, matches, places] = await batch(env, [
    postQuery(viewer, id),
    postClaimsQuery(viewer, id),
    matchesQuery(viewer, id),
    placesQuery(viewer.campusId),
  ]);
  const row = post.rows[0];
  if (!row) throw new ApiError(404, LF.noPost);
  return {
    post: toView(row, viewer.id),
    claims: claims.rows.map((claim) => claimView(claim, viewer.id)),
    matches: matches.rows,
    places: places.rows,
    viewerId: viewer.id,
    moderator: row.moderator === 1,
  };
}

/** "My posts" (/lost-found/mine): one's posts and one's claims, one batch. */
export async function readMine(env: Env, viewer: Member): Promise<{ posts: LfPostView[]; claims: ClaimView[] }> {
  const [posts, claims] = await batch(env, [minePostsQuery(viewer), myClaimsQuery(viewer)]);
  return {
    posts: posts.rows.map((row) => toView(row, viewer.id)),
    claims: claims.rows.map((claim) => claimView(claim, viewer.id)),
  };
}

/** The college's meet-up places (the post form's choices). */
export async function readPlaces(env: Env, campusId: string): Promise<MeetupPlace[]> {
  const [places] = await batch(env, [placesQuery(campusId)]);
  return places.rows;
}

/** The board (/lost-found): the open posts as filtered and the college's places, one batch. */
export async function readBoard(
  env: Env,
  viewer: Member,
  filters: LfListQuery,
  now = Date.now(),
): Promise<{ posts: LfPostView[]; places: MeetupPlace[] }> {
  const [posts, places] = await batch(env, [listQuery(viewer, filters, now), placesQuery(viewer.campusId)]);
  return { posts: posts.rows.map((row) => toView(row, viewer.id)), places: places.rows };
}
