import { indiaDate } from "#common/india-time.ts";
import {
  type ClassPeriod,
  type Day,
  type Holiday,
  type OneOffChange,
  type PersonalEntry,
  resolveDay,
  resolveWeek,
  weekDates,
  type WeekSources,
} from "#common/timetable.ts";
import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import {
  CLASS_COLUMNS,
  CLASS_JOINS,
  type ClassInfo,
  classLabel,
  classStatement,
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
  status: "present" | "absent" | "cancelled";
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

/** The reads of a student's timetable for the dates from..to (one batch). */
export function timetableStatements(env: Env, member: Member, from: string, to: string): D1PreparedStatement[] {
  const myClass = "(SELECT class_id FROM timetable_choices WHERE user_id = ?1)";
  return [
    env.DB.prepare(
      `SELECT ${CLASS_COLUMNS} FROM timetable_choices ch JOIN timetable_classes c ON c.id = ch.class_id ${CLASS_JOINS}
       WHERE ch.user_id = ?1 AND c.campus_id = ?2`,
    ).bind(member.id, member.campusId),
    env.DB.prepare(
      `SELECT p.id, p.weekday, p.starts_min AS startsMin, p.ends_min AS endsMin, p.subject_id AS subjectId,
         x.name AS subjectName, x.code AS subjectCode, p.room, p.teacher, p.kind
       FROM timetable_periods p JOIN academic_subjects x ON x.id = p.subject_id
       WHERE p.class_id = ${myClass} AND p.campus_id = ?2`,
    ).bind(member.id, member.campusId),
    env.DB.prepare(
      "SELECT id, weekday, starts_min AS startsMin, ends_min AS endsMin, title, room FROM timetable_personal WHERE user_id = ?1",
    ).bind(member.id),
    env.DB.prepare("SELECT period_id AS periodId FROM timetable_hidden WHERE user_id = ?1").bind(member.id),
    env.DB.prepare("SELECT date, name FROM campus_holidays WHERE campus_id = ?1 AND date BETWEEN ?2 AND ?3").bind(
      member.campusId,
      from,
      to,
    ),
    env.DB.prepare(
      `SELECT g.period_id AS periodId, g.date, g.kind, g.room, g.starts_min AS startsMin, g.ends_min AS endsMin
       FROM timetable_changes g JOIN timetable_periods p ON p.id = g.period_id
       WHERE p.class_id = ${myClass} AND g.date BETWEEN ?2 AND ?3`,
    ).bind(member.id, from, to),
    env.DB.prepare(
      "SELECT date, slot_id AS slotId, status FROM attendance_marks WHERE user_id = ?1 AND date BETWEEN ?2 AND ?3",
    ).bind(member.id, from, to),
  ];
}

/** What resolveDay needs, from the first six results of timetableStatements (the marks are not read). */
export function timetableSources(results: D1Result[]): WeekSources & { hidden: string[]; class: ClassInfo | null } {
  const [cls, periods, personal, hidden, holidays, changes] = results;
  const info = cls!.results[0] as ClassInfo | undefined;
  return {
    class: info ?? null,
    periods: info ? (periods!.results as ClassPeriod[]) : [],
    personal: personal!.results as PersonalEntry[],
    hidden: (hidden!.results as { periodId: string }[]).map((h) => h.periodId),
    holidays: holidays!.results as Holiday[],
    changes: changes!.results as OneOffChange[],
  };
}

/** The timetable from the results of timetableStatements. */
export function timetableFrom(
  results: D1Result[],
  query: { date: string; today: string; span: "day" | "week" },
): Timetable {
  const marks = results[6];
  const { class: info, ...sources } = timetableSources(results);
  return {
    class: info ? classView(info) : null,
    date: query.date,
    today: query.today,
    span: query.span,
    days: query.span === "week" ? resolveWeek(query.date, sources) : [resolveDay(query.date, sources)],
    marks: marks!.results as Mark[],
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
  const results = await env.DB.batch(timetableStatements(env, member, dates[0]!, dates[dates.length - 1]!));
  return timetableFrom(results, { date, today, span: query.span });
}

/** The classes of a college, for the picker and the keepers (?1 the campus). */
export const classesStatement = (env: Env, campusId: string) =>
  env.DB.prepare(
    `SELECT ${CLASS_COLUMNS} FROM timetable_classes c ${CLASS_JOINS} WHERE c.campus_id = ?1
     ORDER BY p.position, p.name, b.position, b.name, s.number, c.section`,
  ).bind(campusId);

export interface ClassChoiceView {
  chosen: ClassView | null;
  classes: ClassView[];
}

/** `GET /api/timetable/class`: the student's class and the classes of their college. */
export async function readClassChoice(env: Env, member: Member): Promise<ClassChoiceView> {
  const [chosen, all] = await env.DB.batch([
    env.DB.prepare(
      `SELECT ${CLASS_COLUMNS} FROM timetable_choices ch JOIN timetable_classes c ON c.id = ch.class_id ${CLASS_JOINS}
       WHERE ch.user_id = ?1 AND c.campus_id = ?2`,
    ).bind(member.id, member.campusId),
    classesStatement(env, member.campusId),
  ]);
  const mine = chosen!.results[0] as ClassInfo | undefined;
  return { chosen: mine ? classView(mine) : null, classes: (all!.results as ClassInfo[]).map(classView) };
}

/** `PUT /api/timetable/class`: a class of the student's college (another college's is a 404). */
export async function chooseClass(env: Env, member: Member, input: ClassChoice, now = Date.now()): Promise<ClassView> {
  await limitOwn(env, member);
  const [cls, written] = await env.DB.batch([
    classStatement(env, input.classId, member.campusId),
    env.DB.prepare(
      `INSERT INTO timetable_choices (user_id, class_id, chosen_at)
       SELECT ?1, ?2, ?4 WHERE EXISTS (SELECT 1 FROM timetable_classes WHERE id = ?2 AND campus_id = ?3)
       ON CONFLICT (user_id) DO UPDATE SET class_id = excluded.class_id, chosen_at = excluded.chosen_at`,
    ).bind(member.id, input.classId, member.campusId, now),
  ]);
  const info = cls!.results[0] as ClassInfo | undefined;
  if (!info || written!.meta.changes === 0) throw new ApiError(404, M.noSuchClass, { field: "classId" });
  return classView(info);
}
