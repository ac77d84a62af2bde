import { useId } from "react";
import { useFetcher, useLocation } from "react-router";
import { CodeField } from "#app/components/CodeField.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { verifyFirst } from "#common/membership.ts";
import { VERIFY_INTENTS as V } from "#app/components/verify-intents.ts";

/**
 * Shown instead of an action an unverified college account may not take yet (post, buy, book,
 * rate, see contacts): the reason, and the e-mailed code's form right here. It posts to /verify
 * (app/routes/verify.tsx), which checks the code or sends a new one; with JavaScript the screen's
 * data reloads and the action appears, without it /verify sends the student back to this page.
 */
export function VerifyBanner({ what, email }: { what: string; email: string }) {
  const fetcher = useFetcher<ActionResult>();
  const location = useLocation();
  const id = useId();
  const busyIntent = fetcher.state === "idle" ? null : String(fetcher.formData?.get("intent") ?? "");
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const codeError = result && !result.ok && result.intent === V.verify ? result.message : null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {verifyFirst(what)}
      </h2>
      <p className="mt-1 text-sm">
        We e-mailed a 6-digit code to <strong className="break-all">{email}</strong>. Enter it to prove you study here.
      </p>
      <fetcher.Form method="post" action="/verify" className="mt-3 flex flex-wrap items-end gap-2">
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        <CodeField id={`${id}-code`} label="Verification code" error={codeError} compact />
        <SubmitButton name="intent" value={V.verify} busy={busyIntent === V.verify} busyLabel="Verifying...">
          Verify
        </SubmitButton>
        {/* formNoValidate: asking for a new code needs no code typed. */}
        <button
          type="submit"
          name="intent"
          value={V.resend}
          formNoValidate
          className="btn-secondary"
          disabled={busyIntent !== null}
          aria-disabled={busyIntent !== null}
        >
          {busyIntent === V.resend ? "Sending..." : "Send a new code"}
        </button>
      </fetcher.Form>
      {/* Below the row (the compact field shows none of its own), announced; a wrong code's message describes the field. */}
      {result && (
        <p
          id={codeError ? `${id}-code-error` : undefined}
          role={result.ok ? "status" : "alert"}
          className="mt-2 text-sm font-medium"
        >
          {result.message}
        </p>
      )}
    </section>
  );
}
