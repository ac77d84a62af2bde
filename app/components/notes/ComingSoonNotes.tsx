import { Link } from "react-router";
import { ClockIcon } from "#app/components/icons/clock.tsx";

interface ComingSoonNotesProps {
  /** "MBA", "B.Tech IT" */
  what: string;
  back: { to: string; label: string };
  /** Somewhere useful to go meanwhile. */
  meanwhile?: { to: string; label: string };
}

/** A programme or branch the college has not set up: says so, and never leaves a dead end. */
export function ComingSoonNotes({ what, back, meanwhile }: ComingSoonNotesProps) {
  return (
    <section
      aria-labelledby="coming-heading"
      className="card mt-2 flex flex-col items-start gap-3 p-6 sm:flex-row sm:gap-5"
    >
      <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200">
        <ClockIcon className="h-6 w-6" />
      </span>
      <div>
        <h2 id="coming-heading" className="text-lg font-semibold">
          {what} notes are coming soon
        </h2>
        <p className="mt-1 max-w-prose text-slate-600 dark:text-slate-400">
          This college has not set up {what} yet. Once its admin adds the semesters and subjects, their syllabus, notes
          and past papers appear on this page.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={back.to} prefetch="intent" className="btn-secondary">
            {back.label}
          </Link>
          {meanwhile && (
            <Link to={meanwhile.to} prefetch="intent" className="btn-primary">
              {meanwhile.label}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
