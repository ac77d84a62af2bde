// Who is asked before what: every staff, admin, curator and class-rep route asks whether the caller
// may before it reads the body or the query (requireRole, worker/api/context.ts), so a student
// learns nothing of a staff form's rules from a 400. Walks the Hono route table: a route that needs
// a session either declares its role guard or is listed below as open to any member, so a new staff
// route without the guard fails here.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "#server/api/app.ts";
import { AUTH_GUARDS, ROLE_GUARDS } from "#server/api/context.ts";
import { call, createUser, ORIGIN, type TestUser } from "#test/helpers.ts";
import { sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { newClass } from "#test/timetable-helpers.ts";

/**
 * The routes that need a session and that any member may call (their use-cases decide on the
 * member's own records). Every other route with requireAuth must declare requireRole.
 */
const MEMBER_ROUTES = new Set([
  "POST /api/auth/logout",
  "POST /api/auth/logout-all",
  "GET /api/auth/me",
  "GET /api/library/mine",
  "POST /api/auth/verify",
  "POST /api/auth/verify/resend",
  "GET /api/auth/sessions",
  "DELETE /api/auth/sessions/:id",
  "POST /api/auth/password",
  "POST /api/auth/email-change",
  "POST /api/auth/email-change/confirm",
  "PUT /api/auth/whatsapp",
  "PUT /api/auth/name",
  "GET /api/auth/account/export",
  "POST /api/auth/account/deletion-code",
  "DELETE /api/auth/account",
  "GET /api/google/notifications",
  "POST /api/google/notifications/enable",
  "POST /api/google/notifications/disable",
  "POST /api/product/upload",
  "GET /api/product/saved",
  "GET /api/product/purchased",
  "GET /api/product/mysells",
  "PATCH /api/product/purchase/:id",
  "POST /api/product/:id/handover",
  "POST /api/product/:id/decline",
  "POST /api/product/:id/cancel",
  "POST /api/product/:id/rating",
  "POST /api/product/:id/renew",
  "PUT /api/product/:id/save",
  "DELETE /api/product/:id/save",
  "PATCH /api/product/:id",
  "DELETE /api/product/:id",
  "POST /api/product/:id/messages",
  "GET /api/messages",
  "GET /api/messages/:conversationId",
  "GET /api/messages/:conversationId/socket",
  "POST /api/messages/:conversationId",
  "POST /api/messages/:conversationId/offers",
  "POST /api/messages/offers/:offerId",
  "DELETE /api/messages/offers/:offerId",
  "PUT /api/messages/:conversationId/meetup",
  "POST /api/messages/:conversationId/meetup/agree",
  "POST /api/messages/:conversationId/contact",
  "PUT /api/messages/:conversationId/block",
  "POST /api/messages/:conversationId/report",
  "GET /api/seller/:id",
  "GET /api/wanted",
  "POST /api/wanted",
  "DELETE /api/wanted/:id",
  // A club's lead or the campus admin publishes and changes its events: the use-case reads the club's leads.
  "POST /api/events",
  "PATCH /api/events/:id",
  "DELETE /api/events/:id",
  "PUT /api/events/:id/going",
  "DELETE /api/events/:id/going",
  "GET /api/clubs",
  "GET /api/clubs/:id/logo",
  "PUT /api/clubs/:id/follow",
  "DELETE /api/clubs/:id/follow",
  "PUT /api/push/event-reminders",
  "GET /api/lost-found",
  "POST /api/lost-found",
  "POST /api/lost-found/claims/:id",
  "POST /api/lost-found/claims/:id/handover",
  "GET /api/lost-found/:id",
  "GET /api/lost-found/:id/photos/:n",
  "PATCH /api/lost-found/:id",
  "DELETE /api/lost-found/:id",
  "POST /api/lost-found/:id/claims",
  "POST /api/lost-found/:id/returned",
  "GET /api/studyswap/writers/me",
  "PUT /api/studyswap/writers/me",
  "DELETE /api/studyswap/writers/me",
  "GET /api/studyswap/requests",
  "GET /api/studyswap/requests/mine",
  "POST /api/studyswap/requests",
  "POST /api/studyswap/requests/:id/close",
  "DELETE /api/studyswap/requests/:id",
  "GET /api/studyswap/requests/:id/attachment",
  "GET /api/hostel/residence",
  "PUT /api/hostel/residence",
  "POST /api/hostel/block-moves/mine/cancel",
  // Its students' view or the warden's: the use-case decides by the view asked for.
  "GET /api/hostel/complaints",
  "POST /api/hostel/complaints",
  "GET /api/hostel/complaints/:id/photo",
  "POST /api/hostel/complaints/:id/me-too",
  "PATCH /api/hostel/complaints/:id",
  // The block's warden, or the student who filed it (resolve or withdraw their own).
  "PATCH /api/hostel/complaints/:id/status",
  "GET /api/hostel/roommates",
  "GET /api/hostel/roommates/mine",
  "POST /api/hostel/roommates",
  "PUT /api/hostel/roommates/:id",
  "DELETE /api/hostel/roommates/:id",
  "POST /api/hostel/mess/ratings",
  "GET /api/hostel/laundry/bookings",
  "POST /api/hostel/laundry/bookings",
  "POST /api/hostel/laundry/bookings/:id/cancel",
  // Anyone contributes; a curator's contribution is approved at once (the use-case reads the role).
  "POST /api/library/items",
  // The uploader's own item.
  "DELETE /api/library/items/:id",
  "PUT /api/library/items/:id/helpful",
  "DELETE /api/library/items/:id/helpful",
  "GET /api/notifications",
  "POST /api/notifications/read",
  "POST /api/push/subscribe",
  "DELETE /api/push/subscribe",
  "GET /api/push/settings",
  "PUT /api/push/settings",
  "PUT /api/push/digest",
  "PUT /api/push/class-reminders",
  "GET /api/timetable",
  "GET /api/timetable/class",
  "PUT /api/timetable/class",
  // Every member picks a class from it; it says which a keeper keeps.
  "GET /api/timetable/classes",
  "GET /api/timetable/classes/:id",
  "POST /api/timetable/personal",
  "DELETE /api/timetable/personal/:id",
  "PUT /api/timetable/hidden/:id",
  "DELETE /api/timetable/hidden/:id",
  "GET /api/attendance",
  // A student's own datesheet and the subjects they sit outside their class.
  "GET /api/exams",
  "PUT /api/exams/subjects/:subjectId",
  "DELETE /api/exams/subjects/:subjectId",
  "PUT /api/attendance/:date/:periodId",
  "PUT /api/attendance/baselines/:subjectId",
  "DELETE /api/attendance/baselines/:subjectId",
  // A student's own grades: every member keeps theirs, and reads nobody else's.
  "GET /api/grades",
  "PUT /api/grades/:subjectId",
  "DELETE /api/grades/:subjectId",
  "POST /api/reports",
]);

interface Route {
  method: string;
  path: string;
  auth: boolean;
  /** What the route's role guard asks for; null: none. */
  needs: readonly string[] | null;
  /** The guard comes after requireAuth in the route's handlers. */
  guardAfterAuth: boolean;
}

function routeTable(): Route[] {
  const byKey = new Map<string, Route & { authAt: number; guardAt: number; at: number }>();
  for (const route of api.routes) {
    if (route.method === "ALL") continue;
    const key = `${route.method} ${route.path}`;
    const entry = byKey.get(key) ?? {
      method: route.method,
      path: route.path,
      auth: false,
      needs: null,
      guardAfterAuth: false,
      authAt: -1,
      guardAt: -1,
      at: 0,
    };
    entry.at += 1;
    if (AUTH_GUARDS.has(route.handler)) {
      entry.auth = true;
      entry.authAt = entry.at;
    }
    const needs = ROLE_GUARDS.get(route.handler);
    if (needs) {
      entry.needs = needs;
      entry.guardAt = entry.at;
    }
    entry.guardAfterAuth = entry.authAt > 0 && entry.guardAt > entry.authAt;
    byKey.set(key, entry);
  }
  return [...byKey.values()].map(({ method, path, auth, needs, guardAfterAuth }) => ({
    method,
    path,
    auth,
    needs,
    guardAfterAuth,
  }));
}

const ROUTES = routeTable();
const GUARDED = ROUTES.filter((r) => r.needs);

describe("the route table: every route that needs a session says who may call it", () => {
  it("each is guarded by a role (requireRole after requireAuth) or listed as open to any member", () => {
    expect(GUARDED.length).toBeGreaterThan(40);
    const undeclared = ROUTES.filter((r) => r.auth && !r.needs && !MEMBER_ROUTES.has(`${r.method} ${r.path}`)).map(
      (r) => `${r.method} ${r.path}`,
    );
    // A new route here: add requireRole(...) beside requireAuth, or list it in MEMBER_ROUTES if any member may call it.
    expect(undeclared).toEqual([]);
    expect(GUARDED.filter((r) => !r.guardAfterAuth).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    // The list names real routes, none of them guarded, and none under the admin's or moderators' paths.
    const known = new Map(ROUTES.map((r) => [`${r.method} ${r.path}`, r]));
    expect([...MEMBER_ROUTES].filter((key) => !known.get(key)?.auth || known.get(key)?.needs)).toEqual([]);
    expect([...MEMBER_ROUTES].filter((key) => / \/api\/(admin|moderation)\//.test(key))).toEqual([]);
  });

  it("every route under /api/admin and /api/moderation is guarded", () => {
    const open = ROUTES.filter((r) => /^\/api\/(admin|moderation)\//.test(r.path) && !r.needs);
    expect(open.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});

describe("a member without the role is refused before the body is read", () => {
  let student: TestUser;
  beforeAll(async () => {
    student = await createUser({ name: "Plain Student" });
  });

  it("every guarded route answers a plain student 403 (or 404: no such move of theirs), never the 400 of its field rules, for any body; nothing is written", async () => {
    const before = await count("SELECT COUNT(*) AS n FROM staff_audit_log");
    const answers: string[] = [];
    for (const route of GUARDED) {
      const path = route.path.replace(/:(\w+)/g, "x");
      for (const body of [{}, { name: "", shortName: "x".repeat(40), id: "!", weekday: 9 }, "not json"]) {
        const res = await call(`${path}?format=nonsense&action=${"x".repeat(300)}`, {
          method: route.method,
          headers: { Authorization: `Bearer ${student.token}`, "Content-Type": "application/json" },
          ...(route.method === "GET" ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
        });
        const answer = (await res.json()) as { message: string; code?: string; fields?: unknown };
        // 403, or the 404 of a resource-aware refusal (a block move not of the member's campus).
        const refused = (res.status === 403 && answer.code === "staff_only") || res.status === 404;
        if (!refused || answer.fields) answers.push(`${route.method} ${route.path}: ${res.status} ${answer.message}`);
      }
    }
    expect(answers).toEqual([]);
    expect(await count("SELECT COUNT(*) AS n FROM staff_audit_log")).toBe(before);
  });

  it("the three of the finding: a student's invalid body to the college, a block and a period is a 403 that says who may", async () => {
    for (const [method, path, body] of [
      ["PUT", "/api/admin/campus", { name: "", shortName: "x".repeat(40) }],
      ["POST", "/api/admin/campus/blocks", { id: "!!", name: "" }],
      ["POST", "/api/timetable/periods", { classId: "", weekday: 12, startsAt: "25:99" }],
    ] as const) {
      const res = await sendJson(method, path, body, student.token);
      expect(res.status, path).toBe(403);
      const answer = (await res.json()) as { message: string; fields?: unknown };
      expect(answer.fields, path).toBeUndefined();
      expect(answer.message, path).toMatch(/^Only /);
    }
  });

  it("a suspended admin is told of the suspension before the body is read", async () => {
    const admin = await createUser({ name: "Suspended Admin" });
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO staff_roles (id, user_id, campus_id, role, block_id, granted_by, granted_at) VALUES (?1, ?2, 'cit', 'admin', NULL, NULL, 0)",
      ).bind(crypto.randomUUID(), admin.userId),
      env.DB.prepare("UPDATE users SET suspended_until = ?1, suspension_reason = 'Spam' WHERE id = ?2").bind(
        Date.now() + 86_400_000,
        admin.userId,
      ),
    ]);
    const res = await sendJson("PUT", "/api/admin/campus", { name: "" }, admin.token);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe("suspended");
  });

  it("those who hold the role still get the field rules: a class rep's invalid period is a 400; a rep may not add a class", async () => {
    const { id: classId } = await newClass();
    const rep = await createUser({ name: "Class Rep" });
    await env.DB.prepare(
      "INSERT INTO timetable_reps (class_id, user_id, granted_by, granted_at) VALUES (?1, ?2, NULL, 0)",
    )
      .bind(classId, rep.userId)
      .run();
    const bad = await sendJson("POST", "/api/timetable/periods", { classId, weekday: 12 }, rep.token);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields?: Record<string, string> }).fields).toHaveProperty("weekday");
    const cls = await sendJson("POST", "/api/timetable/classes", { semesterId: "" }, rep.token);
    expect(cls.status).toBe(403);
  });
});

describe("the pages' staff forms ask the same question first", () => {
  it("a student's invalid post to each staff, admin and class-keeper form gets the page's 403, never the form's field rules; nothing is written", async () => {
    const student = await createUser({ name: "Form Student" });
    const { id: classId } = await newClass();
    const before = await count("SELECT COUNT(*) AS n FROM staff_audit_log");
    const posts: [string, Record<string, string>][] = [
      ["/admin/setup/college", { intent: "college", name: "", shortName: "x".repeat(40) }],
      ["/admin/setup/blocks", { intent: "add", id: "!!", name: "" }],
      ["/admin/setup/mess", { intent: "add", name: "", startsAt: "99:99" }],
      ["/admin/setup/laundry", { intent: "add", startsAt: "", capacity: "-1" }],
      ["/admin/setup/meetup-places", { intent: "add", name: "" }],
      ["/admin/setup/timetable", { intent: "holiday", date: "not a date", name: "" }],
      ["/admin/setup/academics", { intent: "import" }],
      ["/admin/setup/grades", { intent: "add", letter: "!!", points: "11" }],
      ["/admin", { intent: "grant", email: "not an address", role: "king" }],
      ["/staff", { intent: "mod-suspend", kind: "nothing", id: "", days: "-4" }],
      ["/staff", { intent: "laundry.capacity", slotId: "x", capacity: "-1" }],
      ["/staff/conversations/x", { intent: "resolve" }],
      [`/timetable/class/${classId}/edit`, { intent: "add", weekday: "12", startsAt: "25:00" }],
    ];
    const answers: string[] = [];
    for (const [path, fields] of posts) {
      const res = await call(path, {
        method: "POST",
        headers: { Cookie: student.cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
      const html = await res.text();
      if (res.status !== 403 || /"fields"/.test(html)) answers.push(`${path} ${fields.intent}: ${res.status}`);
    }
    expect(answers).toEqual([]);
    expect(await count("SELECT COUNT(*) AS n FROM staff_audit_log")).toBe(before);
  });
});
