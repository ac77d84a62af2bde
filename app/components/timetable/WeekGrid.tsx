import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatIndiaDay } from "#common/format.ts";
import { clock } from "#common/india-time.ts";
import { type Day, roomLabel, type Slot, timeRange, WEEKDAYS, WEEKDAYS_SHORT } from "#common/timetable.ts";

// A week as columns, one per day (docs/decisions/0136-the-week-on-a-phone.md): the same grid at
// 360 px and at 1280 px. Monday to Saturday fit a phone's width as narrow columns (Sunday joins
// them only when something is on it): there a slot shows its start and the subject's code, and a
// wide screen adds the end, the title and the room. Each slot's whole sentence is read out to a
// screen reader, whatever the width shows. Tapping a day's heading opens that day (`dayHref`).

const KIND: Record<Slot["kind"], string> = {
  lecture: "lecture",
  lab: "lab",
  tutorial: "tutorial",
  personal: "your own entry",
};

/** What a screen reader hears for a slot: everything the widest grid shows, and its state. */
function slotSentence(slot: Slot): string {
  const parts = [
    timeRange(slot.startsMin, slot.endsMin),
    slot.subjectCode ? `${slot.title} (${slot.subjectCode})` : slot.title,
    KIND[slot.kind],
    slot.room && roomLabel(slot.room, { inSentence: true }),
  ].filter(Boolean);
  const state =
    slot.state === "cancelled"
      ? " Cancelled on this date."
      : slot.state === "moved" && slot.usual
        ? ` Moved on this date, usually ${timeRange(slot.usual.startsMin, slot.usual.endsMin)}${slot.usual.room ? ` in ${roomLabel(slot.usual.room, { inSentence: true })}` : ""}.`
        : "";
  return `${parts.join(", ")}.${state}`;
}

const SLOT_TONE = {
  scheduled: "border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900",
  cancelled: "border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-800 dark:bg-rose-950/50 dark:text-rose-100",
  moved: "border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-50",
} as const;

function SlotCell({ slot }: { slot: Slot }) {
  const cancelled = slot.state === "cancelled";
  const own = slot.source === "personal";
  return (
    <li
      className={`rounded-md border px-0.5 py-1 text-xs leading-snug md:p-1.5 ${SLOT_TONE[slot.state]} ${own ? "border-dashed border-slate-500 dark:border-slate-400" : ""}`}
    >
      <span className="sr-only">{slotSentence(slot)}</span>
      <div aria-hidden="true" className={cancelled ? "line-through decoration-2" : undefined}>
        <p className="tabular-nums">
          {clock(slot.startsMin)}
          <span className="hidden md:inline">–{clock(slot.endsMin)}</span>
        </p>
        {/* A subject's code fits a phone's column; an own entry has only its title. The code breaks
            after its hyphen when even it does not fit (a seven-day week). */}
        {slot.subjectCode ? (
          <p className="font-semibold [overflow-wrap:anywhere]">
            <span className="md:hidden">{slot.subjectCode}</span>
            <span className="hidden md:inline">
              {slot.title}
              {slot.kind === "lab" ? " (lab)" : slot.kind === "tutorial" ? " (tut.)" : ""}
            </span>
          </p>
        ) : (
          <p className="font-semibold italic hyphens-auto [overflow-wrap:anywhere]">{slot.title}</p>
        )}
        {slot.room && (
          <p className="hidden break-words text-slate-600 md:block dark:text-slate-400">{roomLabel(slot.room)}</p>
        )}
      </div>
      {slot.state !== "scheduled" && (
        <p aria-hidden="true" className="font-semibold [overflow-wrap:anywhere]">
          {/* "Cancelled" does not fit a phone's column: "Off" there, as students say of a class. */}
          {cancelled ? (
            <>
              <span className="md:hidden">Off</span>
              <span className="hidden md:inline">Cancelled</span>
            </>
          ) : (
            "Moved"
          )}
        </p>
      )}
    </li>
  );
}

function DayColumn({
  day,
  today,
  selected,
  dayHref,
}: {
  day: Day;
  today: string;
  selected: boolean;
  dayHref: (date: string) => string;
}) {
  const [weekday, dayMonth] = [WEEKDAYS_SHORT[day.weekday - 1], formatIndiaDay(day.date).split(", ")[1] ?? ""];
  const isToday = day.date === today;
  return (
    // No padding on a phone: every pixel of a 53 px column is the slots'.
    <div
      className={`min-w-0 md:card md:p-2 ${selected ? "md:border-indigo-400 md:ring-2 md:ring-indigo-500/40 md:dark:border-indigo-500" : ""}`}
    >
      <h3 className="text-center text-sm font-semibold md:text-left">
        {/* The whole heading is the target: at least 44 px tall on a phone. */}
        <Link
          to={dayHref(day.date)}
          aria-current={isToday ? "date" : undefined}
          className={`block min-h-11 rounded-md py-1 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 md:min-h-0 md:py-0 ${
            selected
              ? "bg-indigo-600 text-white md:bg-transparent md:text-inherit dark:bg-indigo-500 dark:text-slate-950 md:dark:bg-transparent md:dark:text-inherit"
              : isToday
                ? "text-indigo-700 dark:text-indigo-300"
                : ""
          }`}
        >
          <span className="block md:inline">{weekday}</span> <span className="md:hidden">{dayMonth.split(" ")[0]}</span>
          <span className="hidden md:inline">{dayMonth}</span>
          {isToday && <span className="sr-only"> (today)</span>}
        </Link>
      </h3>
      {day.holiday && (
        <p className="mt-1 text-xs font-semibold [overflow-wrap:anywhere] text-emerald-800 dark:text-emerald-300">
          <span className="sr-only">Holiday: </span>
          {day.holiday}
        </p>
      )}
      {day.slots.length === 0 && !day.holiday ? (
        <p className="mt-1 text-center text-xs text-slate-500 md:text-left dark:text-slate-400">
          <span aria-hidden="true">–</span>
          <span className="sr-only">No classes.</span>
        </p>
      ) : (
        <ul className="mt-1 space-y-1 md:mt-2 md:space-y-2">
          {day.slots.map((slot) => (
            <SlotCell key={slot.id} slot={slot} />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The week's grid under a heading of its own, with `actions` beside it (the week's navigation,
 * sharing). `selected` is the day the page shows in full; `ownEntries` adds their key to the legend.
 */
export function WeekGrid({
  days,
  today,
  selected,
  dayHref,
  actions,
  ownEntries = false,
}: {
  days: Day[];
  today: string;
  selected?: string;
  dayHref: (date: string) => string;
  actions?: ReactNode;
  ownEntries?: boolean;
}) {
  const columns = days.filter((d) => d.weekday < 7 || d.slots.length > 0);
  const first = days[0]!;
  return (
    <section aria-labelledby="week-heading" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id="week-heading" className="text-xl font-semibold">
          The week of {WEEKDAYS[first.weekday - 1]}, {formatIndiaDay(first.date).split(", ")[1]}
        </h2>
        {actions}
      </div>
      <div className={`mt-3 grid gap-0.5 md:gap-2 ${columns.length === 7 ? "grid-cols-7" : "grid-cols-6"}`}>
        {columns.map((d) => (
          <DayColumn key={d.date} day={d} today={today} selected={d.date === selected} dayHref={dayHref} />
        ))}
      </div>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <span className="md:hidden">Tap a day to see it in full.</span>
        <span>
          <span
            aria-hidden="true"
            className={`mr-1 inline-block size-3 rounded-sm border align-middle ${SLOT_TONE.cancelled}`}
          />
          Struck through: cancelled that day
        </span>
        <span>
          <span
            aria-hidden="true"
            className={`mr-1 inline-block size-3 rounded-sm border align-middle ${SLOT_TONE.moved}`}
          />
          Amber: moved that day
        </span>
        {ownEntries && (
          <span>
            <span
              aria-hidden="true"
              className="mr-1 inline-block size-3 rounded-sm border border-dashed border-slate-500 align-middle dark:border-slate-400"
            />
            Dashed, in italics: your own entries
          </span>
        )}
      </p>
    </section>
  );
}
