// The "redirect-after-login" value: a short-lived cookie holding a same-site path, set when a
// signed-out visitor is sent to /login and used once after sign-in.

export const REDIRECT_COOKIE = "campus_next";

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
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === REDIRECT_COOKIE) {
      try {
        return safeRedirectPath(decodeURIComponent(rest.join("=")));
      } catch {
        return null;
      }
    }
  }
  return null;
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

/** Browser side: remember where to go after sign-in. */
export function rememberRedirect(path: string): void {
  const safe = safeRedirectPath(path);
  if (safe) document.cookie = `${REDIRECT_COOKIE}=${encodeURIComponent(safe)}; Path=/; SameSite=Lax; Max-Age=900`;
}

/** Browser side: the remembered path, cleared as it is read. */
export function consumeRedirect(): string | null {
  const value = readRedirectCookie(document.cookie);
  document.cookie = `${REDIRECT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`;
  return value;
}
