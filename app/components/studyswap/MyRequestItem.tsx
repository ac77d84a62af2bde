import { useFetcher } from "react-router";
import { useConfirmSubmit } from "#app/components/dialogs.tsx";
import { type MyStudyRequest } from "#common/studyswap.ts";
import { formatIndiaDateTime as formatIndiaTime } from "#common/format.ts";
import type { ActionResult } from "#app/lib/action-result.ts";
import { REQUEST_INTENTS } from "#app/components/studyswap/studyswap-intents.ts";

/** One of the poster's own requests, with Close and Delete (the page's action, intents close/delete). */
export function MyRequestItem({ request }: { request: MyStudyRequest }) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const open = request.status === "open";
  const remove = useConfirmSubmit({
    title: "Delete this request?",
    question: `Delete "${request.title}"? This cannot be undone.`,
    confirmLabel: "Delete",
  });
  return (
    <li className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${open ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200" : "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300"}`}
          >
            {open ? "Open" : "Closed"}
          </span>
          <span className="text-xs text-slate-500 dark:text-slate-400">{request.subject}</span>
        </div>
        <h3 className="mt-1 break-words font-semibold">{request.title}</h3>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Posted {formatIndiaTime(request.createdAt)}
          {request.attachment ? ` · ${request.attachment.name}` : ""}
        </p>
        {fetcher.data && !fetcher.data.ok && (
          <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {fetcher.data.message}
          </p>
        )}
      </div>
      <fetcher.Form method="post" className="flex gap-2">
        <input type="hidden" name="id" value={request._id} />
        {open && (
          <button
            type="submit"
            name="intent"
            value={REQUEST_INTENTS.close}
            className="btn-secondary"
            disabled={busy}
            aria-label={`Close ${request.title}`}
          >
            {busy && fetcher.formData?.get("intent") === REQUEST_INTENTS.close ? "Closing..." : "Close"}
          </button>
        )}
        <button
          type="submit"
          name="intent"
          value={REQUEST_INTENTS.delete}
          className="btn border border-red-300 bg-white text-red-700 hover:bg-red-50 dark:border-red-900 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950"
          disabled={busy}
          aria-label={`Delete ${request.title}`}
          onClick={remove.onClick}
        >
          {busy && fetcher.formData?.get("intent") === REQUEST_INTENTS.delete ? "Deleting..." : "Delete"}
        </button>
        {remove.dialog}
      </fetcher.Form>
    </li>
  );
}
