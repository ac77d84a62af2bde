import { Link } from "react-router";

/**
 * On every server-rendered page of a suspended student: why and until when, and what they
 * can still do. The data comes with the session's one query (no D1 round trip of its own); its
 * sentences come from the root's loader (suspendedBanner in common/membership.ts), so every page's
 * script carries no date formatting for the few who see it.
 */
export function SuspendedBanner({ title, text }: { title: string; text: string }) {
  return (
    <section aria-labelledby="suspended-title" role="status" className="mx-auto mt-4 w-full max-w-6xl px-4 sm:px-6">
      <div className="rounded-2xl border border-rose-300 bg-rose-50 p-4 text-rose-950 dark:border-rose-800 dark:bg-rose-950/60 dark:text-rose-100">
        <h2 id="suspended-title" className="text-base font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm">
          {text}
          <Link to="/notifications" className="font-semibold underline">
            See the notice
          </Link>
        </p>
      </div>
    </section>
  );
}
