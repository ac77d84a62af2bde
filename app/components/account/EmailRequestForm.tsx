import { Form } from "react-router";
import { Field } from "#app/components/Field.tsx";
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
      <Field id="email-change-email" name="email" label={label} error={problem("email")}>
        <input type="email" required maxLength={254} autoComplete="email" />
      </Field>
      {hasPassword && (
        // Not "Current password": /account's password card has that field.
        <Field
          id="email-change-password"
          name="password"
          label="Password"
          hint="The one you sign in with now, to show it is you."
          hintClassName="mt-1 text-xs opacity-80"
          error={problem("password")}
        >
          <input type="password" required maxLength={200} autoComplete="current-password" />
        </Field>
      )}
      <button type="submit" className={again ? "btn-secondary" : "btn-primary"} disabled={busy}>
        {busy ? "Sending..." : again ? "Send a new code" : "Send code"}
      </button>
    </Form>
  );
}
