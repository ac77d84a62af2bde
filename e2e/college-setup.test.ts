// A college comes onto Campus without a developer: the operator adds it from the command line with
// its domain and first admin; the admin claims the account with the code mailed to the college
// address, signs in and sets the college up on /admin/setup (a second domain, a block, a meal and its
// menu, a laundry slot, a syllabus file); then a student of that college registers, verifies and
// finds all of it on the screens students use. At 360 px, the way an admin on a phone would do it.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { describe, it } from "node:test";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import {
  baseURL,
  createUserViaApi,
  hydrated,
  PHONE,
  sharedBrowser,
  shot,
  signIn,
  testIp,
  withPage,
} from "./harness.ts";

const SHOTS = "test-results/screenshots/college-setup";
const browser = sharedBrowser(SHOTS);

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** `npm run campus -- <args>` on the test server's state (E2E_PERSIST_TO), as an operator runs it. */
async function operator(...args: string[]): Promise<string> {
  const persistTo = process.env.E2E_PERSIST_TO;
  assert.ok(persistTo, "run through npm run test:e2e (it sets E2E_PERSIST_TO)");
  const { stdout } = await promisify(execFile)(
    "npm",
    ["run", "-s", "campus", "--", ...args, "--persist-to", persistTo],
    {
      encoding: "utf8",
    },
  );
  return stdout;
}

/** The newest mail to `email` whose subject starts with `subject`, waited for (it is sent after the answer). */
async function mailedCode(email: string, subject: string): Promise<string> {
  for (let tries = 0; tries < 50; tries += 1) {
    const res = await fetch(`${baseURL}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const { data } = (await res.json()) as { data: { subject: string; text: string }[] };
    const code = /\b(\d{6})\b/.exec(data.find((m) => m.subject.startsWith(subject))?.text ?? "")?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no "${subject}" mail for ${email}`);
}

async function shoot(page: Page, name: string) {
  await shot(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe("a college set up by its own people", () => {
  it("operator adds it, its admin sets it up on /admin/setup, and a student of it sees what was set up", async (t) => {
    const word = `${process.pid.toString(36)}${Date.now().toString(36)}`;
    const id = `rvc-${word}`;
    const domain = `rvc${word}.test`;
    const otherDomain = `rvc${word}-staff.test`;
    const blockId = `R${word.slice(-5)}`.toUpperCase();
    const admin = { name: "Meera Kulkarni", email: `principal@${domain}`, password: "riverside-admin-pass" };

    // The operator: one command, the college with its domain and first admin.
    const added = await operator(
      "add",
      "--name",
      "Riverside Valley College",
      "--short",
      "RVC",
      "--id",
      id,
      "--city",
      "Pune",
      "--domain",
      domain,
      "--admin",
      admin.email,
      "--admin-name",
      admin.name,
    );
    assert.match(added, /Riverside Valley College/);
    assert.match(await operator("list"), new RegExp(domain.replace(/\./g, "\\.")));

    // The admin's account has no password yet: "Forgot password?" mails a code to the college
    // address, which proves the mailbox and sets one.
    const ip = testIp();
    const asked = await fetch(`${baseURL}/api/auth/password-reset`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
      body: JSON.stringify({ email: admin.email }),
    });
    assert.equal(asked.status, 200);
    const code = await mailedCode(admin.email, "Your Campus password reset code");
    const confirmed = await fetch(`${baseURL}/api/auth/password-reset/confirm`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
      body: JSON.stringify({ email: admin.email, code, password: admin.password }),
    });
    assert.equal(confirmed.status, 200, await confirmed.clone().text());

    await withPage(
      t,
      browser,
      async ({ page, allowConsoleError }) => {
        // The refused domain's answer is a 400, which the browser notes.
        allowConsoleError(/status of 400/);
        await signIn(page, admin);
        // The dashboard of an admin whose college is not set up leads to the checklist.
        await page.goto("/dashboard");
        await hydrated(page);
        const card = page.getByRole("region", { name: "Set up your college" });
        await card.getByText("6 of 8 set-up steps are not done yet.", { exact: false }).waitFor();
        await shoot(page, "dashboard-setup-card");
        await page.emulateMedia({ colorScheme: "dark" });
        await shoot(page, "dashboard-setup-card-dark");
        await page.emulateMedia({ colorScheme: "light" });
        await card.getByRole("link", { name: "Open the set-up checklist" }).click();
        await page.waitForURL((url) => url.pathname === "/admin/setup");
        await page.getByText("6 steps of 8 not done yet.").waitFor();
        await page.goto("/admin");
        await hydrated(page);
        await page.getByRole("link", { name: "Set up your college" }).click();
        await page.waitForURL((url) => url.pathname === "/admin/setup");
        await page.getByText("Not yet").first().waitFor();
        await shoot(page, "checklist-before");

        // 1. A second e-mail domain. A public mail service is refused, saying why and who may.
        await page.goto("/admin/setup/college");
        await hydrated(page);
        await page.getByText(/only the people who run Campus can add one of those/).waitFor();
        await page.getByLabel("Add a domain").fill("gmail.com");
        await page.getByRole("button", { name: "Add domain" }).click();
        await page
          .getByText(/gmail\.com is a public mail service/)
          .first()
          .waitFor();
        await shoot(page, "domain-refused");
        await page.getByLabel("Add a domain").fill(otherDomain);
        await page.getByRole("button", { name: "Add domain" }).click();
        await page.getByText(otherDomain, { exact: true }).first().waitFor();

        // 2. A hostel block.
        await page.goto("/admin/setup/blocks");
        await hydrated(page);
        const addBlock = page.getByRole("region", { name: "Add a block" });
        await addBlock.getByLabel("Short id").fill(blockId);
        await addBlock.getByLabel("Name").fill("Riverside Hall");
        await addBlock.getByRole("button", { name: "Add block" }).click();
        await page.getByText("Riverside Hall is added.").waitFor();

        // 3. A meal, and its menu on every day of the week.
        await page.goto("/admin/setup/mess");
        await hydrated(page);
        const addMeal = page.getByRole("region", { name: "Add a meal" });
        await addMeal.getByLabel("Name").fill("Lunch");
        await addMeal.getByLabel("Starts").fill("12:30");
        await addMeal.getByLabel("Ends").fill("14:30");
        await addMeal.getByRole("button", { name: "Add meal" }).click();
        await addMeal.getByText("Lunch is added.").waitFor();
        // The answer shows while the page reloads its data; with the list, the add form is new.
        await page.getByRole("heading", { name: "Meals (1)" }).waitFor();
        assert.equal(await addMeal.getByLabel("Name").inputValue(), "", "the form is empty for the next meal");
        for (const day of WEEKDAYS) {
          const form = page.getByRole("form", { name: day });
          await form.getByLabel("Lunch").fill("Rajma chawal, curd");
          await form.getByRole("button", { name: `Save ${day}` }).click();
          await form.getByText("The weekly menu is saved.").waitFor();
        }
        await shoot(page, "mess");

        // 4. A laundry slot.
        await page.goto("/admin/setup/laundry");
        await hydrated(page);
        const addSlot = page.getByRole("region", { name: "Add a slot" });
        await addSlot.getByLabel("Starts").fill("16:00");
        await addSlot.getByLabel("Ends").fill("18:00");
        await addSlot.getByLabel("Pickups a day").fill("12");
        await addSlot.getByRole("button", { name: "Add slot" }).click();
        await page.getByRole("form", { name: "The 16:00 to 18:00 slot" }).waitFor();

        // 5. The syllabus the college already has, as a file.
        await page.goto("/admin/setup/academics");
        await hydrated(page);
        await page.getByLabel(/CSV or JSON file/).setInputFiles({
          name: "syllabus.csv",
          mimeType: "text/csv",
          buffer: Buffer.from(
            "programme,branch,semester,subject_code,subject_name,unit_number,unit_title\n" +
              "B.Sc,Chemistry,1,CH-101,Organic Chemistry,1,Hydrocarbons\n" +
              "B.Sc,Chemistry,1,CH-101,Organic Chemistry,2,Alcohols and phenols\n",
          ),
        });
        await page.getByRole("button", { name: "Import file" }).click();
        await page.getByText(/^Imported 1 programme, 1 branch, 1 semester, 1 subject and 2 units\./).waitFor();

        // 6. A class of the imported semester, for its students to choose.
        await page.goto("/admin/setup/timetable");
        await hydrated(page);
        const addClass = page.getByRole("region", { name: "Add a class" });
        await addClass.getByLabel("Semester").selectOption({ label: "B.Sc Chemistry · Semester 1" });
        await addClass.getByLabel("Section").fill("A");
        await addClass.getByRole("button", { name: "Add class" }).click();
        await page.getByText("B.Sc Chemistry · Semester 1 · A").first().waitFor();

        // 7. A safe place to meet for trades.
        await page.goto("/admin/setup/meetup-places");
        await hydrated(page);
        const addPlace = page.getByRole("region", { name: "Add a place" });
        await addPlace.getByLabel("Name").fill("Library entrance");
        await addPlace.getByRole("button", { name: "Add place" }).click();
        await page.getByRole("form", { name: "Library entrance" }).waitFor();

        await page.goto("/admin/setup");
        await hydrated(page);
        await shoot(page, "checklist-after");
        await page.emulateMedia({ colorScheme: "dark" });
        await shoot(page, "checklist-after-dark");
        await page.emulateMedia({ colorScheme: "light" });
        assert.equal(await page.getByText("Not yet", { exact: true }).count(), 0, "every step is done");
        await page.getByText("Every step is done.").waitFor();
        // Nothing left to point to: the dashboard's card is gone.
        await page.goto("/dashboard");
        await hydrated(page);
        assert.equal(await page.getByRole("region", { name: "Set up your college" }).count(), 0);
      },
      { viewport: PHONE },
    );

    // A student of the college: registers with the college address, verifies with the mailed code.
    const student = await createUserViaApi({
      name: "Rohan Deshmukh",
      email: `rohan.${word}@${domain}`,
      password: "riverside-student-pass",
    });
    const staffMember = await createUserViaApi({
      name: "Sunita Pawar",
      email: `sunita.${word}@${otherDomain}`,
      password: "riverside-staff-pass",
    });
    assert.ok(staffMember, "an address at the added domain registers and verifies");

    await withPage(
      t,
      browser,
      async ({ page }) => {
        await signIn(page, student);
        const me = await page.request.get(`${baseURL}/api/auth/me`);
        assert.match(await me.text(), /Riverside Valley College/);

        await page.goto("/hostel-complaints");
        await hydrated(page);
        await page
          .getByLabel("Hostel block")
          .first()
          .locator("option", { hasText: "Riverside Hall" })
          .waitFor({ state: "attached" });
        await shoot(page, "student-complaints");

        await page.goto("/mess-menu");
        await hydrated(page);
        await page.getByText("Rajma chawal, curd").first().waitFor();
        await shoot(page, "student-mess");

        await page.goto("/laundry-service");
        await hydrated(page);
        await page.getByText(/16:00/).first().waitFor();
        assert.equal(await page.getByText("Your college has not set up laundry on Campus yet.").count(), 0);
        await shoot(page, "student-laundry");

        const tree = await page.request.get(`${baseURL}/api/campuses/${id}/academics`);
        assert.equal(tree.status(), 200);
        assert.match(await tree.text(), /Organic Chemistry/);
      },
      { viewport: PHONE },
    );
  });
});
