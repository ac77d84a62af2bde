import { afterEach, describe, expect, it, vi } from "vitest";
import { googleRedirect, installFakeGoogle } from "#test/fake-google.ts";
import { call, createUser, postJson } from "#test/helpers.ts";

// No token is ever taken from a URL. A link with ?token= (a session token, or a
// Google token made for the attacker's own account) must not sign the visitor in or plant anything;
// the address is cleaned by a server redirect that keeps the other parameters.

afterEach(() => {
  vi.restoreAllMocks();
});

const PATHS = ["/login", "/auth", "/register", "/googleclassroom", "/google/callback"];

describe("?token= in the URL", () => {
  it.each(PATHS)(
    "%s?token=... redirects to the same path without the token, keeping ?error=, setting no cookie",
    async (path) => {
      const res = await call(`${path}?error=Google%20said%20no&token=ATTACKER-TOKEN`, { redirect: "manual" });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`${path}?error=Google+said+no`);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await res.text()).not.toContain("ATTACKER-TOKEN");
      const alone = await call(`${path}?token=ATTACKER-TOKEN`, { redirect: "manual" });
      expect(alone.status).toBe(302);
      expect(alone.headers.get("Location")).toBe(path);
    },
  );

  it.each(["/login", "/auth"])("%s?token=<a real session token> does not sign the visitor in", async (path) => {
    const attacker = await createUser();
    const res = await call(`${path}?token=${attacker.token}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(path);
    expect(res.headers.getSetCookie()).toEqual([]);
    // The cleaned page is the sign-in screen of a signed-out visitor.
    const page = await call(path, { redirect: "manual" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Sign in to Campus");
  });

  it("/googleclassroom?token=<a real Google token> is dropped before the page renders", async () => {
    const fake = installFakeGoogle();
    const { location, cookie } = await googleRedirect(fake, "classroom");
    const exchanged = await postJson(
      "/api/google/exchange",
      { code: location.searchParams.get("code") },
      { Cookie: cookie },
    );
    const { token } = (await exchanged.json()) as { token: string };
    for (const path of ["/googleclassroom", "/google/callback"]) {
      const res = await call(`${path}?token=${encodeURIComponent(token)}`, { redirect: "manual" });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(path);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await res.text()).not.toContain(token);
    }
    // Without a hint cookie the cleaned page starts disconnected: nothing was taken from the link.
    expect(await (await call("/googleclassroom")).text()).toContain("Connect your Google Classroom");
  });

  it("client-side navigations (.data requests) are cleaned too", async () => {
    const res = await call("/googleclassroom.data?token=ATTACKER-TOKEN&_routes=routes%2Fgoogleclassroom", {
      redirect: "manual",
    });
    // React Router's single-fetch answer for a redirect: 202 with the target in the stream.
    expect(res.status).toBe(202);
    const body = await res.text();
    expect(body).toContain("redirect");
    expect(body).toContain('"/googleclassroom"');
    expect(body).not.toContain(".data");
    expect(body).not.toContain("ATTACKER-TOKEN");
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});
