import { Hono } from "hono";
import {
  type AppEnv,
  requireAuth,
  requireRole,
  validateJson,
  validateParam,
  validateQuery,
} from "#server/api/context.ts";
import { TIMETABLE_FORM_LIMIT } from "#common/body-limits.ts";
import { indiaDate } from "#common/india-time.ts";
import { ATTENDANCE_MESSAGES as A, TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { bodyLimit } from "#server/lib/body-limit.ts";
import {
  addHoliday,
  grantRep,
  readTimetableSetup,
  removeHoliday,
  revokeRep,
  setCounting,
  setThreshold,
} from "#server/services/timetable/admin.ts";
import { markAttendance, readAttendance, removeBaseline, setBaseline } from "#server/services/timetable/attendance.ts";
import { addChange, removeChange, updateChange } from "#server/services/timetable/changes.ts";
import { addPeriod, removePeriod, updatePeriod } from "#server/services/timetable/periods.ts";
import { addEntry, hidePeriod, removeEntry, showPeriod } from "#server/services/timetable/personal.ts";
import {
  attendanceQuerySchema,
  baselineParamSchema,
  baselineSchema,
  countingSchema,
  changeSchema,
  classChoiceSchema,
  holidayParamSchema,
  holidaySchema,
  idParamSchema,
  markParamSchema,
  markSchema,
  newChangeSchema,
  newClassSchema,
  newPeriodSchema,
  periodSchema,
  personalEntrySchema,
  repParamSchema,
  repSchema,
  thresholdSchema,
  timetableQuerySchema,
} from "#server/services/timetable/schema.ts";
import { chooseClass, readClassChoice, readTimetable } from "#server/services/timetable/student.ts";
import { addClass, readClasses, readClassWeek } from "#server/services/timetable/week.ts";
import { readSharedWeek, sharedWeekQuerySchema } from "#server/services/timetable/shared-week.ts";

// Class timetables and attendance (docs/decisions/0109-timetable-and-attendance.md). Thin: each
// route is one use-case; nothing here is cached (it is all the student's own or a keeper's view).

export const timetable = new Hono<AppEnv>();
timetable.use("*", bodyLimit(TIMETABLE_FORM_LIMIT), async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});

timetable.get("/", requireAuth, validateQuery(timetableQuerySchema), async (c) =>
  c.json({ success: true, data: await readTimetable(c.env, c.var.user, c.req.valid("query")) }),
);

timetable.get("/class", requireAuth, async (c) =>
  c.json({ success: true, data: await readClassChoice(c.env, c.var.user) }),
);

timetable.put("/class", requireAuth, validateJson(classChoiceSchema), async (c) => {
  const chosen = await chooseClass(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message: M.classChosen(chosen.label), data: chosen });
});

timetable.get("/classes", requireAuth, async (c) =>
  c.json({ success: true, data: await readClasses(c.env, c.var.user) }),
);

timetable.post(
  "/classes",
  requireAuth,
  requireRole("curator", M.editorsOnly),
  validateJson(newClassSchema),
  async (c) => {
    const cls = await addClass(c.env, c.var.user, c.req.valid("json"));
    return c.json({ success: true, message: M.classAdded(cls.label), data: cls }, 201);
  },
);

// Any member of the class's college: the read-only week a shared link opens (decision 0136).
timetable.get(
  "/classes/:id",
  requireAuth,
  validateParam(idParamSchema),
  validateQuery(sharedWeekQuerySchema),
  async (c) =>
    c.json({
      success: true,
      data: await readSharedWeek(c.env, c.var.user, c.req.valid("param"), c.req.valid("query")),
    }),
);

timetable.get(
  "/classes/:id/week",
  requireAuth,
  requireRole(["rep", "curator"], M.editorsOnly),
  validateParam(idParamSchema),
  async (c) => c.json({ success: true, data: await readClassWeek(c.env, c.var.user, c.req.valid("param")) }),
);

timetable.post(
  "/classes/:id/reps",
  requireAuth,
  requireRole("admin"),
  validateParam(idParamSchema),
  validateJson(repSchema),
  async (c) => {
    const rep = await grantRep(c.env, c.var.user, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true, message: M.repGranted, data: rep }, 201);
  },
);

timetable.delete(
  "/classes/:id/reps/:userId",
  requireAuth,
  requireRole("admin"),
  validateParam(repParamSchema),
  async (c) => {
    const { id, userId } = c.req.valid("param");
    await revokeRep(c.env, c.var.user, id, userId);
    return c.json({ success: true, message: M.repRevoked });
  },
);

timetable.post(
  "/periods",
  requireAuth,
  requireRole(["rep", "curator"], M.editorsOnly),
  validateJson(newPeriodSchema),
  async (c) => {
    const period = await addPeriod(c.env, c.var.user, c.req.valid("json"));
    return c.json({ success: true, message: M.periodAdded, data: period }, 201);
  },
);

timetable.patch(
  "/periods/:id",
  requireAuth,
  requireRole(["rep", "curator"], M.editorsOnly),
  validateParam(idParamSchema),
  validateJson(periodSchema),
  async (c) => {
    const period = await updatePeriod(c.env, c.var.user, c.req.valid("param"), c.req.valid("json"));
    return c.json({ success: true, message: M.periodSaved, data: period });
  },
);

timetable.delete(
  "/periods/:id",
  requireAuth,
  requireRole(["rep", "curator"], M.editorsOnly),
  validateParam(idParamSchema),
  async (c) => {
    await removePeriod(c.env, c.var.user, c.req.valid("param"));
    return c.json({ success: true, message: M.periodRemoved });
  },
);

timetable.post(
  "/changes",
  requireAuth,
  requireRole(["rep", "curator"], M.editorsOnly),
  validateJson(newChangeSchema),
  async (c) => {
    const change = await addChange(c.env, c.var.user, c.req.valid("json"));
    return c.json({ success: true, message: M.changeSaved, data: change }, 201);
  },
);

timetable.patch(
  "/changes/:id",
  requireAuth,
  requireRole(["rep", "curator"], M.editorsOnly),
  validateParam(idParamSchema),
  validateJson(changeSchema),
  async (c) => {
    await updateChange(c.env, c.var.user, c.req.valid("param"), c.req.valid("json"));
    return c.json({ success: true, message: M.changeSaved });
  },
);

timetable.delete(
  "/changes/:id",
  requireAuth,
  requireRole(["rep", "curator"], M.editorsOnly),
  validateParam(idParamSchema),
  async (c) => {
    await removeChange(c.env, c.var.user, c.req.valid("param"));
    return c.json({ success: true, message: M.changeRemoved });
  },
);

timetable.post("/personal", requireAuth, validateJson(personalEntrySchema), async (c) => {
  const entry = await addEntry(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message: M.entryAdded, data: entry }, 201);
});

timetable.delete("/personal/:id", requireAuth, validateParam(idParamSchema), async (c) => {
  await removeEntry(c.env, c.var.user, c.req.valid("param"));
  return c.json({ success: true, message: M.entryRemoved });
});

timetable.put("/hidden/:id", requireAuth, validateParam(idParamSchema), async (c) => {
  await hidePeriod(c.env, c.var.user, c.req.valid("param"));
  return c.json({ success: true, message: M.hidden });
});

timetable.delete("/hidden/:id", requireAuth, validateParam(idParamSchema), async (c) => {
  await showPeriod(c.env, c.var.user, c.req.valid("param"));
  return c.json({ success: true, message: M.shown });
});

/** `/api/attendance`: the student's own record. */
export const attendance = new Hono<AppEnv>();
attendance.use("*", bodyLimit(TIMETABLE_FORM_LIMIT), async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});

attendance.get("/", requireAuth, validateQuery(attendanceQuerySchema), async (c) =>
  c.json({ success: true, data: await readAttendance(c.env, c.var.user, c.req.valid("query")) }),
);

// Before /:date/:periodId, which would read "baselines" as a date.
attendance.put(
  "/baselines/:subjectId",
  requireAuth,
  validateParam(baselineParamSchema),
  validateJson(baselineSchema),
  async (c) => {
    const { subject } = await setBaseline(c.env, c.var.user, c.req.valid("param"), c.req.valid("json"));
    return c.json({ success: true, message: A.baselineSaved(subject) });
  },
);

attendance.delete("/baselines/:subjectId", requireAuth, validateParam(baselineParamSchema), async (c) => {
  await removeBaseline(c.env, c.var.user, c.req.valid("param"));
  return c.json({ success: true, message: A.baselineRemoved });
});

attendance.put("/:date/:periodId", requireAuth, validateParam(markParamSchema), validateJson(markSchema), async (c) => {
  const marked = await markAttendance(c.env, c.var.user, c.req.valid("param"), c.req.valid("json"));
  return c.json({ success: true, message: A.marked(marked.status), data: marked });
});

/** The campus admin's step: `/api/admin/campus/{timetable,attendance,holidays}`. */
export const timetableSetup = new Hono<AppEnv>();

timetableSetup.get("/timetable", requireAuth, requireRole("admin"), async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: await readTimetableSetup(c.env, c.var.user, indiaDate(Date.now())) });
});

timetableSetup.put("/attendance", requireAuth, requireRole("admin"), validateJson(thresholdSchema), async (c) => {
  const input = c.req.valid("json");
  await setThreshold(c.env, c.var.user, input);
  return c.json({ success: true, message: A.thresholdSaved(input.threshold) });
});

timetableSetup.put(
  "/attendance/counting",
  requireAuth,
  requireRole("admin"),
  validateJson(countingSchema),
  async (c) => {
    await setCounting(c.env, c.var.user, c.req.valid("json"));
    return c.json({ success: true, message: A.countingSaved });
  },
);

timetableSetup.post("/holidays", requireAuth, requireRole("admin"), validateJson(holidaySchema), async (c) => {
  const input = c.req.valid("json");
  await addHoliday(c.env, c.var.user, input);
  return c.json({ success: true, message: M.holidaySaved(input.date), data: input }, 201);
});

timetableSetup.delete(
  "/holidays/:date",
  requireAuth,
  requireRole("admin"),
  validateParam(holidayParamSchema),
  async (c) => {
    const { date } = c.req.valid("param");
    await removeHoliday(c.env, c.var.user, { date });
    return c.json({ success: true, message: M.holidayRemoved(date) });
  },
);
