import { Form, Link } from "react-router";
import { SearchIcon } from "#app/components/icons/search.tsx";
import { CONDITIONS, MARKET_CATEGORIES, type ProductSort } from "#common/market.ts";
import { Field } from "#app/components/Field.tsx";

/** Browse's orders as the screen names them (the ids: PRODUCT_SORT_IDS); the "Price" chip chooses one. */
const SORTS: { id: ProductSort; label: string }[] = [
  { id: "newest", label: "Newest first" },
  { id: "price-low", label: "Price: low to high" },
  { id: "price-high", label: "Price: high to low" },
];

type Filters = {
  /** A signed-out visitor's one college (?campus=), kept through every link. */
  campus: string | null;
  q: string;
  category: string | null;
  condition: string | null;
  sort: ProductSort;
};

/** The address of Browse with one filter changed (and back to the first page). */
function hrefWith(filters: Filters, change: Partial<Filters>): string {
  const { campus, q, category, condition, sort } = { ...filters, ...change };
  const params = new URLSearchParams({
    ...(campus && { campus }),
    ...(q && { q }),
    ...(category && { category }),
    ...(condition && { condition }),
    ...(sort !== "newest" && { sort }),
  });
  return `?${params}`;
}

/**
 * Browse's search and filters, kept small so the first photos are on a phone's first screen
 * (docs/decisions/0111-browse-first-photo-first.md): one search row, then a chip per filter (category,
 * condition, price order). A chip opens its choices (a native <details>, so it opens without
 * JavaScript and from the keyboard); each choice is a link to the filtered address.
 */
export function BrowseFilters(filters: Filters) {
  const { campus, q, category, condition, sort } = filters;
  const categoryName = MARKET_CATEGORIES.find((c) => c.id === category)?.label ?? null;
  const conditionName = CONDITIONS.find((c) => c.id === condition)?.label ?? null;
  const sortName = sort === "newest" ? null : (SORTS.find((s) => s.id === sort)?.label ?? null);
  return (
    <div className="mb-4 space-y-2">
      <Form method="get" role="search" className="flex gap-2">
        {campus && <input type="hidden" name="campus" value={campus} />}
        {category && <input type="hidden" name="category" value={category} />}
        {condition && <input type="hidden" name="condition" value={condition} />}
        {sort !== "newest" && <input type="hidden" name="sort" value={sort} />}
        <Field name="q" label="Search products" labelClassName="sr-only" className="min-w-0 flex-1">
          <input
            type="search"
            defaultValue={q}
            key={q}
            maxLength={200}
            placeholder="Search, e.g. calculator"
            className="input min-h-11"
          />
        </Field>
        <button type="submit" className="btn-primary shrink-0">
          <SearchIcon className="h-5 w-5" />
          Search
        </button>
      </Form>
      <nav aria-label="Filters" className="relative flex flex-wrap items-center gap-2">
        <Chip label="Category" chosen={categoryName}>
          <Choice href={hrefWith(filters, { category: null })} current={!category} label="All categories" />
          {MARKET_CATEGORIES.map((c) => (
            <Choice
              key={c.id}
              href={hrefWith(filters, { category: c.id })}
              current={category === c.id}
              label={c.label}
            />
          ))}
        </Chip>
        <Chip label="Condition" chosen={conditionName}>
          <Choice href={hrefWith(filters, { condition: null })} current={!condition} label="Any condition" />
          {CONDITIONS.map((c) => (
            <Choice
              key={c.id}
              href={hrefWith(filters, { condition: c.id })}
              current={condition === c.id}
              label={c.label}
            />
          ))}
        </Chip>
        <Chip label="Price" chosen={sortName}>
          {SORTS.map((s) => (
            <Choice key={s.id} href={hrefWith(filters, { sort: s.id })} current={sort === s.id} label={s.label} />
          ))}
        </Chip>
        {(category || condition || sortName) && (
          <Link
            to={hrefWith(filters, { category: null, condition: null, sort: "newest" })}
            className="inline-flex min-h-9 items-center rounded-full px-3 text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
          >
            Clear filters
          </Link>
        )}
      </nav>
    </div>
  );
}

/**
 * One filter's chip: its name and the choice in force (filled when one is), opening its choices
 * below the row. `name` makes the chips one group: opening one closes the other.
 */
export function Chip({ label, chosen, children }: { label: string; chosen: string | null; children: React.ReactNode }) {
  return (
    <details name="browse-filter" className="group">
      <summary
        className={`inline-flex min-h-9 cursor-pointer list-none items-center gap-1 rounded-full border px-3 text-sm font-medium [&::-webkit-details-marker]:hidden ${
          chosen
            ? "border-indigo-600 bg-indigo-600 text-white dark:border-indigo-400 dark:bg-indigo-400 dark:text-slate-950"
            : "border-slate-300 bg-white text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        }`}
      >
        {chosen ? `${label}: ${chosen}` : label}
        <span aria-hidden="true" className="text-xs transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <ul className="card absolute inset-x-0 top-full z-20 mt-2 flex flex-wrap gap-2 p-3 shadow-lg">{children}</ul>
    </details>
  );
}

/** A choice of a chip: a link; the one in force is marked for the eye and for screen readers. */
export function Choice({ href, current, label }: { href: string; current: boolean; label: string }) {
  return (
    <li>
      <Link
        to={href}
        aria-current={current ? "true" : undefined}
        className={`inline-flex min-h-9 items-center gap-1 rounded-full border px-3 text-sm ${
          current
            ? "border-indigo-600 bg-indigo-50 font-semibold text-indigo-800 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-200"
            : "border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
        }`}
      >
        {current && <span aria-hidden="true">✓</span>}
        {label}
      </Link>
    </li>
  );
}
