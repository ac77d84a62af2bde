import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { Dialog } from "#app/components/Dialog.tsx";
import { DUE_TONE_CLASSES } from "#common/classroom-due.ts";
import { formatIndiaWeekdayDateTime as formatIndiaDateTime } from "#common/format.ts";
import { rememberRedirect } from "#app/lib/redirect.ts";
import { askPermission } from "#app/components/classroom/desktop-notifications.ts";
import { Empty, Loading, OpenInClassroom } from "#app/components/classroom/parts.tsx";
import type { CampusUser, ClassroomActionData, Reminders } from "#app/components/classroom/types.ts";
import { CLASSROOM_INTENTS } from "#app/components/classroom/classroom-intents.ts";

export const ENABLE_FAILED = "Failed to enable notifications. Please try again.";
const DISABLE_FAILED = "Could not turn reminders off. Please try again.";

interface NotificationsPanelProps {
  campusUser: CampusUser | null;
  token: string;
  reminders: Reminders | null;
  keepToken: (token: string | null) => void;
}

export function NotificationsPanel({ campusUser, token, reminders, keepToken }: NotificationsPanelProps) {
  // Turning reminders on or off is the route action's; the loader then reads the new state.
  const fetcher = useFetcher<ClassroomActionData>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  // The specification's alerts: a permission the browser would not give, or an enable that failed
  // (shown until dismissed, once per answer).
  const [permissionProblem, setPermissionProblem] = useState<string | null>(null);
  const [dismissedAnswer, setDismissedAnswer] = useState<ClassroomActionData | null>(null);
  const enableFailed = answer?.intent === CLASSROOM_INTENTS.enable && !answer.ok && answer !== dismissedAnswer;
  const alertText = permissionProblem ?? (enableFailed ? ENABLE_FAILED : null);
  const dismissAlert = () => {
    setPermissionProblem(null);
    if (enableFailed) setDismissedAnswer(answer);
  };

  useEffect(() => {
    if (answer?.intent === CLASSROOM_INTENTS.enable && answer.ok) keepToken(answer.newToken);
  }, [answer, keepToken]);

  if (!campusUser) {
    return (
      <div className="card p-6">
        <h3 className="font-semibold">Reminders need a Campus account</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Sign in to Campus to get reminders 24 hours before each deadline and on the due day.
        </p>
        <Link to="/login" onClick={() => rememberRedirect("/googleclassroom")} className="btn-primary mt-4">
          Sign in to get reminders
        </Link>
      </div>
    );
  }
  if (!reminders) return <Loading what="your reminders" />;

  async function enable() {
    const problem = await askPermission();
    if (problem) setPermissionProblem(problem);
    else void fetcher.submit({ intent: CLASSROOM_INTENTS.enable, token }, { method: "post" });
  }

  const notice =
    answer?.ok && answer.intent !== CLASSROOM_INTENTS.overview
      ? answer.message
      : answer?.intent === CLASSROOM_INTENTS.disable && !answer.ok
        ? DISABLE_FAILED
        : null;
  return (
    <div className="space-y-4">
      <div className="card flex flex-wrap items-center gap-4 p-5">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">{reminders.enabled ? "Reminders are on" : "Reminders are off"}</h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {reminders.enabled
              ? "We check your Classroom every 30 minutes and remind you 24 hours before a deadline and on the due day, for work not turned in."
              : "Turn on reminders to hear about deadlines 24 hours ahead and on the due day."}
          </p>
        </div>
        {reminders.enabled ? (
          <button
            type="button"
            className="btn-secondary w-full sm:w-auto"
            onClick={() => void fetcher.submit({ intent: CLASSROOM_INTENTS.disable }, { method: "post" })}
            disabled={busy}
          >
            {busy ? "Turning off..." : "Turn off reminders"}
          </button>
        ) : (
          <button type="button" className="btn-primary w-full sm:w-auto" onClick={() => void enable()} disabled={busy}>
            {busy ? "Enabling..." : "Enable notifications"}
          </button>
        )}
      </div>
      <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>
      <Dialog
        open={alertText !== null}
        title="Notifications"
        onClose={dismissAlert}
        actions={
          <button type="button" className="btn-primary" onClick={dismissAlert}>
            OK
          </button>
        }
      >
        <p>{alertText}</p>
      </Dialog>
      {reminders.list.length === 0 ? (
        <Empty>
          {reminders.enabled ? "No reminders yet. They appear here as deadlines come close." : "No reminders yet."}
        </Empty>
      ) : (
        <ul className="space-y-3">
          {reminders.list.map((r) => (
            <li key={r.id} className="card p-4">
              <p className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${DUE_TONE_CLASSES.soon}`}>
                {r.kind === "due_today" ? "Due today" : "Due within 24 hours"}
              </p>
              <h3 className="mt-2 break-words font-semibold">{r.title}</h3>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {r.courseName} · Due {formatIndiaDateTime(r.dueAt)}
              </p>
              <OpenInClassroom href={r.link} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
