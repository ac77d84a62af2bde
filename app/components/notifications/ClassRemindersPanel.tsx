import { Link } from "react-router";
import { SettingAnswer, SettingSwitch, useSettingToggle } from "#app/components/notifications/SettingSwitch.tsx";
import { NOTIFICATION_SETTING_INTENTS } from "#app/components/notifications/notification-intents.ts";

/**
 * "Remind me 10 minutes before each class" (docs/decisions/0110-class-reminders.md): the page's
 * action (intent "class-reminders") without JavaScript; with it, a fetcher shows the new state at
 * once and "Saving..." until the server has it.
 */
export function ClassRemindersPanel({
  on,
  result,
}: {
  on: boolean;
  result: { ok: boolean; message: string } | undefined;
}) {
  const { fetcher, pending, shown, answer } = useSettingToggle(on, result);
  return (
    <section aria-labelledby="classes-heading" className="card mt-8 p-5">
      <h2 id="classes-heading" className="text-lg font-semibold">
        Classes
      </h2>
      <fetcher.Form method="post" className="mt-3 flex items-start justify-between gap-4">
        <input type="hidden" name="enabled" value={String(!shown)} />
        <div className="min-w-0">
          <p id="class-reminders-label" className="font-medium">
            Remind me 10 minutes before each class
          </p>
          <p id="class-reminders-hint" className="text-sm text-slate-600 dark:text-slate-400">
            A notification with the subject, time and room of each class in{" "}
            <Link to="/timetable" className="font-semibold underline">
              your timetable
            </Link>
            , at its new time and room when it moved. None for cancelled classes, on college holidays or in your quiet
            hours.
          </p>
        </div>
        <SettingSwitch
          intent={NOTIFICATION_SETTING_INTENTS["class-reminders"]}
          on={shown}
          pending={pending !== null}
          labelledBy="class-reminders-label"
          describedBy="class-reminders-hint"
        />
      </fetcher.Form>
      <SettingAnswer pending={pending} shown={shown} answer={answer} />
    </section>
  );
}
