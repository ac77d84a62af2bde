// Exam season through the real UI, on a phone (docs/decisions/0135-datesheet.md): a class
// representative imports the class's datesheet from a CSV (a bad row refused by its number first);
// a student of the class adds a backlog subject whose exam overlaps one of the class's, sees the
// clash on Today and on /exams, and opens the subject's past papers in one tap. Screenshots at
// 360 px and 1280 px, light and dark.
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
  tokenOf,
  withPage,
} from "./harness.ts";
import { api, localSql, themedShots } from "./staff-harness.ts";

const SHOTS = "test-results/screenshots/exams";
const browser = sharedBrowser(SHOTS);

/** An India date `days` after today (the run's clock). */
function inDays(days: number): string {
  return new Date(Date.now() + IST_OFFSET_MS + days * 86_400_000).toISOString().slice(0, 10);
}

async function ok(response: Promise<Response>, status = 201): Promise<Response> {
  const res = await response;
  assert.equal(res.status, status, await res.clone().text());
  return res;
}

describe("exam season", () => {
  it("a rep imports a datesheet; a student with a backlog sees the clash on Today and opens its past papers", async (t) => {
    const [curator, rep, student] = await Promise.all([
      createUserViaApi(newUser("Kiran Curator")),
      createUserViaApi(newUser("Riya Rep")),
      createUserViaApi(newUser("Arjun Backlog")),
    ]);
    await localSql(
      `INSERT INTO staff_roles (id, user_id, campus_id, role, granted_at) SELECT lower(hex(randomblob(16))), id, 'cit', 'curator', 0 FROM users WHERE email = '${curator.email}'`,
    );
    const token = await tokenOf(curator);
    const tag = Date.now().toString(36).slice(-5).toUpperCase();
    const classOf = async (semesterId: string, section: string) =>
      (
        (await (
          await ok(
            api("/api/timetable/classes", { method: "POST", token, body: JSON.stringify({ semesterId, section }) }),
          )
        ).json()) as { data: { id: string; label: string } }
      ).data;
    const cls = await classOf("cit-btech-cse-s1", `X${tag}`);
    const later = await classOf("cit-btech-cse-s2", `Y${tag}`);
    await localSql(
      `INSERT INTO timetable_reps (class_id, user_id, granted_at) SELECT '${cls.id}', id, 0 FROM users WHERE email = '${rep.email}'`,
    );
    await ok(
      api("/api/timetable/class", {
        method: "PUT",
        token: await tokenOf(student),
        body: JSON.stringify({ classId: cls.id }),
      }),
      200,
    );
    const day = inDays(5);
    // The backlog's paper, in semester 2's datesheet: 11:00 to 13:00 on the day of Physics.
    await ok(
      api("/api/exams", {
        method: "POST",
        token,
        body: JSON.stringify({
          classId: later.id,
          subjectId: "cit-btech-cse-s2-cse-201",
          kind: "end_semester",
          date: day,
          startsAt: "11:00",
          endsAt: "13:00",
          room: "B-12",
        }),
      }),
    );

    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        // The refused file below: the browser notes the 400 its answer comes with.
        allowConsoleError(/status of 400/);
        await signIn(page, rep);
        await page.goto("/exams");
        await hydrated(page);
        await page.getByRole("link", { name: "Edit the class's datesheet" }).click();
        await page.getByRole("heading", { name: `Datesheet of ${cls.label}`, level: 1 }).waitFor();
        const paste = page.getByLabel("Or paste it");
        const header = "subject_code,kind,date,starts,ends,room";
        await paste.fill(
          [
            header,
            `CSE-101,end_semester,${day},09:30,12:30,101`,
            `CSE-999,end_semester,${inDays(7)},09:30,12:30,`,
          ].join("\n"),
        );
        await page.getByRole("button", { name: "Import" }).click();
        await page.getByText("Nothing was imported: 1 row needs fixing.").waitFor();
        await page.getByText("Row 3: No subject with the code “CSE-999” in this class's semester.").waitFor();
        await themedShots(page, SHOTS, "import-refused");
        await page
          .getByLabel("Or paste it")
          .fill(
            [
              header,
              `CSE-101,end_semester,${day},09:30,12:30,101`,
              `CSE-102,End-semester,${inDays(7)},09:30,12:30,102`,
            ].join("\n"),
          );
        await page.getByRole("button", { name: "Import" }).click();
        await page.getByText("2 exams are on the datesheet. The class is told.").waitFor();
        await page.getByText("End-semester · Applied Physics 1 · 09:30–12:30 · 101").waitFor();
      },
      { viewport: PHONE },
    );

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, student);
        await page.goto("/exams");
        await hydrated(page);
        await page.getByText("Applied Physics 1").first().waitFor();
        await page.getByLabel("Subject", { exact: true }).selectOption({ label: "CSE-201 Applied Mathematics 2" });
        await page.getByLabel("Backlog").check();
        await page.getByRole("button", { name: "Add to my datesheet" }).click();
        await page.getByText("Applied Mathematics 2 is on your datesheet as a backlog.").waitFor();
        await page.getByRole("heading", { name: "An exam clash" }).waitFor();
        await themedShots(page, SHOTS, "datesheet-clash");

        // Today says it too, with the countdown.
        await page.goto("/dashboard");
        await hydrated(page);
        const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Exams" }) });
        await card.getByText("Clashes with Applied Mathematics 2").waitFor();
        await card
          .getByText(/^In 5 days · /)
          .first()
          .waitFor();
        await themedShots(page, SHOTS, "today-exams");

        // One tap from the exam to the subject's past papers.
        await card.getByRole("link", { name: "Open my datesheet" }).click();
        await page.waitForURL("**/exams");
        await page.getByRole("link", { name: "Past papers of Applied Physics 1" }).click();
        await page.waitForURL((url) => url.pathname === "/library" && url.searchParams.get("kind") === "past_paper");
        assert.equal(new URL(page.url()).searchParams.get("subject"), "cit-btech-cse-s1-cse-101");
        await page.getByRole("heading", { name: "Library", level: 1 }).waitFor();
      },
      { viewport: PHONE },
    );
  });
});
