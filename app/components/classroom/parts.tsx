import { Spinner } from "#app/components/Alert.tsx";

export function Loading({ what }: { what: string }) {
  return (
    <div className="card flex items-center gap-3 p-6" aria-live="polite">
      <Spinner label={`Loading ${what}`} />
      <p>Loading {what}...</p>
    </div>
  );
}

export function Empty({ children }: { children: string }) {
  return <p className="card p-6 text-center text-slate-600 dark:text-slate-400">{children}</p>;
}

/** "Open in Classroom": the item on Google Classroom, in a new tab (nothing when there is no link). */
export function OpenInClassroom({ href, className = "" }: { href: string | null | undefined; className?: string }) {
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex min-h-11 items-center font-semibold text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300 ${className}`}
    >
      Open in Classroom<span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
