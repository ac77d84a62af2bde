// Access control, tokens, CSRF, posting rate limits, upload edge cases and stored XSS (docs/reliability.md,
// OWASP ASVS 5.0 level 2: authentication, sessions, tokens, file uploads, business logic).
import { env } from "cloudflare:workers";
import { SignJWT, UnsecuredJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, call, createUser, postJson, uniqueIp, type TestUser, inOneLimiterMinute } from "#test/helpers.ts";
import { JPEG_BYTES, PNG_BYTES, sendJson } from "#test/hostel-helpers.ts";
import { count, expectRefusal, expectSecurityHeaders, snapshot } from "#test/robust-helpers.ts";

const secret = new TextEncoder().encode(env.SESSION_SECRET);

let owner: TestUser;
let other: TestUser;
let productId: string;
let soldProductId: string;
let requestId: string;
let complaintId: string;
let listingId: string;
let bookingId: string;

function productForm(
  fields: Record<string, string> = {},
  files: { bytes: Uint8Array; name: string; field?: string }[] = [{ bytes: PNG_BYTES, name: "p.png" }],
): FormData {
  const form = new FormData();
  const values = {
    title: "Casio fx-991 calculator",
    description: "Works perfectly, with cover.",
    price: "650",
    sellerName: "Owner",
    whatsappNumber: "9876543210",
    ...fields,
  };
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  for (const f of files) form.append(f.field ?? "image", new File([f.bytes.slice()], f.name));
  return form;
}

async function upload(user: TestUser, form: FormData): Promise<Response> {
  return call("/api/product/upload", { method: "POST", headers: bearer(user.token), body: form });
}

async function created(res: Response): Promise<void> {
  if (res.status !== 201) throw new Error(`${res.status} ${await res.text()}`);
}

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

const listing = {
  about: "Calm second-year student looking for a roommate.",
  roomType: "double",
  budget: 6000,
  sleepSchedule: "early_bird",
  studyHabits: "silent",
  cleanliness: "tidy",
  whatsapp: "9876543210",
};
const complaint = { category: "plumbing", blockId: "B", room: "101", description: "The tap leaks all night long." };

function tomorrow(): string {
  return new Date(Date.now() + 5.5 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  owner = await createUser({ name: "Owner Olivia" });
  other = await createUser({ name: "Other Omar" });
  const buyer = await createUser();
  productId = (await json<{ product: { _id: string } }>(await upload(owner, productForm()))).product._id;
  soldProductId = (await json<{ product: { _id: string } }>(await upload(owner, productForm({ title: "Sold lamp" }))))
    .product._id;
  expect(
    (await call(`/api/product/purchase/${soldProductId}`, { method: "PATCH", headers: bearer(buyer.token) })).status,
  ).toBe(200);
  const form = new FormData();
  for (const [k, v] of Object.entries({
    title: "DBMS notes",
    category: "DBMS",
    details: "Two units.",
    contact: "o@campus.test",
  }))
    form.set(k, v);
  form.set("file", new File(["lecture notes"], "notes.txt"));
  const created = await call("/api/studyswap/requests", { method: "POST", headers: bearer(owner.token), body: form });
  expect(created.status).toBe(201);
  requestId = (await json<{ data: { _id: string } }>(created)).data._id;
  complaintId = (
    await json<{ data: { id: string } }>(await sendJson("POST", "/api/hostel/complaints", complaint, owner.token))
  ).data.id;
  listingId = (
    await json<{ data: { id: string } }>(await sendJson("POST", "/api/hostel/roommates", listing, owner.token))
  ).data.id;
  const booked = await sendJson(
    "POST",
    "/api/hostel/laundry/bookings",
    { date: tomorrow(), slotId: "1000", clothes: 5, service: "wash" },
    owner.token,
  );
  expect(booked.status).toBe(201);
  bookingId = (await json<{ data: { id: string } }>(booked)).data.id;
  for (const id of [productId, soldProductId, requestId, complaintId, listingId, bookingId])
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
});

// Every write (and private read) on something a user owns; `body` is a valid body for the owner.
const owned = () => [
  {
    name: "edit a product",
    method: "PATCH",
    path: `/api/product/${productId}`,
    body: { title: "Hijacked" },
    otherStatus: [403],
  },
  { name: "delete a product", method: "DELETE", path: `/api/product/${productId}`, otherStatus: [403] },
  {
    name: "close a study request",
    method: "POST",
    path: `/api/studyswap/requests/${requestId}/close`,
    otherStatus: [403, 404],
  },
  {
    name: "delete a study request",
    method: "DELETE",
    path: `/api/studyswap/requests/${requestId}`,
    otherStatus: [403, 404],
  },
  {
    name: "resolve a complaint",
    method: "PATCH",
    path: `/api/hostel/complaints/${complaintId}`,
    body: { status: "resolved" },
    otherStatus: [403],
  },
  {
    name: "withdraw a complaint",
    method: "PATCH",
    path: `/api/hostel/complaints/${complaintId}`,
    body: { status: "withdrawn" },
    otherStatus: [403],
  },
  {
    name: "edit a roommate listing",
    method: "PUT",
    path: `/api/hostel/roommates/${listingId}`,
    body: listing,
    otherStatus: [403, 404],
  },
  {
    name: "delete a roommate listing",
    method: "DELETE",
    path: `/api/hostel/roommates/${listingId}`,
    otherStatus: [403, 404],
  },
  {
    name: "cancel a laundry booking",
    method: "POST",
    path: `/api/hostel/laundry/bookings/${bookingId}/cancel`,
    otherStatus: [403, 404],
  },
  {
    name: "turn on reminders for someone else",
    method: "POST",
    path: "/api/google/notifications/enable",
    body: { userId: "", token: "x" },
    otherStatus: [403],
  },
];

function send(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, {
    method,
    headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe("access control on every owned resource", () => {
  it("another signed-in user is refused every write on the owner's things, and nothing changes", async () => {
    for (const op of owned()) {
      const body = op.name.startsWith("turn on") ? { userId: owner.email, token: "x" } : op.body;
      const before = await snapshot();
      const res = await send(op.method, op.path, body, bearer(other.token));
      expect(op.otherStatus, `${op.name}: ${res.status}`).toContain(res.status);
      await expectRefusal(res, op.name);
      expect(await snapshot(), op.name).toBe(before);
    }
  });

  it("a signed-out client gets 401 on every one of them, and nothing changes", async () => {
    for (const op of owned()) {
      const before = await snapshot();
      const res = await send(op.method, op.path, op.body);
      expect(res.status, op.name).toBe(401);
      await expectRefusal(res, op.name);
      expect(await snapshot(), op.name).toBe(before);
    }
  });

  it("private lists show only the caller's own things", async () => {
    const sells = await json<{ _id: string }[]>(await call("/api/product/mysells", { headers: bearer(other.token) }));
    expect(sells.map((p) => p._id)).not.toContain(productId);
    const purchased = await json<{ _id: string }[]>(
      await call("/api/product/purchased", { headers: bearer(other.token) }),
    );
    expect(purchased.map((p) => p._id)).not.toContain(soldProductId);
    const mine = await json<{ _id: string }[]>(
      await call("/api/studyswap/requests/mine", { headers: bearer(other.token) }),
    );
    expect(mine.map((r) => r._id)).not.toContain(requestId);
    const bookings = await json<{ data: { id: string }[] }>(
      await call("/api/hostel/laundry/bookings", { headers: bearer(other.token) }),
    );
    expect(bookings.data.map((b) => b.id)).not.toContain(bookingId);
    const listingMine = await json<{ data: { id: string } | null }>(
      await call("/api/hostel/roommates/mine", { headers: bearer(other.token) }),
    );
    expect(listingMine.data?.id).not.toBe(listingId);
    const complaints = await json<{ data: { complaints: { id: string }[] } }>(
      await call("/api/hostel/complaints?view=mine", { headers: bearer(other.token) }),
    );
    expect(complaints.data.complaints.map((c) => c.id)).not.toContain(complaintId);
  });

  it("a closed request's attachment is the owner's alone; signed out gets 401", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: "Private notes", category: "OS", details: "x", contact: "a@b.co" }))
      form.set(k, v);
    form.set("file", new File(["my notes"], "mine.txt"));
    const id = (
      await json<{ data: { _id: string } }>(
        await call("/api/studyswap/requests", { method: "POST", headers: bearer(owner.token), body: form }),
      )
    ).data._id;
    expect(
      (await call(`/api/studyswap/requests/${id}/close`, { method: "POST", headers: bearer(owner.token) })).status,
    ).toBe(200);
    expect((await call(`/api/studyswap/requests/${id}/attachment`, { headers: bearer(other.token) })).status).toBe(404);
    expect((await call(`/api/studyswap/requests/${id}/attachment`)).status).toBe(401);
    const own = await call(`/api/studyswap/requests/${id}/attachment`, { headers: bearer(owner.token) });
    expect(own.status).toBe(200);
    expect(await own.text()).toBe("my notes");
  });

  it("the seller cannot buy their own product and a sold product cannot be bought, edited or deleted", async () => {
    expect(
      (await call(`/api/product/purchase/${productId}`, { method: "PATCH", headers: bearer(owner.token) })).status,
    ).toBe(403);
    expect(
      (await call(`/api/product/purchase/${soldProductId}`, { method: "PATCH", headers: bearer(other.token) })).status,
    ).toBe(409);
    expect((await send("PATCH", `/api/product/${soldProductId}`, { price: "1" }, bearer(owner.token))).status).toBe(
      409,
    );
    expect((await send("DELETE", `/api/product/${soldProductId}`, undefined, bearer(owner.token))).status).toBe(409);
  });

  it("the owner's things are all still theirs and unchanged after the attempts", async () => {
    const sells = await json<{ _id: string; title: string }[]>(
      await call("/api/product/mysells", { headers: bearer(owner.token) }),
    );
    expect(sells.find((p) => p._id === productId)?.title).toBe("Casio fx-991 calculator");
    const mine = await json<{ _id: string; status: string }[]>(
      await call("/api/studyswap/requests/mine", { headers: bearer(owner.token) }),
    );
    expect(mine.find((r) => r._id === requestId)?.status).toBe("open");
    const bookings = await json<{ data: { id: string; status: string }[] }>(
      await call("/api/hostel/laundry/bookings", { headers: bearer(owner.token) }),
    );
    expect(bookings.data.find((b) => b.id === bookingId)?.status).toBe("booked");
  });
});

describe("tampered, expired, wrong-audience and alg:none tokens are refused everywhere", () => {
  const AUTH_ENDPOINTS: [string, string][] = [
    ["GET", "/api/auth/me"],
    ["POST", "/api/auth/logout"],
    ["POST", "/api/auth/logout-all"],
    ["GET", "/api/product/mysells"],
    ["GET", "/api/product/purchased"],
    ["POST", "/api/product/upload"],
    ["PATCH", "/api/product/purchase/00000000-0000-4000-8000-000000000000"],
    ["GET", "/api/studyswap/requests"],
    ["GET", "/api/studyswap/requests/mine"],
    ["POST", "/api/studyswap/requests"],
    ["GET", "/api/studyswap/writers/me"],
    ["PUT", "/api/studyswap/writers/me"],
    ["GET", "/api/hostel/residence"],
    ["GET", "/api/hostel/complaints"],
    ["POST", "/api/hostel/complaints"],
    ["POST", "/api/hostel/mess/ratings"],
    ["GET", "/api/hostel/roommates"],
    ["POST", "/api/hostel/roommates"],
    ["GET", "/api/hostel/laundry/bookings"],
    ["POST", "/api/hostel/laundry/bookings"],
    ["GET", "/api/google/notifications"],
    ["POST", "/api/google/notifications/disable"],
  ];

  async function badTokens(user: TestUser): Promise<Record<string, string>> {
    const [header, payload, signature] = user.token.split(".") as [string, string, string];
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { sub: string; sid: string };
    const sign = (jwt: SignJWT, key: Uint8Array = secret) => jwt.setProtectedHeader({ alg: "HS256" }).sign(key);
    const base = () => new SignJWT({ sid: claims.sid }).setSubject(claims.sub).setIssuedAt();
    const otherPayload = btoa(JSON.stringify({ ...claims, sub: other.userId }))
      .replace(/=+$/, "")
      .replace(/\+/g, "-")
      .replace(/\//g, "_");
    return {
      "a changed signature": `${header}.${payload}.${signature.slice(0, -3)}${signature.endsWith("AAA") ? "BBB" : "AAA"}`,
      "a changed payload (another user) with the old signature": `${header}.${otherPayload}.${signature}`,
      "an expired token": await sign(
        base()
          .setIssuer("campus")
          .setAudience("campus-session")
          .setExpirationTime(Math.floor(Date.now() / 1000) - 60),
      ),
      "a wrong audience": await sign(base().setIssuer("campus").setAudience("someone-else").setExpirationTime("1h")),
      "a wrong issuer": await sign(base().setIssuer("evil").setAudience("campus-session").setExpirationTime("1h")),
      "another secret": await sign(
        base().setIssuer("campus").setAudience("campus-session").setExpirationTime("1h"),
        new TextEncoder().encode("not-the-secret-0123456789abcdef0123456789"),
      ),
      "alg: none": new UnsecuredJWT({ sid: claims.sid })
        .setSubject(claims.sub)
        .setIssuer("campus")
        .setAudience("campus-session")
        .setExpirationTime("1h")
        .encode(),
      "HS512 with the right secret": await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: "HS512" })
        .setSubject(claims.sub)
        .setIssuer("campus")
        .setAudience("campus-session")
        .setExpirationTime("1h")
        .sign(secret),
      "no session row behind it": await sign(
        new SignJWT({ sid: crypto.randomUUID() })
          .setSubject(claims.sub)
          .setIssuedAt()
          .setIssuer("campus")
          .setAudience("campus-session")
          .setExpirationTime("1h"),
      ),
      garbage: "not.a.token",
      "an empty bearer": "",
    };
  }

  it("every authenticated endpoint answers 401 to every bad token, as bearer and as cookie, and clears the cookie", async () => {
    const victim = await createUser();
    const tokens = await badTokens(victim);
    for (const [label, token] of Object.entries(tokens)) {
      for (const [method, path] of AUTH_ENDPOINTS) {
        for (const headers of [
          { Authorization: `Bearer ${token}` },
          { Cookie: `__Host-campus_session=${token}` },
        ] as Record<string, string>[]) {
          const res = await call(path, {
            method,
            headers: { ...headers, "Content-Type": "application/json" },
            body: method === "GET" ? undefined : "{}",
          });
          const where = `${label} ${Object.keys(headers)[0]} ${method} ${path}`;
          expect(res.status, where).toBe(401);
          expect(res.headers.get("Set-Cookie") ?? "", where).toMatch(/Max-Age=0/);
          await res.body?.cancel();
        }
      }
    }
    // The real token still works: the refusals were about the tokens, not the account.
    expect((await call("/api/auth/me", { headers: bearer(victim.token) })).status).toBe(200);
  });

  it("a token stops working everywhere once its session is signed out", async () => {
    const user = await createUser();
    expect((await call("/api/auth/logout", { method: "POST", headers: bearer(user.token) })).status).toBe(200);
    for (const [method, path] of AUTH_ENDPOINTS) {
      const res = await call(path, { method, headers: bearer(user.token) });
      expect(res.status, `${method} ${path}`).toBe(401);
      await res.body?.cancel();
    }
  });

  it("signed-in pages treat a forged cookie as signed out (redirect to sign in)", async () => {
    const tokens = await badTokens(await createUser());
    for (const [label, token] of Object.entries(tokens)) {
      const res = await call("/purchases", {
        headers: { Cookie: `__Host-campus_session=${token}` },
        redirect: "manual",
      });
      expect([302, 303], label).toContain(res.status);
      expect(res.headers.get("Location") ?? "", label).toMatch(/login/);
    }
  });
});

describe("cross-site form posts (CSRF) are refused", () => {
  it("an API write from another site's page is refused with 403 and a message, and nothing changes", async () => {
    const attempts: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site", Origin: "https://sub.localhost" },
      { Origin: "null" },
    ];
    for (const headers of attempts) {
      const before = await snapshot();
      const res = await call("/api/hostel/complaints", {
        method: "POST",
        headers: { ...headers, ...bearer(owner.token), "Content-Type": "application/json" },
        body: JSON.stringify(complaint),
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect((await json<{ message: string }>(res)).message).toMatch(/another website/);
      expectSecurityHeaders(res, "csrf");
      expect(await snapshot()).toBe(before);
    }
  });

  it("a cross-site form post with the session cookie to a page action is refused", async () => {
    const before = await snapshot();
    const form = new URLSearchParams({ intent: "create", ...complaint });
    const res = await call("/hostel-complaints", {
      method: "POST",
      headers: {
        Cookie: owner.cookie,
        Origin: "https://evil.example",
        "Sec-Fetch-Site": "cross-site",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: form,
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/another website/);
    expect(await snapshot()).toBe(before);
    const logout = await call("/logout", {
      method: "POST",
      headers: { Cookie: owner.cookie, Origin: "https://evil.example" },
      redirect: "manual",
    });
    expect(logout.status).toBe(403);
    expect((await call("/api/auth/me", { headers: bearer(owner.token) })).status).toBe(200);
  });

  it("same-origin browser writes and clients that send no Origin still work", async () => {
    const sameOrigin = await call("/api/hostel/mess/ratings", {
      method: "POST",
      headers: {
        Origin: "http://localhost",
        "Sec-Fetch-Site": "same-origin",
        ...bearer(other.token),
        "Content-Type": "application/json",
      },
      body: "{}",
    });
    expect(sameOrigin.status).toBe(400); // reached validation: not refused as cross-site
    const register = await postJson(
      "/api/auth/register",
      { name: "Direct", email: `direct${Date.now()}@campus.test`, password: "long enough pw" },
      { "CF-Connecting-IP": uniqueIp(), "Sec-Fetch-Site": "none" },
    );
    expect(register.status).toBe(201);
  });
});

describe("rate limits on posting", () => {
  it("a user posting complaints too fast gets a 429 with a message, and no extra rows", () =>
    inOneLimiterMinute(async () => {
      const user = await createUser();
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        const res = await sendJson(
          "POST",
          "/api/hostel/complaints",
          { ...complaint, description: `Complaint number ${i} about the tap.` },
          user.token,
        );
        statuses.push(res.status);
        if (res.status === 429) expect((await json<{ message: string }>(res)).message).toMatch(/too fast/);
        else await res.body?.cancel();
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(20);
      expect(statuses.slice(20)).toEqual([429, 429]);
      expect(await count("SELECT COUNT(*) AS n FROM hostel_complaints WHERE user_id = ?", user.userId)).toBe(20);
      // Another user is not affected.
      await created(await sendJson("POST", "/api/hostel/complaints", complaint, (await createUser()).token));
    }));

  it("product uploads and study requests share the per-user posting limit; refused posts store nothing", () =>
    inOneLimiterMinute(async () => {
      const user = await createUser();
      for (let i = 0; i < 20; i++) {
        const res =
          i % 2 === 0
            ? await upload(user, productForm({ title: `Item ${i}` }))
            : await sendJson(
                "POST",
                "/api/studyswap/requests",
                { title: `Req ${i}`, category: "OS", details: "x", contact: "a@b.co" },
                user.token,
              );
        expect(res.status).toBe(201);
      }
      const objects = (await env.FILES.list({ prefix: "products/" })).objects.length;
      const refused = await upload(user, productForm({ title: "One too many" }));
      expect(refused.status).toBe(429);
      expect(
        (
          await sendJson(
            "POST",
            "/api/studyswap/requests",
            { title: "Too many", category: "OS", details: "x", contact: "a@b.co" },
            user.token,
          )
        ).status,
      ).toBe(429);
      expect((await env.FILES.list({ prefix: "products/" })).objects.length).toBe(objects);
      expect(await count("SELECT COUNT(*) AS n FROM products WHERE seller_id = ?", user.userId)).toBe(10);
    }));

  it("sign-in is limited per address and e-mail", () =>
    inOneLimiterMinute(async () => {
      const ip = uniqueIp();
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push(
          (
            await postJson(
              "/api/auth/login",
              { email: owner.email, password: "wrong password" },
              { "CF-Connecting-IP": ip },
            )
          ).status,
        );
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toEqual([429, 429]);
    }));
});

describe("upload edge cases", () => {
  it("refuses zero bytes, non-images under an image name, SVG, and more than 4 photos at once, storing nothing", async () => {
    const cases: [string, FormData, RegExp][] = [
      ["zero bytes", productForm({}, [{ bytes: new Uint8Array(0), name: "empty.png" }]), /Choose an image/],
      [
        "HTML named .png",
        productForm({}, [
          { bytes: new TextEncoder().encode("<html><script>alert(1)</script></html>"), name: "cat.png" },
        ]),
        /not an image/,
      ],
      [
        "SVG with script",
        productForm({}, [
          {
            bytes: new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"),
            name: "x.svg",
          },
        ]),
        /not an image/,
      ],
      [
        "an executable named .jpg",
        productForm({}, [{ bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), name: "x.jpg" }]),
        /not an image/,
      ],
      // Up to 4 photos; a fifth is refused.
      [
        "five images",
        productForm(
          {},
          ["a", "b", "c", "d", "e"].map((n) => ({ bytes: PNG_BYTES, name: `${n}.png` })),
        ),
        /at most 4 photos/,
      ],
    ];
    for (const [label, form, message] of cases) {
      const before = await snapshot();
      const res = await upload(owner, form);
      expect(res.status, label).toBe(400);
      expect((await json<{ message: string }>(res)).message, label).toMatch(message);
      expect(await snapshot(), label).toBe(before);
    }
  });

  it("refuses an oversized image with 413 or 400 and stores nothing", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(PNG_BYTES);
    const before = await snapshot();
    const res = await upload(owner, productForm({}, [{ bytes: big, name: "big.png" }]));
    expect([400, 413]).toContain(res.status);
    await expectRefusal(res, "oversized");
    expect(await snapshot()).toBe(before);
  });

  it("an image with the wrong extension is stored and served as what its bytes are; a PNG/HTML polyglot is served as an inert image", async () => {
    const res = await upload(owner, productForm({ title: "Named wrong" }, [{ bytes: JPEG_BYTES, name: "photo.exe" }]));
    expect(res.status).toBe(201);
    const image = new URL((await json<{ product: { image: string } }>(res)).product.image);
    const served = await call(image.pathname);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const polyglot = new Uint8Array([
      ...PNG_BYTES,
      ...new TextEncoder().encode("<html><script>alert(1)</script></html>"),
    ]);
    const res2 = await upload(owner, productForm({ title: "Polyglot" }, [{ bytes: polyglot, name: "x.html" }]));
    expect(res2.status).toBe(201);
    const served2 = await call(new URL((await json<{ product: { image: string } }>(res2)).product.image).pathname);
    expect(served2.headers.get("Content-Type")).toBe("image/png");
    expect(served2.headers.get("Content-Security-Policy")).toMatch(/default-src 'none'/);
    expect(served2.headers.get("Content-Disposition") ?? "").not.toMatch(/html/);
  });

  it("complaints refuse two photos, a zero-byte photo and a non-image photo, storing nothing", async () => {
    const cases: [string, Uint8Array[], string][] = [
      ["two photos", [PNG_BYTES, PNG_BYTES], "a.png"],
      ["zero bytes", [new Uint8Array(0)], "z.png"],
      ["a GIF-less text", [new TextEncoder().encode("GIF? no, text")], "t.png"],
    ];
    for (const [label, photos, name] of cases) {
      const form = new FormData();
      for (const [k, v] of Object.entries(complaint)) form.set(k, v);
      for (const p of photos) form.append("photo", new File([p.slice()], name));
      const before = await snapshot();
      const res = await call("/api/hostel/complaints", { method: "POST", headers: bearer(other.token), body: form });
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      await expectRefusal(res, label);
      expect(await snapshot(), label).toBe(before);
    }
  });

  it("study requests refuse two files and files over 10 MB, storing nothing", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: "Two files", category: "OS", details: "x", contact: "a@b.co" }))
      form.set(k, v);
    form.append("file", new File(["a"], "a.txt"));
    form.append("file", new File(["b"], "b.txt"));
    const before = await snapshot();
    const res = await call("/api/studyswap/requests", { method: "POST", headers: bearer(other.token), body: form });
    expect(res.status).toBe(400);
    expect(await snapshot()).toBe(before);
  });
});

describe("stored XSS payloads render as text on every page that shows them", () => {
  const PAYLOAD = `<img src=x onerror=alert(1)><script>alert(2)</script></script><svg onload=alert(3)>`;

  it("in products, study requests, writer profiles, complaints and roommate listings", async () => {
    const author = await createUser({ name: `Eve ${PAYLOAD}`.slice(0, 80) });
    await created(
      await upload(
        author,
        productForm({
          title: `Lamp ${PAYLOAD}`.slice(0, 100),
          description: `Desc ${PAYLOAD}`,
          sellerName: `Seller ${PAYLOAD}`.slice(0, 80),
        }),
      ),
    );
    await created(
      await sendJson(
        "POST",
        "/api/studyswap/requests",
        {
          title: `Req ${PAYLOAD}`.slice(0, 120),
          category: `Cat ${PAYLOAD}`.slice(0, 80),
          details: `Details ${PAYLOAD}`,
          contact: "a@b.co",
        },
        author.token,
      ),
    );
    const writer = await sendJson(
      "PUT",
      "/api/studyswap/writers/me",
      {
        name: `Writer ${PAYLOAD}`.slice(0, 80),
        expertise: `Exp ${PAYLOAD}`.slice(0, 200),
        rate: "200",
        contact: "w@b.co",
        bio: PAYLOAD,
      },
      author.token,
    );
    expect([200, 400]).toContain(writer.status);
    await created(
      await sendJson("POST", "/api/hostel/complaints", { ...complaint, description: `Leak ${PAYLOAD}` }, author.token),
    );
    await created(
      await sendJson("POST", "/api/hostel/roommates", { ...listing, about: `About ${PAYLOAD}` }, author.token),
    );

    const viewer = await createUser();
    await sendJson("PUT", "/api/hostel/residence", { blockId: "B", room: "101" }, viewer.token);
    const shown: string[] = [];
    const pages = [
      "/marketplace",
      "/all-products",
      "/hosteller/night-market",
      "/find-writer",
      "/studyswap",
      "/become-writer",
      "/hostel-complaints",
      "/roommate-finder",
    ];
    for (const page of [
      ...pages.map((p) => [p, viewer] as const),
      ["/sells", author] as const,
      ["/find-writer", author] as const,
    ]) {
      const [path, who] = page;
      const res = await call(path, { headers: { Cookie: who.cookie } });
      expect(res.status, path).toBe(200);
      expectSecurityHeaders(res, path);
      const html = await res.text();
      // No payload element reached the markup: every "<" of it arrives escaped (in HTML or in the
      // data React Router streams into the page's scripts).
      for (const raw of ["<img src=x onerror", "<script>alert(2)", "<svg onload"])
        expect(html, `${path} contains ${raw}`).not.toContain(raw);
      if (html.includes("onerror=alert(1)")) shown.push(path);
    }
    // The pages really did show the payloads (as text), so the checks above were not vacuous.
    expect(shown).toEqual(
      expect.arrayContaining([
        "/all-products",
        "/studyswap",
        "/become-writer",
        "/find-writer",
        "/hostel-complaints",
        "/roommate-finder",
        "/sells",
      ]),
    );
  });

  it("the API returns the payloads as JSON strings, never as HTML", async () => {
    const res = await call("/api/product/available?q=Lamp");
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(res.headers.get("Content-Security-Policy")).toMatch(/default-src 'none'/);
  });
});

describe("the sign-in form without JavaScript (or clicked before hydration)", () => {
  const formPost = (path: string, fields: Record<string, string>, ip = uniqueIp()) =>
    call(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": ip },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });

  it("posts (never a GET with the password in the URL), signs in and redirects with the session cookie", async () => {
    const user = await createUser();
    const page = await (await call("/login")).text();
    expect(page).toMatch(/<form[^>]*id="auth-form"[^>]*method="post"/);
    const res = await formPost("/login", { email: user.email, password: user.password });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    const token = (res.headers.get("Set-Cookie") ?? "").match(/__Host-campus_session=([^;]+)/)?.[1] ?? "";
    expect((await call("/api/auth/me", { headers: bearer(token) })).status).toBe(200);
  });

  it("shows the API's message for a wrong password and a bad registration, and stays rate limited", async () => {
    const user = await createUser();
    const wrong = await formPost("/login", { email: user.email, password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Incorrect e-mail or password.");
    const bad = await formPost("/register", { name: "A", email: "not-an-email", password: "long enough pw" });
    expect(await bad.text()).toContain("Enter a valid e-mail address.");
    const ip = uniqueIp();
    const statuses: string[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(await (await formPost("/login", { email: user.email, password: "wrong again" }, ip)).text());
    expect(statuses[5]).toContain("Too many sign-in attempts");
    const created = await formPost("/register", {
      name: "No Script",
      email: `noscript${Date.now()}@campus.test`,
      password: "long enough pw",
    });
    expect(created.status).toBe(302);
  });
});
