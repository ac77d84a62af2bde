import { returning, select, sql } from "#server/db/sql.ts";
import { lostFoundClaims, lostFoundPosts } from "#server/db/tables.generated.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// Lost & found (docs/decisions/0129-lost-found-owners-proof.md): the student's posts (with what only
// they saw: the held-back detail, a found ID card's name), their photos, and the claims they made.
// A deleted account's posts go, with their photos, matches and the claims others made of them
// (ON DELETE CASCADE); the claims it made go too.

export const LOST_FOUND_DATA = {
  lost_found_posts: placed({
    onDelete: "deleted",
    exports: [
      exportAt(
        "lostFound.posts",
        ({ userId }) =>
          select(
            {
              id: lostFoundPosts.id,
              side: lostFoundPosts.side,
              category: lostFoundPosts.category,
              title: lostFoundPosts.title,
              description: lostFoundPosts.description,
              placeId: lostFoundPosts.place_id,
              placeText: lostFoundPosts.place_text,
              happenedOn: lostFoundPosts.happened_on,
              timeOfDay: lostFoundPosts.time_of_day,
              question: lostFoundPosts.question,
              answer: lostFoundPosts.answer,
              cardName: lostFoundPosts.card_name,
              photos: lostFoundPosts.photos,
              status: lostFoundPosts.status,
              createdAt: lostFoundPosts.created_at,
              expiresAt: lostFoundPosts.expires_at,
              returnedAt: lostFoundPosts.returned_at,
            },
            sql`FROM ${lostFoundPosts} WHERE ${lostFoundPosts.user_id} = ${userId} ORDER BY ${lostFoundPosts.created_at} DESC`,
          ),
        (rows) =>
          rows.map(({ photos, ...post }) => ({
            ...post,
            // The photos' addresses, as the post page shows them (its finder always sees them).
            photos: (JSON.parse(photos) as unknown[]).map((_, n) => `/api/lost-found/${post.id}/photos/${n}`),
          })),
      ),
    ],
    erase: {
      // The photos are deleted after the batch (photoList: the listing's shape).
      remove: ({ statement, userId }) => [
        statement((guard) =>
          returning(sql`DELETE FROM lost_found_posts WHERE user_id = ${userId} AND ${guard}`, {
            photoList: lostFoundPosts.photos,
          }),
        ),
      ],
    },
  }),
  lost_found_claims: placed({
    onDelete: "deleted",
    exports: [
      exportAt("lostFound.claims", ({ userId }) =>
        select(
          {
            id: lostFoundClaims.id,
            postId: lostFoundClaims.post_id,
            answer: lostFoundClaims.answer,
            status: lostFoundClaims.status,
            createdAt: lostFoundClaims.created_at,
            decidedAt: lostFoundClaims.decided_at,
            placeId: lostFoundClaims.place_id,
            agreedAt: lostFoundClaims.agreed_at,
          },
          sql`FROM ${lostFoundClaims} WHERE ${lostFoundClaims.claimant_id} = ${userId} ORDER BY ${lostFoundClaims.created_at} DESC`,
        ),
      ),
    ],
    erase: {
      // The claims the student made go; on a claim of another's post where they proposed the place,
      // the proposer is forgotten (the place stays for the other side).
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM lost_found_claims WHERE claimant_id = ${userId} AND ${guard}`),
        statement((guard) => sql`UPDATE lost_found_claims SET place_by = NULL WHERE place_by = ${userId} AND ${guard}`),
      ],
    },
  }),
};
