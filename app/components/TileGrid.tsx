import { Link } from "react-router";
import type { Tile } from "#app/content/dashboard.ts";

/** The dashboard's tiles (and the Hostel tab's): a link per service, its icon, name and one line. */
export function TileGrid({ tiles }: { tiles: Tile[] }) {
  return (
    <ul className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
      {tiles.map((tile) => (
        <li key={tile.to}>
          <Link
            to={tile.to}
            prefetch="intent"
            className="card group flex h-full items-start gap-4 p-4 transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md sm:flex-col sm:gap-3 sm:p-5 dark:hover:border-indigo-700"
          >
            <span className={`inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ${tile.tone}`}>
              <tile.icon />
            </span>
            <span className="flex flex-col gap-1">
              <span className="text-lg font-semibold group-hover:text-indigo-700 dark:group-hover:text-indigo-300">
                {tile.title}
              </span>
              <span className="text-sm text-slate-600 dark:text-slate-400">{tile.description}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
