import { select, sql } from "#server/db/sql.ts";
import { examSubjects } from "#server/db/tables.generated.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// The datesheet (docs/decisions/0135-datesheet.md): the subjects a student sits outside their class
// (electives, backlogs). A class's exams name no student: who wrote them is in the audit log.

export const EXAMS_DATA = {
  exam_subjects: placed({
    onDelete: "deleted",
    exports: [
      exportAt("exams.ownSubjects", ({ userId }) =>
        select(
          { subjectId: examSubjects.subject_id, reason: examSubjects.reason, addedAt: examSubjects.added_at },
          sql`FROM ${examSubjects} WHERE ${examSubjects.user_id} = ${userId} ORDER BY ${examSubjects.added_at}`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM exam_subjects WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
};
