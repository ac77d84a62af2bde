// The campus admin's set-up pages (/admin/setup and its steps, docs/decisions/0104-campus-setup.md):
// the checklist says what is done; each step's form works without JavaScript and shows every
// invalid field under its own; anyone but the college's admin gets the 403 page.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { untiedProblems } from "#test/field-ties.ts";
import { call, createUser, ORIGIN, type TestUser } from "#test/helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { grant } from "#test/staff-helpers.ts";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import { NOT_SET_UP } from "#common/setup-missing.ts";

let campusId: string;
let admin: TestUser;
let student: TestUser;

beforeAll(async () => {
  campusId = `p${crypto.randomUUID().slice(0, 8)}`;
  const domain = `${campusId}.test`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO campuses (id, name, short_name, created_at) VALUES (?1, ?2, 'PGT', 0)").bind(
      campusId,
      `Page Test College ${campusId}`,
    ),
    env.DB.prepare("INSERT INTO campus_domains (domain, campus_id) VALUES (?1, ?2)").bind(domain, campusId),
  ]);
  [admin, student] = (await Promise.all([
    createUser({ email: `admin-${crypto.randomUUID()}@${domain}` }),
    createUser({ email: `student-${crypto.randomUUID()}@${domain}` }),
  ])) as [TestUser, TestUser];
  await grant(admin, "admin", null, campusId);
});

const page = (user: TestUser, path: string) => call(path, { headers: { Cookie: user.cookie } });
const postForm = (user: TestUser, path: string, fields: Record<string, string>) =>
  call(path, {
    method: "POST",
    headers: { Cookie: user.cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
const shown = (html: string) =>
  html.replaceAll("<!-- -->", "").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

describe("the set-up pages", () => {
  it("the checklist shows each step Not yet, links to every step and to Academics; /admin links to it", async () => {
    const res = await page(admin, "/admin/setup");
    expect(res.status).toBe(200);
    const html = shown(await res.text());
    for (const path of ["/admin/setup/college", "/admin/setup/blocks", "/admin/setup/mess", "/admin/setup/laundry"])
      expect(html).toContain(`href="${path}"`);
    expect(html).toContain('href="/admin/setup/academics"');
    // Every step says where it stands: academics, timetables and meet-up places too (the college's
    // names and domain are there from the start).
    for (const path of ["/admin/setup/timetable", "/admin/setup/meetup-places"])
      expect(html).toContain(`href="${path}"`);
    expect(html.match(/Not yet/g)?.length).toBe(6);
    expect(html).toContain("6 steps of 8 not done yet.");
    expect(shown(await (await page(admin, "/admin")).text())).toContain('href="/admin/setup"');
  });

  it("while a step is not done, the students' screens say so instead of an empty form", async () => {
    for (const [path, sentence] of [
      ["/laundry-service", NOT_SET_UP.laundry],
      ["/mess-menu", NOT_SET_UP.mess],
      ["/hostel-complaints", NOT_SET_UP.blocks],
    ] as const) {
      const res = await page(student, path);
      expect(res.status, path).toBe(200);
      const html = shown(await res.text());
      expect(html, path).toContain(sentence);
      // The page's own forms (the booking, the ratings, the block choice) are not there.
      expect(html, path).not.toMatch(/name="(slotId|stars|blockId)"/);
    }
    // A college that has them (the demo college) shows its forms.
    const demo = await createUser();
    expect(shown(await (await page(demo, "/laundry-service")).text())).not.toContain(NOT_SET_UP.laundry);
  });

  it("the domains step says which domains only an operator can add, and its form refuses gmail.com saying why", async () => {
    const html = shown(await (await page(admin, "/admin/setup/college")).text());
    expect(html).toContain(M.domainRulesHint);
    const res = await postForm(admin, "/admin/setup/college", { intent: "add-domain", domain: "gmail.com" });
    expect(res.status).toBe(400);
    expect(shown(await res.text())).toContain(M.domainWebmail("gmail.com"));
    expect(await count("SELECT COUNT(*) AS n FROM campus_domains WHERE domain = 'gmail.com'")).toBe(0);
  });

  it("a new campus admin's dashboard leads to the checklist while steps are not done; a student's does not", async () => {
    const html = shown(await (await page(admin, "/dashboard")).text());
    expect(html).toContain(M.setupCardTitle);
    expect(html).toContain(M.setupCard(6, 8));
    expect(html).toContain('href="/admin/setup"');
    const studentHtml = shown(await (await page(student, "/dashboard")).text());
    expect(studentHtml).not.toContain(M.setupCardTitle);
  });

  it("a student gets the 403 page on every step", async () => {
    for (const path of [
      "/admin/setup",
      "/admin/setup/college",
      "/admin/setup/blocks",
      "/admin/setup/mess",
      "/admin/setup/laundry",
    ]) {
      const res = await page(student, path);
      expect(res.status, path).toBe(403);
      expect(shown(await res.text())).toContain(M.adminsOnly);
    }
    expect((await postForm(student, "/admin/setup/blocks", { intent: "add", id: "Z9", name: "Zed" })).status).toBe(403);
    expect(await count("SELECT COUNT(*) AS n FROM hostel_blocks WHERE id = 'Z9'")).toBe(0);
  });

  it("a block added by the form without JavaScript; a bad form shows every field's problem", async () => {
    const bad = await postForm(admin, "/admin/setup/blocks", { intent: "add", id: "has space", name: "" });
    expect(bad.status).toBe(400);
    const html = shown(await bad.text());
    expect(html).toContain(M.blockIdInvalid);
    expect(html).toContain(M.blockNameRequired);
    // Each under its field of the Add form (the page's skeleton, app/components/setup/RecordsStep.tsx), tied to it.
    expect(untiedProblems(html)).toEqual([]);

    const id = `P${crypto.randomUUID().slice(0, 4)}`;
    const ok = await postForm(admin, "/admin/setup/blocks", { intent: "add", id, name: "Pine Hall" });
    expect(ok.status).toBe(200);
    expect(shown(await ok.text())).toContain("Pine Hall is added.");
    expect(await count("SELECT COUNT(*) AS n FROM hostel_blocks WHERE id = ? AND campus_id = ?", id, campusId)).toBe(1);
    const renamed = await postForm(admin, "/admin/setup/blocks", { intent: `rename:${id}`, name: "Pine House" });
    expect(renamed.status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM hostel_blocks WHERE id = ? AND name = 'Pine House'", id)).toBe(1);
  });

  it("a meal and a day of the menu by form; a laundry slot; the college's names", async () => {
    const meal = await postForm(admin, "/admin/setup/mess", {
      intent: "add",
      name: "Lunch",
      startsAt: "12:30",
      endsAt: "14:30",
    });
    expect(meal.status).toBe(200);
    const mealId = (await env.DB.prepare("SELECT id FROM mess_meals WHERE campus_id = ?1")
      .bind(campusId)
      .first<{ id: string }>())!.id;
    const menu = await postForm(admin, "/admin/setup/mess", { intent: "menu:2", [`items.${mealId}`]: "Rajma chawal" });
    expect(menu.status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM mess_menu WHERE meal_id = ? AND day = 2", mealId)).toBe(1);
    const html = shown(await (await page(admin, "/admin/setup/mess")).text());
    expect(html).toContain("Rajma chawal");

    const badSlot = await postForm(admin, "/admin/setup/laundry", {
      intent: "add",
      startsAt: "",
      endsAt: "",
      capacity: "-3",
    });
    expect(badSlot.status).toBe(400);
    const slotHtml = shown(await badSlot.text());
    expect(slotHtml).toContain(M.timeInvalid);
    expect(slotHtml).toContain(M.capacityInvalid);
    expect(untiedProblems(slotHtml)).toEqual([]);
    const slot = await postForm(admin, "/admin/setup/laundry", {
      intent: "add",
      startsAt: "09:00",
      endsAt: "11:00",
      capacity: "8",
    });
    expect(slot.status).toBe(200);

    const college = await postForm(admin, "/admin/setup/college", {
      intent: "college",
      name: "Page Test College, Renamed",
      shortName: "PTC",
      city: "Mysuru",
      googleHdRequired: "on",
    });
    expect(college.status).toBe(200);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM campuses WHERE id = ? AND city = 'Mysuru' AND google_hd_required = 1",
        campusId,
      ),
    ).toBe(1);

    // The academics tree (a file), a class of it, a safe meet-up place: each step turns Done as its data comes.
    const before = shown(await (await page(admin, "/admin/setup")).text());
    expect(before.match(/Not yet/g)?.length).toBe(3);
    const file = new FormData();
    file.set(
      "file",
      new File(
        [
          "programme,branch,semester,subject_code,subject_name,unit_number,unit_title\nB.Sc,Physics,1,PH-101,Mechanics,1,Motion\n",
        ],
        "tree.csv",
        { type: "text/csv" },
      ),
    );
    const imported = await call("/admin/setup/academics", {
      method: "POST",
      headers: { Cookie: admin.cookie, Origin: ORIGIN },
      body: file,
    });
    expect(imported.status).toBe(200);
    const semester = await env.DB.prepare("SELECT id FROM academic_semesters WHERE campus_id = ?1")
      .bind(campusId)
      .first<{ id: string }>();
    const cls = await postForm(admin, "/admin/setup/timetable", {
      intent: "class",
      semesterId: semester!.id,
      section: "A",
    });
    expect(cls.status).toBe(200);
    const place = await postForm(admin, "/admin/setup/meetup-places", { intent: "add", name: "Library entrance" });
    expect(place.status).toBe(200);

    const overview = shown(await (await page(admin, "/admin/setup")).text());
    expect(overview.match(/Not yet/g)).toBeNull();
    expect(overview).toContain("Every step is done.");
    expect(overview).toContain("1 programme, 1 subject");
    expect(overview).toContain("1 class, 0 class representatives");
  });
});
