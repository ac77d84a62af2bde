import { z } from "zod";
import { ATTENDANCE_STATUSES } from "#common/attendance.ts";
import { isCalendarDate } from "#common/india-time.ts";
import { CHANGE_KINDS, PERIOD_KINDS } from "#common/timetable.ts";
import { ATTENDANCE_MESSAGES as A, TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { cleanText, clockTime } from "#server/lib/validate.ts";

// The inputs of the timetable and attendance use-cases, one schema each, used by the API
// (validateJson/validateQuery/validateParam) and by the pages (parseWith) alike
// (docs/decisions/0109-timetable-and-attendance.md).

/** Form fields arrive as "" when left empty. */
const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const whole = (value: unknown) => (typeof value === "string" && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : value);

const id = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);

export const dateSchema = z
  .string({ error: A.dateInvalid })
  .trim()
  .refine((value) => isCalendarDate(value), A.dateInvalid);

const time = clockTime(M.timeInvalid);

const weekday = z.preprocess(
  whole,
  z.number({ error: M.weekdayInvalid }).int(M.weekdayInvalid).min(1, M.weekdayInvalid).max(7, M.weekdayInvalid),
);

const shortText = (max: number, tooLong: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z
      .string({ error: tooLong })
      .transform((value) => cleanText(value))
      .pipe(z.string().max(max, tooLong)),
  );

/** `GET /api/timetable?date=&span=` and /timetable's `?date=`: a day or its week; today when no date. */
export const timetableQuerySchema = z.object({
  date: z.preprocess(blank, dateSchema.optional()),
  span: z.preprocess(blank, z.enum(["day", "week"], { error: "span is day or week." }).default("day")),
});
export type TimetableQuery = z.output<typeof timetableQuerySchema>;

/** `PUT /api/timetable/class` and the class picker. */
export const classChoiceSchema = z.object({ classId: id(M.noSuchClass) });
export type ClassChoice = z.output<typeof classChoiceSchema>;

/** `POST /api/timetable/classes`: a semester of the academics tree and a section. */
export const newClassSchema = z.object({
  semesterId: id(M.noSuchSemester),
  section: z
    .string({ error: M.sectionInvalid })
    .trim()
    .regex(/^[\p{L}\p{N}]{1,8}$/u, M.sectionInvalid)
    .transform((value) => value.toUpperCase()),
});
export type NewClassInput = z.output<typeof newClassSchema>;

const periodFields = {
  weekday,
  startsAt: time,
  endsAt: time,
  subjectId: id(M.noSuchSubject),
  room: shortText(40, M.roomTooLong),
  teacher: shortText(80, M.teacherTooLong),
  kind: z.enum(PERIOD_KINDS, { error: M.kindInvalid }),
};

const endsAfterStart = { message: M.endsBeforeStart, path: ["endsAt"] };

/** `POST /api/timetable/periods`. */
export const newPeriodSchema = z
  .object({ classId: id(M.noSuchClass), ...periodFields })
  .refine((p) => p.endsAt > p.startsAt, endsAfterStart);
export type NewPeriodInput = z.output<typeof newPeriodSchema>;

/** `PATCH /api/timetable/periods/:id`: the period whole, as the edit form sends it. */
export const periodSchema = z.object(periodFields).refine((p) => p.endsAt > p.startsAt, endsAfterStart);
export type PeriodInput = z.output<typeof periodSchema>;

/** `:id` of a period, a change, an entry or a class. */
export const idParamSchema = z.object({ id: id("That id is not one of ours.") });
export type IdParam = z.output<typeof idParamSchema>;

const changeFields = {
  kind: z.enum(CHANGE_KINDS, { error: M.changeKindInvalid }),
  room: z.preprocess(blank, shortText(40, M.roomTooLong).optional()),
  startsAt: z.preprocess(blank, time.optional()),
  endsAt: z.preprocess(blank, time.optional()),
};

function checkChange(c: { kind: string; room?: string; startsAt?: number; endsAt?: number }, ctx: z.RefinementCtx) {
  if (c.kind !== "moved") return;
  if ((c.startsAt === undefined) !== (c.endsAt === undefined))
    ctx.addIssue({ code: "custom", message: M.timeInvalid, path: [c.startsAt === undefined ? "startsAt" : "endsAt"] });
  else if (c.startsAt !== undefined && c.endsAt !== undefined && c.endsAt <= c.startsAt)
    ctx.addIssue({ code: "custom", message: M.endsBeforeStart, path: ["endsAt"] });
  else if (!c.room && c.startsAt === undefined)
    ctx.addIssue({ code: "custom", message: M.movedNeedsSomething, path: ["room"] });
}

/** `POST /api/timetable/changes`: one period on one date, cancelled or moved (a later POST replaces it). */
export const newChangeSchema = z
  .object({ periodId: id(M.noSuchPeriod), date: dateSchema, ...changeFields })
  .superRefine(checkChange);
export type NewChangeInput = z.output<typeof newChangeSchema>;

/** `PATCH /api/timetable/changes/:id`. */
export const changeSchema = z.object(changeFields).superRefine(checkChange);
export type ChangeInput = z.output<typeof changeSchema>;

/** `POST /api/timetable/personal`: an entry of the student's own. */
export const personalEntrySchema = z
  .object({
    weekday,
    startsAt: time,
    endsAt: time,
    title: z
      .string({ error: M.titleRequired })
      .transform((value) => cleanText(value))
      .pipe(z.string().min(1, M.titleRequired).max(80, M.titleTooLong)),
    room: shortText(40, M.roomTooLong),
    // An API client that leaves it out keeps attendance, as entries always did; the page's checkbox
    // sends "on" or nothing, so its action names "off" for an unticked box.
    keepsAttendance: z.preprocess(
      (v) => (v === "on" || v === "true" ? true : v === "false" || v === "off" ? false : v),
      z.boolean({ error: "keepsAttendance is true or false." }).default(true),
    ),
  })
  .refine((p) => p.endsAt > p.startsAt, endsAfterStart);
export type PersonalEntryInput = z.output<typeof personalEntrySchema>;

/** `PUT /api/attendance/:date/:periodId`. */
export const markParamSchema = z.object({ date: dateSchema, periodId: id(A.notYourPeriod) });
export type MarkParam = z.output<typeof markParamSchema>;
export const markSchema = z.object({
  status: z.enum(ATTENDANCE_STATUSES, { error: A.statusInvalid }),
});
export type MarkInput = z.output<typeof markSchema>;

/** `GET /api/attendance?month=YYYY-MM`: the month's marks beside the per-subject sums. */
export const attendanceQuerySchema = z.object({
  month: z.preprocess(
    blank,
    z
      .string({ error: "month is written YYYY-MM." })
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "month is written YYYY-MM.")
      .optional(),
  ),
});
export type AttendanceQuery = z.output<typeof attendanceQuerySchema>;

/** `PUT /api/attendance/baselines/:subjectId`: what the student already had in a subject. */
export const baselineParamSchema = z.object({ subjectId: id(A.baselineSubjectInvalid) });
export type BaselineParam = z.output<typeof baselineParamSchema>;
export const baselineSchema = z
  .object({
    attended: z.preprocess(
      whole,
      z
        .number({ error: A.baselineInvalid })
        .int(A.baselineInvalid)
        .min(0, A.baselineInvalid)
        .max(999, A.baselineInvalid),
    ),
    held: z.preprocess(
      whole,
      z
        .number({ error: A.baselineHeldInvalid })
        .int(A.baselineHeldInvalid)
        .min(1, A.baselineHeldInvalid)
        .max(999, A.baselineHeldInvalid),
    ),
  })
  .refine((b) => b.attended <= b.held, { message: A.baselineMoreThanHeld, path: ["attended"] });
export type BaselineInput = z.output<typeof baselineSchema>;

/** An optional whole number of a form (blank: none) or of JSON (null: none). */
const optionalWhole = (message: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === null ? undefined : whole(blank(v))),
    z.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );

/** `PUT /api/admin/campus/attendance/counting`: how a lab and a long period count (none: once). */
export const countingSchema = z.object({
  labWeight: optionalWhole(A.labWeightInvalid, 1, 6),
  periodMinutes: optionalWhole(A.periodMinutesInvalid, 30, 120),
});
export type CountingInput = z.output<typeof countingSchema>;

const percent = z.preprocess(
  whole,
  z
    .number({ error: A.thresholdInvalid })
    .int(A.thresholdInvalid)
    .min(1, A.thresholdInvalid)
    .max(100, A.thresholdInvalid),
);

/** `PUT /api/admin/campus/attendance`: the college's rule; a subject's own rule, or none (blank). */
export const thresholdSchema = z.object({
  threshold: percent,
  subjectId: z.preprocess(blank, id(M.noSuchSubject).optional()),
});
export type ThresholdInput = z.output<typeof thresholdSchema>;

/** `POST /api/admin/campus/holidays`. */
export const holidaySchema = z.object({
  date: dateSchema,
  name: z
    .string({ error: M.holidayNameRequired })
    .transform((value) => cleanText(value))
    .pipe(z.string().min(1, M.holidayNameRequired).max(60, "A holiday's name can be at most 60 characters.")),
});
export type HolidayInput = z.output<typeof holidaySchema>;
export const holidayParamSchema = z.object({ date: dateSchema });

/** `POST /api/timetable/classes/:id/reps`: a member of the college, by e-mail. */
export const repSchema = z.object({
  email: z.string({ error: M.noSuchStudent }).trim().toLowerCase().email(M.noSuchStudent).max(254, M.noSuchStudent),
});
export type RepInput = z.output<typeof repSchema>;
export const repParamSchema = z.object({ id: id(M.noSuchClass), userId: id(M.noSuchStudent) });
