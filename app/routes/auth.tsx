import { ACCOUNT_FORM_LIMIT, type BodyLimitHandle } from "#common/body-limits.ts";
import { useEffect, useRef, useState, type FormEvent } from "react";
import {
  Link,
  redirect,
  useActionData,
  useFetcher,
  useLocation,
  useNavigate,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { ApiError } from "#server/lib/errors.ts";
import { sessionCookie } from "#server/lib/session-token.ts";
import { loginSchema, register, registerSchema, signIn } from "#server/services/auth/sign-in.ts";
import {
  clearedHandoffCookie,
  googleCodeSchema,
  handoffBinding,
  signInWithHandoff,
} from "#server/services/auth/google.ts";
import { Alert, Spinner } from "#app/components/Alert.tsx";
import { Field } from "#app/components/Field.tsx";
import { WhoMayJoin } from "#app/components/auth/WhoMayJoin.tsx";
import { signupChoices } from "#server/services/campus.ts";
import { AUTH_CHANGE_EVENT } from "#app/lib/auth-change.ts";
import { fieldError } from "#app/lib/action-result.ts";
import { callerOf } from "#app/lib/caller.server.ts";
import {
  clearedRedirectCookie,
  documentPath,
  NEXT_PARAM,
  readRedirectCookie,
  redirectCookie,
  safeRedirectPath,
} from "#app/lib/redirect.ts";
import { envOf, getUser } from "#app/lib/session.server.ts";
import { AUTH_MESSAGES } from "#common/auth-messages.ts";
import { dropUrlToken } from "#app/lib/url-token.server.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import type { Route } from "./+types/auth";
import { readForm } from "#app/lib/form.server.ts";
import { refused, succeeded } from "#app/lib/action-result.server.ts";
import { type IntentOf, intents } from "#app/lib/intents.ts";

// The largest body this page's forms may send (the Worker entry enforces it: common/body-limits.ts).
export const handle: BodyLimitHandle = { bodyLimit: ACCOUNT_FORM_LIMIT };

export async function loader({ context, request }: Route.LoaderArgs) {
  dropUrlToken(request);
  const user = await getUser(context);
  takeNextParam(request, user !== null);
  if (user) throw redirect("/dashboard");
  return {
    hasRedirect: readRedirectCookie(request.headers.get("Cookie")) !== null,
    // Which colleges' addresses are accepted and what becomes of others, said before registering (decision 0123).
    signup: await signupChoices(envOf(context)),
  };
}

/**
 * `/login?next=/product/abc` (signInHref): the path goes into the redirect cookie and the address
 * loses it, so the cookie stays the one place the sign-in actions (password, register and the return
 * from Google, which leaves the site) read the target from. Someone already signed in goes there.
 */
function takeNextParam(request: Request, signedIn: boolean): void {
  const url = new URL(request.url);
  if (!url.searchParams.has(NEXT_PARAM)) return;
  const next = safeRedirectPath(url.searchParams.get(NEXT_PARAM));
  if (signedIn) throw redirect(next ?? "/dashboard");
  url.searchParams.delete(NEXT_PARAM);
  // A client-side navigation asks for /login.data: the redirect is to the page, not to its data.
  throw redirect(documentPath(url), {
    headers: { "Cache-Control": "no-store", ...(next ? { "Set-Cookie": redirectCookie(next) } : {}) },
  });
}

// The toggle's two sides (the form posts the side shown) and the one-time code back from Google.
// Anything else is the side of the address posted to (/register or /login), as it always was.
const INTENTS = intents("signin", "register", "google");

// The screen's one door for signing in and registering: the form posts here (never as a GET that
// would put the password in the address bar), with or without JavaScript, and this action sets the
// session cookie (the JSON API answers a token and sets none: decision 0009). Without JavaScript the
// answer is a redirect; the script submits through a fetcher with `via=script` and gets the target
// back, so it can show the success message and go there ~100 ms later.
export async function action({ context, request }: Route.ActionArgs) {
  const env = envOf(context);
  const form = await readForm(request);
  const viaScript = form.get("via") === "script";
  // The toggle's choice, or the address the form was posted to when a client sends no intent.
  const intent =
    form.get("intent") ??
    (new URL(request.url).pathname.toLowerCase().startsWith("/register") ? INTENTS.register : INTENTS.signin);
  const side: Side | "google" =
    intent === INTENTS.google ? INTENTS.google : intent === INTENTS.register ? INTENTS.register : INTENTS.signin;
  const caller = callerOf(context, request);
  try {
    const input = formInput(form);
    const started =
      side === "register"
        ? await register(env, caller, parseWith(registerSchema, input))
        : side === "signin"
          ? await signIn(env, caller, parseWith(loginSchema, input))
          : // Back from Google with a one-time code (/auth?code=...), redeemed only in the browser that
            // holds its handoff cookie.
            await signInWithHandoff(
              env,
              caller,
              handoffBinding(request.headers.get("Cookie")),
              parseWith(googleCodeSchema, input),
            );
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(started.token, started.expiresAt));
    if (side === "google") headers.append("Set-Cookie", clearedHandoffCookie());
    // The redirect-after-login value is used once: read here, cleared in the same answer.
    headers.append("Set-Cookie", clearedRedirectCookie());
    const target = readRedirectCookie(request.headers.get("Cookie")) ?? "/dashboard";
    const message = side === "register" ? AUTH_MESSAGES.registered : AUTH_MESSAGES.signedIn;
    if (viaScript) return succeeded(side, message, { target }, { headers });
    return redirect(target, { headers });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (side === "google") return refused(side, error);
    // What was typed comes back (never the password), so a slip costs one field, not the form.
    const typed = (key: string) => String(form.get(key) ?? "").slice(0, 254);
    const retryAfter =
      typeof error.extra.retryAfter === "number" ? { "Retry-After": String(error.extra.retryAfter) } : undefined;
    return refused(side, error, { details: { name: typed("name"), email: typed("email") }, headers: retryAfter });
  }
}

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

// After the sign-in fetcher this route's loader would redirect a now signed-in visitor to
// /dashboard at once; the screen goes to the remembered target itself, ~100 ms after the message.
// (The root loader still revalidates, so the top bar shows Logout.)
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod?.toUpperCase() === "POST") return false;
  return defaultShouldRevalidate;
}

type Side = Exclude<IntentOf<typeof INTENTS>, "google">;
const SIDES: { value: Side; label: string }[] = [
  { value: "signin", label: "Sign In" },
  { value: "register", label: "Register" },
];

const ERROR_AUTO_CLEAR_MS = 10_000;
const REDIRECT_DELAY_MS = 100;
// The specification's texts of the screen itself (what the server says is in common/auth-messages.ts).
const GOOGLE_START_FAILED = "Failed to redirect to Google login. Please try again.";
const UNEXPECTED_ERROR = "An unexpected error occurred";

export default function AuthScreen({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Without JavaScript (or before hydration) the form's answer arrives as action data.
  const actionData = useActionData<typeof action>();
  const noScriptAnswer = actionData && !actionData.ok ? actionData : undefined;
  const typedBefore = (key: "name" | "email") => {
    const value = noScriptAnswer?.details?.[key];
    return typeof value === "string" ? value : undefined;
  };
  const startSide = noScriptAnswer ? noScriptAnswer.intent : location.pathname.toLowerCase().slice(1);
  const [side, setSide] = useState<Side>(startSide === "register" ? "register" : "signin");
  // A Google redirect comes back with ?error=...: shown as given (rendered on the server too), as is
  // the answer to a form posted before JavaScript was ready.
  const [message, setMessage] = useState<{ text: string; tone: "error" | "success" } | null>(() => {
    const error = searchParams.get("error") ?? noScriptAnswer?.message;
    return error ? { text: error, tone: "error" } : null;
  });
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);

  // ...and then the URL is cleaned.
  useEffect(() => {
    if (searchParams.has("error")) navigate(location.pathname, { replace: true, preventScrollReset: true });
  }, [searchParams, navigate, location.pathname]);

  // Back from Google with a one-time code: it leaves the address bar at once and is exchanged for
  // the session cookie (no session token ever travels in a URL).
  const [googleCode] = useState(() => searchParams.get("code"));
  const [googleSigningIn, setGoogleSigningIn] = useState(googleCode !== null);
  const googleCodeUsed = useRef(false);

  // Errors clear themselves after 10 s, unless they announce a success.
  useEffect(() => {
    if (!message || message.text.includes("successful")) return;
    const timer = window.setTimeout(() => setMessage(null), ERROR_AUTO_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  // With JavaScript the form goes to the same action through a fetcher (the action sets the cookie).
  // Its answer is taken once, while rendering (each answer is a new object).
  const fetcher = useFetcher<typeof action>();
  const [answer, setAnswer] = useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data && fetcher.data !== answer) {
    setAnswer(fetcher.data);
    if (fetcher.data.ok) {
      setMessage({ text: fetcher.data.message, tone: "success" });
    } else {
      setMessage({ text: fetcher.data.message || UNEXPECTED_ERROR, tone: "error" });
      setSubmitting(false);
      setGoogleSigningIn(false);
    }
  }
  useEffect(() => {
    if (!answer) return;
    if (!answer.ok) {
      inFlight.current = false;
      return;
    }
    window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
    const target = answer.target;
    const timer = window.setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [answer, navigate]);

  // Back from Google with a one-time code: it leaves the address bar at once and goes to this
  // screen's action, which sets the session cookie (no session token ever travels in a URL).
  useEffect(() => {
    const code = googleCode;
    if (!code || googleCodeUsed.current) return;
    googleCodeUsed.current = true;
    window.history.replaceState(null, "", location.pathname);
    void fetcher.submit({ intent: INTENTS.google, code, via: "script" }, { method: "post", action: location.pathname });
  }, [googleCode, location.pathname, fetcher]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    setMessage(null);
    const form = new FormData(event.currentTarget);
    form.set("via", "script");
    void fetcher.submit(form, { method: "post", action: location.pathname });
  }

  function choose(next: Side) {
    setSide(next);
    setMessage(null);
  }

  function startGoogle() {
    try {
      window.location.assign("/api/google/auth?source=auth");
    } catch {
      setMessage({ text: GOOGLE_START_FAILED, tone: "error" });
    }
  }

  const registering = side === "register";
  // Registering, each field says what is wrong with it too (the banner above keeps the server's
  // message, as the specification has it); signing in has nothing a field could fix alone.
  const lastAnswer = answer ?? actionData;
  const problem = (name: string) =>
    registering && !submitting && lastAnswer?.intent === "register" ? fieldError(lastAnswer, name) : null;
  return (
    <div className="mx-auto max-w-md py-6 sm:py-10">
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">
          {registering ? "Create your account" : "Sign in to Campus"}
        </h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {loaderData.hasRedirect
            ? "Sign in to continue where you were going."
            : "One account for the marketplace, study swap and more."}
        </p>

        {/* Sign In | Register, as tabs over the one form; the arrow keys move between them. */}
        <div
          role="tablist"
          aria-label="Sign in or register"
          className="mt-6 grid grid-cols-2 rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
        >
          {SIDES.map((option) => (
            <button
              key={option.value}
              id={`tab-${option.value}`}
              type="button"
              role="tab"
              aria-selected={side === option.value}
              aria-controls="auth-form"
              tabIndex={side === option.value ? 0 : -1}
              onClick={() => choose(option.value)}
              onKeyDown={(event) => {
                if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
                  const next = side === "signin" ? "register" : "signin";
                  choose(next);
                  document.getElementById(`tab-${next}`)?.focus();
                }
              }}
              className={`min-h-10 rounded-lg text-sm font-semibold ${side === option.value ? "bg-white shadow-sm dark:bg-slate-950" : "text-slate-600 dark:text-slate-300"}`}
            >
              {option.label}
            </button>
          ))}
        </div>

        {googleSigningIn && !message && (
          <p className="mt-4 flex items-center gap-2 text-sm" aria-live="polite">
            <Spinner label="Signing you in" /> Signing you in with Google...
          </p>
        )}
        {message && (
          <div className="mt-4">
            <Alert tone={message.tone} onDismiss={() => setMessage(null)}>
              {message.text}
            </Alert>
          </div>
        )}

        <form
          id="auth-form"
          method="post"
          role="tabpanel"
          aria-labelledby={`tab-${side}`}
          onSubmit={onSubmit}
          className="mt-4 space-y-4"
          aria-busy={submitting}
        >
          <input type="hidden" name="intent" value={side} />
          {registering && (
            <Field name="name" label="Name" error={problem("name")}>
              <input type="text" required autoComplete="name" defaultValue={typedBefore("name")} />
            </Field>
          )}
          <Field
            name="email"
            label="E-mail"
            error={problem("email")}
            describedBy={registering ? "email-hint" : undefined}
          >
            {(control) => (
              <>
                <input
                  {...control}
                  type="email"
                  required
                  className="input"
                  autoComplete="email"
                  defaultValue={typedBefore("email")}
                />
                {registering && <WhoMayJoin choices={loaderData.signup} />}
              </>
            )}
          </Field>
          <Field
            name="password"
            label="Password"
            error={problem("password")}
            hint={registering ? "At least 8 characters." : undefined}
          >
            {(control) => (
              <>
                <input
                  {...control}
                  type="password"
                  required
                  className="input"
                  autoComplete={registering ? "new-password" : "current-password"}
                />
                {!registering && (
                  <p className="mt-1 text-right text-sm">
                    <Link
                      to="/reset-password"
                      className="font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
                    >
                      Forgot password?
                    </Link>
                  </p>
                )}
              </>
            )}
          </Field>
          <button type="submit" className="btn-primary w-full" disabled={submitting}>
            {submitting ? "Processing..." : registering ? "Register" : "Sign In"}
          </button>
        </form>

        <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          or
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        </div>
        <button type="button" onClick={startGoogle} className="btn-secondary w-full">
          {/* A file of its own (public/icons/), cached once: its four paths are no work for the page's script. */}
          <img src="/icons/google.svg" alt="" width={20} height={20} className="h-5 w-5" />
          Continue with Google
        </button>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ location }) => [
  { title: location.pathname.toLowerCase() === "/register" ? "Register · Campus" : "Sign in · Campus" },
  { name: "description", content: "Sign in to Campus or create your student account." },
];
