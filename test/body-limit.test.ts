import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { bodyLimitFor } from "#server/front-door.ts";
import { bearer, call, createUser, postJson, unique, type TestUser } from "#test/helpers.ts";
import { JPEG_BYTES, PNG_BYTES } from "#test/hostel-helpers.ts";

// Every body has one byte limit per route, enforced in the Worker entry before
// anything parses it, for chunked bodies (no Content-Length) too. 413 as soon as the limit is passed.

const KB = 1024;
const MB = 1024 * KB;
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

interface Body {
  bytes: Uint8Array<ArrayBuffer>;
  type: string;
}

async function encodeForm(
  fields: Record<string, string>,
  file?: { name: string; field: string; bytes: Uint8Array; type: string; size?: number },
): Promise<Body> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (file) {
    const bytes = new Uint8Array(file.size ?? file.bytes.length);
    bytes.set(file.bytes);
    form.set(file.field, new File([bytes], file.name, { type: file.type }));
  }
  const res = new Response(form);
  return { bytes: new Uint8Array(await res.arrayBuffer()), type: res.headers.get("Content-Type") ?? "" };
}

function encodeUrl(fields: Record<string, string>): Body {
  return {
    bytes: new TextEncoder().encode(new URLSearchParams(fields).toString()),
    type: "application/x-www-form-urlencoded",
  };
}

function encodeJson(value: unknown): Body {
  return { bytes: new TextEncoder().encode(JSON.stringify(value)), type: "application/json" };
}

/** A body sent chunked (a stream, no Content-Length), counting how much of it was ever pulled. */
function chunked(body: Body, fillerTo = 0) {
  const chunkSize = 64 * KB;
  const total = Math.max(body.bytes.length, fillerTo);
  const counter = { pulled: 0, total };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      const end = Math.min(counter.pulled + chunkSize, total);
      const chunk = new Uint8Array(end - counter.pulled);
      if (counter.pulled < body.bytes.length)
        chunk.set(body.bytes.subarray(counter.pulled, Math.min(end, body.bytes.length)));
      counter.pulled = end;
      controller.enqueue(chunk);
    },
  });
  return { stream, counter };
}

function send(
  method: string,
  path: string,
  body: Body,
  how: "chunked" | "declared",
  headers: Record<string, string> = {},
) {
  const init: RequestInit = { method, headers: { ...headers, "Content-Type": body.type }, redirect: "manual" };
  if (how === "chunked") init.body = chunked(body).stream;
  else {
    init.body = body.bytes;
    (init.headers as Record<string, string>)["Content-Length"] = String(body.bytes.length);
  }
  return call(path, init);
}

function cookie(user: TestUser): Record<string, string> {
  return { Cookie: user.cookie };
}

async function count(sql: string, ...params: unknown[]): Promise<number> {
  return (
    (
      await env.DB.prepare(sql)
        .bind(...params)
        .first<{ n: number }>()
    )?.n ?? 0
  );
}

async function objects(prefix: string): Promise<number> {
  return (await env.FILES.list({ prefix })).objects.length;
}

async function expectTooLarge(res: Response, kind: "api" | "page", message: RegExp) {
  expect(res.status).toBe(413);
  if (kind === "api") {
    const body = (await res.json()) as { success: boolean; message: string; msg: string };
    expect(body.success).toBe(false);
    expect(body.message).toMatch(message);
    expect(body.msg).toBe(body.message);
  } else {
    expect(res.headers.get("Content-Type")).toMatch(/text\/(html|plain)/);
    expect(await res.text()).toMatch(message);
  }
}

// The first page render compiles the route modules: do it outside the timed tests.
beforeAll(async () => {
  await call("/login");
}, 60_000);

describe("the limits table", () => {
  it("gives every route a limit, uploads their own, and a default to any new path", async () => {
    expect((await bodyLimitFor("POST", "/api/product/upload")).maxBytes).toBe(22 * MB);
    expect((await bodyLimitFor("PATCH", "/api/product/0b6a2f86-1111-4111-8111-111111111111")).maxBytes).toBe(64 * KB);
    expect((await bodyLimitFor("POST", "/api/studyswap/requests")).maxBytes).toBe(10 * MB + 64 * KB);
    expect((await bodyLimitFor("PUT", "/api/studyswap/writers/me")).maxBytes).toBe(64 * KB);
    expect((await bodyLimitFor("POST", "/api/hostel/complaints")).maxBytes).toBe(6 * MB);
    expect((await bodyLimitFor("PATCH", "/api/hostel/complaints/abc")).maxBytes).toBe(64 * KB);
    expect((await bodyLimitFor("POST", "/api/auth/login")).maxBytes).toBe(16 * KB);
    expect((await bodyLimitFor("POST", "/api/some-new-endpoint")).maxBytes).toBe(64 * KB);
    for (const path of [
      "/login",
      "/Register",
      "/auth",
      "/login.data",
      "/account",
      "/dashboard",
      "/",
      "/_root.data",
      "/logout/",
    ]) {
      expect((await bodyLimitFor("POST", path)).maxBytes, path).toBe(16 * KB);
    }
    expect((await bodyLimitFor("POST", "/upload.data")).maxBytes).toBe(22 * MB);
    expect((await bodyLimitFor("POST", "/find-writer")).maxBytes).toBe(10 * MB + 64 * KB);
    expect((await bodyLimitFor("POST", "/hostel-complaints")).maxBytes).toBe(6 * MB);
    expect((await bodyLimitFor("POST", "/some-new-page")).maxBytes).toBe(64 * KB);
    expect((await bodyLimitFor("POST", "/login")).message).toBe(
      "The request is too large: at most 16 KB for this form.",
    );
  });
});

describe("API: PATCH /api/product/:id (JSON, 64 KB)", () => {
  async function product(user: TestUser): Promise<string> {
    const body = await encodeForm(
      {
        title: unique("Kit "),
        description: "A drawing kit.",
        price: "450",
        sellerName: "Asha",
        whatsappNumber: "+91 98765 43210",
      },
      { field: "image", name: "kit.png", bytes: PNG_BYTES, type: "image/png" },
    );
    const res = await send("POST", "/api/product/upload", body, "declared", bearer(user.token));
    expect(res.status).toBe(201);
    return ((await res.json()) as { product: { _id: string } }).product._id;
  }
  const title = (id: string) =>
    env.DB.prepare("SELECT title FROM products WHERE id = ?").bind(id).first<{ title: string }>();

  it("refuses a chunked body over the limit with 413 and changes nothing", async () => {
    const user = await createUser();
    const id = await product(user);
    const before = await title(id);
    const res = await send(
      "PATCH",
      `/api/product/${id}`,
      encodeJson({ title: "Changed", padding: "x".repeat(70 * KB) }),
      "chunked",
      bearer(user.token),
    );
    await expectTooLarge(res, "api", /too large: at most 64 KB/);
    expect(await title(id)).toEqual(before);
  });

  it("refuses a declared Content-Length over the limit with 413", async () => {
    const user = await createUser();
    const id = await product(user);
    const res = await send(
      "PATCH",
      `/api/product/${id}`,
      encodeJson({ title: "Changed", padding: "x".repeat(70 * KB) }),
      "declared",
      bearer(user.token),
    );
    await expectTooLarge(res, "api", /too large/);
    expect((await title(id))?.title).not.toBe("Changed");
  });

  it("accepts a chunked body just under the limit", async () => {
    const user = await createUser();
    const id = await product(user);
    const res = await send(
      "PATCH",
      `/api/product/${id}`,
      encodeJson({ title: "Changed", padding: "x".repeat(63 * KB) }),
      "chunked",
      bearer(user.token),
    );
    expect(res.status).toBe(200);
    expect((await title(id))?.title).toBe("Changed");
  });
});

describe("API: POST /api/product/upload (multipart, 22 MB: four photos and their small versions)", () => {
  const fields = {
    title: "Big upload",
    description: "Too big.",
    price: "450",
    sellerName: "Asha",
    whatsappNumber: "+91 98765 43210",
  };
  const stored = async (user: TestUser) => [
    await count("SELECT COUNT(*) AS n FROM products WHERE seller_id = ?", user.userId),
    await objects("products/"),
  ];

  it("refuses a chunked body over the limit with 413, stores nothing and stops reading", async () => {
    const user = await createUser();
    const before = await stored(user);
    const head = await encodeForm(fields, {
      field: "image",
      name: "big.png",
      bytes: PNG_BYTES,
      type: "image/png",
      size: 16 * KB,
    });
    const { stream, counter } = chunked(head, 90 * MB);
    const res = await call("/api/product/upload", {
      method: "POST",
      headers: { ...bearer(user.token), "Content-Type": head.type },
      body: stream,
    });
    await expectTooLarge(res, "api", /at most 4 photos of at most 5 MB each/);
    expect(counter.pulled).toBeLessThan(24 * MB);
    expect(await stored(user)).toEqual(before);
  });

  it("refuses a declared Content-Length over the limit with 413", async () => {
    const user = await createUser();
    const before = await stored(user);
    const body = await encodeForm(fields, {
      field: "image",
      name: "big.png",
      bytes: PNG_BYTES,
      type: "image/png",
      size: 23 * MB,
    });
    await expectTooLarge(
      await send("POST", "/api/product/upload", body, "declared", bearer(user.token)),
      "api",
      /at most 4 photos of at most 5 MB each/,
    );
    expect(await stored(user)).toEqual(before);
  });

  it("accepts a chunked upload with an image just under 5 MB", async () => {
    const user = await createUser();
    const body = await encodeForm(fields, {
      field: "image",
      name: "ok.png",
      bytes: PNG_BYTES,
      type: "image/png",
      size: 5 * MB - KB,
    });
    const res = await send("POST", "/api/product/upload", body, "chunked", bearer(user.token));
    expect(res.status).toBe(201);
  });
});

describe("page: /login (16 KB)", () => {
  it("refuses a 90 MB chunked body with 413 after reading little of it", async () => {
    const head = encodeUrl({ email: "someone@campus.test", password: "whatever pw" });
    const { stream, counter } = chunked(head, 90 * MB);
    const res = await call("/login", { method: "POST", headers: { "Content-Type": head.type }, body: stream });
    await expectTooLarge(res, "page", /at most 16 KB for this form/);
    expect(counter.pulled).toBeLessThan(2 * MB);
  });

  it("refuses a chunked body over the limit from React Router's client (.data) with 413 text", async () => {
    const res = await send(
      "POST",
      "/login.data",
      encodeUrl({ email: "a@campus.test", password: "x", padding: "y".repeat(17 * KB) }),
      "chunked",
    );
    await expectTooLarge(res, "page", /at most 16 KB/);
  });

  it("refuses a declared Content-Length over the limit with 413 and registers no one", async () => {
    const email = `${unique("big")}@campus.test`;
    const body = encodeUrl({
      intent: "register",
      name: "Big",
      email,
      password: "long enough pw",
      padding: "y".repeat(17 * KB),
    });
    await expectTooLarge(await send("POST", "/register", body, "declared"), "page", /too large/);
    await expectTooLarge(await send("POST", "/register", body, "chunked"), "page", /too large/);
    expect(await count("SELECT COUNT(*) AS n FROM users WHERE email = ?", email)).toBe(0);
  });

  it("signs in with a chunked body just under the limit", async () => {
    const user = await createUser();
    const res = await send(
      "POST",
      "/login",
      encodeUrl({ email: user.email, password: user.password, padding: "y".repeat(15 * KB) }),
      "chunked",
      { "CF-Connecting-IP": "10.9.9.9" },
    );
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get("Set-Cookie")).toMatch(/campus/i);
  });
});

describe("page: /dashboard (16 KB)", () => {
  it("refuses chunked and declared bodies over the limit with 413, sets no preference", async () => {
    const body = encodeUrl({ mode: "hosteller", padding: "y".repeat(17 * KB) });
    for (const how of ["chunked", "declared"] as const) {
      const res = await send("POST", "/dashboard", body, how);
      await expectTooLarge(res, "page", /at most 16 KB/);
      expect(res.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("saves the mode with a chunked body just under the limit", async () => {
    const res = await send(
      "POST",
      "/dashboard",
      encodeUrl({ mode: "hosteller", padding: "y".repeat(15 * KB) }),
      "chunked",
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toMatch(/hosteller/);
  });
});

describe("page: /hostel-complaints (photo, 6 MB)", () => {
  const fields = {
    intent: "create",
    category: "plumbing",
    blockId: "B",
    room: "b-204",
    description: "The tap in the second-floor washroom leaks all night.",
  };
  const stored = async (user: TestUser) => [
    await count("SELECT COUNT(*) AS n FROM hostel_complaints WHERE user_id = ?", user.userId),
    await objects("complaints/"),
  ];

  it("refuses chunked and declared bodies over the limit with 413 and files nothing", async () => {
    const user = await createUser();
    const before = await stored(user);
    const body = await encodeForm(fields, {
      field: "photo",
      name: "big.jpg",
      bytes: JPEG_BYTES,
      type: "image/jpeg",
      size: 6 * MB,
    });
    for (const how of ["chunked", "declared"] as const) {
      await expectTooLarge(
        await send("POST", "/hostel-complaints", body, how, cookie(user)),
        "page",
        /Photos can be at most 5 MB/,
      );
    }
    expect(await stored(user)).toEqual(before);
  });

  it("files a complaint with a chunked photo just under 5 MB", async () => {
    const user = await createUser();
    const body = await encodeForm(fields, {
      field: "photo",
      name: "ok.jpg",
      bytes: JPEG_BYTES,
      type: "image/jpeg",
      size: 5 * MB - KB,
    });
    const res = await send("POST", "/hostel-complaints", body, "chunked", cookie(user));
    expect(res.status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM hostel_complaints WHERE user_id = ?", user.userId)).toBe(1);
  });
});

describe("page: /find-writer (attachment, 10 MB)", () => {
  const fields = {
    title: "Operating systems lab report",
    category: "Operating Systems",
    details: "Ten pages on scheduling.",
    contact: "student@campus.test",
  };
  const stored = async (user: TestUser) => [
    await count("SELECT COUNT(*) AS n FROM study_requests WHERE owner_id = ?", user.userId),
    await objects("requests/"),
  ];

  it("refuses a 90 MB chunked body with 413 after reading little more than the limit, storing nothing", async () => {
    const user = await createUser();
    const before = await stored(user);
    const head = await encodeForm(fields, {
      field: "file",
      name: "big.pdf",
      bytes: PDF,
      type: "application/pdf",
      size: 16 * KB,
    });
    const { stream, counter } = chunked(head, 90 * MB);
    const res = await call("/find-writer", {
      method: "POST",
      headers: { ...cookie(user), "Content-Type": head.type },
      body: stream,
    });
    await expectTooLarge(res, "page", /at most 10 MB/);
    expect(counter.pulled).toBeLessThan(12 * MB);
    expect(await stored(user)).toEqual(before);
  });

  it("refuses a declared Content-Length over the limit with 413", async () => {
    const user = await createUser();
    const body = await encodeForm(fields, {
      field: "file",
      name: "big.pdf",
      bytes: PDF,
      type: "application/pdf",
      size: 10 * MB + 65 * KB,
    });
    await expectTooLarge(await send("POST", "/find-writer", body, "declared", cookie(user)), "page", /at most 10 MB/);
    expect(await stored(user)).toEqual([0, expect.any(Number)]);
  });

  it("posts a request with a chunked 10 MB attachment (just under the limit)", async () => {
    const user = await createUser();
    const body = await encodeForm(fields, {
      field: "file",
      name: "ok.pdf",
      bytes: PDF,
      type: "application/pdf",
      size: 10 * MB,
    });
    const res = await send("POST", "/find-writer", body, "chunked", cookie(user));
    expect(res.status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM study_requests WHERE owner_id = ?", user.userId)).toBe(1);
  });
});

describe("page: /upload (photos, 22 MB)", () => {
  const fields = {
    title: "No-JS upload",
    description: "Posted without JavaScript.",
    price: "300",
    sellerName: "Asha",
    whatsappNumber: "+91 98765 43210",
  };
  const stored = async (user: TestUser) => [
    await count("SELECT COUNT(*) AS n FROM products WHERE seller_id = ?", user.userId),
    await objects("products/"),
  ];

  it("refuses chunked and declared bodies over the limit with 413 and stores nothing", async () => {
    const user = await createUser();
    const before = await stored(user);
    const body = await encodeForm(fields, {
      field: "image",
      name: "big.png",
      bytes: PNG_BYTES,
      type: "image/png",
      size: 23 * MB,
    });
    for (const how of ["chunked", "declared"] as const) {
      await expectTooLarge(
        await send("POST", "/upload", body, how, cookie(user)),
        "page",
        /at most 4 photos of at most 5 MB each/,
      );
    }
    expect(await stored(user)).toEqual(before);
  });

  it("lists a product with a chunked image just under 5 MB", async () => {
    const user = await createUser();
    const body = await encodeForm(fields, {
      field: "image",
      name: "ok.png",
      bytes: PNG_BYTES,
      type: "image/png",
      size: 5 * MB - KB,
    });
    const res = await send("POST", "/upload", body, "chunked", cookie(user));
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get("Location")).toBe("/sells");
  });
});

describe("a body the answer did not need", () => {
  // Refused before it was read (no session): the rest is read and dropped up to the limit, so the
  // client (or the Vite dev server in front) gets the 401 instead of a dropped connection.
  it("is drained when within the limit, and not read past the limit", async () => {
    const head = await encodeForm(
      { title: "Signed out" },
      { field: "image", name: "a.png", bytes: PNG_BYTES, type: "image/png", size: 16 * KB },
    );
    const small = chunked(head, 2 * MB);
    const refused = await call("/api/product/upload", {
      method: "POST",
      headers: { "Content-Type": head.type },
      body: small.stream,
    });
    expect(refused.status).toBe(401);
    expect(small.counter.pulled).toBe(2 * MB);
    const huge = chunked(head, 90 * MB);
    const refusedHuge = await call("/api/product/upload", {
      method: "POST",
      headers: { "Content-Type": head.type },
      body: huge.stream,
    });
    expect(refusedHuge.status).toBe(401);
    // Read no further than the upload's 22 MB limit (four photos and their small versions).
    expect(huge.counter.pulled).toBeLessThan(24 * MB);
    // A body of a declared length (not counted as it is read: HTTP's framing bounds it) is drained too.
    const declared = chunked(head, 2 * MB);
    const refusedDeclared = await call("/api/product/upload", {
      method: "POST",
      headers: { "Content-Type": head.type, "Content-Length": String(2 * MB) },
      body: declared.stream,
    });
    expect(refusedDeclared.status).toBe(401);
    expect(declared.counter.pulled).toBe(2 * MB);
  });
});

describe("API: JSON routes keep their own messages under the limit", () => {
  it("a register body over 16 KB is still a 413 JSON answer", async () => {
    const res = await postJson("/api/auth/register", {
      name: "A",
      email: `${unique("big")}@campus.test`,
      password: "long enough pw",
      padding: "x".repeat(20_000),
    });
    await expectTooLarge(res, "api", /at most 16 KB/);
  });
});
