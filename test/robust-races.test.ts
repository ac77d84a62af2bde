// Races (docs/reliability.md): purchases, laundry bookings and "me too" votes from many concurrent clients keep
// their invariants, counted in the database after the run.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays, indiaDate } from "#common/india-time.ts";
import type { SlotView } from "#server/services/hostel/laundry.ts";
import { bearer, call, createUser, type TestUser } from "#test/helpers.ts";
import { PNG_BYTES, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";

async function users(n: number): Promise<TestUser[]> {
  const list: TestUser[] = [];
  // Registration hashes a password: a few at a time keeps the run quick and steady.
  // Each a name of its own, so a sale notice shows whose purchase won.
  for (let i = 0; i < n; i += 8)
    list.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(8, n - i) }, (_, j) => createUser({ name: `Student ${i + j}` })),
      )),
    );
  return list;
}

describe("purchases under many concurrent buyers", () => {
  // The one test of the purchase race (it was also in market.test.ts with one product and 20 buyers).
  it("every product is sold exactly once, to the buyer who got the 200, with exactly one notice; the losers get 409", async () => {
    const [seller, ...buyers] = await users(13);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        title: `Race item ${i}`,
        description: "Contested.",
        price: "100",
        sellerName: "Seller",
        whatsappNumber: "9876543210",
      }))
        form.set(k, v);
      form.set("image", new File([PNG_BYTES], "p.png"));
      const res = await call("/api/product/upload", { method: "POST", headers: bearer(seller!.token), body: form });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { product: { _id: string } }).product._id);
    }
    // Every buyer tries every product, all at once (72 requests in flight), and some twice.
    const attempts = ids.flatMap((id) =>
      buyers.flatMap((b, i) => (i % 4 === 0 ? [b, b] : [b]).map((buyer) => ({ id, buyer }))),
    );
    const results = await Promise.all(
      attempts.map(async ({ id, buyer }) => {
        const res = await call(`/api/product/purchase/${id}`, { method: "PATCH", headers: bearer(buyer.token) });
        return { id, buyer, status: res.status, message: ((await res.json()) as { message?: string }).message };
      }),
    );
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(results.filter((r) => r.status === 200)).toHaveLength(ids.length);
    for (const r of results.filter((r) => r.status === 409))
      expect(r.message).toMatch(/already been sold|just been sold/);
    for (const id of ids) {
      const tries = results.filter((r) => r.id === id);
      const winners = tries.filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      expect(tries.filter((r) => r.status === 409)).toHaveLength(tries.length - 1);
      const row = await env.DB.prepare("SELECT status, buyer_id FROM products WHERE id = ?")
        .bind(id)
        .first<{ status: string; buyer_id: string }>();
      expect(row).toEqual({ status: "sold", buyer_id: winners[0]!.buyer.userId });
      const notices = await env.DB.prepare("SELECT seller_id, buyer_name FROM sale_notifications WHERE product_id = ?")
        .bind(id)
        .all();
      expect(notices.results).toEqual([{ seller_id: seller!.userId, buyer_name: winners[0]!.buyer.name }]);
    }
  });
});

async function listProducts(seller: TestUser, n: number, price: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: `Limited item ${i}`,
      description: "One of many.",
      price,
      sellerName: "Seller",
      whatsappNumber: "9876543210",
    }))
      form.set(k, v);
    form.set("image", new File([PNG_BYTES], "p.png"));
    const res = await call("/api/product/upload", { method: "POST", headers: bearer(seller.token), body: form });
    expect(res.status).toBe(201);
    ids.push(((await res.json()) as { product: { _id: string } }).product._id);
  }
  return ids;
}

describe("one account buying many products at once", () => {
  it("10 purchases of 10 different products fired together sell exactly 5; the rest get 429", async () => {
    const [seller, buyer] = await users(2);
    const ids = await listProducts(seller!, 10, "1");
    const statuses = await Promise.all(
      ids.map((id) =>
        sendJson("PATCH", `/api/product/purchase/${id}`, { price: 1 }, buyer!.token).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(
      await count("SELECT COUNT(*) AS n FROM products WHERE buyer_id = ? AND status = 'sold'", buyer!.userId),
    ).toBe(5);
    expect(
      await count(
        `SELECT COUNT(*) AS n FROM products WHERE status = 'available' AND id IN (${ids.map(() => "?").join(",")})`,
        ...ids,
      ),
    ).toBe(5);
    expect(await count("SELECT COUNT(*) AS n FROM sale_notifications WHERE seller_id = ?", seller!.userId)).toBe(5);
  }, 30_000);

  it("a price change racing a purchase: the buyer never pays a price they did not send", async () => {
    const [seller, ...buyers] = await users(7);
    const ids = await listProducts(seller!, buyers.length, "1");
    // Each product: its buyer sends ₹1 while its seller raises it to ₹10,00,000, the two requests a
    // few milliseconds apart, one way or the other, so both orders and the overlap in between occur.
    const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const results = await Promise.all(
      ids.map(async (id, i) => {
        const offset = (i - ids.length / 2) * 4;
        const [buy, raise] = await Promise.all([
          after(Math.max(0, offset)).then(() =>
            sendJson("PATCH", `/api/product/purchase/${id}`, { price: 1 }, buyers[i]!.token),
          ),
          after(Math.max(0, -offset)).then(() =>
            sendJson("PATCH", `/api/product/${id}`, { price: "1000000" }, seller!.token),
          ),
        ]);
        return { id, buy: buy.status, raise: raise.status };
      }),
    );
    for (const { id, buy, raise } of results) {
      // Exactly one of the two won, and the row shows which.
      expect([buy, raise].sort()).toEqual([200, 409]);
      const row = await env.DB.prepare("SELECT status, price_paise FROM products WHERE id = ?")
        .bind(id)
        .first<{ status: string; price_paise: number }>();
      if (buy === 200) {
        expect(row).toEqual({ status: "sold", price_paise: 100 });
        expect(
          await count("SELECT COUNT(*) AS n FROM sale_notifications WHERE product_id = ? AND price_paise = 100", id),
        ).toBe(1);
      } else {
        expect(row).toEqual({ status: "available", price_paise: 100_000_000 });
        expect(await count("SELECT COUNT(*) AS n FROM sale_notifications WHERE product_id = ?", id)).toBe(0);
      }
    }
  }, 30_000);
});

describe("laundry bookings under many concurrent students", () => {
  // The one test of the laundry race (it was also in hostel-laundry.test.ts: 30 students, capacity 10).
  it("30 students at once for a slot of capacity 10 get exactly 10 places; one student gets one booking per slot", async () => {
    const date = addDays(indiaDate(Date.now()), 2);
    const before = (
      (await (await call(`/api/hostel/laundry/slots?date=${date}`)).json()) as { data: { slots: SlotView[] } }
    ).data.slots.find((s) => s.id === "1400")!;
    // A slot no other test in this file books: the whole capacity is contested.
    expect(before).toMatchObject({ capacity: 10, booked: 0, remaining: 10 });
    const students = await users(30);
    const body = { date, slotId: "1400", clothes: 5, service: "wash" };
    // Everyone at once, and the first student three times over.
    const senders = [...students, students[0]!, students[0]!];
    const results = await Promise.all(
      senders.map(async (s) => {
        const res = await sendJson("POST", "/api/hostel/laundry/bookings", body, s.token);
        return { student: s, status: res.status, message: ((await res.json()) as { message?: string }).message };
      }),
    );
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(senders.length - 10);
    // A student who tried once and lost was told the slot is full; the repeats may hear either.
    for (const r of results.slice(1, students.length))
      if (r.status === 409) expect(r.message).toBe("This slot is full. Choose another time or day.");
    for (const r of results)
      if (r.status === 409)
        expect([
          "This slot is full. Choose another time or day.",
          "You already have a pickup booked in this slot.",
        ]).toContain(r.message);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM laundry_bookings WHERE date = ? AND slot_id = ? AND status <> 'cancelled'",
        date,
        "1400",
      ),
    ).toBe(10);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM laundry_bookings WHERE date = ? AND slot_id = ? AND user_id = ? AND status <> 'cancelled'",
        date,
        "1400",
        students[0]!.userId,
      ),
    ).toBeLessThanOrEqual(1);
    const after = (
      (await (await call(`/api/hostel/laundry/slots?date=${date}`)).json()) as { data: { slots: SlotView[] } }
    ).data.slots;
    expect(after.find((s) => s.id === "1400")).toMatchObject({ capacity: 10, booked: 10, remaining: 0 });
  });
});

describe("one student booking many laundry pickups at once", () => {
  it("6 bookings in different slots fired together give exactly 3", async () => {
    const [student] = await users(1);
    const today = indiaDate(Date.now());
    const wanted = [5, 6].flatMap((days) =>
      ["0800", "1000", "1800"].map((slotId) => ({ date: addDays(today, days), slotId, clothes: 4, service: "iron" })),
    );
    const statuses = await Promise.all(
      wanted.map((body) =>
        sendJson("POST", "/api/hostel/laundry/bookings", body, student!.token).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM laundry_bookings WHERE user_id = ? AND status <> 'cancelled'",
        student!.userId,
      ),
    ).toBe(3);
  }, 30_000);
});

describe('"me too" votes under many concurrent clicks', () => {
  it("each student counts once however often they click, and the count equals the rows", async () => {
    const [author, ...neighbours] = await users(21);
    for (const u of [author!, ...neighbours])
      expect((await sendJson("PUT", "/api/hostel/residence", { blockId: "C", room: "12" }, u.token)).status).toBe(200);
    const filed = await sendJson(
      "POST",
      "/api/hostel/complaints",
      { category: "electrical", blockId: "C", room: "12", description: "The corridor lights flicker all night." },
      author!.token,
    );
    const id = ((await filed.json()) as { data: { id: string } }).data.id;
    const clicks = neighbours
      .flatMap((n) => [n, n, n])
      .map((n) =>
        call(`/api/hostel/complaints/${id}/me-too`, { method: "POST", headers: bearer(n.token) }).then((r) => r.status),
      );
    const statuses = await Promise.all(clicks);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 200)).toHaveLength(neighbours.length);
    expect(await count("SELECT COUNT(*) AS n FROM hostel_complaint_me_too WHERE complaint_id = ?", id)).toBe(
      neighbours.length,
    );
    const view = (
      (await (await call("/api/hostel/complaints", { headers: bearer(author!.token) })).json()) as {
        data: { complaints: { id: string; meTooCount: number }[] };
      }
    ).data.complaints.find((c) => c.id === id);
    expect(view?.meTooCount).toBe(neighbours.length);
  });
});
