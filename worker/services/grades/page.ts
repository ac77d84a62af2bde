import { z } from "zod";
import type { GradeAttempt, ScaleGrade } from "#common/grades.ts";
import { batch, select, sql, text, textOrNull } from "#server/db/sql.ts";
import { academicSubjects, gradeEntries, timetableChoices, timetableClasses } from "#server/db/tables.generated.ts";
import { SEMESTER, SEMESTER_JOINS, SEMESTER_LABEL, SEMESTER_ORDER } from "#server/services/timetable/access.ts";
import { campusScale } from "#server/services/grades/scale.ts";
import { gradeRows, gradesFrom, type GradesView, type Student } from "#server/services/grades/student.ts";

// What /grades reads, in one D1 batch (docs/decisions/0133-grades.md): the student's grades with the
// scale, the academics tree's semesters to pick from, the chosen semester's subjects (the one asked
// for, else the semester of the class they chose on their timetable, else of their latest grade),
// and every subject of the college, for a repeat or a subject of another semester.

export const gradesPageQuerySchema = z.object({
  semester: z.string().trim().max(100).optional(),
});

export interface TreeSubject {
  id: string;
  code: string;
  name: string;
  creditHalves: number | null;
}

export interface GradesPage extends GradesView {
  /** Kept whole for the live "what if", which computes with them in the browser. */
  scaleGrades: ScaleGrade[];
  attempts: GradeAttempt[];
  semesterOptions: { id: string; label: string; number: number }[];
  /** The chosen semester of the tree, with its subjects. */
  chosen: { id: string; label: string; number: number; subjects: TreeSubject[] } | null;
  allSubjects: (TreeSubject & { semesterLabel: string })[];
}

export async function readGradesPage(env: Env, student: Student, semesterId?: string): Promise<GradesPage> {
  const s = SEMESTER;
  const x = academicSubjects.as("x");
  const chosenId = sql`COALESCE(
    (SELECT id FROM academic_semesters WHERE id = ${semesterId ?? null} AND campus_id = ${student.campusId}),
    (SELECT k.semester_id FROM ${timetableChoices} ch JOIN ${timetableClasses} k ON k.id = ch.class_id
      WHERE ch.user_id = ${student.id} AND k.campus_id = ${student.campusId}),
    (SELECT sx.semester_id FROM ${gradeEntries} g JOIN academic_subjects sx ON sx.id = g.subject_id
      WHERE g.user_id = ${student.id} AND g.campus_id = ${student.campusId} ORDER BY g.updated_at DESC LIMIT 1))`;
  const [campus, rows, semesters, chosen, all] = await batch(env, [
    campusScale(student.campusId),
    gradeRows(student),
    select(
      { id: s.id, label: SEMESTER_LABEL, number: s.number },
      sql`FROM ${s} ${SEMESTER_JOINS} WHERE ${s.campus_id} = ${student.campusId} ORDER BY ${SEMESTER_ORDER}`,
    ),
    select(
      {
        semesterId: text(sql`${chosenId}`),
        id: textOrNull(sql`${x.id}`),
        code: textOrNull(sql`${x.code}`),
        name: textOrNull(sql`${x.name}`),
        creditHalves: x.credit_halves,
      },
      // One row even for a semester without subjects (LEFT JOIN), none when nothing is chosen.
      sql`FROM (SELECT 1) LEFT JOIN ${x} ON ${x.semester_id} = ${chosenId} AND ${x.campus_id} = ${student.campusId}
        WHERE ${chosenId} IS NOT NULL ORDER BY ${x.position}, ${x.code}`,
    ),
    select(
      {
        id: x.id,
        code: x.code,
        name: x.name,
        creditHalves: x.credit_halves,
        semesterLabel: SEMESTER_LABEL,
      },
      sql`FROM ${x} JOIN ${s} ON ${s.id} = ${x.semester_id} ${SEMESTER_JOINS}
        WHERE ${x.campus_id} = ${student.campusId} ORDER BY ${SEMESTER_ORDER}, ${x.position}, ${x.code}`,
    ),
  ] as const);
  const view = gradesFrom([campus, rows]);
  const chosenSemester = semesters.rows.find((o) => o.id === chosen.rows[0]?.semesterId);
  return {
    ...view,
    semesterOptions: semesters.rows,
    chosen: chosenSemester
      ? {
          ...chosenSemester,
          subjects: chosen.rows.flatMap((r) =>
            r.id && r.code && r.name ? [{ id: r.id, code: r.code, name: r.name, creditHalves: r.creditHalves }] : [],
          ),
        }
      : null,
    allSubjects: all.rows,
  };
}
