import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from "react";
import {
  Link,
  useFetcher,
  useLocation,
  useNavigate,
  useNavigation,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { Alert, Spinner } from "#app/components/Alert.tsx";
import { BrowseFilters } from "#app/components/market/BrowseFilters.tsx";
import type { BuyRequest } from "#app/components/market/BuyDialogs.tsx";
import { browseCard, ProductGrid, readyHearts, type BrowseProduct } from "#app/components/market/ProductGrid.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SellerLayout } from "#app/components/SellerSidebar.tsx";
import { mayAct } from "#common/membership.ts";
import { readForm } from "#app/lib/form.server.ts";
import { buyAction, heartAction } from "#app/lib/market.server.ts";
import { BUY, PAGE_SIZE } from "#common/market.ts";
import { VerifyBanner, verifyBanner } from "#app/components/verify-banner.ts";
import { envOf, getUser, logLoaderFailure, requireUser } from "#app/lib/session.server.ts";
import { parseWith } from "#server/lib/validate.ts";
import { browse, browsePageQuerySchema } from "#server/services/market/browse.ts";
import type { Route } from "./+types/all-products";
import { dispatch } from "#app/lib/actions.server.ts";
import { mergeIntents } from "#app/lib/intents.ts";
import { BUY_INTENTS, HEART_INTENTS } from "#app/components/market/market-intents.ts";

// Browse's first load carries only what the first screen needs (budget: docs/decisions/0111): the
// purchase dialogs load when a student first taps Buy, the verify banner only for the unverified
// account that sees it (server-rendered either way, so its form works before the script arrives).
// The buy's network-failure answer comes with it: a buy is only confirmed in a dialog that loaded.
const loadBuyFlow = () => {
  void import("#app/lib/network-failure.ts");
  return import("#app/components/market/BuyDialogs.tsx");
};
const BuyFlow = lazy(() => loadBuyFlow().then((m) => ({ default: m.BuyFlow })));

// One page of products: ?page=2 is the second PAGE_SIZE, not the first two (the screen appends it
// to what it shows; without JavaScript the "Show more products" link opens it as its own page).
// The same use-case as GET /api/product/available, the address read with the same filters; a value
// the API would refuse means "all" here (browsePageQuerySchema). Never a seller's number.
export async function loader({ context, request }: Route.LoaderArgs) {
  // A parameter given twice counts once, by its first value, as the API reads it.
  const address = Object.fromEntries([...new URL(request.url).searchParams].reverse());
  const { page, ...query } = parseWith(browsePageQuerySchema, address);
  const q = query.q ?? "";
  const sort = query.sort ?? "newest";
  const category = query.category ?? null;
  const condition = query.condition ?? null;
  const user = await getUser(context);
  // An unverified college account browses, but sees the verify banner instead of Buy.
  const verifyEmail = user && !mayAct(user) ? user.email : null;
  // The links keep a visitor's college; a member's ?campus= is ignored (readerCampus), so theirs drop it.
  const campus = user ? null : (query.campus ?? null);
  const shown = { q, sort, category, condition, page, signedIn: !!user, verifyEmail, campus };
  const campusName = user && !user.openCommunity ? user.campusName : null;
  // In the server's HTML (lazyReady): the banner for the unverified, the hearts for members.
  if (verifyEmail) await verifyBanner.ready();
  if (user) await readyHearts();
  try {
    // One more than shown tells whether there is a next page.
    const rows = await browse(envOf(context), user, {
      ...query,
      offset: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE + 1,
    });
    // Cards show the cover's small photo, the price, the title and a line of condition and seller:
    // the rest (the photos' list, the description, the seller's number) stays on the server.
    const products = rows.slice(0, PAGE_SIZE).map(browseCard);
    return { ...shown, products, hasMore: rows.length > PAGE_SIZE, campusName, failed: false };
  } catch (error) {
    logLoaderFailure(context, request, "browse products failed", error);
    return { ...shown, products: [] as BrowseProduct[], hasMore: false, campusName, failed: true };
  }
}

/** The parameter that marks the next-page read of "Show more products" (the pager), not a visit. */
const MORE = "more";

/**
 * The next page that never reached Campus (the campus Wi-Fi dropped it) is a failed page, shown under
 * the list with the link to try again, not the error page in place of the list it was added to.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (!new URL(request.url).searchParams.has(MORE)) return serverLoader();
  try {
    return await serverLoader();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    console.warn("Could not load the next products:", error.message);
    // Only the pager reads this answer, and only `failed` of it; the page's own data stays.
    const failedPage: Awaited<ReturnType<typeof loader>> = {
      q: "",
      sort: "newest",
      category: null,
      condition: null,
      page: 0,
      signedIn: false,
      verifyEmail: null,
      campus: null,
      campusName: null,
      products: [],
      hasMore: false,
      failed: true,
    };
    return failedPage;
  }
}

// Browse's forms: the hearts and the Buy dialogs.
const INTENTS = mergeIntents(HEART_INTENTS, BUY_INTENTS);

// The same purchase as PATCH /api/product/purchase/:id, at the price the buyer saw.
export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  return dispatch(form, INTENTS, {
    save: () => heartAction(envOf(context), user, HEART_INTENTS.save, form),
    unsave: () => heartAction(envOf(context), user, HEART_INTENTS.unsave, form),
    buy: () => buyAction(envOf(context), user, form.get("id"), form),
  });
}

// A buy that never reached Campus shows "Purchase failed: Please try again later." (app/lib/network-failure.ts).
// Imported here, not at the top: it is already loaded with the Buy dialogs (loadBuyFlow).
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  const { answerNetworkFailure } = await import("#app/lib/network-failure.ts");
  return answerNetworkFailure("buy", serverAction);
}

/**
 * A purchase answers what changed (the product is gone, or its new price) and the screen applies it
 * (BuyFlow); loading the first page again would drop the pages "Show more products" appended.
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // The heart keeps its own state: nothing else on the page changed.
  const intent = formData?.get("intent");
  if (intent === INTENTS.buy || intent === INTENTS.save || intent === INTENTS.unsave) return false;
  return defaultShouldRevalidate;
}

export default function AllProducts({ loaderData }: Route.ComponentProps) {
  // A new address (search, filters, sort, page) starts a fresh list (no appended pages, nothing marked gone).
  return <Browse key={useLocation().search} {...loaderData} />;
}

function Browse(data: Route.ComponentProps["loaderData"]) {
  const { products, hasMore, q, sort, category, condition, page, signedIn, campusName, verifyEmail, campus, failed } =
    data;
  const [gone, setGone] = useState<Set<string>>(() => new Set());
  // Prices the server told us changed since the page loaded (a refused purchase answers the new one).
  const [repriced, setRepriced] = useState<Map<string, number>>(() => new Map());
  // The last Buy tapped; from the first one on the purchase flow stays mounted, so a closing
  // dialog still returns focus to its button.
  const [buyRequest, setBuyRequest] = useState<BuyRequest>(null);
  // "Show more products": the next page only, appended below.
  const pager = useFetcher<typeof clientLoader>();
  const [more, setMore] = useState<{ products: BrowseProduct[]; page: number; hasMore: boolean; failed: boolean }>({
    products: [],
    page,
    hasMore,
    failed: false,
  });
  const navigation = useNavigation();
  const location = useLocation();
  const navigate = useNavigate();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  // Each answer is applied once, when it arrives.
  const [pageSeen, setPageSeen] = useState(pager.data);
  if (pager.data !== pageSeen) {
    setPageSeen(pager.data);
    const next = pager.data;
    if (next)
      setMore((prev) =>
        next.failed
          ? { ...prev, failed: true }
          : { products: [...prev.products, ...next.products], page: next.page, hasMore: next.hasMore, failed: false },
      );
  }
  const seen = new Set<string>();
  const visible = [...products, ...more.products]
    // A product listed meanwhile shifts the pages: one that comes again is shown once.
    .filter((p) => !gone.has(p.id) && !seen.has(p.id) && seen.add(p.id))
    .map((p) => {
      const price = repriced.get(p.id);
      return price === undefined ? p : { ...p, pricePaise: price };
    });

  function startBuying(product: BrowseProduct) {
    if (!signedIn) {
      const here = location.pathname + location.search;
      void import("#app/lib/redirect.ts").then(({ rememberRedirect }) => {
        rememberRedirect(here);
        void navigate("/login");
      });
      return;
    }
    void loadBuyFlow();
    setBuyRequest({ product });
  }

  const pageParams = (n: number) =>
    new URLSearchParams({
      ...(campus && { campus }),
      ...(q && { q }),
      ...(category && { category }),
      ...(condition && { condition }),
      ...(sort !== "newest" && { sort }),
      ...(n > 1 && { page: String(n) }),
    });

  const nextParams = pageParams(more.page + 1);
  const nextPage = `/all-products?${nextParams}&${MORE}`;
  function showMore(event: MouseEvent) {
    event.preventDefault();
    if (pager.state === "idle") void pager.load(nextPage);
  }

  // The next page loads by itself when "Show more products" comes within a screen of view, so a
  // student scrolling the list never waits at its end (docs/decisions/0141-browse-pages-of-twelve.md).
  // After a failure it waits for a tap: the link is the Try again.
  const moreLink = useRef<HTMLAnchorElement>(null);
  const autoLoad = more.hasMore && !more.failed && pager.state === "idle" && !loading;
  const { load } = pager;
  useEffect(() => {
    const link = moreLink.current;
    if (!autoLoad || !link || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void load(nextPage);
      },
      { rootMargin: "0px 0px 100% 0px" },
    );
    observer.observe(link);
    return () => observer.disconnect();
  }, [autoLoad, load, nextPage]);

  return (
    <SellerLayout>
      <PageIntro
        title="Browse Products"
        lead={
          campusName
            ? `Products available from students of ${campusName} right now.`
            : "Products available from students right now."
        }
      />

      <BrowseFilters {...data} />

      {verifyEmail && (
        <div className="mb-6">
          <VerifyBanner what={BUY} email={verifyEmail} />
        </div>
      )}

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
        <ProductGrid
          products={visible}
          loading={loading}
          signedIn={signedIn}
          onBuy={verifyEmail ? null : startBuying}
        />
      )}

      {more.failed && (
        <div className="mt-6">
          <Alert tone="error">Failed to load products. Please try again later.</Alert>
        </div>
      )}
      {!failed && (more.hasMore || page > 1) && (
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {page > 1 && (
            <Link to={`?${pageParams(1)}`} className="btn-secondary">
              Back to the first products
            </Link>
          )}
          {more.hasMore && (
            // Without JavaScript the link opens the next page; with it, the next page is appended here.
            <Link
              ref={moreLink}
              to={`?${nextParams}`}
              onClick={showMore}
              aria-busy={pager.state !== "idle"}
              className="btn-secondary"
            >
              {pager.state !== "idle" ? <Spinner label="Loading more products" /> : null}
              Show more products
            </Link>
          )}
        </div>
      )}

      {buyRequest && (
        <Suspense fallback={null}>
          <BuyFlow
            request={buyRequest}
            onGone={(id) => setGone((prev) => new Set(prev).add(id))}
            onRepriced={(id, price) => setRepriced((prev) => new Map(prev).set(id, price))}
          />
        </Suspense>
      )}
    </SellerLayout>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Browse Products · Campus" },
  { name: "description", content: "Products available from students right now." },
];
