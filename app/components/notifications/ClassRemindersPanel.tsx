import { Link } from "react-router";
import { ReminderPanel } from "#app/components/notifications/ReminderPanel.tsx";
import { NOTIFICATION_SETTING_INTENTS } from "#app/components/notifications/notification-intents.ts";

/** "Remind me 10 minutes before each class" (docs/decisions/0110-class-reminders.md). */
export function ClassRemindersPanel({
  on,
  result,
}: {
  on: boolean;
  result: { ok: boolean; message: string } | undefined;
}) {
  return (
    <ReminderPanel
      id="class"
      headingId="classes-heading"
      heading="Classes"
      label="Remind me 10 minutes before each class"
      hint={
        <>
          A notification with the subject, time and room of each class in{" "}
          <Link to="/timetable" className="font-semibold underline">
            your timetable
          </Link>
          , at its new time and room when it moved. None for cancelled classes, on college holidays or in your quiet
          hours.
        </>
      }
      intent={NOTIFICATION_SETTING_INTENTS["class-reminders"]}
      on={on}
      result={result}
    />
  );
}
