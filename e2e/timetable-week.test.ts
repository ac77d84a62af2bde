// The week on a phone (docs/decisions/0136-the-week-on-a-phone.md): at 360 px the timetable shows
// the week's grid under the day, every day a column that fits without sideways scrolling, a
// cancelled and a moved period and an own entry told apart; a day opens by tapping (or from the
// keyboard); the class's week is shared as a link, which another student of the college opens and
// makes their class, and a visitor opens after signing in. Next week, so that one-off changes
// (today or later only) fall on every weekday whatever day the run is.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  createUserViaApi,
  hydrated,
  IST_OFFSET_MS,
  newUser,
  PHONE,
  sharedBrowser,
  signIn,
  signInAndReturn,
  tokenOf,
  withPage,
} from "./harness.ts";
import { api, grantRole, themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/timetable-week";
const browser = sharedBrowser(SHOTS);

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

async function ok(res: Promise<Response>, status = 201): Promise<{ id: string; label: string }> {
  const answer = await res;
  assert.equal(answer.status, status, await answer.clone().text());
  return ((await answer.json()) as { data: { id: string; label: string } }).data;
}

describe("the week on a phone", () => {
  it("the week's grid fits 360 px under the day, a day opens from it, and the class's week is shared as a link", async (t) => {
    const admin = await createUserViaApi(newUser("Meera Iyer"));
    assert.match(await grantRole(admin.email, "admin"), /is now admin/);
    const token = await tokenOf(admin);
    const post = (path: string, body: unknown) => api(path, { method: "POST", token, body: JSON.stringify(body) });
    const section = `W${Date.now().toString(36).slice(-5).toUpperCase()}`;
    const cls = await ok(post("/api/timetable/classes", { semesterId: "cit-btech-cse-s1", section }));
    // Two periods every day Monday to Saturday, as a first semester's week has.
    const periods: Record<string, string> = {};
    for (let weekday = 1; weekday <= 6; weekday += 1)
      for (const [startsAt, endsAt, subject] of [
        ["09:00", "09:50", weekday % 2 ? "101" : "102"],
        ["10:00", "10:50", weekday % 2 ? "112" : "103"],
      ]) {
        const { id } = await ok(
          post("/api/timetable/periods", {
            classId: cls.id,
            weekday,
            startsAt,
            endsAt,
            subjectId: `cit-btech-cse-s1-cse-${subject}`,
            room: "LT-1",
            kind: "lecture",
          }),
        );
        periods[`${weekday} ${startsAt}`] = id;
      }
    const today = new Date(Date.now() + IST_OFFSET_MS).toISOString().slice(0, 10);
    const monday = addDays(today, 8 - weekdayOf(today));
    const [tuesday, wednesday] = [addDays(monday, 1), addDays(monday, 2)];
    // Tuesday's 09:00 (Applied Mathematics 1) cancelled, Wednesday's 10:00 (Programming in C) moved.
    await ok(post("/api/timetable/changes", { periodId: periods["2 09:00"], date: tuesday, kind: "cancelled" }));
    await ok(
      post("/api/timetable/changes", { periodId: periods["3 10:00"], date: wednesday, kind: "moved", room: "305" }),
    );

    const student = await createUserViaApi(newUser("Asha Verma"));
    const studentToken = await tokenOf(student);
    await ok(
      api("/api/timetable/class", { method: "PUT", token: studentToken, body: JSON.stringify({ classId: cls.id }) }),
      200,
    );
    await ok(
      api("/api/timetable/personal", {
        method: "POST",
        token: studentToken,
        body: JSON.stringify({ weekday: 4, startsAt: "17:00", endsAt: "18:30", title: "Robotics club" }),
      }),
    );

    let shared = "";
    await withPage(
      t,
      browser,
      async ({ page }) => {
        // The phone's share sheet, as a phone has one: what it was handed is kept for the test.
        await page.addInitScript(() => {
          Object.defineProperty(navigator, "share", {
            configurable: true,
            value: async (data: ShareData) => {
              (window as unknown as { shared: ShareData }).shared = data;
            },
          });
        });
        await signIn(page, student);
        await page.goto(`/timetable?date=${monday}`);
        await hydrated(page);
        const week = page.getByRole("region", { name: /^The week of Monday, / });
        await week.waitFor();
        // Monday to Saturday, each a column inside the screen, and no sideways scrolling.
        const days = week.getByRole("heading", { level: 3 });
        assert.equal(await days.count(), 6);
        for (let i = 0; i < 6; i += 1) {
          const box = (await days.nth(i).boundingBox())!;
          assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `day ${i + 1} is inside the screen`);
        }
        assert.equal(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          0,
        );
        // What a screen reader hears of each slot, and what the column shows: the code, the state.
        await week
          .getByText("09:00–09:50, Applied Mathematics 1 (CSE-102), lecture, LT-1. Cancelled on this date.")
          .waitFor();
        await week
          .getByText(
            /10:00–10:50, Programming in C \(CSE-112\), lecture, room 305\. Moved on this date, usually 10:00–10:50 in LT-1\./,
          )
          .waitFor();
        await week.getByText("17:00–18:30, Robotics club, your own entry.").waitFor();
        // A phone's column shows the subject's code (the title is for wider screens and screen readers).
        assert.ok(await week.getByText("CSE-101", { exact: true }).first().isVisible());
        assert.ok(!(await week.getByText("Applied Physics 1", { exact: true }).first().isVisible()));
        assert.ok(await week.getByText("Robotics club", { exact: true }).isVisible());

        // A day from the grid: Wednesday by a tap, Thursday from the keyboard.
        await week.getByRole("link", { name: /^Wed / }).click();
        await page.waitForURL((url) => url.searchParams.get("date") === wednesday && url.hash === "#day-heading");
        const day = page.getByRole("region", { name: /^Wednesday, / });
        await day.getByText("Moved on this date (usually 10:00–10:50, LT-1)").waitFor();
        await page
          .getByRole("region", { name: /^The week of / })
          .getByRole("link", { name: /^Thu / })
          .focus();
        await page.keyboard.press("Enter");
        await page
          .getByRole("region", { name: /^Thursday, / })
          .getByText("Robotics club")
          .waitFor();

        await page.getByRole("button", { name: "Share this class's week" }).click();
        await page.waitForFunction(() => "shared" in window);
        shared = await page.evaluate(() => (window as unknown as { shared: ShareData }).shared.url ?? "");
        assert.equal(new URL(shared).pathname, `/timetable/class/${cls.id}`);
        assert.equal(new URL(shared).searchParams.get("date"), monday);
        assert.equal(
          await page.getByRole("link", { name: "Open the class's week as a page" }).getAttribute("href"),
          `/timetable/class/${cls.id}?date=${monday}`,
        );
        await themedShots(page, SHOTS, "week");
      },
      { viewport: PHONE },
    );

    // Another student of the college opens the link on their phone and makes the class theirs.
    const classmate = await createUserViaApi(newUser("Kabir Singh"));
    const link = new URL(shared);
    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, classmate);
        await page.goto(`${link.pathname}${link.search}`);
        await hydrated(page);
        await page.getByRole("heading", { name: cls.label, level: 1 }).waitFor();
        const week = page.getByRole("region", { name: /^The week of Monday, / });
        assert.equal(await week.getByRole("heading", { level: 3 }).count(), 6);
        await week.getByText(/Applied Mathematics 1 \(CSE-102\), lecture, LT-1\. Cancelled on this date\./).waitFor();
        // The class's week, not the sharer's own entries.
        assert.equal(await page.getByText("Robotics club").count(), 0);
        await week.getByRole("link", { name: /^Tue / }).click();
        await page
          .getByRole("region", { name: /^Tuesday, / })
          .getByText("Cancelled on this date")
          .waitFor();
        await themedShots(page, SHOTS, "shared-week");
        await page.getByRole("button", { name: "Make it my class" }).click();
        await page.getByText(`Your timetable is now ${cls.label}'s.`).waitFor();
        await page.getByText("This is your class.").waitFor();
      },
      { viewport: PHONE },
    );

    // A visitor with the link signs in first and comes back to it.
    const visitor = await createUserViaApi(newUser("Dev Malhotra"));
    await withPage(t, browser, async ({ page }) => {
      await page.goto(link.pathname);
      await signInAndReturn(page, visitor, link.pathname);
      await page.getByRole("heading", { name: cls.label, level: 1 }).waitFor();
    });
  });
});
