import { ACCOUNT_FORM_LIMIT, type BodyLimitHandle } from "#common/body-limits.ts";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { CodeField } from "#app/components/CodeField.tsx";
import { Field } from "#app/components/Field.tsx";
import { refused, succeeded, type ActionResult } from "#app/lib/action-result.server.ts";
import { fieldError } from "#app/lib/action-result.ts";
import { callerOf } from "#app/lib/caller.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { envOf } from "#app/lib/session.server.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import {
  confirmPasswordReset,
  requestPasswordReset,
  resetConfirmSchema,
  resetRequestSchema,
} from "#server/services/auth/password-reset.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import type { Route } from "./+types/reset-password";
import { intents } from "#app/lib/intents.ts";

// "Forgot password?" (docs/decisions/0075): ask for a code, then enter it with a new password. Two
// intents on one action; the page is what the last answer says, so it works without JavaScript.

// The largest body this page's forms may send (the Worker entry enforces it: common/body-limits.ts).
export const handle: BodyLimitHandle = { bodyLimit: ACCOUNT_FORM_LIMIT };

export async function loader({ request }: Route.LoaderArgs) {
  // "I already have a code" opens the second step directly.
  return { haveCode: new URL(request.url).searchParams.get("step") === "code" };
}

// The two steps' forms: a code by e-mail, then the code with the new password. Anything else posted
// asks for a code, as it always did.
const INTENTS = intents("request", "confirm");

export async function action({ context, request }: Route.ActionArgs) {
  const env = envOf(context);
  const form = await readForm(request);
  const intent = form.get("intent") === INTENTS.confirm ? INTENTS.confirm : INTENTS.request;
  const caller = callerOf(context, request);
  const typedEmail = String(form.get("email") ?? "").slice(0, 254);
  try {
    if (intent === INTENTS.request) {
      const input = parseWith(resetRequestSchema, formInput(form));
      return succeeded(intent, await requestPasswordReset(env, caller, input), { details: { email: input.email } });
    }
    return succeeded(intent, await confirmPasswordReset(env, caller, parseWith(resetConfirmSchema, formInput(form))));
  } catch (error) {
    if (error instanceof ApiError) {
      const retryAfter =
        typeof error.extra.retryAfter === "number" ? { "Retry-After": String(error.extra.retryAfter) } : undefined;
      return refused(intent, error, { details: { email: typedEmail }, headers: retryAfter });
    }
    throw error;
  }
}

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formAction?.startsWith("/reset-password")
      ? String(navigation.formData?.get("intent") ?? "")
      : null;
  const done = result?.intent === INTENTS.confirm && result.ok;
  // The code step once a code was asked for (or a wrong one was tried), or when the link says so.
  const codeStep =
    loaderData.haveCode || (result?.intent === INTENTS.request && result.ok) || result?.intent === INTENTS.confirm;
  const email = typeof result?.details?.email === "string" ? result.details.email : "";
  const otherError = result && !result.ok && !result.field ? result.message : null;
  return (
    <div className="mx-auto max-w-md py-6 sm:py-10">
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">Reset your password</h1>
        {done ? (
          <>
            <div className="mt-4">
              <Alert tone="success">{result.message}</Alert>
            </div>
            <Link to="/login" className="btn-primary mt-5 w-full">
              Sign in
            </Link>
          </>
        ) : codeStep ? (
          <>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              Enter the 6-digit code from the e-mail and choose a new password. Every device signed in to your account
              will be signed out.
            </p>
            {result?.ok && (
              <div className="mt-4">
                <Alert tone="success">{result.message}</Alert>
              </div>
            )}
            {otherError && (
              <div className="mt-4">
                <Alert tone="error">{otherError}</Alert>
              </div>
            )}
            <Form method="post" className="mt-5 space-y-4" aria-busy={busy !== null}>
              <input type="hidden" name="intent" value={INTENTS.confirm} />
              <EmailField email={email} error={fieldError(result, "email")} />
              <CodeField id="reset-code" label="Code from the e-mail" error={fieldError(result, "code")} />
              <Field
                id="reset-password"
                name="password"
                label="New password"
                hint="At least 8 characters."
                error={fieldError(result, "password")}
              >
                <input type="password" autoComplete="new-password" required minLength={8} maxLength={200} />
              </Field>
              <button
                type="submit"
                className="btn-primary w-full"
                disabled={busy !== null}
                aria-disabled={busy !== null}
              >
                {busy === INTENTS.confirm ? "Saving..." : "Set new password"}
              </button>
            </Form>
            <p className="mt-4 text-sm">
              <Link
                to="/reset-password"
                className="font-semibold text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
              >
                Send a new code
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              Enter the e-mail address of your account and we will e-mail you a 6-digit code to set a new password.
            </p>
            {otherError && (
              <div className="mt-4">
                <Alert tone="error">{otherError}</Alert>
              </div>
            )}
            <Form method="post" className="mt-5 space-y-4" aria-busy={busy !== null}>
              <input type="hidden" name="intent" value={INTENTS.request} />
              <EmailField email={email} error={fieldError(result, "email")} />
              <button
                type="submit"
                className="btn-primary w-full"
                disabled={busy !== null}
                aria-disabled={busy !== null}
              >
                {busy === INTENTS.request ? "Sending..." : "Send code"}
              </button>
            </Form>
            <p className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
              <Link
                to="/reset-password?step=code"
                className="font-semibold text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
              >
                I already have a code
              </Link>
              <Link
                to="/login"
                className="font-semibold text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
              >
                Back to sign in
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Reset your password · Campus" },
  { name: "description", content: "Set a new Campus password with a code e-mailed to you." },
];

/** The address, in both steps: typed in the first, carried (and correctable) into the second. */
function EmailField({ email, error }: { email: string; error: string | null | undefined }) {
  return (
    <Field id="reset-email" name="email" label="E-mail" error={error ?? null}>
      <input type="email" autoComplete="email" required defaultValue={email} maxLength={254} />
    </Field>
  );
}
