// The third round of hardening in the browser: the Report control tells an unverified student why
// they cannot report (decision 0094); a student who claimed their address from an account someone
// else set up is asked to confirm the name (decision 0095); a moderator lifts a suspension on /staff.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  baseURL,
  createUserViaApi,
  DESKTOP,
  hydrated,
  listViaApi,
  newUser,
  sharedBrowser,
  shot,
  signIn,
  tokenOf,
  withPage,
} from "./harness.ts";
import { api, grantRole, themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/hardening";
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);
const browser = sharedBrowser(SHOTS);

async function listProduct(seller: { email: string; password: string }, title: string): Promise<string> {
  return listViaApi(
    await tokenOf(seller),
    {
      title,
      description: "Barely used, all pages intact.",
      price: "250",
      sellerName: "Seller",
      whatsappNumber: "9876543210",
    },
    PNG,
  );
}

/** The reset code mailed to `email` (after the answer: waits for it). */
async function resetCode(email: string): Promise<string> {
  for (let tries = 0; tries < 50; tries += 1) {
    const res = await fetch(`${baseURL}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const { data } = (await res.json()) as { data: { subject: string; text: string }[] };
    const code = data
      .filter((m) => m.subject.startsWith("Your Campus password reset code"))
      .map((m) => /\b(\d{6})\b/.exec(m.text)?.[1])[0];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("no reset code in the outbox");
}

describe("third round of hardening", () => {
  it("an unverified student's Report control says to verify first, with a link to the code", async (t) => {
    const [seller, viewer] = await Promise.all([
      createUserViaApi(newUser("Asha Seller")),
      createUserViaApi(newUser("Unverified Viewer"), { verified: false }),
    ]);
    const title = `Engineering drawing kit ${Date.now()}`;
    await listProduct(seller, title);
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, viewer);
        // A listing is reported from its own page: Browse's cards carry no report form.
        await page.goto(`/all-products?q=${encodeURIComponent(title)}`);
        await hydrated(page);
        const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
        assert.equal(await card.getByText("Report", { exact: true }).count(), 0);
        await card.getByRole("link", { name: title }).click();
        await page.getByRole("heading", { name: title, level: 1 }).waitFor();
        await hydrated(page);
        await page.getByText("Report", { exact: true }).click();
        await page.getByText("Verify your college e-mail to report content.").waitFor();
        assert.equal(await page.getByRole("button", { name: "Send report" }).count(), 0);
        assert.equal(await page.getByRole("link", { name: "Enter your code" }).count(), 1);
        await themedShots(page, SHOTS, "report-unverified");
      },
      { viewport: DESKTOP },
    );
  });

  it("a claimed account asks for the name on the dashboard; saving it lands on /account with the new name", async (t) => {
    const squatter = await createUserViaApi(newUser("Squatter Sam"), { verified: false });
    assert.equal(
      (await api("/api/auth/password-reset", { method: "POST", body: JSON.stringify({ email: squatter.email }) }))
        .status,
      200,
    );
    const password = "the real owner 2026";
    const confirmed = await api("/api/auth/password-reset/confirm", {
      method: "POST",
      body: JSON.stringify({ email: squatter.email, code: await resetCode(squatter.email), password }),
    });
    assert.equal(confirmed.status, 200);
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, { ...squatter, password });
        await page.goto("/dashboard");
        await hydrated(page);
        await page.getByRole("heading", { name: "Is this your name?" }).waitFor();
        const field = page.getByLabel("Your name", { exact: true });
        assert.equal(await field.inputValue(), "Squatter Sam");
        await themedShots(page, SHOTS, "confirm-name-dashboard");
        await field.fill("Riya Sharma");
        await page.getByRole("button", { name: "Save name" }).click();
        await page.waitForURL("**/account");
        await page.getByText("Your name is saved.").waitFor();
        assert.equal(await page.getByRole("heading", { name: "Is this your name?" }).count(), 0);
        await page.getByText("Riya Sharma", { exact: true }).first().waitFor();
        await themedShots(page, SHOTS, "confirm-name-saved");
      },
      { viewport: DESKTOP },
    );
  });

  it("a moderator lifts a student's suspension from /staff; the student is told", async (t) => {
    const [student, moderator] = await Promise.all([
      createUserViaApi(newUser("Kiran Suspended")),
      createUserViaApi(newUser("Dev Moderator")),
    ]);
    assert.match(await grantRole(moderator.email, "moderator"), /is now/);
    const id = await listProduct(student, `Calculator ${Date.now()}`);
    const suspended = await api("/api/moderation/actions", {
      method: "POST",
      token: await tokenOf(moderator),
      body: JSON.stringify({ action: "suspend", kind: "listing", id, reason: "Repeated fake listings.", days: 7 }),
    });
    assert.equal(suspended.status, 200);
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, moderator);
        await page.goto("/staff");
        await hydrated(page);
        const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Kiran Suspended" }) });
        await card.getByText("Repeated fake listings.", { exact: false }).waitFor();
        await card.getByText("Lift the suspension").click();
        await card.getByLabel("Note the student will see").fill("Your appeal was accepted.");
        await themedShots(page, SHOTS, "suspended-students");
        await card.getByRole("button", { name: "Lift suspension" }).click();
        await card.getByText("The suspension is lifted. The student is told.").waitFor();
        await shot(page, { path: `${SHOTS}/suspension-lifted.png`, fullPage: true });
      },
      { viewport: DESKTOP },
    );
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, student);
        await page.goto("/notifications");
        await hydrated(page);
        await page.getByText("Your suspension is lifted").first().waitFor();
        // The suspension's own notice stays in the inbox; the banner of a suspended account is gone.
        assert.equal(await page.getByRole("heading", { name: /^Your account is suspended until/ }).count(), 0);
      },
      { viewport: DESKTOP },
    );
  });
});
