import { Form, Link } from "react-router";
import { Spinner } from "#app/components/Alert.tsx";
import { PencilIcon } from "#app/components/icons/pencil.tsx";
import { formatIndiaDate } from "#common/format.ts";
import { isExpired, mayRenew, LISTING_DAYS, type ProductView, RENEW_WINDOW_MS } from "#common/market.ts";
import { RENEW_INTENTS } from "#app/components/market/market-intents.ts";

type OwnListing = Pick<ProductView, "id" | "title" | "status" | "expiresAt" | "handedOverAt" | "buyerName">;

/**
 * What a seller sees on their own listing's page instead of the buyer's controls (Buy, WhatsApp,
 * Save, Report): its state, Edit (My Sells' edit form for it) while unsold, and Renew when the
 * listing may be renewed. Renew posts `intent=renew` to the page it is on, whose action calls the
 * same use-case as My Sells and `POST /api/product/:id/renew`; it works without JavaScript.
 */
export function OwnListingPanel({
  product,
  now,
  renewing,
}: {
  product: OwnListing;
  now: number;
  /** The renew form is being sent (the button shows progress). */
  renewing: boolean;
}) {
  if (product.status === "sold") {
    const reserved = product.handedOverAt == null;
    return (
      <p className="rounded-lg bg-amber-100 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
        <strong>{reserved ? `Reserved by ${product.buyerName ?? "a buyer"}.` : "Sold."}</strong>{" "}
        <Link to="/sells" className="font-medium underline">
          My Sells
        </Link>{" "}
        has the steps.
      </p>
    );
  }
  const expired = isExpired(product, now);
  const renewable = mayRenew(product, now);
  return (
    <section aria-labelledby="own-listing-heading" className="space-y-3">
      <h2 id="own-listing-heading" className="sr-only">
        Your listing
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {expired ? (
          <strong>{`Expired on ${formatIndiaDate(product.expiresAt)}: not on Browse.`}</strong>
        ) : (
          `Your product. On Browse until ${formatIndiaDate(product.expiresAt)}.`
        )}
        {!renewable && ` You can renew it from ${formatIndiaDate(product.expiresAt - RENEW_WINDOW_MS)}.`}
      </p>
      <div className="flex flex-wrap gap-2">
        {renewable && (
          <Form method="post">
            <button type="submit" name="intent" value={RENEW_INTENTS.renew} className="btn-primary" disabled={renewing}>
              {renewing ? <Spinner label="Renewing" /> : null}
              {`Renew for ${LISTING_DAYS} days`}
            </button>
          </Form>
        )}
        <Link
          to={`/sells?edit=${encodeURIComponent(product.id)}#listing-${product.id}`}
          className="btn-secondary"
          aria-label={`Edit ${product.title}`}
        >
          <PencilIcon className="h-4 w-4" />
          Edit
        </Link>
      </div>
    </section>
  );
}
