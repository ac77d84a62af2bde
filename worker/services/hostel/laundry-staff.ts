import { z } from "zod";
import { ApiError } from "#server/lib/errors.ts";
import { formatIndiaDay } from "#common/format.ts";
import { bookingStatusLabel, serviceLabel } from "#common/hostel-labels.ts";
import { addDays, clock, indiaDate } from "#common/india-time.ts";
import {
  type BookingStatus,
  LAUNDRY_STEPS,
  type LaundryStep,
  MAX_SLOT_CAPACITY,
  NEXT_STEP,
  pickupOpensAt,
} from "#common/hostel-staff.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { audit, mayStaff, notice, staffGrants, staffRefusal } from "#server/services/staff.ts";
import { batch, first, int, select, sql, update } from "#server/db/sql.ts";
import { laundryBookings, laundrySlots, staffAuditLog, users } from "#server/db/tables.generated.ts";

// The laundry staff's side (docs/decisions/0081-laundry-and-mess-staff.md): today's and
// tomorrow's bookings per slot, the steps picked up -> washing -> ready -> collected (forward, one
// at a time), and a slot's capacity. Laundry staff and the campus admin of the laundry's campus only.

/** The status each step moves a booking from. */
const PREVIOUS: Record<LaundryStep, BookingStatus> = {
  picked_up: "booked",
  washing: "picked_up",
  ready: "washing",
  collected: "ready",
};

/** `PATCH /api/hostel/laundry/bookings/:id/status` and the console's step buttons. */
export const laundryStepSchema = z.object({
  status: z.enum(LAUNDRY_STEPS, { error: "status must be picked_up, washing, ready or collected." }),
});
export type LaundryStepInput = z.output<typeof laundryStepSchema>;

/** `PATCH /api/hostel/laundry/slots/:id` and the console's capacity form. */
export const slotCapacitySchema = z.object({
  capacity: z.coerce
    .number({ error: "Enter the number of pickups the slot takes." })
    .int("Enter a whole number of pickups.")
    .min(1, "A slot takes at least 1 pickup.")
    .max(MAX_SLOT_CAPACITY, `A slot takes at most ${MAX_SLOT_CAPACITY} pickups.`),
});
export type SlotCapacityInput = z.output<typeof slotCapacitySchema>;

type Staff = Pick<SessionUser, "id" | "campusId">;

/** The user is laundry staff or the campus admin there. */
const laundryStaff = (user: Staff) =>
  sql`EXISTS (SELECT 1 FROM staff_roles s WHERE s.user_id = ${user.id} AND s.campus_id = ${user.campusId} AND s.role IN ('laundry', 'admin'))`;

const [b, s, u] = [laundryBookings.as("b"), laundrySlots.as("s"), users.as("u")];

export interface StaffBooking {
  id: string;
  studentName: string;
  clothes: number;
  service: keyof typeof serviceLabel;
  status: BookingStatus;
}

export interface StaffSlot {
  id: string;
  label: string;
  capacity: number;
  /** When its bookings can be picked up on its day, as the console says it ("10:00"). */
  opens: string;
  /** Per day shown (today, tomorrow): when its bookings can be picked up, and its live bookings, oldest first. */
  days: { date: string; pickupOpensAt: number; bookings: StaffBooking[] }[];
}

export interface LaundryConsoleView {
  dates: string[];
  slots: StaffSlot[];
}

/** The queries of the console's read (put them in the page's one batch): the slots, then the bookings. */
export function laundryConsoleQueries(user: Staff, now: number) {
  const today = indiaDate(now);
  const dates = [today, addDays(today, 1)] as const;
  const slots = laundrySlots;
  return {
    dates: [...dates],
    queries: [
      select(
        { id: slots.id, startsAtMin: slots.starts_at_min, endsAtMin: slots.ends_at_min, capacity: slots.capacity },
        sql`FROM ${slots} WHERE ${slots.campus_id} = ${user.campusId} ORDER BY ${slots.position}`,
      ),
      select(
        {
          id: b.id,
          slotId: b.slot_id,
          date: b.date,
          clothes: b.clothes,
          service: b.service,
          status: b.status,
          studentName: u.name,
        },
        sql`FROM ${b} JOIN ${s} ON ${s.id} = ${b.slot_id} JOIN ${u} ON ${u.id} = ${b.user_id}
          WHERE ${s.campus_id} = ${user.campusId} AND ${b.date} IN (${dates[0]}, ${dates[1]}) AND ${b.status} <> 'cancelled'
          ORDER BY ${b.created_at}, ${b.id}`,
      ),
    ] as const,
  };
}

type ConsoleRows<I extends 0 | 1> = NonNullable<ReturnType<typeof laundryConsoleQueries>["queries"][I]["row"]>;

export function toLaundryConsole(
  dates: string[],
  slots: ConsoleRows<0>[],
  bookings: ConsoleRows<1>[],
): LaundryConsoleView {
  return {
    dates,
    slots: slots.map((slot) => ({
      id: slot.id,
      label: `${clock(slot.startsAtMin)}–${clock(slot.endsAtMin)}`,
      opens: clock(slot.startsAtMin),
      capacity: slot.capacity,
      days: dates.map((date) => ({
        date,
        pickupOpensAt: pickupOpensAt(date, slot.startsAtMin),
        bookings: bookings
          .filter((booking) => booking.slotId === slot.id && booking.date === date)
          .map(({ slotId: _s, date: _d, ...booking }) => booking),
      })),
    })),
  };
}

async function bookingAndGrants(env: Env, user: SessionUser, id: string) {
  const [booking, grants] = await batch(env, [
    select(
      {
        id: b.id,
        userId: b.user_id,
        status: b.status,
        date: b.date,
        clothes: b.clothes,
        service: b.service,
        startsAtMin: s.starts_at_min,
        endsAtMin: s.ends_at_min,
      },
      sql`FROM ${b} JOIN ${s} ON ${s.id} = ${b.slot_id} WHERE ${b.id} = ${id} AND ${s.campus_id} = ${user.campusId}`,
    ),
    staffGrants(user),
  ]);
  return { booking: booking.rows[0], grants: grants.rows };
}

export interface StepResult {
  id: string;
  status: LaundryStep;
}

/**
 * `PATCH /api/hostel/laundry/bookings/:id/status` and the console's action: one step forward. The
 * step, its audit line and (for "ready") the student's notice are ONE batch; the audit line and the
 * notice are written only where the UPDATE put this step's audit id on the booking, so of two
 * simultaneous marks one writes all three and the other nothing (409).
 */
export async function stepBooking(
  env: Env,
  user: SessionUser,
  id: string,
  { status }: LaundryStepInput,
): Promise<StepResult> {
  const { booking, grants } = await bookingAndGrants(env, user, id);
  if (!booking) throw new ApiError(404, "There is no booking with that id.");
  if (!mayStaff(grants, "laundry")) throw staffRefusal("laundry");
  const from = PREVIOUS[status];
  if (booking.status !== from) throw stepConflict(booking.status, status);
  const now = Date.now();
  // Bags are picked up in their slot, not before: tomorrow's booking is never "ready" today.
  if (status === "picked_up" && now < pickupOpensAt(booking.date, booking.startsAtMin)) {
    throw new ApiError(
      409,
      `This pickup is on ${formatIndiaDay(booking.date)} at ${clock(booking.startsAtMin)}: it can be marked picked up from then on, not before.`,
    );
  }
  const auditId = crypto.randomUUID();
  const done = sql`EXISTS (SELECT 1 FROM laundry_bookings WHERE id = ${id} AND status_audit_id = ${auditId})`;
  const slot = `${clock(booking.startsAtMin)}–${clock(booking.endsAtMin)}`;
  const what = `${serviceLabel[booking.service]}, ${booking.clothes} clothes, pickup ${formatIndiaDay(booking.date)} ${slot}`;
  const [updated] = await batch(env, [
    update(
      laundryBookings,
      { status, status_at: now, status_audit_id: auditId },
      sql`WHERE id = ${id} AND status = ${from} AND slot_id IN (SELECT id FROM laundry_slots WHERE campus_id = ${user.campusId}) AND ${laundryStaff(user)}`,
    ),
    audit(
      {
        id: auditId,
        campusId: user.campusId,
        actorId: user.id,
        action: `laundry.${status}`,
        subjectKind: "laundry_booking",
        subjectId: id,
        studentId: booking.userId,
        note: what,
        at: now,
      },
      done,
    ),
    ...(status === "ready"
      ? [
          notice(
            booking.userId,
            {
              kind: "laundry.ready",
              title: "Your laundry is ready",
              text: `${what}. Collect it at the laundry counter.`,
              link: "/laundry-service",
              at: now,
            },
            done,
          ),
        ]
      : []),
  ]);
  if (updated.changes !== 1) {
    const current = await first(
      env,
      select({ status: laundryBookings.status }, sql`FROM ${laundryBookings} WHERE id = ${id}`),
    );
    throw stepConflict(current?.status ?? booking.status, status);
  }
  return { id, status };
}

function stepConflict(current: BookingStatus, wanted: LaundryStep): ApiError {
  if (current === "cancelled") return new ApiError(409, "The student cancelled this booking.");
  if (current === wanted)
    return new ApiError(409, `This booking is already ${bookingStatusLabel[current].toLowerCase()}.`);
  const next = NEXT_STEP[current];
  return new ApiError(
    409,
    next
      ? `This booking is ${bookingStatusLabel[current].toLowerCase()}; its next step is ${bookingStatusLabel[next].toLowerCase()}, one step at a time and never back.`
      : `This booking is ${bookingStatusLabel[current].toLowerCase()}; nothing follows.`,
  );
}

export interface CapacityResult {
  id: string;
  capacity: number;
}

/**
 * `PATCH /api/hostel/laundry/slots/:id` and the console's action. The new capacity may not be below
 * the live bookings the slot already has on any day from today (India) on: the check, the change
 * and its audit line are one batch with the same condition, so a booking arriving at the same
 * moment either counts before it or finds the new capacity.
 */
export async function setSlotCapacity(
  env: Env,
  user: SessionUser,
  slotId: string,
  { capacity }: SlotCapacityInput,
  now = Date.now(),
): Promise<CapacityResult> {
  const [slots, grants] = await batch(env, [
    select(
      { id: s.id, capacity: s.capacity, startsAtMin: s.starts_at_min, endsAtMin: s.ends_at_min },
      sql`FROM ${s} WHERE ${s.id} = ${slotId} AND ${s.campus_id} = ${user.campusId}`,
    ),
    staffGrants(user),
  ]);
  const slot = slots.rows[0];
  if (!slot) throw new ApiError(404, "There is no laundry slot with that id.");
  if (!mayStaff(grants.rows, "laundry")) throw staffRefusal("laundry");
  const today = indiaDate(now);
  const busiest = sql`(SELECT COALESCE(MAX(n), 0) FROM (SELECT COUNT(*) AS n FROM laundry_bookings b WHERE b.slot_id = ${slotId} AND b.date >= ${today} AND b.status <> 'cancelled' GROUP BY b.date))`;
  /** The change's one condition, on the slot row `row`. */
  const condition = (row: typeof laundrySlots) =>
    sql`${row.id} = ${slotId} AND ${row.campus_id} = ${user.campusId} AND ${capacity} >= ${busiest} AND ${laundryStaff(user)}`;
  const label = `${clock(slot.startsAtMin)}–${clock(slot.endsAtMin)}`;
  const [audited] = await batch(env, [
    // The audit line first, reading the capacity it replaces; then the change, on the same condition.
    sql`INSERT INTO ${staffAuditLog} (id, campus_id, actor_id, action, subject_kind, subject_id, student_id, note, created_at)
      SELECT ${crypto.randomUUID()}, ${user.campusId}, ${user.id}, 'laundry.capacity', 'laundry_slot', ${s.id}, NULL, 'Slot ' || ${label} || ': ' || ${s.capacity} || ' -> ' || ${String(capacity)}, ${now}
      FROM ${s} WHERE ${condition(s)}`,
    update(laundrySlots, { capacity }, sql`WHERE ${condition(laundrySlots)}`),
  ]);
  if (audited.changes !== 1) {
    const row = await first(
      env,
      select(
        { date: b.date, n: int(sql`COUNT(*)`) },
        sql`FROM ${b} WHERE ${b.slot_id} = ${slotId} AND ${b.date} >= ${today} AND ${b.status} <> 'cancelled' GROUP BY ${b.date} ORDER BY n DESC, ${b.date} LIMIT 1`,
      ),
    );
    throw new ApiError(
      409,
      `The ${label} slot already has ${row?.n ?? "more"} pickups booked on ${row ? formatIndiaDay(row.date) : "an upcoming day"}; its capacity cannot go below that.`,
      { field: "capacity" },
    );
  }
  return { id: slotId, capacity };
}
