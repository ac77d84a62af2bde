import { Form, useSubmit } from "react-router";
import { SearchIcon } from "#app/components/icons/search.tsx";
import { CONDITIONS, MARKET_CATEGORIES, type ProductSort } from "#common/market.ts";

/** Browse's orders as the screen names them (the ids: PRODUCT_SORT_IDS). */
const SORTS: { id: ProductSort; label: string }[] = [
  { id: "newest", label: "Newest first" },
  { id: "price-low", label: "Price: low to high" },
  { id: "price-high", label: "Price: high to low" },
];

/**
 * Browse's search, filters and sort: a GET form, so it works without JavaScript (decision 0086);
 * with it, changing a select submits at once.
 */
export function BrowseFilters({
  campus,
  q,
  category,
  condition,
  sort,
}: {
  /** A signed-out visitor's one college (?campus=), kept through the search. */
  campus: string | null;
  q: string;
  category: string | null;
  condition: string | null;
  sort: ProductSort;
}) {
  return (
    <Form
      method="get"
      role="search"
      className="card mb-6 grid grid-cols-1 gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_auto_auto_auto_auto] lg:items-end"
    >
      {campus && <input type="hidden" name="campus" value={campus} />}
      <div>
        <label htmlFor="q" className="label">
          Search products
        </label>
        <input
          id="q"
          name="q"
          type="search"
          defaultValue={q}
          key={q}
          maxLength={200}
          placeholder="Title or description, e.g. calculator"
          className="input min-h-11"
        />
      </div>
      <Filter
        name="category"
        label="Category"
        all="All categories"
        value={category ?? ""}
        options={MARKET_CATEGORIES}
      />
      <Filter name="condition" label="Condition" all="Any condition" value={condition ?? ""} options={CONDITIONS} />
      <Filter name="sort" label="Sort by" value={sort} options={SORTS} />
      <button type="submit" className="btn-primary">
        <SearchIcon className="h-5 w-5" />
        Search
      </button>
    </Form>
  );
}

/** One of the selects: changing it submits the search at once (with JavaScript). */
function Filter({
  name,
  label,
  all,
  value,
  options,
}: {
  name: string;
  label: string;
  /** The choice that filters nothing. */
  all?: string;
  value: string;
  options: readonly { id: string; label: string }[];
}) {
  const submit = useSubmit();
  return (
    <div>
      <label htmlFor={name} className="label">
        {label}
      </label>
      <select
        id={name}
        name={name}
        defaultValue={value}
        key={value}
        className="input min-h-11"
        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true, replace: true })}
      >
        {all && <option value="">{all}</option>}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
