import { Form } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { useConfirmSubmit } from "#app/components/dialogs.tsx";
import { FieldError } from "#app/components/hostel/ui.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";

/** Where the page's "Download my data" link points: a resource route that answers the file. */
export const EXPORT_PATH = "/account/export";
export const DELETE_INTENT = "delete-account";

interface YourDataProps {
  hasPassword: boolean;
  /** Why an account without a password cannot be deleted from this session (null: it can). */
  deleteHint: string | null;
  /** The answer to the last delete attempt, when it was refused. */
  result: ActionResult | null;
  busy: boolean;
}

/**
 * "Your data" on /account: download everything Campus holds about me, and delete my account, the two
 * rights of India's Digital Personal Data Protection Act that the page names. Both work without
 * JavaScript (a link that answers a file; a form whose password is the deliberate step); with it, the
 * deletion asks once more in the app's dialog.
 */
export function YourData({ hasPassword, deleteHint, result, busy }: YourDataProps) {
  const fieldError = result && !result.ok && result.field === "password" ? result.message : null;
  const confirm = useConfirmSubmit({
    title: "Delete your account?",
    question:
      "This cannot be undone. Your profile, listings, requests, bookings and Classroom connection are deleted and every device is signed out. Purchases, sales and complaints other students hold stay, signed “Deleted student”.",
    confirmLabel: "Delete my account",
    cancelLabel: "Keep my account",
  });

  return (
    <section aria-labelledby="your-data-heading" className="card min-w-0 p-5">
      <h2 id="your-data-heading" className="text-lg font-semibold">
        Your data
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        These follow your rights of access and erasure under India&apos;s Digital Personal Data Protection Act, 2023.
      </p>

      <div className="mt-4">
        <h3 className="font-medium">Download my data</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">One file (JSON) with everything Campus holds about you. Passwords and sign-in codes are never in it.</p>
        <a href={EXPORT_PATH} download className="btn-secondary mt-3 w-full sm:w-auto">
          Download my data
        </a>
      </div>

      <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
        <h3 className="font-medium text-red-700 dark:text-red-400">Delete my account</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Removes your profile and everything only you hold. A purchase, a sale or a complaint another student holds stays, signed “Deleted student”. You can register
          again with the same e-mail later.
        </p>
        {result && !result.ok && (
          <div className="mt-4">
            <Alert tone="error">{result.message}</Alert>
          </div>
        )}
        {deleteHint ? (
          <div className="mt-4">
            <Alert tone="info">{deleteHint}</Alert>
          </div>
        ) : (
          <Form method="post" preventScrollReset className="mt-4 space-y-4">
            <input type="hidden" name="intent" value={DELETE_INTENT} />
            {hasPassword && (
              <div>
                <label htmlFor="delete-password" className="label">
                  Your password
                </label>
                <input
                  id="delete-password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  maxLength={200}
                  className="input"
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={fieldError ? "delete-password-error" : undefined}
                />
                <FieldError id="delete-password" message={fieldError} />
              </div>
            )}
            <button
              type="submit"
              onClick={confirm.onClick}
              disabled={busy}
              className="btn w-full bg-red-600 text-white hover:bg-red-700 sm:w-auto dark:bg-red-500 dark:text-slate-950 dark:hover:bg-red-400"
            >
              {busy ? "Deleting..." : "Delete my account"}
            </button>
          </Form>
        )}
        {confirm.dialog}
      </div>
    </section>
  );
}
