import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, unique, uniqueIp } from "#test/helpers.ts";
import { securityHeaderProblems } from "#test/security-headers.ts";

/** The one rule set (test/security-headers.ts): every problem listed, not only the first. */
function expectSecurityHeaders(res: Response) {
  expect(securityHeaderProblems(res.headers)).toEqual([]);
}

describe("security headers", () => {
  it("HTML pages carry a CSP whose nonce is on every inline script", async () => {
    const res = await call("/dashboard");
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A fresh nonce per request.
    const again = await call("/dashboard");
    expect(again.headers.get("Content-Security-Policy")).not.toContain(`'nonce-${nonce}'`);
  });

  it("API answers carry them too, including errors", async () => {
    const ok = await call("/api/health");
    expect(ok.status).toBe(200);
    expectSecurityHeaders(ok);
    const missing = await call("/api/no-such-thing");
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing);
    expect(await missing.json()).toMatchObject({
      success: false,
      message: expect.stringContaining("/api/no-such-thing"),
    });
  });
});

describe("dashboard", () => {
  it("renders the Day-Scholar tiles and tips by default", async () => {
    const html = await (await call("/")).text();
    for (const [title, href] of [
      ["Marketplace", "/marketplace"],
      ["Notes", "/notes"],
      ["Study Swap", "/StudySwap"],
      ["Google Classroom", "/googleclassroom"],
    ]) {
      expect(html).toContain(`href="${href}"`);
      expect(html).toContain(title);
    }
    expect(html).toContain("Tips for day scholars");
    expect(html).not.toContain("/hostel-complaints");
    expect(html).toContain(">Login<");
  });

  it("renders the Hosteller tiles on the server when the preference cookie says so", async () => {
    const html = await (await call("/dashboard", { headers: { Cookie: "campus_mode=hosteller" } })).text();
    for (const href of [
      "/hosteller/night-market",
      "/hostel-complaints",
      "/mess-menu",
      "/roommate-finder",
      "/laundry-service",
      "/notes",
      "/StudySwap",
      "/googleclassroom",
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toContain("Tips for hostellers");
    expect(html).not.toContain('href="/marketplace"');
  });

  it("saves the mode with a form post (no JavaScript needed) and refuses an unknown one", async () => {
    const form = new FormData();
    form.set("mode", "hosteller");
    const res = await call("/dashboard", { method: "POST", body: form, redirect: "manual" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toMatch(/campus_mode=hosteller;.*Max-Age=31536000/);
    // The page rendered for that post already shows the new mode.
    const html = await res.text();
    expect(html).toContain("Tips for hostellers");
    expect(html).toContain('href="/laundry-service"');
    const bad = new FormData();
    bad.set("mode", "astronaut");
    const refused = await call("/dashboard", { method: "POST", body: bad, redirect: "manual" });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("Set-Cookie")).toBeNull();
  });

  it("remembers the page, not the data request, when a client-side navigation hits a guard", async () => {
    const res = await call("/purchases.data?_routes=routes%2Fpurchases", { redirect: "manual" });
    expect(res.headers.get("Set-Cookie")).toContain(`campus_next=${encodeURIComponent("/purchases")};`);
  });

  it("shows Logout and the user's name when signed in", async () => {
    const user = await createUser({ name: "Meera Iyer" });
    const html = await (await call("/dashboard", { headers: { Cookie: user.cookie } })).text();
    expect(html).toContain("Welcome to Campus, Meera");
    expect(html).toContain(">Logout<");
    expect(html).not.toContain(">Login<");
  });
});

/** The 6-digit code in the newest mail to `email` in the development outbox (sent after the answer: waited for). */
async function codeMailedTo(email: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const res = await call(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const text = ((await res.json()) as { data: { text: string }[] }).data[0]?.text ?? "";
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no code mailed to ${email}`);
}

describe("dashboard: welcome and verification", () => {
  const dashboard = async (cookie: string, path = "/dashboard") =>
    (await (await call(path, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");

  it("greets a new account with welcome, not welcome back; from the next day on, welcome back", async () => {
    const user = await createUser({ name: "Kavya Nair" });
    const first = await dashboard(user.cookie);
    expect(first).toContain("Welcome to Campus, Kavya");
    expect(first).not.toContain("Welcome back");
    // Signing in again the next day.
    await env.DB.prepare("UPDATE users SET created_at = created_at - 86400000 WHERE id = ?").bind(user.userId).run();
    expect(await dashboard(user.cookie)).toContain("Welcome back, Kavya");
  });

  it("asks an unverified student to verify, with a link to /verify that comes back here; after verifying, a short confirmation", async () => {
    const user = await createUser({ name: "Rohan Das", verified: false });
    const html = await dashboard(user.cookie);
    // "e‑mail" with a non-breaking hyphen, as on /verify: never "e-" alone at a line's end.
    expect(html).toContain("Verify your college e\u2011mail");
    expect(html).toContain(`We e-mailed a 6-digit code to <strong class="break-all">${user.email}</strong>.`);
    expect(html).toContain(
      `href="/verify?returnTo=${encodeURIComponent("/dashboard?verified=1").replace(/&/g, "&amp;")}"`,
    );
    expect(html).not.toContain("Your college e-mail is verified");
    // The code from the outbox, through the /verify form without JavaScript: back to the dashboard, confirmed.
    const code = await codeMailedTo(user.email);
    const form = new URLSearchParams({ intent: "verify", code, returnTo: "/dashboard?verified=1" });
    const verified = await call("/verify", {
      method: "POST",
      headers: { Cookie: user.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
      redirect: "manual",
    });
    expect(verified.headers.get("Location")).toBe("/dashboard?verified=1");
    const after = await dashboard(user.cookie, "/dashboard?verified=1");
    expect(after).toContain("Your college e-mail is verified: you are a Verified CIT student.");
    expect(after).not.toContain("We e-mailed a 6-digit code");
    // Only once verified: the address alone says nothing, and a verified student's dashboard asks for nothing.
    expect(await dashboard(user.cookie)).not.toContain("Verify your college e\u2011mail");
    const unverified = await createUser({ verified: false });
    expect(await dashboard(unverified.cookie, "/dashboard?verified=1")).not.toContain("is verified");
  });
});

describe("a page's query, spelled as React Router renders it", () => {
  it("sends a page asked for with %20, brackets or a bare key once to the same query in form spelling; leaves the rest alone", async () => {
    const cases: [string, string][] = [
      ["/all-products?q=drawing%20kit", "/all-products?q=drawing+kit"],
      [
        "/all-products?q=%E0%A4%95%E0%A4%BF%E0%A4%A4%E0%A4%BE%E0%A4%AC%20notes&category=books",
        "/all-products?q=%E0%A4%95%E0%A4%BF%E0%A4%A4%E0%A4%BE%E0%A4%AC+notes&category=books",
      ],
      ["/all-products?q=drafter(A3)", "/all-products?q=drafter%28A3%29"],
      ["/mess-menu?campus", "/mess-menu?campus="],
    ];
    for (const [asked, spelled] of cases) {
      const res = await call(asked, { redirect: "manual" });
      expect(res.status, asked).toBe(301);
      expect(res.headers.get("Location"), asked).toBe(spelled);
      expect((await call(spelled, { redirect: "manual" })).status, spelled).toBe(200);
    }
    // Already so spelled, a page's data request, the API and a form post: untouched.
    expect((await call("/all-products?q=lab+coat&category=books", { redirect: "manual" })).status).toBe(200);
    expect((await call("/all-products.data?q=drawing%20kit", { redirect: "manual" })).status).toBe(200);
    expect((await call("/api/product/available?q=drawing%20kit", { redirect: "manual" })).status).toBe(200);
    expect(
      (
        await call("/dashboard?x=a%20b", {
          method: "POST",
          body: new URLSearchParams({ mode: "hosteller" }),
          redirect: "manual",
        })
      ).status,
    ).toBe(200);
  });
});

describe("routing and guards", () => {
  // The one test of the page guards (market-pages.test.ts and account.test.ts had copies).
  it.each(["/purchases", "/sells", "/mysells", "/seller-dashboard", "/upload", "/account"])(
    "%s sends a signed-out visitor to /login and remembers the path",
    async (path) => {
      const res = await call(path, { redirect: "manual" });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/login");
      expect(res.headers.get("Set-Cookie")).toContain(`campus_next=${encodeURIComponent(path)}`);
    },
  );

  it("lets a signed-in user through to a guarded page", async () => {
    const user = await createUser();
    const res = await call("/purchases", { headers: { Cookie: user.cookie } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("My Purchases");
  });

  it("sends a signed-in user away from the sign-in screen", async () => {
    const user = await createUser();
    const res = await call("/login", { headers: { Cookie: user.cookie }, redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
  });

  it.each(["/auth", "/login", "/register"])("%s renders the sign-in screen", async (path) => {
    const res = await call(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('type="email"');
    expect(html).toContain("Continue with Google");
  });

  it.each([
    "/marketplace",
    "/hosteller/night-market",
    "/all-products",
    "/notes",
    "/googleclassroom",
    "/StudySwap",
    "/studyswap",
    "/become-writer",
    "/find-writer",
    "/hostel-complaints",
    "/mess-menu",
    "/roommate-finder",
    "/laundry-service",
  ])("%s exists", async (path) => {
    expect((await call(path)).status).toBe(200);
  });

  it("answers an unknown page with a real 404", async () => {
    const res = await call("/no/such/page");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Page not found");
  });

  it("logout by form post ends the session and goes to /login", async () => {
    const user = await createUser();
    const res = await call("/logout", { method: "POST", headers: { Cookie: user.cookie }, redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(res.headers.get("Set-Cookie")).toMatch(/__Host-campus_session=;.*Max-Age=0/);
    expect((await call("/api/auth/me", { headers: { Cookie: user.cookie } })).status).toBe(401);
  });
});

describe("first paint", () => {
  it("HTML pages carry no module preloads: the page's module script loads the code after the first paint", async () => {
    const html = await (await call("/dashboard")).text();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toMatch(/<script[^>]*type="module"[^>]*>[\s\S]*import\(/);
    expect(html).toContain('<style id="campus-css">');
  });

  it("inlines only the stylesheet's rules that the page's markup uses (decision 0140)", async () => {
    const cssOf = (html: string) => /<style id="campus-css">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    const html = await (await call("/login")).text();
    const css = cssOf(html);
    // The body's classes are on every page; the semester page's two columns are on it alone.
    expect(css).toMatch(/\.min-h-dvh\s*\{/);
    expect(css).not.toContain("15rem_minmax");
    expect(css).not.toContain("/*campus:page-css*/");
    expect(cssOf(await (await call("/btech/cse/1")).text())).toContain("15rem_minmax");
    // The whole stylesheet is a file the page asks for once it runs, not a render-blocking link.
    expect(html).not.toMatch(/<link[^>]+href="[^"]*\/app(-[\w-]+)?\.css"/);
  });
});

describe("the sign-in form without JavaScript", () => {
  function form(fields: Record<string, string>) {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return body;
  }

  it("signs in with a POST (never a GET carrying the password) and goes to the remembered page", async () => {
    const user = await createUser();
    const res = await call("/login", {
      method: "POST",
      body: form({ intent: "signin", email: user.email, password: user.password }),
      headers: { Cookie: "campus_next=%2Fpurchases", "CF-Connecting-IP": uniqueIp() },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/purchases");
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("__Host-campus_session=ey"))).toBe(true);
    expect(cookies.some((c) => c.startsWith("campus_next=;") && c.includes("Max-Age=0"))).toBe(true);
  });

  it("registers and goes to the dashboard", async () => {
    const res = await call("/register", {
      method: "POST",
      body: form({
        intent: "register",
        name: "No Script",
        email: `${unique("nojs")}@campus.test`,
        password: "long enough pw",
      }),
      headers: { "CF-Connecting-IP": uniqueIp() },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
  });

  it("shows the reason on the same screen for a wrong password or a missing field", async () => {
    const user = await createUser();
    const wrong = await call("/login", {
      method: "POST",
      body: form({ intent: "signin", email: user.email, password: "nope nope" }),
      headers: { "CF-Connecting-IP": uniqueIp() },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Incorrect e-mail or password.");
    const missing = await call("/register", {
      method: "POST",
      body: form({ intent: "register", email: "a@b.co", password: "long enough pw" }),
      headers: { "CF-Connecting-IP": uniqueIp() },
    });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Enter your name.");
  });
});
