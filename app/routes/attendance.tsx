import { Link } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { RouteError } from "#app/components/hostel/ui.tsx";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { attendanceSentence, percentText } from "#common/attendance.ts";
import { formatIndiaDay } from "#common/format.ts";
import { indiaDate } from "#common/india-time.ts";
import { attendanceQuerySchema } from "#server/services/timetable/schema.ts";
import { readAttendance } from "#server/services/timetable/attendance.ts";
import type { Route } from "./+types/attendance";

// A student's attendance (docs/decisions/0109-timetable-and-attendance.md): per subject with the
// honest sentence against the college's rule, and one month's marks. Their own record only; marks
// are made from the timetable's day list.
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const asked = attendanceQuerySchema.safeParse({ month: new URL(request.url).searchParams.get("month") ?? "" });
  const view = await readAttendance(envOf(context), user, asked.success ? asked.data : {});
  return { ...view, thisMonth: indiaDate(Date.now()).slice(0, 7) };
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const monthName = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

const STATUS_LABEL = { present: "Present", absent: "Absent", cancelled: "Cancelled" } as const;
const linkClass = "font-semibold text-indigo-700 underline underline-offset-2 dark:text-indigo-300";

export default function Attendance({ loaderData }: Route.ComponentProps) {
  const { threshold, subjects, overall, month, marks, thisMonth } = loaderData;
  const byDate = new Map<string, typeof marks>();
  for (const m of marks) byDate.set(m.date, [...(byDate.get(m.date) ?? []), m]);
  return (
    <>
      <PageIntro
        title="Attendance"
        lead={`Your own record, kept by you and seen by nobody else. Your college asks for ${threshold}%.`}
      />
      <p className="mb-4 text-sm">
        <Link to="/timetable" className={linkClass}>
          Mark today's classes on your timetable
        </Link>{" "}
        ·{" "}
        <Link to="/grades" className={linkClass}>
          Your grades, SGPA and CGPA
        </Link>
      </p>
      <section aria-labelledby="overall-heading" className="card mb-6 p-5">
        <h2 id="overall-heading" className="text-lg font-semibold">
          All subjects
        </h2>
        <Summary s={overall} />
      </section>

      <section aria-labelledby="subjects-heading" className="space-y-3">
        <h2 id="subjects-heading" className="text-xl font-semibold">
          By subject
        </h2>
        {subjects.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">
            Nothing marked yet. Mark a class after it starts, from your timetable.
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {subjects.map((s) => (
              <li key={s.key} className="card p-4">
                <h3 className="font-semibold break-words">{s.title}</h3>
                <Summary s={s} />
                {s.threshold !== threshold && (
                  <p className="text-sm text-slate-600 dark:text-slate-400">This subject asks for {s.threshold}%.</p>
                )}
                {s.cancelled > 0 && (
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {s.cancelled} cancelled {s.cancelled === 1 ? "class does" : "classes do"} not count.
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="month-heading" className="mt-8 space-y-3">
        <h2 id="month-heading" className="text-xl font-semibold">
          {monthName(month)}
        </h2>
        <nav aria-label="Months" className="flex flex-wrap gap-4 text-sm">
          <Link to={`?month=${shiftMonth(month, -1)}`} className={linkClass}>
            ‹ {monthName(shiftMonth(month, -1))}
          </Link>
          {month !== thisMonth && (
            <Link to={`?month=${shiftMonth(month, 1)}`} className={linkClass}>
              {monthName(shiftMonth(month, 1))} ›
            </Link>
          )}
        </nav>
        {byDate.size === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">No marks this month.</p>
        ) : (
          <ul className="space-y-2">
            {[...byDate].map(([date, list]) => (
              <li key={date} className="card p-3">
                <h3 className="font-semibold">{formatIndiaDay(date)}</h3>
                <ul className="mt-1 text-sm">
                  {list.map((m) => (
                    <li key={m.slotId}>
                      {m.title}: <span className="font-semibold">{STATUS_LABEL[m.status]}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function Summary({ s }: { s: Parameters<typeof attendanceSentence>[0] }) {
  const tone =
    s.state === "none"
      ? "text-slate-700 dark:text-slate-300"
      : s.state === "safe"
        ? "text-emerald-800 dark:text-emerald-300"
        : "text-rose-800 dark:text-rose-300";
  return (
    <div className="mt-1">
      {s.percentTenths !== null && (
        <p>
          <span className="text-2xl font-bold">{percentText(s.percentTenths)}</span>{" "}
          <span className="text-sm text-slate-600 dark:text-slate-400">
            {s.attended} of {s.held} attended
          </span>
        </p>
      )}
      <p className={`font-semibold ${tone}`}>{attendanceSentence(s)}</p>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Attendance · Campus" },
  { name: "description", content: "Your attendance per subject against your college's rule." },
];

export function ErrorBoundary() {
  return <RouteError title="Attendance" />;
}
