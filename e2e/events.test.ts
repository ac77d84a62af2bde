// Events and clubs through the real UI at 360 px (docs/decisions/0130-the-waiting-list.md): a club's
// lead publishes an event with one place on /events/new; a student follows the club on its page,
// finds the event full and joins the waiting list; when the one going drops out the student is
// moved up, sees "You are going." and finds the event on the dashboard's Today. At 10:00 India time
// of today, the event at 18:00, so it is today's whenever the run is. Screenshots light and dark.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  baseURL,
  clockAt,
  createUserViaApi,
  hydrated,
  newUser,
  PHONE,
  sharedBrowser,
  signIn,
  testIp,
  todayInIndiaAt,
  tokenOf,
  withPage,
} from "./harness.ts";
import { grantRole, themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/events";
const browser = sharedBrowser(SHOTS);

describe("events and clubs", () => {
  it("a lead publishes, a student follows, waits, is moved up and sees the event on Today", async (t) => {
    const clock = clockAt(todayInIndiaAt("10:00"));
    const today = new Date(clock.at + 330 * 60_000).toISOString().slice(0, 10);
    /** An API call at the test's moment. */
    const call = async (path: string, method: string, token: string, body?: unknown) =>
      fetch(`${baseURL}${path}`, {
        method,
        headers: {
          "Content-Type": "application/json",
          "CF-Connecting-IP": testIp(),
          Authorization: `Bearer ${token}`,
          ...clock.headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    const [admin, lead, student, filler] = await Promise.all([
      createUserViaApi(newUser("Farah Admin")),
      createUserViaApi(newUser("Asha Lead")),
      createUserViaApi(newUser("Rohan Student")),
      createUserViaApi(newUser("Early Bird")),
    ]);
    await grantRole(admin.email, "admin");
    const adminToken = await tokenOf(admin);
    const clubName = `Robotics ${Date.now().toString(36)}`;
    const made = await call("/api/clubs", "POST", adminToken, { name: clubName, description: "We build robots." });
    assert.equal(made.status, 201, await made.clone().text());
    const clubId = ((await made.json()) as { data: { id: string } }).data.id;
    const named = await call(`/api/clubs/${clubId}/leads`, "POST", adminToken, { email: lead.email });
    assert.equal(named.status, 201, await named.clone().text());

    // The lead publishes on /events/new at 360 px.
    const title = `Line follower race ${Date.now().toString(36)}`;
    let eventPath = "";
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, lead);
        await page.goto("/events/new");
        await hydrated(page);
        await page.getByLabel("Club").selectOption({ label: clubName });
        await page.getByLabel("Title").fill(title);
        await page.getByLabel("Category").selectOption("technical");
        await page.getByLabel("Places (optional)").fill("1");
        await page.getByLabel("Starts (India time)").fill(`${today}T18:00`);
        await page.getByLabel("Ends (India time)").fill(`${today}T20:00`);
        await page.getByLabel("Or the place in words").fill("Lab 3");
        await themedShots(page, SHOTS, "event-new");
        await page.getByRole("button", { name: "Publish" }).click();
        await page.getByRole("heading", { name: title }).waitFor();
        eventPath = new URL(page.url()).pathname;
        assert.match(eventPath, /^\/events\/[0-9a-f-]{36}$/);
        await themedShots(page, SHOTS, "event-lead");
      },
      { viewport: PHONE, clock },
    );
    const eventId = eventPath.split("/").pop()!;

    // Someone takes the one place first.
    const fillerToken = await tokenOf(filler);
    assert.equal((await call(`/api/events/${eventId}/going`, "PUT", fillerToken)).status, 200);

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, student);
        // Follow the club on its page.
        await page.goto(`/clubs/${clubId}`);
        await hydrated(page);
        await page.getByRole("button", { name: `Follow ${clubName}` }).click();
        await page.getByRole("button", { name: `Unfollow ${clubName}` }).waitFor();
        await themedShots(page, SHOTS, "club");
        // The event is full: join the waiting list.
        await page.getByRole("link", { name: title }).click();
        await page.getByRole("heading", { name: title }).waitFor();
        await page.getByRole("button", { name: "Join the waiting list" }).click();
        await page.getByText("You are number 1 on the waiting list.", { exact: true }).waitFor();
        await themedShots(page, SHOTS, "event-waiting");

        // The one going drops out: the student is moved up.
        assert.equal((await call(`/api/events/${eventId}/going`, "DELETE", fillerToken)).status, 200);
        await page.reload();
        await page.getByText("You are going.", { exact: true }).waitFor();

        // Today has it, two taps from /events and back.
        await page.goto("/");
        const events = page.getByRole("heading", { name: "Events", exact: true }).locator("..");
        await events.getByRole("link", { name: title }).waitFor();
        assert.match(await events.innerText(), /18:00 · Lab 3 · you are going/);
        await themedShots(page, SHOTS, "today");
        await events.getByRole("link", { name: "See all events" }).click();
        await page.getByRole("heading", { name: "Events", level: 1 }).waitFor();
        await page.getByRole("link", { name: title }).waitFor();
        await themedShots(page, SHOTS, "events");
      },
      { viewport: PHONE, clock },
    );
  });
});
