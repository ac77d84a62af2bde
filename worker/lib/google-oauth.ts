// Everything Campus asks of Google's OAuth service, behind one small module so that arctic (no
// longer developed) can be swapped out. Endpoints come from configuration (worker/lib/config.ts),
// which is what lets the fake Google in fake-google/ stand in for tests and local development.
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client, OAuth2RequestError } from "arctic";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { configOf, type GoogleConfig } from "#server/lib/config.ts";

export type GoogleSource = "auth" | "classroom";

const SIGN_IN_SCOPES = ["openid", "email", "profile"];
export const CLASSROOM_SCOPES = [
  ...SIGN_IN_SCOPES,
  "https://www.googleapis.com/auth/classroom.courses.readonly",
  "https://www.googleapis.com/auth/classroom.coursework.me.readonly",
  "https://www.googleapis.com/auth/classroom.rosters.readonly",
];

/** Google's endpoints and our OAuth client (worker/lib/config.ts); refuses when none is configured. */
export function googleConfig(env: Env): GoogleConfig {
  const google = configOf(env).google;
  if (!google)
    throw new GoogleAuthError("Google OAuth is not configured (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET)", false);
  return google;
}

export function googleConfigured(env: Env): boolean {
  return configOf(env).google !== null;
}

/** Where Google sends the browser back: this request's own host, which the OAuth client must list. */
function redirectUri(env: Env): string {
  const { origin, appUrl } = configOf(env);
  return `${origin ?? appUrl}/api/google/callback`;
}

function client(env: Env, withRedirect: boolean): OAuth2Client {
  const google = googleConfig(env);
  return new OAuth2Client(google.clientId, google.clientSecret, withRedirect ? redirectUri(env) : null);
}

export interface AuthorizationStart {
  url: string;
  state: string;
  verifier: string;
}

export function startAuthorization(env: Env, source: GoogleSource): AuthorizationStart {
  const state = generateState();
  const verifier = generateCodeVerifier();
  const scopes = source === "classroom" ? CLASSROOM_SCOPES : SIGN_IN_SCOPES;
  const url = client(env, true).createAuthorizationURLWithPKCE(
    googleConfig(env).authorizeUrl,
    state,
    CodeChallengeMethod.S256,
    verifier,
    scopes,
  );
  if (source === "classroom") {
    // A refresh token is what lets reminders run while the student is away.
    url.searchParams.set("access_type", "offline");
    url.searchParams.set("prompt", "consent");
  } else {
    url.searchParams.set("prompt", "select_account");
  }
  return { url: url.toString(), state, verifier };
}

export interface GoogleTokens {
  accessToken: string;
  refreshToken: string | null;
  /** When the access token stops working (epoch ms). */
  expiresAt: number;
}

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  /** `hd`: the Google Workspace domain that manages the account; null for a personal Google account. */
  hostedDomain: string | null;
  name: string | null;
  picture: string | null;
}

/** A failure talking to Google's OAuth service; `rejected` when Google said no (bad or revoked grant). */
export class GoogleAuthError extends Error {
  constructor(
    message: string,
    readonly rejected: boolean,
  ) {
    super(message);
    this.name = "GoogleAuthError";
  }
}

async function tokenCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof OAuth2RequestError) throw new GoogleAuthError(`Google refused the grant: ${error.code}`, true);
    throw new GoogleAuthError(
      `Google's token endpoint failed: ${error instanceof Error ? error.message : String(error)}`,
      false,
    );
  }
}

export async function exchangeCode(
  env: Env,
  code: string,
  verifier: string,
): Promise<{ tokens: GoogleTokens; idToken: string }> {
  // The fields are read inside tokenCall: an answer without one of them is Google failing, not a 500.
  return tokenCall(async () => {
    const result = await client(env, true).validateAuthorizationCode(googleConfig(env).tokenUrl, code, verifier);
    return {
      tokens: {
        accessToken: result.accessToken(),
        refreshToken: result.hasRefreshToken() ? result.refreshToken() : null,
        expiresAt: result.accessTokenExpiresAt().getTime(),
      },
      idToken: result.idToken(),
    };
  });
}

export async function refreshTokens(env: Env, tokens: GoogleTokens): Promise<GoogleTokens> {
  if (!tokens.refreshToken) throw new GoogleAuthError("No refresh token", true);
  const refreshToken = tokens.refreshToken;
  return tokenCall(async () => {
    const result = await client(env, false).refreshAccessToken(googleConfig(env).tokenUrl, refreshToken, []);
    return {
      accessToken: result.accessToken(),
      refreshToken: result.hasRefreshToken() ? result.refreshToken() : refreshToken,
      expiresAt: result.accessTokenExpiresAt().getTime(),
    };
  });
}

/** Checks the ID token's signature (Google's published keys), issuer, audience (our client) and expiry (required). */
export async function verifyIdToken(env: Env, idToken: string): Promise<GoogleIdentity> {
  const google = googleConfig(env);
  const issuers =
    google.issuer === "https://accounts.google.com"
      ? ["https://accounts.google.com", "accounts.google.com"]
      : [google.issuer];
  try {
    // A key set per call: isolates do not share memory, and sign-in is rare enough.
    const keys = createRemoteJWKSet(new URL(google.jwksUrl));
    const { payload } = await jwtVerify(idToken, keys, {
      issuer: issuers,
      audience: google.clientId,
      algorithms: ["RS256"],
      // jose checks exp only when it is there: a token without one would never expire.
      requiredClaims: ["exp", "iat"],
    });
    if (typeof payload.sub !== "string" || typeof payload.email !== "string")
      throw new Error("ID token lacks sub or email");
    return {
      sub: payload.sub,
      email: payload.email.trim().toLowerCase(),
      emailVerified: payload.email_verified === true,
      hostedDomain: typeof payload.hd === "string" && payload.hd.trim() ? payload.hd.trim().toLowerCase() : null,
      name: typeof payload.name === "string" && payload.name.trim() ? payload.name.trim() : null,
      picture: typeof payload.picture === "string" ? payload.picture : null,
    };
  } catch (error) {
    throw new GoogleAuthError(`ID token rejected: ${error instanceof Error ? error.message : String(error)}`, true);
  }
}
