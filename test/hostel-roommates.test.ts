import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ListingView } from "#server/services/hostel/roommates.ts";
import { bearer, call, createUser, type TestUser } from "#test/helpers.ts";
import { get, read, sendJson } from "#test/hostel-helpers.ts";

const listing = {
  about: "Second-year CSE, into chess and early runs. Looking for a calm roommate.",
  preferredBlock: "A",
  roomType: "double",
  budget: 6500,
  sleepSchedule: "early_bird",
  studyHabits: "silent",
  cleanliness: "tidy",
  whatsapp: "+91 98765-43210",
  email: "",
};

async function post(user: TestUser, body: Record<string, unknown> = listing): Promise<ListingView> {
  const res = await sendJson("POST", "/api/hostel/roommates", body, user.token);
  expect(res.status).toBe(201);
  return (await read<ListingView>(res)).data;
}

describe("POST /api/hostel/roommates", () => {
  it("posts the student's listing: 201 with money in paise, a normalised WhatsApp number and link", async () => {
    const user = await createUser({ name: "Rohan Mehta" });
    const res = await sendJson("POST", "/api/hostel/roommates", listing, user.token);
    expect(res.status).toBe(201);
    const body = await read<ListingView>(res);
    expect(body.data).toMatchObject({
      name: "Rohan Mehta",
      about: listing.about,
      preferredBlock: "A",
      preferredBlockName: "Block A (Aryabhata)",
      roomType: "double",
      budgetPaise: 650_000,
      sleepSchedule: "early_bird",
      studyHabits: "silent",
      cleanliness: "tidy",
      whatsapp: "9876543210",
      whatsappLink: "https://wa.me/919876543210",
      email: null,
      mine: true,
    });
  });

  it("keeps one listing per student: a second post is a 409, even when both arrive at once", async () => {
    const user = await createUser();
    const results = await Promise.all(
      [1, 2, 3].map(() => sendJson("POST", "/api/hostel/roommates", listing, user.token)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const conflict = results.find((r) => r.status === 409) as Response;
    expect((await read(conflict)).message).toBe("You already have a listing. Edit it instead.");
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM roommate_listings WHERE user_id = ?")
      .bind(user.userId)
      .first<{ n: number }>();
    expect(n?.n).toBe(1);
  });

  it("accepts any block, and an e-mail instead of WhatsApp", async () => {
    const user = await createUser();
    const data = await post(user, { ...listing, preferredBlock: "any", whatsapp: "", email: " Neha@College.Edu " });
    expect(data).toMatchObject({
      preferredBlock: null,
      preferredBlockName: null,
      whatsapp: null,
      whatsappLink: null,
      email: "neha@college.edu",
    });
  });

  it("needs a session", async () => {
    expect((await sendJson("POST", "/api/hostel/roommates", listing)).status).toBe(401);
  });

  it.each([
    [{ about: undefined }, /about yourself/, "about"],
    [{ about: "Hi there" }, /at least 20/, "about"],
    [{ about: "x".repeat(601) }, /600/, "about"],
    [{ preferredBlock: "Z" }, /one of the hostel blocks/, "preferredBlock"],
    [{ roomType: "suite" }, /room type: single, double, triple, any/, "roomType"],
    [{ budget: undefined }, /monthly budget/, "budget"],
    [{ budget: -1 }, /negative/, "budget"],
    [{ budget: 99.5 }, /whole rupees/, "budget"],
    [{ budget: 100_001 }, /at most/, "budget"],
    [{ sleepSchedule: "never" }, /sleep schedule/, "sleepSchedule"],
    [{ studyHabits: "loud" }, /study habits/, "studyHabits"],
    [{ cleanliness: "messy" }, /cleanliness/, "cleanliness"],
    [{ whatsapp: "12345" }, /10-digit/, "whatsapp"],
    [{ email: "not-an-email" }, /valid e-mail/, "email"],
    [{ whatsapp: "", email: "" }, /WhatsApp number or an e-mail/, "whatsapp"],
  ])("answers 400 for %j", async (change, message, field) => {
    const user = await createUser();
    const res = await sendJson("POST", "/api/hostel/roommates", { ...listing, ...change }, user.token);
    expect(res.status).toBe(400);
    const body = await read(res);
    expect(body.message).toMatch(message);
    expect(body.field).toBe(field);
  });
});

describe("GET /api/hostel/roommates", () => {
  it("lists other students' listings, never the viewer's own, with filters", async () => {
    const viewer = await createUser();
    await post(viewer);
    const owl = await post(await createUser(), {
      ...listing,
      preferredBlock: "C",
      sleepSchedule: "night_owl",
      studyHabits: "group",
      cleanliness: "relaxed",
      budget: 4000,
      roomType: "triple",
    });
    const anyBlock = await post(await createUser(), { ...listing, preferredBlock: "", roomType: "any", budget: 9000 });
    const early = await post(await createUser(), { ...listing, preferredBlock: "A", budget: 7000 });

    const all = (await read<ListingView[]>(await get("/api/hostel/roommates", viewer.token))).data;
    const ids = all.map((l) => l.id);
    expect(ids).toEqual(expect.arrayContaining([owl.id, anyBlock.id, early.id]));
    expect(all.some((l) => l.mine)).toBe(false);

    const inC = (await read<ListingView[]>(await get("/api/hostel/roommates?block=C", viewer.token))).data.map(
      (l) => l.id,
    );
    expect(inC).toContain(owl.id);
    expect(inC).toContain(anyBlock.id); // "any block" is open to C
    expect(inC).not.toContain(early.id);

    const owls = (
      await read<ListingView[]>(
        await get("/api/hostel/roommates?sleepSchedule=night_owl&studyHabits=group&cleanliness=relaxed", viewer.token),
      )
    ).data.map((l) => l.id);
    expect(owls).toContain(owl.id);
    expect(owls).not.toContain(early.id);

    const cheap = (await read<ListingView[]>(await get("/api/hostel/roommates?maxBudget=5000", viewer.token))).data;
    expect(cheap.every((l) => l.budgetPaise <= 500_000)).toBe(true);
    expect(cheap.map((l) => l.id)).toContain(owl.id);

    const doubles = (
      await read<ListingView[]>(await get("/api/hostel/roommates?roomType=double", viewer.token))
    ).data.map((l) => l.id);
    expect(doubles).toContain(early.id);
    expect(doubles).toContain(anyBlock.id);
    expect(doubles).not.toContain(owl.id);
  });

  it("needs a session", async () => {
    expect((await get("/api/hostel/roommates")).status).toBe(401);
    expect((await get("/api/hostel/roommates/mine")).status).toBe(401);
  });

  it.each([
    ["roomType=suite", /room type/],
    ["sleepSchedule=never", /sleep schedule/],
    ["studyHabits=x", /study habits/],
    ["cleanliness=x", /cleanliness/],
    ["maxBudget=cheap", /maxBudget must be a number/],
    ["maxBudget=-5", /negative/],
  ])("answers 400 for ?%s", async (query, message) => {
    const user = await createUser();
    const res = await get(`/api/hostel/roommates?${query}`, user.token);
    expect(res.status).toBe(400);
    expect((await read(res)).message).toMatch(message);
  });
});

describe("GET /api/hostel/roommates/mine", () => {
  it("is null before posting and the listing after", async () => {
    const user = await createUser();
    expect((await read(await get("/api/hostel/roommates/mine", user.token))).data).toBeNull();
    const mine = await post(user);
    expect((await read<ListingView>(await get("/api/hostel/roommates/mine", user.token))).data).toMatchObject({
      id: mine.id,
      mine: true,
    });
  });
});

describe("PUT and DELETE /api/hostel/roommates/:id", () => {
  it("lets the author edit and remove their listing", async () => {
    const user = await createUser();
    const mine = await post(user);
    const res = await sendJson(
      "PUT",
      `/api/hostel/roommates/${mine.id}`,
      { ...listing, budget: 8000, cleanliness: "very_tidy" },
      user.token,
    );
    expect(res.status).toBe(200);
    expect((await read<ListingView>(res)).data).toMatchObject({
      id: mine.id,
      budgetPaise: 800_000,
      cleanliness: "very_tidy",
    });
    const removed = await call(`/api/hostel/roommates/${mine.id}`, { method: "DELETE", headers: bearer(user.token) });
    expect(removed.status).toBe(200);
    expect((await read(await get("/api/hostel/roommates/mine", user.token))).data).toBeNull();
    // Removing frees the student to post again.
    await post(user);
  });

  it("answers 403 to another student, for edit and for delete, and changes nothing", async () => {
    const author = await createUser();
    const mine = await post(author);
    const other = await createUser();
    const edit = await sendJson(
      "PUT",
      `/api/hostel/roommates/${mine.id}`,
      { ...listing, about: "Someone else rewrote this listing entirely." },
      other.token,
    );
    expect(edit.status).toBe(403);
    expect((await read(edit)).message).toBe("You can change only your own listing.");
    expect(
      (await call(`/api/hostel/roommates/${mine.id}`, { method: "DELETE", headers: bearer(other.token) })).status,
    ).toBe(403);
    expect((await read<ListingView>(await get("/api/hostel/roommates/mine", author.token))).data.about).toBe(
      listing.about,
    );
  });

  it("answers 400 for invalid fields on edit, 401 signed out, 404 for none", async () => {
    const user = await createUser();
    const mine = await post(user);
    const bad = await sendJson("PUT", `/api/hostel/roommates/${mine.id}`, { ...listing, budget: -4 }, user.token);
    expect(bad.status).toBe(400);
    expect((await read(bad)).field).toBe("budget");
    expect((await sendJson("PUT", `/api/hostel/roommates/${mine.id}`, listing)).status).toBe(401);
    expect((await call(`/api/hostel/roommates/${mine.id}`, { method: "DELETE" })).status).toBe(401);
    expect((await sendJson("PUT", `/api/hostel/roommates/${crypto.randomUUID()}`, listing, user.token)).status).toBe(
      404,
    );
    expect(
      (await call(`/api/hostel/roommates/${crypto.randomUUID()}`, { method: "DELETE", headers: bearer(user.token) }))
        .status,
    ).toBe(404);
  });
});
