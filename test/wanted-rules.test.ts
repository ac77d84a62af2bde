import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { batch } from "#server/db/sql.ts";
import { wantedMatch } from "#server/services/market/wanted.ts";
import { bearer, call, clockPast, createUser, postJson, type TestUser, inOneLimiterMinute } from "#test/helpers.ts";

// Saved and wanted: the rules test/saved-wanted.test.ts leaves out. Letters beyond A-Z
// match in any case, a hidden or sold listing tells nobody, wanted posts are rate limited, and the
// Saved tab is newest saved first with an expired listing kept (and said to be expired).

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

const want = (user: TestUser, body: unknown) => postJson("/api/wanted", body, bearer(user.token));
const noticeLinks = async (user: TestUser) =>
  (
    await env.DB.prepare("SELECT link FROM notices WHERE user_id = ? AND kind = 'market.wanted' ORDER BY created_at")
      .bind(user.userId)
      .all<{ link: string }>()
  ).results.map((n) => n.link);

describe("wanted matching", () => {
  it("matches letters beyond A-Z in any case (a post's ÉCOLE finds École, école finds ÇA ÉCOLE)", async () => {
    const [upper, lower, seller] = [await createUser(), await createUser(), await createUser()];
    const tag = crypto.randomUUID().slice(0, 8);
    expect((await want(upper, { words: `ÉCOLE ${tag}` })).status).toBe(201);
    expect((await want(lower, { words: `école ${tag} çahier` })).status).toBe(201);
    const first = await list(seller, { title: `École notebook ${tag}`, description: "Ruled, 200 pages." });
    expect(await noticeLinks(upper)).toEqual([`/product/${first}`]);
    const second = await list(seller, { title: `ÉCOLE ${tag} ÇAHIER`, description: "Unused." });
    expect(await noticeLinks(lower)).toEqual([`/product/${second}`]);
    expect(await noticeLinks(upper)).toEqual([`/product/${first}`, `/product/${second}`]);
  });

  it("tells nobody of a listing that is hidden, or no longer on sale, when the match runs", async () => {
    const [looking, seller, buyer] = [await createUser(), await createUser(), await createUser()];
    const tag = crypto.randomUUID().slice(0, 8);
    const hidden = await list(seller, { title: `Mini drafter ${tag}` });
    const sold = await list(seller, { title: `Drafter set ${tag}` });
    expect((await want(looking, { words: `drafter ${tag}` })).status).toBe(201);
    await env.DB.prepare("UPDATE products SET hidden_at = ?, hidden_reason = 'Reported' WHERE id = ?")
      .bind(Date.now(), hidden)
      .run();
    expect(
      (await call(`/api/product/purchase/${sold}`, { method: "PATCH", headers: bearer(buyer.token) })).status,
    ).toBe(200);
    await batch(env, [wantedMatch(hidden, Date.now()), wantedMatch(sold, Date.now())]);
    expect(await noticeLinks(looking)).toEqual([]);
    // The same run for a listing on sale tells them: the statement itself is not what stayed silent.
    const open = await list(seller, { title: `Drafter board ${tag}` });
    expect(await noticeLinks(looking)).toEqual([`/product/${open}`]);
  });
});

describe("wanted posts are rate limited", () => {
  it("refuses the 21st post within a minute with a 429 that says so, and writes nothing for it", () =>
    inOneLimiterMinute(async () => {
      const student = await createUser();
      const statuses: number[] = [];
      // Posted and deleted in turn, so the 10-open limit is never what refuses. The limiter counts in
      // fixed one-minute windows: if one ends during the run, the count starts again, so the refusal
      // may come later than the 21st post, but within 41 posts (two windows at most) it must come.
      for (let i = 0; i < 41 && !statuses.includes(429); i++) {
        const res = await want(student, { words: `Thing number ${i}` });
        statuses.push(res.status);
        if (res.status !== 201) {
          expect(((await res.json()) as { message: string }).message).toMatch(/posting too fast/);
          continue;
        }
        const id = ((await res.json()) as { data: { _id: string } }).data._id;
        expect((await call(`/api/wanted/${id}`, { method: "DELETE", headers: bearer(student.token) })).status).toBe(
          200,
        );
      }
      expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.filter((s) => s !== 201)).toEqual([429]);
      const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM wanted_posts WHERE user_id = ?")
        .bind(student.userId)
        .first<{ n: number }>();
      expect(rows!.n).toBe(0);
    }));
});

describe("the Saved tab's order and states", () => {
  it("lists newest saved first, not newest listed, and keeps an expired listing with its date past", async () => {
    const [seller, student] = [await createUser(), await createUser()];
    const older = await list(seller, { title: "Listed first" });
    const newer = await list(seller, { title: "Listed second" });
    const put = (id: string) => call(`/api/product/${id}/save`, { method: "PUT", headers: bearer(student.token) });
    expect((await put(newer)).status).toBe(200);
    await clockPast(Date.now());
    expect((await put(older)).status).toBe(200);
    const expiredAt = Date.now() - 1000;
    await env.DB.prepare("UPDATE products SET expires_at = ? WHERE id = ?").bind(expiredAt, newer).run();
    const saved = (await (await call("/api/product/saved", { headers: bearer(student.token) })).json()) as {
      _id: string;
      status: string;
      expiresAt?: number;
    }[];
    expect(saved.map((p) => [p._id, p.status, p.expiresAt! <= Date.now()])).toEqual([
      [older, "available", false],
      [newer, "available", true],
    ]);
  });
});

describe("saving is rate limited", () => {
  it("refuses the 61st save or unsave within a minute with a 429 that says so, and changes nothing for it", () =>
    inOneLimiterMinute(async () => {
      const [seller, student] = [await createUser(), await createUser()];
      const id = await list(seller, { title: "Toggled by a script" });
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++)
        statuses.push(
          (
            await call(`/api/product/${id}/save`, {
              method: i % 2 === 0 ? "PUT" : "DELETE",
              headers: bearer(student.token),
            })
          ).status,
        );
      expect(statuses.every((s) => s === 200)).toBe(true);
      // 60 alternating calls end unsaved; the 61st (a save) is refused and saves nothing.
      const refused = await call(`/api/product/${id}/save`, { method: "PUT", headers: bearer(student.token) });
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { message: string }).message).toMatch(/too fast/);
      const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM saved_products WHERE user_id = ?")
        .bind(student.userId)
        .first<{ n: number }>();
      expect(rows!.n).toBe(0);
      // Another student is not held back.
      const other = await createUser();
      expect((await call(`/api/product/${id}/save`, { method: "PUT", headers: bearer(other.token) })).status).toBe(200);
    }));
});
