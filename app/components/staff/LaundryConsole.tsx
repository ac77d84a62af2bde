import { useFetcher } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { Badge, EmptyState, type BadgeTone } from "#app/components/hostel/ui.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { formatIndiaDay } from "#common/format.ts";
import { bookingStatusLabel, serviceLabel } from "#common/hostel-labels.ts";
import { MAX_SLOT_CAPACITY, NEXT_STEP } from "#common/hostel-staff.ts";
import type { LaundryConsoleView, StaffBooking, StaffSlot } from "#server/services/hostel/laundry-staff.ts";
import { LAUNDRY_CONSOLE_INTENTS } from "#app/components/staff/staff-intents.ts";
import { Field } from "#app/components/Field.tsx";

// The laundry staff's part of /staff: today's and tomorrow's bookings per slot, one step
// forward per button, and each slot's capacity. Plain forms: they work without JavaScript.

const tone: Record<StaffBooking["status"], BadgeTone> = {
  booked: "indigo",
  picked_up: "amber",
  washing: "amber",
  ready: "emerald",
  collected: "slate",
  cancelled: "slate",
};
const stepButton = {
  picked_up: "Mark picked up",
  washing: "Mark washing",
  ready: "Mark ready",
  collected: "Mark collected",
} as const;

/** `now` is when the page was read: a step is offered only once it is possible. */
export function LaundryConsole({ view, now }: { view: LaundryConsoleView; now: number }) {
  return (
    <section aria-labelledby="laundry-heading" className="min-w-0 space-y-4">
      <h2 id="laundry-heading" className="text-lg font-semibold">
        Laundry: today and tomorrow
      </h2>
      {view.slots.length === 0 ? (
        <EmptyState title="No laundry slots at your campus.">Slots are set up with the campus.</EmptyState>
      ) : (
        <ol className="space-y-4">
          {view.slots.map((slot) => (
            <li key={slot.id}>
              <SlotCard slot={slot} now={now} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function SlotCard({ slot, now }: { slot: StaffSlot; now: number }) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  return (
    <article className="card p-5" aria-labelledby={`slot-${slot.id}`}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id={`slot-${slot.id}`} className="font-semibold">
          Slot {slot.label}
        </h3>
        <fetcher.Form method="post" className="flex items-end gap-2">
          <input type="hidden" name="intent" value={LAUNDRY_CONSOLE_INTENTS["laundry.capacity"]} />
          <input type="hidden" name="slotId" value={slot.id} />
          <Field id={`capacity-${slot.id}`} name="capacity" label="Capacity">
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_SLOT_CAPACITY}
              required
              defaultValue={slot.capacity}
              className="input w-24"
            />
          </Field>
          <SubmitButton busy={busy} busyLabel="Saving..." className="btn-secondary">
            Save
          </SubmitButton>
        </fetcher.Form>
      </div>
      {result && (
        <div className="mt-3">
          <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>
        </div>
      )}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {slot.days.map((day, i) => (
          <div key={day.date} className="min-w-0">
            <h4 className="text-sm font-semibold text-slate-700 dark:text-slate-300">
              {i === 0 ? "Today" : "Tomorrow"}, {formatIndiaDay(day.date)} · {day.bookings.length} of {slot.capacity}{" "}
              booked
            </h4>
            {day.bookings.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No pickups booked.</p>
            ) : (
              <ul className="mt-2 space-y-2">
                {day.bookings.map((b) => (
                  <li key={b.id}>
                    <BookingRow booking={b} opensAt={day.pickupOpensAt} opens={slot.opens} today={i === 0} now={now} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </div>
    </article>
  );
}

function BookingRow({
  booking: b,
  opensAt,
  opens,
  today,
  now,
}: {
  booking: StaffBooking;
  opensAt: number;
  opens: string;
  today: boolean;
  now: number;
}) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const next = NEXT_STEP[b.status];
  // Picked up no earlier than the slot's start (the server refuses it too): say from when instead.
  const notYet = next === "picked_up" && now < opensAt;
  const result = fetcher.data;
  return (
    <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 break-words text-sm">
          <span className="font-medium">{b.studentName}</span> · {serviceLabel[b.service]}, {b.clothes} clothes
        </p>
        <Badge tone={tone[b.status]}>{bookingStatusLabel[b.status]}</Badge>
      </div>
      {notYet ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Can be marked picked up from {opens}
          {today ? "" : " tomorrow"}.
        </p>
      ) : (
        next && (
          <fetcher.Form method="post" className="mt-2">
            <input type="hidden" name="intent" value={LAUNDRY_CONSOLE_INTENTS["laundry.step"]} />
            <input type="hidden" name="id" value={b.id} />
            <input type="hidden" name="status" value={next} />
            <SubmitButton
              busy={busy}
              busyLabel="Saving..."
              className={next === "ready" ? "btn-primary" : "btn-secondary"}
            >
              {stepButton[next]}
              <span className="sr-only"> for {b.studentName}</span>
            </SubmitButton>
          </fetcher.Form>
        )
      )}
      {result && !result.ok && (
        <div className="mt-2">
          <Alert tone="error">{result.message}</Alert>
        </div>
      )}
    </div>
  );
}
