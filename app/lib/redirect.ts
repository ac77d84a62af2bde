// The "redirect-after-login" value: a short-lived cookie holding a same-site path, set when a
// signed-out visitor is sent to /login and used once after sign-in.

import { readCookie, setCookie } from "#common/cookies.ts";

export const REDIRECT_COOKIE = "campus_next";
const REDIRECT_MAX_AGE = 900;

/**
 * A path on this site, or null for anything that could leave it (//evil.example, https://...). URL
 * parsers drop tabs and newlines and read a backslash as "/", so "/\t/evil.example" is "//evil.example":
 * control characters and backslashes are refused anywhere.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex
  if (!value || /[\u0000-\u001f\u007f\\]/.test(value) || !value.startsWith("/") || value.startsWith("//")) return null;
  if (/^\/(auth|login|register|logout)(\/|\?|$)/i.test(value)) return null;
  return value;
}

export function readRedirectCookie(cookieHeader: string | null): string | null {
  return safeRedirectPath(readCookie(cookieHeader, REDIRECT_COOKIE));
}

/** The Set-Cookie that remembers a path for after sign-in (for the server and the browser alike). */
export function redirectCookie(path: string): string {
  return setCookie(REDIRECT_COOKIE, path, { maxAge: REDIRECT_MAX_AGE });
}

/** The Set-Cookie that forgets the remembered path. */
export function clearedRedirectCookie(): string {
  return setCookie(REDIRECT_COOKIE, "", { maxAge: 0 });
}

/**
 * The page a request is for. Client-side navigations fetch `/path.data` (and `/_root.data` for "/")
 * with `_routes` and `index` parameters; this turns those back into the address the user saw.
 */
export function documentPath(url: URL): string {
  let pathname = url.pathname;
  if (pathname === "/_root.data") pathname = "/";
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  search.delete("index");
  const query = search.toString();
  return pathname + (query ? `?${query}` : "");
}

/** The query parameter that carries a path to /login, where it becomes the redirect cookie. */
export const NEXT_PARAM = "next";

/**
 * The sign-in page that brings the visitor back to `path` once signed in (password, Google or a new
 * account). A plain link: it works without JavaScript, as /login's loader moves the path into the
 * redirect cookie. Use it for every "Sign in to ..." control (Buy, Message seller).
 */
export function signInHref(path: string): string {
  const safe = safeRedirectPath(path);
  return safe ? `/login?${NEXT_PARAM}=${encodeURIComponent(safe)}` : "/login";
}

/** Browser side: remember where to go after sign-in. */
export function rememberRedirect(path: string): void {
  const safe = safeRedirectPath(path);
  if (safe) document.cookie = redirectCookie(safe);
}

/**
 * Browser side: forget the remembered path once it is used. The path itself comes from the page's
 * loader (readRedirectCookie on the server), so the browser never parses cookies.
 */
export function forgetRedirect(): void {
  document.cookie = clearedRedirectCookie();
}
