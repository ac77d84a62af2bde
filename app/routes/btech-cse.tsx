import { NavLink, Outlet } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { Breadcrumbs } from "#app/components/notes/Breadcrumbs.tsx";
import { ordinal, SEMESTER_IDS, semesterHref } from "#app/lib/notes.ts";
import type { Route } from "./+types/btech-cse";

// The CSE layout: semester tiles stay on screen while a semester page (the nested route) changes.
export default function BtechCse() {
  return (
    <div className="space-y-4">
      <Breadcrumbs
        items={[{ label: "Notes", to: "/notes" }, { label: "B.Tech", to: "/notes/btech" }, { label: "CSE" }]}
      />
      <PageIntro
        title="B.Tech CSE Notes"
        lead="Computer Science and Engineering: pick a semester for its subjects, syllabus and notes."
      />
      <nav aria-label="Semesters">
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6 sm:gap-3">
          {SEMESTER_IDS.map((id) => (
            <li key={id}>
              <NavLink
                to={semesterHref(id)}
                prefetch="intent"
                className={({ isActive }) =>
                  `flex min-h-16 flex-col items-center justify-center rounded-2xl border px-2 py-3 text-center shadow-sm transition ${
                    isActive
                      ? "border-indigo-600 bg-indigo-600 text-white dark:border-indigo-400 dark:bg-indigo-500 dark:text-slate-950"
                      : "border-slate-200 bg-white hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-700"
                  }`
                }
              >
                <span className="text-xl font-bold leading-none">{id}</span>
                <span className="mt-1 text-xs font-medium opacity-80">{ordinal(id)} semester</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "B.Tech CSE Notes · Campus" },
  {
    name: "description",
    content: "B.Tech Computer Science and Engineering: syllabus, unit-wise notes and past papers for semesters 1 to 6.",
  },
];
