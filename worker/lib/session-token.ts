import { jwtVerify, SignJWT } from "jose";
import { readCookie, setCookie } from "#common/cookies.ts";

// Our own session tokens: HS256 JWTs, checked for issuer, audience, expiry and algorithm. The session
// id inside is a row in D1, so a token stops working the moment its session row is deleted.

export const SESSION_COOKIE = "__Host-campus_session";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const ISSUER = "campus";
const AUDIENCE = "campus-session";

/**
 * The signing key (worker/lib/config.ts): SESSION_SECRET, or the development-only key on a loopback
 * host. A deployed Worker without the secret refuses to sign or check. Typed by shape rather than by
 * Config, so the browser tests can read SESSION_COOKIE without the Worker's environment types.
 */
export function sessionKey(config: { sessionKey: Uint8Array | null }): Uint8Array {
  if (config.sessionKey) return config.sessionKey;
  throw new Error("SESSION_SECRET is not configured: set it with `wrangler secret put SESSION_SECRET`");
}

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

export async function signSessionToken(key: Uint8Array, claims: SessionClaims, expiresAt: number): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(key);
}

/** The claims of a valid token, or null for anything forged, expired, mis-addressed or malformed. */
export async function verifySessionToken(key: Uint8Array, token: string): Promise<SessionClaims | null> {
  try {
    // jose checks exp only when a token has one: a token without it would never expire, so it is required.
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
      requiredClaims: ["exp"],
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}

/** The token from `Authorization: Bearer` or, failing that, the session cookie. */
export function readSessionToken(request: Request): string | null {
  const auth = request.headers.get("Authorization");
  if (auth?.startsWith("Bearer ")) return auth.slice(7).trim() || null;
  return readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
}

export function sessionCookie(token: string, expiresAt: number): string {
  const maxAge = Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));
  return setCookie(SESSION_COOKIE, token, { maxAge, httpOnly: true, secure: true });
}

export function clearedSessionCookie(): string {
  return setCookie(SESSION_COOKIE, "", { maxAge: 0, httpOnly: true, secure: true });
}
