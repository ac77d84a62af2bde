import { Link } from "react-router";
import { SettingAnswer, SettingSwitch, useSettingToggle } from "#app/components/notifications/SettingSwitch.tsx";
import { NOTIFICATION_SETTING_INTENTS } from "#app/components/notifications/notification-intents.ts";

/**
 * "Remind me an hour before each event I am going to" (docs/decisions/0130-the-waiting-list.md): on
 * unless turned off; the page's action (intent "event-reminders") without JavaScript.
 */
export function EventRemindersPanel({
  on,
  result,
}: {
  on: boolean;
  result: { ok: boolean; message: string } | undefined;
}) {
  const { fetcher, pending, shown, answer } = useSettingToggle(on, result);
  return (
    <section aria-labelledby="events-heading" className="card mt-8 p-5">
      <h2 id="events-heading" className="text-lg font-semibold">
        Events
      </h2>
      <fetcher.Form method="post" className="mt-3 flex items-start justify-between gap-4">
        <input type="hidden" name="enabled" value={String(!shown)} />
        <div className="min-w-0">
          <p id="event-reminders-label" className="font-medium">
            Remind me an hour before each event I am going to
          </p>
          <p id="event-reminders-hint" className="text-sm text-slate-600 dark:text-slate-400">
            A notification with the time and place of each{" "}
            <Link to="/events" className="font-semibold underline">
              event
            </Link>{" "}
            you said you are going to. None in your quiet hours.
          </p>
        </div>
        <SettingSwitch
          intent={NOTIFICATION_SETTING_INTENTS["event-reminders"]}
          on={shown}
          pending={pending !== null}
          labelledBy="event-reminders-label"
          describedBy="event-reminders-hint"
        />
      </fetcher.Form>
      <SettingAnswer pending={pending} shown={shown} answer={answer} />
    </section>
  );
}
