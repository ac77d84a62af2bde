// Marketplace rules shared by the server (validation) and the screens (display): prices, WhatsApp
// numbers and dates. Client-safe: no server imports.

import { PRODUCTS_CATEGORY, PRODUCTS_CONDITION, type PRODUCTS_STATUS } from "#common/enums.generated.ts";

/** The highest price a product may have: ₹10,00,000. */
export const MAX_PRICE_PAISE = 100_000_000;
/**
 * Listings on one page of Browse. Twelve fill a phone's first two screens; the next twelve load as the
 * list nears its end (docs/decisions/0141-browse-pages-of-twelve.md).
 */
export const PAGE_SIZE = 12;

/** A listing leaves Browse this long after it was posted or renewed ... */
export const LISTING_DAYS = 60;
export const LISTING_MS = LISTING_DAYS * 24 * 60 * 60 * 1000;
/** ... and its seller may renew it from this long before that (and any time after). */
export const RENEW_WINDOW_DAYS = 7;
export const RENEW_WINDOW_MS = RENEW_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** Buying reserves (decision 0085): the product is held this long for the buyer, who pays at the handover. */
export const RESERVATION_HOURS = 72;

/** One photo of a listing: its large and small URL (the same one for a listing from before), and its pixel size when known. */
export interface ProductPhoto {
  url: string;
  thumbUrl: string;
  width: number | null;
  height: number | null;
}

/** What an unverified college account may not do yet: the 403's and the verify banner's words. */
export const SELL = "sell on the marketplace";
export const BUY = "buy on the marketplace";

const PRICE = /^(\d{1,7})(?:\.(\d{1,2}))?$/;

/**
 * Rupees as typed ("249", "249.5", "1,299.00") to integer paise, without floating point: the digits
 * are read as text. Null for anything that is not a positive amount with at most two decimals.
 */
export function parsePricePaise(value: unknown): number | null {
  const text =
    typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : typeof value === "string" ? value : "";
  const match = PRICE.exec(text.trim().replace(/^₹\s*/, "").replaceAll(",", ""));
  if (!match) return null;
  const paise = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return paise > 0 && paise <= MAX_PRICE_PAISE ? paise : null;
}

/**
 * A JSON number of rupees a client sends back (the price a buyer saw) to exact paise: 0 or more with
 * at most two decimals, read from its shortest decimal text (249.5 -> "249.5"), so no floating-point
 * drift. Null for anything else, including 1e21 and 0.001.
 */
export function rupeesToPaise(value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(String(value));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Paise as rupees for JSON answers: 24950 -> 249.5. Exact, since paise are whole numbers. */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/**
 * An Indian mobile number as people write it ("98765 43210", "+91-98765-43210", "098765 43210",
 * "919876543210") to its 10 digits, or null when it is not one (10 digits starting with 6 to 9).
 */
export function normaliseIndianMobile(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const compact = value.trim().replace(/[\s\-().]/g, "");
  const match = /^(?:\+91|91|0)?([6-9]\d{9})$/.exec(compact);
  return match ? match[1]! : null;
}

/** The WhatsApp chat link for a number: digits only, country code 91 exactly once. */
export function whatsappLink(number: string): string {
  const digits = number.replace(/\D/g, "");
  const local = normaliseIndianMobile(digits) ?? digits;
  return `https://wa.me/91${local}`;
}

/** What the screens show of a product (the API answers the same fields plus `_id`). */
export interface ProductView {
  id: string;
  title: string;
  description: string;
  pricePaise: number;
  sellerName: string;
  /** The seller's account: their page is /seller/:id (decision 0115). */
  sellerId: string;
  whatsappNumber: string;
  image: string;
  /** Every photo, the first being `image`; `thumb` is its small version, for cards. */
  images: ProductPhoto[];
  thumb: string;
  /** An available listing leaves Browse at this time unless its seller renews it. */
  expiresAt: number;
  status: ProductStatus;
  createdAt: number;
  purchaseDate: number | null;
  buyerName: string | null;
  /** The seller's campus: a product is seen, bought and changed only within it. */
  campusId: string;
  /** "Verified CIT student" when the seller proved their college address; null otherwise. */
  verifiedBadge: string | null;
  /** Hidden by reports or a moderator: the reason its seller and moderators see; null when visible. */
  hiddenReason?: string | null;
  /** When the seller confirmed the handover; null while reserved (status "sold") or available. */
  handedOverAt?: number | null;
  /** A reservation (status "sold", not yet handed over) returns to Browse at this time; null otherwise. */
  reservedUntil?: number | null;
  /** The seller's completed sales and the average of their buyers' ratings (null: none yet). */
  seller?: { sales: number; rating: number | null; ratings: number };
  /** The viewer has rated the other side of this completed trade. */
  rated?: boolean;
  /** The viewer saved it (the heart on its card). */
  saved?: boolean;
  /** What it is and its state (ids of MARKET_CATEGORIES and CONDITIONS). */
  category: string;
  condition: string;
}

/** Browse's orders (the labels are the screen's: app/components/market/BrowseFilters.tsx). */
export const PRODUCT_SORT_IDS = ["newest", "price-low", "price-high"] as const;
export type ProductSort = (typeof PRODUCT_SORT_IDS)[number];

/** The seller's record on a card: "4.6 ★ · 12 sales", "3 sales", or null for a new seller. */
export function sellerRecord(seller: { sales: number; rating: number | null } | undefined): string | null {
  if (!seller || seller.sales === 0) return null;
  const sales = `${seller.sales} ${seller.sales === 1 ? "sale" : "sales"}`;
  return seller.rating === null ? sales : `${seller.rating.toFixed(1)} ★ · ${sales}`;
}

/** Where a listing stands: on sale, or reserved and then sold (the products table's CHECK). */
export type ProductStatus = (typeof PRODUCTS_STATUS)[number];

/** What a listing is: the one list the form, the filters and the API use (its ids: the products table's CHECK). */
export type MarketCategory = (typeof PRODUCTS_CATEGORY)[number];
export const CATEGORY_IDS = PRODUCTS_CATEGORY;
const CATEGORY_LABELS: Record<MarketCategory, string> = {
  books: "Books",
  notes: "Notes",
  electronics: "Electronics",
  lab: "Lab and drawing gear",
  hostel: "Hostel essentials",
  cycles: "Cycles",
  other: "Other",
};
// Pure: a screen that carries only the ids does not also carry the labels.
export const MARKET_CATEGORIES = /* @__PURE__ */ CATEGORY_IDS.map((id) => ({ id, label: CATEGORY_LABELS[id] }));

export type ProductCondition = (typeof PRODUCTS_CONDITION)[number];
export const CONDITION_IDS = PRODUCTS_CONDITION;
const CONDITION_LABELS: Record<ProductCondition, string> = { new: "New", like_new: "Like new", used: "Used" };
export const CONDITIONS = /* @__PURE__ */ CONDITION_IDS.map((id) => ({ id, label: CONDITION_LABELS[id] }));

export const categoryLabel = (id: string): string => MARKET_CATEGORIES.find((c) => c.id === id)?.label ?? "Other";
export const conditionLabel = (id: string): string => CONDITIONS.find((c) => c.id === id)?.label ?? "Used";

/** An available listing past its 60 days, off Browse until its seller renews it. */
export function isExpired(product: Pick<ProductView, "status" | "expiresAt">, now = Date.now()): boolean {
  return product.status === "available" && product.expiresAt <= now;
}

/** Its seller may renew it: expired, or in its last RENEW_WINDOW_DAYS. */
export function mayRenew(product: Pick<ProductView, "status" | "expiresAt">, now = Date.now()): boolean {
  return product.status === "available" && product.expiresAt - now <= RENEW_WINDOW_MS;
}

/** "Wanted" posts: what an unverified account may not do yet, how long a post is open, how many a student has. */
export const WANTED = "post what you want on the marketplace";
export const WANTED_DAYS = 30;
export const MAX_OPEN_WANTED = 10;

/** A wanted post as the screens and the API show it. */
export interface WantedView {
  id: string;
  words: string;
  category: MarketCategory | null;
  maxPricePaise: number | null;
  createdAt: number;
  expiresAt: number;
  mine: boolean;
  /** Who posts it (their account name), as on a roommate post. */
  name: string;
}
