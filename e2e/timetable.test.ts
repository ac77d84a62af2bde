// The timetable through the real UI (docs/decisions/0109-timetable-and-attendance.md): a curator sets
// a class's week on its page; a student picks the class on their first visit to /timetable, marks
// one class from the dashboard's Today (decision 0112), sees today's list, marks the rest with one
// tap per class and reads "You can miss 1 more and stay at
// 75%." on /attendance. At a fixed hour of today, so the classes have started whenever the run is.
// Screenshots at 360 px and 1280 px, light and dark.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  clockAt,
  createUserViaApi,
  hydrated,
  IST_OFFSET_MS,
  newUser,
  sharedBrowser,
  signIn,
  todayInIndiaAt,
  tokenOf,
  withPage,
} from "./harness.ts";
import { api, grantRole, localSql, themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/timetable";
const browser = sharedBrowser(SHOTS);
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

describe("a class timetable and attendance", () => {
  it("a curator sets the week, a student picks the class, marks today's classes and reads the arithmetic", async (t) => {
    const clock = clockAt(todayInIndiaAt("13:00"));
    const today = new Date(clock.at + IST_OFFSET_MS).toISOString().slice(0, 10);
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay() || 7;
    const curator = await createUserViaApi(newUser("Kiran Rao"));
    // No command grants a curator (a campus admin does, in the app): the row an operator's grant makes.
    await localSql(
      `INSERT INTO staff_roles (id, user_id, campus_id, role, granted_at) SELECT lower(hex(randomblob(16))), id, 'cit', 'curator', 0 FROM users WHERE email = '${curator.email}'`,
    );
    const token = await tokenOf(curator);
    const section = `E${Date.now().toString(36).slice(-5).toUpperCase()}`;
    const made = await api("/api/timetable/classes", {
      method: "POST",
      token,
      body: JSON.stringify({ semesterId: "cit-btech-cse-s1", section }),
    });
    assert.equal(made.status, 201, await made.clone().text());
    const cls = ((await made.json()) as { data: { id: string; label: string } }).data;
    // Three of today's morning classes through the API; the fourth through the class's page below.
    for (const [startsAt, endsAt, subjectId] of [
      ["08:00", "08:50", "cit-btech-cse-s1-cse-101"],
      ["09:00", "09:50", "cit-btech-cse-s1-cse-102"],
      ["10:00", "10:50", "cit-btech-cse-s1-cse-103"],
    ])
      assert.equal(
        (
          await api("/api/timetable/periods", {
            method: "POST",
            token,
            body: JSON.stringify({ classId: cls.id, weekday, startsAt, endsAt, subjectId, kind: "lecture" }),
          })
        ).status,
        201,
      );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, curator);
        await page.goto(`/timetable/class/${cls.id}/edit`);
        await hydrated(page);
        await page.getByRole("heading", { name: `Week of ${cls.label}`, level: 1 }).waitFor();
        const add = page.locator("form", { has: page.getByRole("button", { name: "Add period" }) });
        await add.getByLabel("Day").selectOption(String(weekday));
        await add.getByLabel("Starts").fill("11:00");
        await add.getByLabel("Ends").fill("11:50");
        await add.getByLabel("Subject").selectOption({ label: "CSE-112 Programming in C" });
        await add.getByLabel("Kind").selectOption("lab");
        await add.getByLabel("Room").fill("Computer Lab 1");
        await add.getByRole("button", { name: "Add period" }).click();
        await page.getByText("11:00–11:50 Programming in C").waitFor();
        await page.getByRole("heading", { name: WEEKDAYS[weekday - 1], level: 3 }).waitFor();
        await themedShots(page, SHOTS, "class-week");
      },
      { clock },
    );

    const student = await createUserViaApi(newUser("Asha Verma"));
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, student);
        await page.goto("/timetable");
        await hydrated(page);
        await page.getByRole("heading", { name: "Choose your class" }).waitFor();
        await themedShots(page, SHOTS, "choose-class");
        await page.getByLabel("Your class", { exact: true }).selectOption({ label: cls.label });
        await page.getByRole("button", { name: "Use this class" }).click();
        await page.getByText(`Your timetable is now ${cls.label}'s.`).waitFor();

        // The dashboard's Today: the day's classes are over, the latest three wait for a mark.
        await page.goto("/dashboard");
        await hydrated(page);
        const home = page.getByRole("region", { name: /^Today/ });
        await home.getByText("No more classes today.").waitFor();
        const waiting = home.getByRole("group", { name: /^Mark / });
        assert.equal(await waiting.count(), 3);
        await themedShots(page, SHOTS, "dashboard-today");
        const fromHome = home.getByRole("group", { name: "Mark Programming in C" });
        await fromHome.getByRole("button", { name: "Present" }).click();
        await home.getByRole("status").filter({ hasText: "Marked present." }).waitFor();
        await fromHome.waitFor({ state: "detached" });
        // Applied Physics 1 (08:00) was fourth: now it waits with the other two.
        await home.getByRole("group", { name: "Mark Applied Physics 1" }).waitFor();

        // On to the timetable as a student goes, by Today's link. (A full page load here, while React
        // Router was still asking for the routes of the page's new links (lazy route discovery),
        // aborted that request in the unloading page and reported it as a page error; no quiet
        // moment to wait for is certain on a busy machine, a client-side navigation has none.)
        await home.getByRole("link", { name: "Open my timetable" }).click();
        // The timetable's own heading: until it shows, the dashboard's Today (also "Today · <day>") is on screen.
        await page.getByRole("heading", { name: "Timetable", level: 1 }).waitFor();
        const day = page.getByRole("region", { name: /^Today · / });
        await day.getByText("Programming in C").waitFor();
        const items = day.getByRole("listitem");
        assert.equal(await items.count(), 4);
        // Marked from the dashboard: the same record.
        await day
          .getByRole("group", { name: "Mark Programming in C" })
          .getByRole("button", { name: "Present", pressed: true })
          .waitFor();
        for (const subject of ["Applied Physics 1", "Applied Mathematics 1"]) {
          const group = day.getByRole("group", { name: `Mark ${subject}` });
          await group.getByRole("button", { name: "Present" }).click();
          await group.getByRole("button", { name: "Present", pressed: true }).waitFor();
        }
        // The last one from the keyboard alone.
        const last = day.getByRole("group", { name: "Mark Applied Chemistry" });
        await last.getByRole("button", { name: "Present" }).focus();
        await page.keyboard.press("Enter");
        await last.getByRole("button", { name: "Present", pressed: true }).waitFor();
        await themedShots(page, SHOTS, "today");

        await page.getByRole("link", { name: "Attendance", exact: true }).click();
        await page.getByRole("heading", { name: "Attendance", level: 1 }).waitFor();
        const all = page.getByRole("region", { name: "All subjects" });
        await all.getByText("You can miss 1 more and stay at 75%.").waitFor();
        await all.getByText("4 of 4 attended").waitFor();
        await themedShots(page, SHOTS, "attendance");
      },
      { clock },
    );
  });

  it("the campus admin sets the attendance rule and a holiday, and makes a student the class rep", async (t) => {
    const admin = await createUserViaApi(newUser("Farah Khan"));
    assert.match(await grantRole(admin.email, "admin"), /is now admin/);
    const rep = await createUserViaApi(newUser("Rohan Mehta"));
    const token = await tokenOf(admin);
    const section = `R${Date.now().toString(36).slice(-5).toUpperCase()}`;
    const made = await api("/api/timetable/classes", {
      method: "POST",
      token,
      body: JSON.stringify({ semesterId: "cit-btech-cse-s1", section }),
    });
    const cls = ((await made.json()) as { data: { id: string; label: string } }).data;
    await withPage(t, browser, async ({ page }) => {
      await signIn(page, admin);
      await page.goto("/admin/setup");
      await page.getByRole("link", { name: /Timetables and attendance/ }).click();
      await page.getByRole("heading", { name: "Timetables and attendance", level: 1 }).waitFor();
      await hydrated(page);
      await page.getByLabel("Students need (per cent)").fill("75");
      await page.getByRole("button", { name: "Save the rule" }).click();
      await page.getByText("Students now need 75% attendance.").waitFor();
      const far = new Date(Date.now() + IST_OFFSET_MS + 400 * 86_400_000).toISOString().slice(0, 10);
      await page.getByLabel("Date").fill(far);
      await page.getByLabel("Name").fill("Founders' Day");
      await page.getByRole("button", { name: "Add holiday" }).click();
      await page.getByText(`${far} is a holiday.`).waitFor();
      const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: cls.label }) });
      await card.getByLabel(/Make a student the class rep/).fill(rep.email);
      await card.getByRole("button", { name: "Grant" }).click();
      await card.getByText(rep.email, { exact: false }).waitFor();
      await themedShots(page, SHOTS, "admin-setup");
    });
  });
});
