import { useEffect, useState } from "react";
import { Form } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import {
  DEVICE_ON,
  deviceKey,
  type NOTIFICATION_CATEGORIES,
  PUSH_NOT_SET_UP,
  type NotificationCategory,
} from "#common/notifications.ts";
import { NOTIFICATION_SETTING_INTENTS } from "#app/components/notifications/notification-intents.ts";
import { Field } from "#app/components/Field.tsx";

/**
 * Push notifications (docs/decisions/0091-web-push.md): turn them on or off for this device
 * (the browser's permission and subscription, then POST/DELETE /api/push/subscribe), and choose which
 * categories come as notifications and the quiet hours (a plain form to the page's action: works
 * without JavaScript).
 */
export function PushPanel({
  settings,
  categories,
  result,
  busy,
}: {
  settings: {
    muted: NotificationCategory[];
    quiet: { from: string; to: string } | null;
    devices: number;
    deviceKeys: string[];
  };
  /** The categories to choose from, with the page's data (common/notifications.ts). */
  categories: typeof NOTIFICATION_CATEGORIES;
  result: ActionResult | undefined;
  busy: boolean;
}) {
  const [quietOn, setQuietOn] = useState(settings.quiet !== null);
  return (
    <section aria-labelledby="push-heading" className="card mt-8 p-5">
      <h2 id="push-heading" className="text-lg font-semibold">
        Push notifications
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Everything above also reaches your phone or laptop as a notification, even with Campus closed.{" "}
        {settings.devices > 0
          ? `On for ${settings.devices} ${settings.devices === 1 ? "device" : "devices"}.`
          : "Not on for any device yet."}
      </p>
      <ThisDevice deviceKeys={settings.deviceKeys} />
      <Form method="post" className="mt-5 space-y-4">
        <fieldset>
          <legend className="text-sm font-semibold">Notify me about</legend>
          <div className="mt-2 space-y-2">
            {categories.map((category) => (
              <label key={category.id} className="flex items-start gap-3">
                <input
                  type="checkbox"
                  name={`category-${category.id}`}
                  defaultChecked={!settings.muted.includes(category.id)}
                  className="mt-1 h-5 w-5 shrink-0 accent-indigo-600"
                />
                <span>
                  <span className="font-medium">{category.label}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-400">{category.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-semibold">Quiet hours (India time)</legend>
          <label className="mt-2 flex items-center gap-3">
            <input
              type="checkbox"
              name="quiet"
              checked={quietOn}
              onChange={(event) => setQuietOn(event.currentTarget.checked)}
              className="h-5 w-5 accent-indigo-600"
            />
            <span>No notifications at night: they arrive when the quiet hours end</span>
          </label>
          <div className="mt-2 grid max-w-sm grid-cols-2 gap-3">
            {/* The form's quietFrom and quietTo are the schema's quiet.from and quiet.to (app/routes/notifications.tsx). */}
            <QuietTime
              name="quietFrom"
              label="From"
              on={quietOn}
              value={settings.quiet?.from ?? "23:00"}
              error={fieldError(result, "quiet.from")}
            />
            <QuietTime
              name="quietTo"
              label="To"
              on={quietOn}
              value={settings.quiet?.to ?? "07:00"}
              error={fieldError(result, "quiet.to")}
            />
          </div>
        </fieldset>
        {result && (result.ok || !result.field) && (
          <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>
        )}
        <SubmitButton
          busy={busy}
          busyLabel="Saving..."
          name="intent"
          value={NOTIFICATION_SETTING_INTENTS["push-settings"]}
        >
          Save notification settings
        </SubmitButton>
      </Form>
    </section>
  );
}

/** One end of the quiet hours: a time input, required only while quiet hours are on, with its own error. */
function QuietTime({
  name,
  label,
  on,
  value,
  error,
}: {
  name: string;
  label: string;
  on: boolean;
  value: string;
  error: string | null;
}) {
  return (
    <Field name={name} label={label} error={error}>
      <input type="time" required={on} disabled={!on} defaultValue={value} className="input disabled:opacity-50" />
    </Field>
  );
}

type DeviceState = "checking" | "unsupported" | "blocked" | "off" | "on" | "working";

function urlBase64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = (text + "=".repeat((4 - (text.length % 4)) % 4)).replaceAll("-", "+").replaceAll("_", "/");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/**
 * Whether this browser can take notifications, and whether the server sends them to it: a browser
 * may still hold a subscription the server has ended (signed out, "sign out everywhere", a new
 * password), which is then off until turned on again.
 */
async function detect(deviceKeys: string[]): Promise<DeviceState> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription();
  return subscription && deviceKeys.includes(await deviceKey(subscription.endpoint)) ? "on" : "off";
}

/** This browser's subscription: on, off, or why it cannot be. */
function ThisDevice({ deviceKeys }: { deviceKeys: string[] }) {
  const [state, setState] = useState<DeviceState>("checking");
  const [error, setError] = useState<string | null>(null);
  const keys = deviceKeys.join(",");

  useEffect(() => {
    let current = true;
    void detect(keys ? keys.split(",") : []).then((found) => {
      if (current) setState(found);
    });
    return () => {
      current = false;
    };
  }, [keys]);

  async function turnOn() {
    setError(null);
    setState("working");
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        setState("blocked");
        return;
      }
      const key = (await (await fetch("/api/push/key")).json()) as { publicKey?: string; message?: string };
      if (!key.publicKey) throw new Error(key.message ?? PUSH_NOT_SET_UP);
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: urlBase64ToBytes(key.publicKey),
      });
      const res = await fetch("/api/push/subscribe", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(subscription.toJSON()),
      });
      if (!res.ok) throw new Error(((await res.json()) as { message?: string }).message ?? "Please try again later.");
      setState("on");
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : "Please try again later.");
      setState("off");
    }
  }

  async function turnOff() {
    setError(null);
    setState("working");
    try {
      const subscription = await (await navigator.serviceWorker.ready).pushManager.getSubscription();
      if (subscription) {
        await fetch("/api/push/subscribe", {
          method: "DELETE",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ endpoint: subscription.endpoint }),
        });
        await subscription.unsubscribe();
      }
      setState("off");
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : "Please try again later.");
      setState("on");
    }
  }

  const text: Record<DeviceState, string> = {
    checking: "Checking this device…",
    unsupported:
      "This browser cannot show notifications from Campus. On an iPhone, add Campus to the home screen first.",
    blocked: "Notifications are blocked for Campus in this browser's settings.",
    off: "Notifications are off on this device.",
    on: DEVICE_ON,
    working: "One moment…",
  };
  return (
    <div
      className="mt-4 flex flex-col items-start gap-3 rounded-xl bg-slate-50 p-3 sm:flex-row sm:items-center dark:bg-slate-800/60"
      aria-live="polite"
    >
      <p className="min-w-0 text-sm sm:flex-1">{text[state]}</p>
      {state === "off" && (
        <button type="button" className="btn-primary" onClick={() => void turnOn()}>
          Turn on for this device
        </button>
      )}
      {state === "on" && (
        <button type="button" className="btn-secondary" onClick={() => void turnOff()}>
          Turn off for this device
        </button>
      )}
      {error && (
        <p className="w-full text-sm text-red-700 dark:text-red-300">{`Could not change notifications: ${error}`}</p>
      )}
    </div>
  );
}
