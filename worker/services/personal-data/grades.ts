import { select, sql } from "#server/db/sql.ts";
import { academicSubjects, gradeEntries } from "#server/db/tables.generated.ts";
import { exportAt, placed } from "#server/services/personal-data/place.ts";

// A student's grades (docs/decisions/0133-grades.md): their own record, private to them; the export
// names each subject by its code and name as well as its id, and the deletion removes every attempt.

const g = gradeEntries.as("g");
const x = academicSubjects.as("x");

export const GRADES_DATA = {
  grade_entries: placed({
    onDelete: "deleted",
    exports: [
      exportAt("grades.attempts", ({ userId }) =>
        select(
          {
            subjectId: g.subject_id,
            code: x.code,
            name: x.name,
            attempt: g.attempt,
            semester: g.semester,
            grade: g.grade,
            updatedAt: g.updated_at,
          },
          sql`FROM ${g} JOIN ${x} ON ${x.id} = ${g.subject_id} WHERE ${g.user_id} = ${userId}
            ORDER BY ${g.semester} ASC, ${x.code} ASC, ${g.attempt} ASC`,
        ),
      ),
    ],
    erase: {
      remove: ({ statement, userId }) => [
        statement((guard) => sql`DELETE FROM grade_entries WHERE user_id = ${userId} AND ${guard}`),
      ],
    },
  }),
};
