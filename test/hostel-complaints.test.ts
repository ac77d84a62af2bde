import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ComplaintList, ComplaintView } from "#server/services/hostel/complaints.ts";
import type { Residence } from "#server/services/hostel/common.ts";
import { grant } from "#test/staff-helpers.ts";
import { bearer, call, createUser, type TestUser } from "#test/helpers.ts";
import { get, JPEG_BYTES, PNG_BYTES, read, sendJson, WEBP_BYTES } from "#test/hostel-helpers.ts";

afterEach(() => {
  vi.useRealTimers();
});

const DAY_MS = 24 * 60 * 60 * 1000;

const valid = {
  category: "plumbing",
  blockId: "B",
  room: "b-204",
  description: "The tap in the second-floor washroom leaks all night.",
};

function fileComplaint(
  token: string,
  fields: Record<string, string> = valid,
  photo?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (photo) form.set("photo", new File([photo.bytes], photo.name, { type: photo.type }));
  return call("/api/hostel/complaints", { method: "POST", headers: bearer(token), body: form });
}

async function filed(user: TestUser, fields: Record<string, string> = valid): Promise<ComplaintView> {
  const res = await sendJson("POST", "/api/hostel/complaints", fields, user.token);
  expect(res.status).toBe(201);
  return (await read<ComplaintView>(res)).data;
}

let approver: TestUser | undefined;

/** Puts the student in a block: the first choice at once, a change approved by the campus admin (decision 0084). */
async function livesIn(user: TestUser, blockId: string, room = "101") {
  const res = await sendJson("PUT", "/api/hostel/residence", { blockId, room }, user.token);
  if (res.status === 202) {
    if (!approver) {
      approver = await createUser({ name: "Campus Admin" });
      await grant(approver, "admin");
    }
    const move = (await read<Residence>(res)).data.pendingMove!;
    const decided = await sendJson(
      "POST",
      `/api/hostel/block-moves/${move.id}/decision`,
      { decision: "approve" },
      approver.token,
    );
    expect(decided.status).toBe(200);
    return;
  }
  expect(res.status).toBe(200);
}

async function countRows(sql: string, ...binds: unknown[]): Promise<number> {
  return (
    (
      await env.DB.prepare(sql)
        .bind(...binds)
        .first<{ n: number }>()
    )?.n ?? -1
  );
}

describe("GET /api/hostel/blocks", () => {
  it("lists the seeded blocks to anyone, in order", async () => {
    const res = await get("/api/hostel/blocks");
    expect(res.status).toBe(200);
    const body = await read<{ id: string; name: string }[]>(res);
    expect(body.data.map((b) => b.id)).toEqual(["A", "B", "C", "D", "G1", "G2"]);
    expect(body.data[0]?.name).toMatch(/Block A/);
  });
});

describe("residence", () => {
  it("is null until set, then answers the block and the room (upper-cased)", async () => {
    const user = await createUser();
    expect((await read(await get("/api/hostel/residence", user.token))).data).toBeNull();
    const res = await sendJson("PUT", "/api/hostel/residence", { blockId: "C", room: " c-12 " }, user.token);
    expect(res.status).toBe(200);
    expect((await read(res)).data).toEqual({
      blockId: "C",
      blockName: "Block C (Charaka)",
      room: "C-12",
      pendingMove: null,
    });
    expect((await read(await get("/api/hostel/residence", user.token))).data).toMatchObject({
      blockId: "C",
      room: "C-12",
    });
  });

  it("needs a session", async () => {
    expect((await get("/api/hostel/residence")).status).toBe(401);
    expect((await sendJson("PUT", "/api/hostel/residence", { blockId: "C", room: "1" })).status).toBe(401);
  });

  it.each([
    [{ room: "12" }, /block/i, "blockId"],
    [{ blockId: "Z", room: "12" }, /one of the hostel blocks: A, B/, "blockId"],
    [{ blockId: "A" }, /room number/i, "room"],
    [{ blockId: "A", room: "12345678901" }, /at most 10/, "room"],
    [{ blockId: "A", room: "12;DROP" }, /letters, digits/, "room"],
  ])("answers 400 for %j", async (payload, message, field) => {
    const user = await createUser();
    const res = await sendJson("PUT", "/api/hostel/residence", payload, user.token);
    expect(res.status).toBe(400);
    const body = await read(res);
    expect(body.message).toMatch(message);
    expect(body.field).toBe(field);
  });
});

describe("POST /api/hostel/complaints", () => {
  it("files a complaint from JSON: 201 with the complaint, open, and makes the block the student's", async () => {
    const user = await createUser({ name: "Asha Verma" });
    const res = await sendJson("POST", "/api/hostel/complaints", valid, user.token);
    expect(res.status).toBe(201);
    const body = await read<ComplaintView>(res);
    expect(body.message).toMatch(/filed/);
    expect(body.data).toMatchObject({
      category: "plumbing",
      blockId: "B",
      blockName: "Block B (Bhaskara)",
      room: "B-204",
      description: valid.description,
      status: "open",
      photoUrl: null,
      meTooCount: 0,
      meToo: false,
      mine: true,
      authorName: "Asha",
      resolvedAt: null,
    });
    expect(body.data.createdAt).toBeGreaterThan(0);
    expect((await read(await get("/api/hostel/residence", user.token))).data).toMatchObject({
      blockId: "B",
      room: "B-204",
    });
  });

  it.each([
    ["JPEG", JPEG_BYTES, "image/jpeg"],
    ["PNG", PNG_BYTES, "image/png"],
    ["WebP", WEBP_BYTES, "image/webp"],
  ] as const)(
    "stores a %s photo in R2 under complaints/<uuid> and serves it to signed-in students",
    async (_label, bytes, type) => {
      const user = await createUser();
      const res = await fileComplaint(user.token, valid, { bytes, name: "leak.bin", type: "application/octet-stream" });
      expect(res.status).toBe(201);
      const complaint = (await read<ComplaintView>(res)).data;
      expect(complaint.photoUrl).toBe(`/api/hostel/complaints/${complaint.id}/photo`);
      const row = await env.DB.prepare("SELECT photo_key, photo_type FROM hostel_complaints WHERE id = ?")
        .bind(complaint.id)
        .first<{ photo_key: string; photo_type: string }>();
      expect(row?.photo_key).toMatch(/^complaints\/[0-9a-f-]{36}$/);
      expect(row?.photo_type).toBe(type);
      expect(await env.FILES.head(row?.photo_key ?? "")).not.toBeNull();

      const neighbour = await createUser();
      await livesIn(neighbour, "B");
      const photo = await call(complaint.photoUrl ?? "", { headers: bearer(neighbour.token) });
      expect(photo.status).toBe(200);
      expect(photo.headers.get("Content-Type")).toBe(type);
      expect(photo.headers.get("Cache-Control")).toMatch(/^private/);
      expect(new Uint8Array(await photo.arrayBuffer())).toEqual(bytes);
      expect((await call(complaint.photoUrl ?? "")).status).toBe(401);
    },
  );

  it("refuses a file that is not an image by its bytes (whatever its name), leaving no row and no object", async () => {
    const user = await createUser();
    const before = await env.FILES.list({ prefix: "complaints/" });
    const res = await fileComplaint(user.token, valid, {
      bytes: new TextEncoder().encode("<svg onload=alert(1)>"),
      name: "photo.png",
      type: "image/png",
    });
    expect(res.status).toBe(415);
    expect((await read(res)).message).toBe("The photo must be a JPEG, PNG or WebP image.");
    expect(await countRows("SELECT COUNT(*) AS n FROM hostel_complaints WHERE user_id = ?", user.userId)).toBe(0);
    expect((await env.FILES.list({ prefix: "complaints/" })).objects.length).toBe(before.objects.length);
  });

  it("refuses a photo over 5 MB with 413", async () => {
    const user = await createUser();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(JPEG_BYTES);
    const res = await fileComplaint(user.token, valid, { bytes: big, name: "big.jpg", type: "image/jpeg" });
    expect(res.status).toBe(413);
    expect((await read(res)).message).toMatch(/5 MB/);
    expect(await countRows("SELECT COUNT(*) AS n FROM hostel_complaints WHERE user_id = ?", user.userId)).toBe(0);
  });

  it("deletes the stored photo again when the rows cannot be written", async () => {
    const user = await createUser();
    const before = (await env.FILES.list({ prefix: "complaints/" })).objects.length;
    // A trigger makes the row insert fail after the photo is already in R2.
    await env.DB.prepare(
      "CREATE TRIGGER fail_complaints BEFORE INSERT ON hostel_complaints BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    ).run();
    try {
      const res = await fileComplaint(user.token, valid, { bytes: PNG_BYTES, name: "a.png", type: "image/png" });
      expect(res.status).toBe(500);
    } finally {
      await env.DB.prepare("DROP TRIGGER fail_complaints").run();
    }
    expect((await env.FILES.list({ prefix: "complaints/" })).objects.length).toBe(before);
    expect(await countRows("SELECT COUNT(*) AS n FROM hostel_complaints WHERE user_id = ?", user.userId)).toBe(0);
  });

  it("needs a session", async () => {
    expect((await sendJson("POST", "/api/hostel/complaints", valid)).status).toBe(401);
  });

  it.each([
    [{ ...valid, category: undefined }, /Choose a category/, "category"],
    [{ ...valid, category: "noise" }, /Choose a category: electrical, plumbing/, "category"],
    [{ ...valid, blockId: undefined }, /block/i, "blockId"],
    [{ ...valid, blockId: "Q" }, /one of the hostel blocks/, "blockId"],
    [{ ...valid, room: "" }, /room number/, "room"],
    [{ ...valid, room: "x".repeat(11) }, /at most 10/, "room"],
    [{ ...valid, description: undefined }, /Describe the problem/, "description"],
    [{ ...valid, description: "leak" }, /at least 10/, "description"],
    [{ ...valid, description: "x".repeat(1001) }, /1,000/, "description"],
  ])("answers 400 for %j", async (payload, message, field) => {
    const user = await createUser();
    const res = await sendJson("POST", "/api/hostel/complaints", payload, user.token);
    expect(res.status).toBe(400);
    const body = await read(res);
    expect(body.message).toMatch(message);
    expect(body.field).toBe(field);
  });

  it("answers 415 for a body that is neither JSON nor a form, and 400 for bad JSON", async () => {
    const user = await createUser();
    const text = await call("/api/hostel/complaints", {
      method: "POST",
      headers: { ...bearer(user.token), "Content-Type": "text/plain" },
      body: "hi",
    });
    expect(text.status).toBe(415);
    const broken = await call("/api/hostel/complaints", {
      method: "POST",
      headers: { ...bearer(user.token), "Content-Type": "application/json" },
      body: "{",
    });
    expect(broken.status).toBe(400);
  });
});

describe("GET /api/hostel/complaints", () => {
  it('shows a student the open complaints of their block, the most "me too" first, not other blocks\'', async () => {
    const author = await createUser();
    const quiet = await filed(author, {
      ...valid,
      blockId: "D",
      category: "internet",
      description: "Wi-Fi drops every evening on floor 2.",
    });
    const loud = await filed(author, {
      ...valid,
      blockId: "D",
      category: "electrical",
      description: "Corridor lights on floor 3 are out.",
    });
    await filed(await createUser(), { ...valid, blockId: "A", description: "Something in another block entirely." });
    const neighbours = [await createUser(), await createUser()];
    for (const n of neighbours) {
      await livesIn(n, "D");
      expect(
        (await call(`/api/hostel/complaints/${loud.id}/me-too`, { method: "POST", headers: bearer(n.token) })).status,
      ).toBe(200);
    }
    const viewer = neighbours[0] as TestUser;
    const res = await get("/api/hostel/complaints", viewer.token);
    expect(res.status).toBe(200);
    const list = (await read<ComplaintList>(res)).data;
    expect(list.residence).toMatchObject({ blockId: "D" });
    const ids = list.complaints.map((c) => c.id);
    expect(ids.indexOf(loud.id)).toBeLessThan(ids.indexOf(quiet.id));
    expect(list.complaints.every((c) => c.blockId === "D")).toBe(true);
    const top = list.complaints.find((c) => c.id === loud.id);
    expect(top).toMatchObject({ meTooCount: 2, meToo: true, mine: false });
  });

  it('filters by status and category, and "mine" lists the student\'s own, withdrawn included', async () => {
    const user = await createUser();
    const a = await filed(user, {
      ...valid,
      blockId: "G1",
      category: "cleaning",
      description: "Bins on floor 1 not emptied for days.",
    });
    const b = await filed(user, {
      ...valid,
      blockId: "G1",
      category: "furniture",
      description: "Broken chair in the common room.",
    });
    await sendJson("PATCH", `/api/hostel/complaints/${a.id}`, { status: "resolved" }, user.token);
    const resolved = (await read<ComplaintList>(await get("/api/hostel/complaints?status=resolved", user.token))).data
      .complaints;
    expect(resolved.map((c) => c.id)).toEqual([a.id]);
    const furniture = (await read<ComplaintList>(await get("/api/hostel/complaints?category=furniture", user.token)))
      .data.complaints;
    expect(furniture.map((c) => c.id)).toEqual([b.id]);
    await sendJson("PATCH", `/api/hostel/complaints/${b.id}`, { status: "withdrawn" }, user.token);
    const mine = (await read<ComplaintList>(await get("/api/hostel/complaints?view=mine", user.token))).data.complaints;
    expect(mine.map((c) => [c.id, c.status])).toEqual([
      [b.id, "withdrawn"],
      [a.id, "resolved"],
    ]);
    const blockView = (await read<ComplaintList>(await get("/api/hostel/complaints", user.token))).data.complaints;
    expect(blockView.map((c) => c.id)).not.toContain(b.id);
  });

  it("answers an empty list and no residence for a student who has not chosen a block", async () => {
    const user = await createUser();
    const body = await read<ComplaintList>(await get("/api/hostel/complaints", user.token));
    expect(body.data).toEqual({ residence: null, complaints: [], newcomers: [], newcomerCount: 0 });
  });

  it("needs a session", async () => {
    expect((await get("/api/hostel/complaints")).status).toBe(401);
  });

  it.each([
    ["view=everyone", /view must be block or mine/],
    ["status=closed", /status must be one of/],
    ["category=noise", /category must be one of/],
  ])("answers 400 for ?%s", async (query, message) => {
    const user = await createUser();
    const res = await get(`/api/hostel/complaints?${query}`, user.token);
    expect(res.status).toBe(400);
    expect((await read(res)).message).toMatch(message);
  });
});

describe("POST /api/hostel/complaints/:id/me-too", () => {
  it("counts each student of the block once: the second try is a 409 and the count stays", async () => {
    const author = await createUser();
    const complaint = await filed(author, { ...valid, blockId: "C" });
    const neighbour = await createUser();
    await livesIn(neighbour, "C");
    const first = await call(`/api/hostel/complaints/${complaint.id}/me-too`, {
      method: "POST",
      headers: bearer(neighbour.token),
    });
    expect(first.status).toBe(200);
    expect((await read<ComplaintView>(first)).data).toMatchObject({ meTooCount: 1, meToo: true });
    const again = await Promise.all(
      [1, 2, 3].map(() =>
        call(`/api/hostel/complaints/${complaint.id}/me-too`, { method: "POST", headers: bearer(neighbour.token) }),
      ),
    );
    expect(again.map((r) => r.status)).toEqual([409, 409, 409]);
    expect((await read(again[0] as Response)).message).toMatch(/already said "me too"/);
    expect(
      await countRows("SELECT COUNT(*) AS n FROM hostel_complaint_me_too WHERE complaint_id = ?", complaint.id),
    ).toBe(1);
  });

  it("answers 403 to a student of another block, 409 to the author and on a resolved complaint, 404 for none", async () => {
    const author = await createUser();
    const complaint = await filed(author, { ...valid, blockId: "C" });
    const stranger = await createUser();
    await livesIn(stranger, "A");
    const forbidden = await call(`/api/hostel/complaints/${complaint.id}/me-too`, {
      method: "POST",
      headers: bearer(stranger.token),
    });
    expect(forbidden.status).toBe(403);
    expect((await read(forbidden)).message).toMatch(/Only students of Block C/);
    const own = await call(`/api/hostel/complaints/${complaint.id}/me-too`, {
      method: "POST",
      headers: bearer(author.token),
    });
    expect(own.status).toBe(409);
    await sendJson("PATCH", `/api/hostel/complaints/${complaint.id}`, { status: "resolved" }, author.token);
    const neighbour = await createUser();
    await livesIn(neighbour, "C");
    const late = await call(`/api/hostel/complaints/${complaint.id}/me-too`, {
      method: "POST",
      headers: bearer(neighbour.token),
    });
    expect(late.status).toBe(409);
    expect((await read(late)).message).toMatch(/already resolved/);
    expect(
      (
        await call(`/api/hostel/complaints/${crypto.randomUUID()}/me-too`, {
          method: "POST",
          headers: bearer(neighbour.token),
        })
      ).status,
    ).toBe(404);
    expect((await call(`/api/hostel/complaints/${complaint.id}/me-too`, { method: "POST" })).status).toBe(401);
  });
});

describe("PATCH /api/hostel/complaints/:id", () => {
  it("lets the author mark it resolved (with a time) or withdraw it, once", async () => {
    const user = await createUser();
    const complaint = await filed(user);
    const res = await sendJson("PATCH", `/api/hostel/complaints/${complaint.id}`, { status: "resolved" }, user.token);
    expect(res.status).toBe(200);
    const body = await read<ComplaintView>(res);
    expect(body.data.status).toBe("resolved");
    expect(body.data.resolvedAt).toBeGreaterThan(0);
    const again = await sendJson(
      "PATCH",
      `/api/hostel/complaints/${complaint.id}`,
      { status: "withdrawn" },
      user.token,
    );
    expect(again.status).toBe(409);
    expect((await read(again)).message).toBe("This complaint is already resolved.");

    const other = await filed(user);
    const withdrawn = await sendJson(
      "PATCH",
      `/api/hostel/complaints/${other.id}`,
      { status: "withdrawn" },
      user.token,
    );
    expect((await read<ComplaintView>(withdrawn)).data.status).toBe("withdrawn");
  });

  it("answers 403 to anyone but the author and leaves the complaint as it was", async () => {
    const author = await createUser();
    const complaint = await filed(author);
    const other = await createUser();
    const res = await sendJson("PATCH", `/api/hostel/complaints/${complaint.id}`, { status: "resolved" }, other.token);
    expect(res.status).toBe(403);
    expect((await read(res)).message).toMatch(/Only the student who filed/);
    const row = await env.DB.prepare("SELECT status FROM hostel_complaints WHERE id = ?")
      .bind(complaint.id)
      .first<{ status: string }>();
    expect(row?.status).toBe("open");
  });

  it("answers 400 for a status the author cannot set, 401 signed out, 404 for none", async () => {
    const user = await createUser();
    const complaint = await filed(user);
    for (const status of ["in_progress", "open", undefined]) {
      const res = await sendJson("PATCH", `/api/hostel/complaints/${complaint.id}`, { status }, user.token);
      expect(res.status).toBe(400);
      expect((await read(res)).message).toBe("You can set status to resolved or withdrawn.");
    }
    expect((await sendJson("PATCH", `/api/hostel/complaints/${complaint.id}`, { status: "resolved" })).status).toBe(
      401,
    );
    expect(
      (await sendJson("PATCH", `/api/hostel/complaints/${crypto.randomUUID()}`, { status: "resolved" }, user.token))
        .status,
    ).toBe(404);
  });
});

describe("GET /api/hostel/complaints/:id/photo", () => {
  it("answers 404 for a complaint without a photo", async () => {
    const user = await createUser();
    const complaint = await filed(user);
    expect((await get(`/api/hostel/complaints/${complaint.id}/photo`, user.token)).status).toBe(404);
  });
});

describe("GET /api/hostel/complaints/:id/photo: only for students who can see the complaint", () => {
  async function withPhoto(author: TestUser, blockId: string): Promise<ComplaintView> {
    const res = await fileComplaint(
      author.token,
      { ...valid, blockId },
      { bytes: PNG_BYTES, name: "leak.png", type: "image/png" },
    );
    expect(res.status).toBe(201);
    return (await read<ComplaintView>(res)).data;
  }
  const photoStatus = async (complaint: ComplaintView, user: TestUser) =>
    (await get(complaint.photoUrl ?? "", user.token)).status;

  it("serves the author and the complaint's block; 404 to other blocks and to students with no block", async () => {
    const author = await createUser();
    const complaint = await withPhoto(author, "C");
    const neighbour = await createUser();
    await livesIn(neighbour, "C");
    const elsewhere = await createUser();
    await livesIn(elsewhere, "A");
    const homeless = await createUser();
    expect(await photoStatus(complaint, author)).toBe(200);
    expect(await photoStatus(complaint, neighbour)).toBe(200);
    const refused = await get(complaint.photoUrl ?? "", elsewhere.token);
    expect(refused.status).toBe(404);
    // The same answer as for a complaint that does not exist: nothing is revealed.
    expect((await read(refused)).message).toBe(
      (await read(await get(`/api/hostel/complaints/${crypto.randomUUID()}/photo`, elsewhere.token))).message,
    );
    expect(await photoStatus(complaint, homeless)).toBe(404);
  });

  it("stops serving a student who moves to another block, and the block once the complaint is withdrawn", async () => {
    const author = await createUser();
    const complaint = await withPhoto(author, "D");
    const neighbour = await createUser();
    await livesIn(neighbour, "D");
    expect(await photoStatus(complaint, neighbour)).toBe(200);
    await livesIn(neighbour, "A");
    expect(await photoStatus(complaint, neighbour)).toBe(404);
    const stayer = await createUser();
    await livesIn(stayer, "D");
    expect(
      (await sendJson("PATCH", `/api/hostel/complaints/${complaint.id}`, { status: "withdrawn" }, author.token)).status,
    ).toBe(200);
    expect(await photoStatus(complaint, stayer)).toBe(404);
    expect(await photoStatus(complaint, author)).toBe(200);
  });

  it("is private and revalidated: an unchanged photo answers 304 with no bytes", async () => {
    const author = await createUser();
    const complaint = await withPhoto(author, "B");
    const first = await get(complaint.photoUrl ?? "", author.token);
    expect(first.headers.get("Cache-Control")).toBe("private, no-cache");
    const etag = first.headers.get("ETag") ?? "";
    expect(etag).not.toBe("");
    await first.body?.cancel();
    const again = await call(complaint.photoUrl ?? "", { headers: { ...bearer(author.token), "If-None-Match": etag } });
    expect(again.status).toBe(304);
    // Revalidation still checks who asks.
    const stranger = await createUser();
    await livesIn(stranger, "A");
    expect(
      (await call(complaint.photoUrl ?? "", { headers: { ...bearer(stranger.token), "If-None-Match": etag } })).status,
    ).toBe(404);
  });
});

describe("changing block: the new block's warden approves, at most once every 7 days, the first choice free", () => {
  const put = (user: TestUser, blockId: string, room = "101") =>
    sendJson("PUT", "/api/hostel/residence", { blockId, room }, user.token);
  const residence = async (user: TestUser) =>
    (await read<Residence>(await get("/api/hostel/residence", user.token))).data;

  it("the first block is set at once; a change waits (202) and the student stays until approved; then 7 days before the next", async () => {
    const user = await createUser();
    expect((await put(user, "A")).status).toBe(200);
    const asked = await put(user, "B", "b-7");
    expect(asked.status).toBe(202);
    const body = await read<Residence>(asked);
    expect(body.message).toBe("Waiting for the warden of Block B to approve your move from Block A.");
    expect(body.data).toMatchObject({
      blockId: "A",
      pendingMove: { toBlockId: "B", toBlockName: "Block B (Bhaskara)", room: "B-7" },
    });
    // A new room in the same block is not a move, and drops the pending one: the student stays.
    expect((await put(user, "A", "202")).status).toBe(200);
    expect(await residence(user)).toMatchObject({ blockId: "A", room: "202", pendingMove: null });

    await livesIn(user, "B");
    const movedAt = Date.now();
    expect(await residence(user)).toMatchObject({ blockId: "B", pendingMove: null });
    const refused = await put(user, "C");
    expect(refused.status).toBe(429);
    const refusal = await read(refused);
    expect(refusal.message).toMatch(
      /^You can change your hostel block once every 7 days\. You last changed it on .+, so you can change it again after \d{1,2} [A-Z][a-z]{2}, \d{1,2}:\d{2} [ap]m\.$/,
    );
    const retryAt = (refusal as unknown as { retryAt: number }).retryAt;
    expect(retryAt).toBeGreaterThanOrEqual(movedAt + 7 * DAY_MS - 60_000);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(retryAt - 60_000);
    expect((await put(user, "C")).status).toBe(429);
    vi.setSystemTime(retryAt);
    expect((await put(user, "C")).status).toBe(202);
  });

  it("a resident files for their own block only: another block is a 409 saying how to move, storing nothing", async () => {
    const user = await createUser();
    await livesIn(user, "G1");
    const photos = (await env.FILES.list({ prefix: "complaints/" })).objects.length;
    const res = await fileComplaint(
      user.token,
      { ...valid, blockId: "G2" },
      { bytes: PNG_BYTES, name: "a.png", type: "image/png" },
    );
    expect(res.status).toBe(409);
    expect((await read(res)).message).toBe(
      "You live in Girls' Block G1. To file a complaint for Girls' Block G2, ask to move there first (Your block); its warden approves moves.",
    );
    expect(await countRows("SELECT COUNT(*) AS n FROM hostel_complaints WHERE user_id = ?", user.userId)).toBe(0);
    expect((await env.FILES.list({ prefix: "complaints/" })).objects.length).toBe(photos);
    expect(await residence(user)).toMatchObject({ blockId: "G1", pendingMove: null });
    expect((await sendJson("POST", "/api/hostel/complaints", { ...valid, blockId: "G1" }, user.token)).status).toBe(
      201,
    );
  });

  it("many simultaneous requests leave one pending move (the last one asked)", async () => {
    const user = await createUser();
    await livesIn(user, "A");
    const statuses = await Promise.all(
      ["C", "D", "G1", "G2", "B"].map(async (block) => (await put(user, block)).status),
    );
    expect(statuses.every((s) => s === 202)).toBe(true);
    expect(
      await countRows("SELECT COUNT(*) AS n FROM block_moves WHERE user_id = ? AND status = 'pending'", user.userId),
    ).toBe(1);
    expect(
      await countRows("SELECT COUNT(*) AS n FROM hostel_residents WHERE user_id = ? AND block_id = 'A'", user.userId),
    ).toBe(1);
  });
});

describe("new members of a block are shown to the block", () => {
  it("lists who joined the block in the last 7 days, newest first, first names, the viewer as you", async () => {
    const viewer = await createUser({ name: "Meera Iyer" });
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    vi.setSystemTime(start - 8 * DAY_MS);
    const old = await createUser({ name: "Oldtimer Singh" });
    await livesIn(old, "G2");
    vi.setSystemTime(start);
    await livesIn(viewer, "G2");
    const fresh = await createUser({ name: "Kabir Das" });
    await livesIn(fresh, "A");
    vi.setSystemTime(start + 60_000);
    await livesIn(fresh, "G2");
    const elsewhere = await createUser({ name: "Zoya Khan" });
    await livesIn(elsewhere, "D");

    const list = (await read<ComplaintList>(await get("/api/hostel/complaints", viewer.token))).data;
    const names = list.newcomers.map((n) => [n.name, n.you]);
    expect(names.slice(0, 2)).toEqual([
      ["Kabir", false],
      ["Meera", true],
    ]);
    expect(names.map(([n]) => n)).not.toContain("Oldtimer");
    expect(names.map(([n]) => n)).not.toContain("Zoya");
    expect(list.newcomerCount).toBe(list.newcomers.length);
    // A week later they are no longer new.
    vi.setSystemTime(start + 60_000 + 7 * DAY_MS + 1);
    const later = (await read<ComplaintList>(await get("/api/hostel/complaints", viewer.token))).data;
    expect(later.newcomers.map((n) => n.name)).not.toContain("Kabir");
  });

  it('shows them on the complaints screen: "New in Block … this week"', async () => {
    const viewer = await createUser({ name: "Asha Verma" });
    await livesIn(viewer, "C");
    const html = await (await call("/hostel-complaints", { headers: { Cookie: viewer.cookie } })).text();
    expect(html).toMatch(/New in <!-- -->Block C<!-- --> this week:|New in Block C this week:/);
    expect(html).toMatch(/you \(joined \d{1,2} [A-Z][a-z]{2}\)/);
  });
});
