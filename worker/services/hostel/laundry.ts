import { and, asc, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "#server/db/client.ts";
import { laundryBookings, laundrySlots } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formatIndiaDay } from "#common/format.ts";
import { addDays, clock, indiaDate, indiaInstant, isCalendarDate } from "#common/india-time.ts";
import type { SessionUser } from "#server/services/session-user.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { LAUNDRY_SERVICES, MAX_ACTIVE_BOOKINGS, MAX_CLOTHES } from "#common/hostel-labels.ts";
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
  status: "booked" | "picked_up" | "washing" | "ready" | "collected" | "cancelled";
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
  const live =
    sql<number>`(SELECT COUNT(*) FROM laundry_bookings b WHERE b.slot_id = laundry_slots.id AND b.date = ${day} AND b.status <> 'cancelled')`.mapWith(
      Number,
    );
  const rows = await getDb(env.DB)
    .select({
      id: laundrySlots.id,
      startsAtMin: laundrySlots.startsAtMin,
      endsAtMin: laundrySlots.endsAtMin,
      capacity: laundrySlots.capacity,
      booked: live,
    })
    .from(laundrySlots)
    .where(eq(laundrySlots.campusId, campusId))
    .orderBy(asc(laundrySlots.position));
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

function selectBookings(env: Env) {
  return getDb(env.DB)
    .select({
      id: laundryBookings.id,
      date: laundryBookings.date,
      slotId: laundryBookings.slotId,
      startsAtMin: laundrySlots.startsAtMin,
      endsAtMin: laundrySlots.endsAtMin,
      startsAt: laundryBookings.startsAt,
      clothes: laundryBookings.clothes,
      service: laundryBookings.service,
      status: laundryBookings.status,
      createdAt: laundryBookings.createdAt,
    })
    .from(laundryBookings)
    .innerJoin(laundrySlots, eq(laundrySlots.id, laundryBookings.slotId));
}

type Row = Awaited<ReturnType<typeof selectBookings>>[number];

function toView({ startsAtMin, endsAtMin, ...row }: Row, now: number): BookingView {
  return {
    ...row,
    slotLabel: slotLabel(startsAtMin, endsAtMin),
    cancellable: row.status === "booked" && row.startsAt > now,
  };
}

export async function myBookings(env: Env, user: SessionUser, now = Date.now()): Promise<BookingView[]> {
  const rows = await selectBookings(env)
    .where(and(eq(laundryBookings.userId, user.id), eq(laundrySlots.campusId, user.campusId)))
    .orderBy(desc(laundryBookings.startsAt), desc(laundryBookings.createdAt))
    .limit(50);
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
  const db = getDb(env.DB);
  // Only a slot of the student's own campus's laundry.
  const [slot] = await db
    .select({ id: laundrySlots.id, startsAtMin: laundrySlots.startsAtMin })
    .from(laundrySlots)
    .where(and(eq(laundrySlots.id, booking.slotId), eq(laundrySlots.campusId, user.campusId)))
    .limit(1);
  if (!slot) throw new ApiError(400, "Choose one of the pickup slots.", { field: "slotId" });
  const startsAt = indiaInstant(booking.date, slot.startsAtMin);
  if (startsAt <= now)
    throw new ApiError(400, "This slot has already started. Choose a later one.", { field: "slotId" });

  const id = crypto.randomUUID();
  const inserted = await env.DB.prepare(
    `INSERT INTO laundry_bookings (id, user_id, slot_id, date, starts_at, clothes, service, status, created_at)
     SELECT ?1, ?2, s.id, ?3, ?4, ?5, ?6, 'booked', ?7 FROM laundry_slots s
     WHERE s.id = ?8 AND s.campus_id = ?10
       AND (SELECT COUNT(*) FROM laundry_bookings b WHERE b.slot_id = s.id AND b.date = ?3 AND b.status <> 'cancelled') < s.capacity
       AND (SELECT COUNT(*) FROM laundry_bookings b WHERE b.user_id = ?2 AND b.status <> 'cancelled' AND b.starts_at > ?7) < ?9
     ON CONFLICT DO NOTHING
     RETURNING id`,
  )
    .bind(
      id,
      user.id,
      booking.date,
      startsAt,
      booking.clothes,
      booking.service,
      now,
      slot.id,
      MAX_ACTIVE_BOOKINGS,
      user.campusId,
    )
    .first<{ id: string }>();
  if (!inserted) {
    // One read tells which condition refused it.
    const why = await env.DB.prepare(
      `SELECT EXISTS (SELECT 1 FROM laundry_bookings WHERE user_id = ?1 AND date = ?2 AND slot_id = ?3 AND status <> 'cancelled') AS sameSlot,
         (SELECT COUNT(*) FROM laundry_bookings WHERE user_id = ?1 AND status <> 'cancelled' AND starts_at > ?4) AS active`,
    )
      .bind(user.id, booking.date, slot.id, now)
      .first<{ sameSlot: number; active: number }>();
    if (why?.sameSlot) throw new ApiError(409, "You already have a pickup booked in this slot.");
    if ((why?.active ?? 0) >= MAX_ACTIVE_BOOKINGS) {
      throw new ApiError(
        409,
        `You already have ${MAX_ACTIVE_BOOKINGS} upcoming pickups booked, the most one student can hold. Cancel one, or book again once one has started.`,
      );
    }
    throw new ApiError(409, "This slot is full. Choose another time or day.");
  }
  const [row] = await selectBookings(env).where(eq(laundryBookings.id, id)).limit(1);
  if (!row) throw new Error("booking vanished after insert");
  return toView(row, now);
}

/** Cancels the student's own booking, only while its slot has not started. */
export async function cancelBooking(env: Env, user: SessionUser, id: string, now = Date.now()): Promise<BookingView> {
  const db = getDb(env.DB);
  // Another campus's booking does not exist for this student.
  const [row] = await db
    .select({ userId: laundryBookings.userId, status: laundryBookings.status, startsAt: laundryBookings.startsAt })
    .from(laundryBookings)
    .innerJoin(laundrySlots, eq(laundrySlots.id, laundryBookings.slotId))
    .where(and(eq(laundryBookings.id, id), eq(laundrySlots.campusId, user.campusId)))
    .limit(1);
  if (!row) throw new ApiError(404, "There is no booking with that id.");
  if (row.userId !== user.id) throw new ApiError(403, "You can cancel only your own bookings.");
  const [cancelled] = await db
    .update(laundryBookings)
    .set({ status: "cancelled", cancelledAt: now })
    .where(
      and(
        eq(laundryBookings.id, id),
        eq(laundryBookings.userId, user.id),
        eq(laundryBookings.status, "booked"),
        sql`${laundryBookings.startsAt} > ${now}`,
      ),
    )
    .returning({ id: laundryBookings.id });
  if (!cancelled) {
    if (row.status === "cancelled") throw new ApiError(409, "This booking is already cancelled.");
    if (row.status !== "booked")
      throw new ApiError(409, "Your clothes have already been picked up; this booking can no longer be cancelled.");
    throw new ApiError(409, "This pickup's slot has started, so it can no longer be cancelled.");
  }
  const [view] = await selectBookings(env).where(eq(laundryBookings.id, id)).limit(1);
  if (!view) throw new Error("booking vanished after cancel");
  return toView(view, now);
}
