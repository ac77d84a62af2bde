import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Spinner } from "#app/components/Alert.tsx";
import { Dialog } from "#app/components/Dialog.tsx";
import { ChatIcon } from "#app/components/icons/chat.tsx";
import { WhatsappIcon } from "#app/components/icons/whatsapp.tsx";
import type { BrowseProduct } from "#app/components/market/ProductGrid.tsx";
import { formatRupees } from "#common/format.ts";
import { paiseToRupees } from "#common/market.ts";
import { MEET_BY_MESSAGE, messageSellerLabel } from "#common/market-messages.ts";
import type { ActionResult } from "#app/lib/action-result.ts";
import { BUY_INTENTS } from "#app/components/market/market-intents.ts";

/** Where a purchase on Browse stands: asking to confirm, its answer (with how the seller was told), or its refusal. */
export type BuyState =
  | { step: "confirm"; product: BrowseProduct }
  /** `link`: the seller's WhatsApp, when they could not be told in the app; otherwise the meeting is agreed in a message. */
  | { step: "bought"; message: string; terms: string; link: string | null; product: BrowseProduct }
  | { step: "failed"; message: string }
  | null;

/** A Buy tapped on Browse: a new object each time, so the same product can be asked for again. */
export type BuyRequest = { product: BrowseProduct } | null;

/** The current price a "price has changed" refusal carries, in paise. */
function currentPricePaise(details: Record<string, unknown> | undefined): number | null {
  const value = details?.pricePaise;
  return typeof value === "number" ? value : null;
}

/**
 * Browse's purchase, loaded with the first Buy tapped (Browse's first load stays small, decision
 * 0111): the same purchase as PATCH /api/product/purchase/:id through the page's action, at the
 * price the buyer saw. The page is told what changed (the product is gone, or its new price) and
 * applies it; loading the first page again would drop the pages "Show more products" appended.
 */
export function BuyFlow({
  request,
  onGone,
  onRepriced,
}: {
  request: BuyRequest;
  onGone: (id: string) => void;
  onRepriced: (id: string, pricePaise: number) => void;
}) {
  const [buy, setBuy] = useState<BuyState>(request && { step: "confirm", product: request.product });
  const [requestSeen, setRequestSeen] = useState(request);
  if (request !== requestSeen) {
    setRequestSeen(request);
    if (request) setBuy({ step: "confirm", product: request.product });
  }
  const buyer = useFetcher<ActionResult & { notification?: { sent: boolean; directLink: string | null } }>();
  const buying = buyer.state !== "idle";

  // Each answer is applied once, when it arrives.
  const [answerSeen, setAnswerSeen] = useState(buyer.data);
  if (buyer.data !== answerSeen) {
    setAnswerSeen(buyer.data);
    const answer = buyer.data;
    const product = buy?.step === "confirm" ? buy.product : null;
    if (answer && product) {
      if (answer.ok && answer.notification) {
        onGone(product.id);
        const { notification, message } = answer;
        const terms = String((answer as { terms?: unknown }).terms ?? "");
        // The WhatsApp link is offered only when the seller could not be told in the app.
        setBuy({
          step: "bought",
          link: notification.sent ? null : notification.directLink || null,
          message,
          terms,
          product,
        });
      } else if (!answer.ok) {
        const current = currentPricePaise(answer.details);
        // The seller changed the price: the card shows the new one, to be bought again knowingly.
        if (current !== null) onRepriced(product.id, current);
        // Sold to someone else meanwhile, or gone: it is no longer available either way.
        else if (answer.status === 409 || answer.status === 404) onGone(product.id);
        setBuy({ step: "failed", message: `Purchase failed: ${answer.message || "Please try again later."}` });
      }
    }
  }

  function confirmBuy(product: BrowseProduct) {
    // A purchase already on its way: a second click is ignored.
    if (buying) return;
    // The price the buyer is looking at: the server sells only at that price.
    void buyer.submit(
      { intent: BUY_INTENTS.buy, id: product.id, price: String(paiseToRupees(product.pricePaise)) },
      { method: "post" },
    );
  }

  return <BuyDialogs buy={buy} buying={buying} onClose={() => setBuy(null)} onConfirm={confirmBuy} />;
}

/** Browse's purchase dialogs: "Buy this product?", then its answer. */
function BuyDialogs({
  buy,
  buying,
  onClose,
  onConfirm,
}: {
  buy: BuyState;
  buying: boolean;
  onClose: () => void;
  onConfirm: (product: BrowseProduct) => void;
}) {
  const product = buy?.step === "confirm" ? buy.product : null;
  const bought = buy?.step === "bought" ? buy : null;
  return (
    <>
      <Dialog
        open={product !== null}
        title="Buy this product?"
        busy={buying}
        onClose={onClose}
        actions={
          product ? (
            <>
              <button type="button" className="btn-secondary" onClick={onClose} disabled={buying}>
                Cancel
              </button>
              <button type="button" className="btn-primary" onClick={() => onConfirm(product)} disabled={buying}>
                {buying ? (
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
        {product && (
          <p>
            {product.title} for <strong>{formatRupees(product.pricePaise)}</strong> from {product.sellerName}. You pay
            the seller when you meet.
          </p>
        )}
      </Dialog>

      {/* The answer: with the WhatsApp link when the seller could not be told in the app. */}
      <Dialog
        open={buy?.step === "failed" || bought !== null}
        title={buy?.step === "failed" ? "Purchase failed" : "Purchase successful"}
        onClose={onClose}
        actions={
          bought?.link ? (
            <>
              <button type="button" className="btn-secondary" onClick={onClose}>
                Not now
              </button>
              <a href={bought.link} target="_blank" rel="noopener noreferrer" className="btn-primary" onClick={onClose}>
                <WhatsappIcon className="h-5 w-5" />
                Contact on WhatsApp
              </a>
            </>
          ) : bought ? (
            <>
              <button type="button" className="btn-secondary" onClick={onClose}>
                OK
              </button>
              {/* The listing's page starts the conversation (or opens it) with the meeting's openers. */}
              <Link to={`/product/${bought.product.id}#message`} className="btn-primary" onClick={onClose}>
                <ChatIcon className="h-5 w-5" />
                {messageSellerLabel(bought.product.sellerName)}
              </Link>
            </>
          ) : (
            <button type="button" className="btn-primary" onClick={onClose}>
              OK
            </button>
          )
        }
      >
        <p>{buy && buy.step !== "confirm" ? buy.message : ""}</p>
        {bought && (
          <p className="mt-2">
            {bought.terms}
            {!bought.link && ` ${MEET_BY_MESSAGE}`}
          </p>
        )}
      </Dialog>
    </>
  );
}
