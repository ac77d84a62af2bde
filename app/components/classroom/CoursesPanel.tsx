import { Empty, Loading, OpenInClassroom } from "#app/components/classroom/parts.tsx";
import type { Course } from "#app/components/classroom/types.ts";

export function CoursesPanel({ courses }: { courses: Course[] | null }) {
  if (!courses) return <Loading what="your courses" />;
  if (courses.length === 0) return <Empty>No courses found</Empty>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {courses.map((course) => (
        <li key={course.id} className="card flex flex-col p-5">
          <div className="flex items-start justify-between gap-3">
            <h3 className="min-w-0 break-words text-lg font-semibold">{course.name}</h3>
            <span
              className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${course.courseState === "ACTIVE" ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200" : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300"}`}
            >
              {course.courseState}
            </span>
          </div>
          {course.section && <p className="text-sm text-slate-600 dark:text-slate-400">Section {course.section}</p>}
          <p className="mt-2 text-sm">
            <span className="font-medium">{course.teacherNames.length === 1 ? "Teacher" : "Teachers"}: </span>
            {course.teacherNames.length ? course.teacherNames.join(", ") : "Not listed"}
          </p>
          <OpenInClassroom href={course.alternateLink} className="mt-auto pt-2" />
        </li>
      ))}
    </ul>
  );
}
