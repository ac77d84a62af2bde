// Safe meet-up places (docs/decisions/0116-meetup-places.md): the campus admin lists, adds, edits and
// retires them through /api/admin/campus/meetup-places and /admin/setup/meetup-places (without
// JavaScript); a student is refused; another college's admin never finds them; names are 2 to 80
// characters, unique among the active places, at most 30 of them; listMeetupPlaces answers the active
// ones by name for the conversations.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, ORIGIN, type TestUser } from "#test/helpers.ts";
import { get, read, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { grant } from "#test/staff-helpers.ts";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import { MEETUP_PLACES_MAX, MEETUP_SAFETY_TIPS } from "#common/meetup-places.ts";
import { listMeetupPlaces } from "#server/services/campus-setup/meetup-places.ts";

interface College {
  id: string;
  admin: TestUser;
  student: TestUser;
}

/** A college of its own, with an admin and a student, so tests share nothing (nor a rate limit). */
async function college(): Promise<College> {
  const id = `m${crypto.randomUUID().slice(0, 8)}`;
  const domain = `${id}.test`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO campuses (id, name, short_name, created_at) VALUES (?1, ?2, 'MPT', 0)").bind(
      id,
      `Meet College ${id}`,
    ),
    env.DB.prepare("INSERT INTO campus_domains (domain, campus_id) VALUES (?1, ?2)").bind(domain, id),
  ]);
  const [admin, student] = (await Promise.all([
    createUser({ email: `admin-${crypto.randomUUID()}@${domain}` }),
    createUser({ email: `student-${crypto.randomUUID()}@${domain}` }),
  ])) as [TestUser, TestUser];
  await grant(admin, "admin", null, id);
  return { id, admin, student };
}

const PATH = "/api/admin/campus/meetup-places";
type Place = { id: string; name: string; note: string | null };
const add = (who: TestUser, body: unknown) => sendJson("POST", PATH, body, who.token);
const list = async (who: TestUser) => (await read<Place[]>(await get(PATH, who.token))).data;
const auditLines = (campusId: string, action: string) =>
  count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE campus_id = ? AND action = ?", campusId, action);

describe("the meet-up places API", () => {
  let a: College;
  let b: College;
  beforeAll(async () => {
    [a, b] = await Promise.all([college(), college()]);
  });

  it("an admin adds places with an audit line; the list is the active ones by name, no-store", async () => {
    const res = await add(a.admin, { name: "  Main gate guard post ", note: "Staffed day and night." });
    expect(res.status).toBe(201);
    const answer = await read<Place>(res);
    expect(answer.message).toBe(M.placeAdded("Main gate guard post"));
    expect(answer.data).toMatchObject({ name: "Main gate guard post", note: "Staffed day and night." });
    expect((await add(a.admin, { name: "Central canteen" })).status).toBe(201);
    expect((await add(a.admin, { name: "library entrance", note: "" })).status).toBe(201);

    const listed = await get(PATH, a.admin.token);
    expect(listed.headers.get("Cache-Control")).toBe("no-store");
    expect((await read<Place[]>(listed)).data.map((p) => [p.name, p.note])).toEqual([
      ["Central canteen", null],
      ["library entrance", null],
      ["Main gate guard post", "Staffed day and night."],
    ]);
    expect(await auditLines(a.id, "setup.meetup_place.add")).toBe(3);
  });

  it("a student gets 403 on every door and nothing is written", async () => {
    expect((await get(PATH, a.student.token)).status).toBe(403);
    expect((await add(a.student, { name: "Behind the hostel" })).status).toBe(403);
    const [place] = await list(a.admin);
    expect((await sendJson("PATCH", `${PATH}/${place!.id}`, { name: "Renamed" }, a.student.token)).status).toBe(403);
    expect((await sendJson("DELETE", `${PATH}/${place!.id}`, undefined, a.student.token)).status).toBe(403);
    expect(
      await count("SELECT COUNT(*) AS n FROM meetup_places WHERE campus_id = ? AND name = 'Behind the hostel'", a.id),
    ).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM meetup_places WHERE id = ? AND retired_at IS NULL", place!.id)).toBe(
      1,
    );
  });

  it("another college's admin never finds them: 404, and they are unchanged", async () => {
    const [place] = await list(a.admin);
    expect(await list(b.admin)).toEqual([]);
    const renamed = await sendJson("PATCH", `${PATH}/${place!.id}`, { name: "Taken over" }, b.admin.token);
    expect(renamed.status).toBe(404);
    expect((await read(renamed)).message).toBe(M.noSuchPlace);
    expect((await sendJson("DELETE", `${PATH}/${place!.id}`, undefined, b.admin.token)).status).toBe(404);
    expect(await list(a.admin)).toContainEqual(place);
  });

  it("refuses a name too short or too long and a long note, naming each field", async () => {
    const res = await add(a.admin, { name: "X", note: "n".repeat(201) });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; fields: Record<string, string> };
    expect(body.fields).toEqual({ name: M.placeNameInvalid, note: M.placeNoteTooLong });
    const long = await add(a.admin, { name: "y".repeat(81) });
    expect(long.status).toBe(400);
    expect((await read(long)).message).toBe(M.placeNameInvalid);
    expect((await add(a.admin, { note: "no name" })).status).toBe(400);
    expect((await add(a.admin, { name: "y".repeat(80), note: "n".repeat(200) })).status).toBe(201);
  });

  it("a name already listed (in any case) is a 409, on add and on rename; the same name at another college is fine", async () => {
    const taken = await add(a.admin, { name: "CENTRAL CANTEEN" });
    expect(taken.status).toBe(409);
    expect((await read(taken)).message).toBe(M.placeNameTaken("CENTRAL CANTEEN"));
    const places = await list(a.admin);
    const gate = places.find((p) => p.name === "Main gate guard post")!;
    const clash = await sendJson("PATCH", `${PATH}/${gate.id}`, { name: "Central Canteen" }, a.admin.token);
    expect(clash.status).toBe(409);
    expect((await add(b.admin, { name: "Central canteen" })).status).toBe(201);
  });

  it("edits a place's name and note; a blank note clears it", async () => {
    const gate = (await list(a.admin)).find((p) => p.name === "Main gate guard post")!;
    const res = await sendJson(
      "PATCH",
      `${PATH}/${gate.id}`,
      { name: "Main gate", note: "Guards on duty 24 hours." },
      a.admin.token,
    );
    expect(res.status).toBe(200);
    expect((await read(res)).message).toBe(M.placeSaved("Main gate"));
    expect(await list(a.admin)).toContainEqual({ id: gate.id, name: "Main gate", note: "Guards on duty 24 hours." });
    expect(
      (await sendJson("PATCH", `${PATH}/${gate.id}`, { name: "Main gate", note: " " }, a.admin.token)).status,
    ).toBe(200);
    expect(await list(a.admin)).toContainEqual({ id: gate.id, name: "Main gate", note: null });
    expect(await auditLines(a.id, "setup.meetup_place.update")).toBe(2);
  });

  it("retires a place: gone from both lists, kept in the table, its name free again; twice is a 404", async () => {
    const canteen = (await list(a.admin)).find((p) => p.name === "Central canteen")!;
    const res = await sendJson("DELETE", `${PATH}/${canteen.id}`, undefined, a.admin.token);
    expect(res.status).toBe(200);
    expect((await read(res)).message).toBe(M.placeRetired("Central canteen"));
    expect((await list(a.admin)).map((p) => p.id)).not.toContain(canteen.id);
    expect((await listMeetupPlaces(env, a.id)).map((p) => p.id)).not.toContain(canteen.id);
    expect(
      await count("SELECT COUNT(*) AS n FROM meetup_places WHERE id = ? AND retired_at IS NOT NULL", canteen.id),
    ).toBe(1);
    expect(await auditLines(a.id, "setup.meetup_place.retire")).toBe(1);
    expect((await sendJson("DELETE", `${PATH}/${canteen.id}`, undefined, a.admin.token)).status).toBe(404);
    expect((await add(a.admin, { name: "Central canteen" })).status).toBe(201);
  });

  it(`at most ${MEETUP_PLACES_MAX} active places: one more is a 409; retiring one makes room`, async () => {
    const c = await college();
    const rows = Array.from({ length: MEETUP_PLACES_MAX - 1 }, (_, i) =>
      env.DB.prepare("INSERT INTO meetup_places (id, campus_id, name, created_at) VALUES (?1, ?2, ?3, 0)").bind(
        `${c.id}-p${i}`,
        c.id,
        `Place ${String(i).padStart(2, "0")}`,
      ),
    );
    await env.DB.batch(rows);
    expect((await add(c.admin, { name: "The last one" })).status).toBe(201);
    const full = await add(c.admin, { name: "One too many" });
    expect(full.status).toBe(409);
    expect((await read(full)).message).toBe(M.placesFull(MEETUP_PLACES_MAX));
    expect((await sendJson("DELETE", `${PATH}/${c.id}-p0`, undefined, c.admin.token)).status).toBe(200);
    expect((await add(c.admin, { name: "One too many" })).status).toBe(201);
    expect(await list(c.admin)).toHaveLength(MEETUP_PLACES_MAX);
  });
});

describe("listMeetupPlaces (what the conversations read)", () => {
  it("answers a campus's active places by name, with their notes, and nothing of other campuses", async () => {
    const [c, d] = await Promise.all([college(), college()]);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO meetup_places (id, campus_id, name, note, created_at, retired_at) VALUES (?1, ?2, 'Old bus stop', NULL, 0, 5)",
      ).bind(`${c.id}-old`, c.id),
      env.DB.prepare(
        "INSERT INTO meetup_places (id, campus_id, name, note, created_at) VALUES (?1, ?2, 'library steps', 'Lit till 11 pm', 0)",
      ).bind(`${c.id}-lib`, c.id),
      env.DB.prepare(
        "INSERT INTO meetup_places (id, campus_id, name, note, created_at) VALUES (?1, ?2, 'Canteen', NULL, 0)",
      ).bind(`${c.id}-can`, c.id),
      env.DB.prepare(
        "INSERT INTO meetup_places (id, campus_id, name, created_at) VALUES (?1, ?2, 'Elsewhere', 0)",
      ).bind(`${d.id}-x`, d.id),
    ]);
    expect(await listMeetupPlaces(env, c.id)).toEqual([
      { id: `${c.id}-can`, name: "Canteen", note: null },
      { id: `${c.id}-lib`, name: "library steps", note: "Lit till 11 pm" },
    ]);
  });

  it("the demo colleges have places from the seed", async () => {
    for (const campus of ["cit", "rce"]) expect((await listMeetupPlaces(env, campus)).length).toBeGreaterThan(2);
  });
});

describe("/admin/setup/meetup-places without JavaScript", () => {
  let c: College;
  beforeAll(async () => {
    c = await college();
  });
  const page = (user: TestUser, path: string) => call(path, { headers: { Cookie: user.cookie } });
  const postForm = (user: TestUser, fields: Record<string, string>) =>
    call("/admin/setup/meetup-places", {
      method: "POST",
      headers: { Cookie: user.cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  const shown = (html: string) =>
    html.replaceAll("<!-- -->", "").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

  it("the checklist links to it with the count; the page shows the tips traders are told", async () => {
    const overview = shown(await (await page(c.admin, "/admin/setup")).text());
    expect(overview).toContain('href="/admin/setup/meetup-places"');
    expect(overview).toContain("8. Safe meet-up places");
    expect(overview).toContain("0 places where buyers and sellers meet to trade");
    const res = await page(c.admin, "/admin/setup/meetup-places");
    expect(res.status).toBe(200);
    const html = shown(await res.text());
    expect(html).toContain("No places yet");
    for (const tip of MEETUP_SAFETY_TIPS) expect(html).toContain(tip);
  });

  it("a student gets the 403 page, and their form changes nothing", async () => {
    const res = await page(c.student, "/admin/setup/meetup-places");
    expect(res.status).toBe(403);
    expect(shown(await res.text())).toContain(M.adminsOnly);
    expect((await postForm(c.student, { intent: "add", name: "Sneaky spot" })).status).toBe(403);
    expect(await count("SELECT COUNT(*) AS n FROM meetup_places WHERE campus_id = ?", c.id)).toBe(0);
  });

  it("adds, edits and retires by form; a bad form shows each field's problem and keeps what was typed", async () => {
    const bad = await postForm(c.admin, { intent: "add", name: "Q", note: "n".repeat(201) });
    expect(bad.status).toBe(400);
    const badHtml = shown(await bad.text());
    expect(badHtml).toContain(M.placeNameInvalid);
    expect(badHtml).toContain(M.placeNoteTooLong);

    const ok = await postForm(c.admin, { intent: "add", name: "Library entrance", note: "Lit until 11 pm." });
    expect(ok.status).toBe(200);
    expect(shown(await ok.text())).toContain(M.placeAdded("Library entrance"));
    const id = (await env.DB.prepare("SELECT id FROM meetup_places WHERE campus_id = ?1")
      .bind(c.id)
      .first<{ id: string }>())!.id;
    const html = shown(await (await page(c.admin, "/admin/setup/meetup-places")).text());
    expect(html).toContain('value="Library entrance"');
    expect(html).toContain('value="Lit until 11 pm."');

    const dup = await postForm(c.admin, { intent: "add", name: "library ENTRANCE" });
    expect(dup.status).toBe(409);
    expect(shown(await dup.text())).toContain(M.placeNameTaken("library ENTRANCE"));

    const saved = await postForm(c.admin, { intent: `save:${id}`, name: "Library gate", note: "" });
    expect(saved.status).toBe(200);
    expect(shown(await saved.text())).toContain(M.placeSaved("Library gate"));
    expect(await listMeetupPlaces(env, c.id)).toEqual([{ id, name: "Library gate", note: null }]);

    const retired = await postForm(c.admin, { intent: `retire:${id}` });
    expect(retired.status).toBe(200);
    expect(shown(await retired.text())).toContain(M.placeRetired("Library gate"));
    expect(await listMeetupPlaces(env, c.id)).toEqual([]);
  });
});
