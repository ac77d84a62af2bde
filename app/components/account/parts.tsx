import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ActionResult } from "#app/lib/action-result.ts";

/** After securing reset the calendar link (decision 0095): where to make a new one. */
export function NewCalendarLink({ result }: { result: ActionResult }) {
  if (!result.ok || result.details?.calendarReset !== true) return null;
  return (
    <>
      {" "}
      <Link to="/notifications" className="font-semibold underline">
        Make a new calendar link
      </Link>
    </>
  );
}

/**
 * A submit button that reads busyLabel while its form is on the way. The label is the button's own
 * text, so the busy button keeps an accessible name (a status region inside a button gives it none).
 */
export function PendingButton({
  busy,
  busyLabel,
  className,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
