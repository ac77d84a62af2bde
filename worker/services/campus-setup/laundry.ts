import { z } from "zod";
import { hhmm } from "#common/campus-setup.ts";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import { indiaDate } from "#common/india-time.ts";
import { ApiError } from "#server/lib/errors.ts";
import { audit as auditLine } from "#server/services/staff.ts";
import { batch, insert, int, select, sql, update } from "#server/db/sql.ts";
import { laundrySlots } from "#server/db/tables.generated.ts";
import {
  adminReads,
  type IdParam,
  limitChange,
  type SetupAdmin,
  shortRandom,
  timeSchema,
  wholeNumber,
  orderByStart,
  setupAuditLine,
} from "#server/services/campus-setup/common.ts";

// The college's laundry slots: their times and how many pickups each takes a day
// (docs/decisions/0104-campus-setup.md). Students' bookings hang off a slot, so a slot with bookings
// is never removed; capacity 0 closes it to new bookings instead.

export interface SetupSlot {
  id: string;
  startsAtMin: number;
  endsAtMin: number;
  capacity: number;
  bookings: number;
}

/** `POST /api/admin/campus/laundry-slots`, `PATCH .../:id` and /admin/setup/laundry's forms. */
export const slotSchema = z
  .object({
    startsAt: timeSchema,
    endsAt: timeSchema,
    capacity: z.preprocess(
      wholeNumber,
      z
        .number({ error: M.capacityInvalid })
        .int(M.capacityInvalid)
        .min(0, M.capacityInvalid)
        .max(500, M.capacityInvalid),
    ),
  })
  .refine((s) => s.endsAt > s.startsAt, { message: M.endsBeforeStart, path: ["endsAt"] });
export type SlotInput = z.output<typeof slotSchema>;

export function slotsQuery(campusId: string) {
  const s = laundrySlots.as("s");
  return select(
    {
      id: s.id,
      startsAtMin: s.starts_at_min,
      endsAtMin: s.ends_at_min,
      capacity: s.capacity,
      bookings: int(sql`(SELECT COUNT(*) FROM laundry_bookings b WHERE b.slot_id = ${s.id})`),
    },
    sql`FROM ${s} WHERE ${s.campus_id} = ${campusId} ORDER BY ${s.position}, ${s.starts_at_min}`,
  );
}

export async function listSetupSlots(env: Env, admin: SetupAdmin): Promise<SetupSlot[]> {
  const [rows] = await adminReads(env, admin, [slotsQuery(admin.campusId)]);
  return rows.rows;
}

const orderSlots = (campusId: string) => orderByStart(laundrySlots, campusId);

const audit = (admin: SetupAdmin, action: string, id: string, note: string, at: number) =>
  setupAuditLine(admin, "laundry_slot", action, id, note, at);

const describe = (s: SlotInput) => `${hhmm(s.startsAt)}–${hhmm(s.endsAt)}, ${s.capacity} a day`;

export async function addSlot(env: Env, admin: SetupAdmin, input: SlotInput, now = Date.now()): Promise<SetupSlot> {
  const [rows] = await adminReads(env, admin, [slotsQuery(admin.campusId)]);
  if (rows.rows.some((s) => s.startsAtMin === input.startsAt))
    throw new ApiError(409, M.slotTaken(hhmm(input.startsAt)), { field: "startsAt" });
  await limitChange(env, admin);
  const id = `${admin.campusId}-${hhmm(input.startsAt).replace(":", "")}-${shortRandom()}`;
  await batch(env, [
    insert(laundrySlots, {
      id,
      starts_at_min: input.startsAt,
      ends_at_min: input.endsAt,
      capacity: input.capacity,
      position: 0,
      campus_id: admin.campusId,
    }),
    orderSlots(admin.campusId),
    audit(admin, "setup.slot.add", id, describe(input), now),
  ]);
  return { id, startsAtMin: input.startsAt, endsAtMin: input.endsAt, capacity: input.capacity, bookings: 0 };
}

export async function updateSlot(
  env: Env,
  admin: SetupAdmin,
  { id }: IdParam,
  input: SlotInput,
  now = Date.now(),
): Promise<void> {
  const [rows] = await adminReads(env, admin, [slotsQuery(admin.campusId)]);
  const slots = rows.rows;
  if (!slots.some((s) => s.id === id)) throw new ApiError(404, M.noSuchSlot);
  if (slots.some((s) => s.id !== id && s.startsAtMin === input.startsAt))
    throw new ApiError(409, M.slotTaken(hhmm(input.startsAt)), { field: "startsAt" });
  await limitChange(env, admin);
  await batch(env, [
    update(
      laundrySlots,
      { starts_at_min: input.startsAt, ends_at_min: input.endsAt, capacity: input.capacity },
      sql`WHERE id = ${id} AND campus_id = ${admin.campusId}`,
    ),
    orderSlots(admin.campusId),
    audit(admin, "setup.slot.update", id, describe(input), now),
  ]);
}

export async function removeSlot(env: Env, admin: SetupAdmin, { id }: IdParam, now = Date.now()): Promise<void> {
  const today = indiaDate(now);
  const [rows, future] = await adminReads(env, admin, [
    slotsQuery(admin.campusId),
    select(
      { n: int(sql`COUNT(*)`) },
      sql`FROM laundry_bookings WHERE slot_id = ${id} AND date >= ${today} AND status NOT IN ('cancelled', 'collected')`,
    ),
  ]);
  const slot = rows.rows.find((s) => s.id === id);
  if (!slot) throw new ApiError(404, M.noSuchSlot);
  const time = hhmm(slot.startsAtMin);
  if (slot.bookings > 0) throw new ApiError(409, M.slotBooked(time, future.rows[0]?.n ?? 0));
  await limitChange(env, admin);
  const auditId = crypto.randomUUID();
  const [, removed] = await batch(env, [
    auditLine(
      {
        id: auditId,
        campusId: admin.campusId,
        actorId: admin.id,
        action: "setup.slot.remove",
        subjectKind: "laundry_slot",
        subjectId: id,
        studentId: null,
        note: time,
        at: now,
      },
      sql`EXISTS (SELECT 1 FROM laundry_slots WHERE id = ${id} AND campus_id = ${admin.campusId})
         AND NOT EXISTS (SELECT 1 FROM laundry_bookings WHERE slot_id = ${id})`,
    ),
    sql`DELETE FROM ${laundrySlots} WHERE id = ${id} AND EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ${auditId})`,
  ]);
  if (removed.changes === 0) throw new ApiError(409, M.slotBooked(time, 1));
}
