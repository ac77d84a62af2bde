import { useState, type MouseEvent } from "react";
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
import { BuyDialogs, type BuyState } from "#app/components/market/BuyDialogs.tsx";
import { ProductGrid, type BrowseProduct } from "#app/components/market/ProductGrid.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SellerLayout } from "#app/components/SellerSidebar.tsx";
import { VerifyBanner } from "#app/components/VerifyBanner.tsx";
import { mayAct } from "#common/membership.ts";
import { refused } from "#app/lib/action-result.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { buyAction, heartAction } from "#app/lib/market.server.ts";
import { BUY, PAGE_SIZE, paiseToRupees } from "#common/market.ts";
import { rememberRedirect } from "#app/lib/redirect.ts";
import { envOf, getUser, logLoaderFailure, requireUser } from "#app/lib/session.server.ts";
import { ApiError } from "#server/lib/errors.ts";
import { parseWith } from "#server/lib/validate.ts";
import { browse, browsePageQuerySchema } from "#server/services/market/browse.ts";
import type { Route } from "./+types/all-products";
import { answerNetworkFailure } from "#app/lib/network-failure.ts";

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
  try {
    // One more than shown tells whether there is a next page.
    const rows = await browse(envOf(context), user, {
      ...query,
      offset: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE + 1,
    });
    // Cards show the small photo and how many there are: the photos' list stays on the server.
    const products: BrowseProduct[] = rows
      .slice(0, PAGE_SIZE)
      .map(({ whatsappNumber: _none, images, ...product }) => ({ ...product, photoCount: images.length }));
    return { ...shown, products, hasMore: rows.length > PAGE_SIZE, campusName, failed: false };
  } catch (error) {
    logLoaderFailure(context, request, "browse products failed", error);
    return { ...shown, products: [] as BrowseProduct[], hasMore: false, campusName, failed: true };
  }
}

// The same purchase as PATCH /api/product/purchase/:id, at the price the buyer saw.
export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "save" || intent === "unsave") return heartAction(envOf(context), user, intent, form);
  if (intent === "buy") return buyAction(envOf(context), user, form.get("id"), form);
  return refused(intent, new ApiError(400, "Unknown action."));
}

// A buy that never reached Campus shows "Purchase failed: Please try again later." (app/lib/network-failure.ts).
export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return answerNetworkFailure("buy", serverAction);
}

/**
 * A purchase answers what changed (the product is gone, or its new price) and the screen applies it;
 * loading the first page again would drop the pages "Show more products" appended.
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // The heart keeps its own state: nothing else on the page changed.
  const intent = formData?.get("intent");
  if (intent === "buy" || intent === "save" || intent === "unsave") return false;
  return defaultShouldRevalidate;
}

/** The current price a "price has changed" refusal carries, in paise. */
function currentPricePaise(details: Record<string, unknown> | undefined): number | null {
  const value = details?.pricePaise;
  return typeof value === "number" ? value : null;
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
  const [buy, setBuy] = useState<BuyState>(null);
  const buyer = useFetcher<typeof action>();
  const buying = buyer.state !== "idle";
  // "Show more products": the next page only, appended below.
  const pager = useFetcher<typeof loader>();
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
  const [answerSeen, setAnswerSeen] = useState(buyer.data);
  if (buyer.data !== answerSeen) {
    setAnswerSeen(buyer.data);
    const answer = buyer.data;
    const product = buy?.step === "confirm" ? buy.product : null;
    if (answer && product) {
      if (answer.ok && "notification" in answer) {
        setGone((prev) => new Set(prev).add(product.id));
        const { notification, message, terms } = answer as unknown as {
          notification: { sent: boolean; directLink: string | null };
          message: string;
          terms: string;
        };
        // The WhatsApp link is offered only when the seller could not be told in the app.
        setBuy({ step: "bought", link: notification.sent ? null : notification.directLink || null, message, terms });
      } else if (!answer.ok) {
        const current = currentPricePaise(answer.details);
        // The seller changed the price: the card shows the new one, to be bought again knowingly.
        if (current !== null) setRepriced((prev) => new Map(prev).set(product.id, current));
        // Sold to someone else meanwhile, or gone: it is no longer available either way.
        else if (answer.status === 409 || answer.status === 404) setGone((prev) => new Set(prev).add(product.id));
        setBuy({ step: "failed", message: `Purchase failed: ${answer.message || "Please try again later."}` });
      }
    }
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
      rememberRedirect(location.pathname + location.search);
      navigate("/login");
      return;
    }
    setBuy({ step: "confirm", product });
  }

  function confirmBuy(product: BrowseProduct) {
    // A purchase already on its way: a second click is ignored.
    if (buying) return;
    // The price the buyer is looking at: the server sells only at that price.
    void buyer.submit(
      { intent: "buy", id: product.id, price: String(paiseToRupees(product.pricePaise)) },
      { method: "post" },
    );
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

  function showMore(event: MouseEvent) {
    event.preventDefault();
    if (pager.state === "idle") void pager.load(`/all-products?${pageParams(more.page + 1)}`);
  }

  const close = () => setBuy(null);

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
              to={`?${pageParams(more.page + 1)}`}
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

      <BuyDialogs buy={buy} buying={buying} onClose={close} onConfirm={confirmBuy} />
    </SellerLayout>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Browse Products · Campus" },
  { name: "description", content: "Products available from students right now." },
];
