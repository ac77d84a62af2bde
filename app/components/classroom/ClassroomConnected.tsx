import { useEffect, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { AssignmentsPanel } from "#app/components/classroom/AssignmentsPanel.tsx";
import { CoursesPanel } from "#app/components/classroom/CoursesPanel.tsx";
import { announce } from "#app/components/classroom/desktop-notifications.ts";
import { NotificationsPanel } from "#app/components/classroom/NotificationsPanel.tsx";
import type { Overview } from "#app/components/classroom/useClassroomConnection.ts";
import type { CampusUser, GoogleUser, Reminders } from "#app/components/classroom/types.ts";
import { CLASSROOM_INTENTS } from "#app/components/classroom/classroom-intents.ts";

type Tab = "courses" | "assignments" | "notifications";

const TABS: { id: Tab; label: string }[] = [
  { id: "courses", label: "My Courses" },
  { id: "assignments", label: "Assignments" },
  { id: "notifications", label: "Notifications" },
];

const REMINDER_POLL_MS = 60_000;

function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "G") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase();
}

interface ClassroomConnectedProps {
  token: string;
  googleUser: GoogleUser;
  campusUser: CampusUser | null;
  overview: Overview;
  reminders: Reminders | null;
  keepToken: (token: string | null) => void;
  onReload: () => void;
  onDisconnect: () => void;
}

export function ClassroomConnected({
  token,
  googleUser,
  campusUser,
  overview,
  reminders,
  keepToken,
  onReload,
  onDisconnect,
}: ClassroomConnectedProps) {
  const [tab, setTab] = useState<Tab>("courses");
  const [disconnecting, setDisconnecting] = useState(false);
  const { submit } = useFetcher();
  const { revalidate } = useRevalidator();

  // While the page is open the loader is read again every minute, and new reminders also appear as
  // desktop notifications.
  useEffect(() => {
    if (!campusUser) return;
    const timer = window.setInterval(() => void revalidate(), REMINDER_POLL_MS);
    return () => window.clearInterval(timer);
  }, [campusUser, revalidate]);
  useEffect(() => {
    if (reminders) announce(reminders.list);
  }, [reminders]);

  async function disconnect() {
    setDisconnecting(true);
    // Disconnecting also forgets the Google tokens kept for reminders.
    if (campusUser && reminders?.enabled)
      await submit({ intent: CLASSROOM_INTENTS.disable }, { method: "post" }).catch(() => undefined);
    onDisconnect();
  }

  const { problem } = overview;
  return (
    <section aria-label="Your Google Classroom">
      <div className="card flex flex-wrap items-center gap-4 p-4 sm:p-5">
        <span
          aria-hidden="true"
          className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-indigo-100 font-semibold text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
        >
          {initials(googleUser.name)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{googleUser.name}</p>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">{googleUser.email}</p>
        </div>
        <button
          type="button"
          onClick={() => void disconnect()}
          disabled={disconnecting}
          className="btn-secondary w-full sm:w-auto"
        >
          {disconnecting ? "Disconnecting..." : "Disconnect"}
        </button>
      </div>

      <div
        role="tablist"
        aria-label="Classroom"
        className="mt-5 grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
      >
        {TABS.map((t, i) => (
          <button
            key={t.id}
            id={`tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={(event) => {
              if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
              const next = TABS[(i + (event.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length]!;
              setTab(next.id);
              document.getElementById(`tab-${next.id}`)?.focus();
            }}
            className={`min-h-11 rounded-lg px-1 text-sm font-semibold ${tab === t.id ? "bg-white shadow-sm dark:bg-slate-950" : "text-slate-600 dark:text-slate-300"}`}
          >
            {t.label}
          </button>
        ))}
      </div>

      {problem && tab !== "notifications" && (
        <div className="mt-4">
          <Alert tone="error">
            <p>{problem.message}</p>
            {problem.enableUrl ? (
              <p className="mt-2">
                <a
                  href={problem.enableUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold underline"
                >
                  Enable the Google Classroom API
                </a>
                , then wait a few minutes for the change to take effect and try again.
              </p>
            ) : null}
            <button type="button" onClick={onReload} className="mt-2 font-semibold underline">
              Try again
            </button>
          </Alert>
        </div>
      )}

      <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} className="mt-4" tabIndex={0}>
        {tab === "courses" && <CoursesPanel courses={overview.courses} />}
        {tab === "assignments" && <AssignmentsPanel assignments={overview.assignments} now={overview.loadedAt} />}
        {tab === "notifications" && (
          <NotificationsPanel campusUser={campusUser} token={token} reminders={reminders} keepToken={keepToken} />
        )}
      </div>
    </section>
  );
}
