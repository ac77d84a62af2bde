// The campus admin sets the college up (/api/admin/campus/*, docs/decisions/0104-campus-setup.md):
// an admin of the campus succeeds and the log says so; a student is refused; another college's
// admin never finds this college's rows; bad input names every bad field; removing what students
// use is refused and nothing is lost.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, postJson, type TestUser, uniqueIp } from "#test/helpers.ts";
import { get, read, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { grant } from "#test/staff-helpers.ts";

interface College {
  id: string;
  domain: string;
  admin: TestUser;
  student: TestUser;
}

/** A college of its own (its own domain), with an admin and a student, so tests share nothing. */
async function college(): Promise<College> {
  const id = `t${crypto.randomUUID().slice(0, 8)}`;
  const domain = `${id}.test`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO campuses (id, name, short_name, created_at) VALUES (?1, ?2, 'TST', 0)").bind(
      id,
      `Test College ${id}`,
    ),
    env.DB.prepare("INSERT INTO campus_domains (domain, campus_id) VALUES (?1, ?2)").bind(domain, id),
  ]);
  const [admin, student] = (await Promise.all([
    createUser({ name: "Setup Admin", email: `admin-${crypto.randomUUID()}@${domain}` }),
    createUser({ name: "Setup Student", email: `student-${crypto.randomUUID()}@${domain}` }),
  ])) as [TestUser, TestUser];
  await grant(admin, "admin", null, id);
  return { id, domain, admin, student };
}

const auditLines = (campusId: string, action: string) =>
  count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE campus_id = ? AND action = ?", campusId, action);
const del = (path: string, token: string) =>
  call(path, { method: "DELETE", headers: { Authorization: `Bearer ${token}` } });

interface Answer {
  success: boolean;
  message: string;
  fields?: Record<string, string>;
  data?: { id: string };
}

let a: College;
let b: College;
beforeAll(async () => {
  [a, b] = await Promise.all([college(), college()]);
});

describe("the college: names, domains, Google Workspace", () => {
  it("an admin reads and saves it, with an audit line; no-store", async () => {
    const res = await get("/api/admin/campus", a.admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect((await read<{ domains: string[] }>(res)).data).toMatchObject({ id: a.id, domains: [a.domain] });

    const saved = await sendJson(
      "PUT",
      "/api/admin/campus",
      { name: "Xavier Institute", shortName: "XI", city: "Pune", googleHdRequired: true },
      a.admin.token,
    );
    expect(saved.status).toBe(200);
    const row = await env.DB.prepare(
      "SELECT name, short_name AS s, city, google_hd_required AS hd FROM campuses WHERE id = ?1",
    )
      .bind(a.id)
      .first();
    expect(row).toEqual({ name: "Xavier Institute", s: "XI", city: "Pune", hd: 1 });
    expect(await auditLines(a.id, "campus.update")).toBe(1);
  });

  it("a student gets 403 and nothing changes", async () => {
    expect((await get("/api/admin/campus", a.student.token)).status).toBe(403);
    const res = await sendJson("PUT", "/api/admin/campus", { name: "Hijacked", shortName: "H" }, a.student.token);
    expect(res.status).toBe(403);
    expect(await count("SELECT COUNT(*) AS n FROM campuses WHERE name = 'Hijacked'")).toBe(0);
  });

  it("bad input names every bad field", async () => {
    const res = await sendJson("PUT", "/api/admin/campus", { name: "", shortName: "x".repeat(40) }, a.admin.token);
    expect(res.status).toBe(400);
    const body = (await res.json()) as Answer;
    expect(Object.keys(body.fields ?? {}).sort()).toEqual(["name", "shortName"]);
  });

  it("domains: added and removed with audit lines; another college's is refused (409); the last stays", async () => {
    const extra = `mail.${a.id}.test`;
    const added = await sendJson("POST", "/api/admin/campus/domains", { domain: extra }, a.admin.token);
    expect(added.status).toBe(201);
    expect(await auditLines(a.id, "campus.domain.add")).toBe(1);

    const taken = await sendJson("POST", "/api/admin/campus/domains", { domain: b.domain }, a.admin.token);
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as Answer).message).toMatch(/belongs to another college/);
    expect(
      await count("SELECT COUNT(*) AS n FROM campus_domains WHERE domain = ? AND campus_id = ?", b.domain, b.id),
    ).toBe(1);

    // B's admin cannot remove A's domain: it is not theirs.
    expect((await del(`/api/admin/campus/domains/${extra}`, b.admin.token)).status).toBe(404);
    expect((await del(`/api/admin/campus/domains/${extra}`, a.admin.token)).status).toBe(200);
    expect(await auditLines(a.id, "campus.domain.remove")).toBe(1);

    const last = await del(`/api/admin/campus/domains/${a.domain}`, a.admin.token);
    expect(last.status).toBe(409);
    expect(((await last.json()) as Answer).message).toMatch(/only domain/);
    expect(await count("SELECT COUNT(*) AS n FROM campus_domains WHERE campus_id = ?", a.id)).toBe(1);

    const bad = await sendJson("POST", "/api/admin/campus/domains", { domain: "not a domain" }, a.admin.token);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Answer).fields).toHaveProperty("domain");
  });
});

describe("which domains an admin may add (decision 0119)", () => {
  it("a public mail service, a public suffix, and a domain inside or above another college's are refused: 400 naming why, nothing written", async () => {
    const c = await college();
    // Another college holds a domain with a part under it: c's admin may claim neither its parent
    // nor a subdomain of it.
    const other = await college();
    const sub = `students.${other.domain}`;
    await env.DB.prepare("INSERT INTO campus_domains (domain, campus_id) VALUES (?1, ?2)").bind(sub, other.id).run();
    const cases: [string, RegExp][] = [
      ["gmail.com", /gmail\.com is a public mail service/],
      ["rediffmail.com", /rediffmail\.com is a public mail service/],
      ["mail.yahoo.co.in", /yahoo\.co\.in is a public mail service/],
      ["ac.in", /ac\.in is an ending shared by many organisations \(a public suffix\)/],
      ["github.io", /github\.io is an ending shared by many organisations/],
      [`hostel.${sub}`, new RegExp(`is inside ${sub.replace(/\./g, "\\.")}, which belongs to another college`)],
      [`x.${other.domain}`, new RegExp(`is inside ${other.domain.replace(/\./g, "\\.")}, which belongs to another`)],
    ];
    for (const [domain, why] of cases) {
      const res = await sendJson("POST", "/api/admin/campus/domains", { domain }, c.admin.token);
      expect(res.status, domain).toBe(400);
      const body = (await res.json()) as Answer & { field?: string };
      expect(body.message, domain).toMatch(why);
      expect(body.field, domain).toBe("domain");
    }
    // Above another college's: c may not take the parent of a domain it does not hold.
    const parentOwner = await college();
    const deep = `cse.${crypto.randomUUID().slice(0, 6)}.ac.in`;
    await env.DB.prepare("INSERT INTO campus_domains (domain, campus_id) VALUES (?1, ?2)")
      .bind(deep, parentOwner.id)
      .run();
    const above = await sendJson("POST", "/api/admin/campus/domains", { domain: deep.slice(4) }, c.admin.token);
    expect(above.status).toBe(400);
    expect(((await above.json()) as Answer).message).toMatch(/contains cse\..*which belongs to another college/);

    expect(await count("SELECT COUNT(*) AS n FROM campus_domains WHERE campus_id = ?", c.id)).toBe(1);
    expect(await auditLines(c.id, "campus.domain.add")).toBe(0);
    // A sign-up at gmail.com joins no college.
    const email = `g-${crypto.randomUUID().slice(0, 8)}@gmail.com`;
    await postJson(
      "/api/auth/register",
      { name: "Gmail Student", email, password: "long-enough-1" },
      { "CF-Connecting-IP": uniqueIp() },
    );
    expect(await count("SELECT COUNT(*) AS n FROM users WHERE email = ? AND campus_id = ?", email, c.id)).toBe(0);
  });

  it("the college's own domains and their parts are still its to add; an existing domain outside the rules stays", async () => {
    const c = await college();
    const own = await sendJson("POST", "/api/admin/campus/domains", { domain: `cse.${c.domain}` }, c.admin.token);
    expect(own.status).toBe(201);
    const fresh = await sendJson(
      "POST",
      "/api/admin/campus/domains",
      { domain: `x${crypto.randomUUID().slice(0, 8)}.ac.in` },
      c.admin.token,
    );
    expect(fresh.status).toBe(201);
    // Added before the rules (or by an operator on purpose): kept, listed, removable.
    const kept = "yahoo.in";
    await env.DB.prepare("INSERT INTO campus_domains (domain, campus_id) VALUES (?1, ?2)").bind(kept, c.id).run();
    expect((await read<{ domains: string[] }>(await get("/api/admin/campus", c.admin.token))).data?.domains).toContain(
      kept,
    );
  });
});

describe("hostel blocks", () => {
  it("an admin adds, renames (same id) and removes an empty block, each with an audit line", async () => {
    const id = `K${crypto.randomUUID().slice(0, 4)}`;
    const added = await sendJson("POST", "/api/admin/campus/blocks", { id, name: "Kaveri" }, a.admin.token);
    expect(added.status).toBe(201);
    const renamed = await sendJson("PATCH", `/api/admin/campus/blocks/${id}`, { name: "Kaveri Hall" }, a.admin.token);
    expect(renamed.status).toBe(200);
    const list = await get("/api/admin/campus/blocks", a.admin.token);
    expect(list.headers.get("Cache-Control")).toBe("no-store");
    expect((await read<{ id: string; name: string }[]>(list)).data).toContainEqual(
      expect.objectContaining({ id, name: "Kaveri Hall" }),
    );
    // Students see it in their campus's block list.
    const blocks = await read<{ id: string }[]>(await get("/api/hostel/blocks", a.student.token));
    expect(blocks.data.map((x) => x.id)).toContain(id);
    expect((await del(`/api/admin/campus/blocks/${id}`, a.admin.token)).status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM hostel_blocks WHERE id = ?", id)).toBe(0);
    expect(await auditLines(a.id, "setup.block.add")).toBeGreaterThanOrEqual(1);
    expect(await auditLines(a.id, "setup.block.update")).toBeGreaterThanOrEqual(1);
    expect(await auditLines(a.id, "setup.block.remove")).toBeGreaterThanOrEqual(1);
  });

  it("a student gets 403; another college's admin never finds the block (404)", async () => {
    const id = `L${crypto.randomUUID().slice(0, 4)}`;
    expect((await sendJson("POST", "/api/admin/campus/blocks", { id, name: "Lotus" }, a.student.token)).status).toBe(
      403,
    );
    expect((await get("/api/admin/campus/blocks", a.student.token)).status).toBe(403);
    expect((await sendJson("POST", "/api/admin/campus/blocks", { id, name: "Lotus" }, a.admin.token)).status).toBe(201);
    expect((await sendJson("PATCH", `/api/admin/campus/blocks/${id}`, { name: "Taken" }, b.admin.token)).status).toBe(
      404,
    );
    expect((await del(`/api/admin/campus/blocks/${id}`, b.admin.token)).status).toBe(404);
    expect(
      await env.DB.prepare("SELECT name, campus_id AS c FROM hostel_blocks WHERE id = ?1").bind(id).first(),
    ).toEqual({
      name: "Lotus",
      c: a.id,
    });
    const list = await read<{ id: string }[]>(await get("/api/admin/campus/blocks", b.admin.token));
    expect(list.data.map((x) => x.id)).not.toContain(id);
  });

  it("bad input names every bad field; an id another college holds is a 409", async () => {
    const res = await sendJson("POST", "/api/admin/campus/blocks", { id: "no spaces here", name: "" }, a.admin.token);
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as Answer).fields ?? {}).sort()).toEqual(["id", "name"]);
    // "A" is Campus Institute of Technology's block (the demo data).
    const taken = await sendJson("POST", "/api/admin/campus/blocks", { id: "A", name: "Another A" }, a.admin.token);
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as Answer & { field?: string }).field).toBe("id");
  });

  it("a block with a resident or a complaint is not removed (409, nothing lost)", async () => {
    const id = `M${crypto.randomUUID().slice(0, 4)}`;
    await sendJson("POST", "/api/admin/campus/blocks", { id, name: "Mahanadi" }, a.admin.token);
    const lives = await sendJson("PUT", "/api/hostel/residence", { blockId: id, room: "101" }, a.student.token);
    expect(lives.status).toBeLessThan(300);
    const res = await del(`/api/admin/campus/blocks/${id}`, a.admin.token);
    expect(res.status).toBe(409);
    expect(((await res.json()) as Answer).message).toMatch(/1 student lives in it.*Rename it instead/);
    expect(await count("SELECT COUNT(*) AS n FROM hostel_blocks WHERE id = ?", id)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM hostel_residents WHERE block_id = ?", id)).toBe(1);
  });
});

describe("meals and the weekly menu", () => {
  it("an admin adds, changes, fills the menu of and removes a meal; audit lines; 403 and 404 for others", async () => {
    const added = await sendJson(
      "POST",
      "/api/admin/campus/meals",
      { name: "Breakfast", startsAt: "07:30", endsAt: "09:30" },
      a.admin.token,
    );
    expect(added.status).toBe(201);
    const mealId = ((await added.json()) as Answer).data!.id;
    const overlap = await sendJson(
      "POST",
      "/api/admin/campus/meals",
      { name: "Brunch", startsAt: "09:00", endsAt: "11:00" },
      a.admin.token,
    );
    expect(overlap.status).toBe(400);
    expect(((await overlap.json()) as Answer).message).toMatch(/overlap Breakfast/);

    const changed = await sendJson(
      "PATCH",
      `/api/admin/campus/meals/${mealId}`,
      { name: "Breakfast", startsAt: "07:00", endsAt: "09:00" },
      a.admin.token,
    );
    expect(changed.status).toBe(200);
    const cell = await sendJson(
      "PUT",
      "/api/admin/campus/menu",
      { day: 1, mealId, items: "Idli, sambar" },
      a.admin.token,
    );
    expect(cell.status).toBe(200);
    const menu = await read<{ day: number; mealId: string; items: string }[]>(
      await get("/api/admin/campus/menu", a.admin.token),
    );
    expect(menu.data).toEqual([{ day: 1, mealId, items: "Idli, sambar" }]);

    expect(
      (await sendJson("PUT", "/api/admin/campus/menu", { day: 2, mealId, items: "x" }, b.admin.token)).status,
    ).toBe(404);
    expect(
      (await sendJson("PUT", "/api/admin/campus/menu", { day: 2, mealId, items: "x" }, a.student.token)).status,
    ).toBe(403);
    expect((await del(`/api/admin/campus/meals/${mealId}`, b.admin.token)).status).toBe(404);

    expect((await del(`/api/admin/campus/meals/${mealId}`, a.admin.token)).status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM mess_menu WHERE meal_id = ?", mealId)).toBe(0);
    for (const action of ["setup.meal.add", "setup.meal.update", "setup.menu", "setup.meal.remove"])
      expect(await auditLines(a.id, action), action).toBe(1);
  });

  it("bad times name their fields; a rated meal is not removed (409, ratings kept)", async () => {
    const bad = await sendJson(
      "POST",
      "/api/admin/campus/meals",
      { name: "", startsAt: "25:00", endsAt: "x" },
      a.admin.token,
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as Answer).fields ?? {}).sort()).toEqual(["endsAt", "name", "startsAt"]);
    const backwards = await sendJson(
      "POST",
      "/api/admin/campus/meals",
      { name: "Dinner", startsAt: "21:00", endsAt: "20:00" },
      a.admin.token,
    );
    expect(((await backwards.json()) as Answer).fields).toHaveProperty("endsAt");

    const added = await sendJson(
      "POST",
      "/api/admin/campus/meals",
      { name: "Dinner", startsAt: "19:30", endsAt: "21:30" },
      a.admin.token,
    );
    const mealId = ((await added.json()) as Answer).data!.id;
    await env.DB.prepare(
      "INSERT INTO mess_ratings (user_id, date, meal_id, stars, created_at, updated_at) VALUES (?1, '2026-01-05', ?2, 4, 0, 0)",
    )
      .bind(a.student.userId, mealId)
      .run();
    const res = await del(`/api/admin/campus/meals/${mealId}`, a.admin.token);
    expect(res.status).toBe(409);
    expect(((await res.json()) as Answer).message).toMatch(/students have rated it/);
    expect(await count("SELECT COUNT(*) AS n FROM mess_meals WHERE id = ?", mealId)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM mess_ratings WHERE meal_id = ?", mealId)).toBe(1);
  });
});

describe("laundry slots", () => {
  it("an admin adds, changes and removes a slot; audit lines; 403 and 404 for others; bad input 400", async () => {
    const added = await sendJson(
      "POST",
      "/api/admin/campus/laundry-slots",
      { startsAt: "08:00", endsAt: "10:00", capacity: 12 },
      b.admin.token,
    );
    expect(added.status).toBe(201);
    const slotId = ((await added.json()) as Answer).data!.id;
    // Students of the college see it at once.
    const slots = await read<{ slots: { id: string }[] }>(await get(`/api/hostel/laundry/slots`, b.student.token));
    expect(slots.data.slots.map((s) => s.id)).toContain(slotId);
    expect(
      (
        await sendJson(
          "PATCH",
          `/api/admin/campus/laundry-slots/${slotId}`,
          { startsAt: "08:00", endsAt: "10:00", capacity: 1 },
          a.admin.token,
        )
      ).status,
    ).toBe(404);
    expect((await get("/api/admin/campus/laundry-slots", b.student.token)).status).toBe(403);
    const changed = await sendJson(
      "PATCH",
      `/api/admin/campus/laundry-slots/${slotId}`,
      { startsAt: "08:30", endsAt: "10:30", capacity: "20" },
      b.admin.token,
    );
    expect(changed.status).toBe(200);
    const bad = await sendJson(
      "POST",
      "/api/admin/campus/laundry-slots",
      { startsAt: "8", capacity: -1 },
      b.admin.token,
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as Answer).fields ?? {}).sort()).toEqual(["capacity", "endsAt", "startsAt"]);
    expect((await del(`/api/admin/campus/laundry-slots/${slotId}`, b.admin.token)).status).toBe(200);
    for (const action of ["setup.slot.add", "setup.slot.update", "setup.slot.remove"])
      expect(await auditLines(b.id, action), action).toBe(1);
  });

  it("a slot with bookings is not removed (409, the booking kept)", async () => {
    const added = await sendJson(
      "POST",
      "/api/admin/campus/laundry-slots",
      { startsAt: "17:00", endsAt: "19:00", capacity: 5 },
      b.admin.token,
    );
    const slotId = ((await added.json()) as Answer).data!.id;
    await env.DB.prepare(
      "INSERT INTO laundry_bookings (id, user_id, slot_id, date, starts_at, clothes, service, created_at) VALUES (?1, ?2, ?3, '2099-01-01', 0, 5, 'wash', 0)",
    )
      .bind(crypto.randomUUID(), b.student.userId, slotId)
      .run();
    const res = await del(`/api/admin/campus/laundry-slots/${slotId}`, b.admin.token);
    expect(res.status).toBe(409);
    expect(((await res.json()) as Answer).message).toMatch(/1 pickup is booked in it from today on/);
    expect(await count("SELECT COUNT(*) AS n FROM laundry_bookings WHERE slot_id = ?", slotId)).toBe(1);
  });
});

describe("a college an operator disabled (npm run campus -- disable)", () => {
  it("takes no new members: registration is refused with a clear message; its members keep signing in", async () => {
    const c = await college();
    await env.DB.prepare("UPDATE campuses SET disabled_at = ?1 WHERE id = ?2").bind(Date.now(), c.id).run();
    const register = (email: string) =>
      postJson(
        "/api/auth/register",
        { name: "New Student", email, password: "correct horse battery" },
        { "CF-Connecting-IP": uniqueIp() },
      );
    const refused = await register(`new-${crypto.randomUUID()}@${c.domain}`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Answer).message).toMatch(/is not taking new members on Campus/);
    expect(await count("SELECT COUNT(*) AS n FROM users WHERE campus_id = ?", c.id)).toBe(2);
    const login = await postJson(
      "/api/auth/login",
      { email: c.student.email, password: c.student.password },
      { "CF-Connecting-IP": uniqueIp() },
    );
    expect(login.status).toBe(200);

    await env.DB.prepare("UPDATE campuses SET disabled_at = NULL WHERE id = ?1").bind(c.id).run();
    expect((await register(`new-${crypto.randomUUID()}@${c.domain}`)).status).toBe(201);
  });
});
