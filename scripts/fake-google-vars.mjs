// The configuration that points the Worker at a fake Google served on `port` (scripts/fake-google.ts).
export const FAKE_CLIENT_ID = "campus-local.apps.googleusercontent.com";
export const FAKE_CLIENT_SECRET = "campus-local-secret";

export function fakeGoogleVars(port, client = { id: FAKE_CLIENT_ID, secret: FAKE_CLIENT_SECRET }) {
  const base = `http://127.0.0.1:${port}`;
  return {
    GOOGLE_CLIENT_ID: client.id,
    GOOGLE_CLIENT_SECRET: client.secret,
    GOOGLE_AUTH_URL: `${base}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${base}/token`,
    GOOGLE_JWKS_URL: `${base}/oauth2/v3/certs`,
    GOOGLE_ISSUER: base,
    GOOGLE_CLASSROOM_API_URL: base,
  };
}

/** Waits until the fake answers its key set. */
export async function waitForFakeGoogle(port, child, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`fake Google exited early (code ${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/oauth2/v3/certs`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error("fake Google did not start");
}
