import { Form } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { useConfirmSubmit } from "#app/components/dialogs.tsx";
import { Field } from "#app/components/Field.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { YOUR_DATA_INTENTS } from "#app/components/account/account-intents.ts";
import { isIntent } from "#app/lib/intents.ts";

/** Where the page's "Download my data" link points: a resource route that answers the file. */
export const EXPORT_PATH = "/account/export";
export const DELETE_INTENT = YOUR_DATA_INTENTS["delete-account"];
/** An account without a password proves itself with a code e-mailed to its address. */
export const SEND_CODE_INTENT = YOUR_DATA_INTENTS["send-delete-code"];

interface YourDataProps {
  hasPassword: boolean;
  email: string;
  /** The page's last action answer (shown here when it was one of YOUR_DATA_INTENTS). */
  result: ActionResult | null;
  /** The intent of the form on its way, if any. */
  pendingIntent: string | null;
}

/**
 * "Your data" on /account: download everything Campus holds about me, and delete my account, the two
 * rights of India's Digital Personal Data Protection Act that the page names. Both work without
 * JavaScript (a link that answers a file; a form whose password or e-mailed code is the deliberate
 * step); with it, the deletion asks once more in the app's dialog.
 */
export function YourData({ hasPassword, email, result, pendingIntent }: YourDataProps) {
  const mine = result && isIntent(YOUR_DATA_INTENTS, result.intent) ? result : null;
  const problem = (name: string) => fieldError(mine, name);
  const confirm = useConfirmSubmit({
    title: "Delete your account?",
    question:
      "This cannot be undone. Your profile, listings, requests, bookings and Classroom connection are deleted and every device is signed out. Purchases, sales and complaints other students hold stay, signed “Deleted student”.",
    confirmLabel: "Delete my account",
    cancelLabel: "Keep my account",
  });
  const deleting = pendingIntent === DELETE_INTENT;

  return (
    <section aria-labelledby="your-data-heading" className="card min-w-0 p-5">
      <h2 id="your-data-heading" className="text-lg font-semibold">
        Your data
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        These follow your rights of access and erasure under India&apos;s Digital Personal Data Protection Act, 2023.
      </p>

      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <div>
          <h3 className="font-medium">Download my data</h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            One file (JSON) with everything Campus holds about you. Passwords and sign-in codes are never in it.
          </p>
          <a href={EXPORT_PATH} download className="btn-secondary mt-3 w-full sm:w-auto">
            Download my data
          </a>
        </div>

        <div className="min-w-0 border-t border-slate-200 pt-4 lg:border-l lg:border-t-0 lg:pl-6 lg:pt-0 dark:border-slate-800">
          <h3 className="font-medium text-red-700 dark:text-red-400">Delete my account</h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Removes your profile and everything only you hold. A purchase, a sale or a complaint another student holds
            stays, signed “Deleted student”. You can register again with the same e-mail later.
          </p>
          {mine && (
            <div className="mt-4">
              <Alert tone={mine.ok ? "success" : "error"}>{mine.message}</Alert>
            </div>
          )}
          {!hasPassword && (
            <Form method="post" preventScrollReset className="mt-4">
              <input type="hidden" name="intent" value={SEND_CODE_INTENT} />
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Your account has no password, so we e-mail a 6-digit code to{" "}
                <span className="break-all font-medium text-slate-800 dark:text-slate-200">{email}</span> to confirm it
                is you.
              </p>
              <button
                type="submit"
                className="btn-secondary mt-3 w-full sm:w-auto"
                disabled={pendingIntent === SEND_CODE_INTENT}
              >
                {pendingIntent === SEND_CODE_INTENT ? "Sending..." : "E-mail me a code"}
              </button>
            </Form>
          )}
          <Form method="post" preventScrollReset className="mt-4 space-y-4">
            <input type="hidden" name="intent" value={DELETE_INTENT} />
            {hasPassword ? (
              <SecretField
                name="password"
                id="delete-password"
                label="Your password"
                autoComplete="current-password"
                maxLength={200}
                error={problem("password")}
              />
            ) : (
              <SecretField
                name="code"
                id="delete-code"
                label="Code from the e-mail"
                autoComplete="one-time-code"
                maxLength={12}
                error={problem("code")}
                numeric
              />
            )}
            <button
              type="submit"
              onClick={confirm.onClick}
              disabled={deleting}
              className="btn w-full bg-red-600 text-white hover:bg-red-700 sm:w-auto dark:bg-red-500 dark:text-slate-950 dark:hover:bg-red-400"
            >
              {deleting ? "Deleting..." : "Delete my account"}
            </button>
          </Form>
          {confirm.dialog}
        </div>
      </div>
    </section>
  );
}

interface SecretFieldProps {
  name: string;
  id: string;
  label: string;
  autoComplete: string;
  maxLength: number;
  error: string | null;
  numeric?: boolean;
}

/** The proof the deletion asks for: the password, or the e-mailed code. */
function SecretField({ name, id, label, autoComplete, maxLength, error, numeric = false }: SecretFieldProps) {
  return (
    <Field id={id} name={name} label={label} error={error}>
      <input
        type={numeric ? "text" : "password"}
        inputMode={numeric ? "numeric" : undefined}
        autoComplete={autoComplete}
        required
        maxLength={maxLength}
      />
    </Field>
  );
}
