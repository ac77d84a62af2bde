// Verifying a college e-mail in the browser: register, read the code from the development
// outbox, verify on /verify, and post.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  codeFromOutbox,
  createUserViaApi,
  gate,
  hydrated,
  newUser,
  PHONE,
  sharedBrowser,
  signIn,
  withPage,
} from "./harness.ts";

const browser = sharedBrowser();

const run = `${process.pid}${Date.now().toString(36)}`;
const isVerifyPost = (url: URL) => url.pathname.startsWith("/verify");

describe("verify a college e-mail", () => {
  it("register -> code from the outbox -> verified on /verify -> post a Study Swap request, listed", async (t) => {
    await withPage(t, browser, async ({ page, allowConsoleError }) => {
      // The wrong code's 400 is the expected answer.
      allowConsoleError(/status of 400/);
      const user = newUser("Meera Iyer");
      await page.goto("/register");
      await hydrated(page);
      await page.getByLabel("Name").fill(user.name);
      await page.getByLabel("E-mail").fill(user.email);
      await page.getByLabel("Password").fill(user.password);
      await page.getByRole("button", { name: "Register", exact: true }).click();
      await page.waitForURL("**/dashboard");

      await page.goto("/verify?returnTo=/find-writer");
      await page.getByRole("heading", { name: "Verify your college e\u2011mail" }).waitFor();
      await page.getByText(user.email).waitFor();
      await hydrated(page);
      // A wrong code first: the error, tied to the field.
      const code = await codeFromOutbox(user.email);
      await page.getByLabel("Verification code").fill(String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      await page.getByText("That code is not right. 4 tries left.").waitFor();
      assert.equal(await page.getByLabel("Verification code").getAttribute("aria-invalid"), "true");

      await page.getByLabel("Verification code").fill(code);
      const { held, release } = gate();
      await page.route(isVerifyPost, async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      });
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      const busy = page.getByRole("button", { name: "Verifying..." });
      await busy.waitFor();
      assert.equal(await busy.isDisabled(), true);
      release();
      await page.waitForURL("**/find-writer");

      const title = `Verified student's OS assignment ${run}`;
      await hydrated(page);
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Category / Subject").fill(`Operating Systems ${run}`);
      await page.getByLabel("Details").fill("Explain paging with two worked examples.");
      await page.getByLabel("Contact (e-mail or phone)").fill(user.email);
      await page.getByRole("button", { name: "Post Request" }).click();
      await page.getByText("Your request has been posted successfully! Helpers can now see it.").waitFor();
      await page.goto("/become-writer");
      await page.getByRole("heading", { name: title }).waitFor();
    });
  });

  it("without JavaScript: /verify takes the code and returns to where the student was", async (t) => {
    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        allowConsoleError(/status of 400/);
        const user = await createUserViaApi(newUser(), { verified: false });
        await page.goto("/login");
        await page.getByLabel("E-mail").fill(user.email);
        await page.getByLabel("Password").fill(user.password);
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await page.waitForURL("**/dashboard");
        await page.goto("/verify?returnTo=/account");
        const code = await codeFromOutbox(user.email);
        await page.getByLabel("Verification code").fill(String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
        await page.getByRole("button", { name: "Verify", exact: true }).click();
        await page.getByText("That code is not right. 4 tries left.").waitFor();
        await page.getByLabel("Verification code").fill(code);
        await page.getByRole("button", { name: "Verify", exact: true }).click();
        await page.waitForURL("**/account");
        await page.goto("/verify");
        await page.getByText("Verified CIT student").waitFor();
      },
      { javaScriptEnabled: false },
    );
  });

  it("createUserViaApi gives a verified account by default (the outbox code, sent to POST /api/auth/verify)", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      const user = await createUserViaApi();
      await signIn(page, user);
      await page.goto("/verify");
      await page.getByText("you are a Verified CIT student.").waitFor();
    });
  });

  it("the verify banner (on /account): the code through the fetcher, and the page comes back verified", async (t) => {
    await withPage(t, browser, async ({ page, allowConsoleError }) => {
      allowConsoleError(/status of 400/);
      const user = await createUserViaApi(newUser(), { verified: false });
      await signIn(page, user);
      await page.goto("/account");
      await hydrated(page);
      const banner = page.locator("section", {
        has: page.getByRole("heading", { name: /^Verify your college e-mail to / }),
      });
      const code = await codeFromOutbox(user.email);
      await banner.getByLabel("Verification code").fill(String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
      await banner.getByRole("button", { name: "Verify" }).click();
      await banner.getByRole("alert").getByText("That code is not right. 4 tries left.").waitFor();
      assert.equal(new URL(page.url()).pathname, "/account");
      await banner.getByLabel("Verification code").fill(code);
      await banner.getByRole("button", { name: "Verify" }).click();
      await page.getByText("Verified CIT student").waitFor();
      assert.equal(await banner.count(), 0);
      assert.equal(new URL(page.url()).pathname, "/account");
    });
  });

  it("the /verify screen at 360 px", async (t) => {
    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        // The 429 of "a code less than a minute ago" is the expected answer.
        allowConsoleError(/status of 429/);
        const user = await createUserViaApi(newUser(), { verified: false });
        await signIn(page, user);
        await page.goto("/verify");
        await hydrated(page);
        await page.getByRole("button", { name: "Send a new code" }).click();
        await page.getByText("We sent a code less than a minute ago.").waitFor();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 360, `no sideways scrolling at 360 px (${width})`);
      },
      { viewport: PHONE },
    );
  });
});
