import { Link } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { Chip, Choice } from "#app/components/market/BrowseFilters.tsx";
import { PostGrid } from "#app/components/lost-found/PostCard.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { envOf, logLoaderFailure, requireUser } from "#app/lib/session.server.ts";
import { LF_CATEGORIES, LF_CATEGORY_LABELS, LF_SCREEN, type LfCategory, type LfSide } from "#common/lost-found.ts";
import { readBoard } from "#server/services/lost-found/page.ts";
import { lfListQuerySchema } from "#server/services/lost-found/posts.ts";
import type { Route } from "./+types/lost-found";

// Lost & found of the member's college (docs/decisions/0128): a photo grid with Lost / Found tabs
// and category and place chips, each a link, so it all works without JavaScript. Two D1 queries:
// the session, and the posts with the college's places in one batch.
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = lfListQuerySchema.safeParse(params);
  const filters = parsed.success ? parsed.data : {};
  try {
    return { filters, ...(await readBoard(envOf(context), user, filters)), failed: false };
  } catch (error) {
    logLoaderFailure(context, request, "lost & found failed", error);
    return { filters, posts: [], places: [], failed: true };
  }
}

type Filters = { side?: LfSide | undefined; category?: LfCategory | undefined; place?: string | undefined };

function hrefWith(filters: Filters, change: Partial<Record<keyof Filters, string | null>>): string {
  const next = { ...filters, ...change };
  const params = new URLSearchParams();
  for (const key of ["side", "category", "place"] as const) {
    const value = next[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "/lost-found";
}

export default function LostFound({ loaderData }: Route.ComponentProps) {
  const { filters, posts, places, failed } = loaderData;
  const tabs: { side: LfSide | null; label: string }[] = [
    { side: null, label: "All" },
    { side: "lost", label: "Lost" },
    { side: "found", label: "Found" },
  ];
  const placeName = places.find((p) => p.id === filters.place)?.name ?? null;
  return (
    <div>
      <PageIntro title={LF_SCREEN.title} lead={LF_SCREEN.lead} />
      <div className="mb-4 flex flex-wrap gap-2">
        <Link to="/lost-found/new" className="btn-primary">
          Post lost or found
        </Link>
        <Link to="/lost-found/mine" className="btn-secondary">
          My posts
        </Link>
      </div>
      <nav aria-label="Lost or found" className="mb-3 flex gap-1 border-b border-slate-200 dark:border-slate-800">
        {tabs.map((tab) => {
          const current = (filters.side ?? null) === tab.side;
          return (
            <Link
              key={tab.label}
              to={hrefWith(filters, { side: tab.side })}
              aria-current={current ? "page" : undefined}
              className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-semibold ${
                current
                  ? "border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300"
                  : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
              }`}
            >
              {tab.label}
            </Link>
          );
        })}
      </nav>
      <nav aria-label="Filters" className="relative mb-4 flex flex-wrap items-center gap-2">
        <Chip label="Category" chosen={filters.category ? LF_CATEGORY_LABELS[filters.category] : null}>
          <Choice href={hrefWith(filters, { category: null })} current={!filters.category} label="All categories" />
          {LF_CATEGORIES.map((c) => (
            <Choice
              key={c}
              href={hrefWith(filters, { category: c })}
              current={filters.category === c}
              label={LF_CATEGORY_LABELS[c]}
            />
          ))}
        </Chip>
        {places.length > 0 && (
          <Chip label="Place" chosen={placeName}>
            <Choice href={hrefWith(filters, { place: null })} current={!filters.place} label="Anywhere" />
            {places.map((p) => (
              <Choice
                key={p.id}
                href={hrefWith(filters, { place: p.id })}
                current={filters.place === p.id}
                label={p.name}
              />
            ))}
          </Chip>
        )}
      </nav>
      {failed ? (
        <Alert tone="error">Failed to load lost & found. Please try again later.</Alert>
      ) : posts.length === 0 ? (
        <p className="card p-6 text-center text-slate-600 dark:text-slate-400">{LF_SCREEN.empty}</p>
      ) : (
        <PostGrid posts={posts} />
      )}
    </div>
  );
}

// No noindex: the grid is members-only, so a crawler is sent to sign in and never sees a post; the
// page reads as /events and /all-products do.
export const meta: Route.MetaFunction = () => [
  { title: "Lost & found · Campus" },
  { name: "description", content: "Things lost and found on your college, matched with each other." },
];
