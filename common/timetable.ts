// A student's timetable for a date or a week, resolved from their class's week, their own entries,
// the periods they hid, the college's holidays and that date's one-off changes
// (docs/decisions/0109-timetable-and-attendance.md). Pure: the server resolves, the screens format.
import { TIMETABLE_CHANGES_KIND, TIMETABLE_PERIODS_KIND } from "#common/enums.generated.ts";
import { addDays, clock, weekdayOfDate } from "#common/india-time.ts";

/** A period's kind, and a one-off change's (the migrations' CHECK lists, decision 0122). */
export const PERIOD_KINDS = TIMETABLE_PERIODS_KIND;
export type PeriodKind = (typeof PERIOD_KINDS)[number];
export const CHANGE_KINDS = TIMETABLE_CHANGES_KIND;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface ClassPeriod {
  id: string;
  weekday: number;
  startsMin: number;
  endsMin: number;
  subjectId: string;
  subjectName: string;
  subjectCode: string;
  room: string;
  teacher: string;
  kind: PeriodKind;
}

export interface PersonalEntry {
  id: string;
  weekday: number;
  startsMin: number;
  endsMin: number;
  title: string;
  room: string;
  /** Marked present or absent like a class (an elective), or only shown in the week (a club). */
  keepsAttendance: boolean;
}

export interface OneOffChange {
  periodId: string;
  date: string;
  kind: ChangeKind;
  room: string | null;
  startsMin: number | null;
  endsMin: number | null;
}

export interface Holiday {
  date: string;
  name: string;
}

export interface Slot {
  /** The period's id, or the personal entry's. */
  id: string;
  source: "class" | "personal";
  subjectId: string | null;
  title: string;
  subjectCode: string | null;
  kind: PeriodKind | "personal";
  startsMin: number;
  endsMin: number;
  room: string;
  teacher: string;
  /** "cancelled" and "moved" hold for this date only. */
  state: "scheduled" | "cancelled" | "moved";
  /** Where and when it would have been, for a moved period. */
  usual: { room: string; startsMin: number; endsMin: number } | null;
  /** Whether attendance is marked for it: always for a class's period, as the student chose for their own. */
  keepsAttendance: boolean;
}

export interface Day {
  date: string;
  weekday: number;
  /** The college's holiday on this date: the class's periods are off (personal entries stay). */
  holiday: string | null;
  slots: Slot[];
}

export interface WeekSources {
  periods: ClassPeriod[];
  personal: PersonalEntry[];
  hidden: ReadonlySet<string> | readonly string[];
  holidays: Holiday[];
  changes: OneOffChange[];
}

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export const WEEKDAYS_SHORT = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

export const weekdayName = (weekday: number) => WEEKDAYS[weekday - 1] ?? "";

/** The Monday of the week an India date is in. */
export function weekStart(date: string): string {
  return addDays(date, 1 - weekdayOfDate(date));
}

/** The seven dates Monday..Sunday of the week an India date is in. */
export function weekDates(date: string): string[] {
  const monday = weekStart(date);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** One date of a student's timetable. */
export function resolveDay(date: string, sources: WeekSources): Day {
  const weekday = weekdayOfDate(date);
  const hidden = sources.hidden instanceof Set ? sources.hidden : new Set(sources.hidden as readonly string[]);
  const holiday = sources.holidays.find((h) => h.date === date)?.name ?? null;
  const changes = new Map(sources.changes.filter((c) => c.date === date).map((c) => [c.periodId, c]));
  const slots: Slot[] = [];
  if (holiday === null)
    for (const p of sources.periods) {
      if (p.weekday !== weekday || hidden.has(p.id)) continue;
      const change = changes.get(p.id);
      const base: Slot = {
        id: p.id,
        source: "class",
        subjectId: p.subjectId,
        title: p.subjectName,
        subjectCode: p.subjectCode,
        kind: p.kind,
        startsMin: p.startsMin,
        endsMin: p.endsMin,
        room: p.room,
        teacher: p.teacher,
        state: "scheduled",
        usual: null,
        keepsAttendance: true,
      };
      if (change?.kind === "cancelled") slots.push({ ...base, state: "cancelled" });
      else if (change?.kind === "moved")
        slots.push({
          ...base,
          state: "moved",
          room: change.room ?? p.room,
          startsMin: change.startsMin ?? p.startsMin,
          endsMin: change.endsMin ?? p.endsMin,
          usual: { room: p.room, startsMin: p.startsMin, endsMin: p.endsMin },
        });
      else slots.push(base);
    }
  for (const e of sources.personal) {
    if (e.weekday !== weekday) continue;
    slots.push({
      id: e.id,
      source: "personal",
      subjectId: null,
      title: e.title,
      subjectCode: null,
      kind: "personal",
      startsMin: e.startsMin,
      endsMin: e.endsMin,
      room: e.room,
      teacher: "",
      state: "scheduled",
      usual: null,
      keepsAttendance: e.keepsAttendance,
    });
  }
  slots.sort((x, y) => x.startsMin - y.startsMin || x.endsMin - y.endsMin || x.title.localeCompare(y.title));
  return { date, weekday, holiday, slots };
}

/** The week (Monday..Sunday) an India date is in. */
export function resolveWeek(date: string, sources: WeekSources): Day[] {
  const hidden = new Set(sources.hidden);
  return weekDates(date).map((d) => resolveDay(d, { ...sources, hidden }));
}

/**
 * A room as a sentence names it: a bare number or code ("204", "3B") is "Room 204" ("room 204"
 * inside a sentence); a name a keeper typed whole ("Room 204", "CS Lab 2") stays as typed.
 */
export function roomLabel(room: string, { inSentence = false } = {}): string {
  if (!/^\d/.test(room)) return room;
  return `${inSentence ? "room" : "Room"} ${room}`;
}

/** "09:30–10:20". */
export const timeRange = (startsMin: number, endsMin: number) => `${clock(startsMin)}–${clock(endsMin)}`;

/** The words of a one-off change, for the notice to the class: "Thursday 10:00 DBMS moved to room 204". */
export function changeSentence(
  period: Pick<ClassPeriod, "weekday" | "startsMin" | "endsMin" | "subjectName" | "room">,
  date: string,
  change: Pick<OneOffChange, "kind" | "room" | "startsMin" | "endsMin">,
): string {
  const when = `${weekdayName(period.weekday)} ${date} ${clock(period.startsMin)} ${period.subjectName}`;
  if (change.kind === "cancelled") return `${when} is cancelled.`;
  const parts: string[] = [];
  if (change.room && change.room !== period.room) parts.push(`to ${roomLabel(change.room, { inSentence: true })}`);
  if (change.startsMin !== null && change.endsMin !== null)
    parts.push(`to ${timeRange(change.startsMin, change.endsMin)}`);
  return `${when} moved ${parts.join(" and ") || "(no change)"}.`;
}

/** The words of a change to the week itself: "Thursday 10:00 DBMS moved to room 204". */
export function periodChangeSentence(
  before: Pick<ClassPeriod, "weekday" | "startsMin" | "endsMin" | "subjectName" | "room"> | null,
  after: Pick<ClassPeriod, "weekday" | "startsMin" | "endsMin" | "subjectName" | "room"> | null,
): string {
  const at = (p: NonNullable<typeof before>) => `${weekdayName(p.weekday)} ${clock(p.startsMin)} ${p.subjectName}`;
  if (!before && after)
    return `New: ${at(after)}${after.room ? ` in ${roomLabel(after.room, { inSentence: true })}` : ""}.`;
  if (before && !after) return `${at(before)} is no longer in the week.`;
  if (!before || !after) return "";
  const moves: string[] = [];
  if (after.weekday !== before.weekday || after.startsMin !== before.startsMin || after.endsMin !== before.endsMin)
    moves.push(`to ${weekdayName(after.weekday)} ${timeRange(after.startsMin, after.endsMin)}`);
  if (after.room !== before.room)
    moves.push(after.room ? `to ${roomLabel(after.room, { inSentence: true })}` : "to no room");
  const sentences: string[] = [];
  if (moves.length > 0) sentences.push(`${at(before)} moved ${moves.join(" and ")}.`);
  if (after.subjectName !== before.subjectName)
    sentences.push(`${moves.length > 0 ? "It" : at(before)} is now ${after.subjectName}.`);
  return sentences.join(" ") || `${at(before)} was updated.`;
}

/**
 * A class reminder's notice (docs/decisions/0110-class-reminders.md): the title says what, when and
 * where ("DBMS at 10:00 in room 204"), the text until when and with whom, and for a period moved
 * for the day where and when it usually is, so nobody walks to the old room.
 */
export function classReminderNotice(
  slot: Pick<Slot, "title" | "startsMin" | "endsMin" | "room" | "teacher" | "usual">,
): {
  title: string;
  text: string;
} {
  const where = (room: string) => (room ? ` in ${roomLabel(room, { inSentence: true })}` : "");
  const title = `${slot.title} at ${clock(slot.startsMin)}${where(slot.room)}`;
  const sentences = [`Until ${clock(slot.endsMin)}${slot.teacher ? `, with ${slot.teacher}` : ""}.`];
  if (slot.usual) sentences.push(`Moved for today: usually ${clock(slot.usual.startsMin)}${where(slot.usual.room)}.`);
  return { title: title.slice(0, 200), text: sentences.join(" ") };
}
