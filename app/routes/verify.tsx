import { ACCOUNT_FORM_LIMIT, type BodyLimitHandle } from "#common/body-limits.ts";
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { CodeField } from "#app/components/CodeField.tsx";
import { refused, succeeded, type ActionResult } from "#app/lib/action-result.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { callerOf } from "#app/lib/caller.server.ts";
import { safeRedirectPath } from "#app/lib/redirect.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { OPEN_COMMUNITY_NEEDS_NO_CODE } from "#common/auth-messages.ts";
import { verifiedBadge } from "#common/membership.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { resendVerification, verifyEmail, verifySchema } from "#server/services/auth/verification.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import type { Route } from "./+types/verify";
import { VERIFY_INTENTS as V } from "#app/components/verify-intents.ts";

// The e-mailed code's screen (docs/decisions/0075). Its action also serves the VerifyBanner shown
// on gated screens, which posts here with a fetcher; the page itself is the same form for a direct
// visit or a browser without JavaScript.

/** Where to go once verified: a same-site path (never /login and the like), else the dashboard. */
function returnPath(value: FormDataEntryValue | string | null | undefined): string {
  return safeRedirectPath(typeof value === "string" ? value : null) ?? "/dashboard";
}

// The largest body this page's forms may send (the Worker entry enforces it: common/body-limits.ts).
export const handle: BodyLimitHandle = { bodyLimit: ACCOUNT_FORM_LIMIT };

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return {
    email: user.email,
    campusName: user.campusName,
    badge: verifiedBadge(user.campusShortName),
    state: user.openCommunity ? ("open" as const) : user.verified ? ("verified" as const) : ("unverified" as const),
    returnTo: returnPath(new URL(request.url).searchParams.get("returnTo")),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  const form = await readForm(request);
  const intent = form.get("intent") === V.resend ? V.resend : V.verify;
  // Kept through a refusal: without JavaScript the answer is this page, whose loader cannot see it.
  const returnTo = returnPath(form.get("returnTo"));
  const caller = callerOf(context, request);
  try {
    if (intent === V.resend)
      return succeeded(intent, await resendVerification(env, caller, user), { details: { returnTo } });
    await verifyEmail(env, caller, user, parseWith(verifySchema, formInput(form)));
    // Back where the student was, now allowed to act (a fetcher follows the redirect too, so the
    // banner's page reloads with the action in place of the banner).
    return redirect(returnTo);
  } catch (error) {
    if (error instanceof ApiError) {
      const retryAfter =
        typeof error.extra.retryAfter === "number" ? { "Retry-After": String(error.extra.retryAfter) } : undefined;
      return refused(intent, error, { details: { returnTo }, headers: retryAfter });
    }
    throw error;
  }
}

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

export default function Verify({ loaderData }: Route.ComponentProps) {
  const { email, campusName, badge, state } = loaderData;
  const result = useActionData<ActionResult>();
  const answeredReturnTo = result?.details?.returnTo;
  const returnTo = typeof answeredReturnTo === "string" ? answeredReturnTo : loaderData.returnTo;
  const navigation = useNavigation();
  const busyIntent =
    navigation.state === "submitting" && navigation.formAction?.startsWith("/verify")
      ? String(navigation.formData?.get("intent") ?? "")
      : null;
  const codeError = result && !result.ok && result.intent === V.verify ? result.message : null;
  return (
    <div className="mx-auto max-w-md py-6 sm:py-10">
      <div className="card p-6 sm:p-8">
        {/* A non-breaking hyphen: "e-" alone at a line's end on a phone. */}
        <h1 className="text-2xl font-bold tracking-tight">Verify your college e‑mail</h1>
        {state === "unverified" ? (
          <>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              We e-mailed a 6-digit code to{" "}
              <strong className="break-all text-slate-900 dark:text-slate-100">{email}</strong>. Enter it to prove you
              study at {campusName}. A code works for 15 minutes.
            </p>
            {result && !codeError && (
              <div className="mt-4">
                <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>
              </div>
            )}
            <Form method="post" action="/verify" className="mt-5 space-y-4" aria-busy={busyIntent !== null}>
              <input type="hidden" name="returnTo" value={returnTo} />
              <CodeField id="verify-code" label="Verification code" error={codeError} />
              <div className="flex flex-wrap gap-2">
                <button
                  type="submit"
                  name="intent"
                  value={V.verify}
                  className="btn-primary flex-1"
                  disabled={busyIntent !== null}
                  aria-disabled={busyIntent !== null}
                >
                  {busyIntent === V.verify ? "Verifying..." : "Verify"}
                </button>
                {/* formNoValidate: asking for a new code needs no code typed. */}
                <button
                  type="submit"
                  name="intent"
                  value={V.resend}
                  formNoValidate
                  className="btn-secondary flex-1"
                  disabled={busyIntent !== null}
                  aria-disabled={busyIntent !== null}
                >
                  {busyIntent === V.resend ? "Sending..." : "Send a new code"}
                </button>
              </div>
            </Form>
            <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">
              No e-mail? Look in the spam folder, or send a new code (one a minute).
            </p>
          </>
        ) : (
          <>
            <div className="mt-4">
              <Alert tone="success">
                {state === "verified"
                  ? `Your e-mail ${email} is verified: you are a ${badge}.`
                  : OPEN_COMMUNITY_NEEDS_NO_CODE}
              </Alert>
            </div>
            <Link to={returnTo} className="btn-primary mt-5 w-full">
              Continue
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Verify your e-mail · Campus" },
  { name: "robots", content: "noindex" },
];
