import { countsLine, LIBRARY_FIND_MESSAGES, type SemesterSubject, type SubjectCounts } from "#common/library-find.ts";
import { unitDesc, unitHeading } from "#app/lib/notes.ts";
import { WaitLine } from "#app/components/notes/Waiting.tsx";
import type { SyllabusTopics } from "#app/components/notes/useSyllabusTopics.ts";

/**
 * The Syllabus tab: the subject's units from the academics tree, each with what the library holds for
 * it. A subject other than the one the page opened on may wait for its units' topics (decision 0142):
 * the titles show at once, and one line says what the topics are waiting for.
 */
export function SyllabusUnits({
  subject,
  counts,
  syllabus: { topicsOf, topics, retry },
}: {
  subject: SemesterSubject;
  counts: SubjectCounts;
  syllabus: SyllabusTopics;
}) {
  if (subject.units.length === 0) {
    return (
      <div className="mt-4 rounded-xl border border-dashed border-slate-300 p-5 text-slate-600 dark:border-slate-700 dark:text-slate-400">
        <p className="font-medium text-slate-800 dark:text-slate-200">
          The syllabus for {subject.name} hasn&apos;t been added yet.
        </p>
        <p className="mt-1 text-sm">Pick another subject from the list, or look at its notes and past papers.</p>
      </div>
    );
  }
  const missing = subject.units.some((unit) => topicsOf(unit.id, unit.topics) === null);
  return (
    <>
      {missing && topics.state !== "ready" && (
        <WaitLine
          wait={topics}
          loading={LIBRARY_FIND_MESSAGES.topicsLoading}
          failed={LIBRARY_FIND_MESSAGES.topicsFailed}
          offline={LIBRARY_FIND_MESSAGES.topicsOffline}
          onRetry={retry}
          small
        />
      )}
      <ul className="mt-4 space-y-3">
        {subject.units.map((unit) => {
          const line = countsLine(counts.units[unit.id] ?? {});
          return (
            <li key={unit.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <h4 className="font-semibold text-indigo-700 dark:text-indigo-300">{unitHeading(unit.number)}</h4>
              <p className="mt-1 text-sm leading-relaxed text-slate-700 dark:text-slate-300">
                {unitDesc({ title: unit.title, topics: topicsOf(unit.id, unit.topics) })}
              </p>
              {line && (
                <p className="mt-2 text-xs font-medium text-slate-600 dark:text-slate-400">In the library: {line}</p>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
