import { bodyLimit } from "#server/lib/body-limit.ts";
import { UPLOAD_LIMITS } from "#common/body-limits.ts";
import { Hono } from "hono";
import { ApiError } from "#server/lib/errors.ts";
import { submissionKeyField, submissionKeyOf } from "#server/lib/idempotency.ts";
import {
  campusQuerySchema,
  formFields,
  getResidence,
  hostelCampusOf,
  listBlocks,
  residenceMessage,
  setResidence,
} from "#server/services/hostel/common.ts";
import { cancelMove, decideMove, moveDecisionSchema } from "#server/services/hostel/block-moves.ts";
import {
  addMeToo,
  changeComplaintStatus,
  complaintPhoto,
  complaintQuerySchema,
  listComplaints,
} from "#server/services/hostel/complaints.ts";
import { createComplaint, fileOrNull } from "#server/services/hostel/complaint-filing.ts";
import { setComplaintStatus } from "#server/services/hostel/warden.ts";
import { bookPickup, cancelBooking, myBookings, slotsFor, slotsQuerySchema } from "#server/services/hostel/laundry.ts";
import { rateMeal, today, weekMenu } from "#server/services/hostel/mess.ts";
import {
  createListing,
  deleteListing,
  listingQuerySchema,
  listListings,
  myListing,
  updateListing,
} from "#server/services/hostel/roommates.ts";
import {
  type AppContext,
  type AppEnv,
  readJson,
  requireAuth,
  validateJson,
  validateQuery,
  userOf,
} from "#server/api/context.ts";
import { z } from "zod";

// Hostel services: complaints, mess menu, roommate finder, laundry. Personal data needs a session;
// the menu, today's averages, the blocks and laundry availability are open to every visitor. Every
// read and write is of one campus: a signed-in student's own; a visitor's `?campus=` (or the first
// college) on the open reads.
const hostel = new Hono<AppEnv>();

const anyBody = z.unknown();

/** A JSON body, or the fields and the photo of a multipart / urlencoded form. */
async function complaintBody(c: AppContext): Promise<{ fields: unknown; photo: File | null }> {
  const type = (c.req.header("Content-Type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new ApiError(400, "The form could not be read. Please try again.");
    }
    if (form.getAll("photo").length > 1) throw new ApiError(400, "Attach one photo at most.", { field: "photo" });
    return { fields: formFields(form), photo: fileOrNull(form.get("photo")) };
  }
  return { fields: await readJson(c), photo: null };
}

function noStore(c: AppContext) {
  c.header("Cache-Control", "no-store");
}

hostel.get("/blocks", validateQuery(campusQuerySchema), async (c) => {
  const { id: campusId } = await hostelCampusOf(c.env, await userOf(c), c.req.valid("query").campus);
  return c.json({ success: true, data: await listBlocks(c.env, campusId) });
});

hostel.get("/residence", requireAuth, async (c) => {
  noStore(c);
  return c.json({ success: true, data: await getResidence(c.env, c.var.user.id) });
});

hostel.put("/residence", requireAuth, validateJson(anyBody), async (c) => {
  const residence = await setResidence(c.env, c.var.user, c.req.valid("json"));
  // 202: a move to another block is accepted and waits for its warden (decision 0084).
  return c.json(
    { success: true, message: residenceMessage(residence), data: residence },
    residence.pendingMove ? 202 : 200,
  );
});

// Block changes: the student cancels their pending move; the new block's warden decides.
hostel.post("/block-moves/mine/cancel", requireAuth, async (c) => {
  await cancelMove(c.env, c.var.user);
  return c.json({ success: true, message: "Your block change is cancelled. You stay in your block." });
});

hostel.post("/block-moves/:id/decision", requireAuth, validateJson(moveDecisionSchema), async (c) => {
  const { status } = await decideMove(c.env, c.var.user, c.req.param("id"), c.req.valid("json"));
  return c.json({
    success: true,
    message: status === "approved" ? "Move approved. The student is told." : "Move declined. The student is told.",
    data: { status },
  });
});

// Complaints.
hostel.get("/complaints", requireAuth, validateQuery(complaintQuerySchema), async (c) => {
  const query = c.req.valid("query");
  noStore(c);
  return c.json({ success: true, data: await listComplaints(c.env, c.var.user, query) });
});

hostel.post("/complaints", bodyLimit(UPLOAD_LIMITS.photo), requireAuth, async (c) => {
  const { fields, photo } = await complaintBody(c);
  const key = submissionKeyOf(c.req.header("Idempotency-Key"), submissionKeyField(fields));
  const complaint = await createComplaint(c.env, c.var.user, fields, photo, key);
  return c.json(
    { success: true, message: "Your complaint is filed. You can follow its status here.", data: complaint },
    201,
  );
});

hostel.get("/complaints/:id/photo", requireAuth, (c) =>
  complaintPhoto(c.env, c.var.user, c.req.param("id"), c.req.header("If-None-Match") ?? null),
);

hostel.post("/complaints/:id/me-too", requireAuth, async (c) => {
  const complaint = await addMeToo(c.env, c.var.user, c.req.param("id"));
  return c.json({ success: true, message: 'Added your "me too".', data: complaint });
});

hostel.patch("/complaints/:id", requireAuth, validateJson(anyBody), async (c) => {
  const complaint = await changeComplaintStatus(c.env, c.var.user, c.req.param("id"), c.req.valid("json"));
  return c.json({
    success: true,
    message: complaint.status === "resolved" ? "Marked as resolved." : "Complaint withdrawn.",
    data: complaint,
  });
});

// The status with a note: the warden of the block (or the campus admin) moves it open -> in progress
// -> resolved; the student who filed it resolves or withdraws it, as with PATCH /complaints/:id.
hostel.patch("/complaints/:id/status", requireAuth, validateJson(anyBody), async (c) => {
  const complaint = await setComplaintStatus(c.env, c.var.user, c.req.param("id"), c.req.valid("json"));
  const message = {
    open: "Complaint reopened.",
    in_progress: "Marked as in progress.",
    resolved: "Marked as resolved.",
    withdrawn: "Complaint withdrawn.",
  }[complaint.status];
  return c.json({ success: true, message, data: complaint });
});

// Mess menu.
hostel.get("/mess/menu", validateQuery(campusQuerySchema), async (c) => {
  const { id: campusId } = await hostelCampusOf(c.env, await userOf(c), c.req.valid("query").campus);
  return c.json({ success: true, data: await weekMenu(c.env, campusId) });
});

hostel.get("/mess/today", validateQuery(campusQuerySchema), async (c) => {
  const user = await userOf(c);
  const { id: campusId } = await hostelCampusOf(c.env, user, c.req.valid("query").campus);
  noStore(c);
  return c.json({ success: true, data: await today(c.env, campusId, user?.id ?? null) });
});

hostel.post("/mess/ratings", requireAuth, validateJson(anyBody), async (c) => {
  const rating = await rateMeal(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message: "Thanks for rating!", data: rating });
});

// Roommate finder.
hostel.get("/roommates", requireAuth, validateQuery(listingQuerySchema), async (c) => {
  const query = c.req.valid("query");
  noStore(c);
  return c.json({ success: true, data: await listListings(c.env, c.var.user, query) });
});

hostel.get("/roommates/mine", requireAuth, async (c) => {
  noStore(c);
  return c.json({ success: true, data: await myListing(c.env, c.var.user) });
});

hostel.post("/roommates", requireAuth, validateJson(anyBody), async (c) => {
  const body = c.req.valid("json");
  const listing = await createListing(
    c.env,
    c.var.user,
    body,
    submissionKeyOf(c.req.header("Idempotency-Key"), submissionKeyField(body)),
  );
  return c.json({ success: true, message: "Your listing is live.", data: listing }, 201);
});

hostel.put("/roommates/:id", requireAuth, validateJson(anyBody), async (c) => {
  const body = c.req.valid("json");
  const listing = await updateListing(c.env, c.var.user, c.req.param("id"), body);
  return c.json({ success: true, message: "Your listing is updated.", data: listing });
});

hostel.delete("/roommates/:id", requireAuth, async (c) => {
  await deleteListing(c.env, c.var.user, c.req.param("id"));
  return c.json({ success: true, message: "Your listing is removed." });
});

// Laundry.
hostel.get("/laundry/slots", validateQuery(slotsQuerySchema.extend(campusQuerySchema.shape)), async (c) => {
  const { date, campus } = c.req.valid("query");
  const { id: campusId } = await hostelCampusOf(c.env, await userOf(c), campus);
  noStore(c);
  return c.json({ success: true, data: await slotsFor(c.env, campusId, date) });
});

hostel.get("/laundry/bookings", requireAuth, async (c) => {
  noStore(c);
  return c.json({ success: true, data: await myBookings(c.env, c.var.user) });
});

hostel.post("/laundry/bookings", requireAuth, validateJson(anyBody), async (c) => {
  const booking = await bookPickup(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message: "Pickup booked.", data: booking }, 201);
});

hostel.post("/laundry/bookings/:id/cancel", requireAuth, async (c) => {
  const booking = await cancelBooking(c.env, c.var.user, c.req.param("id"));
  return c.json({ success: true, message: "Booking cancelled.", data: booking });
});

export default hostel;
