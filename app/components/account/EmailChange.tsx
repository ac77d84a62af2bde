import { Form } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { Field } from "#app/components/Field.tsx";
import { EmailRequestForm } from "#app/components/account/EmailRequestForm.tsx";
import { JOIN_CARD, JoinCollegeWords } from "#app/components/account/JoinCollege.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { EMAIL_CHANGE_INTENTS } from "#app/components/account/account-intents.ts";

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
}

/**
 * Changing the address with a code mailed to the new one (docs/decisions/0123-changing-the-address.md),
 * on /account: for a member of the Open community it is the way to join their college (the dashboard
 * shows them JoinCollege). Plain forms to the page's action: they work without JavaScript.
 */
export function EmailChange(props: EmailChangeProps) {
  const { openCommunity, pending, result, busyIntent } = props;
  const problem = (name: string) => fieldError(result, name);
  const shown = result && !problem("email") && !problem("password") && !problem("code") ? result : null;
  return (
    <section id="email" aria-labelledby="email-change-heading" className={openCommunity ? JOIN_CARD : "card p-5"}>
      <h2 id="email-change-heading" className="text-lg font-semibold">
        {openCommunity ? "Join your college on Campus" : "Change your e-mail"}
      </h2>
      {openCommunity ? (
        <JoinCollegeWords email={props.email} />
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
        <Form method="post" preventScrollReset className="mt-4 space-y-3">
          <input type="hidden" name="intent" value={EMAIL_CHANGE_INTENTS["email-change-confirm"]} />
          <Field
            id="email-change-code"
            name="code"
            label={
              <>
                Code sent to <span className="break-all">{pending.email}</span>
              </>
            }
            hint={`It works until ${pending.until}.`}
            hintClassName="mt-1 text-xs opacity-80"
            error={problem("code")}
          >
            <input required inputMode="numeric" autoComplete="one-time-code" maxLength={9} className="input max-w-40" />
          </Field>
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
        <EmailRequestForm
          label={openCommunity ? "Your college e-mail" : "New e-mail"}
          hasPassword={props.hasPassword}
          again={pending !== null}
          problem={problem}
          busy={busyIntent === "email-change"}
        />
      )}
    </section>
  );
}
