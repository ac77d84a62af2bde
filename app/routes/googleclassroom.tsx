import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Alert, Spinner } from "../components/Alert";
import { PageIntro } from "../components/PageIntro";
import { api } from "../lib/api";
import { cutDescription, DUE_TONE_CLASSES, dueInfo, sortByDue } from "../lib/classroom-due";
import { formatIndiaWeekdayDateTime as formatIndiaDateTime } from "../lib/format";
import {
  AUTH_ERROR,
  AUTH_FAILED,
  clearGoogleToken,
  hasGoogleHint,
  CONNECT_FAILED,
  CONNECT_URL,
  FETCH_FAILED,
  GOOGLE_AUTH_ERROR,
  GOOGLE_AUTH_SUCCESS,
  googleApi,
  GoogleApiError,
  readGoogleToken,
  storeGoogleToken,
} from "../lib/google";
import { rememberRedirect } from "../lib/redirect";
import { getUser } from "../lib/session.server";
import { dropUrlToken } from "../lib/url-token.server";
import type { Route } from "./+types/googleclassroom";
import type { Course } from "../../worker/lib/classroom";

export async function loader({ context, request }: Route.LoaderArgs) {
  // ?token= is never taken from the URL (a link could plant someone else's Classroom): dropped here.
  dropUrlToken(request);
  const user = await getUser(context, request);
  // No token hint (app/lib/google.ts): render "Connect" at once.
  const mayBeConnected = hasGoogleHint(request.headers.get("Cookie"));
  return { user: user ? { email: user.email, name: user.name } : null, mayBeConnected };
}

interface GoogleUser {
  name: string;
  email: string;
  picture: string | null;
}


interface Assignment {
  id: string;
  courseId: string;
  courseName: string;
  title: string;
  description: string | null;
  dueDate: number | null;
  state: "TURNED_IN" | "RETURNED" | "ASSIGNED";
  maxPoints: number | null;
  alternateLink: string | null;
}

interface Reminder {
  id: string;
  kind: "due_24h" | "due_today";
  courseName: string;
  title: string;
  dueAt: number;
  link: string | null;
}

type Status = "checking" | "disconnected" | "verifying" | "connected";
type Tab = "courses" | "assignments" | "notifications";
interface Problem {
  message: string;
  enableUrl?: string;
}

const TABS: { id: Tab; label: string }[] = [
  { id: "courses", label: "My Courses" },
  { id: "assignments", label: "Assignments" },
  { id: "notifications", label: "Notifications" },
];

const REMINDER_POLL_MS = 60_000;
const SEEN_KEY = "campus_seen_reminders";
const ENABLE_FAILED = "Failed to enable notifications. Please try again.";

function problemOf(error: unknown): Problem {
  if (error instanceof GoogleApiError && error.data?.error === "API_NOT_ENABLED") {
    return { message: error.message, enableUrl: error.data.enableUrl ?? "https://console.cloud.google.com/apis/library/classroom.googleapis.com" };
  }
  return { message: FETCH_FAILED };
}

function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "G") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase();
}

export default function GoogleClassroom({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>(loaderData.mayBeConnected ? "checking" : "disconnected");
  const [token, setToken] = useState<string | null>(null);
  const [googleUser, setGoogleUser] = useState<GoogleUser | null>(null);
  const [message, setMessage] = useState<{ text: string; tone: "error" | "success" } | null>(null);
  const [connecting, setConnecting] = useState(false);

  const keepToken = useCallback((next: string | null) => {
    // A refreshed token that arrives after a disconnect must not bring the connection back.
    if (!next || readGoogleToken() === null) return;
    storeGoogleToken(next);
    setToken(next);
  }, []);

  const disconnect = useCallback((error?: string) => {
    clearGoogleToken();
    setToken(null);
    setGoogleUser(null);
    setStatus("disconnected");
    if (error) setMessage({ text: error, tone: "error" });
  }, []);

  const verify = useCallback(
    async (candidate: string) => {
      setStatus("verifying");
      setMessage(null);
      try {
        const { data, newToken } = await googleApi<{ valid: boolean; user: GoogleUser | null }>("/verify-token", { method: "POST", body: { token: candidate } });
        if (!data.valid || !data.user) return disconnect(AUTH_FAILED);
        setToken(candidate);
        keepToken(newToken);
        setGoogleUser(data.user);
        setStatus("connected");
      } catch {
        disconnect(AUTH_ERROR);
      }
    },
    [disconnect, keepToken],
  );

  // The watcher: ?error= is taken from the URL, which is then cleaned; the stored token, if any, is
  // verified. A ?token= in the URL is never stored: the loader has already dropped it (a link
  // could otherwise plant someone else's Classroom in this browser); the Google token only arrives
  // by the one-time code exchange on /google/callback.
  const watched = useRef(false);
  useEffect(() => {
    if (watched.current) return;
    watched.current = true;
    const params = new URLSearchParams(location.search);
    const error = params.get("error");
    if (error || params.has("token")) navigate(location.pathname, { replace: true, preventScrollReset: true });
    // Browser storage is only readable after hydration: decide then, outside the render pass.
    queueMicrotask(() => {
      const stored = readGoogleToken();
      if (stored) void verify(stored);
      else setStatus("disconnected");
      if (error) setMessage({ text: error, tone: "error" });
    });
  }, [location.pathname, location.search, navigate, verify]);

  // The popup reports back here; only messages from our own origin count.
  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin || !event.data || typeof event.data !== "object") return;
      const data = event.data as { type?: unknown; token?: unknown; error?: unknown };
      if (data.type === GOOGLE_AUTH_SUCCESS && typeof data.token === "string") {
        setConnecting(false);
        storeGoogleToken(data.token);
        void verify(data.token);
      } else if (data.type === GOOGLE_AUTH_ERROR) {
        setConnecting(false);
        setMessage({ text: typeof data.error === "string" ? data.error : AUTH_FAILED, tone: "error" });
      }
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [verify]);

  function connect() {
    setMessage(null);
    setConnecting(true);
    try {
      const popup = window.open(CONNECT_URL, "campus-google-classroom", "popup,width=520,height=680");
      if (!popup) {
        // Popups blocked: the same flow as a full redirect, back through /google/callback.
        window.location.assign(CONNECT_URL);
        return;
      }
      const timer = window.setInterval(() => {
        if (popup.closed) {
          window.clearInterval(timer);
          setConnecting(false);
        }
      }, 500);
    } catch {
      setConnecting(false);
      setMessage({ text: CONNECT_FAILED, tone: "error" });
    }
  }

  return (
    <>
      <PageIntro title="Google Classroom" lead="Your courses, assignments and deadline reminders in one place." />
      {message && (
        <div className="mb-4" aria-live="polite">
          <Alert tone={message.tone} onDismiss={() => setMessage(null)}>
            {message.text}
          </Alert>
        </div>
      )}
      {(status === "checking" || status === "verifying") && (
        <div className="card flex items-center gap-3 p-6" aria-live="polite">
          <Spinner label={status === "verifying" ? "Verifying your Google connection" : "Checking your Google connection"} />
          <p>{status === "verifying" ? "Verifying your Google Classroom connection..." : "Checking your Google Classroom connection..."}</p>
        </div>
      )}
      {status === "disconnected" && (
        <section className="card p-6 sm:p-8" aria-labelledby="connect-heading">
          <h2 id="connect-heading" className="text-xl font-semibold">
            Connect your Google Classroom
          </h2>
          <p className="mt-2 max-w-prose text-slate-600 dark:text-slate-400">
            See every course and assignment with its deadline, sorted by what is due first, and get reminders 24 hours before a deadline and on the due day. Campus only
            reads your classes; it never posts or hands anything in for you.
          </p>
          <button type="button" onClick={connect} disabled={connecting} className="btn-primary mt-5 w-full sm:w-auto">
            {connecting ? (
              <>
                <Spinner label="Waiting for Google" /> Waiting for Google...
              </>
            ) : (
              "Connect Google Classroom"
            )}
          </button>
        </section>
      )}
      {status === "connected" && token && googleUser && (
        <Connected
          token={token}
          googleUser={googleUser}
          campusUser={loaderData.user}
          keepToken={keepToken}
          onAuthLost={() => disconnect(AUTH_ERROR)}
          onDisconnect={() => {
            disconnect();
            setMessage({ text: "Google Classroom is disconnected. Connect again any time.", tone: "success" });
          }}
        />
      )}
    </>
  );
}

interface ConnectedProps {
  token: string;
  googleUser: GoogleUser;
  campusUser: { email: string; name: string } | null;
  keepToken: (token: string | null) => void;
  onAuthLost: () => void;
  onDisconnect: () => void;
}

function Connected({ token, googleUser, campusUser, keepToken, onAuthLost, onDisconnect }: ConnectedProps) {
  const [tab, setTab] = useState<Tab>("courses");
  const [courses, setCourses] = useState<Course[] | null>(null);
  const [assignments, setAssignments] = useState<Assignment[] | null>(null);
  // Due wording is relative to when the list was loaded (rendering stays pure).
  const [loadedAt, setLoadedAt] = useState(0);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [reminders, setReminders] = useState<{ enabled: boolean; list: Reminder[] } | null>(null);
  const [disconnecting, setDisconnecting] = useState(false);
  // Latest values for the loaders, which must not restart when a refreshed token arrives.
  const tokenRef = useRef(token);
  const keepTokenRef = useRef(keepToken);
  const onAuthLostRef = useRef(onAuthLost);
  useEffect(() => {
    tokenRef.current = token;
    keepTokenRef.current = keepToken;
    onAuthLostRef.current = onAuthLost;
  }, [token, keepToken, onAuthLost]);

  const load = useCallback(async () => {
    setProblem(null);
    setCourses(null);
    setAssignments(null);
    try {
      const answer = await googleApi<Course[]>("/courses", { token: tokenRef.current });
      keepTokenRef.current(answer.newToken);
      setCourses(answer.data);
      const active = answer.data.filter((course) => course.courseState === "ACTIVE");
      const results = await Promise.allSettled(
        active.map(async (course) => {
          const list = await googleApi<Omit<Assignment, "courseName">[]>(`/courses/${encodeURIComponent(course.id)}/assignments`, { token: tokenRef.current });
          keepTokenRef.current(list.newToken);
          return list.data.map((a) => ({ ...a, courseName: course.name, courseId: course.id }));
        }),
      );
      const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
      if (failed) {
        if (failed.reason instanceof GoogleApiError && failed.reason.status === 401) return onAuthLostRef.current();
        setProblem(problemOf(failed.reason));
      }
      setLoadedAt(Date.now());
      setAssignments(sortByDue(results.flatMap((r) => (r.status === "fulfilled" ? r.value : []))));
    } catch (error) {
      if (error instanceof GoogleApiError && error.status === 401) return onAuthLostRef.current();
      setProblem(problemOf(error));
      setCourses((current) => current ?? []);
      setAssignments([]);
    }
  }, []);

  useEffect(() => {
    queueMicrotask(() => void load());
  }, [load]);

  const loadReminders = useCallback(async () => {
    if (!campusUser) return;
    try {
      const answer = await api<{ data: { enabled: boolean; reminders: Reminder[] } }>("/google/notifications");
      setReminders({ enabled: answer.data.enabled, list: answer.data.reminders });
      announce(answer.data.reminders);
    } catch {
      setReminders((current) => current ?? { enabled: false, list: [] });
    }
  }, [campusUser]);

  // While the page is open, new reminders also appear as desktop notifications.
  useEffect(() => {
    queueMicrotask(() => void loadReminders());
    const timer = window.setInterval(() => void loadReminders(), REMINDER_POLL_MS);
    return () => window.clearInterval(timer);
  }, [loadReminders]);

  async function disconnect() {
    setDisconnecting(true);
    if (campusUser && reminders?.enabled) {
      // Disconnecting also forgets the Google tokens kept for reminders.
      await api("/google/notifications/disable", { method: "POST", body: {} }).catch(() => undefined);
    }
    setCourses(null);
    setAssignments(null);
    onDisconnect();
  }

  return (
    <section aria-label="Your Google Classroom">
      <div className="card flex flex-wrap items-center gap-4 p-4 sm:p-5">
        <span aria-hidden="true" className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-indigo-100 font-semibold text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
          {initials(googleUser.name)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{googleUser.name}</p>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">{googleUser.email}</p>
        </div>
        <button type="button" onClick={() => void disconnect()} disabled={disconnecting} className="btn-secondary w-full sm:w-auto">
          {disconnecting ? "Disconnecting..." : "Disconnect"}
        </button>
      </div>

      <div role="tablist" aria-label="Classroom" className="mt-5 grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
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
                <a href={problem.enableUrl} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
                  Enable the Google Classroom API
                </a>
                , then wait a few minutes for the change to take effect and try again.
              </p>
            ) : null}
            <button type="button" onClick={() => void load()} className="mt-2 font-semibold underline">
              Try again
            </button>
          </Alert>
        </div>
      )}

      <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} className="mt-4" tabIndex={0}>
        {tab === "courses" && <CoursesPanel courses={courses} />}
        {tab === "assignments" && <AssignmentsPanel assignments={assignments} now={loadedAt} />}
        {tab === "notifications" && <NotificationsPanel campusUser={campusUser} token={token} reminders={reminders} onChange={loadReminders} keepToken={keepToken} />}
      </div>
    </section>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <div className="card flex items-center gap-3 p-6" aria-live="polite">
      <Spinner label={`Loading ${what}`} />
      <p>Loading {what}...</p>
    </div>
  );
}

function Empty({ children }: { children: string }) {
  return <p className="card p-6 text-center text-slate-600 dark:text-slate-400">{children}</p>;
}

/** "Open in Classroom": the item on Google Classroom, in a new tab (nothing when there is no link). */
function OpenInClassroom({ href, className = "" }: { href: string | null | undefined; className?: string }) {
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={`inline-flex min-h-11 items-center font-semibold text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300 ${className}`}>
      Open in Classroom<span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function CoursesPanel({ courses }: { courses: Course[] | null }) {
  if (!courses) return <Loading what="your courses" />;
  if (courses.length === 0) return <Empty>No courses found</Empty>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {courses.map((course) => (
        <li key={course.id} className="card flex flex-col p-5">
          <div className="flex items-start justify-between gap-3">
            <h3 className="min-w-0 break-words text-lg font-semibold">{course.name}</h3>
            <span
              className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${course.courseState === "ACTIVE" ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200" : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300"}`}
            >
              {course.courseState}
            </span>
          </div>
          {course.section && <p className="text-sm text-slate-600 dark:text-slate-400">Section {course.section}</p>}
          <p className="mt-2 text-sm">
            <span className="font-medium">{course.teacherNames.length === 1 ? "Teacher" : "Teachers"}: </span>
            {course.teacherNames.length ? course.teacherNames.join(", ") : "Not listed"}
          </p>
          <OpenInClassroom href={course.alternateLink} className="mt-auto pt-2" />
        </li>
      ))}
    </ul>
  );
}

const STATE_CLASSES: Record<Assignment["state"], string> = {
  TURNED_IN: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200",
  RETURNED: "bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200",
  ASSIGNED: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
};

function AssignmentsPanel({ assignments, now }: { assignments: Assignment[] | null; now: number }) {
  if (!assignments) return <Loading what="your assignments" />;
  if (assignments.length === 0) return <Empty>No assignments found</Empty>;
  return (
    <ul className="space-y-3">
      {assignments.map((a) => {
        const due = dueInfo(a.dueDate, now);
        const description = cutDescription(a.description);
        return (
          <li key={`${a.courseId}/${a.id}`} className="card p-4 sm:p-5">
            <div className="flex flex-wrap items-center gap-2">
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${DUE_TONE_CLASSES[due.tone]}`} data-due-tone={due.tone}>
                {due.label}
              </span>
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_CLASSES[a.state]}`}>{a.state}</span>
              {a.maxPoints !== null && <span className="text-xs text-slate-600 dark:text-slate-400">{a.maxPoints} points</span>}
            </div>
            <h3 className="mt-2 break-words font-semibold">{a.title}</h3>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {a.courseName}
              {a.dueDate !== null && <> · Due {formatIndiaDateTime(a.dueDate)}</>}
            </p>
            {description && <p className="mt-2 break-words text-sm">{description}</p>}
            <OpenInClassroom href={a.alternateLink} />
          </li>
        );
      })}
    </ul>
  );
}

function seenReminders(): Set<string> {
  try {
    return new Set(JSON.parse(window.localStorage.getItem(SEEN_KEY) ?? "[]") as string[]);
  } catch {
    return new Set();
  }
}

/** Shows reminders the student has not been shown yet as desktop notifications. */
function announce(reminders: Reminder[]) {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  const seen = seenReminders();
  for (const reminder of reminders) {
    if (seen.has(reminder.id)) continue;
    seen.add(reminder.id);
    new Notification(reminder.kind === "due_today" ? `Due today: ${reminder.title}` : `Due within 24 hours: ${reminder.title}`, {
      body: `${reminder.courseName} · ${formatIndiaDateTime(reminder.dueAt)}`,
      tag: reminder.id,
    });
  }
  try {
    window.localStorage.setItem(SEEN_KEY, JSON.stringify([...seen].slice(-200)));
  } catch {
    // no storage: notifications may repeat on the next visit
  }
}

interface NotificationsPanelProps {
  campusUser: { email: string; name: string } | null;
  token: string;
  reminders: { enabled: boolean; list: Reminder[] } | null;
  onChange: () => Promise<void>;
  keepToken: (token: string | null) => void;
}

function NotificationsPanel({ campusUser, token, reminders, onChange, keepToken }: NotificationsPanelProps) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  if (!campusUser) {
    return (
      <div className="card p-6">
        <h3 className="font-semibold">Reminders need a Campus account</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Sign in to Campus to get reminders 24 hours before each deadline and on the due day.</p>
        <Link to="/login" onClick={() => rememberRedirect("/googleclassroom")} className="btn-primary mt-4">
          Sign in to get reminders
        </Link>
      </div>
    );
  }
  if (!reminders) return <Loading what="your reminders" />;

  async function enable() {
    if (typeof Notification === "undefined") {
      window.alert("This browser does not support desktop notifications");
      return;
    }
    setBusy(true);
    setNotice(null);
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      setBusy(false);
      window.alert("Permission for notifications was denied");
      return;
    }
    try {
      const answer = await api<{ message: string; newToken?: string }>("/google/notifications/enable", { method: "POST", body: { userId: campusUser?.email, token } });
      keepToken(answer.newToken ?? null);
      setNotice(answer.message);
      await onChange();
    } catch {
      window.alert(ENABLE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  async function disable() {
    setBusy(true);
    setNotice(null);
    try {
      await api("/google/notifications/disable", { method: "POST", body: {} });
      setNotice("Reminders are off.");
      await onChange();
    } catch {
      setNotice("Could not turn reminders off. Please try again.");
    } finally {
      setBusy(false);
    }
  }

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
          <button type="button" className="btn-secondary w-full sm:w-auto" onClick={() => void disable()} disabled={busy}>
            {busy ? "Turning off..." : "Turn off reminders"}
          </button>
        ) : (
          <button type="button" className="btn-primary w-full sm:w-auto" onClick={() => void enable()} disabled={busy}>
            {busy ? "Enabling..." : "Enable notifications"}
          </button>
        )}
      </div>
      <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>
      {reminders.list.length === 0 ? (
        <Empty>{reminders.enabled ? "No reminders yet. They appear here as deadlines come close." : "No reminders yet."}</Empty>
      ) : (
        <ul className="space-y-3">
          {reminders.list.map((r) => (
            <li key={r.id} className="card p-4">
              <p className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${DUE_TONE_CLASSES.soon}`}>{r.kind === "due_today" ? "Due today" : "Due within 24 hours"}</p>
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

export const meta: Route.MetaFunction = () => [
  { title: "Google Classroom · Campus" },
  { name: "description", content: "Your Google Classroom courses, assignments and deadline reminders." },
];
