import { describe, expect, it } from "vitest";
import {
  changeSentence,
  type ClassPeriod,
  periodChangeSentence,
  resolveDay,
  resolveWeek,
  roomLabel,
  weekDates,
  weekStart,
  type WeekSources,
} from "#common/timetable.ts";

// 2026-11-26 is a Thursday.
const THURSDAY = "2026-11-26";

const period = (over: Partial<ClassPeriod> & { id: string }): ClassPeriod => ({
  weekday: 4,
  startsMin: 600,
  endsMin: 650,
  subjectId: "s-dbms",
  subjectName: "DBMS",
  subjectCode: "CS-201",
  room: "101",
  teacher: "Dr Rao",
  kind: "lecture",
  ...over,
});

const empty: WeekSources = { periods: [], personal: [], hidden: [], holidays: [], changes: [] };

describe("weeks", () => {
  it("start on Monday, also from a Sunday and across a month's end", () => {
    expect(weekStart(THURSDAY)).toBe("2026-11-23");
    expect(weekStart("2026-11-29")).toBe("2026-11-23"); // Sunday
    expect(weekStart("2026-11-30")).toBe("2026-11-30"); // Monday
    expect(weekDates("2026-12-02")).toEqual([
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
      "2026-12-06",
    ]);
  });
});

describe("resolveDay", () => {
  it("takes the class's periods of that weekday and the student's own entries, in time order", () => {
    const day = resolveDay(THURSDAY, {
      ...empty,
      periods: [
        period({ id: "p2", startsMin: 660, endsMin: 710, subjectName: "OS" }),
        period({ id: "p1" }),
        period({ id: "fri", weekday: 5 }),
      ],
      personal: [
        {
          id: "club",
          weekday: 4,
          startsMin: 1020,
          endsMin: 1080,
          title: "Photography club",
          room: "",
          keepsAttendance: false,
        },
        { id: "wed", weekday: 3, startsMin: 1020, endsMin: 1080, title: "Other day", room: "", keepsAttendance: true },
      ],
    });
    expect(day).toMatchObject({ date: THURSDAY, weekday: 4, holiday: null });
    expect(day.slots.map((s) => [s.id, s.source, s.state])).toEqual([
      ["p1", "class", "scheduled"],
      ["p2", "class", "scheduled"],
      ["club", "personal", "scheduled"],
    ]);
    // A class's period always keeps attendance; an entry of the student's own as they chose.
    expect(day.slots.map((s) => [s.id, s.keepsAttendance])).toEqual([
      ["p1", true],
      ["p2", true],
      ["club", false],
    ]);
  });

  it("leaves out a hidden period (given as a list or a set)", () => {
    const sources = {
      ...empty,
      periods: [period({ id: "p1" }), period({ id: "lab-b", startsMin: 700, endsMin: 820 })],
    };
    expect(resolveDay(THURSDAY, { ...sources, hidden: ["lab-b"] }).slots.map((s) => s.id)).toEqual(["p1"]);
    expect(resolveDay(THURSDAY, { ...sources, hidden: new Set(["p1"]) }).slots.map((s) => s.id)).toEqual(["lab-b"]);
  });

  it("a holiday takes the class's periods off and keeps the student's own entries", () => {
    const day = resolveDay(THURSDAY, {
      ...empty,
      periods: [period({ id: "p1" })],
      personal: [
        { id: "club", weekday: 4, startsMin: 1020, endsMin: 1080, title: "Club", room: "", keepsAttendance: true },
      ],
      holidays: [
        { date: THURSDAY, name: "Guru Nanak Jayanti" },
        { date: "2026-11-27", name: "Other" },
      ],
    });
    expect(day.holiday).toBe("Guru Nanak Jayanti");
    expect(day.slots.map((s) => s.id)).toEqual(["club"]);
  });

  it("applies that date's changes only: a cancelled period stays, marked; a moved one shows where it went", () => {
    const sources: WeekSources = {
      ...empty,
      periods: [period({ id: "p1" }), period({ id: "p2", startsMin: 660, endsMin: 710 })],
      changes: [
        { periodId: "p1", date: THURSDAY, kind: "cancelled", room: null, startsMin: null, endsMin: null },
        { periodId: "p2", date: THURSDAY, kind: "moved", room: "204", startsMin: 540, endsMin: 590 },
        { periodId: "p1", date: "2026-12-03", kind: "moved", room: "9", startsMin: null, endsMin: null },
      ],
    };
    const day = resolveDay(THURSDAY, sources);
    expect(day.slots.map((s) => [s.id, s.state, s.room, s.startsMin])).toEqual([
      ["p2", "moved", "204", 540],
      ["p1", "cancelled", "101", 600],
    ]);
    expect(day.slots[0]!.usual).toEqual({ room: "101", startsMin: 660, endsMin: 710 });
    // The next Thursday: p1 moved room only, p2 as usual.
    const next = resolveDay("2026-12-03", sources);
    expect(next.slots.map((s) => [s.id, s.state, s.room, s.startsMin])).toEqual([
      ["p1", "moved", "9", 600],
      ["p2", "scheduled", "101", 660],
    ]);
  });

  it("an empty week is seven empty days", () => {
    const week = resolveWeek(THURSDAY, empty);
    expect(week.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(week.every((d) => d.slots.length === 0 && d.holiday === null)).toBe(true);
  });

  it("the week puts each period on its weekday", () => {
    const week = resolveWeek(THURSDAY, {
      ...empty,
      periods: [period({ id: "mon", weekday: 1 }), period({ id: "sat", weekday: 6 })],
      hidden: ["sat"],
    });
    expect(week.map((d) => d.slots.map((s) => s.id))).toEqual([["mon"], [], [], [], [], [], []]);
  });
});

describe("the sentences a change sends the class", () => {
  it("says what moved", () => {
    const p = period({ id: "p1" });
    expect(periodChangeSentence(p, { ...p, room: "204" })).toBe("Thursday 10:00 DBMS moved to room 204.");
    expect(periodChangeSentence(p, { ...p, weekday: 5, startsMin: 660, endsMin: 710 })).toBe(
      "Thursday 10:00 DBMS moved to Friday 11:00–11:50.",
    );
    expect(periodChangeSentence(null, p)).toBe("New: Thursday 10:00 DBMS in room 101.");
    expect(periodChangeSentence(p, null)).toBe("Thursday 10:00 DBMS is no longer in the week.");
    expect(periodChangeSentence(p, { ...p, subjectName: "OS" })).toBe("Thursday 10:00 DBMS is now OS.");
    expect(changeSentence(p, THURSDAY, { kind: "cancelled", room: null, startsMin: null, endsMin: null })).toBe(
      "Thursday 2026-11-26 10:00 DBMS is cancelled.",
    );
    expect(changeSentence(p, THURSDAY, { kind: "moved", room: "204", startsMin: null, endsMin: null })).toBe(
      "Thursday 2026-11-26 10:00 DBMS moved to room 204.",
    );
  });
});

describe("roomLabel", () => {
  it("names a bare number or code as a room, and keeps a name typed whole", () => {
    expect(roomLabel("204")).toBe("Room 204");
    expect(roomLabel("3B", { inSentence: true })).toBe("room 3B");
    expect(roomLabel("Room 204")).toBe("Room 204");
    expect(roomLabel("CS Lab 2", { inSentence: true })).toBe("CS Lab 2");
  });

  it("a change to a room typed whole does not say 'room' twice", () => {
    const p = { weekday: 4, startsMin: 600, endsMin: 650, subjectName: "DBMS", room: "Room 101" };
    expect(changeSentence(p, "2026-11-26", { kind: "moved", room: "Room 204", startsMin: null, endsMin: null })).toBe(
      "Thursday 2026-11-26 10:00 DBMS moved to Room 204.",
    );
  });
});
