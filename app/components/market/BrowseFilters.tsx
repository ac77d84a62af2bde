import { Form, useSubmit } from "react-router";
import { SearchIcon } from "#app/components/icons/search.tsx";
import { CONDITIONS, MARKET_CATEGORIES, PRODUCT_SORTS, type ProductSort } from "#common/market.ts";

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
  const submit = useSubmit();
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
      <div>
        <label htmlFor="category" className="label">
          Category
        </label>
        <select
          id="category"
          name="category"
          defaultValue={category ?? ""}
          key={`c-${category ?? ""}`}
          className="input min-h-11"
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true, replace: true })}
        >
          <option value="">All categories</option>
          {MARKET_CATEGORIES.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="condition" className="label">
          Condition
        </label>
        <select
          id="condition"
          name="condition"
          defaultValue={condition ?? ""}
          key={`d-${condition ?? ""}`}
          className="input min-h-11"
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true, replace: true })}
        >
          <option value="">Any condition</option>
          {CONDITIONS.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="sort" className="label">
          Sort by
        </label>
        <select
          id="sort"
          name="sort"
          defaultValue={sort}
          key={sort}
          className="input min-h-11"
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true, replace: true })}
        >
          {PRODUCT_SORTS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary">
        <SearchIcon className="h-5 w-5" />
        Search
      </button>
    </Form>
  );
}
