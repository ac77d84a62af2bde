import { Link } from "react-router";
import type { IconComponent } from "#app/components/icons/stroke.tsx";

interface ChoiceTileProps {
  to: string;
  title: string;
  subtitle?: string;
  /** A short status line: "6 semesters", "Coming soon". */
  badge: string;
  available: boolean;
  icon: IconComponent;
}

/** A programme, branch or semester to pick: the whole card is one link. */
export function ChoiceTile({ to, title, subtitle, badge, available, icon: Icon }: ChoiceTileProps) {
  return (
    <Link
      to={to}
      prefetch="intent"
      className="card group flex h-full items-start gap-4 p-5 transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md dark:hover:border-indigo-700"
    >
      <span
        className={`inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ${
          available
            ? "bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
            : "bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300"
        }`}
      >
        <Icon className="h-6 w-6" />
      </span>
      <span className="flex min-w-0 flex-col gap-1">
        <span className="text-lg font-semibold group-hover:text-indigo-700 dark:group-hover:text-indigo-300">
          {title}
        </span>
        {subtitle && <span className="text-sm text-slate-600 dark:text-slate-400">{subtitle}</span>}
        <span
          className={`mt-1 inline-flex w-fit items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            available
              ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
              : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          }`}
        >
          {badge}
        </span>
      </span>
    </Link>
  );
}
