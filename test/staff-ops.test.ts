// Laundry and mess staff. Table-driven: each endpoint x each role x own and other campus;
// the race of two "ready" marks; the capacity rules; the menu's "updated" time.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDays, indiaDate, indiaInstant } from "#common/india-time.ts";
import { call, createUser, type TestUser } from "#test/helpers.ts";
import { get, read, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { grant } from "#test/staff-helpers.ts";

type Who = "student" | "laundry" | "mess" | "warden" | "staffOfOtherCampus" | "adminOfOtherCampus" | "admin";
const rceEmail = (p: string) => `${p}-${crypto.randomUUID()}@riverside.test`;

async function people(): Promise<Record<Who, TestUser>> {
  const [student, laundry, mess, warden, staffOfOtherCampus, adminOfOtherCampus, admin] = await Promise.all([
    createUser({ name: "Asha Student" }),
    createUser({ name: "Laundry Cit" }),
    createUser({ name: "Mess Cit" }),
    createUser({ name: "Warden Cit" }),
    createUser({ name: "Rce Staff", email: rceEmail("s") }),
    createUser({ name: "Rce Admin", email: rceEmail("a") }),
    createUser({ name: "Admin Cit" }),
  ]);
  await Promise.all([
    grant(laundry!, "laundry"),
    grant(mess!, "mess"),
    grant(warden!, "warden", "B"),
    // The other campus's laundry and mess staff in one person.
    grant(staffOfOtherCampus!, "laundry", null, "rce"),
    grant(staffOfOtherCampus!, "mess", null, "rce"),
    grant(adminOfOtherCampus!, "admin", null, "rce"),
    grant(admin!, "admin"),
  ]);
  return {
    student: student!,
    laundry: laundry!,
    mess: mess!,
    warden: warden!,
    staffOfOtherCampus: staffOfOtherCampus!,
    adminOfOtherCampus: adminOfOtherCampus!,
    admin: admin!,
  };
}

const tomorrow = () => addDays(indiaDate(Date.now()), 1);

async function book(student: TestUser, slotId = "0800", date = tomorrow()): Promise<string> {
  const res = await sendJson(
    "POST",
    "/api/hostel/laundry/bookings",
    { date, slotId, clothes: 8, service: "wash" },
    student.token,
  );
  if (res.status !== 201) throw new Error(`booking: ${res.status} ${await res.text()}`);
  return (await read<{ id: string }>(res)).data.id;
}

/**
 * Moves the clock to the booking's pickup (its slot's start, India time): bags are picked up in
 * their slot, never before (test/hostel-laundry.test.ts holds that rule).
 */
async function atPickup(id: string): Promise<void> {
  const row = await env.DB.prepare(
    "SELECT b.date, s.starts_at_min AS startsAtMin FROM laundry_bookings b JOIN laundry_slots s ON s.id = b.slot_id WHERE b.id = ?1",
  )
    .bind(id)
    .first<{ date: string; startsAtMin: number }>();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(indiaInstant(row!.date, row!.startsAtMin));
}

afterEach(() => {
  vi.useRealTimers();
});

const step = (id: string, status: string, token?: string) =>
  sendJson("PATCH", `/api/hostel/laundry/bookings/${id}/status`, { status }, token);
const audits = (subject: string, action?: string) =>
  action
    ? count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE subject_id = ? AND action = ?", subject, action)
    : count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE subject_id = ?", subject);
const noticesOf = (userId: string) => count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ?", userId);

// A CIT booking: CIT laundry staff and the CIT admin; the other campus sees no such booking (404).
const stepExpected: Record<Who, number> = {
  student: 403,
  laundry: 200,
  mess: 403,
  warden: 403,
  staffOfOtherCampus: 404,
  adminOfOtherCampus: 404,
  admin: 200,
};

describe("PATCH /api/hostel/laundry/bookings/:id/status: each role on a CIT booking", () => {
  for (const [who, status] of Object.entries(stepExpected) as [Who, number][]) {
    it(`${who}: ${status}`, async () => {
      const cast = await people();
      const id = await book(cast.student);
      await atPickup(id);
      const res = await step(id, "picked_up", cast[who].token);
      expect(res.status, (await read(res.clone())).message).toBe(status);
      expect(
        await count(
          "SELECT COUNT(*) AS n FROM laundry_bookings WHERE id = ? AND status = ?",
          id,
          status === 200 ? "picked_up" : "booked",
        ),
      ).toBe(1);
      expect(await audits(id)).toBe(status === 200 ? 1 : 0);
    });
  }

  it("an RCE booking: the RCE laundry staff move it, CIT's laundry staff and admin get 404", async () => {
    const cast = await people();
    const rceStudent = await createUser({ email: rceEmail("st") });
    const id = await book(rceStudent, "rce-0700");
    await atPickup(id);
    expect((await step(id, "picked_up", cast.laundry.token)).status).toBe(404);
    expect((await step(id, "picked_up", cast.admin.token)).status).toBe(404);
    expect((await step(id, "picked_up", cast.staffOfOtherCampus.token)).status).toBe(200);
    expect((await step(id, "washing", cast.adminOfOtherCampus.token)).status).toBe(200);
  });

  it("forward only, one step at a time; 'ready' tells the student, with the slot; the student sees each status", async () => {
    const { student, laundry } = await people();
    const id = await book(student);
    await atPickup(id);
    expect((await step(id, "washing", laundry.token)).status).toBe(409);
    expect((await step(id, "nonsense", laundry.token)).status).toBe(400);
    expect((await step(id, "picked_up", laundry.token)).status).toBe(200);
    expect((await step(id, "picked_up", laundry.token)).status).toBe(409);
    expect((await step(id, "washing", laundry.token)).status).toBe(200);
    expect(await noticesOf(student.userId)).toBe(0);
    const ready = await step(id, "ready", laundry.token);
    expect(ready.status).toBe(200);
    expect((await read(ready)).message).toBe("Marked ready to collect. The student is told.");
    const inbox = await read<{ notices: { title: string; text: string; link: string }[]; unread: number }>(
      await get("/api/notifications", student.token),
    );
    expect(inbox.data.unread).toBe(1);
    expect(inbox.data.notices[0]).toMatchObject({ title: "Your laundry is ready", link: "/laundry-service" });
    expect(inbox.data.notices[0]!.text).toMatch(/Wash, 8 clothes, pickup .* 08:00–10:00\. Collect it/);
    const mine = await read<{ id: string; status: string }[]>(await get("/api/hostel/laundry/bookings", student.token));
    expect(mine.data.find((b) => b.id === id)?.status).toBe("ready");
    expect((await step(id, "washing", laundry.token)).status).toBe(409);
    expect((await step(id, "collected", laundry.token)).status).toBe(200);
    expect((await step(id, "collected", laundry.token)).status).toBe(409);
    expect(await audits(id)).toBe(4);
    expect(await noticesOf(student.userId)).toBe(1);
    // The student can no longer cancel it.
    expect((await sendJson("POST", `/api/hostel/laundry/bookings/${id}/cancel`, {}, student.token)).status).toBe(409);
  });

  it("a cancelled booking cannot be moved", async () => {
    const { student, laundry } = await people();
    const id = await book(student);
    expect((await sendJson("POST", `/api/hostel/laundry/bookings/${id}/cancel`, {}, student.token)).status).toBe(200);
    await atPickup(id);
    const res = await step(id, "picked_up", laundry.token);
    expect(res.status).toBe(409);
    expect((await read(res)).message).toBe("The student cancelled this booking.");
  });

  it("two simultaneous 'ready' marks: one 200, one 409, one notice, one audit line", async () => {
    const { student, laundry, admin } = await people();
    const id = await book(student);
    await atPickup(id);
    await step(id, "picked_up", laundry.token);
    await step(id, "washing", laundry.token);
    const results = await Promise.all([step(id, "ready", laundry.token), step(id, "ready", admin.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await noticesOf(student.userId)).toBe(1);
    expect(await audits(id, "laundry.ready")).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM laundry_bookings WHERE id = ? AND status = 'ready'", id)).toBe(1);
  });
});

const slotExpected = stepExpected;
describe("PATCH /api/hostel/laundry/slots/:id: each role on a CIT slot", () => {
  for (const [who, status] of Object.entries(slotExpected) as [Who, number][]) {
    it(`${who}: ${status}`, async () => {
      const cast = await people();
      const before = await count("SELECT capacity AS n FROM laundry_slots WHERE id = '1800'");
      const lines = await audits("1800", "laundry.capacity");
      const res = await sendJson("PATCH", "/api/hostel/laundry/slots/1800", { capacity: before + 1 }, cast[who].token);
      expect(res.status, (await read(res.clone())).message).toBe(status);
      expect(await count("SELECT capacity AS n FROM laundry_slots WHERE id = '1800'")).toBe(
        status === 200 ? before + 1 : before,
      );
      expect(await audits("1800", "laundry.capacity")).toBe(lines + (status === 200 ? 1 : 0));
    });
  }

  it("not below the live bookings of an upcoming day; cancelled ones do not count; the lower capacity then refuses a booking", async () => {
    const { laundry } = await people();
    const students = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
    const ids = await Promise.all(students.slice(0, 3).map((s) => book(s, "1600")));
    const set = (capacity: unknown) => sendJson("PATCH", "/api/hostel/laundry/slots/1600", { capacity }, laundry.token);
    const low = await set(2);
    expect(low.status).toBe(409);
    expect((await read(low)).message).toMatch(/already has 3 pickups booked on .*; its capacity cannot go below that/);
    expect(await count("SELECT capacity AS n FROM laundry_slots WHERE id = '1600'")).toBe(10);
    for (const bad of [0, -1, 1.5, "ten", 101, null]) expect((await set(bad)).status).toBe(400);
    expect((await set(3)).status).toBe(200);
    const full = await sendJson(
      "POST",
      "/api/hostel/laundry/bookings",
      { date: tomorrow(), slotId: "1600", clothes: 2, service: "iron" },
      students[3]!.token,
    );
    expect(full.status).toBe(409);
    await sendJson("POST", `/api/hostel/laundry/bookings/${ids[0]}/cancel`, {}, students[0]!.token);
    expect((await set(2)).status).toBe(200);
    expect(await audits("1600", "laundry.capacity")).toBe(2);
    const notes = await env.DB.prepare(
      "SELECT note FROM staff_audit_log WHERE subject_id = '1600' ORDER BY created_at",
    ).all<{ note: string }>();
    expect(notes.results.map((r) => r.note)).toEqual(["Slot 16:00–18:00: 10 -> 3", "Slot 16:00–18:00: 3 -> 2"]);
    expect((await sendJson("PATCH", "/api/hostel/laundry/slots/nope", { capacity: 5 }, laundry.token)).status).toBe(
      404,
    );
  });
});

// CIT's lunch: CIT mess staff and the CIT admin; the other campus has no meal "lunch" (404).
const menuExpected: Record<Who, number> = {
  student: 403,
  laundry: 403,
  mess: 200,
  warden: 403,
  staffOfOtherCampus: 404,
  adminOfOtherCampus: 404,
  admin: 200,
};

describe("PUT /api/hostel/mess/menu: each role on CIT's Tuesday lunch", () => {
  for (const [who, status] of Object.entries(menuExpected) as [Who, number][]) {
    it(`${who}: ${status}`, async () => {
      const cast = await people();
      const lines = await audits("2:lunch", "mess.menu");
      const dish = `Dal ${who} ${crypto.randomUUID().slice(0, 6)}`;
      const res = await sendJson(
        "PUT",
        "/api/hostel/mess/menu",
        { day: 2, meal: "lunch", items: `${dish}, Rice, Roti` },
        cast[who].token,
      );
      expect(res.status, (await read(res.clone())).message).toBe(status);
      expect(
        await count(
          "SELECT COUNT(*) AS n FROM mess_menu WHERE day = 2 AND meal_id = 'lunch' AND items = ?",
          `${dish}, Rice, Roti`,
        ),
      ).toBe(status === 200 ? 1 : 0);
      expect(await audits("2:lunch", "mess.menu")).toBe(lines + (status === 200 ? 1 : 0));
    });
  }

  it("the RCE mess staff edit RCE's menu; the public page shows the dishes and the time of the change", async () => {
    const { staffOfOtherCampus } = await people();
    const before = await read<{ updatedAt: number | null }>(await get("/api/hostel/mess/menu?campus=rce"));
    expect(before.data.updatedAt).toBeNull();
    const cit = (await read<{ updatedAt: number | null }>(await get("/api/hostel/mess/menu?campus=cit"))).data
      .updatedAt;
    const res = await sendJson(
      "PUT",
      "/api/hostel/mess/menu",
      { day: 3, meal: "rce-dinner", items: ["Porotta", " Beef fry, or veg ", "Rice"] },
      staffOfOtherCampus.token,
    );
    expect(res.status).toBe(200);
    const menu = await read<{ updatedAt: number; week: { meals: Record<string, string[]> }[] }>(
      await get("/api/hostel/mess/menu?campus=rce"),
    );
    expect(menu.data.week[2]!.meals["rce-dinner"]).toEqual(["Porotta", "Beef fry  or veg".replace("  ", " "), "Rice"]);
    expect(menu.data.updatedAt).toBeGreaterThan(Date.now() - 60_000);
    // CIT's menu is untouched.
    expect(
      (await read<{ updatedAt: number | null }>(await get("/api/hostel/mess/menu?campus=cit"))).data.updatedAt,
    ).toBe(cit);
  });

  it("bad input is a clear 400 and changes nothing", async () => {
    const { mess } = await people();
    for (const body of [
      { day: 8, meal: "lunch", items: "Rice" },
      { day: 1, meal: "lunch", items: " , ," },
      { day: 1, meal: "lunch", items: 5 },
      { day: 1, meal: "lunch", items: Array(13).fill("Rice") },
      { day: 1, items: "Rice" },
      { day: 1, meal: "lunch", items: "x".repeat(61) },
    ]) {
      const res = await sendJson("PUT", "/api/hostel/mess/menu", body, mess.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await audits("1:lunch")).toBe(0);
  });
});

describe("the pages", () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    call("/staff", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
      body: new URLSearchParams(fields),
    });

  it("/staff shows the laundry console to laundry staff, the mess console to mess staff, and its forms work without JavaScript", async () => {
    const { student, laundry, mess } = await people();
    const id = await book(student, "1000");
    await atPickup(id);
    const laundryHtml = await (await call("/staff", { headers: { Cookie: laundry.cookie } })).text();
    expect(laundryHtml).toContain("Laundry: today and tomorrow");
    expect(laundryHtml).toContain("Asha Student");
    expect(laundryHtml).not.toContain("Mess: this week");
    const messHtml = await (await call("/staff", { headers: { Cookie: mess.cookie } })).text();
    expect(messHtml).toContain("Mess: this week");
    expect(messHtml).toContain("Ratings of each meal");
    expect(messHtml).not.toContain("Laundry: today and tomorrow");
    expect((await post(laundry.cookie, { intent: "laundry.step", id, status: "picked_up" })).status).toBe(200);
    expect((await post(mess.cookie, { intent: "laundry.step", id, status: "washing" })).status).toBe(403);
    expect(
      (await post(mess.cookie, { intent: "mess.menu", day: "5", meal: "dinner", items: "Paneer, Roti" })).status,
    ).toBe(200);
    expect((await post(laundry.cookie, { intent: "laundry.capacity", slotId: "0800", capacity: "abc" })).status).toBe(
      400,
    );
    const messPage = await (await call("/mess-menu", { headers: { Cookie: student.cookie } })).text();
    expect(messPage.replace(/<!-- -->/g, "")).toMatch(/Updated \d+ \w+ \d{4}, \d+:\d\d [ap]m by the mess/);
  });

  it("/staff reads in at most 3 D1 round trips for laundry staff, mess staff and the admin", async () => {
    const { laundry, mess, admin } = await people();
    const { tripsOf } = await import("#test/staff-trips.ts");
    for (const user of [laundry, mess, admin])
      expect(await tripsOf("staff", "/staff", user.cookie)).toBeLessThanOrEqual(3);
  });
});
