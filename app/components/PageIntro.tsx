import type { ReactNode } from "react";
import { Link } from "react-router";

/** The heading block of a screen, and a "being built" panel for screens whose features come later. */
export function PageIntro({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <header className="py-4">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {lead && <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">{lead}</p>}
    </header>
  );
}

export function ComingSoon({ what }: { what: string }) {
  return (
    <div className="card mt-2 p-6">
      <p className="font-medium">{what} is being built and opens here soon.</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Until then, everything else on Campus works as usual.
      </p>
      <Link to="/dashboard" className="btn-secondary mt-4">
        Back to the dashboard
      </Link>
    </div>
  );
}
