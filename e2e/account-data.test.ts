// "Your data" on /account. Download my data (a file saved by the browser), and delete my
// account through the app's confirmation dialog, after which the browser is signed out and the
// account cannot sign in again.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { createUserViaApi, hydrated, PHONE, sharedBrowser, shot, signIn, withPage, onSignInPage } from "./harness.ts";

const browser = sharedBrowser();

const SHOTS = "test-results/screenshots/account-data";

function yourData(page: Page) {
  return page.getByRole("region", { name: "Your data" });
}

function confirmDialog(page: Page) {
  return page.getByRole("dialog", { name: "Delete your account?" });
}

describe("/account: your data", () => {
  it("downloads my data as a JSON file", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      const user = await createUserViaApi();
      await signIn(page, user);
      await page.goto("/account");
      await hydrated(page);
      await yourData(page).getByText("India's Digital Personal Data Protection Act").waitFor();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        yourData(page).getByRole("link", { name: "Download my data" }).click(),
      ]);
      assert.match(download.suggestedFilename(), /^campus-my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(readFileSync(await download.path(), "utf8")) as {
        account: { email: string; name: string };
        devices: { current: boolean }[];
      };
      assert.equal(data.account.email, user.email);
      assert.equal(data.account.name, user.name);
      assert.ok(data.devices.some((d) => d.current));
      // Still on the page: a download is not a navigation.
      assert.equal(new URL(page.url()).pathname, "/account");
    });
  });

  it("deletes my account after the confirmation dialog: signed out, told so, and the password no longer signs in", async (t) => {
    await withPage(t, browser, async ({ page, allowConsoleError }) => {
      // The wrong password (403) and the sign-in after deletion (401) are expected.
      allowConsoleError(/status of 40[13]/);
      const user = await createUserViaApi();
      await signIn(page, user);
      await page.goto("/account");
      await hydrated(page);
      const section = yourData(page);

      // Cancel asks nothing of the server and keeps the account.
      await section.getByLabel("Your password").fill(user.password);
      await section.getByRole("button", { name: "Delete my account" }).click();
      await confirmDialog(page).waitFor();
      await confirmDialog(page).getByRole("button", { name: "Keep my account" }).click();
      await confirmDialog(page).waitFor({ state: "hidden" });
      assert.equal(new URL(page.url()).pathname, "/account");

      // A wrong password: refused, on the page.
      await section.getByLabel("Your password").fill("not my password");
      await section.getByRole("button", { name: "Delete my account" }).click();
      await confirmDialog(page).getByRole("button", { name: "Delete my account" }).click();
      await section
        .getByRole("alert")
        .getByText("That password is incorrect, so your account has not been deleted.")
        .waitFor();

      await section.getByLabel("Your password").fill(user.password);
      await section.getByRole("button", { name: "Delete my account" }).click();
      mkdirSync(SHOTS, { recursive: true });
      await confirmDialog(page).waitFor();
      await shot(page, { path: `${SHOTS}/delete-dialog-1280-light.png` });
      await confirmDialog(page).getByRole("button", { name: "Delete my account" }).click();
      await page.waitForURL("**/account/deleted");
      await page.getByRole("heading", { name: "Your account has been deleted", level: 1 }).waitFor();
      assert.equal(await page.title(), "Account deleted · Campus");
      await page.getByRole("link", { name: "Login" }).waitFor();

      // A guarded page sends the browser to sign in; the old password is refused there.
      await page.goto("/account");
      await onSignInPage(page);
      await hydrated(page);
      await page.getByLabel("E-mail").fill(user.email);
      await page.getByLabel("Password").fill(user.password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.getByRole("alert").getByText("Incorrect e-mail or password.").waitFor();
    });
  });

  it("an account without a password (Google) deletes itself with a code e-mailed to its address", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.goto("/login");
      await hydrated(page);
      await page.getByRole("button", { name: "Continue with Google" }).click();
      await page.getByRole("heading", { name: "Fake Google" }).waitFor();
      await page.getByRole("button", { name: /no name on this account/ }).click();
      await page.waitForURL("**/dashboard");
      await page.goto("/account");
      await hydrated(page);
      const section = yourData(page);
      assert.equal(await section.getByLabel("Your password").count(), 0);
      await section.getByRole("button", { name: "E-mail me a code" }).click();
      await section.getByRole("status").getByText("We sent a 6-digit code to student.two@example.com.").waitFor();
      mkdirSync(SHOTS, { recursive: true });
      await section.scrollIntoViewIfNeeded();
      await shot(page, { path: `${SHOTS}/your-data-google-1280-light.png` });
      // The development outbox is the mailbox here.
      const outbox = (await (await page.request.get("/api/dev/outbox?to=student.two@example.com")).json()) as {
        data: { subject: string; text: string }[];
      };
      const mail = outbox.data.find((m) => m.subject.startsWith("Your Campus account deletion code"));
      const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
      assert.ok(code, "a deletion code was mailed");
      await section.getByLabel("Code from the e-mail").fill(code);
      await section.getByRole("button", { name: "Delete my account" }).click();
      await confirmDialog(page).getByRole("button", { name: "Delete my account" }).click();
      await page.waitForURL("**/account/deleted");
      await page.getByRole("heading", { name: "Your account has been deleted", level: 1 }).waitFor();
      await page.getByRole("link", { name: "Login" }).waitFor();
    });
  });

  it("works without JavaScript: the download link and the delete form", async (t) => {
    await withPage(
      t,
      browser,
      async ({ page }) => {
        const user = await createUserViaApi();
        await page.goto("/login");
        await page.getByLabel("E-mail").fill(user.email);
        await page.getByLabel("Password").fill(user.password);
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await page.waitForURL("**/dashboard");
        await page.goto("/account");
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          yourData(page).getByRole("link", { name: "Download my data" }).click(),
        ]);
        assert.equal(
          (JSON.parse(readFileSync(await download.path(), "utf8")) as { account: { email: string } }).account.email,
          user.email,
        );
        // No dialog without JavaScript: typing the password is the deliberate step.
        await yourData(page).getByLabel("Your password").fill(user.password);
        await yourData(page).getByRole("button", { name: "Delete my account" }).click();
        await page.waitForURL("**/account/deleted");
        await page.getByRole("heading", { name: "Your account has been deleted", level: 1 }).waitFor();
      },
      { javaScriptEnabled: false },
    );
  });

  for (const scheme of ["light", "dark"] as const) {
    it(`looks right at 360 px (${scheme}), with the dialog open`, async (t) => {
      await withPage(
        t,
        browser,
        async ({ page }) => {
          await page.emulateMedia({ colorScheme: scheme });
          const user = await createUserViaApi();
          await signIn(page, user);
          await page.goto("/account");
          await hydrated(page);
          assert.ok(
            await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
            "no horizontal scroll",
          );
          mkdirSync(SHOTS, { recursive: true });
          await shot(page, { path: `${SHOTS}/account-360-${scheme}.png`, fullPage: true });
          await yourData(page).scrollIntoViewIfNeeded();
          await shot(page, { path: `${SHOTS}/your-data-360-${scheme}.png` });
          await yourData(page).getByLabel("Your password").fill(user.password);
          await yourData(page).getByRole("button", { name: "Delete my account" }).click();
          await confirmDialog(page).waitFor();
          await shot(page, { path: `${SHOTS}/delete-dialog-360-${scheme}.png` });
          await confirmDialog(page).getByRole("button", { name: "Delete my account" }).click();
          await page.waitForURL("**/account/deleted");
          await page.getByRole("link", { name: "Login" }).waitFor();
          await shot(page, { path: `${SHOTS}/deleted-360-${scheme}.png`, fullPage: true });
        },
        { viewport: PHONE },
      );
    });
  }
});
