import { Link } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { ProductImage } from "#app/components/market/ProductImage.tsx";
import { SaveButton } from "#app/components/market/SaveButton.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SellerLayout } from "#app/components/SellerSidebar.tsx";
import { readForm } from "#app/lib/form.server.ts";
import { envOf, logLoaderFailure, requireUser } from "#app/lib/session.server.ts";
import { formatRupees } from "#common/format.ts";
import { categoryLabel, conditionLabel, isExpired, sellerRecord } from "#common/market.ts";
import { heartAction } from "#app/lib/market.server.ts";
import { listSaved } from "#server/services/market/saved.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import type { Route } from "./+types/saved";
import { dispatch } from "#app/lib/actions.server.ts";
import { HEART_INTENTS } from "#app/components/market/market-intents.ts";

// The Saved tab: the listings the student hearted, newest saved first, each in its
// current state. Two D1 queries: the session and the list.
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  try {
    const products = (await listSaved(envOf(context), user)).map(({ whatsappNumber: _hidden, ...product }) => product);
    return { products, failed: false, now: Date.now() };
  } catch (error) {
    logLoaderFailure(context, request, "saved listings failed", error);
    return { products: [], failed: true, now: Date.now() };
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  return dispatch(form, HEART_INTENTS, {
    save: () => heartAction(envOf(context), user, HEART_INTENTS.save, form),
    unsave: () => heartAction(envOf(context), user, HEART_INTENTS.unsave, form),
  });
}

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

export default function Saved({ loaderData }: Route.ComponentProps) {
  const { products, failed, now } = loaderData;
  return (
    <SellerLayout>
      <PageIntro
        title="Saved"
        lead="Listings you saved with the heart. They stay here until you remove them or their seller takes them down."
      />
      {failed ? (
        <Alert tone="error">Failed to load your saved listings. Please try again later.</Alert>
      ) : products.length === 0 ? (
        <div className="card p-8 text-center">
          <p className="font-medium">Nothing saved yet.</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Tap the heart on a listing to keep it here.</p>
          <Link to="/all-products" className="btn-secondary mt-4">
            Browse Products
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 min-[560px]:grid-cols-2 xl:grid-cols-3">
          {products.map((product) => {
            const state =
              product.status === "sold"
                ? product.handedOverAt == null
                  ? "Reserved"
                  : "Sold"
                : isExpired(product, now)
                  ? "Expired"
                  : null;
            return (
              <li key={product.id} className="card flex flex-col p-3">
                <div className="relative">
                  <ProductImage src={product.thumb} alt={product.title} />
                  {state && (
                    <span className="absolute left-2 top-2 rounded-full bg-slate-900 px-2.5 py-1 text-xs font-bold text-white dark:bg-white dark:text-slate-900">
                      {state}
                    </span>
                  )}
                  {!product.mine && (
                    <SaveButton
                      key={product.id}
                      id={product.id}
                      title={product.title}
                      saved
                      className="absolute right-2 top-2"
                    />
                  )}
                </div>
                <div className="flex flex-1 flex-col px-1 pb-1 pt-3">
                  <p className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">{`${categoryLabel(product.category)} · ${conditionLabel(product.condition)}`}</p>
                  <h2 className="font-semibold leading-snug">
                    <Link to={`/product/${product.id}`} className="inline-block min-h-6 hover:underline">
                      {product.title}
                    </Link>
                  </h2>
                  <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                    Sold by <span className="font-medium text-slate-800 dark:text-slate-200">{product.sellerName}</span>
                    {sellerRecord(product.seller) && (
                      <span className="whitespace-nowrap">{` · ${sellerRecord(product.seller)}`}</span>
                    )}
                  </p>
                  <p className="mt-auto pt-3 text-lg font-bold text-indigo-700 dark:text-indigo-300">
                    {formatRupees(product.pricePaise)}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </SellerLayout>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Saved · Campus" },
  { name: "description", content: "Listings you saved on the Campus marketplace." },
];
