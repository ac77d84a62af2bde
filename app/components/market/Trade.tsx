import { useId } from "react";
import { useFetcher } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { useConfirmSubmit } from "#app/components/dialogs.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { Field, FieldError } from "#app/components/Field.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { formatIndiaDateTime } from "#common/format.ts";
import type { ProductView } from "#common/market.ts";
import { BUYER_TRADE_INTENTS, RATE_INTENTS, SELLER_TRADE_INTENTS } from "#app/components/market/market-intents.ts";

/**
 * A reserved or sold product's trade, on My Purchases (the buyer) and My Sells (the seller), issue
 * 17: while reserved, the seller confirms the handover or declines and the buyer may cancel; after
 * the handover each rates the other once. Plain forms to the page's own action: they work without
 * JavaScript; the dialogs confirm with it.
 */
export function TradePanel({
  product,
  side,
}: {
  product: Pick<
    ProductView,
    "id" | "title" | "buyerName" | "sellerName" | "handedOverAt" | "reservedUntil" | "rated" | "purchaseDate"
  >;
  side: "buyer" | "seller";
}) {
  const fetcher = useFetcher<ActionResult>();
  const uid = useId();
  const busy = fetcher.state !== "idle" ? String(fetcher.formData?.get("intent") ?? "") : null;
  const result = fetcher.data;
  const starsError = fieldError(result, "stars");
  const noteError = fieldError(result, "note");
  const other = side === "seller" ? (product.buyerName ?? "the buyer") : product.sellerName;
  const handover = useConfirmSubmit({
    title: "Confirm the handover?",
    question: `Confirm that you handed "${product.title}" to ${other}. The sale is then complete.`,
    confirmLabel: "Confirm handover",
  });
  const decline = useConfirmSubmit({
    title: "Decline this reservation?",
    question: `"${product.title}" goes back on sale and ${other} is told.`,
    confirmLabel: "Decline",
  });
  const cancel = useConfirmSubmit({
    title: "Cancel your reservation?",
    question: `"${product.title}" goes back on sale and ${other} is told.`,
    confirmLabel: "Cancel reservation",
    cancelLabel: "Keep it",
  });
  const reserved = product.handedOverAt == null;

  return (
    <div className="mt-3 space-y-2 text-sm">
      {reserved ? (
        <>
          <p className="rounded-lg bg-amber-100 px-3 py-2 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
            {side === "seller" ? (
              <>
                <strong>{`Reserved by ${other}`}</strong>
                {product.reservedUntil
                  ? ` until ${formatIndiaDateTime(product.reservedUntil)}: meet to hand it over.`
                  : ""}
              </>
            ) : (
              <>
                <strong>Reserved: meet the seller</strong>
                {product.reservedUntil
                  ? ` by ${formatIndiaDateTime(product.reservedUntil)}, or it goes back on sale.`
                  : ""}
              </>
            )}
          </p>
          <fetcher.Form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="id" value={product.id} />
            {side === "seller" ? (
              <>
                <SubmitButton
                  busy={busy === "handover"}
                  busyLabel="Confirming..."
                  name="intent"
                  value={SELLER_TRADE_INTENTS.handover}
                  onClick={handover.onClick}
                  disabled={busy !== null}
                >
                  Confirm handover
                </SubmitButton>
                <SubmitButton
                  busy={busy === "decline"}
                  busyLabel="Declining..."
                  className="btn-secondary"
                  name="intent"
                  value={SELLER_TRADE_INTENTS.decline}
                  onClick={decline.onClick}
                  disabled={busy !== null}
                >
                  Decline
                </SubmitButton>
              </>
            ) : (
              <SubmitButton
                busy={busy === "cancel"}
                busyLabel="Cancelling..."
                className="btn-secondary"
                name="intent"
                value={BUYER_TRADE_INTENTS.cancel}
                onClick={cancel.onClick}
              >
                Cancel reservation
              </SubmitButton>
            )}
            {handover.dialog}
            {decline.dialog}
            {cancel.dialog}
          </fetcher.Form>
        </>
      ) : (
        <>
          <p className="rounded-lg bg-slate-100 px-3 py-2 dark:bg-slate-800">
            {side === "seller" ? "Sold to " : "Bought from "}
            <strong>{other}</strong>
            {product.handedOverAt ? ` · handed over ${formatIndiaDateTime(product.handedOverAt)}` : ""}
          </p>
          {product.rated ? (
            <p className="text-slate-600 dark:text-slate-400">{`You rated ${side === "seller" ? "the buyer" : "the seller"}. Thank you.`}</p>
          ) : (
            <fetcher.Form method="post" className="space-y-2">
              <input type="hidden" name="id" value={product.id} />
              <fieldset aria-describedby={starsError ? `${uid}-stars-error` : undefined}>
                <legend className="label">{`Rate ${other}`}</legend>
                <div className="flex flex-wrap gap-1">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <label
                      key={n}
                      className="inline-flex min-h-10 cursor-pointer items-center gap-1 rounded-lg border border-slate-300 px-2.5 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 dark:border-slate-700 dark:has-[:checked]:bg-indigo-950"
                    >
                      <input type="radio" name="stars" value={n} required className="accent-indigo-600" />
                      <span>{`${n} ★`}</span>
                    </label>
                  ))}
                </div>
                <FieldError id={`${uid}-stars`} message={starsError} />
              </fieldset>
              <Field
                id={`${uid}-note`}
                name="note"
                label={
                  <>
                    Note <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
                  </>
                }
                error={noteError}
                className="space-y-2"
              >
                <input maxLength={280} className="input w-full" />
              </Field>
              <SubmitButton
                busy={busy === "rate"}
                busyLabel="Saving..."
                className="btn-secondary"
                name="intent"
                value={RATE_INTENTS.rate}
              >
                Save rating
              </SubmitButton>
            </fetcher.Form>
          )}
        </>
      )}
      <div aria-live="polite">{result && <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>}</div>
    </div>
  );
}
