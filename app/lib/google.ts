// The browser side of Google Classroom: where the "Google token" lives (an encrypted JWE only our
// Worker can open, kept in localStorage as the specification keeps it in browser storage), keeping
// and forgetting it (the root's Logout does), and the hint cookie for the server. The root loads this
// module on every page, so what only /googleclassroom uses stays in its own modules. The screens'
// texts are in common/google-messages.ts. The screens reach the server through their routes'
// actions (the Google token travels in the posted form), never through /api.

import { readCookie, setCookie } from "#common/cookies.ts";

export const GOOGLE_TOKEN_KEY = "googleToken";
export const GOOGLE_AUTH_SUCCESS = "GOOGLE_AUTH_SUCCESS";
export const GOOGLE_AUTH_ERROR = "GOOGLE_AUTH_ERROR";

// A hint for the server, not a secret: "this browser holds a Classroom token". Without it the
// Classroom page is rendered straight away in its "Connect" state (its largest paint needs no script);
// with it the page starts with "Checking..." until the stored token is verified.
export const GOOGLE_HINT_COOKIE = "campus_gc";

function setHint(present: boolean): void {
  try {
    const secure = window.location.protocol === "https:";
    document.cookie = setCookie(GOOGLE_HINT_COOKIE, present ? "1" : "", { maxAge: present ? 31536000 : 0, secure });
  } catch {
    // no cookies: the page verifies after hydration, as before
  }
}

/** Whether a request's cookies say the browser may hold a Classroom token. */
export function hasGoogleHint(cookieHeader: string | null): boolean {
  return readCookie(cookieHeader, GOOGLE_HINT_COOKIE) === "1";
}

export function storeGoogleToken(token: string): void {
  try {
    window.localStorage.setItem(GOOGLE_TOKEN_KEY, token);
    setHint(true);
  } catch {
    // Private mode without storage: the connection lasts for this page only.
  }
}

export function clearGoogleToken(): void {
  try {
    window.localStorage.removeItem(GOOGLE_TOKEN_KEY);
  } catch {
    // nothing stored
  }
  try {
    setHint(false);
  } catch {
    // nothing stored
  }
}
