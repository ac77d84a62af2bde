import { useId } from "react";
import { useFetcher, useLocation } from "react-router";
import { SubmitButton } from "#app/components/hostel/ui.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { verifyFirst } from "#common/membership.ts";

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
  const codeError = result && !result.ok && result.intent === "verify" ? result.message : null;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {verifyFirst(what)}
      </h2>
      <p className="mt-1 text-sm">
        We e-mailed a 6-digit code to <strong className="break-all">{email}</strong>. Enter it to prove you study here.
      </p>
      <fetcher.Form method="post" action="/verify" className="mt-3 flex flex-wrap items-end gap-2">
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-code`} className="text-sm font-medium">
            Verification code
          </label>
          <input
            id={`${id}-code`}
            name="code"
            className="input w-36 text-center font-mono tracking-[0.3em]"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? `${id}-error` : undefined}
          />
        </div>
        <SubmitButton name="intent" value="verify" busy={busyIntent === "verify"} busyLabel="Verifying...">
          Verify
        </SubmitButton>
        {/* formNoValidate: asking for a new code needs no code typed. */}
        <button type="submit" name="intent" value="resend" formNoValidate className="btn-secondary" disabled={busyIntent !== null} aria-disabled={busyIntent !== null}>
          {busyIntent === "resend" ? "Sending..." : "Send a new code"}
        </button>
      </fetcher.Form>
      {result && (
        <p id={codeError ? `${id}-error` : undefined} role={result.ok ? "status" : "alert"} className="mt-2 text-sm font-medium">
          {result.message}
        </p>
      )}
    </section>
  );
}
