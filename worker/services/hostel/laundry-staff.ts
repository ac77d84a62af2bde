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
import type { SessionUser } from "#server/services/session-user.ts";
import {
  auditStatement,
  type Guard,
  mayStaff,
  noticeStatement,
  staffGrantsStatement,
  staffRefusal,
  type StaffGrant,
} from "#server/services/staff.ts";

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

/** SQL: the user (?, ?: user, campus) is laundry staff or the campus admin there. */
const LAUNDRY_STAFF = `EXISTS (SELECT 1 FROM staff_roles s WHERE s.user_id = ? AND s.campus_id = ? AND s.role IN ('laundry', 'admin'))`;

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

/** The statements of the console's read (put them in the page's one batch). */
export function laundryConsoleStatements(
  env: Env,
  user: SessionUser,
  now: number,
): { dates: string[]; statements: D1PreparedStatement[] } {
  const today = indiaDate(now);
  const dates = [today, addDays(today, 1)];
  return {
    dates,
    statements: [
      env.DB.prepare(
        "SELECT id, starts_at_min AS startsAtMin, ends_at_min AS endsAtMin, capacity FROM laundry_slots WHERE campus_id = ?1 ORDER BY position",
      ).bind(user.campusId),
      env.DB.prepare(
        `SELECT b.id, b.slot_id AS slotId, b.date, b.clothes, b.service, b.status, u.name AS studentName
         FROM laundry_bookings b JOIN laundry_slots s ON s.id = b.slot_id JOIN users u ON u.id = b.user_id
         WHERE s.campus_id = ?1 AND b.date IN (?2, ?3) AND b.status <> 'cancelled' ORDER BY b.created_at, b.id`,
      ).bind(user.campusId, dates[0], dates[1]),
    ],
  };
}

export function toLaundryConsole(dates: string[], slots: D1Result, bookings: D1Result): LaundryConsoleView {
  const rows = bookings.results as (StaffBooking & { slotId: string; date: string })[];
  return {
    dates,
    slots: (slots.results as { id: string; startsAtMin: number; endsAtMin: number; capacity: number }[]).map((s) => ({
      id: s.id,
      label: `${clock(s.startsAtMin)}–${clock(s.endsAtMin)}`,
      opens: clock(s.startsAtMin),
      capacity: s.capacity,
      days: dates.map((date) => ({
        date,
        pickupOpensAt: pickupOpensAt(date, s.startsAtMin),
        bookings: rows.filter((b) => b.slotId === s.id && b.date === date).map(({ slotId: _s, date: _d, ...b }) => b),
      })),
    })),
  };
}

interface BookingRow {
  id: string;
  userId: string;
  status: BookingStatus;
  date: string;
  clothes: number;
  service: keyof typeof serviceLabel;
  startsAtMin: number;
  endsAtMin: number;
}

async function bookingAndGrants(
  env: Env,
  user: SessionUser,
  id: string,
): Promise<{ booking: BookingRow | undefined; grants: StaffGrant[] }> {
  const [booking, grants] = await env.DB.batch([
    env.DB.prepare(
      `SELECT b.id, b.user_id AS userId, b.status, b.date, b.clothes, b.service, s.starts_at_min AS startsAtMin, s.ends_at_min AS endsAtMin
       FROM laundry_bookings b JOIN laundry_slots s ON s.id = b.slot_id WHERE b.id = ?1 AND s.campus_id = ?2`,
    ).bind(id, user.campusId),
    staffGrantsStatement(env, user),
  ]);
  return { booking: booking!.results[0] as BookingRow | undefined, grants: grants!.results as StaffGrant[] };
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
  const done: Guard = {
    sql: "EXISTS (SELECT 1 FROM laundry_bookings WHERE id = ? AND status_audit_id = ?)",
    params: [id, auditId],
  };
  const slot = `${clock(booking.startsAtMin)}–${clock(booking.endsAtMin)}`;
  const what = `${serviceLabel[booking.service]}, ${booking.clothes} clothes, pickup ${formatIndiaDay(booking.date)} ${slot}`;
  const statements = [
    env.DB.prepare(
      `UPDATE laundry_bookings SET status = ?, status_at = ?, status_audit_id = ?
       WHERE id = ? AND status = ? AND slot_id IN (SELECT id FROM laundry_slots WHERE campus_id = ?) AND ${LAUNDRY_STAFF}`,
    ).bind(status, now, auditId, id, from, user.campusId, user.id, user.campusId),
    auditStatement(
      env,
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
  ];
  if (status === "ready") {
    statements.push(
      noticeStatement(
        env,
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
    );
  }
  const [updated] = await env.DB.batch(statements);
  if ((updated?.meta.changes ?? 0) !== 1) {
    const current = await env.DB.prepare("SELECT status FROM laundry_bookings WHERE id = ?1")
      .bind(id)
      .first<{ status: BookingStatus }>();
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
  const [slotResult, grantsResult] = await env.DB.batch([
    env.DB.prepare(
      "SELECT id, capacity, starts_at_min AS startsAtMin, ends_at_min AS endsAtMin FROM laundry_slots WHERE id = ?1 AND campus_id = ?2",
    ).bind(slotId, user.campusId),
    staffGrantsStatement(env, user),
  ]);
  const slot = slotResult!.results[0] as
    { id: string; capacity: number; startsAtMin: number; endsAtMin: number } | undefined;
  if (!slot) throw new ApiError(404, "There is no laundry slot with that id.");
  if (!mayStaff(grantsResult!.results as StaffGrant[], "laundry")) throw staffRefusal("laundry");
  const today = indiaDate(now);
  const busiest = `(SELECT COALESCE(MAX(n), 0) FROM (SELECT COUNT(*) AS n FROM laundry_bookings b WHERE b.slot_id = ? AND b.date >= ? AND b.status <> 'cancelled' GROUP BY b.date))`;
  const condition = `s.id = ? AND s.campus_id = ? AND ? >= ${busiest} AND ${LAUNDRY_STAFF}`;
  const params = [slotId, user.campusId, capacity, slotId, today, user.id, user.campusId];
  const label = `${clock(slot.startsAtMin)}–${clock(slot.endsAtMin)}`;
  const [audited] = await env.DB.batch([
    // The audit line first, reading the capacity it replaces; then the change, on the same condition.
    env.DB.prepare(
      `INSERT INTO staff_audit_log (id, campus_id, actor_id, action, subject_kind, subject_id, student_id, note, created_at)
       SELECT ?, ?, ?, 'laundry.capacity', 'laundry_slot', s.id, NULL, 'Slot ' || ? || ': ' || s.capacity || ' -> ' || ?, ? FROM laundry_slots s WHERE ${condition}`,
    ).bind(crypto.randomUUID(), user.campusId, user.id, label, String(capacity), now, ...params),
    env.DB.prepare(`UPDATE laundry_slots AS s SET capacity = ? WHERE ${condition}`).bind(capacity, ...params),
  ]);
  if ((audited?.meta.changes ?? 0) !== 1) {
    const row = await env.DB.prepare(
      `SELECT b.date, COUNT(*) AS n FROM laundry_bookings b WHERE b.slot_id = ?1 AND b.date >= ?2 AND b.status <> 'cancelled' GROUP BY b.date ORDER BY n DESC, b.date LIMIT 1`,
    )
      .bind(slotId, today)
      .first<{ date: string; n: number }>();
    throw new ApiError(
      409,
      `The ${label} slot already has ${row?.n ?? "more"} pickups booked on ${row ? formatIndiaDay(row.date) : "an upcoming day"}; its capacity cannot go below that.`,
      { field: "capacity" },
    );
  }
  return { id: slotId, capacity };
}
