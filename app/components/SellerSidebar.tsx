import { BagIcon } from "#app/components/icons/bag.tsx";
import { GridIcon } from "#app/components/icons/grid.tsx";
import { HeartIcon } from "#app/components/icons/heart.tsx";
import { SearchIcon } from "#app/components/icons/search.tsx";
import { TagIcon } from "#app/components/icons/tag.tsx";
import { UploadIcon } from "#app/components/icons/upload.tsx";
import type { IconComponent } from "#app/components/icons/stroke.tsx";
import { NavLink } from "react-router";

const links: { to: string; label: string; icon: IconComponent }[] = [
  { to: "/upload", label: "Upload File", icon: UploadIcon },
  { to: "/purchases", label: "My Purchases", icon: BagIcon },
  { to: "/sells", label: "My Sells", icon: TagIcon },
  { to: "/all-products", label: "Browse Products", icon: GridIcon },
  { to: "/saved", label: "Saved", icon: HeartIcon },
  { to: "/wanted", label: "Wanted", icon: SearchIcon },
];

/**
 * Navigation shared by the seller screens: on a phone all six in two rows of three (a scrolling row
 * hid half of them past the screen's edge at 360 px), a column on desktop.
 */
export function SellerSidebar() {
  return (
    <nav aria-label="Seller" className="md:w-56 md:shrink-0">
      <ul className="grid grid-cols-3 gap-2 md:flex md:flex-col">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              className={({ isActive }) =>
                `flex min-h-14 flex-col items-center justify-center gap-1 rounded-xl px-1 py-1.5 text-center text-xs font-medium leading-tight md:min-h-11 md:flex-row md:justify-start md:gap-2 md:px-3 md:text-left md:text-sm ${
                  isActive
                    ? "bg-indigo-600 text-white dark:bg-indigo-500 dark:text-slate-950"
                    : "bg-white text-slate-700 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800"
                }`
              }
            >
              <link.icon className="h-5 w-5" />
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SellerLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-6 py-4 md:flex-row">
      <SellerSidebar />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
