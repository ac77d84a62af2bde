import { Link } from "react-router";
import { REPORT_REASONS, type ReportReason } from "#common/messages.ts";
import { formatIndiaShortDateTime } from "#common/format.ts";

// Conversations that one of their members reported, on /staff for a moderator
// (docs/decisions/0113-conversations.md): each opens on its own page, where reading is audited.

export interface ReportedConversationItem {
  id: string;
  reason: string;
  note: string | null;
  reportedAt: number;
  productTitle: string;
}

export function ReportedConversations({ items }: { items: ReportedConversationItem[] }) {
  return (
    <section aria-labelledby="reported-conversations-heading" className="min-w-0 space-y-3">
      <h2 id="reported-conversations-heading" className="text-lg font-semibold">
        Reported conversations <span className="font-normal text-slate-600 dark:text-slate-400">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="card p-4 text-sm text-slate-600 dark:text-slate-400">
          None. A conversation a student reports appears here; only then may a moderator read it.
        </p>
      ) : (
        <ul className="space-y-2">
          {items.map((item) => (
            <li key={`${item.id}-${item.reportedAt}`} className="card p-4">
              <p className="font-medium">{`About ${item.productTitle}`}</p>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {`${REPORT_REASONS[item.reason as ReportReason] ?? item.reason} · reported ${formatIndiaShortDateTime(item.reportedAt)}`}
              </p>
              {item.note && <p className="mt-1 text-sm italic text-slate-700 dark:text-slate-300">{item.note}</p>}
              <Link to={`/staff/conversations/${item.id}`} className="btn-secondary mt-2">
                Read the conversation
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
