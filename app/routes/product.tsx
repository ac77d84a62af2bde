import { useState, type KeyboardEvent, type MouseEvent } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { Alert, Spinner } from "#app/components/Alert.tsx";
import { useConfirmSubmit } from "#app/components/dialogs.tsx";
import { ChatIcon } from "#app/components/icons/chat.tsx";
import { WhatsappIcon } from "#app/components/icons/whatsapp.tsx";
import { ListingConversations, MessageSeller } from "#app/components/messages/MessageSeller.tsx";
import { HiddenMark } from "#app/components/moderation/HiddenMark.tsx";
import { ReportControl } from "#app/components/moderation/ReportControl.tsx";
import { SaveButton } from "#app/components/market/SaveButton.tsx";
import { SellerLayout } from "#app/components/SellerSidebar.tsx";
import { VerifiedBadge } from "#app/components/VerifiedBadge.tsx";
import { VerifyBanner } from "#app/components/verify-banner.ts";
import { refused, succeeded } from "#app/lib/action-result.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { buyAction, heartAction } from "#app/lib/market.server.ts";
import { answerNetworkFailure } from "#app/lib/network-failure.ts";
import { signInHref } from "#app/lib/redirect.ts";
import { envOf, getUser, requireUser } from "#app/lib/session.server.ts";
import { formatIndiaDate, formatRupees } from "#common/format.ts";
import {
  BUY,
  categoryLabel,
  conditionLabel,
  isExpired,
  paiseToRupees,
  sellerRecord,
  whatsappLink,
} from "#common/market.ts";
import { MEET_BY_MESSAGE, renewedUntil } from "#common/market-messages.ts";
import { mayAct } from "#common/membership.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { conversationsOnListing } from "#server/services/messages/read.ts";
import { messageSchema } from "#server/services/messages/send.ts";
import { messageSeller } from "#server/services/messages/start.ts";
import { reportAction } from "#app/lib/report.server.ts";
import { getProduct } from "#server/services/market/browse.ts";
import { productIdSchema } from "#server/services/market/product-view.ts";
import { renewProduct } from "#server/services/market/expiry.ts";
import { lazyReady } from "#app/lib/lazy-ready.ts";
import type { Route } from "./+types/product";
import { LazyShare } from "#app/components/share/LazyShare.tsx";
import { listingElsewhereMeta, listingMeta } from "#app/lib/share-meta.ts";
import { SHARE_WORDS } from "#common/share.ts";
import { dispatch } from "#app/lib/actions.server.ts";
import { mergeIntents } from "#app/lib/intents.ts";
import {
  BUY_INTENTS,
  HEART_INTENTS,
  MESSAGE_SELLER_INTENTS,
  RENEW_INTENTS,
} from "#app/components/market/market-intents.ts";
import { REPORT_INTENTS } from "#app/components/moderation/report-intents.ts";

// The seller's own controls on their listing (renew, edit, mark sold) are a file of their own: only
// the seller sees them.
const OwnListingPanel = lazyReady(() =>
  import("#app/components/market/OwnListingPanel.tsx").then((m) => m.OwnListingPanel),
).Component;

// A listing's own page: every photo large, the details, the seller's card, Buy and the
// conversations about it. Three D1 queries: the session, then the product with its seller's record
// beside the member's conversations about it. The same use-case as
// GET /api/product/:id: sold, reserved and expired listings are shown with their state; another
// campus's is a 404 that says whose it is (nothing of it); a hidden one (not yours) or none at all
// is a 404.
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = await getUser(context);
  const env = envOf(context);
  const validId = productIdSchema.safeParse(params.id).success;
  const [found, conversations] = await Promise.all([
    getProduct(env, user, params.id).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
      throw error;
    }),
    user && validId ? conversationsOnListing(env, params.id, user.id) : Promise.resolve([]),
  ]);
  // A link shared across colleges: say whose marketplace it is on, show nothing of the listing.
  // The preview a chat app draws of a shared link (docs/decisions/0131-sharing-without-leaking.md),
  // made here so the page's script carries none of it; a member of another college's says only whose.
  const url = `${new URL(request.url).origin}/product/${params.id}`;
  if (found.kind === "elsewhere")
    return data({ elsewhere: found.market, head: listingElsewhereMeta(found.market, url) }, { status: 404 });
  // The seller's number as the use-case answered it (sellerContact): the seller's, a buyer's who may see it.
  const { whatsappNumber: contact, ...product } = found.product;
  const requested = Number.parseInt(new URL(request.url).searchParams.get("photo") ?? "1", 10);
  const photo = requested >= 1 && requested <= product.images.length ? requested - 1 : 0;
  const cover = product.images[0]?.url;
  return data(
    {
      product,
      share: { url, words: SHARE_WORDS },
      head: listingMeta(
        product.title,
        `${formatRupees(product.pricePaise)} · ${product.description.slice(0, 150)}`,
        url,
        cover ? new URL(cover, url).href : null,
      ),
      contact,
      photo,
      signedIn: !!user,
      conversations,
      verifyEmail: user && !mayAct(user) ? user.email : null,
      now: Date.now(),
    },
    { headers: photoPreload(product.images[photo]) },
  );
}

/**
 * The photo shown first is the page's largest paint. Named in the answer's headers, the browser
 * asks for it as soon as they arrive, before the first byte of the page (and its inline stylesheet)
 * is read, so it is there for the first paint. Each of its two sources for the screens it is shown
 * on (the <picture> below); `headers` passes the header on.
 */
function photoPreload(image: { url: string; thumbUrl: string } | undefined): Record<string, string> {
  if (!image) return {};
  const link = (href: string, media: string | null) =>
    `<${href}>; rel=preload; as=image; fetchpriority=high${media ? `; media="${media}"` : ""}`;
  const both = image.url !== image.thumbUrl;
  return {
    Link: both
      ? `${link(image.thumbUrl, "(max-width: 1023.98px)")}, ${link(image.url, "(min-width: 1024px)")}`
      : link(image.thumbUrl, null),
  };
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const link = loaderHeaders.get("Link");
  return link ? { Link: link } : new Headers();
}

// The product page's forms: its own Buy, and the components' heart, report, message and renew.
const INTENTS = mergeIntents(BUY_INTENTS, HEART_INTENTS, REPORT_INTENTS, MESSAGE_SELLER_INTENTS, RENEW_INTENTS);

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  const env = envOf(context);
  return dispatch(form, INTENTS, {
    report: () => reportAction(env, user, form),
    save: () => heartAction(env, user, HEART_INTENTS.save, form),
    unsave: () => heartAction(env, user, HEART_INTENTS.unsave, form),
    buy: () => buyAction(env, user, params.id, form),
    message: async (intent) => {
      try {
        const started = await messageSeller(
          env,
          user,
          parseWith(productIdSchema, params.id),
          parseWith(messageSchema, formInput(form)),
        );
        return redirect(`/messages/${started.conversationId}`);
      } catch (error) {
        if (error instanceof ApiError) return refused(intent, error);
        throw error;
      }
    },
    renew: async (intent) => {
      try {
        const product = await renewProduct(env, user, parseWith(productIdSchema, params.id));
        return succeeded(intent, renewedUntil(product.expiresAt));
      } catch (error) {
        if (error instanceof ApiError) return refused(intent, error);
        throw error;
      }
    },
  });
}

// A buy that never reached Campus shows "Purchase failed: Please try again later." and keeps the page.
export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return answerNetworkFailure("buy", serverAction);
}

type Listing = Exclude<Route.ComponentProps["loaderData"], { elsewhere: string }>;

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  if ("elsewhere" in loaderData) return <AtAnotherCollege market={loaderData.elsewhere} />;
  return <ProductPage loaderData={loaderData} />;
}

function AtAnotherCollege({ market }: { market: string }) {
  return (
    <SellerLayout>
      <div className="card mx-auto flex max-w-xl flex-col items-center gap-4 p-6 text-center sm:p-8">
        <h1 className="text-2xl font-bold sm:text-3xl">This listing is at another college</h1>
        <p className="text-slate-600 dark:text-slate-400">
          It belongs to the marketplace of {market}: only students of that college can see it and buy it.
        </p>
        <Link to="/all-products" className="btn-primary">
          Browse your college&apos;s products
        </Link>
      </div>
    </SellerLayout>
  );
}

function ProductPage({ loaderData }: { loaderData: Listing }) {
  const { product, contact, signedIn, verifyEmail, now, conversations } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" && navigation.formMethod === "POST"
      ? String(navigation.formData?.get("intent") ?? "")
      : null;
  const buy = useConfirmSubmit({
    title: "Buy this product?",
    question: `${product.title} for ${formatRupees(product.pricePaise)} from ${product.sellerName}. You pay the seller when you meet.`,
    confirmLabel: "Buy now",
  });
  const expired = isExpired(product, now);
  const reserved = product.status === "sold" && product.handedOverAt == null;
  const record = sellerRecord(product.seller);

  return (
    <SellerLayout>
      <p className="mb-4">
        <Link
          to="/all-products"
          className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
        >
          ← Browse Products
        </Link>
      </p>
      <div aria-live="polite" className="mb-4 empty:hidden">
        {result?.ok && (result.intent === INTENTS.buy || result.intent === INTENTS.renew) && (
          <Alert tone="success">
            {result.message}
            {result.intent === INTENTS.buy && "terms" in result && (
              <>
                {" "}
                {result.terms} {MEET_BY_MESSAGE}
              </>
            )}
          </Alert>
        )}
        {result && !result.ok && (result.intent === INTENTS.buy || result.intent === INTENTS.renew) && (
          <Alert tone="error">{`${result.intent === INTENTS.buy ? "Purchase failed" : "Renewal failed"}: ${result.message}`}</Alert>
        )}
      </div>
      <article className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Gallery key={product.id} title={product.title} images={product.images} initial={loaderData.photo} />
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">{`${categoryLabel(product.category)} · ${conditionLabel(product.condition)}`}</p>
          <div className="mt-1 flex items-start justify-between gap-3">
            {/* The title gives way (a long word breaks) to the buttons beside it on a phone. */}
            <h1 className="min-w-0 flex-1 text-2xl font-bold leading-tight break-words">{product.title}</h1>
            <div className="flex shrink-0 items-start gap-2">
              {/* The share button is drawn once the page runs: its place is kept, so nothing moves then. */}
              <span className="inline-flex min-h-11 w-[5.5rem] justify-end">
                <LazyShare url={loaderData.share.url} title={product.title} words={loaderData.share.words} />
              </span>
              {signedIn && !product.mine && (
                <SaveButton id={product.id} title={product.title} saved={product.saved === true} className="shrink-0" />
              )}
            </div>
          </div>
          <p className="mt-2 text-2xl font-bold text-indigo-700 dark:text-indigo-300">
            {formatRupees(product.pricePaise)}
          </p>
          <HiddenMark reason={product.hiddenReason} />

          <div className="mt-4">
            {product.mine ? (
              <OwnListingPanel product={product} now={now} renewing={pending === "renew"} />
            ) : product.status === "sold" ? (
              <p className="rounded-lg bg-amber-100 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
                {product.bought ? (
                  <>
                    {reserved ? <strong>Reserved for you: meet the seller.</strong> : <strong>You bought this.</strong>}{" "}
                    <Link to="/purchases" className="font-medium underline">
                      My Purchases
                    </Link>{" "}
                    has the steps.
                  </>
                ) : (
                  <strong>{reserved ? "Reserved by another student." : "Sold."}</strong>
                )}
              </p>
            ) : expired ? (
              <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800">
                This listing has expired: its seller has not renewed it.
              </p>
            ) : verifyEmail ? (
              <VerifyBanner what={BUY} email={verifyEmail} />
            ) : signedIn ? (
              <Form method="post">
                <input type="hidden" name="price" value={String(paiseToRupees(product.pricePaise))} />
                <button
                  type="submit"
                  name="intent"
                  value={INTENTS.buy}
                  className="btn-primary w-full sm:w-auto"
                  onClick={buy.onClick}
                  disabled={pending === "buy"}
                >
                  {pending === "buy" ? (
                    <>
                      <Spinner label="Buying" />
                      Buying...
                    </>
                  ) : (
                    "Buy"
                  )}
                </button>
                {buy.dialog}
              </Form>
            ) : (
              <Link to={signInHref(`/product/${product.id}`)} className="btn-primary">
                Sign in to buy
              </Link>
            )}
            {contact && !product.mine && (
              <a href={whatsappLink(contact)} target="_blank" rel="noopener noreferrer" className="btn-secondary mt-3">
                <WhatsappIcon className="h-5 w-5" />
                Contact on WhatsApp
              </a>
            )}
          </div>

          {product.mine ? (
            <ListingConversations conversations={conversations} />
          ) : !signedIn ? (
            <Link to={signInHref(`/product/${product.id}`)} className="btn-secondary mt-3 w-full sm:w-auto">
              <ChatIcon className="h-5 w-5" />
              Sign in to message the seller
            </Link>
          ) : !verifyEmail &&
            (conversations.length > 0 || product.bought || (product.status === "available" && !expired)) ? (
            // The buyer who reserved it (or bought it) may start the conversation whatever the listing's state.
            <MessageSeller
              conversation={conversations[0] ?? null}
              sellerName={product.sellerName}
              reserved={product.bought}
              result={result && "intent" in result ? result : undefined}
            />
          ) : null}

          <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
            Description
          </h2>
          <p className="mt-1 whitespace-pre-line break-words">{product.description}</p>

          <section aria-labelledby="seller-heading" className="card mt-6 p-4">
            <h2
              id="seller-heading"
              className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400"
            >
              Seller
            </h2>
            <p className="mt-1 font-semibold">
              <Link to={`/seller/${product.sellerId}`} className="text-indigo-700 underline dark:text-indigo-300">
                {product.sellerName}
              </Link>
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-400">{record ?? "No completed sales yet."}</p>
            {product.verifiedBadge && (
              <p className="mt-2">
                <VerifiedBadge text={product.verifiedBadge} />
              </p>
            )}
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{`Listed on ${formatIndiaDate(product.createdAt)}`}</p>
          </section>
          {signedIn && !product.mine && <ReportControl kind="listing" id={product.id} title={product.title} />}
        </div>
      </article>
    </SellerLayout>
  );
}

/**
 * The photos, one large at a time, with a button per photo (and the arrow keys on them) to change it.
 * Without JavaScript each button is a link to ?photo=N, which the loader shows.
 */
function Gallery({ title, images, initial }: { title: string; images: Listing["product"]["images"]; initial: number }) {
  const [current, setCurrent] = useState(initial);
  const shown = images[current] ?? images[0]!;
  const many = images.length > 1;
  function choose(event: MouseEvent, index: number) {
    event.preventDefault();
    setCurrent(index);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    event.preventDefault();
    const next = (current + (event.key === "ArrowRight" ? 1 : images.length - 1)) % images.length;
    setCurrent(next);
    (event.currentTarget.parentElement?.children[next]?.firstElementChild as HTMLElement | null)?.focus();
  }

  return (
    <section aria-label="Photos" className="min-w-0">
      {/* A wide screen gets the large photo. A phone gets the small version (a few KB instead of a few
          hundred: on slow campus Wi-Fi the page is usable at once) and opens the large one on a tap,
          in the browser's own viewer with pinch zoom. */}
      <a
        href={shown.url}
        target="_blank"
        rel="noopener"
        className="block overflow-hidden rounded-2xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <picture key={current}>
          <source media="(min-width: 1024px)" srcSet={shown.url} />
          <img
            src={shown.thumbUrl}
            alt={many ? `${title}, photo ${current + 1} of ${images.length}` : title}
            width={shown.width ?? 800}
            height={shown.height ?? 600}
            fetchPriority="high"
            className="aspect-[4/3] h-auto w-full bg-slate-100 object-contain dark:bg-slate-800"
          />
        </picture>
        <span className="sr-only"> (opens the full-size photo)</span>
      </a>
      {shown.url !== shown.thumbUrl && (
        <p className="mt-2 text-right text-sm lg:hidden">
          <a
            href={shown.url}
            target="_blank"
            rel="noopener"
            className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
          >
            Full-size photo
          </a>
        </p>
      )}
      {many && (
        <ul className="mt-3 grid grid-cols-4 gap-2">
          {images.map((image, i) => (
            <li key={image.url} onKeyDown={onKeyDown}>
              <a
                href={`?photo=${i + 1}`}
                onClick={(event) => choose(event, i)}
                aria-label={`Show photo ${i + 1} of ${images.length}`}
                aria-current={i === current ? "true" : undefined}
                className={`block aspect-[4/3] overflow-hidden rounded-xl ring-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:ring-offset-slate-900 ${i === current ? "ring-2 ring-indigo-600 dark:ring-indigo-400" : "opacity-80 hover:opacity-100"}`}
              >
                <img
                  src={image.thumbUrl}
                  alt=""
                  width={400}
                  height={300}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData: loaded }) =>
  loaded?.head ?? [{ title: "Product not found · Campus" }];
