import { Link } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { adminPageRead } from "#app/lib/setup.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { readSetupOverview } from "#server/services/campus-setup/overview.ts";
import { SETUP_STEPS } from "#common/campus-setup.ts";
import type { Route } from "./+types/admin-setup";

// The campus admin's checklist (docs/decisions/0104-campus-setup.md): each step of setting the
// college up, Done or Not yet, linking to its page.
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return adminPageRead(() => readSetupOverview(envOf(context), user));
}

export default function AdminSetup({ loaderData }: Route.ComponentProps) {
  const { college, done, counts } = loaderData;
  const detail: Record<(typeof SETUP_STEPS)[number]["key"], string> = {
    college: `${college.name}; ${college.domains.length ? college.domains.map((d) => `@${d}`).join(", ") : "no domain"}`,
    blocks: `${counts.blocks} block${counts.blocks === 1 ? "" : "s"}`,
    mess: `${counts.meals} meal${counts.meals === 1 ? "" : "s"}, ${counts.menu} menu entr${counts.menu === 1 ? "y" : "ies"}`,
    laundry: `${counts.slots} slot${counts.slots === 1 ? "" : "s"}`,
  };
  return (
    <>
      <PageIntro
        title="Set up your college"
        lead={`What ${college.name}'s students need before the hostel screens work for them. Each step saves as you go; students see every change at once.`}
      />
      <ol className="space-y-3">
        {SETUP_STEPS.map((step, i) => (
          <li key={step.key} className="card flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <h2 className="font-semibold">
                <Link to={step.path} className="text-indigo-700 underline dark:text-indigo-300">
                  {i + 1}. {step.title}
                </Link>
              </h2>
              <p className="text-sm break-words text-slate-600 dark:text-slate-400">{detail[step.key]}</p>
            </div>
            {/* The badge's look without the hostel screens' module: the checklist loads only what it shows. */}
            <span
              className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${done[step.key] ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200" : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200"}`}
            >
              {done[step.key] ? "Done" : "Not yet"}
            </span>
          </li>
        ))}
        <li className="card p-4">
          <h2 className="font-semibold">
            <Link to="/admin/setup/academics" className="text-indigo-700 underline dark:text-indigo-300">
              {SETUP_STEPS.length + 1}. Academics
            </Link>
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">Programmes, branches, semesters and subjects.</p>
        </li>
        <li className="card p-4">
          <h2 className="font-semibold">
            <Link to="/admin/setup/timetable" className="text-indigo-700 underline dark:text-indigo-300">
              {SETUP_STEPS.length + 2}. Timetables and attendance
            </Link>
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            The attendance rule, holidays, classes and their representatives.
          </p>
        </li>
        <li className="card p-4">
          <h2 className="font-semibold">
            <Link to="/admin/setup/meetup-places" className="text-indigo-700 underline dark:text-indigo-300">
              {SETUP_STEPS.length + 3}. Safe meet-up places
            </Link>
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {`${counts.places} place${counts.places === 1 ? "" : "s"} where buyers and sellers meet to trade.`}
          </p>
        </li>
      </ol>
      <p className="mt-6">
        <Link to="/admin" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
          Back to campus admin
        </Link>
      </p>
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Set up your college · Campus" },
  { name: "robots", content: "noindex" },
];
