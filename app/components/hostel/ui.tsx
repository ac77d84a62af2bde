import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { rememberRedirect } from "#app/lib/redirect.ts";

const badgeTones = {
  slate: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
  amber: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  sky: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  emerald: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  rose: "bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200",
  indigo: "bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200",
} as const;

export type BadgeTone = keyof typeof badgeTones;

/** A complaint's status as a badge colour (the student's cards and the warden's queue). */
export const statusTone: Record<"open" | "in_progress" | "resolved" | "withdrawn", BadgeTone> = {
  open: "amber",
  in_progress: "sky",
  resolved: "emerald",
  withdrawn: "slate",
};

export function Badge({ tone = "slate", children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeTones[tone]}`}>
      {children}
    </span>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="card border-dashed p-6 text-center">
      <p className="font-semibold">{title}</p>
      {children && <div className="mt-1 text-sm text-slate-600 dark:text-slate-400">{children}</div>}
    </div>
  );
}

/** A sign-in link that brings the student back here afterwards. */
export function SignInLink({ children = "Sign in" }: { children?: ReactNode }) {
  const location = useLocation();
  return (
    <Link
      to="/login"
      onClick={() => rememberRedirect(location.pathname + location.search)}
      className="font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
    >
      {children}
    </Link>
  );
}

/** A thin bar shown while a loader runs again (filters, after an action). */
export function LoadingBar({ active }: { active: boolean }) {
  return (
    <div
      aria-hidden={!active}
      className={`h-1 overflow-hidden rounded-full ${active ? "bg-indigo-100 dark:bg-indigo-950" : "bg-transparent"}`}
    >
      {active && <div className="h-full w-1/3 animate-pulse rounded-full bg-indigo-500" />}
    </div>
  );
}

export function RouteError({ title }: { title: string }) {
  return (
    <div className="py-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <div role="alert" className="card mt-4 border-red-300 p-6 dark:border-red-900">
        <p className="font-semibold">We couldn't load this page.</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Something went wrong on our side or on the way. Please try again in a moment.
        </p>
        <a href="" className="btn-primary mt-4">
          Try again
        </a>
      </div>
    </div>
  );
}
