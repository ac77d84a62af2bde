// Reports and moderation (docs/decisions/0082-reports-and-moderation.md): a member reports
// content of their own campus once; three different members hide it until a moderator looks; hidden
// content leaves the lists for everyone but its owner and the campus's moderators; moderators hide,
// restore, dismiss and suspend, each with its audit line and the owner's notice; a suspended student
// reads but does not post or buy.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { QueueItem } from "#server/services/moderation/queue.ts";
import { formatIndiaDateTime } from "#common/format.ts";
import { bearer, call, createUser, postJson, unique, type TestUser } from "#test/helpers.ts";
import { read, sendJson } from "#test/hostel-helpers.ts";
import { complaintInB, grant } from "#test/staff-helpers.ts";

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);
const rce = () => createUser({ email: `${unique("r")}@riverside.test` });

function productForm(title: string): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    title,
    description: "Good condition",
    price: "120",
    sellerName: "Seller",
    whatsappNumber: "9876543210",
  }))
    form.set(key, value);
  form.set("image", new File([PNG], "p.png", { type: "image/png" }));
  return form;
}
const upload = (user: TestUser, title = unique("Item ")) =>
  call("/api/product/upload", { method: "POST", headers: bearer(user.token), body: productForm(title) });
async function listProduct(user: TestUser, title = unique("Item ")): Promise<string> {
  const res = await upload(user, title);
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { product: { _id: string } }).product._id;
}
const postRequest = (user: TestUser, title = unique("Request ")) =>
  postJson(
    "/api/studyswap/requests",
    { title, category: "Physics", details: "Two pages on optics.", contact: "poster@campus.test" },
    bearer(user.token),
  );
async function studyRequest(user: TestUser): Promise<string> {
  const res = await postRequest(user);
  if (res.status !== 201) throw new Error(`request: ${res.status}`);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}
const postRoommate = (user: TestUser) =>
  sendJson(
    "POST",
    "/api/hostel/roommates",
    {
      about: "Third-year student, early riser, likes a quiet room.",
      roomType: "double",
      budget: 4000,
      sleepSchedule: "early_bird",
      studyHabits: "silent",
      cleanliness: "tidy",
      whatsapp: "9876501234",
    },
    user.token,
  );
async function roommate(user: TestUser): Promise<string> {
  const res = await postRoommate(user);
  if (res.status !== 201) throw new Error(`roommate: ${res.status} ${await res.text()}`);
  return (await read<{ id: string }>(res)).data.id;
}

type Kind = "listing" | "request" | "roommate" | "complaint";
const make: Record<Kind, (owner: TestUser) => Promise<string>> = {
  listing: listProduct,
  request: studyRequest,
  roommate,
  complaint: (owner) => complaintInB(owner),
};

const report = (user: TestUser, kind: Kind, id: string, reason = "scam", note?: string) =>
  sendJson("POST", "/api/reports", { kind, id, reason, ...(note ? { note } : {}) }, user.token);
const act = (user: TestUser, body: Record<string, unknown>) =>
  sendJson("POST", "/api/moderation/actions", body, user.token);
const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;
const reports = (kind: Kind, id: string) =>
  count("SELECT COUNT(*) AS n FROM content_reports WHERE kind = ?1 AND subject_id = ?2", kind, id);
const table: Record<Kind, string> = {
  listing: "products",
  request: "study_requests",
  roommate: "roommate_listings",
  complaint: "hostel_complaints",
};
const hiddenAt = async (kind: Kind, id: string) =>
  (await env.DB.prepare(`SELECT hidden_at AS h FROM ${table[kind]} WHERE id = ?1`)
    .bind(id)
    .first<{ h: number | null }>())!.h;
const audit = (action: string, id: string) =>
  count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = ?1 AND subject_id = ?2", action, id);
const availableIds = async (user: TestUser) =>
  ((await (await call("/api/product/available", { headers: bearer(user.token) })).json()) as { _id: string }[]).map(
    (p) => p._id,
  );

async function people() {
  const [owner, a, b, c, d, moderator, admin, warden, rceModerator] = await Promise.all([
    createUser({ name: "Owner" }),
    createUser(),
    createUser(),
    createUser(),
    createUser(),
    createUser({ name: "Mod" }),
    createUser({ name: "Admin" }),
    createUser({ name: "Warden" }),
    rce(),
  ]);
  await Promise.all([
    grant(moderator!, "moderator"),
    grant(admin!, "admin"),
    grant(warden!, "warden", "B"),
    grant(rceModerator!, "moderator", null, "rce"),
  ]);
  return {
    owner: owner!,
    a: a!,
    b: b!,
    c: c!,
    d: d!,
    moderator: moderator!,
    admin: admin!,
    warden: warden!,
    rceModerator: rceModerator!,
  };
}

describe("POST /api/reports", () => {
  for (const kind of ["listing", "request", "roommate", "complaint"] as const) {
    it(`${kind}: a member of the campus reports once (a repeat is 200, no second row); the other campus gets 404; the owner 400`, async () => {
      const p = await people();
      const id = await make[kind](p.owner);
      const first = await report(p.a, kind, id, "graded_work", "Asks for the lab record to be written.");
      expect(first.status).toBe(201);
      expect((await read<{ counted: boolean }>(first)).data.counted).toBe(true);
      const again = await report(p.a, kind, id, "offensive");
      expect(again.status).toBe(200);
      expect((await read<{ counted: boolean }>(again)).data.counted).toBe(false);
      expect(await reports(kind, id)).toBe(1);
      // Staff of CIT may report too; a moderator of RCE is a member of another campus: 404.
      expect((await report(p.warden, kind, id)).status).toBe(201);
      expect((await report(p.rceModerator, kind, id)).status).toBe(404);
      expect((await report(p.owner, kind, id)).status).toBe(400);
      expect(await reports(kind, id)).toBe(2);
      expect(await hiddenAt(kind, id)).toBeNull();
    });
  }

  it("refuses bad input with a 4xx and writes nothing; needs a session", async () => {
    const p = await people();
    const id = await listProduct(p.owner);
    for (const body of [
      {},
      { kind: "car", id, reason: "scam" },
      { kind: "listing", id, reason: "rude" },
      { kind: "listing", id: "", reason: "scam" },
      { kind: "listing", id, reason: "scam", note: "x".repeat(2000) },
    ]) {
      expect((await sendJson("POST", "/api/reports", body, p.a.token)).status).toBe(400);
    }
    expect((await report(p.a, "listing", crypto.randomUUID())).status).toBe(404);
    expect((await sendJson("POST", "/api/reports", { kind: "listing", id, reason: "scam" })).status).toBe(401);
    expect(await reports("listing", id)).toBe(0);
  });
});

describe("auto-hide at three different members", () => {
  it("two reports hide nothing; the same member thrice counts once; the third member's report hides it for everyone but its owner and moderators", async () => {
    const p = await people();
    const id = await listProduct(p.owner);
    await report(p.a, "listing", id);
    await report(p.a, "listing", id);
    await report(p.a, "listing", id);
    await report(p.b, "listing", id);
    expect(await hiddenAt("listing", id)).toBeNull();
    expect(await availableIds(p.d)).toContain(id);
    const third = await report(p.c, "listing", id, "scam");
    expect((await read<{ hidden: boolean }>(third)).data.hidden).toBe(true);
    expect(await hiddenAt("listing", id)).not.toBeNull();
    expect(await availableIds(p.d)).not.toContain(id);
    expect((await call("/api/product/available")).status).toBe(200);
    expect(
      ((await (await call("/api/product/available?campus=cit")).json()) as { _id: string }[]).map((x) => x._id),
    ).not.toContain(id);
    expect(await availableIds(p.owner)).toContain(id);
    expect(await availableIds(p.moderator)).toContain(id);
    expect(await availableIds(p.rceModerator)).not.toContain(id);
    // A hidden listing cannot be bought, nor reported further (it does not exist for others).
    expect((await sendJson("PATCH", `/api/product/purchase/${id}`, {}, p.d.token)).status).toBe(404);
    expect((await report(p.d, "listing", id)).status).toBe(404);
    expect(await audit("auto_hide", id)).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ?1 AND kind = 'moderation'", p.owner.userId),
    ).toBe(1);
  });

  for (const kind of ["request", "roommate", "complaint"] as const) {
    it(`${kind}: hidden by three reports leaves the list of another student`, async () => {
      const p = await people();
      const id = await make[kind](p.owner);
      const path = {
        request: "/api/studyswap/requests",
        roommate: "/api/hostel/roommates",
        complaint: "/api/hostel/complaints?view=block",
      }[kind];
      if (kind === "complaint")
        await sendJson("PUT", "/api/hostel/residence", { blockId: "B", room: "102" }, p.d.token);
      const listed = async (user: TestUser) =>
        JSON.stringify(await (await call(path, { headers: bearer(user.token) })).json()).includes(id);
      expect(await listed(p.d)).toBe(true);
      for (const who of [p.a, p.b, p.c]) await report(who, kind, id);
      expect(await hiddenAt(kind, id)).not.toBeNull();
      expect(await listed(p.d)).toBe(false);
    });
  }

  it("race: five simultaneous reports by different members write five rows, hide once, and write one audit line and one notice", async () => {
    const p = await people();
    const id = await listProduct(p.owner);
    const extra = await createUser();
    const answers = await Promise.all([p.a, p.b, p.c, p.d, extra].map((who) => report(who, "listing", id)));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await reports("listing", id)).toBe(5);
    expect(await hiddenAt("listing", id)).not.toBeNull();
    expect(await audit("auto_hide", id)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ?1", p.owner.userId)).toBe(1);
  });
});

describe("the moderation queue and actions", () => {
  it("GET /api/moderation/queue: moderator and admin of the campus see its reports; student and warden 403; RCE's moderator sees none of CIT's", async () => {
    const p = await people();
    const id = await listProduct(p.owner);
    await report(p.a, "listing", id, "scam", "Asked for payment first.");
    const queue = async (who: TestUser) => sendJson("GET", "/api/moderation/queue", undefined, who.token);
    for (const who of [p.a, p.warden]) expect((await queue(who)).status).toBe(403);
    for (const who of [p.moderator, p.admin]) {
      const res = await queue(who);
      expect(res.status).toBe(200);
      const item = (await read<QueueItem[]>(res)).data.find((q) => q.id === id);
      expect(item).toMatchObject({
        kind: "listing",
        reportCount: 1,
        ownerName: "Owner",
        reports: [{ reason: "scam", note: "Asked for payment first." }],
      });
    }
    const other = await queue(p.rceModerator);
    expect(other.status).toBe(200);
    expect((await read<QueueItem[]>(other)).data.some((q) => q.id === id)).toBe(false);
  });

  const roles = [
    ["student", 403],
    ["warden", 403],
    ["rceModerator", 404],
    ["moderator", 200],
    ["admin", 200],
  ] as const;
  for (const [role, status] of roles) {
    it(`POST /api/moderation/actions hide/restore/dismiss/suspend as ${role}: ${status}`, async () => {
      const p = await people();
      const who = role === "student" ? p.a : p[role];
      const id = await listProduct(p.owner);
      await report(p.b, "listing", id);
      const hide = await act(who, { action: "hide", kind: "listing", id, reason: "Selling a copied exam paper." });
      expect(hide.status).toBe(status);
      expect((await hiddenAt("listing", id)) !== null).toBe(status === 200);
      expect(await audit("hide", id)).toBe(status === 200 ? 1 : 0);
      const restore = await act(who, { action: "restore", kind: "listing", id });
      expect(restore.status).toBe(status);
      expect(await hiddenAt("listing", id)).toBeNull();
      expect((await act(who, { action: "dismiss", kind: "listing", id })).status).toBe(status);
      expect(
        (await act(who, { action: "suspend", kind: "listing", id, reason: "Scam listings.", days: 3 })).status,
      ).toBe(status);
      expect(await audit("suspend", id)).toBe(status === 200 ? 1 : 0);
      expect(
        await count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ?1 AND kind = 'moderation'", p.owner.userId),
      ).toBe(status === 200 ? 3 : 0);
    });
  }

  it("hide: the owner's notice carries the reason; the reports are resolved (off the queue); others no longer see it, the owner still does", async () => {
    const p = await people();
    const id = await listProduct(p.owner, "Exam answers for sale");
    await report(p.a, "listing", id, "graded_work");
    expect(
      (await act(p.moderator, { action: "hide", kind: "listing", id, reason: "Selling answers to graded work." }))
        .status,
    ).toBe(200);
    const notice = await env.DB.prepare("SELECT title, text FROM notices WHERE user_id = ?1")
      .bind(p.owner.userId)
      .first<{ title: string; text: string }>();
    expect(notice!.text).toContain("Selling answers to graded work.");
    expect(
      await count("SELECT COUNT(*) AS n FROM content_reports WHERE subject_id = ?1 AND resolved_at IS NULL", id),
    ).toBe(0);
    expect(await availableIds(p.b)).not.toContain(id);
    expect(await availableIds(p.owner)).toContain(id);
    // A dismiss of an auto-hidden item makes it visible again.
    const other = await listProduct(p.owner);
    for (const who of [p.a, p.b, p.c]) await report(who, "listing", other);
    expect(await availableIds(p.d)).not.toContain(other);
    expect((await act(p.admin, { action: "dismiss", kind: "listing", id: other })).status).toBe(200);
    expect(await availableIds(p.d)).toContain(other);
    expect(await audit("dismiss", other)).toBe(1);
  });

  it("refuses bad actions with a 4xx: unknown action, days out of 1..90, no reason, restore of visible content, unknown id", async () => {
    const p = await people();
    const id = await listProduct(p.owner);
    for (const body of [
      { action: "delete", kind: "listing", id },
      { action: "suspend", kind: "listing", id, reason: "x", days: 0 },
      { action: "suspend", kind: "listing", id, reason: "x", days: 91 },
      { action: "hide", kind: "listing", id },
    ]) {
      expect((await act(p.moderator, body)).status).toBe(400);
    }
    expect((await act(p.moderator, { action: "restore", kind: "listing", id })).status).toBe(409);
    expect(
      (await act(p.moderator, { action: "hide", kind: "listing", id: crypto.randomUUID(), reason: "x" })).status,
    ).toBe(404);
    expect(await count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE subject_id = ?1", id)).toBe(0);
  });
});

describe("suspension", () => {
  it("a suspended student reads but cannot post, buy or book; told until when and why; it lifts after its end", async () => {
    const p = await people();
    const theirs = await listProduct(p.owner);
    const forSale = await listProduct(p.a);
    const res = await act(p.moderator, {
      action: "suspend",
      kind: "listing",
      id: theirs,
      reason: "Repeated scam listings",
      days: 7,
    });
    expect(res.status).toBe(200);
    const message =
      /^Your account is suspended until \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m: Repeated scam listings\.$/;
    for (const attempt of [
      upload(p.owner),
      postRequest(p.owner),
      postRoommate(p.owner),
      sendJson("PATCH", `/api/product/purchase/${forSale}`, {}, p.owner.token),
      sendJson(
        "POST",
        "/api/hostel/complaints",
        { category: "electrical", blockId: "B", room: "101", description: "The corridor tube light is out." },
        p.owner.token,
      ),
    ]) {
      const answer = await attempt;
      expect(answer.status).toBe(403);
      expect(((await answer.json()) as { message: string }).message).toMatch(message);
    }
    // Reading still works.
    expect((await call("/api/product/available", { headers: bearer(p.owner.token) })).status).toBe(200);
    // After its end (the clock moved past it), the student posts again.
    await env.DB.prepare("UPDATE users SET suspended_until = ?2 WHERE id = ?1")
      .bind(p.owner.userId, Date.now() - 1)
      .run();
    expect((await upload(p.owner)).status).toBe(201);
  });
});

describe("the screens", () => {
  const post = (path: string, fields: Record<string, string>, cookie: string) =>
    call(path, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const page = async (path: string, user: TestUser) => (await call(path, { headers: { Cookie: user.cookie } })).text();

  it("a product's page: Report works as a form; a moderator's hide from /staff takes it off another student's Browse and shows the owner why", async () => {
    const p = await people();
    const title = unique("Answer key ");
    const id = await listProduct(p.owner, title);
    // Browse's cards carry no report form; the listing's own page does.
    expect(await page("/all-products", p.a)).not.toContain(`Report ${title}`);
    expect(await page(`/product/${id}`, p.a)).toContain(`Report ${title}`);
    const reported = await post(
      `/product/${id}`,
      { intent: "report", kind: "listing", id, reason: "graded_work", note: "Sells answers." },
      p.a.cookie,
    );
    expect(reported.status).toBeLessThan(400);
    expect(await reports("listing", id)).toBe(1);
    expect(await page("/staff", p.moderator)).toContain(title);
    const hidden = await post(
      "/staff",
      { intent: "mod-hide", kind: "listing", id, reason: "Sells answers to graded work." },
      p.moderator.cookie,
    );
    expect(hidden.status).toBeLessThan(400);
    expect(await page("/all-products", p.b)).not.toContain(title);
    const owner = await page("/all-products", p.owner);
    expect(owner).toContain(title);
    expect(owner).toMatch(/Hidden from other students: (<!-- -->)?Sells answers to graded work./);
    expect(await audit("hide", id)).toBe(1);
  });

  it("/staff shows no moderation queue to a warden", async () => {
    const p = await people();
    const id = await listProduct(p.owner, unique("Queue check "));
    await report(p.a, "listing", id);
    expect(await page("/staff", p.warden)).not.toContain("Reported content");
    expect(await page("/staff", p.moderator)).toContain("Reported content");
  });
});

describe("a suspended student is told on every page", () => {
  it("the banner says until when and why, and what they can still do; it goes when the suspension ends", async () => {
    const student = await createUser();
    const until = Date.now() + 3 * 86_400_000;
    await env.DB.prepare("UPDATE users SET suspended_until = ?2, suspension_reason = ?3 WHERE id = ?1")
      .bind(student.userId, until, "Selling a copied lab record")
      .run();
    for (const path of ["/dashboard", "/all-products", "/hostel-complaints", "/notifications"]) {
      const html = await (await call(path, { headers: { Cookie: student.cookie } })).text();
      expect(html, path).toContain(`Your account is suspended until ${formatIndiaDateTime(until)}`);
      expect(html, path).toContain(
        "A moderator gave this reason: Selling a copied lab record. You can read, but not post, buy or book.",
      );
    }
    await env.DB.prepare("UPDATE users SET suspended_until = ?2 WHERE id = ?1")
      .bind(student.userId, Date.now() - 1000)
      .run();
    expect(await (await call("/dashboard", { headers: { Cookie: student.cookie } })).text()).not.toContain(
      "Your account is suspended",
    );
    const other = await createUser();
    expect(await (await call("/dashboard", { headers: { Cookie: other.cookie } })).text()).not.toContain(
      "Your account is suspended",
    );
  });
});

// Third round of hardening: reporting is a gated action, and the automatic hide counts proven members only
// (docs/decisions/0094-reports-by-proven-members.md).
describe("who may report", () => {
  const VERIFY_TO_REPORT = "Verify your college e-mail to report content.";
  const postForm = (path: string, fields: Record<string, string>, cookie: string) =>
    call(path, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
      body: new URLSearchParams(fields),
    });

  it("three never-verified college accounts cannot take a listing down: each report is a 403 verify_email, nothing is stored or hidden", async () => {
    const p = await people();
    const id = await listProduct(p.owner);
    const sybils = await Promise.all([1, 2, 3].map(() => createUser({ verified: false })));
    for (const sybil of sybils) {
      const res = await report(sybil, "listing", id);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ success: false, code: "verify_email", message: VERIFY_TO_REPORT });
    }
    expect(await reports("listing", id)).toBe(0);
    expect(await hiddenAt("listing", id)).toBeNull();
    expect(await availableIds(p.d)).toContain(id);
  });

  it("a suspended member's report is a 403 with the suspension message, and stores nothing", async () => {
    const p = await people();
    const id = await listProduct(p.owner);
    await env.DB.prepare("UPDATE users SET suspended_until = ?2, suspension_reason = 'Spam reports' WHERE id = ?1")
      .bind(p.a.userId, Date.now() + 86_400_000)
      .run();
    const res = await report(p.a, "listing", id);
    expect(res.status).toBe(403);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe("suspended");
    expect(body.message).toMatch(/^Your account is suspended until .+: Spam reports\.$/);
    expect(await reports("listing", id)).toBe(0);
  });

  it("the automatic hide counts verified members only: reports of unproven Open-community accounts reach the queue but hide nothing", async () => {
    const openUser = (verified: boolean) => createUser({ email: `${unique("o")}@open-example.org`, verified });
    const [owner, moderator] = await Promise.all([openUser(true), openUser(true)]);
    await grant(moderator, "moderator", null, "open");
    const id = await listProduct(owner);
    // The Open community has no college mail to verify: its members may report, but three fresh accounts are free.
    const unproven = await Promise.all([openUser(false), openUser(false), openUser(false)]);
    for (const who of unproven) expect((await report(who, "listing", id)).status).toBe(201);
    expect(await reports("listing", id)).toBe(3);
    expect(await hiddenAt("listing", id)).toBeNull();
    const queue = (await read<QueueItem[]>(await sendJson("GET", "/api/moderation/queue", undefined, moderator.token)))
      .data;
    expect(queue.find((q) => q.id === id)?.reportCount).toBe(3);
    // Proven members (Google vouched for their address) count: three of them hide it.
    const proven = await Promise.all([openUser(true), openUser(true), openUser(true)]);
    expect((await read<{ hidden: boolean }>(await report(proven[0]!, "listing", id))).data.hidden).toBe(false);
    expect((await read<{ hidden: boolean }>(await report(proven[1]!, "listing", id))).data.hidden).toBe(false);
    expect((await read<{ hidden: boolean }>(await report(proven[2]!, "listing", id))).data.hidden).toBe(true);
    expect(await audit("auto_hide", id)).toBe(1);
  });

  it("the Report control tells an unverified and a suspended student why, and the page's action refuses them with the same words (no 5xx)", async () => {
    const p = await people();
    const title = unique("Drafter ");
    const id = await listProduct(p.owner, title);
    const unverified = await createUser({ verified: false });
    const suspended = p.b;
    const until = Date.now() + 2 * 86_400_000;
    await env.DB.prepare("UPDATE users SET suspended_until = ?2, suspension_reason = 'Fake reports' WHERE id = ?1")
      .bind(suspended.userId, until)
      .run();
    const suspendedText = `Your account is suspended until ${formatIndiaDateTime(until)}: Fake reports.`;
    for (const [who, text] of [
      [unverified, VERIFY_TO_REPORT],
      [suspended, suspendedText],
    ] as const) {
      const html = await (await call(`/product/${id}`, { headers: { Cookie: who.cookie } })).text();
      expect(html).toContain(`Report ${title}`);
      expect(html).toContain(text);
      const refused = await postForm(
        `/product/${id}.data`,
        { intent: "report", kind: "listing", id, reason: "scam", note: "" },
        who.cookie,
      );
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain(text);
      const noScript = await postForm(
        `/product/${id}`,
        { intent: "report", kind: "listing", id, reason: "scam", note: "" },
        who.cookie,
      );
      expect(noScript.status).toBe(403);
    }
    // A verified member still sees the form, and it works.
    const html = await (await call(`/product/${id}`, { headers: { Cookie: p.a.cookie } })).text();
    expect(html).not.toContain(VERIFY_TO_REPORT);
    expect(
      (
        await postForm(
          `/product/${id}.data`,
          { intent: "report", kind: "listing", id, reason: "scam", note: "" },
          p.a.cookie,
        )
      ).status,
    ).toBe(200);
    expect(await reports("listing", id)).toBe(1);
  });
});

// Third round of hardening: a moderator cannot suspend the campus admin, the last admin is never
// suspended, and a suspension can be lifted early (audited, the student told).
describe("suspending staff, and lifting a suspension", () => {
  /** A campus of its own, so its admins are only the ones a test makes. */
  async function freshCampus(): Promise<{ id: string; user: (name: string) => Promise<TestUser> }> {
    const id = `m${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO campuses (id, name, short_name, created_at) VALUES (?1, ?2, 'TST', 0)").bind(
        id,
        `Test College ${id}`,
      ),
      env.DB.prepare("INSERT INTO campus_domains (domain, campus_id) VALUES (?1, ?2)").bind(`${id}.test`, id),
    ]);
    return { id, user: (name) => createUser({ name, email: `${unique("s")}@${id}.test` }) };
  }
  const suspendedUntil = async (userId: string) =>
    (await env.DB.prepare("SELECT suspended_until AS u FROM users WHERE id = ?1")
      .bind(userId)
      .first<{ u: number | null }>())!.u;
  const suspend = (who: TestUser, listing: string, days = 3) =>
    act(who, { action: "suspend", kind: "listing", id: listing, reason: "Abusive listings.", days });

  it("a moderator cannot suspend the campus admin (403, nothing written); another admin can, but never the last admin who is not suspended", async () => {
    const campus = await freshCampus();
    const [moderator, adminA, adminB] = [
      await campus.user("Mod"),
      await campus.user("Admin A"),
      await campus.user("Admin B"),
    ];
    await Promise.all([
      grant(moderator, "moderator", null, campus.id),
      grant(adminA, "admin", null, campus.id),
      grant(adminB, "admin", null, campus.id),
    ]);
    const [ofA, ofB] = [await listProduct(adminA), await listProduct(adminB)];

    const byModerator = await suspend(moderator, ofA);
    expect(byModerator.status).toBe(403);
    expect((await read(byModerator)).message).toBe("Only a campus admin can suspend a campus admin.");
    expect(await suspendedUntil(adminA.userId)).toBeNull();
    expect(await audit("suspend", ofA)).toBe(0);

    // Admin B suspends admin A: A remains an admin, B is the one admin who is not suspended.
    expect((await suspend(adminB, ofA)).status).toBe(200);
    expect(await suspendedUntil(adminA.userId)).not.toBeNull();
    // The suspended admin A cannot suspend B in turn: a suspended member does no staff work (and the
    // campus would have no admin left).
    const last = await suspend(adminA, ofB);
    expect(last.status).toBe(403);
    expect((await read(last)).message).toMatch(/^Your account is suspended until /);
    expect(await suspendedUntil(adminB.userId)).toBeNull();
    expect(await audit("suspend", ofB)).toBe(0);
    // A moderator still suspends a student.
    const student = await campus.user("Student");
    expect((await suspend(moderator, await listProduct(student))).status).toBe(200);
  });

  it("a suspended moderator does no staff work until the suspension ends or is lifted: the queue and actions answer 403 with the suspension", async () => {
    const campus = await freshCampus();
    const [moderator, admin, student] = [
      await campus.user("Mod"),
      await campus.user("Admin"),
      await campus.user("Student"),
    ];
    await Promise.all([grant(moderator, "moderator", null, campus.id), grant(admin, "admin", null, campus.id)]);
    const [ofModerator, ofStudent] = [await listProduct(moderator), await listProduct(student)];
    expect((await suspend(admin, ofModerator)).status).toBe(200);

    const queue = await call("/api/moderation/queue", { headers: bearer(moderator.token) });
    expect(queue.status).toBe(403);
    expect((await read(queue)).message).toMatch(/^Your account is suspended until .*: Abusive listings\.$/);
    const acting = await suspend(moderator, ofStudent);
    expect(acting.status).toBe(403);
    expect(await suspendedUntil(student.userId)).toBeNull();
    expect(await audit("suspend", ofStudent)).toBe(0);

    expect((await act(admin, { action: "lift", userId: moderator.userId })).status).toBe(200);
    expect((await call("/api/moderation/queue", { headers: bearer(moderator.token) })).status).toBe(200);
  });

  it("lift: a moderator ends a student's suspension early; audited, the student told, posting works again", async () => {
    const p = await people();
    const theirs = await listProduct(p.owner);
    expect((await suspend(p.moderator, theirs, 30)).status).toBe(200);
    expect((await upload(p.owner)).status).toBe(403);
    const lifted = await act(p.moderator, { action: "lift", userId: p.owner.userId, reason: "Appeal accepted." });
    expect(lifted.status).toBe(200);
    expect((await read(lifted)).message).toBe("The suspension is lifted. The student is told.");
    expect(await suspendedUntil(p.owner.userId)).toBeNull();
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'lift_suspension' AND subject_id = ?1 AND actor_id = ?2 AND note = 'Appeal accepted.'",
        p.owner.userId,
        p.moderator.userId,
      ),
    ).toBe(1);
    const notice = await env.DB.prepare(
      "SELECT title, text FROM notices WHERE user_id = ?1 AND kind = 'moderation' ORDER BY created_at DESC LIMIT 1",
    )
      .bind(p.owner.userId)
      .first<{ title: string; text: string }>();
    expect(notice).toMatchObject({ title: "Your suspension is lifted" });
    expect(notice!.text).toContain("Appeal accepted.");
    expect((await upload(p.owner)).status).toBe(201);
    // Nothing to lift now: 409, no second audit line.
    expect((await act(p.moderator, { action: "lift", userId: p.owner.userId })).status).toBe(409);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'lift_suspension' AND subject_id = ?1",
        p.owner.userId,
      ),
    ).toBe(1);
  });

  it("lift: who may (a student or warden 403, another campus's moderator 404, a moderator cannot lift an admin's suspension), bad input 400", async () => {
    const p = await people();
    await env.DB.prepare("UPDATE users SET suspended_until = ?2, suspension_reason = 'x' WHERE id = ?1")
      .bind(p.owner.userId, Date.now() + 86_400_000)
      .run();
    expect((await act(p.a, { action: "lift", userId: p.owner.userId })).status).toBe(403);
    expect((await act(p.warden, { action: "lift", userId: p.owner.userId })).status).toBe(403);
    expect((await act(p.rceModerator, { action: "lift", userId: p.owner.userId })).status).toBe(404);
    for (const body of [
      { action: "lift" },
      { action: "lift", userId: "" },
      { action: "lift", userId: p.owner.userId, reason: "x".repeat(400) },
    ])
      expect((await act(p.moderator, body)).status).toBe(400);
    expect(await suspendedUntil(p.owner.userId)).not.toBeNull();
    await env.DB.prepare("UPDATE users SET suspended_until = ?2, suspension_reason = 'x' WHERE id = ?1")
      .bind(p.admin.userId, Date.now() + 86_400_000)
      .run();
    const onAdmin = await act(p.moderator, { action: "lift", userId: p.admin.userId });
    expect(onAdmin.status).toBe(403);
    expect(await suspendedUntil(p.admin.userId)).not.toBeNull();
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'lift_suspension' AND subject_id IN (?1, ?2)",
        p.owner.userId,
        p.admin.userId,
      ),
    ).toBe(0);
  });

  it("/staff lists the campus's suspended students with a Lift form that works without JavaScript; GET /api/moderation/suspensions lists them", async () => {
    const p = await people();
    const name = unique("Suspended ");
    const student = await createUser({ name });
    const until = Date.now() + 5 * 86_400_000;
    await env.DB.prepare("UPDATE users SET suspended_until = ?2, suspension_reason = 'Scam listings' WHERE id = ?1")
      .bind(student.userId, until)
      .run();
    const html = await (await call("/staff", { headers: { Cookie: p.moderator.cookie } })).text();
    expect(html).toContain("Suspended students");
    expect(html).toContain(name);
    expect(html).toContain("Scam listings");
    expect(html).toContain(`value="${student.userId}"`);
    const list = await sendJson("GET", "/api/moderation/suspensions", undefined, p.moderator.token);
    expect(list.status).toBe(200);
    expect((await read<{ userId: string; name: string; until: number; reason: string }[]>(list)).data).toContainEqual({
      userId: student.userId,
      name,
      until,
      reason: "Scam listings",
    });
    expect((await sendJson("GET", "/api/moderation/suspensions", undefined, p.a.token)).status).toBe(403);
    const rce = await read<{ userId: string }[]>(
      await sendJson("GET", "/api/moderation/suspensions", undefined, p.rceModerator.token),
    );
    expect(rce.data.some((s) => s.userId === student.userId)).toBe(false);

    const lifted = await call("/staff", {
      method: "POST",
      headers: {
        Cookie: p.moderator.cookie,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost",
      },
      body: new URLSearchParams({ intent: "mod-lift", userId: student.userId, reason: "" }),
    });
    expect(lifted.status).toBe(200);
    expect(await suspendedUntil(student.userId)).toBeNull();
    expect(await (await call("/staff", { headers: { Cookie: p.moderator.cookie } })).text()).not.toContain(name);
  });
});
