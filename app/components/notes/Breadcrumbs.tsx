import { Link } from "react-router";
import { ChevronIcon } from "#app/components/icons/chevron.tsx";

export interface Crumb {
  label: string;
  /** The current page has no link. */
  to?: string;
}

/** Where the visitor is in Notes › programme › branch › semester, each level a link back. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="pt-2 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600 dark:text-slate-400">
        {items.map((item, index) => (
          // A programme and its branch may share a name (BCA > BCA): keyed by place.
          <li key={`${index}:${item.label}`} className="flex items-center gap-1">
            {index > 0 && <ChevronIcon className="h-4 w-4 text-slate-400 dark:text-slate-500" />}
            {item.to ? (
              <Link
                to={item.to}
                prefetch="intent"
                className="rounded px-0.5 font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
              >
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="px-0.5 font-medium text-slate-900 dark:text-slate-100">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
