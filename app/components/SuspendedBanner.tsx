import { Link } from "react-router";
import { formatIndiaDateTime } from "#common/format.ts";

/**
 * On every server-rendered page of a suspended student: why and until when, and what they
 * can still do. The data comes with the session's one query (no D1 round trip of its own).
 */
export function SuspendedBanner({ until, reason }: { until: number; reason: string | null }) {
  return (
    <section aria-labelledby="suspended-title" role="status" className="mx-auto mt-4 w-full max-w-6xl px-4 sm:px-6">
      <div className="rounded-2xl border border-rose-300 bg-rose-50 p-4 text-rose-950 dark:border-rose-800 dark:bg-rose-950/60 dark:text-rose-100">
        <h2 id="suspended-title" className="text-base font-semibold">
          {`Your account is suspended until ${formatIndiaDateTime(until)}`}
        </h2>
        <p className="mt-1 text-sm">
          {`${reason ? `A moderator gave this reason: ${reason.replace(/[.!?]\s*$/, "")}. ` : ""}You can read, but not post, buy or book. `}
          <Link to="/notifications" className="font-semibold underline">
            See the notice
          </Link>
        </p>
      </div>
    </section>
  );
}
