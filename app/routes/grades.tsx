import { Link } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { RouteError } from "#app/components/hostel/ui.tsx";
import { GradesBoard } from "#app/components/grades/GradesBoard.tsx";
import { GRADES_INTENTS as INTENTS } from "#app/components/grades/grades-intents.ts";
import { attempt } from "#app/lib/action-result.server.ts";
import { byName, dispatch } from "#app/lib/actions.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { GRADES_FORM_LIMIT } from "#common/body-limits.ts";
import { GRADES_MESSAGES as M } from "#common/grades.ts";
import { parseWith } from "#server/lib/validate.ts";
import { gradesPageQuerySchema, readGradesPage } from "#server/services/grades/page.ts";
import {
  gradeSchema,
  putGrade,
  removeGrade,
  removeQuerySchema,
  saveSemesterGrades,
  semesterGradesSchema,
  subjectParamSchema,
} from "#server/services/grades/student.ts";
import type { Route } from "./+types/grades";

// A student's grades (docs/decisions/0133-grades.md): CGPA at the top, the grades of a semester of
// the academics tree to enter, a "what if" for its subjects not yet graded (a GET form, worked out
// live with JavaScript), each semester with its SGPA, and a repeat or another semester's subject.
// Their own record: nobody else reads it.
export const handle = { bodyLimit: GRADES_FORM_LIMIT };

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const url = new URL(request.url);
  const asked = gradesPageQuerySchema.safeParse({ semester: url.searchParams.get("semester") ?? undefined });
  const page = await readGradesPage(envOf(context), user, asked.success ? asked.data.semester : undefined);
  // The "what if" as the form sent it: a grade per subject of the chosen semester ("if.<id>").
  const whatIf: Record<string, string> = {};
  for (const [key, value] of url.searchParams)
    if (key.startsWith("if.") && value.trim() !== "") whatIf[key.slice(3)] = value.trim().slice(0, 8);
  return { ...page, whatIf, asked: url.searchParams.has("semester") };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  const form = await readForm(request);
  const { intent, name, id } = byName(form);
  return dispatch({ intent, name }, INTENTS, {
    save: () => {
      const grades = [...form.entries()].flatMap(([key, value]) =>
        key.startsWith("grade.") && typeof value === "string" && value.trim() !== ""
          ? [{ subjectId: key.slice(6), grade: value }]
          : [],
      );
      return attempt(intent, M.gradesSaved(grades.length), () =>
        saveSemesterGrades(
          env,
          user,
          parseWith(semesterGradesSchema, { semesterTaken: form.get("semesterTaken") ?? undefined, grades }),
        ),
      );
    },
    add: () =>
      attempt(intent, M.gradesSaved(1), async () => {
        const { subjectId } = parseWith(subjectParamSchema, { subjectId: form.get("subjectId") ?? undefined });
        await putGrade(
          env,
          user,
          subjectId,
          parseWith(gradeSchema, {
            grade: form.get("grade") ?? undefined,
            semesterTaken: form.get("semesterTaken") ?? undefined,
          }),
        );
      }),
    remove: () =>
      attempt(intent, M.myGradeRemoved, () =>
        removeGrade(
          env,
          user,
          parseWith(subjectParamSchema, { subjectId: id }).subjectId,
          parseWith(removeQuerySchema, { attempt: form.get("attempt") ?? undefined }),
        ),
      ),
  });
}

export default function Grades({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro
        title="Grades"
        lead="Your SGPA and CGPA, worked out from your college's credits and grading scale. Only you see your grades."
      />
      <p className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link
          to="/attendance"
          className="font-semibold text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
        >
          Attendance
        </Link>
        <Link
          to="/timetable"
          className="font-semibold text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
        >
          Timetable
        </Link>
      </p>
      <GradesBoard page={loaderData} result={actionData ?? null} />
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Grades · Campus" },
  { name: "description", content: "Your SGPA per semester and your CGPA, private to you." },
];

export function ErrorBoundary() {
  return <RouteError title="Grades" />;
}
