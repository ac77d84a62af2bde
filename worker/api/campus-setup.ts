import { Hono } from "hono";
import { type AppEnv, requireAuth, requireRole, validateJson, validateParam } from "#server/api/context.ts";
import { SETUP_FORM_LIMIT } from "#common/body-limits.ts";
import { hhmm } from "#common/campus-setup.ts";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import { bodyLimit } from "#server/lib/body-limit.ts";
import { idParamSchema } from "#server/services/campus-setup/common.ts";
import {
  addDomain,
  collegeSchema,
  domainSchema,
  readCollege,
  removeDomain,
  updateCollege,
} from "#server/services/campus-setup/college.ts";
import {
  addBlock,
  blockUpdateSchema,
  listSetupBlocks,
  newBlockSchema,
  removeBlock,
  renameBlock,
} from "#server/services/campus-setup/blocks.ts";
import {
  addMeal,
  listSetupMeals,
  mealSchema,
  menuCellSchema,
  readSetupMenu,
  removeMeal,
  setMenuCell,
  updateMeal,
} from "#server/services/campus-setup/mess.ts";
import { addSlot, listSetupSlots, removeSlot, slotSchema, updateSlot } from "#server/services/campus-setup/laundry.ts";
import {
  addMeetupPlace,
  listSetupMeetupPlaces,
  meetupPlaceSchema,
  retireMeetupPlace,
  updateMeetupPlace,
} from "#server/services/campus-setup/meetup-places.ts";

// The campus admin sets their college up (docs/decisions/0104-campus-setup.md): the college and its
// domains, hostel blocks, meals and the weekly menu, laundry slots, safe meet-up places for trades. Thin: each route is one use-case.
export const campusSetup = new Hono<AppEnv>();
campusSetup.use("*", bodyLimit(SETUP_FORM_LIMIT));

campusSetup.get("/", requireAuth, requireRole("admin"), async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: await readCollege(c.env, c.var.user) });
});

campusSetup.put("/", requireAuth, requireRole("admin"), validateJson(collegeSchema), async (c) => {
  const data = await updateCollege(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message: M.campusSaved, data });
});

campusSetup.post("/domains", requireAuth, requireRole("admin"), validateJson(domainSchema), async (c) => {
  const input = c.req.valid("json");
  await addDomain(c.env, c.var.user, input);
  return c.json({ success: true, message: M.domainAdded(input.domain), data: input }, 201);
});

campusSetup.delete("/domains/:domain", requireAuth, requireRole("admin"), validateParam(domainSchema), async (c) => {
  const input = c.req.valid("param");
  await removeDomain(c.env, c.var.user, input);
  return c.json({ success: true, message: M.domainRemoved(input.domain) });
});

campusSetup.get("/blocks", requireAuth, requireRole("admin"), async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: await listSetupBlocks(c.env, c.var.user) });
});

campusSetup.post("/blocks", requireAuth, requireRole("admin"), validateJson(newBlockSchema), async (c) => {
  const block = await addBlock(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message: M.blockAdded(block.name), data: block }, 201);
});

campusSetup.patch(
  "/blocks/:id",
  requireAuth,
  requireRole("admin"),
  validateParam(idParamSchema),
  validateJson(blockUpdateSchema),
  async (c) => {
    const input = c.req.valid("json");
    await renameBlock(c.env, c.var.user, c.req.valid("param"), input);
    return c.json({ success: true, message: M.blockSaved(input.name) });
  },
);

campusSetup.delete("/blocks/:id", requireAuth, requireRole("admin"), validateParam(idParamSchema), async (c) => {
  await removeBlock(c.env, c.var.user, c.req.valid("param"));
  return c.json({ success: true, message: M.saved });
});

campusSetup.get("/meals", requireAuth, requireRole("admin"), async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: await listSetupMeals(c.env, c.var.user) });
});

campusSetup.post("/meals", requireAuth, requireRole("admin"), validateJson(mealSchema), async (c) => {
  const meal = await addMeal(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message: M.mealAdded(meal.name), data: meal }, 201);
});

campusSetup.patch(
  "/meals/:id",
  requireAuth,
  requireRole("admin"),
  validateParam(idParamSchema),
  validateJson(mealSchema),
  async (c) => {
    const input = c.req.valid("json");
    await updateMeal(c.env, c.var.user, c.req.valid("param"), input);
    return c.json({ success: true, message: M.mealSaved(input.name) });
  },
);

campusSetup.delete("/meals/:id", requireAuth, requireRole("admin"), validateParam(idParamSchema), async (c) => {
  await removeMeal(c.env, c.var.user, c.req.valid("param"));
  return c.json({ success: true, message: M.saved });
});

campusSetup.get("/menu", requireAuth, requireRole("admin"), async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: await readSetupMenu(c.env, c.var.user) });
});

// A cell of the week (a day and a meal) is set whole; blank items clear it.
campusSetup.put("/menu", requireAuth, requireRole("admin"), validateJson(menuCellSchema), async (c) => {
  await setMenuCell(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message: M.menuSaved });
});

campusSetup.get("/laundry-slots", requireAuth, requireRole("admin"), async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: await listSetupSlots(c.env, c.var.user) });
});

campusSetup.post("/laundry-slots", requireAuth, requireRole("admin"), validateJson(slotSchema), async (c) => {
  const slot = await addSlot(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message: M.slotAdded(hhmm(slot.startsAtMin)), data: slot }, 201);
});

campusSetup.patch(
  "/laundry-slots/:id",
  requireAuth,
  requireRole("admin"),
  validateParam(idParamSchema),
  validateJson(slotSchema),
  async (c) => {
    const input = c.req.valid("json");
    await updateSlot(c.env, c.var.user, c.req.valid("param"), input);
    return c.json({ success: true, message: M.slotSaved(hhmm(input.startsAt)) });
  },
);

campusSetup.delete("/laundry-slots/:id", requireAuth, requireRole("admin"), validateParam(idParamSchema), async (c) => {
  await removeSlot(c.env, c.var.user, c.req.valid("param"));
  return c.json({ success: true, message: M.saved });
});

campusSetup.get("/meetup-places", requireAuth, requireRole("admin"), async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: await listSetupMeetupPlaces(c.env, c.var.user) });
});

campusSetup.post("/meetup-places", requireAuth, requireRole("admin"), validateJson(meetupPlaceSchema), async (c) => {
  const place = await addMeetupPlace(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message: M.placeAdded(place.name), data: place }, 201);
});

campusSetup.patch(
  "/meetup-places/:id",
  requireAuth,
  requireRole("admin"),
  validateParam(idParamSchema),
  validateJson(meetupPlaceSchema),
  async (c) => {
    const input = c.req.valid("json");
    await updateMeetupPlace(c.env, c.var.user, c.req.valid("param"), input);
    return c.json({ success: true, message: M.placeSaved(input.name) });
  },
);

// A retired place stays in the table for the meet-ups that named it (docs/decisions/0116-meetup-places.md).
campusSetup.delete("/meetup-places/:id", requireAuth, requireRole("admin"), validateParam(idParamSchema), async (c) => {
  const place = await retireMeetupPlace(c.env, c.var.user, c.req.valid("param"));
  return c.json({ success: true, message: M.placeRetired(place.name) });
});
