import { Hono } from "hono";
import { type AppEnv, requireAuth, requireRole, validateJson } from "#server/api/context.ts";
import { laundryStepMessage, slotCapacityMessage, STAFF_MESSAGES } from "#common/staff-messages.ts";
import {
  laundryStepSchema,
  setSlotCapacity,
  slotCapacitySchema,
  stepBooking,
} from "#server/services/hostel/laundry-staff.ts";
import { editMenu, menuEditSchema } from "#server/services/hostel/mess-staff.ts";

// Laundry and mess staff (docs/decisions/0081-laundry-and-mess-staff.md), mounted under
// /api/hostel next to the students' routes. Each service checks role and campus on the server.
const hostelOps = new Hono<AppEnv>();

hostelOps.patch(
  "/laundry/bookings/:id/status",
  requireAuth,
  requireRole("laundry"),
  validateJson(laundryStepSchema),
  async (c) => {
    const step = await stepBooking(c.env, c.var.user, c.req.param("id"), c.req.valid("json"));
    return c.json({ success: true, message: laundryStepMessage(step.status), data: step });
  },
);

hostelOps.patch(
  "/laundry/slots/:id",
  requireAuth,
  requireRole("laundry"),
  validateJson(slotCapacitySchema),
  async (c) => {
    const slot = await setSlotCapacity(c.env, c.var.user, c.req.param("id"), c.req.valid("json"));
    return c.json({ success: true, message: slotCapacityMessage(slot.capacity), data: slot });
  },
);

hostelOps.put("/mess/menu", requireAuth, requireRole("mess"), validateJson(menuEditSchema), async (c) => {
  const edit = await editMenu(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message: STAFF_MESSAGES.menuUpdated, data: edit });
});

export default hostelOps;
