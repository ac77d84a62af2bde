import { ACCOUNT_FORM_LIMIT, type BodyLimitHandle } from "#common/body-limits.ts";
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { Badge, RouteError } from "#app/components/hostel/ui.tsx";
import { FieldError } from "#app/components/form-controls.tsx";
import { VerifiedStatus } from "#app/components/account/VerifiedStatus.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { attempt, attemptTold, type ActionResult } from "#app/lib/action-result.server.ts";
import { ConfirmName } from "#app/components/account/ConfirmName.tsx";
import { YOUR_DATA_INTENTS, YourData } from "#app/components/account/YourData.tsx";
import { yourDataAction } from "#app/lib/your-data.server.ts";
import { formatIndiaDateTime } from "#common/format.ts";
import { envOf, requireSession } from "#app/lib/session.server.ts";
import { ApiError } from "#server/lib/errors.ts";
import { parseWith } from "#server/lib/validate.ts";
import { clearedSessionCookie } from "#server/lib/session-token.ts";
import {
  ACCOUNT_MESSAGES,
  accountOverview,
  changePassword,
  endOtherSessions,
  endOwnSession,
  FRESH_SIGN_IN_MS,
  listSessions,
  nameSchema,
  passwordChangeSchema,
  saveName,
  type Secured,
  sessionIdSchema,
} from "#server/services/account.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import type { Route } from "./+types/account";
import { readForm } from "#app/lib/form.server.ts";

// The largest body this page's forms may send (the Worker entry enforces it: common/body-limits.ts).
export const handle: BodyLimitHandle = { bodyLimit: ACCOUNT_FORM_LIMIT };

export async function loader({ context }: Route.LoaderArgs) {
  const { user, sessionId } = await requireSession(context);
  const env = envOf(context);
  const [account, devices] = await Promise.all([accountOverview(env, user.id), listSessions(env, user.id, sessionId)]);
  if (!account) throw new Response("Not found", { status: 404 });
  const current = devices.find((d) => d.current);
  // An account without a password may add one only right after a Google sign-in (decision 0007).
  const canSetPassword =
    account.hasPassword || (current !== undefined && Date.now() - current.createdAt <= FRESH_SIGN_IN_MS);
  const member = {
    verified: user.verified,
    openCommunity: user.openCommunity,
    campusShortName: user.campusShortName,
    campusName: user.campusName,
  };
  return {
    account,
    devices,
    member,
    setPasswordHint: canSetPassword ? null : ACCOUNT_MESSAGES.needFreshSignIn,
    confirmName: user.confirmName,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { user, sessionId } = await requireSession(context);
  const env = envOf(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (YOUR_DATA_INTENTS.includes(intent)) return yourDataAction(context, request, { user, sessionId }, intent, form);
  switch (intent) {
    case "change-password":
      return attemptTold(intent, async () =>
        told(
          await changePassword(
            env,
            { userId: user.id, sessionId },
            parseWith(passwordChangeSchema, {
              currentPassword: form.get("currentPassword") ?? "",
              newPassword: form.get("newPassword"),
            }),
          ),
        ),
      );
    case "confirm-name":
      return attempt(intent, ACCOUNT_MESSAGES.nameSaved, () =>
        saveName(env, user.id, parseWith(nameSchema, { name: form.get("name") })),
      );
    case "sign-out-device": {
      const id = String(form.get("id") ?? "");
      if (id === sessionId) {
        // This device: the same as Logout.
        await endOwnSession(env, user.id, id);
        throw redirect("/login", { headers: { "Set-Cookie": clearedSessionCookie() } });
      }
      return attempt(intent, ACCOUNT_MESSAGES.signedOutDevice, async () =>
        endOwnSession(env, user.id, parseWith(sessionIdSchema, { id }).id),
      );
    }
    case "sign-out-others":
      return attemptTold(intent, async () => told(await endOtherSessions(env, user.id, sessionId)));
    default:
      return attempt(intent, "", () => Promise.reject(new ApiError(400, "Unknown action.")));
  }
}

/** Securing's answer as the screen shows it: the message, and a link to make a new calendar link when it was reset. */
const told = (secured: Secured) => ({ message: secured.message, details: { calendarReset: secured.calendarReset } });

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

export default function Account({ loaderData }: Route.ComponentProps) {
  const { account, devices, member, setPasswordHint, confirmName } = loaderData;
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const pendingId = navigation.state === "submitting" ? String(navigation.formData?.get("id") ?? "") : null;
  const passwordResult = result?.intent === "change-password" ? result : null;
  const nameResult = result?.intent === "confirm-name" ? result : null;
  const devicesResult =
    result &&
    result.intent !== "change-password" &&
    result.intent !== "confirm-name" &&
    !YOUR_DATA_INTENTS.includes(result.intent)
      ? result
      : null;
  const passwordForm = useRef<HTMLFormElement>(null);
  const fieldError = (name: string) =>
    passwordResult && !passwordResult.ok && passwordResult.field === name ? passwordResult.message : null;
  const others = devices.filter((d) => !d.current);

  // Emptied as soon as the success is shown (each answer is a new object), not after the reload.
  useEffect(() => {
    if (passwordResult?.ok) passwordForm.current?.reset();
  }, [passwordResult]);

  return (
    <>
      <PageIntro
        title="Your account"
        lead="Your details, your password, the devices that are signed in to Campus, and your data."
      />
      {confirmName && (
        <div className="mb-6">
          <ConfirmName name={account.name} error={nameResult && !nameResult.ok ? nameResult.message : null} />
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className="grid min-w-0 gap-6">
          <section aria-labelledby="profile-heading" className="card p-5">
            <h2 id="profile-heading" className="text-lg font-semibold">
              Profile
            </h2>
            {nameResult?.ok && (
              <div className="mt-4">
                <Alert tone="success">{nameResult.message}</Alert>
              </div>
            )}
            <dl className="mt-4 space-y-3 text-sm">
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Name</dt>
                <dd className="mt-0.5 break-words font-medium">{account.name}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">E-mail</dt>
                <dd className="mt-0.5 break-all font-medium">{account.email}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Campus</dt>
                {/* Decided by the address's domain at registration (decision 0073). */}
                <dd className="mt-0.5 break-words font-medium">{member.campusName}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">E-mail status</dt>
                <dd className="mt-1">
                  <VerifiedStatus
                    member={member}
                    email={account.email}
                    throughGoogle={account.verifiedThrough === "google"}
                  />
                </dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby="password-heading" className="card p-5">
            <h2 id="password-heading" className="text-lg font-semibold">
              {account.hasPassword ? "Change password" : "Set a password"}
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {account.hasPassword
                ? "Every other device is signed out when your password changes; this one stays signed in."
                : "You sign in with Google. A password lets you sign in with your e-mail too; every other device is signed out when you set it."}
            </p>
            {passwordResult && (
              <div className="mt-4">
                <Alert tone={passwordResult.ok ? "success" : "error"}>
                  {passwordResult.message}
                  <NewCalendarLink result={passwordResult} />
                </Alert>
              </div>
            )}
            {setPasswordHint ? (
              <div className="mt-4">
                <Alert tone="info">{setPasswordHint}</Alert>
              </div>
            ) : (
              <Form ref={passwordForm} method="post" preventScrollReset className="mt-4 space-y-4">
                <input type="hidden" name="intent" value="change-password" />
                {account.hasPassword && (
                  <div>
                    <label htmlFor="currentPassword" className="label">
                      Current password
                    </label>
                    <input
                      id="currentPassword"
                      name="currentPassword"
                      type="password"
                      autoComplete="current-password"
                      required
                      maxLength={200}
                      className="input"
                      aria-invalid={fieldError("currentPassword") ? true : undefined}
                      aria-describedby={fieldError("currentPassword") ? "currentPassword-error" : undefined}
                    />
                    <FieldError id="currentPassword" message={fieldError("currentPassword")} />
                  </div>
                )}
                <div>
                  <label htmlFor="newPassword" className="label">
                    New password
                  </label>
                  <input
                    id="newPassword"
                    name="newPassword"
                    type="password"
                    autoComplete="new-password"
                    required
                    minLength={8}
                    maxLength={200}
                    className="input"
                    aria-invalid={fieldError("newPassword") ? true : undefined}
                    aria-describedby={`newPassword-hint${fieldError("newPassword") ? " newPassword-error" : ""}`}
                  />
                  <p id="newPassword-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                    At least 8 characters.
                  </p>
                  <FieldError id="newPassword" message={fieldError("newPassword")} />
                </div>
                <PendingButton busy={pendingIntent === "change-password"} busyLabel="Saving..." className="btn-primary">
                  {account.hasPassword ? "Change password" : "Set password"}
                </PendingButton>
              </Form>
            )}
          </section>
        </div>

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
                    <input type="hidden" name="intent" value="sign-out-device" />
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
            <Form
              method="post"
              preventScrollReset
              className="mt-2 border-t border-slate-200 pt-4 dark:border-slate-800"
            >
              <input type="hidden" name="intent" value="sign-out-others" />
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

        <div className="min-w-0 lg:col-span-2">
          <YourData
            hasPassword={account.hasPassword}
            email={account.email}
            result={result ?? null}
            pendingIntent={pendingIntent}
          />
        </div>
      </div>
    </>
  );
}

/** After securing reset the calendar link (decision 0095): where to make a new one. */
function NewCalendarLink({ result }: { result: ActionResult }) {
  if (!result.ok || result.details?.calendarReset !== true) return null;
  return (
    <>
      {" "}
      <Link to="/notifications" className="font-semibold underline">
        Make a new calendar link
      </Link>
    </>
  );
}

/**
 * A submit button that reads busyLabel while its form is on the way. The label is the button's own
 * text, so the busy button keeps an accessible name (a status region inside a button gives it none).
 */
function PendingButton({
  busy,
  busyLabel,
  className,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Your account · Campus" },
  {
    name: "description",
    content: "Your Campus account: password, signed-in devices, and downloading or deleting your data.",
  },
];

export function ErrorBoundary() {
  return <RouteError title="Your account" />;
}
