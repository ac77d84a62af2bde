import { useState } from "react";
import { Link } from "react-router";
import { HiddenMark } from "#app/components/moderation/HiddenMark.tsx";
import { ProductImage } from "#app/components/market/ProductImage.tsx";
import { HeartForm } from "#app/components/market/SaveButton.tsx";
import { VerifiedBadge } from "#app/components/VerifiedBadge.tsx";
import { formatRupees } from "#common/format.ts";
import { categoryLabel, conditionLabel, sellerRecord, type ProductView } from "#common/market.ts";

/** A listing as Browse's loader sends it: no seller's number, and the count of photos instead of their list. */
export type BrowseProduct = Omit<ProductView, "whatsappNumber" | "images"> & { mine: boolean; photoCount: number };

/**
 * Browse's cards. The list keeps the hearts' state, so each card hydrates without hooks of its own
 * (HeartForm). Cards after the first row are laid out and painted only when they come near the
 * screen (their last size is remembered), so the first paint lays out a row, not 24 cards.
 * Only the first photo is fetched with the page (the largest paint on a phone); the others load as
 * they near the screen, so they do not share the slow connection with it. Reporting a listing is
 * on its own page, not on every card (docs/decisions/0111).
 */
export function ProductGrid({
  products,
  loading,
  signedIn,
  onBuy,
}: {
  products: BrowseProduct[];
  /** A new search or page on its way: the list stays, dimmed. */
  loading: boolean;
  signedIn: boolean;
  /** Null when the student may not buy yet (an unverified college account: the page shows the verify banner). */
  onBuy: ((product: BrowseProduct) => void) | null;
}) {
  // The hearts the student changed here: shown at once, sent to PUT/DELETE /api/product/:id/save, and
  // put back if that fails. `keepalive`: a heart tapped just before leaving the page is still stored.
  const [hearts, setHearts] = useState<Map<string, boolean>>(() => new Map());
  function toggleHeart(id: string, save: boolean) {
    setHearts((prev) => new Map(prev).set(id, save));
    void fetch(`/api/product/${id}/save`, { method: save ? "PUT" : "DELETE", keepalive: true })
      .then((res) => res.ok)
      .catch(() => false)
      .then((ok) => {
        if (!ok) setHearts((prev) => new Map(prev).set(id, !save));
      });
  }

  return (
    <ul
      aria-busy={loading}
      className={`grid grid-cols-1 gap-4 min-[560px]:grid-cols-2 xl:grid-cols-3 ${loading ? "opacity-60" : ""}`}
    >
      {products.map((product, i) => (
        <li
          key={product.id}
          className={`card flex flex-col p-3 ${i < 3 ? "" : "[contain-intrinsic-size:auto_26rem] [content-visibility:auto]"}`}
        >
          <div className="relative">
            <ProductImage src={product.thumb} alt={product.title} eager={i === 0} />
            {signedIn && !product.mine && (
              <HeartForm
                id={product.id}
                title={product.title}
                saved={hearts.get(product.id) ?? product.saved === true}
                onToggle={toggleHeart}
                className="absolute right-2 top-2"
              />
            )}
          </div>
          <div className="flex flex-1 flex-col px-1 pb-1 pt-3">
            <p className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">{`${categoryLabel(product.category)} · ${conditionLabel(product.condition)}${product.photoCount > 1 ? ` · ${product.photoCount} photos` : ""}`}</p>
            <h2 className="font-semibold leading-snug">
              <Link to={`/product/${product.id}`} className="inline-block min-h-6 hover:underline">
                {product.title}
              </Link>
            </h2>
            <p className="mt-1 line-clamp-3 text-sm text-slate-600 dark:text-slate-400">{product.description}</p>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              Sold by <span className="font-medium text-slate-800 dark:text-slate-200">{product.sellerName}</span>
              {sellerRecord(product.seller) && (
                <span className="whitespace-nowrap">{` · ${sellerRecord(product.seller)}`}</span>
              )}
            </p>
            <HiddenMark reason={product.hiddenReason} />
            {product.verifiedBadge && (
              <p className="mt-1.5">
                <VerifiedBadge text={product.verifiedBadge} />
              </p>
            )}
            <div className="mt-auto flex items-center justify-between gap-3 pt-3">
              <span className="text-lg font-bold text-indigo-700 dark:text-indigo-300">
                {formatRupees(product.pricePaise)}
              </span>
              {product.mine ? (
                <span className="rounded-lg bg-slate-100 px-3 py-2 text-sm font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                  Your product
                </span>
              ) : !onBuy ? null : (
                <button
                  type="button"
                  className="btn-primary"
                  onClick={() => onBuy(product)}
                  aria-label={`Buy ${product.title}`}
                >
                  Buy
                </button>
              )}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
