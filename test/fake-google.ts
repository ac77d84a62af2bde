// Routes the Worker's outbound requests to Google to the fake in fake-google/app.ts (the Worker runs
// in this same isolate, so a spy on fetch sees them). Everything else still fails loudly: no test
// may reach the internet.
import { vi } from "vitest";
import { createFakeGoogle, type FakeGoogle } from "#fake-google/app.ts";
import { call, ORIGIN } from "#test/helpers.ts";

export const FAKE_ORIGIN = "https://fake-google.test";
export const CLIENT_ID = "campus-test.apps.googleusercontent.com";

export function installFakeGoogle(options: { now?: () => number } = {}): FakeGoogle {
  const fake = createFakeGoogle({ clientId: CLIENT_ID, clientSecret: "campus-test-secret", ...options });
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url.startsWith(`${FAKE_ORIGIN}/`)) return fake.fetch(request);
    throw new Error(`test tried to reach ${request.url}`);
  });
  return fake;
}

/** The cookies a response sets, as a Cookie header (expired ones dropped). */
export function cookiesFrom(res: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split(";")
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => [p.split("=")[0] ?? "", p] as const),
  );
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(";")[0] ?? "";
    const name = pair.split("=")[0] ?? "";
    if (/Max-Age=0/i.test(line)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

export interface GoogleRedirect {
  /** Where the app sent the browser after Google (e.g. /auth?code=...). */
  location: URL;
  cookie: string;
}

/**
 * Walks the redirect dance as a browser would: start at /api/google/auth, pick an account on the
 * fake's consent page, come back to /api/google/callback with the flow cookies.
 */
export async function googleRedirect(
  fake: FakeGoogle,
  source: "auth" | "classroom",
  account = "aarav",
  tamper: { state?: string; dropVerifier?: boolean } = {},
): Promise<GoogleRedirect> {
  const start = await call(`/api/google/auth?source=${source}`, { redirect: "manual" });
  if (start.status !== 302) throw new Error(`start answered ${start.status}`);
  let cookie = cookiesFrom(start);
  const authorize = new URL(start.headers.get("Location") ?? "");
  const page = await fake.fetch(new Request(authorize));
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${await page.text()}`);
  const form = new URLSearchParams({ account });
  for (const name of ["client_id", "redirect_uri", "state", "code_challenge", "scope"])
    form.set(name, authorize.searchParams.get(name) ?? "");
  const approved = await fake.fetch(
    new Request(`${FAKE_ORIGIN}/o/oauth2/v2/auth/approve`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
      redirect: "manual",
    }),
  );
  const back = new URL(approved.headers.get("Location") ?? "");
  if (tamper.state !== undefined) back.searchParams.set("state", tamper.state);
  if (tamper.dropVerifier)
    cookie = cookie
      .split("; ")
      .filter((c) => !c.startsWith("__Host-campus_google_verifier="))
      .join("; ");
  if (back.origin !== ORIGIN) throw new Error(`fake redirected to ${back.origin}`);
  const callback = await call(`${back.pathname}${back.search}`, { headers: { Cookie: cookie }, redirect: "manual" });
  if (callback.status !== 302) throw new Error(`callback answered ${callback.status}: ${await callback.text()}`);
  return { location: new URL(callback.headers.get("Location") ?? "", ORIGIN), cookie: cookiesFrom(callback, cookie) };
}
