import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { NewCalendarLink, PendingButton } from "#app/components/account/parts.tsx";
import { Field } from "#app/components/Field.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { PASSWORD_INTENTS } from "#app/components/account/account-intents.ts";

/**
 * The password card of /account: change it, or set one on an account that signs in with Google
 * (only right after a Google sign-in: `setPasswordHint` says so otherwise).
 */
export function PasswordForm({
  hasPassword,
  passwordResult,
  setPasswordHint,
  busy,
}: {
  hasPassword: boolean;
  /** The page's last answer when it was this form's. */
  passwordResult: ActionResult | null;
  setPasswordHint: string | null;
  busy: boolean;
}) {
  const passwordForm = useRef<HTMLFormElement>(null);
  const problem = (name: string) => fieldError(passwordResult, name);

  // Emptied as soon as the success is shown (each answer is a new object), not after the reload.
  useEffect(() => {
    if (passwordResult?.ok) passwordForm.current?.reset();
  }, [passwordResult]);

  return (
    <section aria-labelledby="password-heading" className="card p-5">
      <h2 id="password-heading" className="text-lg font-semibold">
        {hasPassword ? "Change password" : "Set a password"}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {hasPassword
          ? "Every other device is signed out when your password changes; this one stays signed in."
          : "You sign in with Google. A password lets you sign in with your e-mail too; every other device is signed out when you set it."}
      </p>
      {passwordResult && (
        <div className="mt-4">
          <Alert tone={passwordResult.ok ? "success" : "error"}>
            {passwordResult.message}
            <NewCalendarLink result={passwordResult} />
          </Alert>
        </div>
      )}
      {setPasswordHint ? (
        <div className="mt-4">
          <Alert tone="info">{setPasswordHint}</Alert>
        </div>
      ) : (
        <Form ref={passwordForm} method="post" preventScrollReset className="mt-4 space-y-4">
          <input type="hidden" name="intent" value={PASSWORD_INTENTS["change-password"]} />
          {hasPassword && (
            <Field name="currentPassword" label="Current password" error={problem("currentPassword")}>
              <input type="password" autoComplete="current-password" required maxLength={200} />
            </Field>
          )}
          <Field name="newPassword" label="New password" hint="At least 8 characters." error={problem("newPassword")}>
            <input type="password" autoComplete="new-password" required minLength={8} maxLength={200} />
          </Field>
          <PendingButton busy={busy} busyLabel="Saving..." className="btn-primary">
            {hasPassword ? "Change password" : "Set password"}
          </PendingButton>
        </Form>
      )}
    </section>
  );
}
