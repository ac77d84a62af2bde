import { Link, useFetcher } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { SettingSwitch } from "#app/components/notifications/SettingSwitch.tsx";

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
  const fetcher = useFetcher<{ ok: boolean; message: string; intent: string }>();
  const pending = fetcher.state !== "idle" && fetcher.formData ? fetcher.formData.get("enabled") === "true" : null;
  const shown = pending ?? on;
  const answer = fetcher.data ?? result;
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
          intent="class-reminders"
          on={shown}
          pending={pending !== null}
          labelledBy="class-reminders-label"
          describedBy="class-reminders-hint"
        />
      </fetcher.Form>
      <p className="mt-2 text-sm" aria-live="polite">
        {pending !== null ? "Saving..." : answer ? "" : shown ? "On." : "Off."}
      </p>
      {pending === null && answer && <Alert tone={answer.ok ? "success" : "error"}>{answer.message}</Alert>}
    </section>
  );
}
