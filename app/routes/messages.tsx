import { Link } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { envOf, logLoaderFailure, requireUser } from "#app/lib/session.server.ts";
import type { ConversationSummary } from "#common/messages.ts";
import { formatIndiaShortDateTime, formatRupees } from "#common/format.ts";
import { listConversations } from "#server/services/messages/read.ts";
import type { Route } from "./+types/messages";

// The inbox (docs/decisions/0113-conversations.md): the member's conversations as buyer and as
// seller, latest first, with unread counts. Two D1 queries: the session and the list.
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  try {
    return { conversations: await listConversations(envOf(context), user), failed: false };
  } catch (error) {
    logLoaderFailure(context, request, "conversations failed", error);
    return { conversations: [] as ConversationSummary[], failed: true };
  }
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { conversations, failed } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <PageIntro
        title="Messages"
        lead="Your conversations with buyers and sellers. Ask before you buy, make an offer, and agree where to meet: your number stays private unless you share it."
      />
      {failed ? (
        <Alert tone="error">Failed to load your messages. Please try again later.</Alert>
      ) : conversations.length === 0 ? (
        <div className="card p-6 text-center">
          <p className="text-slate-700 dark:text-slate-300">No conversations yet.</p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Open a listing and press <strong>Message seller</strong> to ask about it.
          </p>
          <Link to="/all-products" className="btn-primary mt-4">
            Browse products
          </Link>
        </div>
      ) : (
        <ul className="card divide-y divide-slate-200 overflow-hidden p-0 dark:divide-slate-800">
          {conversations.map((c) => (
            <li key={c.id}>
              <Link
                to={`/messages/${c.id}`}
                className="flex items-center gap-3 p-3 hover:bg-slate-50 focus-visible:bg-slate-50 dark:hover:bg-slate-900 dark:focus-visible:bg-slate-900"
              >
                <img
                  src={c.productPhoto ?? undefined}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  className="h-12 w-12 shrink-0 rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
                />
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className={`truncate ${c.unread > 0 ? "font-bold" : "font-semibold"}`}>{c.otherName}</span>
                    <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
                      {formatIndiaShortDateTime(c.lastMessageAt)}
                    </span>
                  </span>
                  <span className="block truncate text-sm text-slate-700 dark:text-slate-300">
                    {`${c.role === "buyer" ? "Buying" : "Selling"}: ${c.productTitle} · ${formatRupees(c.pricePaise)}`}
                  </span>
                  <span className="block truncate text-sm text-slate-600 dark:text-slate-400">
                    {c.lastMessage ?? ""}
                  </span>
                </span>
                {c.unread > 0 && (
                  <span className="shrink-0 rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-bold text-white">
                    {c.unread}
                    <span className="sr-only"> unread</span>
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Messages · Campus" },
  { name: "description", content: "Your conversations with buyers and sellers on Campus, newest first." },
];
