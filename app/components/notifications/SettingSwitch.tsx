import { useFetcher } from "react-router";
import { Alert } from "#app/components/Alert.tsx";

type Answer = { ok: boolean; message: string };

/**
 * An on/off setting's state in its panel: the fetcher that posts it, the state being saved (null
 * when nothing is on its way), the state shown (the one being saved, else the server's), and the
 * server's answer (the fetcher's, or the page action's when posted without JavaScript).
 */
export function useSettingToggle(on: boolean, result: Answer | undefined) {
  const fetcher = useFetcher<Answer & { intent: string }>();
  const pending = fetcher.state !== "idle" && fetcher.formData ? fetcher.formData.get("enabled") === "true" : null;
  return { fetcher, pending, shown: pending ?? on, answer: fetcher.data ?? result };
}

/** Under a setting: "Saving..." while on its way, else "On." / "Off.", or the server's answer. */
export function SettingAnswer({
  pending,
  shown,
  answer,
}: {
  pending: boolean | null;
  shown: boolean;
  answer?: Answer;
}) {
  return (
    <>
      <p className="mt-2 text-sm" aria-live="polite">
        {pending !== null ? "Saving..." : answer ? "" : shown ? "On." : "Off."}
      </p>
      {pending === null && answer && <Alert tone={answer.ok ? "success" : "error"}>{answer.message}</Alert>}
    </>
  );
}

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
