import { NavLink, Outlet } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { Breadcrumbs } from "#app/components/notes/Breadcrumbs.tsx";
import { ComingSoonNotes } from "#app/components/notes/ComingSoonNotes.tsx";
import { branchHref, notesHref, ordinal, programmeHref, semesterHref, type BranchOutlet } from "#app/lib/notes.ts";
import { branchOfPage } from "#app/lib/notes.server.ts";
import type { Route } from "./+types/notes-branch";

// A branch of a programme the college has (decision 0121): the semester tiles the college has set up
// stay on screen while a semester page (the nested route) changes. Mounted for B.Tech's branches at
// /btech/:branch and for every other programme's at /notes/:programme/:branch (app/routes.ts).
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { programme, branch, place } = await branchOfPage(context, request, params);
  // Somewhere useful while this branch has no semesters: a sibling that has some set up.
  const sibling = programme.branches.find((b) => b.slug !== branch.slug && b.semesters.some((s) => s.ready));
  return {
    sibling: sibling
      ? {
          name: sibling.name,
          href: branchHref({ programme: programme.slug, branch: sibling.slug, college: place.college }),
        }
      : null,
    programme: { name: programme.name, href: programmeHref(programme.slug, place.college) },
    branch: { name: branch.name, fullName: branch.fullName },
    home: notesHref(place.college),
    semesters: branch.semesters.map((semester) => ({
      number: semester.number,
      ready: semester.ready,
      href: semesterHref(place, semester.number),
    })),
  };
}

export default function NotesBranch({
  loaderData: { programme, branch, home, semesters, sibling },
}: Route.ComponentProps) {
  const what = `${programme.name} ${branch.name}`;
  return (
    <div className="space-y-4">
      <Breadcrumbs
        items={[{ label: "Notes", to: home }, { label: programme.name, to: programme.href }, { label: branch.name }]}
      />
      <PageIntro
        title={`${what} Notes`}
        lead={
          semesters.length > 0
            ? `${branch.fullName}: pick a semester for its subjects, syllabus and notes.`
            : branch.fullName
        }
      />
      {semesters.length === 0 ? (
        <ComingSoonNotes
          what={what}
          back={{ to: programme.href, label: `Back to ${programme.name} branches` }}
          meanwhile={
            sibling
              ? { to: sibling.href, label: `Browse ${sibling.name} notes` }
              : { to: "/library", label: "Search the library" }
          }
        />
      ) : (
        <>
          <nav aria-label="Semesters">
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6 sm:gap-3">
              {semesters.map((semester) => (
                <li key={semester.number}>
                  <NavLink
                    to={semester.href}
                    prefetch="intent"
                    className={({ isActive }) =>
                      `flex min-h-16 flex-col items-center justify-center rounded-2xl border px-2 py-3 text-center shadow-sm transition ${
                        isActive
                          ? "border-indigo-600 bg-indigo-600 text-white dark:border-indigo-400 dark:bg-indigo-500 dark:text-slate-950"
                          : "border-slate-200 bg-white hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-700"
                      }`
                    }
                  >
                    {({ isActive }) => (
                      <>
                        <span className="text-xl font-bold leading-none">{semester.number}</span>
                        {/* Softer beside the number, but not on the chosen semester's colour, where it
                            would fall under 4.5:1 in dark mode. */}
                        <span className={`mt-1 text-xs font-medium ${isActive ? "" : "opacity-80"}`}>
                          {ordinal(semester.number)} semester
                        </span>
                      </>
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Outlet context={{ semesters: semesters.length } satisfies BranchOutlet} />
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Page not found · Campus" }];
  const { programme, branch, semesters } = loaderData;
  const numbers = semesters.map((semester) => semester.number);
  return [
    { title: `${programme.name} ${branch.name} Notes · Campus` },
    {
      name: "description",
      content:
        numbers.length === 0
          ? `${programme.name} ${branch.fullName}: notes and past papers on Campus.`
          : `${programme.name} ${branch.fullName}: syllabus, unit-wise notes and past papers for semesters ${
              numbers.length === 1 ? numbers[0] : `${numbers[0]} to ${numbers[numbers.length - 1]}`
            }.`,
    },
  ];
};
