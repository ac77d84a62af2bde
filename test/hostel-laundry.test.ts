import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDays, indiaDate, indiaInstant } from "#common/india-time.ts";
import type { BookingView, SlotView } from "#server/services/hostel/laundry.ts";
import { bearer, call, createUser, unique } from "#test/helpers.ts";
import { freezeIndiaTime, get, read, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { grant } from "#test/staff-helpers.ts";
import { formatIndiaDay } from "#common/format.ts";

afterEach(() => {
  vi.useRealTimers();
});

const tomorrow = () => addDays(indiaDate(Date.now()), 1);
const booking = (date = tomorrow()) => ({ date, slotId: "1000", clothes: 12, service: "wash" });

interface Slots {
  date: string;
  dates: string[];
  slots: SlotView[];
}

async function countLive(date: string, slotId: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT COUNT(*) AS n FROM laundry_bookings WHERE date = ? AND slot_id = ? AND status <> 'cancelled'",
  )
    .bind(date, slotId)
    .first<{ n: number }>();
  return row?.n ?? -1;
}

describe("GET /api/hostel/laundry/slots", () => {
  it("lists the day's slots with capacity and places left; the dates run from today (India) for a week", async () => {
    // A day and slot no other test books, so the counts are this test's own.
    const date = addDays(indiaDate(Date.now()), 3);
    const user = await createUser();
    await sendJson("POST", "/api/hostel/laundry/bookings", { ...booking(date), slotId: "1600" }, user.token);
    const res = await get(`/api/hostel/laundry/slots?date=${date}`);
    expect(res.status).toBe(200);
    const { data } = await read<Slots>(res);
    expect(data.date).toBe(date);
    expect(data.dates).toHaveLength(7);
    expect(data.dates[0]).toBe(indiaDate(Date.now()));
    expect(data.slots.map((s) => s.label)).toEqual([
      "08:00–10:00",
      "10:00–12:00",
      "14:00–16:00",
      "16:00–18:00",
      "18:00–20:00",
    ]);
    expect(data.slots[3]).toEqual({
      id: "1600",
      label: "16:00–18:00",
      startsAt: indiaInstant(date, 960),
      capacity: 10,
      booked: 1,
      remaining: 9,
      started: false,
    });
  });

  it("marks today's slots that have started", async () => {
    const { date } = freezeIndiaTime(1, 11 * 60);
    const { data } = await read<Slots>(await get("/api/hostel/laundry/slots"));
    expect(data.date).toBe(date);
    expect(data.slots.map((s) => s.started)).toEqual([true, true, false, false, false]);
  });

  it.each([["05-03-2026"], ["2026-02-30"], [addDays(indiaDate(Date.now()), 7)], [addDays(indiaDate(Date.now()), -1)]])(
    "answers 400 for ?date=%s",
    async (date) => {
      const res = await get(`/api/hostel/laundry/slots?date=${date}`);
      expect(res.status).toBe(400);
      expect((await read(res)).message).toMatch(/Choose a pickup date/);
    },
  );
});

describe("POST /api/hostel/laundry/bookings", () => {
  it("books a pickup: 201 with the booking, booked and cancellable", async () => {
    const user = await createUser();
    const res = await sendJson(
      "POST",
      "/api/hostel/laundry/bookings",
      { ...booking(), service: "dry_clean", clothes: 3 },
      user.token,
    );
    expect(res.status).toBe(201);
    const body = await read<BookingView>(res);
    expect(body.data).toMatchObject({
      date: tomorrow(),
      slotId: "1000",
      slotLabel: "10:00–12:00",
      clothes: 3,
      service: "dry_clean",
      status: "booked",
      cancellable: true,
    });
    expect(body.data.startsAt).toBe(indiaInstant(tomorrow(), 600));
  });

  // The race of many students for one slot: robust-races.test.ts.

  it("a cancelled booking frees its place", async () => {
    const date = tomorrow();
    const students = await Promise.all(Array.from({ length: 11 }, () => createUser()));
    const booked: BookingView[] = [];
    for (const s of students.slice(0, 10))
      booked.push(
        (
          await read<BookingView>(
            await sendJson("POST", "/api/hostel/laundry/bookings", { ...booking(date), slotId: "1800" }, s.token),
          )
        ).data,
      );
    const last = students[10]!;
    expect(
      (await sendJson("POST", "/api/hostel/laundry/bookings", { ...booking(date), slotId: "1800" }, last.token)).status,
    ).toBe(409);
    await call(`/api/hostel/laundry/bookings/${booked[0]!.id}/cancel`, {
      method: "POST",
      headers: bearer(students[0]!.token),
    });
    expect(
      (await sendJson("POST", "/api/hostel/laundry/bookings", { ...booking(date), slotId: "1800" }, last.token)).status,
    ).toBe(201);
    expect(await countLive(date, "1800")).toBe(10);
  });

  it("holds one live booking per student per slot", async () => {
    const user = await createUser();
    expect((await sendJson("POST", "/api/hostel/laundry/bookings", booking(), user.token)).status).toBe(201);
    const again = await sendJson("POST", "/api/hostel/laundry/bookings", booking(), user.token);
    expect(again.status).toBe(409);
    expect((await read(again)).message).toBe("You already have a pickup booked in this slot.");
  });

  it("refuses a slot that has already started", async () => {
    const { date } = freezeIndiaTime(1, 10 * 60 + 5);
    const user = await createUser();
    const res = await sendJson(
      "POST",
      "/api/hostel/laundry/bookings",
      { ...booking(date), slotId: "1000" },
      user.token,
    );
    expect(res.status).toBe(400);
    expect((await read(res)).message).toBe("This slot has already started. Choose a later one.");
  });

  it("needs a session", async () => {
    expect((await sendJson("POST", "/api/hostel/laundry/bookings", booking())).status).toBe(401);
  });

  it.each([
    [{ date: undefined }, /pickup date/, "date"],
    [{ date: "tomorrow" }, /YYYY-MM-DD/, "date"],
    [{ date: "2020-01-01" }, /Choose a pickup date from/, "date"],
    [{ slotId: undefined }, /pickup slot/, "slotId"],
    [{ slotId: "0300" }, /one of the pickup slots/, "slotId"],
    [{ clothes: undefined }, /how many clothes/, "clothes"],
    [{ clothes: 0 }, /at least 1/, "clothes"],
    [{ clothes: 41 }, /at most 40/, "clothes"],
    [{ clothes: 2.5 }, /whole number/, "clothes"],
    [{ service: "starch" }, /wash, iron or dry clean/, "service"],
  ])("answers 400 for %j", async (change, message, field) => {
    const user = await createUser();
    const res = await sendJson("POST", "/api/hostel/laundry/bookings", { ...booking(), ...change }, user.token);
    expect(res.status).toBe(400);
    const body = await read(res);
    expect(body.message).toMatch(message);
    expect(body.field).toBe(field);
  });
});

describe("at most 3 upcoming pickups per student", () => {
  const at = (days: number, slotId: string) => ({ ...booking(addDays(indiaDate(Date.now()), days)), slotId });

  it("refuses a 4th with 409 and a message; a cancelled one or one whose slot has started no longer counts", async () => {
    const user = await createUser();
    const made: BookingView[] = [];
    for (const [days, slot] of [
      [4, "0800"],
      [4, "1000"],
      [5, "0800"],
    ] as const) {
      const res = await sendJson("POST", "/api/hostel/laundry/bookings", at(days, slot), user.token);
      expect(res.status).toBe(201);
      made.push((await read<BookingView>(res)).data);
    }
    const fourth = await sendJson("POST", "/api/hostel/laundry/bookings", at(5, "1000"), user.token);
    expect(fourth.status).toBe(409);
    expect((await read(fourth)).message).toBe(
      "You already have 3 upcoming pickups booked, the most one student can hold. Cancel one, or book again once one has started.",
    );
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM laundry_bookings WHERE user_id = ?").bind(user.userId).first("n"),
    ).toBe(3);

    expect(
      (
        await call(`/api/hostel/laundry/bookings/${made[0]!.id}/cancel`, {
          method: "POST",
          headers: bearer(user.token),
        })
      ).status,
    ).toBe(200);
    expect((await sendJson("POST", "/api/hostel/laundry/bookings", at(5, "1000"), user.token)).status).toBe(201);
    expect((await sendJson("POST", "/api/hostel/laundry/bookings", at(5, "1400"), user.token)).status).toBe(409);

    // Once the earliest live booking's slot has started, it is past: a new one fits.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(made[1]!.startsAt + 60_000);
    expect((await sendJson("POST", "/api/hostel/laundry/bookings", at(6, "1400"), user.token)).status).toBe(201);
  });

  it("the 3 are per student: another student still books", async () => {
    const [a, b] = [await createUser(), await createUser()];
    for (const slot of ["0800", "1000", "1400"])
      expect((await sendJson("POST", "/api/hostel/laundry/bookings", at(6, slot), a.token)).status).toBe(201);
    expect((await sendJson("POST", "/api/hostel/laundry/bookings", at(6, "1600"), a.token)).status).toBe(409);
    expect((await sendJson("POST", "/api/hostel/laundry/bookings", at(6, "1600"), b.token)).status).toBe(201);
  });
});

describe("GET /api/hostel/laundry/bookings", () => {
  it("lists only the student's own bookings, latest slot first", async () => {
    const user = await createUser();
    const other = await createUser();
    await sendJson("POST", "/api/hostel/laundry/bookings", booking(tomorrow()), user.token);
    await sendJson(
      "POST",
      "/api/hostel/laundry/bookings",
      { ...booking(addDays(tomorrow(), 1)), slotId: "0800" },
      user.token,
    );
    await sendJson("POST", "/api/hostel/laundry/bookings", booking(), other.token);
    const res = await get("/api/hostel/laundry/bookings", user.token);
    expect(res.status).toBe(200);
    const list = (await read<BookingView[]>(res)).data;
    expect(list.map((b) => [b.date, b.slotId])).toEqual([
      [addDays(tomorrow(), 1), "0800"],
      [tomorrow(), "1000"],
    ]);
  });

  it("needs a session", async () => {
    expect((await get("/api/hostel/laundry/bookings")).status).toBe(401);
  });
});

describe("POST /api/hostel/laundry/bookings/:id/cancel", () => {
  it("cancels the student's booking before its slot starts, once", async () => {
    const user = await createUser();
    const made = (
      await read<BookingView>(await sendJson("POST", "/api/hostel/laundry/bookings", booking(), user.token))
    ).data;
    const res = await call(`/api/hostel/laundry/bookings/${made.id}/cancel`, {
      method: "POST",
      headers: bearer(user.token),
    });
    expect(res.status).toBe(200);
    expect((await read<BookingView>(res)).data).toMatchObject({ id: made.id, status: "cancelled", cancellable: false });
    const again = await call(`/api/hostel/laundry/bookings/${made.id}/cancel`, {
      method: "POST",
      headers: bearer(user.token),
    });
    expect(again.status).toBe(409);
    expect((await read(again)).message).toBe("This booking is already cancelled.");
  });

  it("refuses once the slot has started", async () => {
    const user = await createUser();
    const made = (
      await read<BookingView>(await sendJson("POST", "/api/hostel/laundry/bookings", booking(), user.token))
    ).data;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(made.startsAt + 60_000);
    const res = await call(`/api/hostel/laundry/bookings/${made.id}/cancel`, {
      method: "POST",
      headers: bearer(user.token),
    });
    expect(res.status).toBe(409);
    expect((await read(res)).message).toMatch(/slot has started/);
    const list = (await read<BookingView[]>(await get("/api/hostel/laundry/bookings", user.token))).data;
    expect(list[0]).toMatchObject({ status: "booked", cancellable: false });
  });

  it("answers 403 for another student's booking, 404 for none, 401 signed out", async () => {
    const owner = await createUser();
    const made = (
      await read<BookingView>(await sendJson("POST", "/api/hostel/laundry/bookings", booking(), owner.token))
    ).data;
    const other = await createUser();
    const res = await call(`/api/hostel/laundry/bookings/${made.id}/cancel`, {
      method: "POST",
      headers: bearer(other.token),
    });
    expect(res.status).toBe(403);
    expect((await read(res)).message).toBe("You can cancel only your own bookings.");
    const row = await env.DB.prepare("SELECT status FROM laundry_bookings WHERE id = ?")
      .bind(made.id)
      .first<{ status: string }>();
    expect(row?.status).toBe("booked");
    expect(
      (
        await call(`/api/hostel/laundry/bookings/${crypto.randomUUID()}/cancel`, {
          method: "POST",
          headers: bearer(other.token),
        })
      ).status,
    ).toBe(404);
    expect((await call(`/api/hostel/laundry/bookings/${made.id}/cancel`, { method: "POST" })).status).toBe(401);
  });
});

describe("laundry staff steps follow the slot's day", () => {
  const step = (id: string, status: string, token: string) =>
    sendJson("PATCH", `/api/hostel/laundry/bookings/${id}/status`, { status }, token);

  async function setUp() {
    const [student, staff] = await Promise.all([
      createUser({ name: `Asha ${unique("")}` }),
      createUser({ name: "Laundry Staff" }),
    ]);
    await grant(staff, "laundry");
    const made = (
      await read<BookingView>(await sendJson("POST", "/api/hostel/laundry/bookings", booking(), student.token))
    ).data;
    return { student, staff, made };
  }

  it("tomorrow's booking cannot be picked up, washed or made ready today; from the slot's start it can, and only then is the student told it is ready", async () => {
    const { student, staff, made } = await setUp();
    const early = await step(made.id, "picked_up", staff.token);
    expect(early.status).toBe(409);
    expect((await read(early)).message).toBe(
      `This pickup is on ${formatIndiaDay(made.date)} at 10:00: it can be marked picked up from then on, not before.`,
    );
    for (const status of ["washing", "ready"]) expect((await step(made.id, status, staff.token)).status).toBe(409);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(made.startsAt - 60_000);
    expect((await step(made.id, "picked_up", staff.token)).status).toBe(409);
    expect(await count("SELECT COUNT(*) AS n FROM laundry_bookings WHERE id = ? AND status = 'booked'", made.id)).toBe(
      1,
    );
    expect(await count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ?", student.userId)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE subject_id = ?", made.id)).toBe(0);

    vi.setSystemTime(made.startsAt);
    for (const status of ["picked_up", "washing", "ready"])
      expect((await step(made.id, status, staff.token)).status).toBe(200);
    expect(
      await count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ? AND kind = 'laundry.ready'", student.userId),
    ).toBe(1);
  });

  it("the staff console offers no step that is not yet possible: tomorrow's booking says from when", async () => {
    const { student, staff, made } = await setUp();
    // The student's row on /staff: from their name to the end of its list item.
    const row = async () => {
      const html = (await (await call("/staff", { headers: { Cookie: staff.cookie } })).text()).replace(
        /<!-- -->/g,
        "",
      );
      expect(html).toContain(student.name);
      return html.slice(html.indexOf(student.name)).split("</li>")[0]!;
    };
    const before = await row();
    expect(before).not.toContain("Mark picked up");
    expect(before).toContain("Can be marked picked up from 10:00 tomorrow.");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(made.startsAt);
    const after = await row();
    expect(after).toContain("Mark picked up");
    expect(after).not.toContain("Can be marked picked up from");
  });
});
