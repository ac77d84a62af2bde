import { asc, desc, eq } from "drizzle-orm";
import {
  attendanceMarks,
  timetableChoices,
  timetableHidden,
  timetablePersonal,
  timetableReps,
} from "#server/db/schema.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// The timetable and attendance (docs/decisions/0109-timetable-and-attendance.md): the class the
// student chose, their own entries and hidden periods, their attendance marks (their own record,
// private to them), and the classes they keep as class representative.

export const TIMETABLE_DATA = {
  timetable_choices: placed({
    onDelete: "deleted",
    exports: [
      exportAt("timetable.class", ({ db, userId }) =>
        db
          .select({ classId: timetableChoices.classId, chosenAt: timetableChoices.chosenAt })
          .from(timetableChoices)
          .where(eq(timetableChoices.userId, userId)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        statement((guard) => `DELETE FROM timetable_choices WHERE user_id = ?1 AND ${guard}`),
      ],
    },
  }),
  timetable_personal: placed({
    onDelete: "deleted",
    exports: [
      exportAt("timetable.ownEntries", ({ db, userId }) =>
        db
          .select({
            id: timetablePersonal.id,
            weekday: timetablePersonal.weekday,
            startsMin: timetablePersonal.startsMin,
            endsMin: timetablePersonal.endsMin,
            title: timetablePersonal.title,
            room: timetablePersonal.room,
            createdAt: timetablePersonal.createdAt,
          })
          .from(timetablePersonal)
          .where(eq(timetablePersonal.userId, userId))
          .orderBy(asc(timetablePersonal.weekday), asc(timetablePersonal.startsMin)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        statement((guard) => `DELETE FROM timetable_personal WHERE user_id = ?1 AND ${guard}`),
      ],
    },
  }),
  timetable_hidden: placed({
    onDelete: "deleted",
    exports: [
      exportAt("timetable.hiddenPeriods", ({ db, userId }) =>
        db
          .select({ periodId: timetableHidden.periodId })
          .from(timetableHidden)
          .where(eq(timetableHidden.userId, userId)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [statement((guard) => `DELETE FROM timetable_hidden WHERE user_id = ?1 AND ${guard}`)],
    },
  }),
  attendance_marks: placed({
    onDelete: "deleted",
    exports: [
      exportAt("attendance.marks", ({ db, userId }) =>
        db
          .select({
            date: attendanceMarks.date,
            slotId: attendanceMarks.slotId,
            subjectId: attendanceMarks.subjectId,
            title: attendanceMarks.title,
            status: attendanceMarks.status,
            markedAt: attendanceMarks.markedAt,
          })
          .from(attendanceMarks)
          .where(eq(attendanceMarks.userId, userId))
          .orderBy(desc(attendanceMarks.date), asc(attendanceMarks.slotId)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [statement((guard) => `DELETE FROM attendance_marks WHERE user_id = ?1 AND ${guard}`)],
    },
  }),
  timetable_reps: placed({
    onDelete: "deleted",
    why: "The student's own class-representative roles end with the account. One they granted to someone else stays (it is that person's), with granted_by emptied; the grant stays in the audit log by id.",
    exports: [
      exportAt("timetable.classRepOf", ({ db, userId }) =>
        db
          .select({ classId: timetableReps.classId, grantedAt: timetableReps.grantedAt })
          .from(timetableReps)
          .where(eq(timetableReps.userId, userId)),
      ),
    ],
    erase: {
      remove: ({ statement }) => [
        statement((guard) => `DELETE FROM timetable_reps WHERE user_id = ?1 AND ${guard}`),
        statement((guard) => `UPDATE timetable_reps SET granted_by = NULL WHERE granted_by = ?1 AND ${guard}`),
      ],
    },
  }),
};
