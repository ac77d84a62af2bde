import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  baseURL,
  codeFromOutbox,
  createUserViaApi,
  eventually,
  gate,
  hydrated,
  newUser,
  sharedBrowser,
  signIn,
  signInAndReturn,
  testIp,
  withPage,
  onRealClock,
} from "./harness.ts";
import { themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/auth";
const browser = sharedBrowser(SHOTS);

describe("sign-in and register", () => {
  it("registers, lands on /dashboard and shows Logout", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      const user = newUser("Kavya Nair");
      await page.goto("/register");
      await hydrated(page);
      await page.getByLabel("Name").fill(user.name);
      await page.getByLabel("E-mail").fill(user.email);
      await page.getByLabel("Password").fill(user.password);
      await page.getByRole("button", { name: "Register", exact: true }).click();
      await page.waitForURL("**/dashboard");
      await page.getByRole("button", { name: "Logout" }).waitFor();
      assert.equal(await page.getByRole("link", { name: "Login" }).count(), 0);
      // A new account is welcomed, not welcomed back, and asked to verify its college address.
      await page.getByRole("heading", { name: "Welcome to Campus, Kavya" }).waitFor();
      assert.equal(await page.getByRole("heading", { name: /Welcome back/ }).count(), 0);
      const prompt = page.getByRole("region", { name: "Verify your college e\u2011mail" });
      await prompt.getByText(`We e-mailed a 6-digit code to ${user.email}.`, { exact: false }).waitFor();
      await themedShots(page, SHOTS, "dashboard-verify");
      await prompt.getByRole("link", { name: "Verify my e-mail" }).click();
      await page.waitForURL("**/verify?returnTo=*");
      await hydrated(page);
      await page.getByLabel("Verification code").fill(await codeFromOutbox(user.email));
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      // Back on the dashboard: a short confirmation, and nothing more to verify.
      await page.waitForURL("**/dashboard?verified=1");
      await page
        .getByRole("status")
        .getByText("Your college e-mail is verified: you are a Verified CIT student.")
        .waitFor();
      assert.equal(await page.getByRole("region", { name: "Verify your college e\u2011mail" }).count(), 0);
      await themedShots(page, SHOTS, "dashboard-verified");
    });
  });

  it("shows 'Processing...' while signing in and sends one request however often it is clicked", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      const user = await createUserViaApi();
      // The screen posts to its own route action (React Router's /login.data), never to the API.
      let logins = 0;
      let apiLogins = 0;
      // The sign-in is held until the busy button has been seen and clicked again; the dashboard's
      // data until the success message has been seen, so it cannot pass unseen.
      const login = gate();
      const dashboard = gate();
      await page.route("**/api/auth/**", async (route) => {
        apiLogins += 1;
        await route.continue();
      });
      await page.route("**/login.data*", async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        logins += 1;
        await login.held;
        await route.continue();
      });
      await page.route("**/dashboard.data*", async (route) => {
        await dashboard.held;
        await route.continue();
      });
      await page.goto("/login");
      await hydrated(page);
      await page.getByLabel("E-mail").fill(user.email);
      await page.getByLabel("Password").fill(user.password);
      const submit = page.getByRole("button", { name: "Sign In", exact: true });
      await submit.click();
      const busy = page.getByRole("button", { name: "Processing..." });
      await busy.waitFor();
      assert.equal(await busy.isDisabled(), true);
      await page.locator("form").evaluate((form: HTMLFormElement) => form.requestSubmit());
      login.release();
      // The success message shows, then the app goes on (about 100 ms later).
      await page
        .getByRole("status")
        .or(page.getByRole("alert"))
        .getByText("Login successful! Redirecting...")
        .waitFor();
      dashboard.release();
      await page.waitForURL("**/dashboard");
      assert.equal(logins, 1);
      assert.equal(apiLogins, 0);
      // Signed in by the cookie the action set: the server knows from the first byte.
      await page.reload();
      await page.getByRole("button", { name: "Logout" }).waitFor();
    });
  });

  it("a link with ?token= does not sign anyone in and the URL is cleaned", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      const attacker = await createUserViaApi();
      const res = await fetch(`${baseURL}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": testIp() },
        body: JSON.stringify({ email: attacker.email, password: attacker.password }),
      });
      const { data } = (await res.json()) as { data: { token: string } };
      for (const path of ["/login", "/auth"]) {
        await page.goto(`${path}?token=${data.token}`);
        await hydrated(page);
        assert.equal(new URL(page.url()).pathname, path);
        assert.equal(new URL(page.url()).search, "");
        await page.getByRole("link", { name: "Login" }).waitFor();
        assert.equal(
          (await page.context().cookies()).some((c) => c.name.includes("campus_session")),
          false,
        );
        // Nothing stored but React Router's own scroll positions.
        const stored = await page.evaluate(() => ({ ...localStorage, ...sessionStorage }));
        delete stored["react-router-scroll-positions"];
        assert.deepEqual(stored, {});
      }
    });
  });

  it("logout ends the session and goes to /login", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      const user = await createUserViaApi();
      await signIn(page, user);
      await page.goto("/dashboard");
      await hydrated(page);
      await page.evaluate(() => localStorage.setItem("googleToken", "an-encrypted-classroom-token"));
      await page.getByRole("button", { name: "Logout" }).click();
      await page.waitForURL("**/login");
      await page.getByRole("link", { name: "Login" }).waitFor();
      // The Classroom connection of this browser is forgotten too.
      assert.equal(await page.evaluate(() => localStorage.getItem("googleToken")), null);
      // The old session is gone on the server too: a guarded page sends us back to sign in.
      await page.goto("/purchases");
      await page.waitForURL("**/login");
    });
  });

  it("returns to the page the visitor wanted, once", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      const user = await createUserViaApi();
      await page.goto("/purchases");
      await page.waitForURL("**/login");
      await page.getByText("Sign in to continue where you were going.").waitFor();
      await signInAndReturn(page, user, "/purchases");
      await page.getByRole("heading", { name: "My Purchases" }).waitFor();
      // Used once: the next sign-in goes to the dashboard.
      await page.getByRole("button", { name: "Logout" }).click();
      await signInAndReturn(page, user, "/dashboard");
    });
  });

  it("shows the server's message for a wrong password, lets it be dismissed, and clears it after 10 s", async (t) => {
    await withPage(t, browser, async ({ page, allowConsoleError }) => {
      allowConsoleError(/status of 401/);
      const user = await createUserViaApi();
      const now = Date.now(); // this run's clock (CAMPUS_CLOCK), not the wall clock
      await onRealClock(() => page.clock.install({ time: now }));
      await page.goto("/login");
      await hydrated(page);
      await page.getByLabel("E-mail").fill(user.email);
      await page.getByLabel("Password").fill("definitely wrong");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      const alert = page.getByRole("alert");
      await alert.getByText("Incorrect e-mail or password.").waitFor();
      assert.equal(new URL(page.url()).pathname, "/login");
      await alert.getByRole("button", { name: "Dismiss message" }).click();
      await eventually(() => page.getByRole("alert").count(), 0);

      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await alert.getByText("Incorrect e-mail or password.").waitFor();
      await onRealClock(() => page.clock.runFor(9_000));
      assert.equal(await page.getByRole("alert").count(), 1);
      await onRealClock(() => page.clock.runFor(1_500));
      await page.getByRole("alert").waitFor({ state: "detached" });
    });
  });

  it("signs in without JavaScript (or before it loads) by a POST that keeps the password out of the URL", async (t) => {
    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        allowConsoleError(/status of 401/);
        const user = await createUserViaApi();
        const urls: string[] = [];
        page.on("request", (request) => urls.push(request.url()));
        await page.goto("/login");
        await page.getByLabel("E-mail").fill(user.email);
        await page.getByLabel("Password").fill("not the password");
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await page.getByRole("alert").getByText("Incorrect e-mail or password.").waitFor();
        assert.equal(await page.getByLabel("E-mail").inputValue(), user.email);
        await page.getByLabel("Password").fill(user.password);
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await page.waitForURL("**/dashboard");
        await page.getByRole("button", { name: "Logout" }).waitFor();
        assert.ok(
          urls.every((url) => !url.includes("password")),
          "no request carried the password in its URL",
        );
      },
      { javaScriptEnabled: false },
    );
  });

  it("shows an error passed back in the URL as given, then cleans the URL", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.goto("/auth?error=Google%20said%20no%20%28access_denied%29");
      await page.getByRole("alert").getByText("Google said no (access_denied)").waitFor();
      await page.waitForURL((url) => url.search === "");
      assert.equal(new URL(page.url()).pathname, "/auth");
    });
  });

  it("the Google button starts Google sign-in (the fake Google in browser tests)", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.goto("/login");
      await hydrated(page);
      await page.getByRole("button", { name: "Continue with Google" }).click();
      await page.getByRole("heading", { name: "Fake Google" }).waitFor();
    });
  });

  it("the toggle switches between Sign In and Register, with the name field only when registering", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.goto("/login");
      await hydrated(page);
      assert.equal(await page.getByLabel("Name").count(), 0);
      assert.equal(await page.getByLabel("E-mail").getAttribute("type"), "email");
      await page.getByRole("tab", { name: "Register" }).click();
      await page.getByLabel("Name").waitFor();
      assert.equal(await page.getByRole("button", { name: "Register", exact: true }).getAttribute("type"), "submit");
      // Arrow keys move between the two tabs.
      await page.getByRole("tab", { name: "Register" }).press("ArrowLeft");
      await page.getByLabel("Name").waitFor({ state: "detached" });
      assert.equal(await page.getByRole("tab", { name: "Sign In" }).getAttribute("aria-selected"), "true");
    });
  });
});
