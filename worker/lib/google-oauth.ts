// Everything Campus asks of Google's OAuth service, behind one small module so that arctic (no
// longer developed) can be swapped out. Endpoints come from configuration (wrangler.toml [vars]),
// which is what lets the fake Google in fake-google/ stand in for tests and local development.
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client, OAuth2RequestError } from "arctic";
import { createRemoteJWKSet, jwtVerify } from "jose";

export type GoogleSource = "auth" | "classroom";

const SIGN_IN_SCOPES = ["openid", "email", "profile"];
export const CLASSROOM_SCOPES = [
  ...SIGN_IN_SCOPES,
  "https://www.googleapis.com/auth/classroom.courses.readonly",
  "https://www.googleapis.com/auth/classroom.coursework.me.readonly",
  "https://www.googleapis.com/auth/classroom.rosters.readonly",
];

interface GoogleEndpoints {
  authorize: string;
  token: string;
  jwks: string;
  issuer: string;
  classroom: string;
}

export function googleEndpoints(env: Env): GoogleEndpoints {
  const vars = env as unknown as Record<string, string | undefined>;
  return {
    authorize: vars.GOOGLE_AUTH_URL || "https://accounts.google.com/o/oauth2/v2/auth",
    token: vars.GOOGLE_TOKEN_URL || "https://oauth2.googleapis.com/token",
    jwks: vars.GOOGLE_JWKS_URL || "https://www.googleapis.com/oauth2/v3/certs",
    issuer: vars.GOOGLE_ISSUER || "https://accounts.google.com",
    classroom: (vars.GOOGLE_CLASSROOM_API_URL || "https://classroom.googleapis.com").replace(/\/+$/, ""),
  };
}

export function googleConfigured(env: Env): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

export function redirectUri(requestUrl: string): string {
  return `${new URL(requestUrl).origin}/api/google/callback`;
}

function client(env: Env, requestUrl: string | null): OAuth2Client {
  return new OAuth2Client(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, requestUrl ? redirectUri(requestUrl) : null);
}

export interface AuthorizationStart {
  url: string;
  state: string;
  verifier: string;
}

export function startAuthorization(env: Env, requestUrl: string, source: GoogleSource): AuthorizationStart {
  const state = generateState();
  const verifier = generateCodeVerifier();
  const scopes = source === "classroom" ? CLASSROOM_SCOPES : SIGN_IN_SCOPES;
  const url = client(env, requestUrl).createAuthorizationURLWithPKCE(
    googleEndpoints(env).authorize,
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
  requestUrl: string,
  code: string,
  verifier: string,
): Promise<{ tokens: GoogleTokens; idToken: string }> {
  // The fields are read inside tokenCall: an answer without one of them is Google failing, not a 500.
  return tokenCall(async () => {
    const result = await client(env, requestUrl).validateAuthorizationCode(googleEndpoints(env).token, code, verifier);
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
    const result = await client(env, null).refreshAccessToken(googleEndpoints(env).token, refreshToken, []);
    return {
      accessToken: result.accessToken(),
      refreshToken: result.hasRefreshToken() ? result.refreshToken() : refreshToken,
      expiresAt: result.accessTokenExpiresAt().getTime(),
    };
  });
}

/** Checks the ID token's signature (Google's published keys), issuer, audience (our client) and expiry (required). */
export async function verifyIdToken(env: Env, idToken: string): Promise<GoogleIdentity> {
  const endpoints = googleEndpoints(env);
  const issuers =
    endpoints.issuer === "https://accounts.google.com"
      ? ["https://accounts.google.com", "accounts.google.com"]
      : [endpoints.issuer];
  try {
    // A key set per call: isolates do not share memory, and sign-in is rare enough.
    const keys = createRemoteJWKSet(new URL(endpoints.jwks));
    const { payload } = await jwtVerify(idToken, keys, {
      issuer: issuers,
      audience: env.GOOGLE_CLIENT_ID,
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
