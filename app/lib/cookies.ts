// Every cookie of ours is read and written here, through cookie-es: React Router's own cookie
// library, so it costs nothing extra on the server and is the same code in the browser
// (document.cookie) and in the Worker (Cookie / Set-Cookie). Client-safe: no server imports.
import { parse, serialize } from "cookie-es";

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
export function setCookie(name: string, value: string, { maxAge, httpOnly = false, secure = false }: CookieOptions): string {
  return `${serialize(name, value, { path: "/", httpOnly, secure, sameSite: "lax" })}; Max-Age=${maxAge}`;
}
