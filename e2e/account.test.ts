import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import {
  baseURL,
  createUserViaApi,
  DESKTOP,
  gate,
  hydrated,
  PHONE,
  sharedBrowser,
  shot,
  signIn,
  signInThroughForm,
  testIp,
  withPage,
  onSignInPage,
} from "./harness.ts";

const browser = sharedBrowser();

const SHOTS = "test-results/screenshots/account";
const ANDROID_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";

/** The list of signed-in devices on /account. */
function devices(page: Page) {
  return page.getByRole("region", { name: "Signed-in devices" }).getByRole("listitem");
}

describe("/account", () => {
  it("lists both signed-in devices and signs the other one out", async (t) => {
    const user = await createUserViaApi();
    // The second device: a phone, in its own browser context.
    const phone = await browser.newContext({
      baseURL,
      viewport: PHONE,
      userAgent: ANDROID_UA,
      extraHTTPHeaders: { "CF-Connecting-IP": testIp() },
    });
    try {
      const phonePage = await phone.newPage();
      await signIn(phonePage, user);

      await withPage(t, browser, async ({ page }) => {
        await signIn(page, user);
        await page.goto("/dashboard");
        await hydrated(page);
        await page.getByRole("link", { name: "Account" }).click();
        await page.waitForURL("**/account");
        await page.getByRole("heading", { name: "Your account", level: 1 }).waitFor();
        assert.equal(await page.title(), "Your account · Campus");
        // This browser, the phone, and the API client that registered the account.
        assert.equal(await devices(page).count(), 3);
        await devices(page).filter({ hasText: "This device" }).getByText("Chrome on Linux").waitFor();
        await devices(page).filter({ hasText: "Chrome on Android" }).waitFor();

        await page.getByRole("button", { name: /^Sign out Chrome on Android/ }).click();
        await page.getByRole("status").filter({ hasText: "That device has been signed out." }).waitFor();
        await devices(page).filter({ hasText: "Chrome on Android" }).waitFor({ state: "detached" });
        assert.equal(await devices(page).count(), 2);
        assert.equal(await devices(page).filter({ hasText: "Chrome on Android" }).count(), 0);
      });

      // The phone is signed out: a guarded page sends it to sign in, and the top bar says Login.
      await phonePage.goto("/purchases");
      await phonePage.waitForURL("**/login");
      await phonePage.getByRole("link", { name: "Login" }).waitFor();
    } finally {
      await phone.close();
    }
  });

  it("changes the password: 'Saving...' while it saves, then the new password signs in and the old one does not", async (t) => {
    await withPage(t, browser, async ({ page, allowConsoleError }) => {
      // The wrong current password (403) and the old password after the change (401) are expected.
      allowConsoleError(/status of 40[13]/);
      const user = await createUserViaApi();
      await signIn(page, user);
      await page.goto("/account");
      await hydrated(page);
      await page.getByLabel("Current password").fill("not the password");
      await page.getByLabel("New password").fill("a-brand-new-password");
      await page.getByRole("button", { name: "Change password" }).click();
      await page.getByRole("alert").getByText("Your current password is incorrect.").waitFor();

      // The form's POST is held back until the pending state has been seen.
      const post = gate();
      await page.route("**/*", async (route) => {
        if (route.request().method() === "POST") await post.held;
        await route.continue();
      });
      await page.getByLabel("Current password").fill(user.password);
      await page.getByLabel("New password").fill("a-brand-new-password");
      await page.getByRole("button", { name: "Change password" }).click();
      const saving = page.getByRole("button", { name: "Saving..." });
      await saving.waitFor();
      assert.equal(await saving.isDisabled(), true);
      post.release();
      await page.getByRole("status").filter({ hasText: "Your password has been changed." }).waitFor();
      // The form is emptied after a success.
      assert.equal(await page.getByLabel("New password").inputValue(), "");
      await page.unroute("**/*");

      await page.getByRole("button", { name: "Logout" }).click();
      await onSignInPage(page);
      await hydrated(page);
      await page.getByLabel("E-mail").fill(user.email);
      await page.getByLabel("Password").fill(user.password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.getByRole("alert").getByText("Incorrect e-mail or password.").waitFor();
      await signInThroughForm(page, { ...user, password: "a-brand-new-password" });
      assert.equal(new URL(page.url()).pathname, "/dashboard");
    });
  });

  it("works without JavaScript: signing out everywhere else", async (t) => {
    const user = await createUserViaApi();
    const other = await browser.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": testIp() } });
    try {
      await signIn(await other.newPage(), user);
      await withPage(
        t,
        browser,
        async ({ page }) => {
          await page.goto("/login");
          await page.getByLabel("E-mail").fill(user.email);
          await page.getByLabel("Password").fill(user.password);
          await page.getByRole("button", { name: "Sign In", exact: true }).click();
          await page.waitForURL("**/dashboard");
          await page.goto("/account");
          // This browser, the other one, and the API client that registered the account.
          assert.equal(await devices(page).count(), 3);
          await page.getByRole("button", { name: "Sign out everywhere else" }).click();
          await page.getByRole("status").filter({ hasText: "Every other device has been signed out." }).waitFor();
          assert.equal(await devices(page).count(), 1);
          await page.getByText("No other device is signed in.").waitFor();
        },
        { javaScriptEnabled: false },
      );
    } finally {
      await other.close();
    }
  });

  for (const scheme of ["light", "dark"] as const) {
    it(`looks right at 360 and 1280 px (${scheme})`, async (t) => {
      mkdirSync(SHOTS, { recursive: true });
      const user = await createUserViaApi();
      const phone = await browser.newContext({
        baseURL,
        viewport: PHONE,
        userAgent: ANDROID_UA,
        extraHTTPHeaders: { "CF-Connecting-IP": testIp() },
      });
      try {
        await signIn(await phone.newPage(), user);
        for (const [label, viewport] of [
          ["360", PHONE],
          ["1280", DESKTOP],
        ] as const) {
          await withPage(
            t,
            browser,
            async ({ page }) => {
              await page.emulateMedia({ colorScheme: scheme });
              await signIn(page, user);
              await page.goto("/account");
              await hydrated(page);
              // Nothing sticks out sideways on a phone.
              assert.ok(
                await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
                "no horizontal scroll",
              );
              await shot(page, { path: `${SHOTS}/account-${label}-${scheme}.png`, fullPage: true });
            },
            { viewport },
          );
        }
      } finally {
        await phone.close();
      }
    });
  }

  it("a Google account shows 'Verified through Google' and may set a password right after signing in", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.goto("/login");
      await hydrated(page);
      await page.getByRole("button", { name: "Continue with Google" }).click();
      await page.getByRole("heading", { name: "Fake Google" }).waitFor();
      await page.getByRole("button", { name: /no name on this account/ }).click();
      await page.waitForURL("**/dashboard");
      await page.goto("/account");
      await hydrated(page);
      await page.getByText("Verified through Google").waitFor();
      await page.getByRole("heading", { name: "Set a password" }).waitFor();
      assert.equal(await page.getByLabel("Current password").count(), 0);
      mkdirSync(SHOTS, { recursive: true });
      await shot(page, { path: `${SHOTS}/account-google-1280-light.png`, fullPage: true });
    });
  });
});
