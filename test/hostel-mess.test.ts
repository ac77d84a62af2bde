import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultCache, tablesChanged } from "#server/lib/edge-cache.ts";
import type { MealRating, Today, WeekMenu } from "#server/services/hostel/mess.ts";
import { createUser } from "#test/helpers.ts";
import { freezeIndiaTime, get, read, sendJson } from "#test/hostel-helpers.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("GET /api/hostel/mess/menu", () => {
  it("answers the week's menu from D1: four meals with their times, seven days of dishes", async () => {
    const res = await get("/api/hostel/mess/menu");
    expect(res.status).toBe(200);
    const { data } = await read<WeekMenu>(res);
    expect(data.meals).toEqual([
      { id: "breakfast", name: "Breakfast", startsAtMin: 450, endsAtMin: 570 },
      { id: "lunch", name: "Lunch", startsAtMin: 750, endsAtMin: 870 },
      { id: "snacks", name: "Snacks", startsAtMin: 1020, endsAtMin: 1080 },
      { id: "dinner", name: "Dinner", startsAtMin: 1170, endsAtMin: 1290 },
    ]);
    expect(data.week.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(data.week[0]?.meals.breakfast).toEqual(["Aloo paratha", "Curd", "Pickle", "Tea"]);
    for (const day of data.week)
      expect(Object.keys(day.meals).sort()).toEqual(["breakfast", "dinner", "lunch", "snacks"]);
  });

  it("follows the database, not code: a changed dish shows up", async () => {
    await env.DB.prepare(
      "UPDATE mess_menu SET items = 'Masala oats, Tea' WHERE day = 2 AND meal_id = 'breakfast'",
    ).run();
    // A change made outside the Worker: say so, as the Worker does after its own writes, or a visitor's
    // cached menu (worker/lib/edge-cache.ts) would stand until its TTL.
    await tablesChanged(defaultCache(), ["mess_menu"]);
    const { data } = await read<WeekMenu>(await get("/api/hostel/mess/menu"));
    expect(data.week[1]?.meals.breakfast).toEqual(["Masala oats", "Tea"]);
  });
});

describe("GET /api/hostel/mess/today", () => {
  it("gives the India date, weekday and the meal being served, by India time", async () => {
    const { date } = freezeIndiaTime(2, 13 * 60); // 13:00 IST
    const { data } = await read<Today>(await get("/api/hostel/mess/today"));
    expect(data).toMatchObject({ date, minutes: 780, current: "lunch", next: "snacks" });
    expect(data.ratings.map((r) => [r.mealId, r.canRate])).toEqual([
      ["breakfast", true],
      ["lunch", true],
      ["snacks", false],
      ["dinner", false],
    ]);
  });

  it("between meals there is no current meal, only the next one; after dinner neither", async () => {
    freezeIndiaTime(2, 10 * 60);
    expect((await read<Today>(await get("/api/hostel/mess/today"))).data).toMatchObject({
      current: null,
      next: "lunch",
    });
    freezeIndiaTime(2, 22 * 60);
    expect((await read<Today>(await get("/api/hostel/mess/today"))).data).toMatchObject({ current: null, next: null });
  });
});

describe("POST /api/hostel/mess/ratings", () => {
  it("rates today's meal once per student; rating again replaces the stars; the average counts each student once", async () => {
    freezeIndiaTime(3, 20 * 60); // 20:00 IST: every meal has started
    const asha = await createUser();
    const rohan = await createUser();
    const first = await sendJson("POST", "/api/hostel/mess/ratings", { meal: "dinner", stars: 5 }, asha.token);
    expect(first.status).toBe(200);
    expect((await read<MealRating>(first)).data).toEqual({
      mealId: "dinner",
      average: 5,
      count: 1,
      mine: 5,
      canRate: true,
    });
    await sendJson("POST", "/api/hostel/mess/ratings", { meal: "dinner", stars: 2 }, rohan.token);
    const changed = await sendJson("POST", "/api/hostel/mess/ratings", { meal: "dinner", stars: 3 }, asha.token);
    expect((await read<MealRating>(changed)).data).toEqual({
      mealId: "dinner",
      average: 2.5,
      count: 2,
      mine: 3,
      canRate: true,
    });

    const seenByAsha = (await read<Today>(await get("/api/hostel/mess/today", asha.token))).data.ratings.find(
      (r) => r.mealId === "dinner",
    );
    expect(seenByAsha).toMatchObject({ average: 2.5, count: 2, mine: 3 });
    const seenSignedOut = (await read<Today>(await get("/api/hostel/mess/today"))).data.ratings.find(
      (r) => r.mealId === "dinner",
    );
    expect(seenSignedOut).toMatchObject({ average: 2.5, count: 2, mine: null });
  });

  it("starts each India day afresh", async () => {
    const { date } = freezeIndiaTime(4, 20 * 60);
    const user = await createUser();
    await sendJson("POST", "/api/hostel/mess/ratings", { meal: "lunch", stars: 4 }, user.token);
    freezeIndiaTime(5, 20 * 60);
    const lunch = (await read<Today>(await get("/api/hostel/mess/today", user.token))).data.ratings.find(
      (r) => r.mealId === "lunch",
    );
    expect(lunch).toMatchObject({ count: 0, average: null, mine: null });
    const row = await env.DB.prepare("SELECT date FROM mess_ratings WHERE user_id = ?")
      .bind(user.userId)
      .first<{ date: string }>();
    expect(row?.date).toBe(date);
  });

  it("refuses to rate a meal that has not been served yet today", async () => {
    freezeIndiaTime(2, 8 * 60);
    const user = await createUser();
    const res = await sendJson("POST", "/api/hostel/mess/ratings", { meal: "dinner", stars: 4 }, user.token);
    expect(res.status).toBe(400);
    expect((await read(res)).message).toBe("You can rate today's dinner once it is served, from 19:30.");
  });

  it("needs a session", async () => {
    expect((await sendJson("POST", "/api/hostel/mess/ratings", { meal: "lunch", stars: 4 })).status).toBe(401);
  });

  it.each([
    [{ stars: 4 }, /Choose the meal/, "meal"],
    [{ meal: "brunch", stars: 4 }, /breakfast, lunch, snacks or dinner/, "meal"],
    [{ meal: "breakfast" }, /1 to 5 stars/, "stars"],
    [{ meal: "breakfast", stars: 0 }, /1 to 5 stars/, "stars"],
    [{ meal: "breakfast", stars: 6 }, /1 to 5 stars/, "stars"],
    [{ meal: "breakfast", stars: 3.5 }, /whole number/, "stars"],
    [{ meal: "breakfast", stars: "lots" }, /1 to 5 stars/, "stars"],
  ])("answers 400 for %j", async (payload, message, field) => {
    freezeIndiaTime(2, 20 * 60);
    const user = await createUser();
    const res = await sendJson("POST", "/api/hostel/mess/ratings", payload, user.token);
    expect(res.status).toBe(400);
    const body = await read(res);
    expect(body.message).toMatch(message);
    expect(body.field).toBe(field);
  });
});
