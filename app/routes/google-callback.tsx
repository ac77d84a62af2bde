import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { Spinner } from "#app/components/Alert.tsx";
import { AUTH_FAILED, GOOGLE_AUTH_ERROR, GOOGLE_AUTH_SUCCESS, googleApi, storeGoogleToken } from "#app/lib/google.ts";
import { dropUrlToken } from "#app/lib/url-token.server.ts";
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
// Classroom; a ?token= in the URL is dropped before the page renders and never stored.
export function loader({ request }: Route.LoaderArgs) {
  dropUrlToken(request);
  return null;
}

export default function GoogleCallback() {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const origin = window.location.origin;
    const opener = openerWindow();

    function fail(message: string) {
      if (opener) {
        opener.postMessage({ type: GOOGLE_AUTH_ERROR, error: message }, origin);
        window.close();
      }
      navigate(`/googleclassroom?error=${encodeURIComponent(message)}`, { replace: true });
    }

    function succeed(token: string) {
      storeGoogleToken(token);
      if (opener) {
        opener.postMessage({ type: GOOGLE_AUTH_SUCCESS, token }, origin);
        window.close();
      }
      navigate("/googleclassroom", { replace: true });
    }

    // The one-time code leaves the address bar before anything else happens.
    window.history.replaceState(null, "", "/google/callback");
    const code = params.get("code");
    if (code) {
      googleApi<{ token: string }>("/exchange", { method: "POST", body: { code } }).then(
        ({ data }) => succeed(data.token),
        () => fail(AUTH_FAILED),
      );
    } else {
      fail(params.get("error") || AUTH_FAILED);
    }
  }, [navigate]);

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
