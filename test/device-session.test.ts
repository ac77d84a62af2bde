import { describe, expect, it } from "vitest";
import { NO_SESSION, SESSION_TAG_HEADER } from "#common/device-session.ts";
import { bearer, call, createUser } from "#test/helpers.ts";

// The service worker keeps a student's saved pages only while the answers it sees carry that
// student's session tag (docs/decisions/0097-offline-on-a-shared-phone.md).
describe("the session tag on answers", () => {
  it("pages, their data and the top bar's session answer carry the session's tag, the same on each, never its id or token", async () => {
    const user = await createUser();
    const tags = new Set<string | null>();
    for (const path of [
      "/dashboard",
      "/wanted",
      "/purchases.data?_routes=routes%2Fpurchases",
      "/dashboard.data",
      "/api/auth/session",
    ]) {
      const res = await call(path, { headers: { Cookie: user.cookie } });
      expect(res.status, path).toBeLessThan(400);
      tags.add(res.headers.get(SESSION_TAG_HEADER));
    }
    expect(tags.size).toBe(1);
    const [tag] = [...tags];
    expect(tag).toMatch(/^[0-9a-f]{32}$/);
    expect(user.token).not.toContain(tag!);
    // Another sign-in of the same student is another session: another tag.
    const again = await call("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.9.9.9" },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const token = ((await again.json()) as { data: { token: string } }).data.token;
    expect((await call("/api/auth/session", { headers: bearer(token) })).headers.get(SESSION_TAG_HEADER)).not.toBe(tag);
  });

  it("says there is no session for a visitor and for a session signed out everywhere", async () => {
    const user = await createUser();
    expect((await call("/dashboard")).headers.get(SESSION_TAG_HEADER)).toBe(NO_SESSION);
    expect((await call("/api/auth/logout-all", { method: "POST", headers: bearer(user.token) })).status).toBe(200);
    for (const path of ["/dashboard", "/wanted", "/api/auth/session"]) {
      const res = await call(path, { headers: { Cookie: user.cookie }, redirect: "manual" });
      expect(res.headers.get(SESSION_TAG_HEADER), path).toBe(NO_SESSION);
    }
  });
});
