import { Form, Link, useNavigation } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { Alert } from "#app/components/Alert.tsx";
import { EmptyState } from "#app/components/hostel/ui.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { attempt, succeeded } from "#app/lib/action-result.server.ts";
import { feedPath, resetCalendarFeed, stopCalendarFeed } from "#server/services/calendar/feed.ts";
import { notificationCentre } from "#server/services/notifications/centre.ts";
import { savePushSettings, settingsSchema } from "#server/services/notifications/push-settings.ts";
import { CATEGORY_IDS, NOTIFICATION_CATEGORIES, NOTIFICATION_MESSAGES } from "#common/notifications.ts";
import { PushPanel } from "#app/components/notifications/PushPanel.tsx";
import { DigestPanel } from "#app/components/notifications/DigestPanel.tsx";
import { ClassRemindersPanel } from "#app/components/notifications/ClassRemindersPanel.tsx";
import { EventRemindersPanel } from "#app/components/notifications/EventRemindersPanel.tsx";
import { eventRemindersSchema, setEventReminders } from "#server/services/events/reminders.ts";
import { EVENT_MESSAGES } from "#common/events.ts";
import { classRemindersSchema, setClassReminders } from "#server/services/timetable/class-reminders.ts";
import { digestSchema, setDigest } from "#server/services/notifications/digest.ts";
import { readForm } from "#app/lib/form.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { markRead, markReadSchema } from "#server/services/notifications/notices.ts";
import { formatIndiaDate, formatIndiaShortDateTime } from "#common/format.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import type { Route } from "./+types/notifications";
import { dispatch } from "#app/lib/actions.server.ts";
import { intents, mergeIntents } from "#app/lib/intents.ts";
import { NOTIFICATION_SETTING_INTENTS } from "#app/components/notifications/notification-intents.ts";
import { Field } from "#app/components/Field.tsx";

// The signed-in student's notices: what staff did that concerns them, newest first.
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  // The inbox, the push settings and the calendar feed in one D1 round trip (and the session's).
  // The categories a student may mute come with the data: the list the server checks, and no copy in the script.
  return {
    ...(await notificationCentre(envOf(context), user.id)),
    categories: NOTIFICATION_CATEGORIES,
    email: user.email,
    verified: user.verified,
  };
}

// The page's forms: its own (the calendar link, marking read) and the settings panels'.
const INTENTS = mergeIntents(
  NOTIFICATION_SETTING_INTENTS,
  intents("calendar-reset", "calendar-stop", "read", "read-all"),
);

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  return dispatch(form, INTENTS, {
    // The private calendar link, shown once when it is made or reset.
    "calendar-reset": async (intent) => {
      const secret = await resetCalendarFeed(envOf(context), user.id);
      return succeeded(intent, "Your calendar link is ready. Copy it now: for your safety it is shown only once.", {
        calendarUrl: new URL(feedPath(secret), request.url).href,
      });
    },
    "calendar-stop": (intent) =>
      attempt(intent, "Your calendar link no longer works.", () => stopCalendarFeed(envOf(context), user.id)),
    // Which notices come as push notifications, and the quiet hours: PUT /api/push/settings's schema and use-case.
    "push-settings": (intent) =>
      attempt(intent, NOTIFICATION_MESSAGES.settingsSaved, () =>
        savePushSettings(envOf(context), user.id, parseWith(settingsSchema, pushSettingsInput(form))),
      ),
    // The daily e-mail digest on or off: PUT /api/push/digest's.
    digest: (intent) => {
      const enabled = form.get("enabled") === "true";
      return attempt(intent, enabled ? NOTIFICATION_MESSAGES.digestOn : NOTIFICATION_MESSAGES.digestOff, () =>
        setDigest(envOf(context), user.id, parseWith(digestSchema, { enabled }).enabled),
      );
    },
    // A reminder 10 minutes before each class on or off: PUT /api/push/class-reminders's.
    "class-reminders": (intent) => {
      const enabled = form.get("enabled") === "true";
      return attempt(
        intent,
        enabled ? NOTIFICATION_MESSAGES.classRemindersOn : NOTIFICATION_MESSAGES.classRemindersOff,
        () => setClassReminders(envOf(context), user.id, parseWith(classRemindersSchema, { enabled }).enabled),
      );
    },
    // A reminder an hour before each event one is going to: PUT /api/push/event-reminders's.
    "event-reminders": (intent) => {
      const enabled = form.get("enabled") === "true";
      return attempt(intent, enabled ? EVENT_MESSAGES.remindersOn : EVENT_MESSAGES.remindersOff, () =>
        setEventReminders(envOf(context), user.id, parseWith(eventRemindersSchema, { enabled }).enabled),
      );
    },
    read: (intent) =>
      attempt(intent, NOTIFICATION_MESSAGES.read, () =>
        markRead(envOf(context), user.id, parseWith(markReadSchema, formInput(form))),
      ),
    "read-all": (intent) =>
      attempt(intent, NOTIFICATION_MESSAGES.allReadOnScreen, () =>
        markRead(envOf(context), user.id, parseWith(markReadSchema, {})),
      ),
  });
}

/**
 * The settings form as PUT /api/push/settings's body: a checkbox per category to be notified about
 * (so the unchecked ones are muted), and the quiet hours when their box is ticked. Its `quiet.from`
 * and `quiet.to` are the form's quietFrom and quietTo (app/components/notifications/PushPanel.tsx).
 */
function pushSettingsInput(form: FormData) {
  return {
    muted: CATEGORY_IDS.filter((id) => form.get(`category-${id}`) === null),
    quiet: form.get("quiet") === null ? null : { from: form.get("quietFrom") ?? "", to: form.get("quietTo") ?? "" },
  };
}

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { notices, unread, calendarSince, push, categories, email, verified } = loaderData;
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting"
      ? String(navigation.formData?.get("intent") ?? "") + String(navigation.formData?.get("id") ?? "")
      : null;
  return (
    <>
      <PageIntro
        title="Notifications"
        lead="Everything Campus tells you: reservations and sales, wanted matches, complaint updates, laundry ready, Classroom deadlines and staff decisions."
      />
      {actionData &&
        !actionData.ok &&
        (actionData.intent === INTENTS.read || actionData.intent === INTENTS["read-all"]) && (
          <div className="mb-4">
            <Alert tone="error">{actionData.message}</Alert>
          </div>
        )}
      {unread > 0 && (
        <Form method="post" className="mb-4">
          <SubmitButton
            busy={busy === "read-all"}
            busyLabel="Marking..."
            className="btn-secondary"
            name="intent"
            value={INTENTS["read-all"]}
          >
            Mark all as read ({unread})
          </SubmitButton>
        </Form>
      )}
      {notices.length === 0 ? (
        <EmptyState title="No notifications yet.">
          When something happens (a reservation, a complaint update, laundry ready, a Classroom deadline), you are told
          here.
        </EmptyState>
      ) : (
        <ol className="space-y-3" aria-label="Your notifications">
          {notices.map((n) => (
            <li
              key={n.id}
              className={`card p-4 ${n.read ? "" : "border-l-4 border-l-indigo-500 dark:border-l-indigo-400"}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="font-semibold">
                  {!n.read && <span className="sr-only">Unread: </span>}
                  {n.title}
                </h2>
                <time
                  dateTime={new Date(n.createdAt).toISOString()}
                  className="text-sm text-slate-600 dark:text-slate-400"
                >
                  {formatIndiaShortDateTime(n.createdAt)}
                </time>
              </div>
              <p className="mt-1 whitespace-pre-line break-words text-slate-700 dark:text-slate-300">{n.text}</p>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                {n.link && (
                  <Link to={n.link} className="text-sm font-semibold text-indigo-700 underline dark:text-indigo-300">
                    Open
                  </Link>
                )}
                {!n.read && (
                  <Form method="post">
                    <input type="hidden" name="id" value={n.id} />
                    <SubmitButton
                      busy={busy === `read${n.id}`}
                      busyLabel="Marking..."
                      className="btn-secondary min-h-10"
                      name="intent"
                      value={INTENTS.read}
                    >
                      Mark as read
                    </SubmitButton>
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      <PushPanel
        settings={push}
        categories={categories}
        result={actionData && actionData.intent === INTENTS["push-settings"] ? actionData : undefined}
        busy={busy === "push-settings"}
      />
      <DigestPanel
        on={push.digest}
        email={email}
        verified={verified}
        result={actionData && actionData.intent === INTENTS.digest ? actionData : undefined}
      />
      <ClassRemindersPanel
        on={push.classReminders}
        result={actionData && actionData.intent === INTENTS["class-reminders"] ? actionData : undefined}
      />
      <EventRemindersPanel
        on={push.eventReminders}
        result={actionData && actionData.intent === INTENTS["event-reminders"] ? actionData : undefined}
      />
      <CalendarFeed
        since={calendarSince}
        result={
          actionData &&
          (actionData.intent === INTENTS["calendar-reset"] || actionData.intent === INTENTS["calendar-stop"])
            ? actionData
            : undefined
        }
        busy={busy}
      />
    </>
  );
}

/** The private calendar feed: make, reset or stop the link; the link is shown once. */
function CalendarFeed({
  since,
  result,
  busy,
}: {
  since: number | null;
  result: { ok: boolean; message: string; calendarUrl?: string } | undefined;
  busy: string | null;
}) {
  const url = result?.ok ? result.calendarUrl : undefined;
  return (
    <section aria-labelledby="calendar-heading" className="card mt-8 p-5">
      <h2 id="calendar-heading" className="text-lg font-semibold">
        Calendar
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Your classes for the next two weeks, Google Classroom due dates and laundry bookings in Google Calendar or your
        phone&apos;s calendar: subscribe to your private link (in Google Calendar: Other calendars, then From URL).
      </p>
      {result && (
        <div className="mt-3">
          <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>
        </div>
      )}
      {url && (
        <Field
          id="calendar-url"
          label="Your calendar link"
          hint="Anyone with this link can read these dates. Keep it private; reset it if it was shared."
          className="mt-3"
        >
          <input
            readOnly
            value={url}
            className="input font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
        </Field>
      )}
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <SubmitButton
          busy={busy === "calendar-reset"}
          busyLabel="Making the link..."
          name="intent"
          value={INTENTS["calendar-reset"]}
        >
          {since === null ? "Make my calendar link" : "Reset the link"}
        </SubmitButton>
        {since !== null && (
          <SubmitButton
            busy={busy === "calendar-stop"}
            busyLabel="Stopping..."
            className="btn-secondary"
            name="intent"
            value={INTENTS["calendar-stop"]}
          >
            Stop the link
          </SubmitButton>
        )}
        {since !== null && !url && (
          <span className="text-sm text-slate-600 dark:text-slate-400">{`Link made on ${formatIndiaDate(since)}. A reset makes a new one and stops the old.`}</span>
        )}
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Notifications · Campus" },
  {
    name: "description",
    content:
      "Your notices on Campus: the marketplace, hostel, Classroom deadlines, lost & found and events, and which of them reach your phone.",
  },
];
