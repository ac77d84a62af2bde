import { Form, Link } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { RouteError } from "#app/components/hostel/ui.tsx";
import { answerFor, FormAnswer, SetupField, useSending } from "#app/components/setup/fields.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { attempt, attemptTold } from "#app/lib/action-result.server.ts";
import { byName, dispatch } from "#app/lib/actions.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { intents, withId } from "#app/lib/intents.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { attendanceSentence, percentText } from "#common/attendance.ts";
import { TIMETABLE_FORM_LIMIT } from "#common/body-limits.ts";
import { formatIndiaDay } from "#common/format.ts";
import { indiaDate } from "#common/india-time.ts";
import { ATTENDANCE_MESSAGES as A } from "#common/timetable-messages.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import {
  type AttendanceCounting,
  readAttendance,
  removeBaseline,
  setBaseline,
} from "#server/services/timetable/attendance.ts";
import { attendanceQuerySchema, baselineParamSchema, baselineSchema } from "#server/services/timetable/schema.ts";
import type { Route } from "./+types/attendance";

// A student's attendance (docs/decisions/0109-timetable-and-attendance.md): per subject with the
// honest sentence against the college's rule, and one month's marks. Their own record only; marks
// are made from the timetable's day list. A student who started mid-semester enters what they
// already had per subject (docs/decisions/0137-attendance-that-fits.md).
export const handle = { bodyLimit: TIMETABLE_FORM_LIMIT };

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const asked = attendanceQuerySchema.safeParse({ month: new URL(request.url).searchParams.get("month") ?? "" });
  const view = await readAttendance(envOf(context), user, asked.success ? asked.data : {});
  return { ...view, thisMonth: indiaDate(Date.now()).slice(0, 7) };
}

const INTENTS = intents("baseline", "remove-baseline");

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  const input = formInput(await readForm(request));
  const posted = byName(String(input.intent ?? ""));
  return dispatch(posted, INTENTS, {
    baseline: (intent) =>
      attemptTold(intent, async () => ({
        message: A.baselineSaved(
          (
            await setBaseline(
              env,
              user,
              parseWith(baselineParamSchema, { subjectId: input.subjectId }),
              parseWith(baselineSchema, input),
            )
          ).subject,
        ),
      })),
    "remove-baseline": (intent) =>
      attempt(intent, A.baselineRemoved, () =>
        removeBaseline(env, user, parseWith(baselineParamSchema, { subjectId: posted.id })),
      ),
  });
}

/** How the college counts a class, in a sentence (none when every period counts once). */
function countingSentence({ labWeight, periodMinutes }: AttendanceCounting): string | null {
  const parts: string[] = [];
  if (periodMinutes)
    parts.push(`a period counts as its length in ${periodMinutes}-minute periods (a double period counts as 2)`);
  if (labWeight) parts.push(`a lab counts as ${labWeight === 1 ? "1 class" : `${labWeight} classes`}`);
  if (parts.length === 0) return null;
  const sentence = parts.join(", and ");
  return `Your college counts classes this way: ${sentence}.`;
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

export default function Attendance({ loaderData, actionData }: Route.ComponentProps) {
  const { threshold, counting, subjects, overall, month, marks, thisMonth, classSubjects } = loaderData;
  const result = actionData ?? null;
  const countedAs = countingSentence(counting);
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
      {countedAs && <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{countedAs}</p>}
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
                {s.alreadyHad && s.subjectId && (
                  <AlreadyHad subjectId={s.subjectId} title={s.title} had={s.alreadyHad} result={result} />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {classSubjects.length > 0 && <BaselineForm subjects={classSubjects} result={result} />}

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

/** What a student entered as already had in a subject, with the button that takes it back. */
function AlreadyHad({
  subjectId,
  title,
  had,
  result,
}: {
  subjectId: string;
  title: string;
  had: { attended: number; held: number };
  result: ActionResult | null;
}) {
  const intent = withId(INTENTS["remove-baseline"], subjectId);
  const answer = answerFor(result, intent);
  return (
    <Form method="post" className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="text-slate-600 dark:text-slate-400">
        Includes {had.attended} of {had.held} from before you used Campus.
      </span>
      <button
        type="submit"
        name="intent"
        value={intent}
        className="text-slate-700 underline dark:text-slate-300"
        aria-label={`Remove what you already had in ${title}`}
      >
        Remove
      </button>
      {answer && !answer.ok && <FormAnswer result={answer} />}
    </Form>
  );
}

/** "Started mid-semester?": a subject of the class's week, and what was attended of what was held. */
function BaselineForm({
  subjects,
  result,
}: {
  subjects: { id: string; code: string; name: string }[];
  result: ActionResult | null;
}) {
  const answer = answerFor(result, INTENTS.baseline);
  // A removal's "done" is said here: the line it was sent from is gone with it.
  const removed = result?.ok && result.intent.startsWith(`${INTENTS["remove-baseline"]}:`) ? result : null;
  const sending = useSending(INTENTS.baseline);
  return (
    <section aria-labelledby="baseline-heading" className="card mt-8 max-w-xl space-y-3 p-5">
      <h2 id="baseline-heading" className="text-lg font-semibold">
        Started keeping attendance mid-semester?
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Enter what you already had in a subject, from your college's portal or register: it is added to what you mark
        here. Entering a subject again replaces it.
      </p>
      <Form method="post" className="space-y-3">
        <SetupField form="baseline" name="subjectId" label="Subject" result={answer}>
          <select className="input w-full" required>
            {subjects.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name} ({x.code})
              </option>
            ))}
          </select>
        </SetupField>
        <div className="grid grid-cols-2 gap-2">
          <SetupField
            form="baseline"
            name="attended"
            label="Classes attended"
            type="number"
            inputMode="numeric"
            min={0}
            max={999}
            required
            result={answer}
          />
          <SetupField
            form="baseline"
            name="held"
            label="Classes held"
            type="number"
            inputMode="numeric"
            min={1}
            max={999}
            required
            result={answer}
          />
        </div>
        <SubmitButton busy={sending} busyLabel="Saving..." name="intent" value={INTENTS.baseline}>
          Add to my attendance
        </SubmitButton>
        <FormAnswer result={answer ?? removed} />
      </Form>
    </section>
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
