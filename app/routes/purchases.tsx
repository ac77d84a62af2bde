import { Link } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { ChatIcon } from "#app/components/icons/chat.tsx";
import { WhatsappIcon } from "#app/components/icons/whatsapp.tsx";
import { ProductImage } from "#app/components/market/ProductImage.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SellerLayout } from "#app/components/SellerSidebar.tsx";
import { formatIndiaDateTime, formatRupees } from "#common/format.ts";
import { whatsappLink } from "#common/market.ts";
import { DELETED_STUDENT } from "#common/account-messages.ts";
import { envOf, logLoaderFailure, requireUser } from "#app/lib/session.server.ts";
import { listPurchasedWithConversations } from "#server/services/market/browse.ts";
import { TradePanel } from "#app/components/market/Trade.tsx";
import { attempt } from "#app/lib/action-result.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { rateAction } from "#app/lib/market.server.ts";
import { messageSellerLabel, PURCHASES_LEAD, RESERVATION_CANCELLED } from "#common/market-messages.ts";
import { parseWith } from "#server/lib/validate.ts";
import { productIdSchema } from "#server/services/market/product-view.ts";
import { cancelReservation } from "#server/services/market/reservations.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import type { Route } from "./+types/purchases";
import { dispatch } from "#app/lib/actions.server.ts";
import { mergeIntents } from "#app/lib/intents.ts";
import { BUYER_TRADE_INTENTS, RATE_INTENTS } from "#app/components/market/market-intents.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  try {
    // The seller's number only for a buyer who may see contacts of the product's campus; each
    // purchase's conversation with its seller, where one was started (decision 0113).
    const { products, conversations } = await listPurchasedWithConversations(envOf(context), user);
    return { products, conversations, failed: false };
  } catch (error) {
    logLoaderFailure(context, request, "purchases failed", error);
    return { products: [], conversations: {} as Record<string, string>, failed: true };
  }
}

// The buyer's side of a reservation (Trade).
const INTENTS = mergeIntents(BUYER_TRADE_INTENTS, RATE_INTENTS);

// The buyer's steps: the same use-cases as POST /api/product/:id/cancel and /rating.
export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  const id = () => parseWith(productIdSchema, form.get("id"));
  const env = envOf(context);
  return dispatch(form, INTENTS, {
    cancel: (intent) => attempt(intent, RESERVATION_CANCELLED, () => cancelReservation(env, user, id())),
    rate: () => rateAction(env, user, form),
  });
}

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

export default function Purchases({ loaderData }: Route.ComponentProps) {
  const { products, conversations, failed } = loaderData;
  return (
    <SellerLayout>
      <PageIntro title="My Purchases" lead={PURCHASES_LEAD} />
      {failed ? (
        <Alert tone="error">Failed to load your purchases. Please try again later.</Alert>
      ) : products.length === 0 ? (
        <div className="card p-8 text-center">
          <p className="font-medium">You haven&apos;t purchased anything yet.</p>
          <Link to="/all-products" className="btn-secondary mt-4">
            Browse Products
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 min-[560px]:grid-cols-2 xl:grid-cols-3">
          {products.map((product) => (
            <li key={product.id} className="card flex flex-col p-3">
              <ProductImage src={product.thumb} alt={product.title} />
              <div className="flex flex-1 flex-col px-1 pb-1 pt-3">
                <h2 className="font-semibold leading-snug">{product.title}</h2>
                <p className="mt-1 line-clamp-3 text-sm text-slate-600 dark:text-slate-400">{product.description}</p>
                <dl className="mt-3 space-y-1 text-sm">
                  <div className="flex justify-between gap-2">
                    <dt className="text-slate-600 dark:text-slate-400">Price</dt>
                    <dd className="font-semibold">{formatRupees(product.pricePaise)}</dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-slate-600 dark:text-slate-400">Seller</dt>
                    <dd className="text-right font-medium">{product.sellerName}</dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-slate-600 dark:text-slate-400">
                      {product.handedOverAt == null ? "Reserved" : "Purchased"}
                    </dt>
                    <dd className="text-right">
                      {product.purchaseDate ? formatIndiaDateTime(product.purchaseDate) : "—"}
                    </dd>
                  </div>
                </dl>
                <TradePanel product={product} side="buyer" />
                {product.sellerName === DELETED_STUDENT ? (
                  // The purchase stays; the seller's account, their conversations and number do not.
                  <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
                    The seller has deleted their Campus account.
                  </p>
                ) : (
                  <div className="mt-4 flex flex-col gap-2">
                    {/* The conversation about this listing; after a plain Buy, its page starts one. */}
                    <Link
                      to={
                        conversations[product.id]
                          ? `/messages/${conversations[product.id]}`
                          : `/product/${product.id}#message`
                      }
                      className="btn-primary"
                    >
                      <ChatIcon className="h-5 w-5" />
                      {messageSellerLabel(product.sellerName)}
                    </Link>
                    {/* WhatsApp only where the seller gave a number (decision 0114). */}
                    {product.whatsappNumber === null ? (
                      <p className="text-sm text-slate-600 dark:text-slate-400">
                        The seller&apos;s contact is shown to verified students of their campus.
                      </p>
                    ) : product.whatsappNumber ? (
                      <a
                        href={whatsappLink(product.whatsappNumber)}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="btn-secondary"
                      >
                        <WhatsappIcon className="h-5 w-5" />
                        WhatsApp {product.sellerName.split(/\s+/)[0]}
                      </a>
                    ) : null}
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </SellerLayout>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "My Purchases · Campus" },
  { name: "description", content: "Everything you have bought on Campus." },
];
