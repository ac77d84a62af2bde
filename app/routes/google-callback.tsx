import { useEffect, useRef } from "react";
import { useFetcher, useNavigate } from "react-router";
import { Spinner } from "#app/components/Alert.tsx";
import { refused, succeeded } from "#app/lib/action-result.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { GOOGLE_AUTH_ERROR, GOOGLE_AUTH_SUCCESS, storeGoogleToken } from "#app/lib/google.ts";
import { AUTH_FAILED } from "#common/google-messages.ts";
import { answerNetworkFailure } from "#app/lib/network-failure.ts";
import { envOf } from "#app/lib/session.server.ts";
import { dropUrlToken } from "#app/lib/url-token.server.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import {
  clearedHandoffCookie,
  exchangeClassroomHandoff,
  googleCodeSchema,
  handoffBinding,
} from "#server/services/auth/google.ts";
import type { Route } from "./+types/google-callback";

/** The window that opened this one, when it is a popup of our own page (never another site). */
function openerWindow(): Window | null {
  try {
    return window.opener && window.opener !== window ? (window.opener as Window) : null;
  } catch {
    return null;
  }
}

// Only a one-time code (from our own callback, bound to this browser's handoff cookie) connects
// Classroom; a ?token= in the URL is dropped before the page renders and never stored. The page's
// one sentence of its own is the server's (the Classroom overview says it too), handed over with the
// page rather than shipping the Google messages' module to it.
export function loader({ request }: Route.LoaderArgs) {
  dropUrlToken(request);
  return { authFailed: AUTH_FAILED };
}

// The one-time code becomes the encrypted Google token (the same service as POST
// /api/google/exchange), in the browser that holds the code's handoff cookie only.
export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    const { token } = await exchangeClassroomHandoff(
      envOf(context),
      handoffBinding(request.headers.get("Cookie")),
      parseWith(googleCodeSchema, formInput(form)),
    );
    return succeeded("exchange", "", { token }, { headers: { "Set-Cookie": clearedHandoffCookie() } });
  } catch (error) {
    if (error instanceof ApiError) return refused("exchange", error);
    throw error;
  }
}

// A connection that drops on the way: the screen's own failure ("Authentication failed...").
export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return answerNetworkFailure("exchange", serverAction);
}

export default function GoogleCallback({ loaderData }: Route.ComponentProps) {
  const { authFailed } = loaderData;
  const navigate = useNavigate();
  const started = useRef(false);
  const fetcher = useFetcher<typeof clientAction>();
  const answered = useRef(false);
  const opener = useRef<Window | null>(null);

  function fail(message: string) {
    if (opener.current) {
      opener.current.postMessage({ type: GOOGLE_AUTH_ERROR, error: message }, window.location.origin);
      window.close();
    }
    navigate(`/googleclassroom?error=${encodeURIComponent(message)}`, { replace: true });
  }

  // The action's answer, taken once.
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || answered.current) return;
    answered.current = true;
    if (!answer.ok || !("token" in answer)) {
      fail(authFailed);
      return;
    }
    storeGoogleToken(answer.token);
    if (opener.current) {
      opener.current.postMessage({ type: GOOGLE_AUTH_SUCCESS, token: answer.token }, window.location.origin);
      window.close();
    }
    navigate("/googleclassroom", { replace: true });
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    opener.current = openerWindow();
    // The one-time code leaves the address bar before anything else happens.
    window.history.replaceState(null, "", "/google/callback");
    const code = params.get("code");
    if (code) void fetcher.submit({ code }, { method: "post", action: "/google/callback" });
    else fail(params.get("error") || authFailed);
  });

  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center" aria-live="polite">
      <Spinner label="Connecting" />
      <h1 className="text-xl font-semibold">Authentication Successful!</h1>
      <p className="text-slate-600 dark:text-slate-400">Connecting to Google Classroom...</p>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Connecting to Google Classroom · Campus" },
  { name: "description", content: "Finishing Google sign-in." },
  { name: "robots", content: "noindex" },
];
