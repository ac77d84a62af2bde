import { Link } from "react-router";
import { EmailRequestForm } from "#app/components/account/EmailRequestForm.tsx";

/** The card's classes: the Open community's way out stands apart from the dashboard's other cards. */
export const JOIN_CARD =
  "rounded-2xl border border-indigo-300 bg-indigo-50 p-5 text-indigo-950 dark:border-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-50";

/**
 * What a member of the Open community is told on the dashboard (docs/decisions/0123): their address is
 * not a college's, what that means, and the form that starts joining their college (its code is
 * entered on /account, where the form's answer leads). /account shows the same words (EmailChange).
 */
export function JoinCollege({
  email,
  hasPassword,
  blockedHint,
  pendingEmail,
  busy,
}: {
  email: string;
  hasPassword: boolean;
  /** Why the address cannot be changed from this session; null: it can. */
  blockedHint: string | null;
  /** A change waiting for its code: the address the code went to. */
  pendingEmail: string | null;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="join-college-heading" className={JOIN_CARD}>
      <h2 id="join-college-heading" className="text-lg font-semibold">
        Join your college on Campus
      </h2>
      <JoinCollegeWords email={email} />
      {pendingEmail && (
        <p className="mt-3 text-sm">
          <Link to="/account#email" className="font-semibold underline underline-offset-2">
            Enter the code we sent to <span className="break-all">{pendingEmail}</span>
          </Link>
        </p>
      )}
      {blockedHint ? (
        <p className="mt-3 text-sm font-medium">{blockedHint}</p>
      ) : (
        <EmailRequestForm
          label="Your college e-mail"
          hasPassword={hasPassword}
          again={pendingEmail !== null}
          problem={() => null}
          busy={busy}
          action="/account"
        />
      )}
    </section>
  );
}

/** Why an Open community member sees a card, and how they join their college. */
export function JoinCollegeWords({ email }: { email: string }) {
  return (
    <div className="mt-1 space-y-2 text-sm">
      <p>
        <strong className="break-all">{email}</strong> is not a college's address, so you are in the Open community: you
        trade and swap study help with its members only, and you do not see your college's listings, hostel services,
        timetable or library.
      </p>
      <p>
        To join your college, change your e-mail to your college address. We e-mail a 6-digit code there to prove it is
        yours; once you enter it, your account belongs to your college, verified.
      </p>
    </div>
  );
}
