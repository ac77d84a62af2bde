import { useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation, useSubmit } from "react-router";
import { Alert, Spinner } from "../components/Alert";
import { Dialog } from "../components/market/Dialog";
import { MarketIcon } from "../components/market/MarketIcon";
import { ProductImage } from "../components/market/ProductImage";
import { PageIntro } from "../components/PageIntro";
import { SellerLayout } from "../components/SellerSidebar";
import { api, ApiRequestError } from "../lib/api";
import { formatRupees } from "../lib/format";
import { PAGE_SIZE, paiseToRupees, parseSort, PRODUCT_SORTS, type ProductView } from "../lib/market";
import { rememberRedirect } from "../lib/redirect";
import { envOf, getUser, logLoaderFailure } from "../lib/session.server";
import { listAvailable } from "../../worker/services/products";
import type { Route } from "./+types/all-products";

const MAX_PAGES = 20;

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const sort = parseSort(url.searchParams.get("sort"));
  const page = Math.min(MAX_PAGES, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const user = await getUser(context, request);
  try {
    // One more than shown tells whether there is a next page.
    const rows = await listAvailable(envOf(context), { q, sort, limit: page * PAGE_SIZE + 1, viewerId: user?.id ?? null });
    // Sellers' numbers stay on the server until someone buys.
    const products: BrowseProduct[] = rows.slice(0, page * PAGE_SIZE).map(({ whatsappNumber: _hidden, ...product }) => product);
    return { products, hasMore: rows.length > page * PAGE_SIZE, q, sort, page, signedIn: !!user, failed: false };
  } catch (error) {
    logLoaderFailure(context, request, "browse products failed", error);
    return { products: [] as BrowseProduct[], hasMore: false, q, sort, page, signedIn: !!user, failed: true };
  }
}

type BrowseProduct = Omit<ProductView, "whatsappNumber"> & { mine: boolean };

interface PurchaseAnswer {
  msg: string;
  notification?: { sent?: boolean; directLink?: string };
}

type BuyState =
  | { step: "confirm"; product: BrowseProduct }
  | { step: "buying"; product: BrowseProduct }
  | { step: "notified" }
  | { step: "direct"; link: string }
  | { step: "plain" }
  | { step: "failed"; message: string }
  | null;

/** The current price a "price has changed" refusal carries, in paise. */
function currentPricePaise(data: unknown): number | null {
  const value = data && typeof data === "object" ? (data as { pricePaise?: unknown }).pricePaise : undefined;
  return typeof value === "number" && Number.isInteger(value) ? value : null;
}

const NOTIFIED = "Purchase successful! A notification has been sent to the seller.";
const DIRECT = "Purchase successful! Would you like to contact the seller via WhatsApp?";
const PLAIN = "Purchase successful! We couldn't notify the seller automatically. Please contact them directly.";

export default function AllProducts({ loaderData }: Route.ComponentProps) {
  const { products, hasMore, q, sort, page, signedIn, failed } = loaderData;
  const [gone, setGone] = useState<Set<string>>(() => new Set());
  // Prices the server told us changed since the page loaded (a refused purchase answers the new one).
  const [repriced, setRepriced] = useState<Map<string, number>>(() => new Map());
  const [buy, setBuy] = useState<BuyState>(null);
  const navigation = useNavigation();
  const location = useLocation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const visible = products
    .filter((p) => !gone.has(p.id))
    .map((p) => {
      const price = repriced.get(p.id);
      return price === undefined ? p : { ...p, pricePaise: price };
    });

  function startBuying(product: BrowseProduct) {
    if (!signedIn) {
      rememberRedirect(location.pathname + location.search);
      navigate("/login");
      return;
    }
    setBuy({ step: "confirm", product });
  }

  async function confirmBuy(product: BrowseProduct) {
    setBuy({ step: "buying", product });
    try {
      // The price the buyer is looking at: the server sells only at that price.
      const answer = await api<PurchaseAnswer>(`/product/purchase/${product.id}`, { method: "PATCH", body: { price: paiseToRupees(product.pricePaise) } });
      setGone((prev) => new Set(prev).add(product.id));
      if (answer.notification?.sent) setBuy({ step: "notified" });
      else if (answer.notification?.directLink) setBuy({ step: "direct", link: answer.notification.directLink });
      else setBuy({ step: "plain" });
    } catch (error) {
      const current = error instanceof ApiRequestError ? currentPricePaise(error.data) : null;
      // The seller changed the price: the card shows the new one, to be bought again knowingly.
      if (current !== null) setRepriced((prev) => new Map(prev).set(product.id, current));
      // Sold to someone else meanwhile, or gone: it is no longer available either way.
      else if (error instanceof ApiRequestError && (error.status === 409 || error.status === 404)) setGone((prev) => new Set(prev).add(product.id));
      const reason = error instanceof ApiRequestError && error.status !== 0 && error.data ? error.message : "Please try again later.";
      setBuy({ step: "failed", message: `Purchase failed: ${reason}` });
    }
  }

  const close = () => setBuy(null);
  const moreParams = new URLSearchParams({ ...(q && { q }), ...(sort !== "newest" && { sort }), page: String(page + 1) });

  return (
    <SellerLayout>
      <PageIntro title="Browse Products" lead="Products available from students right now." />

      <Form method="get" role="search" className="card mb-6 grid grid-cols-1 gap-3 p-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <div>
          <label htmlFor="q" className="label">
            Search products
          </label>
          <input id="q" name="q" type="search" defaultValue={q} key={q} maxLength={200} placeholder="Title or description, e.g. calculator" className="input min-h-11" />
        </div>
        <div>
          <label htmlFor="sort" className="label">
            Sort by
          </label>
          <select
            id="sort"
            name="sort"
            defaultValue={sort}
            key={sort}
            className="input min-h-11"
            onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true, replace: true })}
          >
            {PRODUCT_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          <MarketIcon name="search" className="h-5 w-5" />
          Search
        </button>
      </Form>

      <div aria-live="polite" className="sr-only">
        {loading ? "Loading products" : failed ? "" : `${visible.length} products shown`}
      </div>

      {failed ? (
        <Alert tone="error">Failed to load products. Please try again later.</Alert>
      ) : visible.length === 0 ? (
        <div className="card p-8 text-center">
          <p className="font-medium">{q ? `No products match “${q}”.` : "No products are available right now."}</p>
          {q ? (
            <Link to="/all-products" className="btn-secondary mt-4">
              Clear the search
            </Link>
          ) : (
            <Link to="/upload" className="btn-secondary mt-4">
              Sell something
            </Link>
          )}
        </div>
      ) : (
        <ul aria-busy={loading} className={`grid grid-cols-1 gap-4 min-[560px]:grid-cols-2 xl:grid-cols-3 ${loading ? "opacity-60" : ""}`}>
          {visible.map((product, i) => (
            // Cards after the first row are laid out and painted only when they come near the screen
            // (their last size is remembered), so the first paint lays out a row, not 24 cards.
            <li key={product.id} className={`card flex flex-col p-3 ${i < 3 ? "" : "[contain-intrinsic-size:auto_26rem] [content-visibility:auto]"}`}>
              <ProductImage src={product.image} alt={product.title} eager={i < 3} />
              <div className="flex flex-1 flex-col px-1 pb-1 pt-3">
                <h2 className="font-semibold leading-snug">{product.title}</h2>
                <p className="mt-1 line-clamp-3 text-sm text-slate-600 dark:text-slate-400">{product.description}</p>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                  Sold by <span className="font-medium text-slate-800 dark:text-slate-200">{product.sellerName}</span>
                </p>
                <div className="mt-auto flex items-center justify-between gap-3 pt-3">
                  <span className="text-lg font-bold text-indigo-700 dark:text-indigo-300">{formatRupees(product.pricePaise)}</span>
                  {product.mine ? (
                    <span className="rounded-lg bg-slate-100 px-3 py-2 text-sm font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">Your product</span>
                  ) : (
                    <button type="button" className="btn-primary" onClick={() => startBuying(product)} aria-label={`Buy ${product.title}`}>
                      Buy
                    </button>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}

      {!failed && hasMore && (
        <div className="mt-6 flex justify-center">
          <Link to={`?${moreParams}`} preventScrollReset replace className="btn-secondary">
            {loading ? <Spinner label="Loading more products" /> : null}
            Show more products
          </Link>
        </div>
      )}

      <Dialog
        open={buy?.step === "confirm" || buy?.step === "buying"}
        title="Buy this product?"
        busy={buy?.step === "buying"}
        onClose={close}
        actions={
          buy && (buy.step === "confirm" || buy.step === "buying") ? (
            <>
              <button type="button" className="btn-secondary" onClick={close} disabled={buy.step === "buying"}>
                Cancel
              </button>
              <button type="button" className="btn-primary" onClick={() => void confirmBuy(buy.product)} disabled={buy.step === "buying"}>
                {buy.step === "buying" ? (
                  <>
                    <Spinner label="Buying" />
                    Buying...
                  </>
                ) : (
                  "Buy now"
                )}
              </button>
            </>
          ) : null
        }
      >
        {buy && (buy.step === "confirm" || buy.step === "buying") && (
          <p>
            {buy.product.title} for <strong>{formatRupees(buy.product.pricePaise)}</strong> from {buy.product.sellerName}. You pay the seller when you meet.
          </p>
        )}
      </Dialog>

      <Dialog
        open={buy?.step === "notified" || buy?.step === "plain" || buy?.step === "failed"}
        title={buy?.step === "failed" ? "Purchase failed" : "Purchase successful"}
        onClose={close}
        actions={
          <button type="button" className="btn-primary" onClick={close}>
            OK
          </button>
        }
      >
        <p>{buy?.step === "notified" ? NOTIFIED : buy?.step === "plain" ? PLAIN : buy?.step === "failed" ? buy.message : ""}</p>
        {buy && buy.step !== "failed" && (
          <p className="mt-2">
            The seller&apos;s WhatsApp link is in{" "}
            <Link to="/purchases" className="font-medium text-indigo-700 underline dark:text-indigo-300">
              My Purchases
            </Link>
            .
          </p>
        )}
      </Dialog>

      <Dialog
        open={buy?.step === "direct"}
        title="Purchase successful"
        onClose={close}
        actions={
          buy?.step === "direct" ? (
            <>
              <button type="button" className="btn-secondary" onClick={close}>
                Not now
              </button>
              <a href={buy.link} target="_blank" rel="noopener noreferrer" className="btn-primary" onClick={close}>
                <MarketIcon name="chat" className="h-5 w-5" />
                Contact on WhatsApp
              </a>
            </>
          ) : null
        }
      >
        <p>{DIRECT}</p>
      </Dialog>
    </SellerLayout>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Browse Products · Campus" }, { name: "description", content: "Products available from students right now." }];
