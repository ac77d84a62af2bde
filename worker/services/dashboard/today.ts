import { attendanceSentence, type AttendanceSummary } from "#common/attendance.ts";
import { addDays, clock, indiaDate, indiaInstant, indiaMinutes, weekdayOfDate } from "#common/india-time.ts";
import { mealMoment } from "#common/meals.ts";
import type { Mode } from "#common/dashboard-mode.ts";
import { timeRange, WEEKDAYS, type Slot } from "#common/timetable.ts";
import { formatIndiaDay, formatIndiaWeekdayDateTime } from "#common/format.ts";
import { batch, int, intOrNull, select, sql, text, textOrNull } from "#server/db/sql.ts";
import {
  classroomReminders,
  events,
  laundryBookings,
  messMeals,
  messMenu,
  notices,
  products,
} from "#server/db/tables.generated.ts";
import type { Member } from "#server/services/timetable/access.ts";
import { attendanceSumReads, attendanceSumsFrom } from "#server/services/timetable/attendance.ts";
import { timetableFrom, timetableReads } from "#server/services/timetable/student.ts";
import { examsFrom, myExamsRead } from "#server/services/exams/student.ts";
import { countdown, EXAM_KIND_LABELS } from "#common/exams.ts";

// The dashboard's Today (docs/decisions/0112-today.md): what a student needs next, read in one D1
// batch beside the session: the next class and where, the classes waiting for an attendance mark,
// subjects below the college's threshold, Classroom work due within 48 hours, the next meal
// (hostellers), laundry ready to collect, reservations waiting for a meet-up, and unread notices.
// Everything here is the student's own record: every statement is bound to their id and college.

export interface TodayClass {
  slot: Slot;
  date: string;
  /** "now": under way; "next": later today; "tomorrow": the first of tomorrow's. */
  when: "now" | "next" | "tomorrow";
}

export interface TodayView {
  date: string;
  /** The day as the section's heading says it: "Monday, 5 Mar". */
  dayLabel: string;
  /** Minutes since midnight, India time, when the page was made (the screen says "at 10:00"). */
  minutes: number;
  /** False until the student chooses a class (their own entries still count). */
  hasClass: boolean;
  /** Today's holiday, if the college has one. */
  holiday: string | null;
  nextClass: TodayClass | null;
  /** How many of today's classes remain after the next one. */
  laterToday: number;
  /** Today's classes that have started and carry no mark yet, the latest first (at most 3). */
  toMark: Slot[];
  /**
   * Subjects below the threshold (or with none to spare), the lowest first (at most 3), each with its
   * sentence ("Attend the next 4 to get back to 75%."): the dashboard's script carries no message table.
   */
  warnings: (AttendanceSummary & { title: string; sentence: string })[];
  /** Each with its due time as the card says it ("Mon, 21 Sep 2026, 4:05 pm"). */
  classroomDue: { id: string; title: string; course: string; dueAt: number; due: string; link: string | null }[];
  /** Hostellers: the meal being served now or the next one (tomorrow's breakfast after dinner). */
  meal: {
    name: string;
    startsAtMin: number;
    endsAtMin: number;
    now: boolean;
    tomorrow: boolean;
    items: string[];
  } | null;
  laundryReady: number;
  /** Today's events the student is going to or whose club they follow, soonest first (at most 3). */
  events: { id: string; title: string; time: string; place: string; going: boolean }[];
  reservations: { id: string; title: string; buying: boolean }[];
  unreadNotices: number;
  /** The next exams within EXAM_DAYS (at most 3), each with its countdown and what it clashes with. */
  exams: { id: string; subjectName: string; when: string; line: string; clash: string | null }[];
}

/** Today shows the exams of the next four weeks. */
const EXAM_DAYS = 28;

interface MealRow {
  id: string;
  name: string;
  startsAtMin: number;
  endsAtMin: number;
  day: number | null;
  items: string | null;
}

const HOURS_48 = 48 * 3_600_000;

/** "17:30" for an instant, India time. */
const formatIndiaTime = (ms: number) => clock(indiaMinutes(ms));

/** The dashboard's Today for a signed-in member, in one batch. */
export async function readToday(env: Env, member: Member, mode: Mode, now = Date.now()): Promise<TodayView> {
  const today = indiaDate(now);
  const tomorrow = addDays(today, 1);
  const minutes = indiaMinutes(now);
  const r = classroomReminders;
  const m = messMeals.as("m");
  const ev = events.as("ev");
  const u = messMenu.as("u");
  const [
    cls,
    periods,
    personal,
    hidden,
    holidays,
    changes,
    marked,
    campus,
    sums,
    baselines,
    classroom,
    meals,
    laundry,
    todaysEvents,
    reservations,
    unread,
    examRows,
  ] = await batch(env, [
    ...timetableReads(member, today, tomorrow),
    ...attendanceSumReads(member),
    select(
      {
        id: r.course_work_id,
        title: text(sql`MAX(${r.title})`),
        course: text(sql`MAX(${r.course_name})`),
        dueAt: int(sql`MAX(${r.due_at})`),
        link: textOrNull(sql`MAX(${r.link})`),
      },
      sql`FROM ${r} WHERE user_id = ${member.id} AND due_at BETWEEN ${now} AND ${now + HOURS_48}
        GROUP BY course_work_id ORDER BY dueAt LIMIT 3`,
    ),
    select(
      {
        id: m.id,
        name: m.name,
        startsAtMin: m.starts_at_min,
        endsAtMin: m.ends_at_min,
        day: intOrNull(sql`${u.day}`),
        items: textOrNull(sql`${u.items}`),
      },
      sql`FROM ${m} LEFT JOIN ${u} ON ${u.meal_id} = ${m.id} AND ${u.day} IN (${weekdayOfDate(today)}, ${weekdayOfDate(tomorrow)})
        WHERE ${m.campus_id} = ${member.campusId} AND ${mode} = 'hosteller' ORDER BY ${m.position}`,
    ),
    select({ n: int(sql`COUNT(*)`) }, sql`FROM ${laundryBookings} WHERE user_id = ${member.id} AND status = 'ready'`),
    // Today's events (docs/decisions/0130-the-waiting-list.md): going to, or of a club followed.
    select(
      {
        id: ev.id,
        title: ev.title,
        startsAt: ev.starts_at,
        place: text(sql`COALESCE((SELECT name FROM meetup_places WHERE id = ${ev.place_id}), ${ev.place_text})`),
        going: int(
          sql`EXISTS (SELECT 1 FROM event_attendees a WHERE a.event_id = ${ev.id} AND a.user_id = ${member.id} AND a.state = 'going')`,
        ),
      },
      sql`FROM ${ev} WHERE ${ev.campus_id} = ${member.campusId} AND ${ev.status} = 'published'
        AND ${ev.starts_at} >= ${indiaInstant(today, 0)} AND ${ev.starts_at} < ${indiaInstant(tomorrow, 0)} AND ${ev.ends_at} > ${now}
        AND (EXISTS (SELECT 1 FROM event_attendees a WHERE a.event_id = ${ev.id} AND a.user_id = ${member.id} AND a.state = 'going')
          OR EXISTS (SELECT 1 FROM club_follows f WHERE f.club_id = ${ev.club_id} AND f.user_id = ${member.id}))
        ORDER BY ${ev.starts_at} LIMIT 3`,
    ),
    select(
      { id: products.id, title: products.title, buying: int(sql`1`) },
      sql`FROM ${products}
        WHERE status = 'sold' AND handed_over_at IS NULL AND buyer_id = ${member.id}
        UNION ALL
        SELECT id, title, 0 AS buying FROM products
        WHERE seller_id = ${member.id} AND status = 'sold' AND handed_over_at IS NULL
        LIMIT 5`,
    ),
    select({ n: int(sql`COUNT(*)`) }, sql`FROM ${notices} WHERE user_id = ${member.id} AND read_at IS NULL`),
    myExamsRead(member, today, addDays(today, EXAM_DAYS)),
  ]);
  const timetable = [cls, periods, personal, hidden, holidays, changes, marked] as const;
  const view = timetableFrom(timetable, { date: today, today, span: "day" });
  const todayDay = view.days[0];
  const tomorrowDay = timetableFrom(timetable, { date: tomorrow, today, span: "day" }).days[0];
  const marks = new Set(view.marks.filter((m) => m.date === today).map((m) => m.slotId));
  const live = (todayDay?.slots ?? []).filter((s) => s.state !== "cancelled");
  const current = live.find((s) => s.startsMin <= minutes && minutes < s.endsMin);
  const upcoming = live.filter((s) => s.startsMin > minutes);
  const firstTomorrow = (tomorrowDay?.slots ?? []).find((s) => s.state !== "cancelled");
  const nextClass: TodayClass | null = current
    ? { slot: current, date: today, when: "now" }
    : upcoming[0]
      ? { slot: upcoming[0], date: today, when: "next" }
      : firstTomorrow
        ? { slot: firstTomorrow, date: tomorrow, when: "tomorrow" }
        : null;
  // The classes after the next one (after the one under way, all of today's still to come).
  const laterToday = nextClass?.when === "next" ? upcoming.length - 1 : upcoming.length;
  const toMark = live
    .filter((s) => s.keepsAttendance && s.startsMin <= minutes && !marks.has(s.id))
    .sort((a, b) => b.startsMin - a.startsMin)
    .slice(0, 3);

  const { subjects } = attendanceSumsFrom([campus, sums, baselines]);
  const warnings = subjects
    .filter((s) => s.state === "short" || s.state === "unreachable" || (s.state === "safe" && s.n === 0 && s.held > 0))
    .sort((a, b) => (a.percentTenths ?? 0) - (b.percentTenths ?? 0))
    .slice(0, 3)
    .map((s) => ({ ...s, sentence: attendanceSentence(s) }));

  return {
    date: today,
    dayLabel: `${WEEKDAYS[weekdayOfDate(today) - 1]}, ${formatIndiaDay(today).split(", ")[1]}`,
    minutes,
    hasClass: view.class !== null,
    holiday: todayDay?.holiday ?? null,
    nextClass,
    laterToday,
    toMark,
    warnings,
    classroomDue: classroom.rows.map((work) => ({ ...work, due: formatIndiaWeekdayDateTime(work.dueAt) })),
    meal: nextMeal(meals.rows, weekdayOfDate(today), weekdayOfDate(tomorrow), minutes),
    laundryReady: Number(laundry.rows[0]?.n ?? 0),
    events: todaysEvents.rows.map((e) => ({
      id: e.id,
      title: e.title,
      time: formatIndiaTime(e.startsAt),
      place: e.place,
      going: e.going === 1,
    })),
    reservations: reservations.rows.map((r) => ({
      id: r.id,
      title: r.title,
      buying: r.buying === 1,
    })),
    unreadNotices: Number(unread.rows[0]?.n ?? 0),
    exams: nextExams(examRows.rows, today),
  };
}

/** The next three exams; one that clashes with any exam of the weeks shown says with which. */
function nextExams(rows: Parameters<typeof examsFrom>[0], today: string): TodayView["exams"] {
  const { exams, clashes } = examsFrom(rows);
  const names = new Map(exams.map((exam) => [exam.id, exam.subjectName]));
  const clashing = exams.filter((exam) => clashes[exam.id]);
  // A clash is shown even when it is not among the next three: it needs acting on early.
  const shown = [...new Map([...exams.slice(0, 3), ...clashing.slice(0, 2)].map((exam) => [exam.id, exam])).values()]
    .sort((a, b) => a.date.localeCompare(b.date) || a.startsMin - b.startsMin)
    .slice(0, 4);
  return shown.map((exam) => ({
    id: exam.id,
    subjectName: exam.subjectName,
    when: `${countdown(exam.date, today)} · ${formatIndiaDay(exam.date)}`,
    line: `${EXAM_KIND_LABELS[exam.kind]} · ${timeRange(exam.startsMin, exam.endsMin)}${exam.room ? ` · ${exam.room}` : ""}`,
    clash: clashes[exam.id] ? `Clashes with ${clashes[exam.id]!.map((id) => names.get(id)).join(" and ")}` : null,
  }));
}

/** The meal being served, or the next one today, or tomorrow's first; with its menu for that day. */
function nextMeal(rows: MealRow[], todayWeekday: number, tomorrowWeekday: number, minutes: number): TodayView["meal"] {
  const meals = [...new Map(rows.map((r) => [r.id, r])).values()];
  if (meals.length === 0) return null;
  const moment = mealMoment(meals, minutes);
  const id = moment.current ?? moment.next ?? meals[0]!.id;
  const tomorrow = moment.current === null && moment.next === null;
  const meal = meals.find((m) => m.id === id)!;
  const menu = rows.find((r) => r.id === id && r.day === (tomorrow ? tomorrowWeekday : todayWeekday));
  return {
    name: meal.name,
    startsAtMin: meal.startsAtMin,
    endsAtMin: meal.endsAtMin,
    now: moment.current === id,
    tomorrow,
    items: (menu?.items ?? "")
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  };
}
