import { Form } from "react-router";
import { FieldError } from "#app/components/form-controls.tsx";
import { EMAIL_CHANGE_INTENTS } from "#app/components/account/account-intents.ts";

/**
 * The first step of changing the address (docs/decisions/0123-changing-the-address.md): the new
 * address and, when the account has one, the current password; a plain form to /account's action
 * (intent `email-change`), which mails the code and then asks for it. Shared by /account's card and
 * the dashboard's join-your-college card.
 */
export function EmailRequestForm({
  label,
  hasPassword,
  again,
  problem,
  busy,
  action,
}: {
  /** The address field's label ("New e-mail", "Your college e-mail"). */
  label: string;
  hasPassword: boolean;
  /** A code is already waiting: this form asks for a new one. */
  again: boolean;
  problem: (field: string) => string | null;
  busy: boolean;
  action?: string;
}) {
  return (
    <Form method="post" action={action} preventScrollReset className="mt-4 space-y-3">
      <input type="hidden" name="intent" value={EMAIL_CHANGE_INTENTS["email-change"]} />
      <div>
        <label htmlFor="email-change-email" className="label">
          {label}
        </label>
        <input
          id="email-change-email"
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          className="input"
          aria-invalid={problem("email") ? true : undefined}
          aria-describedby={problem("email") ? "email-change-email-error" : undefined}
        />
        <FieldError id="email-change-email" message={problem("email")} />
      </div>
      {hasPassword && (
        <div>
          {/* Not "Current password": /account's password card has that field. */}
          <label htmlFor="email-change-password" className="label">
            Password
          </label>
          <input
            id="email-change-password"
            name="password"
            type="password"
            required
            maxLength={200}
            autoComplete="current-password"
            className="input"
            aria-invalid={problem("password") ? true : undefined}
            aria-describedby={`email-change-password-hint${problem("password") ? " email-change-password-error" : ""}`}
          />
          <p id="email-change-password-hint" className="mt-1 text-xs opacity-80">
            The one you sign in with now, to show it is you.
          </p>
          <FieldError id="email-change-password" message={problem("password")} />
        </div>
      )}
      <button type="submit" className={again ? "btn-secondary" : "btn-primary"} disabled={busy}>
        {busy ? "Sending..." : again ? "Send a new code" : "Send code"}
      </button>
    </Form>
  );
}
