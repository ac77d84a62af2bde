import { Link } from "react-router";
import { formatIndiaShortDateTime } from "#common/format.ts";
import type { DeclinedClaim } from "#server/services/lost-found/claims.ts";

// Lost & found claims the finders declined in the last 30 days, on /staff for a moderator
// (docs/decisions/0129-lost-found-owners-proof.md): declined claims are kept for them, and a
// member who claims what is not theirs again and again stands out by the count beside their name.

export function DeclinedClaims({ items }: { items: DeclinedClaim[] }) {
  return (
    <section aria-labelledby="declined-claims-heading" className="min-w-0 space-y-3">
      <h2 id="declined-claims-heading" className="text-lg font-semibold">
        Declined lost &amp; found claims{" "}
        <span className="font-normal text-slate-600 dark:text-slate-400">({items.length}, last 30 days)</span>
      </h2>
      {items.length === 0 ? (
        <p className="card p-4 text-sm text-slate-600 dark:text-slate-400">
          None. When a finder declines a claim, it is kept here for you.
        </p>
      ) : (
        <ul className="space-y-2">
          {items.map((item) => (
            <li key={item.id} className="card p-4">
              <p className="font-medium break-words">
                {`${item.claimantName} claimed `}
                <Link to={`/lost-found/${item.postId}`} className="underline underline-offset-2">
                  {item.postTitle}
                </Link>
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {`Declined ${formatIndiaShortDateTime(item.decidedAt)}`}
                {item.declinedOfClaimant > 1 && (
                  <span className="font-semibold text-rose-800 dark:text-rose-300">
                    {` · ${item.declinedOfClaimant} of their claims declined in 30 days`}
                  </span>
                )}
              </p>
              <p className="mt-1 text-sm whitespace-pre-line break-words text-slate-700 dark:text-slate-300">
                {`Their answer: ${item.answer}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
