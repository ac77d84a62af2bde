import { useId } from "react";
import { Link, useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { kindLabel, reasonLabel, type ReportKind } from "#common/moderation.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import { REPORT_INTENTS } from "#app/components/moderation/report-intents.ts";
import { Field } from "#app/components/Field.tsx";

/**
 * Why the signed-in student may not report (the server's own 403 message, from the root loader), or
 * null when they may: a report can hide content, so it is gated like buying
 * (docs/decisions/0094-reports-by-proven-members.md).
 */
function useReportRefusal(): { message: string; verify: boolean } | null {
  return useRouteLoaderData<typeof rootLoader>("root")?.user?.refusal ?? null;
}

/**
 * "Report" on a card: a details element with the reason and an optional note, posted with
 * intent "report" to the page's own action (the same rules as POST /api/reports). Works without JS.
 */
export function ReportControl({ kind, id, title }: { kind: ReportKind; id: string; title: string }) {
  const fetcher = useFetcher<ActionResult>();
  const uid = useId();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const refusal = useReportRefusal();
  const location = useLocation();
  // Each field shows its own problem (decision 0103); a refusal about none (already hidden, gone) above the button.
  const reasonError = fieldError(result, "reason");
  const noteError = fieldError(result, "note");
  return (
    <details className="mt-2 text-sm">
      <summary
        className="inline-block min-h-6 cursor-pointer py-0.5 text-slate-600 underline decoration-dotted underline-offset-2 dark:text-slate-400"
        aria-label={`Report ${title}`}
      >
        Report
      </summary>
      {refusal ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {refusal.message}{" "}
          {refusal.verify && (
            <Link
              to={`/verify?returnTo=${encodeURIComponent(location.pathname + location.search)}`}
              className="font-semibold text-indigo-700 underline dark:text-indigo-300"
            >
              Enter your code
            </Link>
          )}
        </p>
      ) : result?.ok ? (
        <div className="mt-2">
          <Alert tone="success">{result.message}</Alert>
        </div>
      ) : (
        <fetcher.Form method="post" className="mt-2 space-y-2">
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={id} />
          <Field
            id={`${uid}-reason`}
            name="reason"
            label={`Why report this ${kindLabel[kind]}?`}
            error={reasonError}
            className="space-y-2"
          >
            <select required className="input" defaultValue="">
              <option value="" disabled>
                Choose a reason
              </option>
              {Object.entries(reasonLabel).map(([r, label]) => (
                <option key={r} value={r}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id={`${uid}-note`}
            name="note"
            label={
              <>
                Note for the moderators{" "}
                <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
              </>
            }
            error={noteError}
            className="space-y-2"
          >
            <textarea rows={2} maxLength={500} className="input" />
          </Field>
          <SubmitButton
            busy={busy}
            busyLabel="Sending..."
            className="btn-secondary"
            name="intent"
            value={REPORT_INTENTS.report}
          >
            Send report
          </SubmitButton>
          {result && !result.ok && !result.field && <Alert tone="error">{result.message}</Alert>}
        </fetcher.Form>
      )}
    </details>
  );
}
