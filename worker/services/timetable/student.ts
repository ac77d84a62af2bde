import { indiaDate } from "#common/india-time.ts";
import {
  type ClassPeriod,
  type Day,
  type PersonalEntry,
  resolveDay,
  resolveWeek,
  weekDates,
  type WeekSources,
} from "#common/timetable.ts";
import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import type { AttendanceStatus } from "#common/attendance.ts";
import { batch, insertWhere, type Outcomes, select, sql } from "#server/db/sql.ts";
import { attendanceMarks, timetableChoices, timetableHidden, timetablePersonal } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import {
  classChanges,
  classPeriods,
  holidaysBetween,
  CLASS,
  CLASS_COLUMNS,
  CLASS_JOINS,
  CLASS_ORDER,
  type ClassInfo,
  classLabel,
  classOf,
  limitOwn,
  type Member,
} from "#server/services/timetable/access.ts";
import type { ClassChoice, TimetableQuery } from "#server/services/timetable/schema.ts";

// A student's timetable: the class they chose, their day or week resolved from it, and the classes
// of their college to choose from (docs/decisions/0109-timetable-and-attendance.md).

export interface ClassView {
  id: string;
  label: string;
  semesterId: string;
  section: string;
}

export const classView = (c: ClassInfo): ClassView => ({
  id: c.id,
  label: classLabel(c),
  semesterId: c.semesterId,
  section: c.section,
});

export interface Mark {
  date: string;
  slotId: string;
  status: AttendanceStatus;
}

export interface Timetable {
  /** Null until the student chooses a class (their own entries still show). */
  class: ClassView | null;
  /** The India date asked for (today when none), and today. */
  date: string;
  today: string;
  span: "day" | "week";
  days: Day[];
  /** The student's attendance marks on those days. */
  marks: Mark[];
  /** Their own entries, and the class's periods they hid (to show again), for managing them. */
  entries: PersonalEntry[];
  hidden: Pick<ClassPeriod, "id" | "weekday" | "startsMin" | "endsMin" | "subjectName" | "kind">[];
}

const ch = timetableChoices.as("ch");

/** The student's chosen class of their campus (rows are ClassInfo). */
const chosenClass = (member: Member) =>
  select(
    CLASS_COLUMNS,
    sql`FROM ${ch} JOIN ${CLASS} ON ${CLASS.id} = ${ch.class_id} ${CLASS_JOINS}
      WHERE ${ch.user_id} = ${member.id} AND ${CLASS.campus_id} = ${member.campusId}`,
  );

/** What a student's day or week is resolved from, for the dates from..to (a batch's part). */
export function timetableSourceReads(member: Member, from: string, to: string) {
  const myClass = sql`(SELECT class_id FROM timetable_choices WHERE user_id = ${member.id})`;
  const e = timetablePersonal;
  return [
    chosenClass(member),
    classPeriods(myClass, member.campusId),
    select(
      {
        id: e.id,
        weekday: e.weekday,
        startsMin: e.starts_min,
        endsMin: e.ends_min,
        title: e.title,
        room: e.room,
        keepsAttendance: e.keeps_attendance,
      },
      sql`FROM ${e} WHERE ${e.user_id} = ${member.id}`,
    ),
    select({ periodId: timetableHidden.period_id }, sql`FROM ${timetableHidden} WHERE user_id = ${member.id}`),
    holidaysBetween(member.campusId, from, to),
    classChanges(myClass, member.campusId, from, to),
  ] as const;
}

/** The reads of a student's timetable for the dates from..to (a batch's part): the sources, then the marks. */
export function timetableReads(member: Member, from: string, to: string) {
  const m = attendanceMarks;
  return [
    ...timetableSourceReads(member, from, to),
    select(
      { date: m.date, slotId: m.slot_id, status: m.status },
      sql`FROM ${m} WHERE user_id = ${member.id} AND date BETWEEN ${from} AND ${to}`,
    ),
  ] as const;
}

/** What a batch returns for timetableReads. */
export type TimetableOutcomes = Outcomes<ReturnType<typeof timetableReads>>;

/** What resolveDay needs, from the outcomes of timetableSourceReads (the marks, when they follow, are not read). */
export function timetableSources(
  outcomes: readonly [...Outcomes<ReturnType<typeof timetableSourceReads>>, ...unknown[]],
): WeekSources & { hidden: string[]; class: ClassInfo | null } {
  const [cls, periods, personal, hidden, holidays, changes] = outcomes;
  const info = cls.rows[0];
  return {
    class: info ?? null,
    periods: info ? periods.rows : [],
    personal: personal.rows.map((r) => ({ ...r, keepsAttendance: r.keepsAttendance === 1 })),
    hidden: hidden.rows.map((h) => h.periodId),
    holidays: holidays.rows,
    changes: changes.rows,
  };
}

/** The timetable from the outcomes of timetableReads. */
export function timetableFrom(
  outcomes: Readonly<TimetableOutcomes>,
  query: { date: string; today: string; span: "day" | "week" },
): Timetable {
  const marks = outcomes[6];
  const { class: info, ...sources } = timetableSources(outcomes);
  return {
    class: info ? classView(info) : null,
    date: query.date,
    today: query.today,
    span: query.span,
    days: query.span === "week" ? resolveWeek(query.date, sources) : [resolveDay(query.date, sources)],
    marks: marks.rows,
    entries: [...sources.personal].sort((a, b) => a.weekday - b.weekday || a.startsMin - b.startsMin),
    hidden: sources.periods
      .filter((p) => sources.hidden.includes(p.id))
      .map(({ id, weekday, startsMin, endsMin, subjectName, kind }) => ({
        id,
        weekday,
        startsMin,
        endsMin,
        subjectName,
        kind,
      }))
      .sort((a, b) => a.weekday - b.weekday || a.startsMin - b.startsMin),
  };
}

/** `GET /api/timetable` and /timetable: the student's day or week, in one D1 batch. */
export async function readTimetable(
  env: Env,
  member: Member,
  query: TimetableQuery,
  now = Date.now(),
): Promise<Timetable> {
  const today = indiaDate(now);
  const date = query.date ?? today;
  const dates = query.span === "week" ? weekDates(date) : [date];
  const outcomes = await batch(env, timetableReads(member, dates[0]!, dates[dates.length - 1]!));
  return timetableFrom(outcomes, { date, today, span: query.span });
}

/** The classes of a college, for the picker and the keepers. */
export const classesOf = (campusId: string) =>
  select(CLASS_COLUMNS, sql`FROM ${CLASS} ${CLASS_JOINS} WHERE ${CLASS.campus_id} = ${campusId} ${CLASS_ORDER}`);

export interface ClassChoiceView {
  chosen: ClassView | null;
  classes: ClassView[];
}

/** `GET /api/timetable/class`: the student's class and the classes of their college. */
export async function readClassChoice(env: Env, member: Member): Promise<ClassChoiceView> {
  const [chosen, all] = await batch(env, [chosenClass(member), classesOf(member.campusId)]);
  const mine = chosen.rows[0];
  return { chosen: mine ? classView(mine) : null, classes: all.rows.map(classView) };
}

/** `PUT /api/timetable/class`: a class of the student's college (another college's is a 404). */
export async function chooseClass(env: Env, member: Member, input: ClassChoice, now = Date.now()): Promise<ClassView> {
  await limitOwn(env, member);
  const [cls, written] = await batch(env, [
    classOf(input.classId, member.campusId),
    insertWhere(
      timetableChoices,
      { user_id: member.id, class_id: input.classId, chosen_at: now },
      sql`EXISTS (SELECT 1 FROM timetable_classes WHERE id = ${input.classId} AND campus_id = ${member.campusId})`,
      sql`ON CONFLICT (user_id) DO UPDATE SET class_id = excluded.class_id, chosen_at = excluded.chosen_at`,
    ),
  ]);
  const info = cls.rows[0];
  if (!info || written.changes === 0) throw new ApiError(404, M.noSuchClass, { field: "classId" });
  return classView(info);
}
