import type { MouseEvent, ReactNode } from "react";
import { Link } from "react-router";
import { rememberRedirect } from "../../lib/redirect";
import { StrokeIcon } from "../icons";

// Small inline icons for Study Swap (decorative; hidden from screen readers).
const paths = {
  paper: "M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6",
  pen: "M4 20l4-1 11-11-3-3L5 16l-1 4zM14 6l3 3",
  chart: "M4 20V4M4 20h16M8 16v-4M12 16V8M16 16v-6",
  cap: "M2 9l10-5 10 5-10 5-10-5zM6 11v5c3 2 9 2 12 0v-5M22 9v6",
  clip: "M21 11l-8.5 8.5a5 5 0 01-7-7L14 4a3.5 3.5 0 015 5l-8.5 8.5a2 2 0 01-3-3L15 7",
  mail: "M3 5h18v14H3zM3 6l9 7 9-7",
  phone: "M5 3h4l2 5-3 2a11 11 0 006 6l2-3 5 2v4a2 2 0 01-2 2A17 17 0 013 5a2 2 0 012-2z",
  lock: "M6 11h12v10H6zM8 11V7a4 4 0 018 0v4",
} as const;

export type StudySwapIconName = keyof typeof paths;

export function SwapIcon({ name, className = "h-6 w-6" }: { name: StudySwapIconName; className?: string }) {
  return <StrokeIcon d={paths[name]} className={className} />;
}

/**
 * A link to a page that needs sign-in: signed out, it remembers the page and goes to /login
 * (the sign-in screen sends the visitor on afterwards).
 */
export function GuardedLink({ to, signedIn, className, children }: { to: string; signedIn: boolean; className: string; children: ReactNode }) {
  const onClick = signedIn ? undefined : (_event: MouseEvent) => rememberRedirect(to);
  return (
    <Link to={signedIn ? to : "/login"} onClick={onClick} className={className}>
      {children}
    </Link>
  );
}

/** What signed-out visitors see on the study-swap pages that need an account. */
export function SignInGate({ returnTo, lead }: { returnTo: string; lead: string }) {
  return (
    <section aria-labelledby="gate-heading" className="card mx-auto mt-4 max-w-lg p-6 text-center sm:p-8">
      <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
        <SwapIcon name="lock" />
      </span>
      <h2 id="gate-heading" className="mt-4 text-xl font-semibold">
        Sign In to Continue
      </h2>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{lead}</p>
      <GuardedLink to={returnTo} signedIn={false} className="btn-primary mt-6">
        Sign In / Sign Up
      </GuardedLink>
    </section>
  );
}

/** A numbered list of steps ("How it works"). */
export function Steps({ id, title, steps, wide = false }: { id: string; title: string; steps: { title: string; text: string }[]; wide?: boolean }) {
  return (
    <section aria-labelledby={id} className="card p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <ol className={`mt-4 grid gap-4 ${wide ? "sm:grid-cols-2 lg:grid-cols-4" : "sm:grid-cols-2 lg:grid-cols-1"}`}>
        {steps.map((step, i) => (
          <li key={step.title} className="flex gap-3">
            <span aria-hidden="true" className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white dark:bg-indigo-500 dark:text-slate-950">
              {i + 1}
            </span>
            <span>
              <span className="block font-medium">{step.title}</span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">{step.text}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
