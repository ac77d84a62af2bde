// The "Google token": Google's tokens wrapped in a jose JWE (dir + A256GCM) that only this Worker
// can open. The browser keeps one (purpose "browser"); reminders keep one at rest in D1 (purpose
// "rest"). Each purpose has its own key, derived from SESSION_SECRET with HKDF, so a token of one
// kind can never be used as the other.
import { EncryptJWT, jwtDecrypt } from "jose";
import type { GoogleTokens } from "#server/lib/google-oauth.ts";
import { sessionKey } from "#server/lib/session-token.ts";
import { configOf } from "#server/lib/config.ts";

export type SealPurpose = "browser" | "rest";

export interface GoogleTokenContents extends GoogleTokens {
  sub: string;
  email: string;
  name: string | null;
  picture: string | null;
}

const ISSUER = "campus";
const BROWSER_TTL_S = 90 * 24 * 60 * 60;

async function keyFor(env: Env, purpose: SealPurpose): Promise<Uint8Array> {
  const secret = await crypto.subtle.importKey("raw", new Uint8Array(sessionKey(configOf(env))), "HKDF", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new TextEncoder().encode("campus-google-token-v1"),
      info: new TextEncoder().encode(purpose),
    },
    secret,
    256,
  );
  return new Uint8Array(bits);
}

export async function sealGoogleToken(env: Env, contents: GoogleTokenContents, purpose: SealPurpose): Promise<string> {
  const jwt = new EncryptJWT({ g: contents })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuer(ISSUER)
    .setAudience(`campus-google-${purpose}`)
    .setIssuedAt();
  if (purpose === "browser") jwt.setExpirationTime(Math.floor(Date.now() / 1000) + BROWSER_TTL_S);
  return jwt.encrypt(await keyFor(env, purpose));
}

/** The contents of a token we sealed, or null for anything else (forged, expired, other purpose, garbage). */
export async function openGoogleToken(
  env: Env,
  token: string,
  purpose: SealPurpose,
): Promise<GoogleTokenContents | null> {
  if (!token || token.length > 8192) return null;
  try {
    const { payload } = await jwtDecrypt(token, await keyFor(env, purpose), {
      issuer: ISSUER,
      audience: `campus-google-${purpose}`,
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
    });
    const g = payload.g as Partial<GoogleTokenContents> | undefined;
    if (
      !g ||
      typeof g.accessToken !== "string" ||
      typeof g.sub !== "string" ||
      typeof g.email !== "string" ||
      typeof g.expiresAt !== "number"
    )
      return null;
    return {
      accessToken: g.accessToken,
      refreshToken: typeof g.refreshToken === "string" ? g.refreshToken : null,
      expiresAt: g.expiresAt,
      sub: g.sub,
      email: g.email,
      name: typeof g.name === "string" ? g.name : null,
      picture: typeof g.picture === "string" ? g.picture : null,
    };
  } catch {
    return null;
  }
}
