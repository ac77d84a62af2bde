import { Form } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { NewCalendarLink, PendingButton } from "#app/components/account/parts.tsx";
import { Badge } from "#app/components/hostel/ui.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { formatIndiaDateTime } from "#common/format.ts";
import type { SessionView } from "#server/services/account/settings.ts";
import { DEVICE_INTENTS } from "#app/components/account/account-intents.ts";

/** The signed-in devices of /account: sign one out, or every other one. */
export function Devices({
  devices,
  devicesResult,
  pendingIntent,
  pendingId,
}: {
  devices: SessionView[];
  /** The page's last answer when it was one of these forms'. */
  devicesResult: ActionResult | null;
  /** The intent and device id of the form on its way, if any. */
  pendingIntent: string | null;
  pendingId: string | null;
}) {
  const others = devices.filter((d) => !d.current);
  return (
    <section aria-labelledby="devices-heading" className="card min-w-0 p-5">
      <h2 id="devices-heading" className="text-lg font-semibold">
        Signed-in devices
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        If you see a device you do not recognise, sign it out and change your password.
      </p>
      {devicesResult && (
        <div className="mt-4">
          <Alert tone={devicesResult.ok ? "success" : "error"}>
            {devicesResult.message}
            <NewCalendarLink result={devicesResult} />
          </Alert>
        </div>
      )}
      <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
        {devices.map((device) => (
          <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <span className="break-words">{device.device}</span>
                {device.current && <Badge tone="indigo">This device</Badge>}
              </p>
              <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
                <span className="block sm:inline">
                  {device.current ? "Active now" : `Last active ${formatIndiaDateTime(device.lastSeenAt)}`}
                </span>{" "}
                <span aria-hidden="true" className="hidden sm:inline">
                  ·{" "}
                </span>
                <span className="block sm:inline">Signed in {formatIndiaDateTime(device.createdAt)}</span>
              </p>
            </div>
            {!device.current && (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value={DEVICE_INTENTS["sign-out-device"]} />
                <input type="hidden" name="id" value={device.id} />
                <PendingButton
                  busy={pendingIntent === "sign-out-device" && pendingId === device.id}
                  busyLabel="Signing out..."
                  className="btn-secondary min-h-10"
                >
                  Sign out
                  <span className="sr-only">
                    {" "}
                    {device.device}, signed in {formatIndiaDateTime(device.createdAt)}
                  </span>
                </PendingButton>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Form method="post" preventScrollReset className="mt-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <input type="hidden" name="intent" value={DEVICE_INTENTS["sign-out-others"]} />
          <PendingButton
            busy={pendingIntent === "sign-out-others"}
            busyLabel="Signing out..."
            className="btn-secondary w-full sm:w-auto"
          >
            Sign out everywhere else
          </PendingButton>
        </Form>
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No other device is signed in.</p>
      )}
    </section>
  );
}
