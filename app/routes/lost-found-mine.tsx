import { Link } from "react-router";
import { PostGrid } from "#app/components/lost-found/PostCard.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { formatIndiaDate } from "#common/format.ts";
import { LF_CLAIM_LABELS, LF_SCREEN } from "#common/lost-found.ts";
import { readMine } from "#server/services/lost-found/page.ts";
import type { Route } from "./+types/lost-found-mine";

// "My posts": the member's lost & found posts in every state, and the claims they made. Two D1
// queries: the session and one batch.
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return readMine(envOf(context), user);
}

export default function LostFoundMine({ loaderData }: Route.ComponentProps) {
  const { posts, claims } = loaderData;
  return (
    <div>
      <PageIntro title={LF_SCREEN.mineTitle} lead={LF_SCREEN.mineLead} />
      <div className="mb-4 flex flex-wrap gap-2">
        <Link to="/lost-found/new" className="btn-primary">
          Post lost or found
        </Link>
        <Link to="/lost-found" className="btn-secondary">
          All of lost & found
        </Link>
      </div>
      <section aria-labelledby="posts-heading">
        <h2 id="posts-heading" className="mb-3 text-lg font-semibold">
          Your posts
        </h2>
        {posts.length === 0 ? (
          <p className="card p-6 text-center text-slate-600 dark:text-slate-400">You have no posts.</p>
        ) : (
          <PostGrid posts={posts} editable />
        )}
      </section>
      <section aria-labelledby="claims-heading" className="mt-8">
        <h2 id="claims-heading" className="mb-3 text-lg font-semibold">
          Your claims
        </h2>
        {claims.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">You have made no claims.</p>
        ) : (
          <ul className="space-y-2">
            {claims.map((c) => (
              <li key={c.id} className="card p-4">
                <Link
                  to={`/lost-found/${c.postId}`}
                  className="font-semibold text-indigo-700 underline dark:text-indigo-300"
                >
                  {c.postTitle}
                </Link>
                <p className="text-sm text-slate-600 dark:text-slate-400">{`${LF_CLAIM_LABELS[c.status]} · ${formatIndiaDate(c.createdAt)}`}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "My lost & found · Campus" },
  { name: "robots", content: "noindex" },
];
