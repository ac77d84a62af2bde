import { countsLine, type SemesterSubject, type SubjectCounts } from "#common/library-find.ts";
import { unitDesc, unitHeading } from "#app/lib/notes.ts";

/** The Syllabus tab: the subject's units from the academics tree, each with what the library holds for it. */
export function SyllabusUnits({ subject, counts }: { subject: SemesterSubject; counts: SubjectCounts }) {
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
  return (
    <ul className="mt-4 space-y-3">
      {subject.units.map((unit) => {
        const line = countsLine(counts.units[unit.id] ?? {});
        return (
          <li key={unit.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
            <h4 className="font-semibold text-indigo-700 dark:text-indigo-300">{unitHeading(unit.number)}</h4>
            <p className="mt-1 text-sm leading-relaxed text-slate-700 dark:text-slate-300">{unitDesc(unit)}</p>
            {line && (
              <p className="mt-2 text-xs font-medium text-slate-600 dark:text-slate-400">In the library: {line}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
