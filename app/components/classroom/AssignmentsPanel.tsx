import {
  assignmentDue,
  cutDescription,
  DUE_TONE_CLASSES,
  WORK_TONE_CLASSES,
  workStatus,
} from "#common/classroom-due.ts";
import { formatIndiaWeekdayDateTime as formatIndiaDateTime } from "#common/format.ts";
import { Empty, Loading, OpenInClassroom } from "#app/components/classroom/parts.tsx";
import type { Assignment } from "#app/components/classroom/types.ts";

/** `now` is when the list was loaded: due wording is relative to it, so rendering stays pure. */
export function AssignmentsPanel({ assignments, now }: { assignments: Assignment[] | null; now: number }) {
  if (!assignments) return <Loading what="your assignments" />;
  if (assignments.length === 0) return <Empty>No assignments found</Empty>;
  return (
    <ul className="space-y-3">
      {assignments.map((a) => {
        // Work turned in or returned has no due badge: it is never overdue or due.
        const due = assignmentDue(a.state, a.dueDate, now);
        const status = workStatus(a.state, a.dueDate, now);
        const description = cutDescription(a.description);
        return (
          <li key={`${a.courseId}/${a.id}`} className="card p-4 sm:p-5">
            <div className="flex flex-wrap items-center gap-2">
              {due && (
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${DUE_TONE_CLASSES[due.tone]}`}
                  data-due-tone={due.tone}
                >
                  {due.label}
                </span>
              )}
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${WORK_TONE_CLASSES[status.tone]}`}
                data-work-state={status.tone}
              >
                {status.label}
              </span>
              {a.maxPoints !== null && (
                <span className="text-xs text-slate-600 dark:text-slate-400">{a.maxPoints} points</span>
              )}
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
