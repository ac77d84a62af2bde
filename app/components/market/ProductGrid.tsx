import { useState } from "react";
import { Link } from "react-router";
import { HiddenMark } from "#app/components/moderation/HiddenMark.tsx";
import { ProductImage } from "#app/components/market/ProductImage.tsx";
import { ShieldIcon } from "#app/components/icons/shield.tsx";
import { lazyReady } from "#app/lib/lazy-ready.ts";
import { formatRupees } from "#common/format.ts";
import { conditionLabel, type ProductView } from "#common/market.ts";

/**
 * A listing as a card shows it (and Buy's dialog): what Browse's loader sends of each, nothing more.
 * Never the seller's number; only the cover's small photo (`thumb`). The listing's page has the rest.
 */
export type BrowseProduct = Pick<
  ProductView,
  "id" | "title" | "pricePaise" | "sellerName" | "condition" | "thumb" | "verifiedBadge" | "hiddenReason" | "saved"
> & { mine: boolean };

/** A listing cut to its card (Browse's loader): its page's HTML carries a page of them (PAGE_SIZE). */
export function browseCard(product: BrowseProduct): BrowseProduct {
  const { id, title, pricePaise, sellerName, condition, thumb, verifiedBadge, hiddenReason, saved, mine } = product;
  return { id, title, pricePaise, sellerName, condition, thumb, verifiedBadge, hiddenReason, saved, mine };
}

// Only members see hearts: a visitor's first load goes without them (their loader awaits readyHearts).
const hearts = lazyReady(() => import("#app/components/market/SaveButton.tsx").then((m) => m.HeartForm));
const HeartForm = hearts.Component;
export const readyHearts = hearts.ready;

/**
 * Browse's photo grid: two columns on a phone, three and four on wider screens. A card is the photo,
 * the price, the title and one line of condition and seller; the listing's page has the rest. The
 * title's link covers the card (its ::after), the heart and Buy sit above it.
 * The list keeps the hearts' state, so each card hydrates without hooks of its own (HeartForm).
 * Cards after the first rows are laid out and painted only when they come near the screen.
 * Only the first photo is fetched with the page (the largest paint on a phone); the others load as
 * they near the screen, so they do not share the slow connection with it (docs/decisions/0111).
 */
export function ProductGrid({
  products,
  loading = false,
  signedIn,
  onBuy = null,
}: {
  products: BrowseProduct[];
  /** A new search or page on its way: the list stays, dimmed. */
  loading?: boolean;
  signedIn: boolean;
  /** Null when there is no Buy here (an unverified college account: the page shows the verify banner). */
  onBuy?: ((product: BrowseProduct) => void) | null;
}) {
  // The hearts the student changed here: shown at once, sent to PUT/DELETE /api/product/:id/save, and
  // put back if that fails. `keepalive`: a heart tapped just before leaving the page is still stored.
  const [changedHearts, setHearts] = useState<Map<string, boolean>>(() => new Map());
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
      className={`grid grid-cols-2 gap-x-3 gap-y-5 sm:grid-cols-3 xl:grid-cols-4 ${loading ? "opacity-60" : ""}`}
    >
      {products.map((product, i) => (
        <li
          key={product.id}
          className={`relative flex flex-col ${i < 4 ? "" : "[contain-intrinsic-size:auto_18rem] [content-visibility:auto]"}`}
        >
          <div className="relative">
            <ProductImage src={product.thumb} alt={product.title} eager={i === 0} square />
            {signedIn && !product.mine && (
              <HeartForm
                id={product.id}
                title={product.title}
                saved={changedHearts.get(product.id) ?? product.saved === true}
                onToggle={toggleHeart}
                className="absolute right-1.5 top-1.5 z-10"
              />
            )}
          </div>
          <div className="flex flex-1 flex-col pt-2">
            <div className="flex items-center justify-between gap-2">
              <span className="text-lg font-bold leading-tight text-slate-900 dark:text-white">
                {formatRupees(product.pricePaise)}
              </span>
              {product.mine ? (
                <span className="text-xs font-medium text-slate-600 dark:text-slate-400">Your product</span>
              ) : !onBuy ? null : (
                <button
                  type="button"
                  className="btn-primary relative z-10 min-h-9 px-3 py-1"
                  onClick={() => onBuy(product)}
                  aria-label={`Buy ${product.title}`}
                >
                  Buy
                </button>
              )}
            </div>
            <h2 className="mt-1 line-clamp-2 text-sm font-medium leading-snug">
              <Link to={`/product/${product.id}`} className="after:absolute after:inset-0 hover:underline">
                {product.title}
              </Link>
            </h2>
            <p className="mt-1 flex min-w-0 items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
              <span className="truncate">{`${conditionLabel(product.condition)} · ${product.sellerName}`}</span>
              {product.verifiedBadge && (
                <span className="shrink-0 text-emerald-700 dark:text-emerald-300">
                  <ShieldIcon className="h-3.5 w-3.5" />
                  <span className="sr-only">{product.verifiedBadge}</span>
                </span>
              )}
            </p>
            <HiddenMark reason={product.hiddenReason} />
          </div>
        </li>
      ))}
    </ul>
  );
}
