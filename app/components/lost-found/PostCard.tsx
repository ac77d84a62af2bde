import { Link } from "react-router";
import { formatIndiaDate } from "#common/format.ts";
import { LF_CATEGORY_LABELS, lfHeadline, type LfCategory, type LfSide } from "#common/lost-found.ts";

/** What a card needs of a post. */
export interface CardPost {
  id: string;
  side: LfSide;
  category: LfCategory;
  title: string;
  placeName: string | null;
  placeText: string | null;
  happenedOn: string;
  photoCount: number;
  status: string;
}

/** The photo of a post (its small version when one was sent), or its category's name on a panel. */
export function PostPhoto({ post, eager = false }: { post: CardPost; eager?: boolean }) {
  return (
    <div className="aspect-square w-full overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800">
      {post.photoCount > 0 ? (
        <img
          src={`/api/lost-found/${post.id}/photos/0?small=1`}
          alt={post.title}
          loading={eager ? "eager" : "lazy"}
          className="h-full w-full object-cover"
        />
      ) : (
        <div className="flex h-full items-center justify-center p-2 text-center text-sm font-semibold text-slate-600 dark:text-slate-300">
          {LF_CATEGORY_LABELS[post.category]}
        </div>
      )}
    </div>
  );
}

/**
 * The grid of posts: two columns on a phone, more on wider screens; the title's link covers the card.
 * `editable`: the member's own posts, an open one with its edit link above the card's link.
 */
export function PostGrid({ posts, editable = false }: { posts: CardPost[]; editable?: boolean }) {
  return (
    <ul className="grid grid-cols-2 gap-x-3 gap-y-5 sm:grid-cols-3 xl:grid-cols-4">
      {posts.map((post, i) => (
        <li key={post.id} className="relative flex flex-col">
          <PostPhoto post={post} eager={i === 0} />
          <p
            className={`mt-2 text-xs font-semibold uppercase tracking-wide ${
              post.side === "lost" ? "text-rose-700 dark:text-rose-300" : "text-emerald-700 dark:text-emerald-300"
            }`}
          >
            {lfHeadline(post.side, post.category)}
          </p>
          <h2 className="mt-0.5 line-clamp-2 text-sm font-medium leading-snug">
            <Link to={`/lost-found/${post.id}`} className="after:absolute after:inset-0 hover:underline">
              {post.title}
            </Link>
          </h2>
          <p className="mt-1 truncate text-xs text-slate-600 dark:text-slate-400">
            {`${post.placeName ?? post.placeText ?? ""} · ${formatIndiaDate(Date.parse(`${post.happenedOn}T12:00:00+05:30`))}`}
          </p>
          {editable && post.status === "open" && (
            <Link
              to={`/lost-found/${post.id}/edit`}
              aria-label={`Edit ${post.title}`}
              className="relative z-10 mt-1 inline-flex min-h-11 items-center self-start text-sm text-indigo-700 underline dark:text-indigo-300"
            >
              Edit
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
