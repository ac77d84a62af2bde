import { select, sql } from "#server/db/sql.ts";
import {
  attendanceBaselines,
  attendanceMarks,
  timetableChoices,
  timetableHidden,
  timetablePersonal,
  timetableReps,
} from "#server/db/tables.generated.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// The timetable and attendance (docs/decisions/0109-timetable-and-attendance.md): the class the
// student chose, their own entries and hidden periods, their attendance marks (their own record,
// private to them), and the classes they keep as class representative.

export const TIMETABLE_DATA = {
  timetable_choices: placed({
    onDelete: "deleted",
    exports: [
      exportAt("timetable.class", ({ userId }) =>
        select(
          { classId: timetableChoices.class_id, chosenAt: timetableChoices.chosen_at },
          sql`FROM ${timetableChoices} WHERE ${timetableChoices.user_id} = ${userId}`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM timetable_choices WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  timetable_personal: placed({
    onDelete: "deleted",
    exports: [
      exportAt("timetable.ownEntries", ({ userId }) =>
        select(
          {
            id: timetablePersonal.id,
            weekday: timetablePersonal.weekday,
            startsMin: timetablePersonal.starts_min,
            endsMin: timetablePersonal.ends_min,
            title: timetablePersonal.title,
            room: timetablePersonal.room,
            keepsAttendance: timetablePersonal.keeps_attendance,
            createdAt: timetablePersonal.created_at,
          },
          sql`FROM ${timetablePersonal} WHERE ${timetablePersonal.user_id} = ${userId}
            ORDER BY ${timetablePersonal.weekday} ASC, ${timetablePersonal.starts_min} ASC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM timetable_personal WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  timetable_hidden: placed({
    onDelete: "deleted",
    exports: [
      exportAt("timetable.hiddenPeriods", ({ userId }) =>
        select(
          { periodId: timetableHidden.period_id },
          sql`FROM ${timetableHidden} WHERE ${timetableHidden.user_id} = ${userId}`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM timetable_hidden WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  attendance_marks: placed({
    onDelete: "deleted",
    exports: [
      exportAt("attendance.marks", ({ userId }) =>
        select(
          {
            date: attendanceMarks.date,
            slotId: attendanceMarks.slot_id,
            subjectId: attendanceMarks.subject_id,
            title: attendanceMarks.title,
            status: attendanceMarks.status,
            kind: attendanceMarks.kind,
            minutes: attendanceMarks.minutes,
            markedAt: attendanceMarks.marked_at,
          },
          sql`FROM ${attendanceMarks} WHERE ${attendanceMarks.user_id} = ${userId}
            ORDER BY ${attendanceMarks.date} DESC, ${attendanceMarks.slot_id} ASC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM attendance_marks WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  attendance_baselines: placed({
    onDelete: "deleted",
    exports: [
      exportAt("attendance.alreadyHad", ({ userId }) =>
        select(
          {
            subjectId: attendanceBaselines.subject_id,
            attended: attendanceBaselines.attended,
            held: attendanceBaselines.held,
            updatedAt: attendanceBaselines.updated_at,
          },
          sql`FROM ${attendanceBaselines} WHERE ${attendanceBaselines.user_id} = ${userId}
            ORDER BY ${attendanceBaselines.subject_id} ASC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM attendance_baselines WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
  timetable_reps: placed({
    onDelete: "deleted",
    why: "The student's own class-representative roles end with the account. One they granted to someone else stays (it is that person's), with granted_by emptied; the grant stays in the audit log by id.",
    exports: [
      exportAt("timetable.classRepOf", ({ userId }) =>
        select(
          { classId: timetableReps.class_id, grantedAt: timetableReps.granted_at },
          sql`FROM ${timetableReps} WHERE ${timetableReps.user_id} = ${userId}`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM timetable_reps WHERE user_id = ${userId} AND ${guard}`),
        statement(
          (guard) => sql`UPDATE timetable_reps SET granted_by = NULL WHERE granted_by = ${userId} AND ${guard}`,
        ),
      ],
    },
  }),
};
