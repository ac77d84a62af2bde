// Every cookie of ours is read and written here, on the server (Cookie / Set-Cookie) and in the
// browser (document.cookie) alike. Client-safe: no server imports.
//
// Reading goes through cookie-es, React Router's own cookie library (createCookie is built on it).
// Writing is one template, not cookie-es's serialize: all our cookies share one shape (site-wide,
// SameSite=Lax, names and values we choose), serialize would add about 1 KB gzip to every route's
// first load (the top bar clears the Classroom hint), and it writes Max-Age first where our
// cookies have always carried it last.
import { parse } from "cookie-es";

/** The value of one cookie in a Cookie header or document.cookie; null when absent or empty. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  return parse(header, { filter: (key) => key === name })[name] || null;
}

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  httpOnly?: boolean;
  secure?: boolean;
}

/**
 * A Set-Cookie value (or a document.cookie assignment) for the whole site, SameSite=Lax. Max-Age is
 * written last, where our cookies have always carried it (clients and tests read it there).
 */
export function setCookie(
  name: string,
  value: string,
  { maxAge, httpOnly = false, secure = false }: CookieOptions,
): string {
  if (!COOKIE_NAME.test(name)) throw new TypeError(`Not a cookie name: ${name}`);
  return `${name}=${encodeURIComponent(value)}; Path=/${httpOnly ? "; HttpOnly" : ""}${secure ? "; Secure" : ""}; SameSite=Lax; Max-Age=${Math.max(0, Math.floor(maxAge))}`;
}

/** RFC 6265 token characters. */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
