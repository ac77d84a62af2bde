import { Hono } from "hono";
import { z } from "zod";
import { type AppEnv, requireAuth, validateJson } from "#server/api/context.ts";
import { bookingStatusLabel } from "#common/hostel-labels.ts";
import { setSlotCapacity, stepBooking } from "#server/services/hostel/laundry-staff.ts";
import { editMenu } from "#server/services/hostel/mess-staff.ts";

// Laundry and mess staff (docs/decisions/0081-laundry-and-mess-staff.md), mounted under
// /api/hostel next to the students' routes. Each service checks role and campus on the server.
const hostelOps = new Hono<AppEnv>();
const anyBody = z.unknown();

hostelOps.patch("/laundry/bookings/:id/status", requireAuth, validateJson(anyBody), async (c) => {
  const step = await stepBooking(c.env, c.var.user, c.req.param("id"), c.req.valid("json"));
  return c.json({
    success: true,
    message: `Marked ${bookingStatusLabel[step.status].toLowerCase()}.${step.status === "ready" ? " The student is told." : ""}`,
    data: step,
  });
});

hostelOps.patch("/laundry/slots/:id", requireAuth, validateJson(anyBody), async (c) => {
  const slot = await setSlotCapacity(c.env, c.var.user, c.req.param("id"), c.req.valid("json"));
  return c.json({ success: true, message: `The slot now takes ${slot.capacity} pickups.`, data: slot });
});

hostelOps.put("/mess/menu", requireAuth, validateJson(anyBody), async (c) => {
  const edit = await editMenu(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message: "Menu updated.", data: edit });
});

export default hostelOps;
