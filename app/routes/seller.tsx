import { data } from "react-router";
import { ProductGrid, readyHearts } from "#app/components/market/ProductGrid.tsx";
import { StarIcon } from "#app/components/icons/star.tsx";
import { VerifiedBadge } from "#app/components/VerifiedBadge.tsx";
import { readForm } from "#app/lib/form.server.ts";
import { heartAction } from "#app/lib/market.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { formatIndiaDate } from "#common/format.ts";
import { ApiError } from "#server/lib/errors.ts";
import { parseWith } from "#server/lib/validate.ts";
import { sellerIdSchema, sellerPage } from "#server/services/market/seller-page.ts";
import type { Route } from "./+types/seller";
import { dispatch } from "#app/lib/actions.server.ts";
import { HEART_INTENTS } from "#app/components/market/market-intents.ts";

// A seller's page (docs/decisions/0115): the same read as GET /api/seller/:id. A member of the
// seller's campus sees it; another campus's seller, a deleted account or an unknown id is a 404.
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = await requireUser(context);
  try {
    const [page] = await Promise.all([
      sellerPage(envOf(context), user, parseWith(sellerIdSchema, params.id)),
      // The hearts are in the server's HTML (app/lib/lazy-ready.ts).
      readyHearts(),
    ]);
    return page;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
}

// A heart posted without JavaScript (with it, the grid sends it to the API).
export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  return dispatch(form, HEART_INTENTS, {
    save: () => heartAction(envOf(context), user, HEART_INTENTS.save, form),
    unsave: () => heartAction(envOf(context), user, HEART_INTENTS.unsave, form),
  });
}

export default function Seller({ loaderData }: Route.ComponentProps) {
  const { seller, products, ratings } = loaderData;
  const cards = products.map(({ images: _photos, ...product }) => product);
  return (
    <div className="py-4">
      <header className="py-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{seller.name}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          <VerifiedBadge text={seller.verifiedBadge} />
          <span>{`${seller.sales} completed ${seller.sales === 1 ? "sale" : "sales"}`}</span>
          <span className="inline-flex items-center gap-1">
            {seller.rating === null ? (
              "No ratings yet"
            ) : (
              <>
                <StarIcon className="h-4 w-4 text-amber-500" />
                {`${seller.rating.toFixed(1)} from ${seller.ratings} ${seller.ratings === 1 ? "rating" : "ratings"}`}
              </>
            )}
          </span>
        </div>
      </header>

      <section aria-labelledby="on-sale" className="mt-4">
        <h2 id="on-sale" className="mb-3 text-lg font-semibold">
          On sale now
        </h2>
        {cards.length === 0 ? (
          <p className="card p-6 text-sm text-slate-600 dark:text-slate-400">Nothing on sale right now.</p>
        ) : (
          <ProductGrid products={cards} signedIn />
        )}
      </section>

      <section aria-labelledby="ratings" className="mt-8">
        <h2 id="ratings" className="mb-3 text-lg font-semibold">
          What buyers said
        </h2>
        {ratings.length === 0 ? (
          <p className="card p-6 text-sm text-slate-600 dark:text-slate-400">No buyer has rated this seller yet.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {ratings.map((rating, i) => (
              <li key={i} className="card p-4">
                <p className="flex items-center gap-2">
                  <span aria-hidden="true" className="tracking-tight text-amber-500">
                    {"★".repeat(rating.stars)}
                    <span className="text-slate-300 dark:text-slate-700">{"★".repeat(5 - rating.stars)}</span>
                  </span>
                  <span className="sr-only">{`${rating.stars} of 5 stars`}</span>
                  <span className="text-xs text-slate-600 dark:text-slate-400">
                    {formatIndiaDate(rating.createdAt)}
                  </span>
                </p>
                {rating.note && <p className="mt-2 text-sm">{rating.note}</p>}
                <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{`For ${rating.productTitle}`}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.seller.name} · Seller · Campus` : "Seller · Campus" },
  { name: "robots", content: "noindex" },
];
