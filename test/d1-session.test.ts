// Every request reads and writes through one D1 Sessions API session
// (worker/lib/d1-session.ts). Anonymous reads go to any replica; a write starts on the primary and
// hands its bookmark back; the next request from that browser or client continues from it, so a
// student always reads what they just wrote.
import { afterAll, describe, expect, it } from "vitest";
import {
  BOOKMARK_COOKIE,
  BOOKMARK_HEADER,
  openRequestScope,
  RequestDb,
  sessionStartFor,
} from "#server/lib/d1-session.ts";
import { bearer, call, createUser, ORIGIN } from "#test/helpers.ts";
import { listingForm } from "#test/hostel-helpers.ts";
import { captureRequestLogs } from "#test/query-budget-helpers.ts";
import { grant } from "#test/staff-helpers.ts";

const logs = captureRequestLogs();
afterAll(() => logs.stop());

function bookmarkCookieOf(res: Response): string | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`));
  return line ?? null;
}

function listProduct(headers: Record<string, string>, title: string): Promise<Response> {
  return call("/api/product/upload", { method: "POST", headers, body: listingForm("Asha", title, "150") });
}

describe("a request's D1 session", () => {
  it("an anonymous read goes to any replica and gets no bookmark (its answer may be cached)", async () => {
    const res = await call("/api/product/available");
    expect(res.status).toBe(200);
    expect(logs.usageOf(res).session).toBe("first-unconstrained");
    expect(bookmarkCookieOf(res)).toBeNull();
    expect(res.headers.get(BOOKMARK_HEADER)).toBeNull();
  });

  it("a write starts on the primary and hands back its bookmark; the next read continues from it and sees the write", async () => {
    const seller = await createUser();
    // A token client of the API: the header only (the API sets no cookie on a client without cookies).
    const byToken = await listProduct({ Authorization: `Bearer ${seller.token}` }, "Bookmark test kettle");
    expect(byToken.status).toBe(201);
    expect(byToken.headers.get(BOOKMARK_HEADER)).toMatch(/^[0-9a-f-]+$/);
    expect(byToken.headers.getSetCookie()).toEqual([]);
    // A browser (the upload screen posts with its session cookie): the cookie too.
    const listed = await listProduct({ Cookie: seller.cookie }, "Bookmark test lamp");
    expect(listed.status).toBe(201);
    expect(logs.usageOf(listed).session).toBe("first-primary");
    // The log line says how long the request waited on D1 (summed over its round trips).
    expect(logs.usageOf(listed).d1Ms).toEqual(expect.any(Number));
    const cookie = bookmarkCookieOf(listed);
    expect(cookie).toMatch(
      new RegExp(`^${BOOKMARK_COOKIE}=[0-9a-f-]+; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=86400$`),
    );
    const bookmark = listed.headers.get(BOOKMARK_HEADER);
    expect(cookie).toContain(`=${bookmark};`);
    const id = ((await listed.json()) as { product: { _id: string } }).product._id;

    // A browser: the session cookie and the bookmark cookie.
    const page = await call(`/product/${id}`, {
      headers: { Cookie: `${seller.cookie}; ${BOOKMARK_COOKIE}=${bookmark}` },
    });
    expect(page.status).toBe(200);
    expect(logs.usageOf(page).session).toBe("bookmark");
    expect(await page.text()).toContain("Bookmark test lamp");

    // An API client: the bookmark header.
    const mine = await call("/api/product/mysells", {
      headers: { ...bearer(seller.token), [BOOKMARK_HEADER]: bookmark! },
    });
    expect(logs.usageOf(mine).session).toBe("bookmark");
    const listings = (await mine.json()) as { _id: string }[];
    expect(listings.map((p) => p._id)).toContain(id);
  });

  it("bookmarks only move forward: a later write's bookmark is not older than an earlier one", async () => {
    const seller = await createUser();
    const first = (await listProduct(bearer(seller.token), "Bookmark order one")).headers.get(BOOKMARK_HEADER)!;
    const second = (await listProduct(bearer(seller.token), "Bookmark order two")).headers.get(BOOKMARK_HEADER)!;
    expect(second >= first).toBe(true);
  });

  it("a signed-in read without a bookmark starts on the primary and gets one", async () => {
    const student = await createUser();
    const res = await call("/purchases", { headers: { Cookie: student.cookie } });
    expect(res.status).toBe(200);
    expect(logs.usageOf(res).session).toBe("first-primary");
    expect(bookmarkCookieOf(res)).not.toBeNull();
  });

  it("a malformed or foreign bookmark is ignored, never a 5xx", async () => {
    const student = await createUser();
    for (const bad of ["not a bookmark", "'; DROP TABLE users; --", "x".repeat(5000), "00000000-ffffffff-zzzz"]) {
      const signedIn = await call("/api/product/purchased", {
        headers: { ...bearer(student.token), [BOOKMARK_HEADER]: bad },
      });
      expect(signedIn.status).toBe(200);
      expect(logs.usageOf(signedIn).session).toBe("first-primary");
      // A search no one made yet, so D1 is read (not the edge cache).
      const visitor = await call(`/all-products?q=${crypto.randomUUID()}`, {
        headers: { Cookie: `${BOOKMARK_COOKIE}=${encodeURIComponent(bad)}` },
      });
      expect(visitor.status).toBe(200);
      expect(logs.usageOf(visitor).session).toBe("first-unconstrained");
    }
  });
});

describe("worker/lib/d1-session.ts", () => {
  /** A D1 binding that records how its session was opened. */
  function recordingBinding(): { binding: D1Database; opened: (string | undefined)[] } {
    const opened: (string | undefined)[] = [];
    const session = {
      prepare: () => ({}) as D1PreparedStatement,
      batch: async () => [],
      getBookmark: () => null,
    } as unknown as D1DatabaseSession;
    const binding = { withSession: (arg?: string) => (opened.push(arg), session) } as unknown as D1Database;
    return { binding, opened };
  }

  const request = (method: string, headers: Record<string, string> = {}) =>
    new Request(`${ORIGIN}/x`, { method, headers });

  it("opens the session as the request needs it", () => {
    const cases: [Request, string | undefined][] = [
      [request("GET"), "first-unconstrained"],
      [request("GET", { Cookie: "__Host-campus_session=abc" }), "first-primary"],
      [request("GET", { Authorization: "Bearer abc" }), "first-primary"],
      [
        request("GET", { Cookie: `${BOOKMARK_COOKIE}=0000002a-00000005-00004f95-9b7c9c` }),
        "0000002a-00000005-00004f95-9b7c9c",
      ],
      [request("GET", { [BOOKMARK_HEADER]: "0000002a-00000006-00004f95-9b7c9c" }), "0000002a-00000006-00004f95-9b7c9c"],
      [request("POST", { Cookie: `${BOOKMARK_COOKIE}=0000002a-00000005-00004f95-9b7c9c` }), "first-primary"],
      [request("DELETE"), "first-primary"],
    ];
    for (const [req, expected] of cases) {
      const { binding, opened } = recordingBinding();
      const scope = openRequestScope({ DB: binding } as Env, req);
      expect(opened, `${req.method} ${JSON.stringify([...req.headers])}`).toEqual([expected]);
      expect(scope.env.DB).toBeInstanceOf(RequestDb);
      expect(sessionStartFor(req).start).toBe(expected!.startsWith("first-") ? expected : "bookmark");
    }
  });

  it("gives services the session only: no second session, no unprepared SQL", async () => {
    const { binding } = recordingBinding();
    const { env } = openRequestScope({ DB: binding } as Env, request("GET"));
    expect(() => env.DB.withSession("first-primary")).toThrow(/already has its D1 session/);
    await expect(env.DB.exec("DELETE FROM users")).rejects.toThrow(/not available inside a request/);
  });

  it("is the only place that opens a D1 session", () => {
    const sources = import.meta.glob(["/worker/**/*.ts", "/app/**/*.ts", "/app/**/*.tsx", "/common/**/*.ts"], {
      query: "?raw",
      import: "default",
      eager: true,
    }) as Record<string, string>;
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const opening = Object.entries(sources)
      .filter(([, text]) => /\.withSession\(/.test(text))
      .map(([path]) => path);
    expect(opening).toEqual(["/worker/lib/d1-session.ts"]);
  });
});

describe("the edge cache of public reads", () => {
  it("a visitor's Browse is served from the edge; a new listing is in the next visitor's Browse at once", async () => {
    const seller = await createUser();
    const first = await call("/api/product/available?q=edgecachetest");
    expect(first.status).toBe(200);
    const again = await call("/api/product/available?q=edgecachetest");
    expect(logs.cacheOf(again)).toEqual({ browse: "hit" });
    expect(logs.usageOf(again).queries).toBe(0);
    expect(await again.json()).toEqual(await first.json());

    // The write moves the products table's version on: the next visitor reads D1 and sees it.
    expect((await listProduct(bearer(seller.token), "Edgecachetest globe")).status).toBe(201);
    const after = await call("/api/product/available?q=edgecachetest");
    expect(logs.cacheOf(after)).toEqual({ browse: "miss" });
    expect(((await after.json()) as { title: string }[]).map((p) => p.title)).toContain("Edgecachetest globe");
  });

  it("a sale at one college leaves another college's cached Browse alone, and renews the all-colleges one", async () => {
    const rce = await createUser({ email: `edge-${crypto.randomUUID()}@riverside.test` });
    const word = `edgescope${crypto.randomUUID().slice(0, 6)}`;
    const paths = { cit: `/api/product/available?campus=cit&q=${word}`, all: `/api/product/available?q=${word}` };
    for (const path of Object.values(paths)) await call(path);
    expect((await listProduct(bearer(rce.token), `${word} rce lamp`)).status).toBe(201);
    expect(logs.cacheOf(await call(paths.cit))).toEqual({ browse: "hit" });
    const all = await call(paths.all);
    expect(logs.cacheOf(all)).toEqual({ browse: "miss" });
    expect(((await all.json()) as { title: string }[]).map((p) => p.title)).toContain(`${word} rce lamp`);
  });

  it("students' writes leave the cached list of colleges alone (only the command line changes it)", async () => {
    const seller = await createUser();
    await call("/api/campuses");
    expect((await listProduct(bearer(seller.token), "Edge campus-list lamp")).status).toBe(201);
    expect(logs.cacheOf(await call("/api/campuses"))).toEqual({ campuses: "hit" });
  });

  it("never for a signed-in student: their Browse, with their hearts and own listings, is read from D1", async () => {
    const student = await createUser();
    await call("/api/product/available?q=edgecachesigned");
    for (let i = 0; i < 2; i += 1) {
      const res = await call("/api/product/available?q=edgecachesigned", { headers: bearer(student.token) });
      expect(res.status).toBe(200);
      expect(logs.cacheOf(res)).toBeNull();
      expect(logs.usageOf(res).queries).toBeGreaterThan(0);
    }
  });

  it("a change by the mess staff is in the next visitor's menu at once", async () => {
    const mess = await createUser({ name: "Mess Staff Edge" });
    await grant(mess, "mess");
    const before = (await (await call("/api/hostel/mess/menu")).json()) as {
      data: { week: { meals: Record<string, string[]> }[] };
    };
    expect(logs.cacheOf(await call("/api/hostel/mess/menu"))).toEqual({ "hostel-campus": "hit", "mess-week": "hit" });
    const dish = `Edge dosa ${crypto.randomUUID().slice(0, 6)}`;
    const changed = await call("/api/hostel/mess/menu", {
      method: "PUT",
      headers: { ...bearer(mess.token), "Content-Type": "application/json" },
      body: JSON.stringify({ day: 4, meal: "dinner", items: `${dish}, Rice` }),
    });
    expect(changed.status).toBe(200);
    const after = await call("/api/hostel/mess/menu");
    expect(logs.cacheOf(after)?.["mess-week"]).toBe("miss");
    const week = ((await after.json()) as typeof before).data.week;
    expect(week[3]?.meals.dinner).toEqual([dish, "Rice"]);
    expect(before.data.week[3]?.meals.dinner).not.toContain(dish);
  });

  it("pages and lists for a visitor read through it too (Browse, the mess menu, the writers' board, the colleges)", async () => {
    const cases = [
      ["/all-products?q=edgecachepage", "browse"],
      ["/mess-menu", "mess-overview"],
      ["/api/hostel/mess/menu", "mess-week"],
      ["/api/studyswap/writers", "writers"],
      ["/api/campuses", "campuses"],
    ] as const;
    for (const [path, name] of cases) {
      await call(path);
      const res = await call(path);
      expect(res.status, path).toBe(200);
      expect(logs.cacheOf(res)?.[name], path).toBe("hit");
    }
  });
});
