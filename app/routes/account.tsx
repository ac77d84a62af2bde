import { ACCOUNT_FORM_LIMIT, type BodyLimitHandle } from "#common/body-limits.ts";
import { Link, redirect, useActionData, useNavigation } from "react-router";
import { RouteError } from "#app/components/hostel/ui.tsx";
import { Devices } from "#app/components/account/Devices.tsx";
import { PasswordForm } from "#app/components/account/PasswordForm.tsx";
import { Profile } from "#app/components/account/Profile.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { attempt, attemptTold, type ActionResult } from "#app/lib/action-result.server.ts";
import { ConfirmName } from "#app/components/account/confirm-name.ts";
import { YourData } from "#app/components/account/YourData.tsx";
import { yourDataAction } from "#app/lib/your-data.server.ts";
import { envOf, requireSession } from "#app/lib/session.server.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { clearedSessionCookie } from "#server/lib/session-token.ts";
import { ACCOUNT_MESSAGES } from "#common/account-messages.ts";
import {
  accountPage,
  changePassword,
  endOtherSessions,
  FRESH_SIGN_IN_MS,
  nameSchema,
  passwordChangeSchema,
  saveName,
  type Secured,
  sessionIdSchema,
  signOutDevice,
} from "#server/services/account/settings.ts";
import { saveWhatsappNumber, whatsappProfileSchema } from "#server/services/account/whatsapp-number.ts";
import { WhatsappForm } from "#app/components/account/WhatsappForm.tsx";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import { ClassPicker } from "#app/components/timetable/ClassPicker.tsx";
import { TIMETABLE_MESSAGES } from "#common/timetable-messages.ts";
import { classChoiceSchema } from "#server/services/timetable/schema.ts";
import { chooseClass, readClassChoice } from "#server/services/timetable/student.ts";
import { EmailChange } from "#app/components/account/EmailChange.tsx";
import { EMAIL_CHANGE_MESSAGES } from "#common/account-messages.ts";
import { formatIndiaShortDateTime } from "#common/format.ts";
import { callerOf } from "#app/lib/caller.server.ts";
import {
  confirmEmailChange,
  emailChangeConfirmSchema,
  emailChangeSchema,
  requestEmailChange,
} from "#server/services/account/email-change.ts";
import type { Route } from "./+types/account";
import { readForm } from "#app/lib/form.server.ts";
import { dispatch } from "#app/lib/actions.server.ts";
import { isIntent, mergeIntents } from "#app/lib/intents.ts";
import {
  CONFIRM_NAME_INTENTS,
  DEVICE_INTENTS,
  EMAIL_CHANGE_INTENTS,
  PASSWORD_INTENTS,
  WHATSAPP_INTENTS,
  YOUR_DATA_INTENTS,
} from "#app/components/account/account-intents.ts";
import { CLASS_CHOICE_INTENTS } from "#app/components/timetable/timetable-intents.ts";

// The largest body this page's forms may send (the Worker entry enforces it: common/body-limits.ts).
export const handle: BodyLimitHandle = { bodyLimit: ACCOUNT_FORM_LIMIT };

export async function loader({ context }: Route.LoaderArgs) {
  const { user, sessionId } = await requireSession(context);
  const env = envOf(context);
  // Two D1 batches beside the session: the details and devices, and the class with its college's classes.
  const [{ account, devices, pendingEmailChange }, classChoice] = await Promise.all([
    accountPage(env, user.id, sessionId),
    readClassChoice(env, user),
  ]);
  if (!account) throw new Response("Not found", { status: 404 });
  const current = devices.find((d) => d.current);
  // An account without a password may add one, or change its address, only right after a Google
  // sign-in (decisions 0007, 0123).
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
    emailChangeHint: canSetPassword ? null : EMAIL_CHANGE_MESSAGES.needFreshSignIn,
    pendingEmailChange: pendingEmailChange && {
      email: pendingEmailChange.email,
      until: formatIndiaShortDateTime(pendingEmailChange.expiresAt),
    },
    confirmName: user.confirmName,
    classChoice,
  };
}

// The account's forms, each rendered by a component (app/components/account/account-intents.ts).
const INTENTS = mergeIntents(
  PASSWORD_INTENTS,
  CONFIRM_NAME_INTENTS,
  WHATSAPP_INTENTS,
  DEVICE_INTENTS,
  EMAIL_CHANGE_INTENTS,
  YOUR_DATA_INTENTS,
  CLASS_CHOICE_INTENTS,
);

export async function action({ context, request }: Route.ActionArgs) {
  const { user, sessionId } = await requireSession(context);
  const env = envOf(context);
  const form = await readForm(request);
  const own = { userId: user.id, sessionId };
  const yourData = (intent: string) => yourDataAction(context, request, { user, sessionId }, intent, form);
  // The same use-case and schema as PUT /api/auth/whatsapp; removing sends an empty number.
  const whatsapp = (intent: string, number: FormDataEntryValue | null) =>
    attemptTold(intent, async () => ({
      message: (await saveWhatsappNumber(env, user.id, parseWith(whatsappProfileSchema, { whatsappNumber: number })))
        .message,
    }));
  return dispatch(form, INTENTS, {
    "delete-account": yourData,
    "send-delete-code": yourData,
    "change-password": (intent) =>
      attemptTold(intent, async () =>
        told(await changePassword(env, own, parseWith(passwordChangeSchema, formInput(form)))),
      ),
    "confirm-name": (intent) =>
      attempt(intent, ACCOUNT_MESSAGES.nameSaved, () => saveName(env, user.id, parseWith(nameSchema, formInput(form)))),
    whatsapp: (intent) => whatsapp(intent, form.get("whatsappNumber")),
    "whatsapp-remove": (intent) => whatsapp(intent, ""),
    "sign-out-device": (intent) =>
      attemptTold(intent, async () => {
        const { current, message } = await signOutDevice(env, own, parseWith(sessionIdSchema, formInput(form)));
        // This device: the same as Logout.
        if (current) throw redirect("/login", { headers: { "Set-Cookie": clearedSessionCookie() } });
        return { message };
      }),
    choose: (intent) =>
      attemptTold(intent, async () => ({
        message: TIMETABLE_MESSAGES.classChosen(
          (await chooseClass(env, user, parseWith(classChoiceSchema, formInput(form)))).label,
        ),
      })),
    // The same use-cases and schemas as POST /api/auth/email-change and /confirm (decision 0123).
    "email-change": (intent) =>
      attemptTold(intent, async () => ({
        message: (
          await requestEmailChange(
            env,
            callerOf(context, request),
            { member: user, sessionId },
            parseWith(emailChangeSchema, formInput(form)),
          )
        ).message,
      })),
    "email-change-confirm": (intent) =>
      attemptTold(intent, async () => {
        const changed = await confirmEmailChange(
          env,
          callerOf(context, request),
          { member: user, sessionId },
          parseWith(emailChangeConfirmSchema, formInput(form)),
        );
        return { message: changed.message, details: { calendarReset: changed.calendarReset } };
      }),
    "sign-out-others": (intent) => attemptTold(intent, async () => told(await endOtherSessions(env, own))),
  });
}

/** Securing's answer as the screen shows it: the message, and a link to make a new calendar link when it was reset. */
const told = (secured: Secured) => ({ message: secured.message, details: { calendarReset: secured.calendarReset } });

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

export default function Account({ loaderData }: Route.ComponentProps) {
  const { account, devices, member, setPasswordHint, emailChangeHint, pendingEmailChange, confirmName, classChoice } =
    loaderData;
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const pendingId = navigation.state === "submitting" ? String(navigation.formData?.get("id") ?? "") : null;
  const passwordResult = result?.intent === INTENTS["change-password"] ? result : null;
  const nameResult = result?.intent === INTENTS["confirm-name"] ? result : null;
  const devicesResult =
    result &&
    result.intent !== INTENTS["change-password"] &&
    result.intent !== INTENTS["confirm-name"] &&
    result.intent !== INTENTS.choose &&
    !isIntent(WHATSAPP_INTENTS, result.intent) &&
    !isIntent(EMAIL_CHANGE_INTENTS, result.intent) &&
    !isIntent(YOUR_DATA_INTENTS, result.intent)
      ? result
      : null;

  const emailChange = (
    <EmailChange
      email={account.email}
      openCommunity={member.openCommunity}
      hasPassword={account.hasPassword}
      blockedHint={emailChangeHint}
      pending={pendingEmailChange}
      result={result && isIntent(EMAIL_CHANGE_INTENTS, result.intent) ? result : null}
      busyIntent={isIntent(EMAIL_CHANGE_INTENTS, pendingIntent) ? pendingIntent : null}
    />
  );

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
      {/* A member of the Open community is told first how to join their college (decision 0123). */}
      {member.openCommunity && <div className="mb-6">{emailChange}</div>}
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className="grid min-w-0 gap-6">
          <Profile account={account} member={member} nameSaved={nameResult?.ok ? nameResult.message : null} />
          {!member.openCommunity && emailChange}
          <div id="class" className="grid gap-2">
            <ClassPicker
              heading={classChoice.chosen ? `Your class: ${classChoice.chosen.label}` : "Your class"}
              className="card space-y-3 p-5"
              classes={classChoice.classes}
              chosen={classChoice.chosen?.id ?? ""}
              result={result?.intent === INTENTS.choose ? result : null}
            />
            <p className="px-1 text-sm text-slate-600 dark:text-slate-400">
              Your timetable and attendance follow the class you choose.{" "}
              <Link to="/timetable" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
                Open my timetable
              </Link>{" "}
              ·{" "}
              <Link to="/grades" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
                My grades, SGPA and CGPA
              </Link>
            </p>
          </div>
          <WhatsappForm
            number={account.whatsappNumber}
            result={result && isIntent(WHATSAPP_INTENTS, result.intent) ? result : null}
            busyIntent={pendingIntent?.startsWith("whatsapp") ? pendingIntent : null}
          />
          <PasswordForm
            hasPassword={account.hasPassword}
            passwordResult={passwordResult}
            setPasswordHint={setPasswordHint}
            busy={pendingIntent === "change-password"}
          />
        </div>

        <Devices devices={devices} devicesResult={devicesResult} pendingIntent={pendingIntent} pendingId={pendingId} />

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
