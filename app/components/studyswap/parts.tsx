import type { MouseEvent, ReactNode } from "react";
import { Link } from "react-router";
import { rememberRedirect } from "#app/lib/redirect.ts";
import { LockIcon } from "#app/components/icons/lock.tsx";

/**
 * A link to a page that needs sign-in: signed out, it remembers the page and goes to /login
 * (the sign-in screen sends the visitor on afterwards).
 */
export function GuardedLink({
  to,
  signedIn,
  className,
  children,
}: {
  to: string;
  signedIn: boolean;
  className: string;
  children: ReactNode;
}) {
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
        <LockIcon />
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
export function Steps({
  id,
  title,
  steps,
  wide = false,
}: {
  id: string;
  title: string;
  steps: { title: string; text: string }[];
  wide?: boolean;
}) {
  return (
    <section aria-labelledby={id} className="card p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <ol className={`mt-4 grid gap-4 ${wide ? "sm:grid-cols-2 lg:grid-cols-4" : "sm:grid-cols-2 lg:grid-cols-1"}`}>
        {steps.map((step, i) => (
          <li key={step.title} className="flex gap-3">
            <span
              aria-hidden="true"
              className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white dark:bg-indigo-500 dark:text-slate-950"
            >
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
