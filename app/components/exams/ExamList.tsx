import { Link } from "react-router";
import { countdown, EXAM_KIND_LABELS, EXAM_REASON_LABELS, type Exam } from "#common/exams.ts";
import { formatIndiaDay } from "#common/format.ts";
import { roomLabel, timeRange } from "#common/timetable.ts";

// A student's exams by date, each with its countdown, its clashes, and one tap to the subject's
// past papers and notes in the library (docs/decisions/0135-datesheet.md).

export const pastPapersHref = (subjectId: string) =>
  `/library?${new URLSearchParams({ subject: subjectId, kind: "past_paper" }).toString()}`;
export const notesHref = (subjectId: string) => `/library?${new URLSearchParams({ subject: subjectId }).toString()}`;

export function ExamList({
  exams,
  clashes,
  today,
}: {
  exams: Exam[];
  clashes: Record<string, string[]>;
  today: string;
}) {
  const dates = [...new Set(exams.map((exam) => exam.date))];
  const byId = new Map(exams.map((exam) => [exam.id, exam]));
  return (
    <ol className="space-y-4">
      {dates.map((date) => (
        <li key={date}>
          <h3 className="flex flex-wrap items-baseline gap-x-2 font-semibold">
            {formatIndiaDay(date)}
            <span className="text-sm font-medium text-indigo-700 dark:text-indigo-300">{countdown(date, today)}</span>
          </h3>
          <ul className="mt-2 space-y-2">
            {exams
              .filter((exam) => exam.date === date)
              .map((exam) => {
                const clash = (clashes[exam.id] ?? []).map((id) => byId.get(id)?.subjectName).filter(Boolean);
                return (
                  <li
                    key={exam.id}
                    className={`card p-3 ${clash.length > 0 ? "border-amber-400 dark:border-amber-600" : ""}`}
                  >
                    <p className="font-semibold break-words">
                      {exam.subjectName}{" "}
                      <span className="font-normal text-slate-600 dark:text-slate-400">· {exam.subjectCode}</span>
                    </p>
                    <p className="text-sm text-slate-700 dark:text-slate-300">
                      {[
                        EXAM_KIND_LABELS[exam.kind],
                        timeRange(exam.startsMin, exam.endsMin),
                        exam.room ? roomLabel(exam.room) : null,
                        exam.source === "class" ? null : EXAM_REASON_LABELS[exam.source],
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                    {clash.length > 0 && (
                      <p className="mt-1 text-sm font-semibold text-amber-800 dark:text-amber-300">
                        {`Clashes with ${clash.join(" and ")}`}
                      </p>
                    )}
                    <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
                      <Link
                        to={pastPapersHref(exam.subjectId)}
                        className="inline-flex min-h-11 items-center font-semibold text-indigo-700 underline dark:text-indigo-300"
                      >
                        Past papers<span className="sr-only">{` of ${exam.subjectName}`}</span>
                      </Link>
                      <Link
                        to={notesHref(exam.subjectId)}
                        className="inline-flex min-h-11 items-center font-semibold text-indigo-700 underline dark:text-indigo-300"
                      >
                        Notes<span className="sr-only">{` of ${exam.subjectName}`}</span>
                      </Link>
                    </p>
                  </li>
                );
              })}
          </ul>
        </li>
      ))}
    </ol>
  );
}
