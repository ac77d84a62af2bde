import type { ReactNode } from "react";
import { SettingAnswer, SettingSwitch, useSettingToggle } from "#app/components/notifications/SettingSwitch.tsx";

/**
 * A reminder's switch on /notifications (classes, events): its heading, what it does and its hint,
 * one switch. The page's action (`intent`) without JavaScript; with it, a fetcher shows the new state
 * at once and "Saving..." until the server has it.
 */
export function ReminderPanel({
  id,
  headingId,
  heading,
  label,
  hint,
  intent,
  on,
  result,
}: {
  /** The stem of the switch's ids: `<id>-reminders-label`, `<id>-reminders-hint`. */
  id: string;
  /** The heading's id: other pages link to it (/notifications#classes-heading). */
  headingId: string;
  heading: string;
  label: string;
  hint: ReactNode;
  intent: string;
  on: boolean;
  result: { ok: boolean; message: string } | undefined;
}) {
  const { fetcher, pending, shown, answer } = useSettingToggle(on, result);
  return (
    <section aria-labelledby={headingId} className="card mt-8 p-5">
      <h2 id={headingId} className="text-lg font-semibold">
        {heading}
      </h2>
      <fetcher.Form method="post" className="mt-3 flex items-start justify-between gap-4">
        <input type="hidden" name="enabled" value={String(!shown)} />
        <div className="min-w-0">
          <p id={`${id}-reminders-label`} className="font-medium">
            {label}
          </p>
          <p id={`${id}-reminders-hint`} className="text-sm text-slate-600 dark:text-slate-400">
            {hint}
          </p>
        </div>
        <SettingSwitch
          intent={intent}
          on={shown}
          pending={pending !== null}
          labelledBy={`${id}-reminders-label`}
          describedBy={`${id}-reminders-hint`}
        />
      </fetcher.Form>
      <SettingAnswer pending={pending} shown={shown} answer={answer} />
    </section>
  );
}
