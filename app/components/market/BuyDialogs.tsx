import { Link } from "react-router";
import { Spinner } from "#app/components/Alert.tsx";
import { Dialog } from "#app/components/Dialog.tsx";
import { ChatIcon } from "#app/components/icons/chat.tsx";
import type { BrowseProduct } from "#app/components/market/ProductGrid.tsx";
import { formatRupees } from "#common/format.ts";

/** Where a purchase on Browse stands: asking to confirm, its answer (with how the seller was told), or its refusal. */
export type BuyState =
  | { step: "confirm"; product: BrowseProduct }
  /** `link`: the seller's WhatsApp, when they could not be told in the app. */
  | { step: "bought"; message: string; terms: string; link: string | null }
  | { step: "failed"; message: string }
  | null;

/** Browse's purchase dialogs: "Buy this product?", then its answer. */
export function BuyDialogs({
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
                <ChatIcon className="h-5 w-5" />
                Contact on WhatsApp
              </a>
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
            {!bought.link && (
              <>
                {" "}
                The seller&apos;s WhatsApp link is in{" "}
                <Link to="/purchases" className="font-medium text-indigo-700 underline dark:text-indigo-300">
                  My Purchases
                </Link>
                .
              </>
            )}
          </p>
        )}
      </Dialog>
    </>
  );
}
