/**
 * An on/off setting as a submit button with role="switch" (the digest, class reminders): it posts
 * its form's intent, so it works without JavaScript; the form's hidden `enabled` says the new state.
 */
export function SettingSwitch({
  intent,
  on,
  pending,
  labelledBy,
  describedBy,
}: {
  intent: string;
  on: boolean;
  pending: boolean;
  labelledBy: string;
  describedBy: string;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      role="switch"
      aria-checked={on}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      disabled={pending}
      className={`relative mt-1 inline-flex h-8 w-14 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-70 ${on ? "bg-indigo-600 dark:bg-indigo-500" : "bg-slate-300 dark:bg-slate-600"}`}
    >
      <span
        aria-hidden="true"
        className={`inline-block h-6 w-6 rounded-full bg-white shadow transition-transform ${on ? "translate-x-6" : "translate-x-0"}`}
      />
    </button>
  );
}
