import { Link, useLocation } from "react-router";
import { BedIcon } from "#app/components/icons/bed.tsx";
import { BookIcon } from "#app/components/icons/book.tsx";
import { HomeIcon } from "#app/components/icons/home.tsx";
import { StoreIcon } from "#app/components/icons/store.tsx";
import type { IconComponent } from "#app/components/icons/stroke.tsx";
import { SwapIcon } from "#app/components/icons/swap.tsx";
import { UserIcon } from "#app/components/icons/user.tsx";
import type { Mode } from "#common/dashboard-mode.ts";

// The phone's tab bar (docs/decisions/0112-today.md): five sections at the thumb, on every page
// below the small breakpoint; wide screens keep the top bar alone. Plain links: it works before
// the scripts arrive and without them. Opaque, with no backdrop blur: a blurred layer fixed over
// the whole page is repainted as it scrolls, which costs a low-end phone, and the speed guard saw
// Browse's blocking time rise with it.

interface Tab {
  to: string;
  label: string;
  icon: IconComponent;
  /** The paths that belong to the section, so a page deep inside it still shows where it is. */
  section: RegExp;
}

const today: Tab = {
  to: "/dashboard",
  label: "Today",
  icon: HomeIcon,
  section: /^\/(dashboard|timetable|attendance|notifications|lost-found)?(\/|$)/i,
};
const market: Tab = {
  to: "/all-products",
  label: "Market",
  icon: StoreIcon,
  section:
    /^\/(marketplace|all-products|product|seller-dashboard|upload|purchases|sells|mysells|saved|wanted|hosteller\/night-market)(\/|$)/i,
};
const notes: Tab = { to: "/notes", label: "Notes", icon: BookIcon, section: /^\/(notes|btech|library)(\/|$)/i };
const hostel: Tab = {
  to: "/hostel",
  label: "Hostel",
  icon: BedIcon,
  section: /^\/(hostel|mess-menu|laundry-service|hostel-complaints|roommate-finder)(\/|$)/i,
};
const studySwap: Tab = {
  to: "/studyswap",
  label: "Study Swap",
  icon: SwapIcon,
  section: /^\/(studyswap|become-writer|find-writer)(\/|$)/i,
};
const you: Tab = {
  to: "/account",
  label: "You",
  icon: UserIcon,
  section: /^\/(account|grades|login|auth|register|verify|googleclassroom|staff|admin)(\/|$)/i,
};

/** Today, Market, Notes, Hostel (hostellers) or Study Swap (day scholars), You. */
export function TabBar({ mode }: { mode: Mode }) {
  const { pathname } = useLocation();
  const tabs = [today, market, notes, mode === "hosteller" ? hostel : studySwap, you];
  const current = tabs.find((tab) => tab.section.test(pathname));
  return (
    <nav
      aria-label="Sections"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] sm:hidden dark:border-slate-800 dark:bg-slate-950"
    >
      <ul className="mx-auto grid max-w-md grid-cols-5">
        {tabs.map((tab) => {
          const active = tab === current;
          return (
            <li key={tab.to}>
              <Link
                to={tab.to}
                aria-current={active ? "page" : undefined}
                className={`flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 text-[0.7rem] font-semibold leading-tight ${
                  active
                    ? "text-indigo-700 dark:text-indigo-300"
                    : "text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
                }`}
              >
                <tab.icon className="h-6 w-6" />
                <span className="text-center">{tab.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
