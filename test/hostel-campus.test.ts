// Hostel per campus (docs/decisions/0077-campus-hostel.md): every hostel list and every
// hostel write between two campuses (CIT on campus.test, RCE on riverside.test), the verification
// gates, roommate contacts and the verified badge.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDays, indiaDate } from "#common/india-time.ts";
import type { ComplaintList, ComplaintView } from "#server/services/hostel/complaints.ts";
import type { BookingView, SlotView } from "#server/services/hostel/laundry.ts";
import type { MealRating, Today, WeekMenu } from "#server/services/hostel/mess.ts";
import type { ListingView } from "#server/services/hostel/roommates.ts";
import { bearer, call, createUser, type TestUser, unique } from "#test/helpers.ts";
import { freezeIndiaTime, get, PNG_BYTES, read, sendJson } from "#test/hostel-helpers.ts";

afterEach(() => {
  vi.useRealTimers();
});

const rceUser = (overrides: { verified?: boolean; name?: string } = {}) =>
  createUser({ email: `${unique("s")}@riverside.test`, ...overrides });
const openUser = () => createUser({ email: `${unique("s")}@example.org`, verified: false });

async function countRows(sql: string, ...binds: unknown[]): Promise<number> {
  return (
    (
      await env.DB.prepare(sql)
        .bind(...binds)
        .first<{ n: number }>()
    )?.n ?? -1
  );
}

const complaint = (blockId: string) => ({
  category: "electrical",
  blockId,
  room: "101",
  description: "The corridor light has been out for three nights.",
});

async function fileComplaint(user: TestUser, blockId: string): Promise<ComplaintView> {
  const res = await sendJson("POST", "/api/hostel/complaints", complaint(blockId), user.token);
  expect(res.status).toBe(201);
  return (await read<ComplaintView>(res)).data;
}

const listing = (extra: Record<string, unknown> = {}) => ({
  about: "Third-year civil student, early riser, likes a quiet room to study in.",
  roomType: "double",
  budget: 4000,
  sleepSchedule: "early_bird",
  studyHabits: "silent",
  cleanliness: "tidy",
  whatsapp: "9876501234",
  email: "roomie@example.test",
  ...extra,
});

async function postListing(user: TestUser, extra: Record<string, unknown> = {}): Promise<ListingView> {
  const res = await sendJson("POST", "/api/hostel/roommates", listing(extra), user.token);
  expect(res.status).toBe(201);
  return (await read<ListingView>(res)).data;
}

const tomorrow = () => addDays(indiaDate(Date.now()), 1);

describe("hostel blocks per campus", () => {
  it("lists the student's own campus's blocks: CIT keeps A..G2, RCE has its halls, the Open community its own copy", async () => {
    const [cit, rce, open] = await Promise.all([createUser(), rceUser(), openUser()]);
    const ids = async (token?: string, query = "") =>
      (await read<{ id: string; name: string }[]>(await get(`/api/hostel/blocks${query}`, token))).data;
    expect((await ids(cit.token)).map((b) => b.id)).toEqual(["A", "B", "C", "D", "G1", "G2"]);
    expect(await ids(rce.token)).toEqual([
      { id: "rce-1", name: "Hall 1 (Periyar)" },
      { id: "rce-2", name: "Hall 2 (Pamba)" },
      { id: "rce-3", name: "Hall 3 (Kabani)" },
      { id: "rce-W", name: "Women's Hall (Nila)" },
    ]);
    const openBlocks = await ids(open.token);
    expect(openBlocks.map((b) => b.id)).toEqual(["open-A", "open-B", "open-C", "open-D", "open-G1", "open-G2"]);
    expect(openBlocks[0]?.name).toBe("Block A (Aryabhata)");
    // A student cannot ask for another campus's; a visitor can name one.
    expect((await ids(cit.token, "?campus=rce")).map((b) => b.id)).toContain("A");
    expect((await ids(undefined, "?campus=rce")).map((b) => b.id)).toEqual(["rce-1", "rce-2", "rce-3", "rce-W"]);
    expect((await ids(undefined)).map((b) => b.id)).toEqual(["A", "B", "C", "D", "G1", "G2"]);
    const unknown = await get("/api/hostel/blocks?campus=nowhere");
    expect(unknown.status).toBe(404);
    expect((await read(unknown)).message).toMatch(/no campus with that id/);
  });

  it("sets residence only to a block of the student's own campus: another campus's block is a 400 naming theirs, and nothing is saved", async () => {
    const rce = await rceUser();
    const res = await sendJson("PUT", "/api/hostel/residence", { blockId: "B", room: "12" }, rce.token);
    expect(res.status).toBe(400);
    expect((await read(res)).message).toBe("Choose one of the hostel blocks: rce-1, rce-2, rce-3, rce-W.");
    expect(await countRows("SELECT COUNT(*) AS n FROM hostel_residents WHERE user_id = ?", rce.userId)).toBe(0);
    const ok = await sendJson("PUT", "/api/hostel/residence", { blockId: "rce-2", room: "12" }, rce.token);
    expect(ok.status).toBe(200);
    expect((await read(ok)).data).toEqual({
      blockId: "rce-2",
      blockName: "Hall 2 (Pamba)",
      room: "12",
      pendingMove: null,
    });
  });
});

describe("complaints per campus", () => {
  it("files only into a block of the student's campus (400, nothing written, for another campus's block)", async () => {
    const rce = await rceUser();
    const res = await sendJson("POST", "/api/hostel/complaints", complaint("A"), rce.token);
    expect(res.status).toBe(400);
    expect((await read(res)).field).toBe("blockId");
    expect(await countRows("SELECT COUNT(*) AS n FROM hostel_complaints WHERE user_id = ?", rce.userId)).toBe(0);
    expect(await countRows("SELECT COUNT(*) AS n FROM hostel_residents WHERE user_id = ?", rce.userId)).toBe(0);
    expect((await fileComplaint(rce, "rce-1")).blockName).toBe("Hall 1 (Periyar)");
  });

  it("lists a campus's complaints to its own students only, in both views", async () => {
    const [cit, rce, rceNeighbour] = await Promise.all([createUser(), rceUser(), rceUser()]);
    const citComplaint = await fileComplaint(cit, "C");
    const rceComplaint = await fileComplaint(rce, "rce-3");
    await sendJson("PUT", "/api/hostel/residence", { blockId: "rce-3", room: "7" }, rceNeighbour.token);
    const list = async (user: TestUser, view: string) =>
      (await read<ComplaintList>(await get(`/api/hostel/complaints?view=${view}`, user.token))).data.complaints.map(
        (c) => c.id,
      );
    expect(await list(rceNeighbour, "block")).toEqual([rceComplaint.id]);
    expect(await list(rce, "mine")).toEqual([rceComplaint.id]);
    expect(await list(cit, "block")).toEqual([citComplaint.id]);
    expect(await list(cit, "mine")).toEqual([citComplaint.id]);
  });

  it("another campus's complaint is a 404 for me too, status changes and its photo; nothing changes", async () => {
    const cit = await createUser();
    const form = new FormData();
    for (const [key, value] of Object.entries(complaint("D"))) form.set(key, value);
    form.set("photo", new File([PNG_BYTES], "p.png", { type: "image/png" }));
    const filed = await call("/api/hostel/complaints", { method: "POST", headers: bearer(cit.token), body: form });
    expect(filed.status).toBe(201);
    const { id } = (await read<ComplaintView>(filed)).data;
    const rce = await rceUser();
    await sendJson("PUT", "/api/hostel/residence", { blockId: "rce-1", room: "3" }, rce.token);

    const meToo = await call(`/api/hostel/complaints/${id}/me-too`, { method: "POST", headers: bearer(rce.token) });
    expect(meToo.status).toBe(404);
    const patch = await sendJson("PATCH", `/api/hostel/complaints/${id}`, { status: "resolved" }, rce.token);
    expect(patch.status).toBe(404);
    expect((await get(`/api/hostel/complaints/${id}/photo`, rce.token)).status).toBe(404);
    expect(await countRows("SELECT COUNT(*) AS n FROM hostel_complaint_me_too WHERE complaint_id = ?", id)).toBe(0);
    expect(await countRows("SELECT COUNT(*) AS n FROM hostel_complaints WHERE id = ? AND status = 'open'", id)).toBe(1);
  });

  it("'me too' stays once per student within a campus, however many arrive at once", async () => {
    const [author, neighbour] = await Promise.all([rceUser(), rceUser()]);
    const filed = await fileComplaint(author, "rce-W");
    await sendJson("PUT", "/api/hostel/residence", { blockId: "rce-W", room: "9" }, neighbour.token);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(`/api/hostel/complaints/${filed.id}/me-too`, { method: "POST", headers: bearer(neighbour.token) }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await countRows("SELECT COUNT(*) AS n FROM hostel_complaint_me_too WHERE complaint_id = ?", filed.id)).toBe(
      1,
    );
  });
});

describe("mess per campus", () => {
  it("each campus has its own meals and menu; a visitor sees the first college's or the one named", async () => {
    const rce = await rceUser();
    const rceMenu = (await read<WeekMenu>(await get("/api/hostel/mess/menu", rce.token))).data;
    expect(rceMenu.meals.map((m) => [m.id, m.name])).toEqual([
      ["rce-breakfast", "Breakfast"],
      ["rce-lunch", "Lunch"],
      ["rce-tea", "Evening tea"],
      ["rce-dinner", "Dinner"],
    ]);
    expect(rceMenu.week[0]?.meals["rce-breakfast"]).toEqual(["Appam", "Vegetable stew", "Banana", "Tea"]);
    expect(Object.keys(rceMenu.week[0]?.meals ?? {})).not.toContain("breakfast");
    const cit = await createUser();
    const citMenu = (await read<WeekMenu>(await get("/api/hostel/mess/menu", cit.token))).data;
    expect(citMenu.meals.map((m) => m.id)).toEqual(["breakfast", "lunch", "snacks", "dinner"]);
    expect((await read<WeekMenu>(await get("/api/hostel/mess/menu?campus=rce"))).data.meals.map((m) => m.id)).toEqual(
      rceMenu.meals.map((m) => m.id),
    );
    expect((await read<WeekMenu>(await get("/api/hostel/mess/menu"))).data.meals.map((m) => m.id)).toEqual([
      "breakfast",
      "lunch",
      "snacks",
      "dinner",
    ]);
  });

  it("rates only a meal of the student's own mess, and each campus's averages are its own students'", async () => {
    freezeIndiaTime(4, 21 * 60 + 30); // every meal of both campuses has started
    const [cit, rce] = await Promise.all([createUser(), rceUser()]);
    const foreign = await sendJson("POST", "/api/hostel/mess/ratings", { meal: "lunch", stars: 1 }, rce.token);
    expect(foreign.status).toBe(400);
    expect((await read(foreign)).message).toBe("Choose breakfast, lunch, evening tea or dinner.");
    expect(await countRows("SELECT COUNT(*) AS n FROM mess_ratings WHERE user_id = ?", rce.userId)).toBe(0);

    expect(
      (await sendJson("POST", "/api/hostel/mess/ratings", { meal: "rce-lunch", stars: 2 }, rce.token)).status,
    ).toBe(200);
    const rated = await sendJson("POST", "/api/hostel/mess/ratings", { meal: "lunch", stars: 5 }, cit.token);
    expect((await read<MealRating>(rated)).data).toMatchObject({ mealId: "lunch", mine: 5 });

    const rceToday = (await read<Today>(await get("/api/hostel/mess/today", rce.token))).data;
    expect(rceToday.ratings.map((r) => r.mealId)).toEqual(["rce-breakfast", "rce-lunch", "rce-tea", "rce-dinner"]);
    expect(rceToday.ratings.find((r) => r.mealId === "rce-lunch")).toMatchObject({ mine: 2 });
    const citToday = (await read<Today>(await get("/api/hostel/mess/today", cit.token))).data;
    expect(citToday.ratings.map((r) => r.mealId)).toEqual(["breakfast", "lunch", "snacks", "dinner"]);
    expect(citToday.ratings.find((r) => r.mealId === "lunch")?.mine).toBe(5);
    // Every rating counted in either campus's averages is that campus's own.
    const rceCount = rceToday.ratings.reduce((n, r) => n + r.count, 0);
    expect(rceCount).toBe(
      await countRows("SELECT COUNT(*) AS n FROM mess_ratings WHERE date = ? AND meal_id LIKE 'rce-%'", rceToday.date),
    );
  });
});

describe("laundry per campus", () => {
  it("each campus has its own slots; a student sees their campus's", async () => {
    const rce = await rceUser();
    const slots = (
      await read<{ slots: SlotView[] }>(await get(`/api/hostel/laundry/slots?date=${tomorrow()}`, rce.token))
    ).data.slots;
    expect(slots.map((s) => [s.id, s.label, s.capacity])).toEqual([
      ["rce-0700", "07:00–09:00", 6],
      ["rce-1200", "12:00–14:00", 6],
      ["rce-1700", "17:00–19:00", 8],
      ["rce-1930", "19:30–21:30", 4],
    ]);
    const visitor = (await read<{ slots: SlotView[] }>(await get(`/api/hostel/laundry/slots?date=${tomorrow()}`))).data
      .slots;
    expect(visitor.map((s) => s.id)).toEqual(["0800", "1000", "1400", "1600", "1800"]);
  });

  it("books only a slot of the student's campus (400 and no row for another's); another campus's booking is a 404 to cancel", async () => {
    const [cit, rce] = await Promise.all([createUser(), rceUser()]);
    const foreign = await sendJson(
      "POST",
      "/api/hostel/laundry/bookings",
      { date: tomorrow(), slotId: "1000", clothes: 5, service: "wash" },
      rce.token,
    );
    expect(foreign.status).toBe(400);
    expect((await read(foreign)).field).toBe("slotId");
    expect(await countRows("SELECT COUNT(*) AS n FROM laundry_bookings WHERE user_id = ?", rce.userId)).toBe(0);

    const booked = await sendJson(
      "POST",
      "/api/hostel/laundry/bookings",
      { date: tomorrow(), slotId: "rce-1200", clothes: 5, service: "iron" },
      rce.token,
    );
    expect(booked.status).toBe(201);
    const booking = (await read<BookingView>(booked)).data;
    expect(booking).toMatchObject({ slotId: "rce-1200", slotLabel: "12:00–14:00" });
    const cancel = await call(`/api/hostel/laundry/bookings/${booking.id}/cancel`, {
      method: "POST",
      headers: bearer(cit.token),
    });
    expect(cancel.status).toBe(404);
    expect(
      await countRows("SELECT COUNT(*) AS n FROM laundry_bookings WHERE id = ? AND status = 'booked'", booking.id),
    ).toBe(1);
    expect((await read<BookingView[]>(await get("/api/hostel/laundry/bookings", cit.token))).data).toEqual([]);
  });

  it("keeps a campus's slot within its capacity when its students book at once", async () => {
    const date = addDays(indiaDate(Date.now()), 4);
    const students = await Promise.all(Array.from({ length: 7 }, () => rceUser()));
    const results = await Promise.all(
      students.map((s) =>
        sendJson(
          "POST",
          "/api/hostel/laundry/bookings",
          { date, slotId: "rce-1930", clothes: 3, service: "wash" },
          s.token,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    expect(
      await countRows(
        "SELECT COUNT(*) AS n FROM laundry_bookings WHERE date = ? AND slot_id = 'rce-1930' AND status <> 'cancelled'",
        date,
      ),
    ).toBe(4);
  });
});

describe("roommate listings per campus", () => {
  it("a listing belongs to the poster's campus, whatever the body says, and is listed to that campus only", async () => {
    const [citPoster, rcePoster, citViewer, rceViewer] = await Promise.all([
      createUser(),
      rceUser(),
      createUser(),
      rceUser(),
    ]);
    const citListing = await postListing(citPoster, { preferredBlock: "G1" });
    const rceListing = await postListing(rcePoster, { preferredBlock: "rce-W", campusId: "cit", campus_id: "cit" });
    expect(
      await countRows("SELECT COUNT(*) AS n FROM roommate_listings WHERE id = ? AND campus_id = 'rce'", rceListing.id),
    ).toBe(1);
    const ids = async (user: TestUser) =>
      (await read<ListingView[]>(await get("/api/hostel/roommates", user.token))).data.map((l) => l.id);
    expect(await ids(rceViewer)).toContain(rceListing.id);
    expect(await ids(rceViewer)).not.toContain(citListing.id);
    expect(await ids(citViewer)).toContain(citListing.id);
    expect(await ids(citViewer)).not.toContain(rceListing.id);
  });

  it("refuses a preferred block of another campus (400, nothing written)", async () => {
    const rce = await rceUser();
    const res = await sendJson("POST", "/api/hostel/roommates", listing({ preferredBlock: "B" }), rce.token);
    expect(res.status).toBe(400);
    expect((await read(res)).field).toBe("preferredBlock");
    expect(await countRows("SELECT COUNT(*) AS n FROM roommate_listings WHERE user_id = ?", rce.userId)).toBe(0);
  });

  it("another campus's listing is a 404 to edit or delete, and stays as it was", async () => {
    const [cit, rce] = await Promise.all([createUser(), rceUser()]);
    const mine = await postListing(cit);
    const edit = await sendJson(
      "PUT",
      `/api/hostel/roommates/${mine.id}`,
      listing({ about: "Somebody else rewrote this listing entirely." }),
      rce.token,
    );
    expect(edit.status).toBe(404);
    expect(
      (await call(`/api/hostel/roommates/${mine.id}`, { method: "DELETE", headers: bearer(rce.token) })).status,
    ).toBe(404);
    expect(
      await countRows(
        "SELECT COUNT(*) AS n FROM roommate_listings WHERE id = ? AND about = ?",
        mine.id,
        listing().about,
      ),
    ).toBe(1);
  });

  it("shows contacts only to verified members of the listing's campus; the Open community sees its own", async () => {
    const [poster, verified, unverified] = await Promise.all([
      createUser(),
      createUser(),
      createUser({ verified: false }),
    ]);
    const posted = await postListing(poster);
    const find = async (user: TestUser) =>
      (await read<ListingView[]>(await get("/api/hostel/roommates", user.token))).data.find((l) => l.id === posted.id);
    expect(await find(verified)).toMatchObject({
      whatsapp: "9876501234",
      whatsappLink: "https://wa.me/919876501234",
      email: "roomie@example.test",
      contactHidden: false,
    });
    expect(await find(unverified)).toMatchObject({
      whatsapp: null,
      whatsappLink: null,
      email: null,
      contactHidden: true,
    });
    // The page too: no WhatsApp link and no address in what an unverified student is sent.
    const unverifiedPage = await (await call("/roommate-finder", { headers: { Cookie: unverified.cookie } })).text();
    expect(unverifiedPage).toContain(posted.about);
    expect(unverifiedPage).not.toContain("wa.me/919876501234");
    expect(unverifiedPage).not.toContain("roomie@example.test");
    expect(unverifiedPage).toContain("Contacts are shown to verified students of this campus.");
    const verifiedPage = await (await call("/roommate-finder", { headers: { Cookie: verified.cookie } })).text();
    expect(verifiedPage).toContain("wa.me/919876501234");

    const [openPoster, openViewer] = await Promise.all([openUser(), openUser()]);
    const openListing = await postListing(openPoster);
    const seen = (await read<ListingView[]>(await get("/api/hostel/roommates", openViewer.token))).data.find(
      (l) => l.id === openListing.id,
    );
    expect(seen).toMatchObject({ whatsapp: "9876501234", contactHidden: false, badge: null });
  });

  it('badges posts of verified members "Verified <campus> student", in the list itself', async () => {
    const [citPoster, rcePoster, citViewer, rceViewer] = await Promise.all([
      createUser(),
      rceUser(),
      createUser(),
      rceUser(),
    ]);
    const citListing = await postListing(citPoster);
    const rceListing = await postListing(rcePoster);
    const find = async (user: TestUser, id: string) =>
      (await read<ListingView[]>(await get("/api/hostel/roommates", user.token))).data.find((l) => l.id === id);
    expect((await find(citViewer, citListing.id))?.badge).toBe("Verified CIT student");
    expect((await find(rceViewer, rceListing.id))?.badge).toBe("Verified RCE student");
    // A poster whose address is not proven (any more) carries no badge.
    await env.DB.prepare("UPDATE users SET email_verified_at = NULL WHERE id = ?").bind(citPoster.userId).run();
    expect((await find(citViewer, citListing.id))?.badge).toBeNull();
    const page = await (await call("/roommate-finder", { headers: { Cookie: rceViewer.cookie } })).text();
    expect(page).toContain("Verified RCE student");
  });
});

describe("verification gates on hostel writes", () => {
  const refused = async (res: Response, what: string) => {
    expect(res.status).toBe(403);
    expect((await read(res)).message).toBe(`Verify your college e-mail to ${what}.`);
  };

  it("an unverified college account cannot file a complaint, add a me too, rate, book or post a listing: 403 and nothing written", async () => {
    freezeIndiaTime(5, 21 * 60 + 30);
    const author = await createUser();
    const filed = await fileComplaint(author, "A");
    const student = await createUser({ verified: false });
    await sendJson("PUT", "/api/hostel/residence", { blockId: "A", room: "5" }, student.token);

    await refused(await sendJson("POST", "/api/hostel/complaints", complaint("A"), student.token), "file a complaint");
    await refused(
      await call(`/api/hostel/complaints/${filed.id}/me-too`, { method: "POST", headers: bearer(student.token) }),
      'add a "me too"',
    );
    await refused(
      await sendJson("POST", "/api/hostel/mess/ratings", { meal: "dinner", stars: 4 }, student.token),
      "rate a meal",
    );
    await refused(
      await sendJson(
        "POST",
        "/api/hostel/laundry/bookings",
        { date: addDays(indiaDate(Date.now()), 1), slotId: "1800", clothes: 4, service: "wash" },
        student.token,
      ),
      "book a laundry pickup",
    );
    await refused(await sendJson("POST", "/api/hostel/roommates", listing(), student.token), "post a roommate listing");

    expect(await countRows("SELECT COUNT(*) AS n FROM hostel_complaints WHERE user_id = ?", student.userId)).toBe(0);
    expect(await countRows("SELECT COUNT(*) AS n FROM hostel_complaint_me_too WHERE user_id = ?", student.userId)).toBe(
      0,
    );
    expect(await countRows("SELECT COUNT(*) AS n FROM mess_ratings WHERE user_id = ?", student.userId)).toBe(0);
    expect(await countRows("SELECT COUNT(*) AS n FROM laundry_bookings WHERE user_id = ?", student.userId)).toBe(0);
    expect(await countRows("SELECT COUNT(*) AS n FROM roommate_listings WHERE user_id = ?", student.userId)).toBe(0);
  });

  it("an unverified account cannot update a listing it holds either; the Open community needs no verification", async () => {
    const student = await createUser();
    const posted = await postListing(student);
    await env.DB.prepare("UPDATE users SET email_verified_at = NULL WHERE id = ?").bind(student.userId).run();
    await refused(
      await sendJson(
        "PUT",
        `/api/hostel/roommates/${posted.id}`,
        listing({ about: "Changed while unverified: this must not be saved." }),
        student.token,
      ),
      "update your roommate listing",
    );
    expect(
      await countRows(
        "SELECT COUNT(*) AS n FROM roommate_listings WHERE id = ? AND about = ?",
        posted.id,
        listing().about,
      ),
    ).toBe(1);

    const open = await openUser();
    expect((await sendJson("PUT", "/api/hostel/residence", { blockId: "open-B", room: "4" }, open.token)).status).toBe(
      200,
    );
    expect((await sendJson("POST", "/api/hostel/complaints", complaint("open-B"), open.token)).status).toBe(201);
  });

  it("the screens show the verify banner instead of the action", async () => {
    const student = await createUser({ verified: false });
    const page = async (path: string) => (await call(path, { headers: { Cookie: student.cookie } })).text();
    const complaints = await page("/hostel-complaints");
    expect(complaints).toContain("Verify your college e-mail to file a complaint or add a &quot;me too&quot;.");
    expect(complaints).not.toContain("File complaint</button>");
    const laundry = await page("/laundry-service");
    expect(laundry).toContain("Verify your college e-mail to book a laundry pickup.");
    expect(laundry).not.toContain("Book pickup");
    const roommates = await page("/roommate-finder");
    expect(roommates).toContain(
      "Verify your college e-mail to post a roommate listing and see other students&#x27; contacts.",
    );
    expect(roommates).not.toContain("Post listing");
    expect(await page("/mess-menu")).toContain("Verify your college e-mail to rate a meal.");
    // A verified student gets the actions.
    const verified = await createUser();
    const html = await (await call("/laundry-service", { headers: { Cookie: verified.cookie } })).text();
    expect(html).toContain("Book pickup");
    expect(html).not.toContain("Verify your college e-mail");
  });

  it("the screens' actions refuse an unverified account the same way (a posted form, no JavaScript)", async () => {
    const student = await createUser({ verified: false });
    const form = new FormData();
    for (const [key, value] of Object.entries({
      intent: "book",
      date: tomorrow(),
      slotId: "1800",
      clothes: "3",
      service: "wash",
    }))
      form.set(key, value);
    const res = await call("/laundry-service", {
      method: "POST",
      headers: { Cookie: student.cookie, Origin: "http://localhost" },
      body: form,
    });
    expect(await res.text()).toContain("Verify your college e-mail to book a laundry pickup.");
    expect(await countRows("SELECT COUNT(*) AS n FROM laundry_bookings WHERE user_id = ?", student.userId)).toBe(0);
  });
});

describe("the hostel screens of an RCE student", () => {
  it("show RCE's halls, mess and laundry, not CIT's", async () => {
    const rce = await rceUser();
    const page = async (path: string) => (await call(path, { headers: { Cookie: rce.cookie } })).text();
    const complaints = await page("/hostel-complaints");
    expect(complaints).toContain("Hall 1 (Periyar)");
    expect(complaints).not.toContain("Block A (Aryabhata)");
    const mess = await page("/mess-menu");
    expect(mess).toContain("the mess of Riverside College of Engineering");
    expect(mess).toContain("Evening tea");
    expect(mess).toContain("Appam");
    expect(mess).not.toContain("Aloo paratha");
    const laundry = await page("/laundry-service");
    expect(laundry).toContain("19:30–21:30");
    expect(laundry).not.toContain("08:00–10:00");
    const roommates = await page("/roommate-finder");
    expect(roommates).toContain("Women&#x27;s Hall");
    expect(roommates).not.toContain("Girls&#x27; Block G1");
  });

  it("the mess menu shows a visitor the first college's mess, or the one named by ?campus=", async () => {
    const first = await (await call("/mess-menu")).text();
    expect(first).toContain("the mess of Campus Institute of Technology");
    expect(first).toContain("Aloo paratha");
    const named = await (await call("/mess-menu?campus=rce")).text();
    expect(named).toContain("the mess of Riverside College of Engineering");
    expect(named).toContain("Appam");
    expect(await (await call("/mess-menu?campus=nowhere")).text()).toContain(
      "the mess of Campus Institute of Technology",
    );
  });
});
