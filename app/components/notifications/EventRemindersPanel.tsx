import { Link } from "react-router";
import { ReminderPanel } from "#app/components/notifications/ReminderPanel.tsx";
import { NOTIFICATION_SETTING_INTENTS } from "#app/components/notifications/notification-intents.ts";

/**
 * "Remind me an hour before each event I am going to" (docs/decisions/0130-the-waiting-list.md): on
 * unless turned off.
 */
export function EventRemindersPanel({
  on,
  result,
}: {
  on: boolean;
  result: { ok: boolean; message: string } | undefined;
}) {
  return (
    <ReminderPanel
      id="event"
      headingId="events-heading"
      heading="Events"
      label="Remind me an hour before each event I am going to"
      hint={
        <>
          A notification with the time and place of each{" "}
          <Link to="/events" className="font-semibold underline">
            event
          </Link>{" "}
          you said you are going to. None in your quiet hours.
        </>
      }
      intent={NOTIFICATION_SETTING_INTENTS["event-reminders"]}
      on={on}
      result={result}
    />
  );
}
