import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { ActionResult } from "#app/lib/action-result.ts";
import { formatIndiaDay } from "#common/format.ts";
import { type Day, roomLabel, timeRange, type Slot, WEEKDAYS } from "#common/timetable.ts";
import { MARK_INTENTS } from "#app/components/timetable/timetable-intents.ts";
import { withId } from "#app/lib/intents.ts";

// A slot of a student's timetable as the day list and the week grid show it. Plain links and
// forms: every control works without JavaScript.

const KIND_LABEL: Record<Slot["kind"], string> = {
  lecture: "Lecture",
  lab: "Lab",
  tutorial: "Tutorial",
  personal: "Your entry",
};

export function SlotSummary({ slot }: { slot: Slot }) {
  const cancelled = slot.state === "cancelled";
  return (
    <div className="min-w-0">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        <span className={cancelled ? "line-through" : undefined}>{timeRange(slot.startsMin, slot.endsMin)}</span>
        {" · "}
        {KIND_LABEL[slot.kind]}
      </p>
      <p className={`font-semibold break-words ${cancelled ? "line-through decoration-2" : ""}`}>{slot.title}</p>
      <p className="text-sm break-words text-slate-600 dark:text-slate-400">
        {[slot.room && roomLabel(slot.room), slot.teacher].filter(Boolean).join(" · ")}
      </p>
      {cancelled && <p className="text-sm font-semibold text-rose-700 dark:text-rose-300">Cancelled on this date</p>}
      {slot.state === "moved" && slot.usual && (
        <p className="text-sm font-semibold text-amber-800 dark:text-amber-300">
          Moved on this date (usually {timeRange(slot.usual.startsMin, slot.usual.endsMin)}
          {slot.usual.room ? `, ${roomLabel(slot.usual.room, { inSentence: true })}` : ""})
        </p>
      )}
    </div>
  );
}

const STATUSES = [
  { status: "present", label: "Present" },
  { status: "absent", label: "Absent" },
  { status: "cancelled", label: "Cancelled" },
] as const;

/** One tap per status, a form post each; the current mark is pressed. */
export function MarkButtons({
  slot,
  date,
  mark,
  result,
}: {
  slot: Slot;
  date: string;
  mark: string | null;
  result: ActionResult | null;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("slotId") === slot.id;
  const pending = sending ? String(navigation.formData?.get("status")) : null;
  const shown = pending ?? mark;
  const answer = result && result.intent === withId(MARK_INTENTS.mark, slot.id) ? result : null;
  return (
    <Form method="post" className="mt-2" aria-label={`Attendance for ${slot.title}`}>
      <input type="hidden" name="intent" value={withId(MARK_INTENTS.mark, slot.id)} />
      <input type="hidden" name="slotId" value={slot.id} />
      <input type="hidden" name="date" value={date} />
      <div role="group" aria-label={`Mark ${slot.title}`} className="flex flex-wrap gap-2">
        {STATUSES.map(({ status, label }) => (
          <button
            key={status}
            type="submit"
            name="status"
            value={status}
            aria-pressed={shown === status}
            className={`rounded-lg border px-3 py-1.5 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none ${
              shown === status
                ? "border-indigo-700 bg-indigo-700 text-white dark:border-indigo-400 dark:bg-indigo-500 dark:text-slate-950"
                : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      {answer && (
        <p
          role={answer.ok ? "status" : "alert"}
          className={`mt-1 text-sm ${answer.ok ? "text-emerald-800 dark:text-emerald-300" : "font-medium text-red-700 dark:text-red-300"}`}
        >
          {answer.message}
        </p>
      )}
    </Form>
  );
}

/**
 * One day in full, as the student's timetable and a shared class week show it: its heading, the
 * college's holiday, and each slot as a card, with what the page adds under it (`more`).
 */
export function DaySlots({
  day,
  today,
  more,
  className = "space-y-3",
}: {
  day: Day;
  today: string;
  more?: (slot: Slot) => ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby="day-heading" className={className}>
      <h2 id="day-heading" className="text-xl font-semibold">
        {day.date === today ? "Today · " : ""}
        {WEEKDAYS[day.weekday - 1]}, {formatIndiaDay(day.date).split(", ")[1]}
      </h2>
      {day.holiday && (
        <p className="card border-emerald-300 p-4 font-semibold dark:border-emerald-800">Holiday: {day.holiday}</p>
      )}
      {day.slots.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">No classes on this day.</p>
      ) : (
        <ol className="space-y-3">
          {day.slots.map((slot) => (
            <li key={slot.id} className="card p-4">
              <SlotSummary slot={slot} />
              {more?.(slot)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
