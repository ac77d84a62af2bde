// Laundry pickups: the bookable slots of the next seven days with their places left, a student's
// bookings, booking one (one conditional write against the slot's capacity) and cancelling it.
import { z } from "zod";
import { all, first, int, returning, select, type Sql, sql, update } from "#server/db/sql.ts";
import { laundryBookings, laundrySlots } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formatIndiaDay } from "#common/format.ts";
import { addDays, clock, indiaDate, indiaInstant, isCalendarDate } from "#common/india-time.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { type BookingStatus, LAUNDRY_SERVICES, MAX_ACTIVE_BOOKINGS, MAX_CLOTHES } from "#common/hostel-labels.ts";
import { HOSTEL_WRITES } from "#common/hostel-messages.ts";

export type LaundryService = (typeof LAUNDRY_SERVICES)[number];
export const BOOKING_DAYS = 7; // today and the six days after it

const dateSchema = z
  .string({ error: "Choose a pickup date." })
  .trim()
  .refine(isCalendarDate, "Choose a pickup date written as YYYY-MM-DD.");

export const slotsQuerySchema = z.object({ date: dateSchema.optional() });

/** `POST /api/hostel/laundry/bookings` and the laundry screen's form. */
export const bookingSchema = z.object({
  date: dateSchema,
  slotId: z
    .string({ error: "Choose a pickup slot." })
    .trim()
    .min(1, "Choose a pickup slot.")
    .max(24, "Choose one of the pickup slots."),
  clothes: z.coerce
    .number({ error: "Enter how many clothes you are sending." })
    .int("Enter a whole number of clothes.")
    .min(1, "Send at least 1 piece of clothing.")
    .max(MAX_CLOTHES, `One pickup takes at most ${MAX_CLOTHES} clothes.`),
  service: z.enum(LAUNDRY_SERVICES, { error: "Choose wash, iron or dry clean." }),
});
export type BookingInput = z.output<typeof bookingSchema>;

export interface SlotView {
  id: string;
  label: string; // "08:00–10:00"
  startsAt: number;
  capacity: number;
  booked: number;
  remaining: number;
  started: boolean;
}

export interface BookingView {
  id: string;
  date: string;
  slotId: string;
  slotLabel: string;
  startsAt: number;
  clothes: number;
  service: LaundryService;
  status: BookingStatus;
  cancellable: boolean;
  createdAt: number;
}

/** The dates a pickup can be booked for: today (India) and the next six days. */
export function bookableDates(now = Date.now()): string[] {
  const first = indiaDate(now);
  return Array.from({ length: BOOKING_DAYS }, (_, i) => addDays(first, i));
}

function requireBookableDate(date: string, now: number) {
  const dates = bookableDates(now);
  if (!dates.includes(date)) {
    throw new ApiError(
      400,
      `Choose a pickup date from ${formatIndiaDay(dates[0] ?? date)} to ${formatIndiaDay(dates[dates.length - 1] ?? date)}.`,
      { field: "date" },
    );
  }
}

const [b, s] = [laundryBookings.as("b"), laundrySlots.as("s")];

const slotLabel = (startsAtMin: number, endsAtMin: number) => `${clock(startsAtMin)}–${clock(endsAtMin)}`;

/** A campus's laundry slots for a day (each campus runs its own laundry, migrations/0013), with the places left. */
export async function slotsFor(
  env: Env,
  campusId: string,
  date: string | undefined,
  now = Date.now(),
): Promise<{ date: string; dates: string[]; slots: SlotView[] }> {
  const day = date ?? indiaDate(now);
  requireBookableDate(day, now);
  const rows = await all(
    env,
    select(
      {
        id: s.id,
        startsAtMin: s.starts_at_min,
        endsAtMin: s.ends_at_min,
        capacity: s.capacity,
        booked: int(
          sql`(SELECT COUNT(*) FROM laundry_bookings b WHERE b.slot_id = ${s.id} AND b.date = ${day} AND b.status <> 'cancelled')`,
        ),
      },
      sql`FROM ${s} WHERE ${s.campus_id} = ${campusId} ORDER BY ${s.position}`,
    ),
  );
  return {
    date: day,
    dates: bookableDates(now),
    slots: rows.map((row) => {
      const startsAt = indiaInstant(day, row.startsAtMin);
      return {
        id: row.id,
        label: slotLabel(row.startsAtMin, row.endsAtMin),
        startsAt,
        capacity: row.capacity,
        booked: row.booked,
        remaining: Math.max(0, row.capacity - row.booked),
        started: startsAt <= now,
      };
    }),
  };
}

/** The bookings (`b`, with their slot `s`) that `rest` (WHERE ...) picks. */
function selectBookings(rest: Sql) {
  return select(
    {
      id: b.id,
      date: b.date,
      slotId: b.slot_id,
      startsAtMin: s.starts_at_min,
      endsAtMin: s.ends_at_min,
      startsAt: b.starts_at,
      clothes: b.clothes,
      service: b.service,
      status: b.status,
      createdAt: b.created_at,
    },
    sql`FROM ${b} JOIN ${s} ON ${s.id} = ${b.slot_id} ${rest}`,
  );
}

type Row = NonNullable<ReturnType<typeof selectBookings>["row"]>;

function toView({ startsAtMin, endsAtMin, ...row }: Row, now: number): BookingView {
  return {
    ...row,
    slotLabel: slotLabel(startsAtMin, endsAtMin),
    cancellable: row.status === "booked" && row.startsAt > now,
  };
}

export async function myBookings(env: Env, user: SessionUser, now = Date.now()): Promise<BookingView[]> {
  const rows = await all(
    env,
    selectBookings(
      sql`WHERE ${b.user_id} = ${user.id} AND ${s.campus_id} = ${user.campusId} ORDER BY ${b.starts_at} DESC, ${b.created_at} DESC LIMIT 50`,
    ),
  );
  return rows.map((row) => toView(row, now));
}

/**
 * Books a pickup. The capacity check, the student's limit of MAX_ACTIVE_BOOKINGS upcoming pickups
 * and the insert are ONE statement: D1 runs statements one at a time, so however many bookings
 * arrive at once, the slot never goes over capacity and the student never over the limit.
 */
export async function bookPickup(
  env: Env,
  user: SessionUser,
  booking: BookingInput,
  now = Date.now(),
): Promise<BookingView> {
  requireMayAct(user, HOSTEL_WRITES.bookPickup);
  requireBookableDate(booking.date, now);
  // Only a slot of the student's own campus's laundry.
  const slot = await first(
    env,
    select(
      { id: s.id, startsAtMin: s.starts_at_min },
      sql`FROM ${s} WHERE ${s.id} = ${booking.slotId} AND ${s.campus_id} = ${user.campusId} LIMIT 1`,
    ),
  );
  if (!slot) throw new ApiError(400, "Choose one of the pickup slots.", { field: "slotId" });
  const startsAt = indiaInstant(booking.date, slot.startsAtMin);
  if (startsAt <= now)
    throw new ApiError(400, "This slot has already started. Choose a later one.", { field: "slotId" });

  const id = crypto.randomUUID();
  const inserted = await first(
    env,
    returning(
      sql`INSERT INTO ${laundryBookings} (id, user_id, slot_id, date, starts_at, clothes, service, status, created_at)
        SELECT ${id}, ${user.id}, ${s.id}, ${booking.date}, ${startsAt}, ${booking.clothes}, ${booking.service}, 'booked', ${now} FROM ${s}
        WHERE ${s.id} = ${slot.id} AND ${s.campus_id} = ${user.campusId}
          AND (SELECT COUNT(*) FROM laundry_bookings b WHERE b.slot_id = ${s.id} AND b.date = ${booking.date} AND b.status <> 'cancelled') < ${s.capacity}
          AND (SELECT COUNT(*) FROM laundry_bookings b WHERE b.user_id = ${user.id} AND b.status <> 'cancelled' AND b.starts_at > ${now}) < ${MAX_ACTIVE_BOOKINGS}
        ON CONFLICT DO NOTHING`,
      { id: laundryBookings.id },
    ),
  );
  if (!inserted) {
    // One read tells which condition refused it.
    const why = await first(
      env,
      select(
        {
          sameSlot: int(
            sql`EXISTS (SELECT 1 FROM laundry_bookings WHERE user_id = ${user.id} AND date = ${booking.date} AND slot_id = ${slot.id} AND status <> 'cancelled')`,
          ),
          active: int(
            sql`(SELECT COUNT(*) FROM laundry_bookings WHERE user_id = ${user.id} AND status <> 'cancelled' AND starts_at > ${now})`,
          ),
        },
        sql``,
      ),
    );
    if (why?.sameSlot) throw new ApiError(409, "You already have a pickup booked in this slot.");
    if ((why?.active ?? 0) >= MAX_ACTIVE_BOOKINGS) {
      throw new ApiError(
        409,
        `You already have ${MAX_ACTIVE_BOOKINGS} upcoming pickups booked, the most one student can hold. Cancel one, or book again once one has started.`,
      );
    }
    throw new ApiError(409, "This slot is full. Choose another time or day.");
  }
  const row = await first(env, selectBookings(sql`WHERE ${b.id} = ${id} LIMIT 1`));
  if (!row) throw new Error("booking vanished after insert");
  return toView(row, now);
}

/** Cancels the student's own booking, only while its slot has not started. */
export async function cancelBooking(env: Env, user: SessionUser, id: string, now = Date.now()): Promise<BookingView> {
  // Another campus's booking does not exist for this student.
  const row = await first(
    env,
    select(
      { userId: b.user_id, status: b.status, startsAt: b.starts_at },
      sql`FROM ${b} JOIN ${s} ON ${s.id} = ${b.slot_id} WHERE ${b.id} = ${id} AND ${s.campus_id} = ${user.campusId} LIMIT 1`,
    ),
  );
  if (!row) throw new ApiError(404, "There is no booking with that id.");
  if (row.userId !== user.id) throw new ApiError(403, "You can cancel only your own bookings.");
  const cancelled = await first(
    env,
    returning(
      update(
        laundryBookings,
        { status: "cancelled", cancelled_at: now },
        sql`WHERE id = ${id} AND user_id = ${user.id} AND status = 'booked' AND starts_at > ${now}`,
      ),
      { id: laundryBookings.id },
    ),
  );
  if (!cancelled) {
    if (row.status === "cancelled") throw new ApiError(409, "This booking is already cancelled.");
    if (row.status !== "booked")
      throw new ApiError(409, "Your clothes have already been picked up; this booking can no longer be cancelled.");
    throw new ApiError(409, "This pickup's slot has started, so it can no longer be cancelled.");
  }
  const view = await first(env, selectBookings(sql`WHERE ${b.id} = ${id} LIMIT 1`));
  if (!view) throw new Error("booking vanished after cancel");
  return toView(view, now);
}
