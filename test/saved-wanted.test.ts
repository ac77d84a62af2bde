import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { batch } from "#server/db/sql.ts";
import { wantedMatch } from "#server/services/market/wanted.ts";
import { bearer, call, createUser, postJson, type TestUser } from "#test/helpers.ts";

// Saved listings (the heart) and "wanted" posts with their match notices.

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);

async function list(user: TestUser, fields: Record<string, string> = {}): Promise<string> {
  const form = new FormData();
  const values = {
    title: "Casio fx-991ES calculator",
    description: "Allowed in exams.",
    price: "950",
    sellerName: "Asha",
    whatsappNumber: "9876543210",
    category: "electronics",
    condition: "used",
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  form.set("image", new File([PNG], "p.png"));
  const res = await call("/api/product/upload", { method: "POST", headers: bearer(user.token), body: form });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { product: { _id: string } }).product._id;
}

const send = (method: string, path: string, user: TestUser | null) =>
  call(path, { method, headers: user ? bearer(user.token) : {} });
const savedRows = async (user: TestUser) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM saved_products WHERE user_id = ?")
    .bind(user.userId)
    .first<{ n: number }>())!.n;

async function refused(res: Response, status: number, message: RegExp): Promise<void> {
  expect(res.status).toBe(status);
  expect(((await res.json()) as { message: string }).message).toMatch(message);
}

describe("saved listings", () => {
  it("saves once however often it is sent, lists it (also on Browse), and removes it idempotently", async () => {
    const seller = await createUser();
    const student = await createUser();
    const id = await list(seller, { title: `Saved calculator ${crypto.randomUUID()}` });
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => send("PUT", `/api/product/${id}/save`, student)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await savedRows(student)).toBe(1);
    const saved = (await (await send("GET", "/api/product/saved", student)).json()) as {
      _id: string;
      saved: boolean;
      status: string;
    }[];
    expect(saved.map((p) => [p._id, p.saved, p.status])).toEqual([[id, true, "available"]]);
    const browse = (await (await send("GET", "/api/product/available?limit=100", student)).json()) as {
      _id: string;
      saved?: boolean;
    }[];
    expect(browse.find((p) => p._id === id)?.saved).toBe(true);
    expect((await send("DELETE", `/api/product/${id}/save`, student)).status).toBe(200);
    expect((await send("DELETE", `/api/product/${id}/save`, student)).status).toBe(200);
    expect(await savedRows(student)).toBe(0);
    expect((await (await send("GET", "/api/product/saved", student)).json()) as unknown[]).toEqual([]);
  });

  it("saves only what the student can see: 404 for another campus's, a hidden or a missing listing; 401 signed out", async () => {
    const seller = await createUser();
    const id = await list(seller);
    const elsewhere = await createUser({ email: `saver-${crypto.randomUUID()}@riverside.test` });
    await refused(await send("PUT", `/api/product/${id}/save`, elsewhere), 404, /no longer exists/);
    await refused(await send("PUT", `/api/product/${crypto.randomUUID()}/save`, elsewhere), 404, /no longer exists/);
    await refused(await send("PUT", "/api/product/not-an-id/save", elsewhere), 400, /not a valid product id/);
    expect((await send("PUT", `/api/product/${id}/save`, null)).status).toBe(401);
    expect(await savedRows(elsewhere)).toBe(0);

    const student = await createUser();
    expect((await send("PUT", `/api/product/${id}/save`, student)).status).toBe(200);
    // Hidden by a moderator afterwards: it leaves the student's Saved; a new save is a 404.
    await env.DB.prepare("UPDATE products SET hidden_at = ?, hidden_reason = 'Reported' WHERE id = ?")
      .bind(Date.now(), id)
      .run();
    expect((await (await send("GET", "/api/product/saved", student)).json()) as unknown[]).toEqual([]);
    const other = await createUser();
    await refused(await send("PUT", `/api/product/${id}/save`, other), 404, /no longer exists/);
  });

  it("keeps a saved listing that sells, with its state; a deleted listing takes its row with it", async () => {
    const seller = await createUser();
    const [sold, gone] = [await list(seller, { title: "Sold one" }), await list(seller, { title: "Gone one" })];
    const student = await createUser();
    const buyer = await createUser();
    for (const id of [sold, gone]) expect((await send("PUT", `/api/product/${id}/save`, student)).status).toBe(200);
    expect((await send("PATCH", `/api/product/purchase/${sold}`, buyer)).status).toBe(200);
    expect((await send("DELETE", `/api/product/${gone}`, seller)).status).toBe(200);
    const saved = (await (await send("GET", "/api/product/saved", student)).json()) as {
      _id: string;
      status: string;
      reserved?: boolean;
    }[];
    expect(saved.map((p) => [p._id, p.status, p.reserved])).toEqual([[sold, "sold", true]]);
    expect(await savedRows(student)).toBe(1);
  });
});

interface WantedJson {
  _id: string;
  words: string;
  category: string | null;
  maxPrice: number | null;
  mine: boolean;
}

const want = (user: TestUser, body: unknown) => postJson("/api/wanted", body, bearer(user.token));
const wantedNotices = async (user: TestUser) =>
  (
    await env.DB.prepare(
      "SELECT title, link FROM notices WHERE user_id = ? AND kind = 'market.wanted' ORDER BY created_at",
    )
      .bind(user.userId)
      .all<{ title: string; link: string }>()
  ).results;

describe("wanted posts", () => {
  it("posts, lists the campus's (own marked, another campus's not), and deletes only one's own", async () => {
    const student = await createUser();
    const mate = await createUser();
    const res = await want(student, { words: "Drafter and set squares", category: "lab", maxPrice: 500 });
    expect(res.status).toBe(201);
    const post = ((await res.json()) as { data: WantedJson }).data;
    expect(post).toMatchObject({ words: "Drafter and set squares", category: "lab", maxPrice: 500, mine: true });
    const seen = ((await (await send("GET", "/api/wanted", mate)).json()) as { data: WantedJson[] }).data;
    expect(seen.find((p) => p._id === post._id)).toMatchObject({ mine: false, words: "Drafter and set squares" });
    const elsewhere = await createUser({ email: `w-${crypto.randomUUID()}@riverside.test` });
    const theirs = ((await (await send("GET", "/api/wanted", elsewhere)).json()) as { data: WantedJson[] }).data;
    expect(theirs.some((p) => p._id === post._id)).toBe(false);
    await refused(await send("DELETE", `/api/wanted/${post._id}`, mate), 404, /not yours/);
    expect((await send("DELETE", `/api/wanted/${post._id}`, student)).status).toBe(200);
    await refused(await send("DELETE", `/api/wanted/${post._id}`, student), 404, /does not exist/);
  });

  it("refuses bad posts with a clear 400, an unverified account with 403, and more than 10 open (at once too)", async () => {
    const student = await createUser();
    await refused(await want(student, { words: "" }), 400, /Say what you are looking for/);
    await refused(await want(student, { words: "a" }), 400, /at least one word of 2 letters/);
    await refused(await want(student, { words: "Cycle", maxPrice: "cheap" }), 400, /highest price must be a number/);
    await refused(await want(student, { words: "Cycle", category: "cars" }), 400, /Choose a category/);
    await refused(await want(student, { words: "x".repeat(101) }), 400, /at most 100/);
    const unverified = await createUser({ verified: false });
    expect((await want(unverified, { words: "Cycle" })).status).toBe(403);

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => want(student, { words: `Item number ${i}` })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(2);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM wanted_posts WHERE user_id = ?")
      .bind(student.userId)
      .first<{ n: number }>();
    expect(rows!.n).toBe(10);
  });

  it("tells the owner of every matching post when a listing appears: all words, category and price; never their own, an expired post or another campus", async () => {
    const [looking, picky, cheap, elsewhereCampus, seller, expired] = [
      await createUser(),
      await createUser(),
      await createUser(),
      await createUser({ email: `m-${crypto.randomUUID()}@riverside.test` }),
      await createUser(),
      await createUser(),
    ];
    const tag = crypto.randomUUID().slice(0, 8);
    expect((await want(looking, { words: `casio ${tag} CALCULATOR` })).status).toBe(201);
    expect((await want(picky, { words: `casio ${tag}`, category: "books" })).status).toBe(201);
    expect((await want(cheap, { words: `calculator ${tag}`, maxPrice: 900 })).status).toBe(201);
    expect((await want(elsewhereCampus, { words: `casio ${tag}` })).status).toBe(201);
    expect((await want(seller, { words: `casio ${tag}` })).status).toBe(201);
    expect((await want(expired, { words: `casio ${tag}` })).status).toBe(201);
    await env.DB.prepare("UPDATE wanted_posts SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, expired.userId)
      .run();

    const id = await list(seller, {
      title: `Casio fx-991 ${tag}`,
      description: "Scientific calculator, with cover.",
      price: "950",
    });
    expect(await wantedNotices(looking)).toEqual([
      { title: `Wanted: casio ${tag} CALCULATOR: a match is on sale`, link: `/product/${id}` },
    ]);
    for (const user of [picky, cheap, elsewhereCampus, seller, expired]) expect(await wantedNotices(user)).toEqual([]);
    // A listing without every word does not match.
    await list(seller, { title: `Casio watch ${tag}`, description: "Digital watch." });
    expect(await wantedNotices(looking)).toHaveLength(1);
    // Cheap enough, in the right category: both the price and the category posts match.
    const book = await list(seller, {
      title: `Casio ${tag} calculator manual`,
      description: "The printed manual.",
      price: "150",
      category: "books",
    });
    expect((await wantedNotices(picky)).map((n) => n.link)).toEqual([`/product/${book}`]);
    expect((await wantedNotices(cheap)).map((n) => n.link)).toEqual([`/product/${book}`]);
  });

  it("tells a pair once, however often the match runs", async () => {
    const looking = await createUser();
    const seller = await createUser();
    const tag = crypto.randomUUID().slice(0, 8);
    expect((await want(looking, { words: `drafter ${tag}` })).status).toBe(201);
    const id = await list(seller, { title: `Mini drafter ${tag}` });
    await Promise.all([1, 2, 3].map(() => batch(env, [wantedMatch(id, Date.now()), wantedMatch(id, Date.now())])));
    expect(await wantedNotices(looking)).toHaveLength(1);
  });
});
