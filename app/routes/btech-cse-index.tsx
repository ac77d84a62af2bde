import { LayersIcon } from "#app/components/icons/layers.tsx";

export default function BtechCseIndex() {
  return (
    <section aria-labelledby="pick-heading" className="card flex flex-col items-center px-4 py-10 text-center sm:px-8">
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
        <LayersIcon className="h-6 w-6" />
      </span>
      <h2 id="pick-heading" className="mt-3 text-xl font-bold">
        Pick a semester to begin
      </h2>
      <p className="mt-2 max-w-prose text-slate-600 dark:text-slate-400">
        Choose one of the six semesters above. Each one lists its subjects with the unit-wise syllabus, and the notes,
        past papers, practicals, books and videos students have added.
      </p>
    </section>
  );
}
