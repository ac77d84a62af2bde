import type { ReactNode } from "react";
import { Link } from "react-router";
import { lazyReady } from "#app/lib/lazy-ready.ts";
import type { ActionResult } from "#app/lib/action-result.ts";
import { percentText } from "#common/attendance.ts";
import { clock } from "#common/india-time.ts";
import { roomLabel, timeRange } from "#common/timetable.ts";
import type { TodayView } from "#server/services/dashboard/today.ts";
import { MARK_INTENTS } from "#app/components/timetable/timetable-intents.ts";

// The dashboard's Today (docs/decisions/0112-today.md): what the student needs next, each line
// linking to its screen. Server-rendered; the attendance buttons are plain form posts.

// The attendance buttons are a file of their own: only a student with a class to mark sees them.
const MarkButtons = lazyReady(() => import("#app/components/timetable/slots.tsx").then((m) => m.MarkButtons)).Component;

function Card({
  title,
  to,
  linkLabel,
  children,
}: {
  title: string;
  to: string;
  linkLabel: string;
  children: ReactNode;
}) {
  return (
    <li className="card flex flex-col gap-2 p-4">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{title}</h3>
      <div className="flex-1">{children}</div>
      <Link
        to={to}
        className="self-start text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
      >
        {linkLabel}
      </Link>
    </li>
  );
}

function ClassCard({ today }: { today: TodayView }) {
  const next = today.nextClass;
  let body: ReactNode;
  if (today.holiday && (!next || next.when === "tomorrow"))
    body = <p className="font-semibold">Holiday: {today.holiday}. No classes today.</p>;
  else if (!today.hasClass && !next) body = <p>Choose your class once, and your next class shows here.</p>;
  else if (!next) body = <p className="font-semibold">No more classes today.</p>;
  else {
    const { slot } = next;
    const where = slot.room ? ` · ${roomLabel(slot.room)}` : "";
    body = (
      <>
        {next.when === "tomorrow" && (
          <p className="text-sm text-slate-600 dark:text-slate-400">No more classes today.</p>
        )}
        <p className="text-lg font-semibold break-words">
          {next.when === "now" ? "Now: " : next.when === "tomorrow" ? "Tomorrow: " : "Next: "}
          {slot.title}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {next.when === "now" ? `Until ${clock(slot.endsMin)}` : `At ${timeRange(slot.startsMin, slot.endsMin)}`}
          {where}
        </p>
        {slot.state === "moved" && slot.usual && (
          <p className="text-sm font-semibold text-amber-800 dark:text-amber-300">
            Moved today (usually {clock(slot.usual.startsMin)}
            {slot.usual.room ? `, ${roomLabel(slot.usual.room, { inSentence: true })}` : ""})
          </p>
        )}
        {today.laterToday > 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Then {today.laterToday} more {today.laterToday === 1 ? "class" : "classes"} today.
          </p>
        )}
      </>
    );
  }
  return (
    <Card
      title="Classes"
      to="/timetable"
      linkLabel={!today.hasClass && !next ? "Choose my class" : "Open my timetable"}
    >
      {body}
    </Card>
  );
}

export function Today({
  today,
  mode,
  result,
}: {
  today: TodayView;
  mode: "day-scholar" | "hosteller";
  result: ActionResult | null;
}) {
  return (
    <section aria-labelledby="today-heading" className="space-y-3">
      <h2 id="today-heading" className="text-xl font-semibold">
        Today <span className="font-normal text-slate-600 dark:text-slate-400">· {today.dayLabel}</span>
      </h2>
      {/* A marked class leaves the list: this line says it was marked. */}
      {result?.intent.startsWith(`${MARK_INTENTS.mark}:`) && (
        <p
          role={result.ok ? "status" : "alert"}
          className={`text-sm font-medium ${result.ok ? "text-emerald-800 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}`}
        >
          {result.message}
        </p>
      )}
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:grid-cols-3">
        <ClassCard today={today} />
        {today.exams.length > 0 && (
          <Card title="Exams" to="/exams" linkLabel="Open my datesheet">
            <ul className="space-y-2">
              {today.exams.map((exam) => (
                <li key={exam.id}>
                  <p className="font-semibold break-words">{exam.subjectName}</p>
                  <p className="text-sm text-slate-700 dark:text-slate-300">{exam.when}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">{exam.line}</p>
                  {exam.clash && (
                    <p className="text-sm font-semibold text-amber-800 dark:text-amber-300">{exam.clash}</p>
                  )}
                </li>
              ))}
            </ul>
          </Card>
        )}
        {today.toMark.length > 0 && (
          <Card title="Mark your attendance" to="/attendance" linkLabel="See my attendance">
            <ul className="space-y-3">
              {today.toMark.map((slot) => (
                <li key={slot.id}>
                  <p className="font-semibold break-words">{slot.title}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {timeRange(slot.startsMin, slot.endsMin)}
                  </p>
                  {/* Its answer is the section's line above: a marked class leaves this list. */}
                  <MarkButtons slot={slot} date={today.date} mark={null} result={null} />
                </li>
              ))}
            </ul>
          </Card>
        )}
        {today.warnings.length > 0 && (
          <Card title="Attendance" to="/attendance" linkLabel="See my attendance">
            <ul className="space-y-2">
              {today.warnings.map((w) => (
                <li key={w.title}>
                  <p className="font-semibold break-words">
                    {w.title}
                    {w.percentTenths !== null && (
                      <span className="font-normal text-rose-700 dark:text-rose-300">
                        {" "}
                        · {percentText(w.percentTenths)}
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-slate-700 dark:text-slate-300">{w.sentence}</p>
                </li>
              ))}
            </ul>
          </Card>
        )}
        {today.classroomDue.length > 0 && (
          <Card title="Classroom work due soon" to="/googleclassroom" linkLabel="Open Google Classroom">
            <ul className="space-y-2">
              {today.classroomDue.map((work) => (
                <li key={work.id}>
                  <p className="font-semibold break-words">{work.title}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {work.course} · due {work.due}
                  </p>
                </li>
              ))}
            </ul>
          </Card>
        )}
        {mode === "hosteller" && today.meal && (
          <Card title="Mess" to="/mess-menu" linkLabel="See the week's menu">
            <p className="font-semibold">
              {today.meal.now
                ? `${today.meal.name} now, until ${clock(today.meal.endsAtMin)}`
                : `${today.meal.tomorrow ? "Tomorrow's " : ""}${today.meal.tomorrow ? today.meal.name.toLowerCase() : today.meal.name} at ${clock(today.meal.startsAtMin)}`}
            </p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {today.meal.items.length > 0 ? today.meal.items.join(", ") : "The mess has not put up this menu yet."}
            </p>
          </Card>
        )}
        <Card title="Events" to="/events" linkLabel="See all events">
          {today.events.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Nothing you follow is on today.</p>
          ) : (
            <ul className="space-y-2">
              {today.events.map((event) => (
                <li key={event.id}>
                  <Link
                    to={`/events/${event.id}`}
                    className="font-semibold break-words underline-offset-2 hover:underline"
                  >
                    {event.title}
                  </Link>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {event.time}
                    {event.place ? ` · ${event.place}` : ""}
                    {event.going ? " · you are going" : ""}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {today.laundryReady > 0 && (
          <Card title="Laundry" to="/laundry-service" linkLabel="See my laundry">
            <p className="font-semibold">
              {today.laundryReady === 1
                ? "Your laundry is ready to collect."
                : `${today.laundryReady} laundry orders are ready to collect.`}
            </p>
          </Card>
        )}
        {today.reservations.length > 0 && (
          <Card
            title="Waiting for a meet-up"
            to={today.reservations.every((r) => !r.buying) ? "/sells" : "/purchases"}
            linkLabel={today.reservations.every((r) => !r.buying) ? "Open My Sells" : "Open My Purchases"}
          >
            <ul className="space-y-1">
              {today.reservations.map((r) => (
                <li key={r.id}>
                  <Link to={`/product/${r.id}`} className="font-semibold break-words hover:underline">
                    {r.title}
                  </Link>
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    {r.buying ? " · you reserved it" : " · reserved from you"}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        )}
        {today.unreadNotices > 0 && (
          <Card title="Notices" to="/notifications" linkLabel="Read them">
            <p className="font-semibold">
              {today.unreadNotices === 1 ? "1 unread notice" : `${today.unreadNotices} unread notices`}
            </p>
          </Card>
        )}
      </ul>
    </section>
  );
}
