import { z } from "zod";
import { hhmm } from "#common/campus-setup.ts";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import { indiaDate } from "#common/india-time.ts";
import { ApiError } from "#server/lib/errors.ts";
import {
  adminBatch,
  type IdParam,
  limitChange,
  type SetupAdmin,
  shortRandom,
  timeSchema,
  wholeNumber,
  orderByStart,
  setupAudit,
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

export function slotsStatement(env: Env, campusId: string): D1PreparedStatement {
  return env.DB.prepare(
    `SELECT s.id, s.starts_at_min AS startsAtMin, s.ends_at_min AS endsAtMin, s.capacity,
       (SELECT COUNT(*) FROM laundry_bookings b WHERE b.slot_id = s.id) AS bookings
     FROM laundry_slots s WHERE s.campus_id = ?1 ORDER BY s.position, s.starts_at_min`,
  ).bind(campusId);
}

export async function listSetupSlots(env: Env, admin: SetupAdmin): Promise<SetupSlot[]> {
  const [rows] = await adminBatch(env, admin, [slotsStatement(env, admin.campusId)]);
  return rows!.results as SetupSlot[];
}

const orderSlots = (env: Env, campusId: string) => orderByStart(env, "laundry_slots", campusId);

const audit = (env: Env, admin: SetupAdmin, action: string, id: string, note: string, at: number) =>
  setupAudit(env, admin, "laundry_slot", action, id, note, at);

const describe = (s: SlotInput) => `${hhmm(s.startsAt)}–${hhmm(s.endsAt)}, ${s.capacity} a day`;

export async function addSlot(env: Env, admin: SetupAdmin, input: SlotInput, now = Date.now()): Promise<SetupSlot> {
  const [rows] = await adminBatch(env, admin, [slotsStatement(env, admin.campusId)]);
  if ((rows!.results as SetupSlot[]).some((s) => s.startsAtMin === input.startsAt))
    throw new ApiError(409, M.slotTaken(hhmm(input.startsAt)), { field: "startsAt" });
  await limitChange(env, admin);
  const id = `${admin.campusId}-${hhmm(input.startsAt).replace(":", "")}-${shortRandom()}`;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO laundry_slots (id, starts_at_min, ends_at_min, capacity, position, campus_id) VALUES (?1, ?2, ?3, ?4, 0, ?5)",
    ).bind(id, input.startsAt, input.endsAt, input.capacity, admin.campusId),
    orderSlots(env, admin.campusId),
    audit(env, admin, "setup.slot.add", id, describe(input), now),
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
  const [rows] = await adminBatch(env, admin, [slotsStatement(env, admin.campusId)]);
  const slots = rows!.results as SetupSlot[];
  if (!slots.some((s) => s.id === id)) throw new ApiError(404, M.noSuchSlot);
  if (slots.some((s) => s.id !== id && s.startsAtMin === input.startsAt))
    throw new ApiError(409, M.slotTaken(hhmm(input.startsAt)), { field: "startsAt" });
  await limitChange(env, admin);
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE laundry_slots SET starts_at_min = ?1, ends_at_min = ?2, capacity = ?3 WHERE id = ?4 AND campus_id = ?5",
    ).bind(input.startsAt, input.endsAt, input.capacity, id, admin.campusId),
    orderSlots(env, admin.campusId),
    audit(env, admin, "setup.slot.update", id, describe(input), now),
  ]);
}

export async function removeSlot(env: Env, admin: SetupAdmin, { id }: IdParam, now = Date.now()): Promise<void> {
  const today = indiaDate(now);
  const [rows, future] = await adminBatch(env, admin, [
    slotsStatement(env, admin.campusId),
    env.DB.prepare(
      "SELECT COUNT(*) AS n FROM laundry_bookings WHERE slot_id = ?1 AND date >= ?2 AND status NOT IN ('cancelled', 'collected')",
    ).bind(id, today),
  ]);
  const slot = (rows!.results as SetupSlot[]).find((s) => s.id === id);
  if (!slot) throw new ApiError(404, M.noSuchSlot);
  const time = hhmm(slot.startsAtMin);
  if (slot.bookings > 0) throw new ApiError(409, M.slotBooked(time, (future!.results[0] as { n: number }).n));
  await limitChange(env, admin);
  const auditId = crypto.randomUUID();
  const [, removed] = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO staff_audit_log (id, campus_id, actor_id, action, subject_kind, subject_id, student_id, note, created_at)
       SELECT ?2, ?3, ?4, 'setup.slot.remove', 'laundry_slot', ?1, NULL, ?5, ?6
       WHERE EXISTS (SELECT 1 FROM laundry_slots WHERE id = ?1 AND campus_id = ?3)
         AND NOT EXISTS (SELECT 1 FROM laundry_bookings WHERE slot_id = ?1)`,
    ).bind(id, auditId, admin.campusId, admin.id, time, now),
    env.DB.prepare(
      "DELETE FROM laundry_slots WHERE id = ?1 AND EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ?2)",
    ).bind(id, auditId),
  ]);
  if (removed!.meta.changes === 0) throw new ApiError(409, M.slotBooked(time, 1));
}
