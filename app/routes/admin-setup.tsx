import { Link } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { adminPageRead } from "#app/lib/setup.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { readSetupOverview } from "#server/services/campus-setup/overview.ts";
import { SETUP_STEPS, type SetupStep } from "#common/campus-setup.ts";
import type { Route } from "./+types/admin-setup";

// The campus admin's checklist (docs/decisions/0104-campus-setup.md): each step of setting the
// college up, Done or Not yet as its data stands, linking to its page.
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return adminPageRead(() => readSetupOverview(envOf(context), user));
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export default function AdminSetup({ loaderData }: Route.ComponentProps) {
  const { college, done, counts } = loaderData;
  // What each step holds now, read with its Done or Not yet (readSetupOverview): nothing is assumed.
  const detail: Record<SetupStep, string> = {
    college: `${college.name}; ${college.domains.length ? college.domains.map((d) => `@${d}`).join(", ") : "no domain"}`,
    blocks: plural(counts.blocks, "block"),
    mess: `${plural(counts.meals, "meal")}, ${plural(counts.menu, "menu entry", "menu entries")}`,
    laundry: plural(counts.slots, "slot"),
    academics: `${plural(counts.programmes, "programme")}, ${plural(counts.subjects, "subject")}`,
    timetable: `${plural(counts.classes, "class", "classes")}, ${plural(counts.reps, "class representative")}; the attendance rule and holidays`,
    places: `${plural(counts.places, "place")} where buyers and sellers meet to trade`,
    grades: `${counts.ownScale ? "Your college's scale" : "The 10-point scale, O to F"}; ${plural(counts.credited, "subject")} with credits`,
  };
  const left = SETUP_STEPS.filter((step) => !done[step.key]).length;
  return (
    <>
      <PageIntro
        title="Set up your college"
        lead={`What ${college.name}'s students need before Campus works for them. Each step saves as you go; students see every change at once.`}
      />
      <p className="mb-4 font-semibold" role="status">
        {left === 0 ? "Every step is done." : `${plural(left, "step")} of ${SETUP_STEPS.length} not done yet.`}
      </p>
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
      </ol>
      {/* Not a step: a college works without clubs (docs/decisions/0130-the-waiting-list.md). */}
      <p className="mt-6">
        <Link to="/admin/setup/clubs" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
          Clubs and their leads
        </Link>
        <span className="text-slate-600 dark:text-slate-400"> · the students who publish each club&apos;s events</span>
      </p>
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
