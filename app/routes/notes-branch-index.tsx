import { useOutletContext } from "react-router";
import { LayersIcon } from "#app/components/icons/layers.tsx";
import type { BranchOutlet } from "#app/lib/notes.ts";
import { NOTES_MESSAGES } from "#common/notes-messages.ts";

// A branch's page before a semester is chosen: how many the college has set up (the layout read them).
export default function NotesBranchIndex() {
  const { semesters } = useOutletContext<BranchOutlet>();
  return (
    <section aria-labelledby="pick-heading" className="card flex flex-col items-center px-4 py-10 text-center sm:px-8">
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
        <LayersIcon className="h-6 w-6" />
      </span>
      <h2 id="pick-heading" className="mt-3 text-xl font-bold">
        Pick a semester to begin
      </h2>
      <p className="mt-2 max-w-prose text-slate-600 dark:text-slate-400">{NOTES_MESSAGES.pickSemester(semesters)}</p>
    </section>
  );
}
