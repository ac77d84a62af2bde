import { bodyLimit } from "#server/lib/body-limit.ts";
import { UPLOAD_LIMITS } from "#common/body-limits.ts";
import { Hono } from "hono";
import { ApiError } from "#server/lib/errors.ts";
import { submissionKeyField, submissionKeyOf } from "#server/lib/idempotency.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { complaintStatusMessage, HOSTEL_MESSAGES, HOSTEL_WRITES, residenceMessage } from "#common/hostel-messages.ts";
import { moveDecisionMessage } from "#common/staff-messages.ts";
import {
  campusQuerySchema,
  getResidence,
  hostelCampusOf,
  listBlocks,
  residenceSchema,
  setResidence,
} from "#server/services/hostel/common.ts";
import { cancelMove, decideMove, moveDecisionSchema, moveRefusal } from "#server/services/hostel/block-moves.ts";
import {
  addMeToo,
  changeComplaintStatus,
  complaintPhoto,
  complaintQuerySchema,
  listComplaints,
  statusChangeSchema,
} from "#server/services/hostel/complaints.ts";
import { createComplaint, createComplaintSchema } from "#server/services/hostel/complaint-filing.ts";
import { complaintStatusSchema, setComplaintStatus } from "#server/services/hostel/warden.ts";
import {
  bookingSchema,
  bookPickup,
  cancelBooking,
  myBookings,
  slotsFor,
  slotsQuerySchema,
} from "#server/services/hostel/laundry.ts";
import { rateMeal, rateSchema, today, weekMenu } from "#server/services/hostel/mess.ts";
import {
  createListing,
  deleteListing,
  listingQuerySchema,
  listingSchema,
  listListings,
  myListing,
  updateListing,
} from "#server/services/hostel/roommates.ts";
import {
  type AppContext,
  type AppEnv,
  readJson,
  requireAuth,
  requireRole,
  requireMayActTo,
  validateJson,
  validateQuery,
  userOf,
} from "#server/api/context.ts";

// Hostel services: complaints, mess menu, roommate finder, laundry. Personal data needs a session;
// the menu, today's averages, the blocks and laundry availability are open to every visitor. Every
// read and write is of one campus: a signed-in student's own; a visitor's `?campus=` (or the first
// college) on the open reads. Each route translates: the body through the operation's schema in,
// the use-case's answer out (docs/decisions/0103-use-cases-messages-and-forms.md).
const hostel = new Hono<AppEnv>();

/** A complaint as a JSON body, or as a multipart / urlencoded form with its photo: the schema's input either way. */
async function complaintBody(c: AppContext): Promise<Record<string, unknown>> {
  const type = (c.req.header("Content-Type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new ApiError(400, HOSTEL_MESSAGES.unreadableForm);
    }
    if (form.getAll("photo").length > 1) throw new ApiError(400, HOSTEL_MESSAGES.onePhoto, { field: "photo" });
    return formInput(form);
  }
  const body = await readJson(c);
  return body && typeof body === "object" ? (body as Record<string, unknown>) : {};
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

hostel.put("/residence", requireAuth, validateJson(residenceSchema), async (c) => {
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
  return c.json({ success: true, message: HOSTEL_MESSAGES.moveCancelled });
});

hostel.post(
  "/block-moves/:id/decision",
  requireAuth,
  requireRole("warden", (c) => moveRefusal(c.env, c.var.user, c.req.param("id") ?? "")),
  validateJson(moveDecisionSchema),
  async (c) => {
    const { status } = await decideMove(c.env, c.var.user, c.req.param("id"), c.req.valid("json"));
    return c.json({ success: true, message: moveDecisionMessage(status), data: { status } });
  },
);

// Complaints.
hostel.get("/complaints", requireAuth, validateQuery(complaintQuerySchema), async (c) => {
  const query = c.req.valid("query");
  noStore(c);
  return c.json({ success: true, data: await listComplaints(c.env, c.var.user, query) });
});

hostel.post(
  "/complaints",
  bodyLimit(UPLOAD_LIMITS.photo),
  requireAuth,
  requireMayActTo(HOSTEL_WRITES.fileComplaint),
  async (c) => {
    const body = await complaintBody(c);
    const key = submissionKeyOf(c.req.header("Idempotency-Key"), submissionKeyField(body));
    const complaint = await createComplaint(c.env, c.var.user, parseWith(createComplaintSchema, body), key);
    return c.json({ success: true, message: HOSTEL_MESSAGES.complaintFiled, data: complaint }, 201);
  },
);

hostel.get("/complaints/:id/photo", requireAuth, (c) =>
  complaintPhoto(c.env, c.var.user, c.req.param("id"), c.req.header("If-None-Match") ?? null),
);

hostel.post("/complaints/:id/me-too", requireAuth, async (c) => {
  const complaint = await addMeToo(c.env, c.var.user, c.req.param("id"));
  return c.json({ success: true, message: HOSTEL_MESSAGES.meTooAdded, data: complaint });
});

hostel.patch("/complaints/:id", requireAuth, validateJson(statusChangeSchema), async (c) => {
  const complaint = await changeComplaintStatus(c.env, c.var.user, c.req.param("id"), c.req.valid("json"));
  return c.json({ success: true, message: complaintStatusMessage(complaint.status), data: complaint });
});

// The status with a note: the warden of the block (or the campus admin) moves it open -> in progress
// -> resolved; the student who filed it resolves or withdraws it, as with PATCH /complaints/:id.
hostel.patch("/complaints/:id/status", requireAuth, validateJson(complaintStatusSchema), async (c) => {
  const complaint = await setComplaintStatus(c.env, c.var.user, c.req.param("id"), c.req.valid("json"));
  return c.json({ success: true, message: complaintStatusMessage(complaint.status), data: complaint });
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

hostel.post(
  "/mess/ratings",
  requireAuth,
  requireMayActTo(HOSTEL_WRITES.rateMeal),
  validateJson(rateSchema),
  async (c) => {
    const rating = await rateMeal(c.env, c.var.user, c.req.valid("json"));
    return c.json({ success: true, message: HOSTEL_MESSAGES.mealRated, data: rating });
  },
);

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

hostel.post("/roommates", requireAuth, requireMayActTo(HOSTEL_WRITES.postListing), async (c) => {
  const body = await readJson(c);
  const key = submissionKeyOf(c.req.header("Idempotency-Key"), submissionKeyField(body));
  const listing = await createListing(c.env, c.var.user, parseWith(listingSchema, body), key);
  return c.json({ success: true, message: HOSTEL_MESSAGES.listingPosted, data: listing }, 201);
});

hostel.put(
  "/roommates/:id",
  requireAuth,
  requireMayActTo(HOSTEL_WRITES.updateListing),
  validateJson(listingSchema),
  async (c) => {
    const listing = await updateListing(c.env, c.var.user, c.req.param("id"), c.req.valid("json"));
    return c.json({ success: true, message: HOSTEL_MESSAGES.listingUpdated, data: listing });
  },
);

hostel.delete("/roommates/:id", requireAuth, async (c) => {
  await deleteListing(c.env, c.var.user, c.req.param("id"));
  return c.json({ success: true, message: HOSTEL_MESSAGES.listingRemoved });
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

hostel.post(
  "/laundry/bookings",
  requireAuth,
  requireMayActTo(HOSTEL_WRITES.bookPickup),
  validateJson(bookingSchema),
  async (c) => {
    const booking = await bookPickup(c.env, c.var.user, c.req.valid("json"));
    return c.json({ success: true, message: HOSTEL_MESSAGES.pickupBooked, data: booking }, 201);
  },
);

hostel.post("/laundry/bookings/:id/cancel", requireAuth, async (c) => {
  const booking = await cancelBooking(c.env, c.var.user, c.req.param("id"));
  return c.json({ success: true, message: HOSTEL_MESSAGES.bookingCancelled, data: booking });
});

export default hostel;
