import { cutDescription, DUE_TONE_CLASSES, dueInfo } from "#common/classroom-due.ts";
import { formatIndiaWeekdayDateTime as formatIndiaDateTime } from "#common/format.ts";
import { Empty, Loading, OpenInClassroom } from "#app/components/classroom/parts.tsx";
import type { Assignment } from "#app/components/classroom/types.ts";

const STATE_CLASSES: Record<Assignment["state"], string> = {
  TURNED_IN: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200",
  RETURNED: "bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200",
  ASSIGNED: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
};

/** `now` is when the list was loaded: due wording is relative to it, so rendering stays pure. */
export function AssignmentsPanel({ assignments, now }: { assignments: Assignment[] | null; now: number }) {
  if (!assignments) return <Loading what="your assignments" />;
  if (assignments.length === 0) return <Empty>No assignments found</Empty>;
  return (
    <ul className="space-y-3">
      {assignments.map((a) => {
        const due = dueInfo(a.dueDate, now);
        const description = cutDescription(a.description);
        return (
          <li key={`${a.courseId}/${a.id}`} className="card p-4 sm:p-5">
            <div className="flex flex-wrap items-center gap-2">
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${DUE_TONE_CLASSES[due.tone]}`} data-due-tone={due.tone}>
                {due.label}
              </span>
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_CLASSES[a.state]}`}>{a.state}</span>
              {a.maxPoints !== null && <span className="text-xs text-slate-600 dark:text-slate-400">{a.maxPoints} points</span>}
            </div>
            <h3 className="mt-2 break-words font-semibold">{a.title}</h3>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {a.courseName}
              {a.dueDate !== null && <> · Due {formatIndiaDateTime(a.dueDate)}</>}
            </p>
            {description && <p className="mt-2 break-words text-sm">{description}</p>}
            <OpenInClassroom href={a.alternateLink} />
          </li>
        );
      })}
    </ul>
  );
}
