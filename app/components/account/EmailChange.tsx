import { Form } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { FieldError } from "#app/components/form-controls.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";

/** The two forms' intents on /account's action (decision 0121). */
export const EMAIL_CHANGE_INTENTS = ["email-change", "email-change-confirm"];

export interface EmailChangeProps {
  /** The account's address now. */
  email: string;
  /** A member of the Open community: the card says how to join their college. */
  openCommunity: boolean;
  /** The change asks for the current password (the account has one). */
  hasPassword: boolean;
  /** Why the address cannot be changed from this session (a Google-only account, signed in too long ago); null: it can. */
  blockedHint: string | null;
  /** A change waiting for its code: where the code went, and until when it works ("2 Dec, 10:15 am"). */
  pending: { email: string; until: string } | null;
  /** The page's last answer when it was one of these forms'. */
  result: ActionResult | null;
  busyIntent: string | null;
  /** On the dashboard the forms post to /account, whose page then asks for the code. */
  action?: string;
}

/**
 * Changing the address with a code mailed to the new one (docs/decisions/0121-changing-the-address.md):
 * on /account for everyone, and on the dashboard for a member of the Open community, as the way to
 * join their college. Plain forms to /account's action: they work without JavaScript.
 */
export function EmailChange(props: EmailChangeProps) {
  const { openCommunity, pending, result, busyIntent, action } = props;
  const problem = (name: string) => fieldError(result, name);
  const shown = result && !problem("email") && !problem("password") && !problem("code") ? result : null;
  return (
    <section
      id="email"
      aria-labelledby="email-change-heading"
      className={
        openCommunity
          ? "rounded-2xl border border-indigo-300 bg-indigo-50 p-5 text-indigo-950 dark:border-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-50"
          : "card p-5"
      }
    >
      <h2 id="email-change-heading" className="text-lg font-semibold">
        {openCommunity ? "Join your college on Campus" : "Change your e-mail"}
      </h2>
      {openCommunity ? (
        <div className="mt-1 space-y-2 text-sm">
          <p>
            <strong className="break-all">{props.email}</strong> is not a college's address, so you are in the Open
            community: you trade and swap study help with its members only, and you do not see your college's listings,
            hostel services, timetable or library.
          </p>
          <p>
            To join your college, change your e-mail to your college address below. We e-mail a 6-digit code there to
            prove it is yours; once you enter it, your account belongs to your college, verified.
          </p>
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          We e-mail a 6-digit code to the new address to prove it is yours. Every other device is signed out when it
          changes. An address of another college moves your account there.
        </p>
      )}
      {shown && (
        <div className="mt-4">
          <Alert tone={shown.ok ? "success" : "error"}>{shown.message}</Alert>
        </div>
      )}
      {pending && (
        <Form method="post" action={action} preventScrollReset className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="email-change-confirm" />
          <div>
            <label htmlFor="email-change-code" className="label">
              Code sent to <span className="break-all">{pending.email}</span>
            </label>
            <input
              id="email-change-code"
              name="code"
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={9}
              className="input max-w-40"
              aria-invalid={problem("code") ? true : undefined}
              aria-describedby={`email-change-code-hint${problem("code") ? " email-change-code-error" : ""}`}
            />
            <p id="email-change-code-hint" className="mt-1 text-xs opacity-80">
              It works until {pending.until}.
            </p>
            <FieldError id="email-change-code" message={problem("code")} />
          </div>
          <button type="submit" className="btn-primary" disabled={busyIntent !== null}>
            {busyIntent === "email-change-confirm" ? "Changing..." : "Change my e-mail"}
          </button>
        </Form>
      )}
      {props.blockedHint ? (
        <div className="mt-4">
          <Alert tone="info">{props.blockedHint}</Alert>
        </div>
      ) : (
        <Form method="post" action={action} preventScrollReset className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="email-change" />
          <div>
            <label htmlFor="email-change-email" className="label">
              {openCommunity ? "Your college e-mail" : "New e-mail"}
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
          {props.hasPassword && (
            <div>
              <label htmlFor="email-change-password" className="label">
                Current password
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
                aria-describedby={problem("password") ? "email-change-password-error" : undefined}
              />
              <FieldError id="email-change-password" message={problem("password")} />
            </div>
          )}
          <button type="submit" className={pending ? "btn-secondary" : "btn-primary"} disabled={busyIntent !== null}>
            {busyIntent === "email-change" ? "Sending..." : pending ? "Send a new code" : "Send code"}
          </button>
        </Form>
      )}
    </section>
  );
}
