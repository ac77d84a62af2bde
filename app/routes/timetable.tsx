import { Form, Link } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { RouteError } from "#app/components/hostel/ui.tsx";
import { answerFor, FormAnswer, SetupField, useSending } from "#app/components/setup/fields.tsx";
import { ClassPicker } from "#app/components/timetable/ClassPicker.tsx";
import { DaySlots, MarkButtons } from "#app/components/timetable/slots.tsx";
import { classWeekPath, ShareWeek } from "#app/components/timetable/ShareWeek.tsx";
import { WeekGrid } from "#app/components/timetable/WeekGrid.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { attempt, attemptTold } from "#app/lib/action-result.server.ts";
import { markAction } from "#app/lib/attendance.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { TIMETABLE_FORM_LIMIT } from "#common/body-limits.ts";
import { addDays, indiaMinutes } from "#common/india-time.ts";
import { type Day, type PersonalEntry, timeRange, WEEKDAYS, weekdayName, weekStart } from "#common/timetable.ts";
import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { addEntry, hidePeriod, removeEntry, showPeriod } from "#server/services/timetable/personal.ts";
import {
  classChoiceSchema,
  idParamSchema,
  personalEntrySchema,
  timetableQuerySchema,
} from "#server/services/timetable/schema.ts";
import { chooseClass, readTimetable } from "#server/services/timetable/student.ts";
import { readClasses } from "#server/services/timetable/week.ts";
import type { Route } from "./+types/timetable";
import { byName, dispatch } from "#app/lib/actions.server.ts";
import { intents, mergeIntents, withId } from "#app/lib/intents.ts";
import { CLASS_CHOICE_INTENTS, MARK_INTENTS } from "#app/components/timetable/timetable-intents.ts";

// A student's timetable (docs/decisions/0109-timetable-and-attendance.md): the chosen day with
// one-tap attendance, the week as a grid under it at every width (decision 0136; a day opens by
// ?date=), sharing the class's week as a link, their own entries and hidden periods. Choosing a
// class happens here on the first visit.
export const handle = { bodyLimit: TIMETABLE_FORM_LIMIT };

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  const url = new URL(request.url);
  const asked = timetableQuerySchema.safeParse({ date: url.searchParams.get("date") ?? "" });
  const timetable = await readTimetable(env, user, { date: asked.success ? asked.data.date : undefined, span: "week" });
  // The third read: the college's classes (to choose from, on the first visit or with ?change=1;
  // /account has the same picker) with the ones the student keeps (a rep's own, every one for a curator or admin).
  const choosing = !timetable.class || url.searchParams.has("change");
  const all = await readClasses(env, user);
  const classes = choosing ? all.classes : null;
  const kept = all.classes.filter((c) => all.kept.includes(c.id)).map(({ id, label }) => ({ id, label }));
  const keeper = timetable.class !== null && all.kept.includes(timetable.class.id);
  return { ...timetable, classes, keeper, kept, nowMin: indiaMinutes(Date.now()), origin: url.origin };
}

// The page's own forms (personal entries, hiding a period) and the class picker's and attendance buttons'.
const INTENTS = mergeIntents(CLASS_CHOICE_INTENTS, MARK_INTENTS, intents("add-entry", "remove-entry", "hide", "show"));

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  const form = await readForm(request);
  const input = formInput(form);
  const posted = byName(String(input.intent ?? ""));
  const { id } = posted;
  return dispatch(posted, INTENTS, {
    choose: (intent) =>
      attemptTold(intent, async () => ({
        message: M.classChosen((await chooseClass(env, user, parseWith(classChoiceSchema, input))).label),
      })),
    mark: (intent) => markAction(env, user, intent, form),
    "add-entry": (intent) =>
      attempt(intent, M.entryAdded, () =>
        // An unticked checkbox sends nothing, which the API reads as "keeps attendance".
        addEntry(
          env,
          user,
          parseWith(personalEntrySchema, { ...input, keepsAttendance: input.keepsAttendance ?? "off" }),
        ),
      ),
    "remove-entry": (intent) =>
      attempt(intent, M.entryRemoved, () => removeEntry(env, user, parseWith(idParamSchema, { id }))),
    hide: (intent) => attempt(intent, M.hidden, () => hidePeriod(env, user, parseWith(idParamSchema, { id }))),
    show: (intent) => attempt(intent, M.shown, () => showPeriod(env, user, parseWith(idParamSchema, { id }))),
  });
}

const linkClass = "font-semibold text-indigo-700 underline underline-offset-2 dark:text-indigo-300";

export default function Timetable({ loaderData, actionData }: Route.ComponentProps) {
  const { class: cls, date, today, days, marks, entries, hidden, classes, keeper, kept, nowMin, origin } = loaderData;
  const result = actionData ?? null;
  const day = days.find((d) => d.date === date) ?? days[0]!;
  const weekPath = cls ? classWeekPath(cls.id, days[0]!.date, weekStart(today)) : null;
  const markOf = (d: string, slotId: string) => marks.find((m) => m.date === d && m.slotId === slotId)?.status ?? null;
  return (
    <>
      <PageIntro
        title="Timetable"
        lead={cls ? `${cls.label}. Times are India time.` : "Choose your class once, and its week is yours."}
      />
      {classes ? (
        <ClassPicker classes={classes} chosen={cls?.id ?? ""} result={result} />
      ) : (
        // Once a class is chosen the page reloads without the picker: its answer is shown here.
        answerFor(result, "choose") && (
          <div className="mb-6 max-w-xl">
            <FormAnswer result={answerFor(result, "choose")} />
          </div>
        )
      )}

      <nav aria-label="Days" className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <Link to={`?date=${addDays(date, -1)}`} className={`${linkClass} md:hidden`}>
          ‹ Previous day
        </Link>
        {date !== today && (
          <Link to="/timetable" className={linkClass}>
            Today
          </Link>
        )}
        <Link to={`?date=${addDays(date, 1)}`} className={`${linkClass} md:hidden`}>
          Next day ›
        </Link>
        {/* On a phone the week's grid is under the day's list, a long scroll away. */}
        <a href="#week-heading" className={`${linkClass} md:hidden`}>
          The week
        </a>
        <Link to="/attendance" className={`${linkClass} ml-auto`}>
          Attendance
        </Link>
        <Link to="/exams" className={linkClass}>
          Exams
        </Link>
        <Link to="/grades" className={linkClass}>
          Grades
        </Link>
        {/* The switch for a reminder 10 minutes before each class (docs/decisions/0110-class-reminders.md). */}
        <Link to="/notifications#classes-heading" className={linkClass}>
          Class reminders
        </Link>
        {cls && keeper && (
          <Link to={`/timetable/class/${cls.id}/edit`} className={linkClass}>
            Edit the class's week
          </Link>
        )}
      </nav>

      <DayList day={day} today={today} nowMin={nowMin} markOf={markOf} result={result} />

      {/* Under the day on a phone as on a wide screen (docs/decisions/0136-the-week-on-a-phone.md). */}
      <WeekGrid
        days={days}
        today={today}
        selected={date}
        dayHref={(d) => `?date=${d}#day-heading`}
        ownEntries={entries.length > 0}
        actions={
          <nav aria-label="Weeks" className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <Link to={`?date=${addDays(date, -7)}`} preventScrollReset className={linkClass}>
              ‹ Previous week
            </Link>
            <Link to={`?date=${addDays(date, 7)}`} preventScrollReset className={linkClass}>
              Next week ›
            </Link>
          </nav>
        }
      />
      {weekPath && (
        // Classmates of the college open the class's week from the link (decision 0136); without
        // JavaScript there is no share button, and the page's own link is the one to pass on.
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <ShareWeek url={`${origin}${weekPath}`} label={cls!.label} />
          <Link to={weekPath} className={linkClass}>
            Open the class's week as a page
          </Link>
        </div>
      )}
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <OwnEntries entries={entries} weekday={day.weekday} result={result} />
        {hidden.length > 0 && (
          <section aria-labelledby="hidden-heading" className="card min-w-0 space-y-3 p-5">
            <h2 id="hidden-heading" className="text-lg font-semibold">
              Periods you hid
            </h2>
            <ul className="space-y-2">
              {hidden.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {weekdayName(p.weekday)} {timeRange(p.startsMin, p.endsMin)} · {p.subjectName} ({p.kind})
                  </span>
                  <Form method="post">
                    <button type="submit" name="intent" value={withId(INTENTS.show, p.id)} className="btn-secondary">
                      Show again
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      {kept.length > 0 && (
        <details className="card mt-6 p-4">
          <summary className="cursor-pointer font-semibold">Classes whose week you keep ({kept.length})</summary>
          <ul className="mt-2 space-y-1">
            {kept.map((c) => (
              <li key={c.id}>
                <Link to={`/timetable/class/${c.id}/edit`} className={linkClass}>
                  {c.label}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      )}
      {cls && (
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
          Not your class?{" "}
          <Link to="/account#class" className={linkClass}>
            Change it on your account
          </Link>
          .
        </p>
      )}
    </>
  );
}

function DayList({
  day,
  today,
  nowMin,
  markOf,
  result,
}: {
  day: Day;
  today: string;
  nowMin: number;
  markOf: (date: string, slotId: string) => string | null;
  result: ActionResult | null;
}) {
  const isToday = day.date === today;
  return (
    <DaySlots
      day={day}
      today={today}
      more={(slot) => {
        const started = day.date < today || (isToday && slot.startsMin <= nowMin);
        const hideAnswer = answerFor(result, withId(INTENTS.hide, slot.id));
        return (
          <>
            {!slot.keepsAttendance ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No attendance kept for it.</p>
            ) : started ? (
              <MarkButtons slot={slot} date={day.date} mark={markOf(day.date, slot.id)} result={result} />
            ) : (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Mark your attendance once it starts.</p>
            )}
            {slot.source === "class" && (
              <Form method="post" className="mt-2">
                <button
                  type="submit"
                  name="intent"
                  value={withId(INTENTS.hide, slot.id)}
                  className="text-sm text-slate-700 underline dark:text-slate-300"
                >
                  Not mine: hide it from my week
                </button>
                {hideAnswer && !hideAnswer.ok && <FormAnswer result={hideAnswer} />}
              </Form>
            )}
          </>
        );
      }}
    />
  );
}

function OwnEntries({
  entries,
  weekday,
  result,
}: {
  entries: PersonalEntry[];
  /** The day being viewed: a new entry starts on it. */
  weekday: number;
  result: ActionResult | null;
}) {
  const added = answerFor(result, "add-entry");
  const adding = useSending("add-entry");
  return (
    <section aria-labelledby="own-heading" className="card min-w-0 space-y-3 p-5">
      <h2 id="own-heading" className="text-lg font-semibold">
        Your own entries
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        An elective taught elsewhere, a club: only you see them.
      </p>
      {entries.length > 0 && (
        <ul className="space-y-2">
          {entries.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {weekdayName(e.weekday)} {timeRange(e.startsMin, e.endsMin)} · {e.title}
                {e.room ? ` · ${e.room}` : ""}
                {e.keepsAttendance ? "" : " · no attendance"}
              </span>
              <Form method="post">
                <button
                  type="submit"
                  name="intent"
                  value={withId(INTENTS["remove-entry"], e.id)}
                  className="btn-secondary"
                  aria-label={`Remove ${e.title}`}
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {/* Keyed by the day too, so moving to another day starts the form on it. */}
      <Form key={`${entries.length}-${weekday}`} method="post" className="space-y-3">
        <SetupField form="entry" name="weekday" label="Day" result={added}>
          <select className="input w-full" required defaultValue={weekday}>
            {WEEKDAYS.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </select>
        </SetupField>
        <div className="grid grid-cols-2 gap-2">
          <SetupField form="entry" name="startsAt" label="Starts" type="time" result={added} required />
          <SetupField form="entry" name="endsAt" label="Ends" type="time" result={added} required />
        </div>
        <SetupField
          form="entry"
          name="title"
          label="What"
          placeholder="Photography club"
          result={added}
          required
          maxLength={80}
        />
        <SetupField form="entry" name="room" label="Where (optional)" result={added} maxLength={40} />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="keepsAttendance" defaultChecked className="mt-1 h-4 w-4" />
          <span>
            Keep attendance for it
            <span className="block text-slate-600 dark:text-slate-400">
              Untick for a club or anything without a register: it stays in your week without the buttons.
            </span>
          </span>
        </label>
        <SubmitButton busy={adding} busyLabel="Adding..." name="intent" value={INTENTS["add-entry"]}>
          Add to my week
        </SubmitButton>
        <FormAnswer result={added} />
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Timetable · Campus" },
  { name: "description", content: "Your class timetable for today and the week, with attendance in one tap." },
];

export function ErrorBoundary() {
  return <RouteError title="Timetable" />;
}
