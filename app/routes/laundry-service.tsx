import { useEffect, useRef } from "react";
import { Link, useFetcher, useNavigation } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { useConfirmSubmit } from "#app/components/dialogs.tsx";
import { Badge, EmptyState, LoadingBar, RouteError, type BadgeTone } from "#app/components/hostel/ui.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { Field, FieldError } from "#app/components/Field.tsx";
import { attempt, type ActionResult } from "#app/lib/action-result.server.ts";
import { fieldError } from "#app/lib/action-result.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formatIndiaDay } from "#common/format.ts";
import { indiaDate } from "#common/india-time.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { HOSTEL_MESSAGES } from "#common/hostel-messages.ts";
import {
  bookingStatusLabel,
  LAUNDRY_SERVICES,
  MAX_ACTIVE_BOOKINGS,
  MAX_CLOTHES,
  serviceLabel,
} from "#common/hostel-labels.ts";
import {
  bookingSchema,
  bookPickup,
  cancelBooking,
  myBookings,
  slotsFor,
  type BookingView,
} from "#server/services/hostel/laundry.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import type { Route } from "./+types/laundry-service";
import { mayAct } from "#common/membership.ts";
import { VerifyBanner } from "#app/components/verify-banner.ts";
import { readForm } from "#app/lib/form.server.ts";
import { NotSetUp } from "#app/components/hostel/not-set-up.tsx";
import { dispatch } from "#app/lib/actions.server.ts";
import { intents } from "#app/lib/intents.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  const asked = new URL(request.url).searchParams.get("date") ?? undefined;
  // An out-of-range or mistyped date in the address shows today instead of an error page.
  const [availability, bookings] = await Promise.all([
    slotsFor(env, user.campusId, asked).catch((error: unknown) => {
      if (error instanceof ApiError) return slotsFor(env, user.campusId, undefined);
      throw error;
    }),
    myBookings(env, user),
  ]);
  return { ...availability, bookings, today: indiaDate(Date.now()), mayAct: mayAct(user), email: user.email };
}

const INTENTS = intents("book", "cancel");

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  const form = await readForm(request);
  return dispatch(form, INTENTS, {
    book: (intent) =>
      attempt(intent, HOSTEL_MESSAGES.pickupBookedOnScreen, () =>
        bookPickup(env, user, parseWith(bookingSchema, formInput(form))),
      ),
    cancel: (intent) =>
      attempt(intent, HOSTEL_MESSAGES.bookingCancelled, () => cancelBooking(env, user, String(form.get("id") ?? ""))),
  });
}

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

const statusTone: Record<BookingView["status"], BadgeTone> = {
  booked: "indigo",
  picked_up: "amber",
  washing: "amber",
  ready: "emerald",
  collected: "slate",
  cancelled: "slate",
};

export default function LaundryService({ loaderData }: Route.ComponentProps) {
  const { date, dates, slots, bookings, today, mayAct: canAct, email } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/laundry-service";
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data?.intent === INTENTS.book ? fetcher.data : null;
  // Every field the server found wrong shows its own problem (decision 0103).
  const error = (name: string) => fieldError(result, name);
  const open = slots.filter((s) => !s.started && s.remaining > 0);

  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) formRef.current?.reset();
  }, [fetcher.state, result]);

  if (slots.length === 0) return <NotSetUp title="Laundry Service" part="laundry" />;

  return (
    <>
      <PageIntro
        title="Laundry Service"
        lead="Book a pickup slot for washing, ironing or dry cleaning, and follow your bookings. You can cancel until the slot starts."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:items-start">
        <section aria-labelledby="book-heading" className="card min-w-0 p-5">
          <h2 id="book-heading" className="text-lg font-semibold">
            Book a pickup
          </h2>
          <nav aria-label="Pickup date" className="mt-4">
            <p className="label">Pickup date</p>
            <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2">
              {dates.map((d) => (
                <li key={d} className="shrink-0">
                  <Link
                    to={`?date=${d}`}
                    preventScrollReset
                    aria-current={d === date ? "date" : undefined}
                    className={`inline-flex min-h-11 flex-col items-center justify-center rounded-xl border px-3 py-1 text-sm ${d === date ? "border-indigo-600 bg-indigo-600 font-semibold text-white dark:border-indigo-400 dark:bg-indigo-500 dark:text-slate-950" : "border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"}`}
                  >
                    {d === today ? "Today" : formatIndiaDay(d).split(",")[0]}
                    <span className="text-xs">{formatIndiaDay(d).split(", ")[1]}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <LoadingBar active={loading} />

          {canAct ? (
            <fetcher.Form ref={formRef} method="post" className="mt-3 space-y-4" aria-busy={busy || loading}>
              <input type="hidden" name="intent" value={INTENTS.book} />
              <input type="hidden" name="date" value={date} />
              {/* The day is chosen above; a day that has gone by since the page was read is refused here. */}
              <FieldError id="date" message={error("date")} />
              <fieldset aria-describedby={error("slotId") ? "slotId-error" : undefined}>
                <legend className="label">Time slot on {formatIndiaDay(date)}</legend>
                <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2">
                  {slots.map((slot) => {
                    const unavailable = slot.started || slot.remaining === 0;
                    return (
                      <label
                        key={slot.id}
                        className={`flex min-h-11 items-center gap-3 rounded-xl border px-3 py-2 text-sm ${unavailable ? "cursor-not-allowed border-slate-200 text-slate-500 dark:border-slate-800 dark:text-slate-500" : "cursor-pointer border-slate-300 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 dark:border-slate-700 dark:has-[:checked]:bg-indigo-950"}`}
                      >
                        <input
                          type="radio"
                          name="slotId"
                          value={slot.id}
                          required
                          disabled={unavailable}
                          className="accent-indigo-600"
                        />
                        <span className="flex-1 font-semibold">{slot.label}</span>
                        <span
                          className={
                            slot.remaining === 0 && !slot.started
                              ? "font-semibold text-red-700 dark:text-red-300"
                              : "text-slate-600 dark:text-slate-400"
                          }
                        >
                          {slot.started
                            ? "Started"
                            : slot.remaining === 0
                              ? "Full"
                              : `${slot.remaining} of ${slot.capacity} left`}
                        </span>
                      </label>
                    );
                  })}
                </div>
                <FieldError id="slotId" message={error("slotId")} />
                {open.length === 0 && (
                  <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                    No free slots left on this day. Pick another date above.
                  </p>
                )}
              </fieldset>
              <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2">
                <Field
                  name="clothes"
                  label="Number of clothes"
                  hint={`Up to ${MAX_CLOTHES} per pickup.`}
                  error={error("clothes")}
                >
                  <input
                    type="number"
                    inputMode="numeric"
                    required
                    min={1}
                    max={MAX_CLOTHES}
                    defaultValue={10}
                    className="input"
                  />
                </Field>
                <fieldset aria-describedby={error("service") ? "service-error" : undefined}>
                  <legend className="label">Service</legend>
                  <div className="flex flex-wrap gap-2">
                    {LAUNDRY_SERVICES.map((service, i) => (
                      <label
                        key={service}
                        className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 text-sm has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 dark:border-slate-700 dark:has-[:checked]:bg-indigo-950"
                      >
                        <input
                          type="radio"
                          name="service"
                          value={service}
                          defaultChecked={i === 0}
                          className="accent-indigo-600"
                        />
                        {serviceLabel[service]}
                      </label>
                    ))}
                  </div>
                  <FieldError id="service" message={error("service")} />
                </fieldset>
              </div>
              {result && (result.ok || !result.field) && (
                <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>
              )}
              <SubmitButton busy={busy} busyLabel="Booking..." disabled={open.length === 0}>
                Book pickup
              </SubmitButton>
            </fetcher.Form>
          ) : (
            <>
              <SlotAvailability date={date} slots={slots} />
              <div className="mt-4">
                <VerifyBanner what="book a laundry pickup" email={email} />
              </div>
            </>
          )}
        </section>

        <section aria-labelledby="bookings-heading" className="min-w-0 space-y-3">
          <h2 id="bookings-heading" className="text-lg font-semibold">
            My bookings
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            You can hold up to {MAX_ACTIVE_BOOKINGS} upcoming pickups at a time, so every student gets a turn.
          </p>
          {bookings.length === 0 ? (
            <EmptyState title="No bookings yet.">Your pickups will show here with their status.</EmptyState>
          ) : (
            <ul className="space-y-3" aria-live="polite">
              {bookings.map((booking) => (
                <li key={booking.id}>
                  <BookingCard booking={booking} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

/** The day's slots and places left, read only: what an account that may not book yet sees. */
function SlotAvailability({ date, slots }: { date: string; slots: Route.ComponentProps["loaderData"]["slots"] }) {
  return (
    <div className="mt-3">
      <h3 className="label">Time slots on {formatIndiaDay(date)}</h3>
      <ul className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2">
        {slots.map((slot) => (
          <li
            key={slot.id}
            className="flex min-h-11 items-center gap-3 rounded-xl border border-slate-200 px-3 py-2 text-sm dark:border-slate-800"
          >
            <span className="flex-1 font-semibold">{slot.label}</span>
            <span className="text-slate-600 dark:text-slate-400">
              {slot.started ? "Started" : slot.remaining === 0 ? "Full" : `${slot.remaining} of ${slot.capacity} left`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function BookingCard({ booking }: { booking: BookingView }) {
  const fetcher = useFetcher<ActionResult>();
  const cancel = useConfirmSubmit({
    title: "Cancel this pickup?",
    question: `Cancel your pickup on ${formatIndiaDay(booking.date)} at ${booking.slotLabel}?`,
    confirmLabel: "Cancel booking",
    cancelLabel: "Keep booking",
  });
  return (
    <article
      className="card p-4"
      aria-label={`${serviceLabel[booking.service]} pickup on ${formatIndiaDay(booking.date)} at ${booking.slotLabel}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {formatIndiaDay(booking.date)} · {booking.slotLabel}
        </p>
        <Badge tone={statusTone[booking.status]}>{bookingStatusLabel[booking.status]}</Badge>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {serviceLabel[booking.service]} · {booking.clothes} {booking.clothes === 1 ? "piece" : "pieces"}
      </p>
      {booking.cancellable && (
        <fetcher.Form method="post" className="mt-3">
          <input type="hidden" name="intent" value={INTENTS.cancel} />
          <input type="hidden" name="id" value={booking.id} />
          <SubmitButton
            busy={fetcher.state !== "idle"}
            busyLabel="Cancelling..."
            className="btn-secondary text-red-700 dark:text-red-300"
            onClick={cancel.onClick}
          >
            Cancel booking
          </SubmitButton>
          {cancel.dialog}
        </fetcher.Form>
      )}
      {fetcher.data && !fetcher.data.ok && (
        <div className="mt-3">
          <Alert tone="error">{fetcher.data.message}</Alert>
        </div>
      )}
    </article>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Laundry Service · Campus" },
  { name: "description", content: "Book a laundry pickup slot and follow your bookings." },
];

export function ErrorBoundary() {
  return <RouteError title="Laundry Service" />;
}
