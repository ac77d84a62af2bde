import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import {
  baseURL,
  createUserViaApi,
  DESKTOP,
  hydrated,
  painted,
  PHONE,
  sharedBrowser,
  shot,
  signIn,
  withPage,
} from "./harness.ts";

const browser = sharedBrowser();

const SHOTS = "/tmp/shots-google";

/** Picks an account on the fake Google's consent page. */
async function chooseAccount(page: Page, name: RegExp) {
  await page.getByRole("heading", { name: "Fake Google" }).waitFor();
  await page.getByRole("button", { name }).click();
}

/** Signs in to Campus, opens /googleclassroom and connects through the popup. */
async function connectInPopup(page: Page, account = /Aarav Gupta/) {
  await signIn(page, await createUserViaApi());
  await page.goto("/googleclassroom");
  await hydrated(page);
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("button", { name: "Connect Google Classroom" }).click(),
  ]);
  await chooseAccount(popup, account);
  await popup.waitForEvent("close");
}

describe("Google sign-in", () => {
  it("signs in through Google to /dashboard with the Google name and no code left in the URL", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      const seen: string[] = [];
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) seen.push(frame.url());
      });
      await page.goto("/auth");
      await hydrated(page);
      await page.getByRole("button", { name: "Continue with Google" }).click();
      await chooseAccount(page, /Aarav Gupta/);
      await page.waitForURL("**/dashboard");
      // A first Google sign-in makes the account: welcome, not welcome back.
      await page.getByRole("heading", { name: "Welcome to Campus, Aarav" }).waitFor();
      await page.getByRole("button", { name: "Logout" }).waitFor();
      // The app was reached with a one-time code, never with a session token, and cleaned it away.
      assert.ok(seen.some((url) => /\/auth\?code=/.test(url)));
      assert.ok(!seen.some((url) => /token=/.test(url)));
    });
  });

  it("an account without a name is called 'Google User'", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.goto("/login");
      await hydrated(page);
      await page.getByRole("button", { name: "Continue with Google" }).click();
      await chooseAccount(page, /no name on this account/);
      await page.waitForURL("**/dashboard");
      // Made today (here, or by an earlier test file of the same run): welcome, not welcome back.
      await page.getByRole("heading", { name: "Welcome to Campus, Google" }).waitFor();
    });
  });

  it("cancelling on Google's screen comes back to /auth with the message shown as given", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.goto("/login");
      await hydrated(page);
      await page.getByRole("button", { name: "Continue with Google" }).click();
      await chooseAccount(page, /^Cancel$/);
      await page.getByRole("alert").getByText("Google sign-in was cancelled. Please try again.").waitFor();
      await page.waitForURL((url) => url.pathname === "/auth" && url.search === "");
    });
  });
});

describe("Google Classroom", () => {
  it("connects in a popup and shows My Courses, Assignments and Notifications with the canned data", async (t) => {
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await connectInPopup(page);
        await page.getByText("aarav.gupta@example.com").waitFor();
        const token = await page.evaluate(() => localStorage.getItem("googleToken"));
        assert.equal(token?.split(".").length, 5, "the browser keeps the encrypted token");

        // My Courses
        const courses = page.getByRole("tabpanel");
        await courses.getByRole("heading", { name: "Data Structures" }).waitFor();
        assert.equal(await courses.getByRole("listitem").count(), 3);
        await courses.getByText("Prof. Rajiv Menon, Dr. Sana Iqbal").waitFor();
        await courses.getByText("ARCHIVED").waitFor();
        assert.equal(
          await courses
            .getByRole("link", { name: /Open in Classroom/ })
            .first()
            .getAttribute("href"),
          "https://classroom.google.com/c/c-ds",
        );

        // Assignments: active courses only, sorted by due date, undated last.
        await page.getByRole("tab", { name: "Assignments" }).click();
        const items = page.getByRole("tabpanel").getByRole("listitem");
        await items.first().waitFor();
        const titles = await items.locator("h3").allTextContents();
        assert.equal(titles.length, 10);
        assert.ok(!titles.includes("Isometric drawing sheet"), "archived course work is not listed");
        assert.equal(titles.at(-1), "Reading: asymptotic notation");
        assert.deepEqual(titles.slice(0, 2), ["Deadlock case study", "Linked list lab report"]);
        const labels = await items.locator("[data-due-tone]").allTextContents();
        for (const label of [
          "Overdue",
          "Due today",
          "Due tomorrow",
          "Due in 2 days",
          "Due in 5 days",
          "Due in 6 days",
          "No due date",
        ]) {
          assert.ok(labels.includes(label), `shows ${label}`);
        }
        assert.ok(
          labels.some((l) => /^Due \w{3}, \d+ \w+/.test(l)),
          "work 10 days away shows its full date",
        );
        const tone = (label: string) =>
          items
            .locator("[data-due-tone]", { hasText: new RegExp(`^${label}$`) })
            .first()
            .getAttribute("data-due-tone");
        assert.equal(await tone("Overdue"), "overdue");
        assert.equal(await tone("Due in 2 days"), "soon");
        assert.equal(await tone("Due in 5 days"), "later");
        assert.equal(await tone("No due date"), "none");
        // The submission's state in words; work turned in or returned is never overdue or due.
        const badges = async (title: string) =>
          (
            await items.filter({ hasText: title }).locator("[data-due-tone], [data-work-state]").allTextContents()
          ).sort();
        assert.deepEqual(await badges("Process scheduling problem set"), ["Turned in"]);
        assert.deepEqual(await badges("Deadlock case study"), ["Returned"]);
        assert.deepEqual(await badges("Binary tree quiz"), ["Assigned", "Due tomorrow"]);
        assert.deepEqual(await badges("Linked list lab report"), ["Missing", "Overdue"]);
        // Taken back by the student after turning it in: to do again.
        assert.deepEqual(await badges("Memory management quiz"), ["Assigned", "Due in 6 days"]);
        assert.equal(
          await items
            .filter({ hasText: "Linked list lab report" })
            .locator("[data-work-state]")
            .getAttribute("data-work-state"),
          "missing",
        );
        assert.doesNotMatch((await page.getByRole("tabpanel").textContent()) ?? "", /TURNED_IN|RETURNED|ASSIGNED/);
        await items.filter({ hasText: "Binary tree quiz" }).getByText("15 points").waitFor();
        const longText = await items
          .filter({ hasText: "Reading: asymptotic notation" })
          .locator("p")
          .last()
          .textContent();
        assert.ok(longText?.endsWith("..."));
        assert.equal(longText?.length, 203);

        // Notifications: off until enabled, then on.
        await page.getByRole("tab", { name: "Notifications" }).click();
        await page.getByRole("heading", { name: "Reminders are off" }).waitFor();
        await page.context().grantPermissions(["notifications"], { origin: baseURL });
        await page.getByRole("button", { name: "Enable notifications" }).click();
        await page.getByRole("heading", { name: "Reminders are on" }).waitFor();
        await page.getByText(/Reminders are on: we will remind you/).waitFor();
        await page.getByRole("button", { name: "Turn off reminders" }).waitFor();

        // Screenshots of the three tabs, phone and desktop, light and dark.
        mkdirSync(SHOTS, { recursive: true });
        for (const scheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          for (const [width, viewport] of [
            [360, PHONE],
            [1280, DESKTOP],
          ] as const) {
            await page.setViewportSize(viewport);
            for (const tab of ["My Courses", "Assignments", "Notifications"]) {
              await page.getByRole("tab", { name: tab }).click();
              await page.getByRole("tabpanel").waitFor();
              const overflow = await page.evaluate(
                () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
              );
              assert.equal(overflow, 0, `no horizontal overflow on ${tab} at ${width}px`);
              await shot(page, {
                path: `${SHOTS}/${tab.toLowerCase().replace(/ /g, "-")}-${width}-${scheme}.png`,
                fullPage: true,
              });
            }
          }
        }
      },
      { viewport: DESKTOP },
    );
  });

  it("reads courses and every course's work in one request (was 3 + one per course)", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      const seen: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith("/api/google/") || url.pathname === "/googleclassroom.data")
          seen.push(`${request.method()} ${url.pathname}`);
      });
      const loaded = async () => {
        await page.getByRole("tabpanel").getByRole("heading", { name: "Data Structures" }).waitFor();
        await page.getByRole("tab", { name: "Assignments" }).click();
        await page.getByRole("tabpanel").getByRole("heading", { name: "Deadlock case study" }).waitFor();
        await page.waitForTimeout(500);
      };
      // Connecting (the popup's own requests are the popup's).
      await connectInPopup(page);
      await loaded();
      assert.deepEqual(seen, ["POST /googleclassroom.data"]);
      // Opening the page again with the stored token: the reminders come with the page itself.
      seen.length = 0;
      await page.reload();
      await loaded();
      assert.deepEqual(seen, ["POST /googleclassroom.data"]);
    });
  });

  it("connects by a full redirect when the browser blocks the popup", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.addInitScript(() => {
        window.open = () => null;
      });
      await signIn(page, await createUserViaApi());
      await page.goto("/googleclassroom");
      await hydrated(page);
      await page.getByRole("button", { name: "Connect Google Classroom" }).click();
      await chooseAccount(page, /Aarav Gupta/);
      await page.waitForURL("**/googleclassroom");
      await page.getByRole("tabpanel").getByRole("heading", { name: "Operating Systems" }).waitFor();
      assert.equal(new URL(page.url()).search, "");
    });
  });

  it("/google/callback without a token goes to /googleclassroom with 'Authentication failed. Please try again.'", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.goto("/google/callback");
      await page.waitForURL("**/googleclassroom");
      await page.getByRole("alert").getByText("Authentication failed. Please try again.").waitFor();
      await page.getByRole("button", { name: "Connect Google Classroom" }).waitFor();
      assert.equal(new URL(page.url()).search, "");
    });
  });

  it("a link with ?token= (even a real Classroom token of someone else's) stores nothing and leaves a clean URL", async (t) => {
    // The attacker connects their own Classroom and takes the token their browser was given.
    let attackerToken = "";
    await withPage(t, browser, async ({ page }) => {
      await connectInPopup(page);
      await page.getByRole("tabpanel").getByRole("heading", { name: "Data Structures" }).waitFor();
      attackerToken = (await page.evaluate(() => localStorage.getItem("googleToken"))) ?? "";
    });
    assert.equal(attackerToken.split(".").length, 5);
    for (const link of ["ATTACKER", attackerToken]) {
      for (const path of ["/googleclassroom", "/google/callback"]) {
        await withPage(t, browser, async ({ page }) => {
          const seen: string[] = [];
          page.on("framenavigated", (frame) => {
            if (frame === page.mainFrame()) seen.push(frame.url());
          });
          // A token taken up by the page would be checked with the server: no such request may leave.
          const checks: string[] = [];
          page.on("request", (request) => {
            if (/\/api\/google\/(verify-token|courses)/.test(request.url())) checks.push(request.url());
          });
          await page.goto(`${path}?token=${encodeURIComponent(link)}`);
          await page.waitForURL("**/googleclassroom");
          await hydrated(page);
          // The page has decided it is not connected (it shows the button only after reading the
          // address and the storage), and painted that decision.
          await page.getByRole("button", { name: "Connect Google Classroom" }).waitFor();
          await painted(page);
          assert.deepEqual(checks, []);
          assert.equal(new URL(page.url()).search, "");
          // The token never reached a rendered page: the server redirected before rendering.
          assert.ok(
            seen.every((url) => !url.includes("token=")),
            seen.join(" "),
          );
          const stored = await page.evaluate(() => ({
            local: { ...localStorage },
            session: { ...sessionStorage },
            cookie: document.cookie,
          }));
          assert.deepEqual(stored.local, {});
          delete stored.session["react-router-scroll-positions"]; // React Router's own
          assert.deepEqual(stored.session, {});
          assert.equal(stored.cookie.includes("campus_gc"), false);
          const cookies = await page.context().cookies();
          assert.deepEqual(
            cookies.filter((c) => /campus_session|campus_gc/.test(c.name)),
            [],
          );
          assert.equal(await page.getByText("aarav.gupta@example.com").count(), 0);
        });
      }
    }
  });

  it("takes the popup's report only from Campus's own origin (a message from another page is ignored)", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await connectInPopup(page);
      await page.getByRole("tabpanel").getByRole("heading", { name: "Data Structures" }).waitFor();
      const token = await page.evaluate(() => localStorage.getItem("googleToken"));
      assert.ok(token);
      await page.getByRole("button", { name: "Disconnect" }).click();
      await page.getByRole("button", { name: "Connect Google Classroom" }).waitFor();

      const report = (origin: string) =>
        page.evaluate(
          ([from, value]) =>
            window.dispatchEvent(
              new MessageEvent("message", { origin: from, data: { type: "GOOGLE_AUTH_SUCCESS", token: value } }),
            ),
          [origin, token] as const,
        );
      // Every check of a token with the server, from here on.
      const checks: string[] = [];
      page.on("request", (request) => {
        // The screen's one read (its action, /googleclassroom.data) or any Google API call.
        const { pathname } = new URL(request.url());
        if (
          (pathname === "/googleclassroom.data" && request.method() === "POST") ||
          pathname.startsWith("/api/google/")
        )
          checks.push(request.url());
      });
      // The same message as the popup's, sent by a page of another origin: nothing happens. The
      // listener runs while the event is dispatched, so anything it stored is there already.
      await report("https://evil.example");
      assert.equal(await page.evaluate(() => localStorage.getItem("googleToken")), null);
      await painted(page);
      assert.equal(await page.getByText("Data Structures").count(), 0);
      await page.getByRole("button", { name: "Connect Google Classroom" }).waitFor();
      // From Campus's own origin the same message connects (so the check above is what refused it).
      await report(new URL(baseURL).origin);
      await page.getByRole("tabpanel").getByRole("heading", { name: "Data Structures" }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem("googleToken")), token);
      // One check of the token, the second message's: the first one started none, even later.
      assert.equal(checks.length, 1);
    });
  });

  it("removes a stored token that no longer verifies", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await page.goto("/googleclassroom");
      await hydrated(page);
      await page.getByRole("button", { name: "Connect Google Classroom" }).waitFor();
      await page.evaluate(() => localStorage.setItem("googleToken", "not-a-real-token"));
      await page.reload();
      await page.getByRole("alert").getByText("Authentication failed. Please try again.").waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem("googleToken")), null);
    });
  });

  it("disconnect clears the Google token, courses and assignments", async (t) => {
    await withPage(t, browser, async ({ page }) => {
      await connectInPopup(page);
      await page.getByRole("tabpanel").getByRole("heading", { name: "Data Structures" }).waitFor();
      await page.getByRole("button", { name: "Disconnect" }).click();
      await page.getByRole("button", { name: "Connect Google Classroom" }).waitFor();
      assert.equal(await page.getByText("Data Structures").count(), 0);
      assert.equal(await page.evaluate(() => localStorage.getItem("googleToken")), null);
      await page.reload();
      await page.getByRole("button", { name: "Connect Google Classroom" }).waitFor();
    });
  });

  it("explains API_NOT_ENABLED with the enable link and the advice to wait", async (t) => {
    await withPage(t, browser, async ({ page, allowConsoleError }) => {
      allowConsoleError(/status of 403/);
      await connectInPopup(page, /no name on this account/);
      await page.getByRole("tab", { name: "Assignments" }).click();
      const alert = page.getByRole("alert");
      await alert
        .getByText(/Google Classroom API has not been used in project/)
        .first()
        .waitFor();
      const link = alert.getByRole("link", { name: "Enable the Google Classroom API" });
      assert.match(
        (await link.getAttribute("href")) ?? "",
        /^https:\/\/console\.developers\.google\.com\/apis\/api\/classroom\.googleapis\.com/,
      );
      await alert.getByText(/then wait a few minutes for the change to take effect/).waitFor();
      // The other course's work still shows.
      await page.getByRole("tabpanel").getByText("Build a portfolio page").waitFor();
    });
  });
});
