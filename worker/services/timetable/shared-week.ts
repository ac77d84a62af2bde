import { z } from "zod";
import { indiaDate } from "#common/india-time.ts";
import { type Day, resolveWeek, weekDates } from "#common/timetable.ts";
import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { batch, select, sql } from "#server/db/sql.ts";
import { timetableChoices } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import {
  classChanges,
  classPeriods,
  holidaysBetween,
  classOf,
  type Member,
} from "#server/services/timetable/access.ts";
import { dateSchema, type IdParam } from "#server/services/timetable/schema.ts";
import { type ClassView, classView } from "#server/services/timetable/student.ts";

// A class's week as any member of its college reads it, from a link a classmate shared
// (docs/decisions/0136-the-week-on-a-phone.md): its periods with that week's one-off changes and
// the college's holidays, nobody's own entries or hidden periods. Another college's class is a
// 404, as everywhere in the timetable (decision 0109).

/** `GET /api/timetable/classes/:id?date=` and /timetable/class/:id's `?date=`: the week of that date (today's when none). */
export const sharedWeekQuerySchema = z.object({
  date: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), dateSchema.optional()),
});
export type SharedWeekQuery = z.output<typeof sharedWeekQuerySchema>;

export interface SharedWeek {
  class: ClassView;
  /** The India date asked for (today when none), and today. */
  date: string;
  today: string;
  /** Monday..Sunday, resolved as a student of the class with nothing hidden sees them. */
  days: Day[];
  /** Whether it is the reader's own class (else the page offers to make it theirs). */
  mine: boolean;
}

/** The class's week in one D1 batch: the class (of the reader's college), its periods, that week's changes and holidays. */
export async function readSharedWeek(
  env: Env,
  member: Member,
  { id }: IdParam,
  query: SharedWeekQuery,
  now = Date.now(),
): Promise<SharedWeek> {
  const today = indiaDate(now);
  const date = query.date ?? today;
  const dates = weekDates(date);
  const [from, to] = [dates[0]!, dates[6]!];
  const [cls, periods, changes, holidays, choice] = await batch(env, [
    classOf(id, member.campusId),
    classPeriods(id, member.campusId),
    classChanges(id, member.campusId, from, to),
    holidaysBetween(member.campusId, from, to),
    select({ classId: timetableChoices.class_id }, sql`FROM ${timetableChoices} WHERE user_id = ${member.id}`),
  ]);
  const info = cls.rows[0];
  if (!info) throw new ApiError(404, M.noSuchClass);
  return {
    class: classView(info),
    date,
    today,
    days: resolveWeek(date, {
      periods: periods.rows,
      personal: [],
      hidden: [],
      holidays: holidays.rows,
      changes: changes.rows,
    }),
    mine: choice.rows[0]?.classId === info.id,
  };
}
