// Password reset in the browser: "Forgot password?" on the sign-in screen, a code from the
// development outbox, a new password; every earlier session ends.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import {
  baseURL,
  createUserViaApi,
  gate,
  hydrated,
  newUser,
  PHONE,
  sharedBrowser,
  shot,
  signIn,
  signInThroughForm,
  testIp,
  withPage,
} from "./harness.ts";

const browser = sharedBrowser();

const SHOTS = "/work/briefs/shots";

/** The reset code in the outbox; it is mailed just after the answer (waitUntil), so this waits up to 5 s for it. */
async function resetCode(email: string): Promise<string> {
  for (let tries = 0; tries < 50; tries += 1) {
    const res = await fetch(`${baseURL}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const { data } = (await res.json()) as { data: { subject: string; text: string }[] };
    const mail = data.find((m) => m.subject.startsWith("Your Campus password reset code"));
    const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("no reset code in the outbox");
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await shot(page, { path: `${SHOTS}/mail-${name}.png`, fullPage: true });
}

describe("password reset", () => {
  it("Forgot password? -> code from the outbox -> new password; the old session is signed out", async (t) => {
    await withPage(
      t,
      browser,
      async ({ page }) => {
        const user = await createUserViaApi();
        // A session elsewhere (the API's token), which the reset must end.
        const login = await fetch(`${baseURL}/api/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": testIp() },
          body: JSON.stringify({ email: user.email, password: user.password }),
        });
        const { token } = ((await login.json()) as { data: { token: string } }).data;

        await page.goto("/login");
        await hydrated(page);
        await page.getByRole("link", { name: "Forgot password?" }).click();
        await page.getByRole("heading", { name: "Reset your password" }).waitFor();
        await hydrated(page);
        await shoot(page, "reset-request-360");
        await page.getByLabel("E-mail", { exact: true }).fill(user.email);
        const { held, release } = gate();
        await page.route(
          (url) => url.pathname.startsWith("/reset-password"),
          async (route) => {
            if (route.request().method() === "POST") await held;
            await route.continue();
          },
        );
        await page.getByRole("button", { name: "Send code" }).click();
        const busy = page.getByRole("button", { name: "Sending..." });
        await busy.waitFor();
        assert.equal(await busy.isDisabled(), true);
        release();
        await page.getByText("If an account uses that address, we have e-mailed it a 6-digit code.").waitFor();
        assert.equal(await page.getByLabel("E-mail", { exact: true }).inputValue(), user.email);
        await page.getByLabel("Code from the e-mail").fill(await resetCode(user.email));
        await page.getByLabel("New password").fill("my new e2e password");
        await shoot(page, "reset-code-360");
        await page.getByRole("button", { name: "Set new password" }).click();
        await page.getByText("Your password has been changed and every device has been signed out.").waitFor();
        await shoot(page, "reset-done-360");

        const me = await fetch(`${baseURL}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
        assert.equal(me.status, 401);
        await page.getByRole("link", { name: "Sign in" }).last().click();
        await signInThroughForm(page, { ...user, password: "my new e2e password" });
        assert.equal(new URL(page.url()).pathname, "/dashboard");
      },
      { viewport: PHONE },
    );
  });

  it("without JavaScript, the same two steps", async (t) => {
    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        allowConsoleError(/status of 400/);
        const user = await createUserViaApi(newUser());
        await page.goto("/reset-password");
        await page.getByLabel("E-mail", { exact: true }).fill(user.email);
        await page.getByRole("button", { name: "Send code" }).click();
        await page.getByText("If an account uses that address").waitFor();
        const code = await resetCode(user.email);
        await page.getByLabel("Code from the e-mail").fill(String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
        await page.getByLabel("New password").fill("another new password");
        await page.getByRole("button", { name: "Set new password" }).click();
        await page.getByText("That code is wrong or has expired.").waitFor();
        await page.getByLabel("Code from the e-mail").fill(code);
        await page.getByLabel("New password").fill("another new password");
        await page.getByRole("button", { name: "Set new password" }).click();
        await page.getByText("Your password has been changed").waitFor();
      },
      { javaScriptEnabled: false },
    );
  });

  it("the verify form on /account (unverified college account) and /verify, 360 px light and dark", async (t) => {
    for (const colorScheme of ["light", "dark"] as const) {
      await withPage(
        t,
        browser,
        async ({ page }) => {
          const user = await createUserViaApi(newUser(), { verified: false });
          await signIn(page, user);
          await page.goto("/account");
          await page.getByText("Not verified").waitFor();
          await page.getByLabel("Verification code").waitFor();
          await shot(page.locator("section", { has: page.getByText("Not verified") }).first(), {
            path: `${SHOTS}/mail-account-banner-360-${colorScheme}.png`,
          });
          await page.goto("/verify");
          await shoot(page, `verify-360-${colorScheme}`);
          await page.goto("/reset-password?step=code");
          await shoot(page, `reset-code-step-360-${colorScheme}`);
        },
        { viewport: PHONE, colorScheme },
      );
    }
  });
});
