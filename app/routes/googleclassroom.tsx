import { Alert, Spinner } from "#app/components/Alert.tsx";
import { ClassroomConnected } from "#app/components/classroom/ClassroomConnected.tsx";
import type { ClassroomActionData } from "#app/components/classroom/types.ts";
import { useClassroomConnection } from "#app/components/classroom/useClassroomConnection.ts";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { classroomOverview } from "#server/services/classroom/overview.ts";
import {
  disableReminders,
  enableRemindersSchema,
  googleTokenSchema,
  turnOnReminders,
} from "#server/services/classroom/connection.ts";
import { GOOGLE_MESSAGES } from "#common/google-messages.ts";
import { remindersOverview } from "#server/services/classroom/reminders.ts";
import { hasGoogleHint } from "#app/lib/google.ts";
import { readForm } from "#app/lib/form.server.ts";
import { refused, succeeded } from "#app/lib/action-result.server.ts";
import { envOf, getUser, requireUser } from "#app/lib/session.server.ts";
import { dropUrlToken } from "#app/lib/url-token.server.ts";
import type { Route } from "./+types/googleclassroom";
import { CLASSROOM_INTENTS } from "#app/components/classroom/classroom-intents.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  // ?token= is never taken from the URL (a link could plant someone else's Classroom): dropped here.
  dropUrlToken(request);
  const user = await getUser(context);
  // No token hint (app/lib/google.ts): render "Connect" at once.
  const mayBeConnected = hasGoogleHint(request.headers.get("Cookie"));
  if (!user) return { user: null, mayBeConnected, reminders: null };
  const env = envOf(context);
  const { enabled, reminders: list } = await remindersOverview(env, user.id);
  return { user: { email: user.email, name: user.name }, mayBeConnected, reminders: { enabled, list } };
}

// The Google token lives in the browser, so the screen posts it: one "overview" read (the token opened
// once, courses and their work fetched together on the server), and reminders on or off.
export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const input = formInput(form);
  const intent = input.intent;
  const env = envOf(context);
  try {
    if (intent === CLASSROOM_INTENTS.overview) {
      const overview = await classroomOverview(env, parseWith(googleTokenSchema, input));
      return overview.valid
        ? succeeded(CLASSROOM_INTENTS.overview, "", overview)
        : succeeded(CLASSROOM_INTENTS.overview, "", { valid: false as const });
    }
    if (intent === CLASSROOM_INTENTS.enable || intent === CLASSROOM_INTENTS.disable) {
      const user = await requireUser(context);
      if (intent === CLASSROOM_INTENTS.disable) {
        await disableReminders(env, user.id);
        return succeeded(CLASSROOM_INTENTS.disable, GOOGLE_MESSAGES.remindersOff);
      }
      // The screen's student is the session's: reminders for their own e-mail.
      const enable = parseWith(enableRemindersSchema, { userId: user.email, ...input });
      const { message, newToken } = await turnOnReminders(env, user, enable);
      return succeeded(CLASSROOM_INTENTS.enable, message, { newToken });
    }
    throw new ApiError(400, GOOGLE_MESSAGES.tokenMissing);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return refused(typeof intent === "string" && intent ? intent : "unknown", error);
  }
}

// A request that never got an answer (offline, a timeout) is an answer too: the screen says so.
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ClassroomActionData> {
  try {
    return (await serverAction()) as ClassroomActionData;
  } catch (error) {
    if (error instanceof Response) throw error;
    return { intent: "unknown", ok: false, status: 0, message: "" };
  }
}

export default function GoogleClassroom({ loaderData }: Route.ComponentProps) {
  const classroom = useClassroomConnection(loaderData.mayBeConnected);
  const { status, message, setMessage, connecting, token, googleUser } = classroom;

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
          <Spinner
            label={status === "verifying" ? "Verifying your Google connection" : "Checking your Google connection"}
          />
          <p>
            {status === "verifying"
              ? "Verifying your Google Classroom connection..."
              : "Checking your Google Classroom connection..."}
          </p>
        </div>
      )}
      {status === "disconnected" && (
        <section className="card p-6 sm:p-8" aria-labelledby="connect-heading">
          <h2 id="connect-heading" className="text-xl font-semibold">
            Connect your Google Classroom
          </h2>
          <p className="mt-2 max-w-prose text-slate-600 dark:text-slate-400">
            See every course and assignment with its deadline, sorted by what is due first, and get reminders 24 hours
            before a deadline and on the due day. Campus only reads your classes; it never posts or hands anything in
            for you.
          </p>
          <button
            type="button"
            onClick={classroom.connect}
            disabled={connecting}
            className="btn-primary mt-5 w-full sm:w-auto"
          >
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
        <ClassroomConnected
          token={token}
          googleUser={googleUser}
          campusUser={loaderData.user}
          overview={classroom.overview}
          reminders={loaderData.reminders}
          keepToken={classroom.keepToken}
          onReload={classroom.reload}
          onDisconnect={() => {
            classroom.disconnect();
            setMessage({ text: "Google Classroom is disconnected. Connect again any time.", tone: "success" });
          }}
        />
      )}
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Google Classroom · Campus" },
  { name: "description", content: "Your Google Classroom courses, assignments and deadline reminders." },
];
