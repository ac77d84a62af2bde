// The campus admin's roles and audit log (/admin, /api/admin/*). Table-driven over each
// role x own and other campus; grants and removals write their audit line and notice in the same
// batch; a campus keeps one admin even when two remove each other at once.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, type TestUser } from "#test/helpers.ts";
import { get, read, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { cast, grant, type Who } from "#test/staff-helpers.ts";
import { tripsOf } from "#test/staff-trips.ts";
import type { AuditPage, RoleHolder } from "#server/services/admin/roles.ts";

const roleRows = (userId: string, campusId = "cit") =>
  count("SELECT COUNT(*) AS n FROM staff_roles WHERE user_id = ? AND campus_id = ?", userId, campusId);
const auditAbout = (userId: string, action: string) =>
  count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE subject_id = ? AND action = ?", userId, action);
const noticesOf = (userId: string) =>
  count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ? AND kind = 'role'", userId);
const roleIdOf = async (userId: string, role: string) =>
  (await env.DB.prepare("SELECT id FROM staff_roles WHERE user_id = ?1 AND role = ?2")
    .bind(userId, role)
    .first<{ id: string }>())!.id;

/** A campus of its own (its own domain), so "the last admin" is not shared with other tests. */
async function freshCampus(): Promise<{ id: string; domain: string }> {
  const id = `t${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO campuses (id, name, short_name, created_at) VALUES (?1, ?2, 'TST', 0)").bind(
      id,
      `Test College ${id}`,
    ),
    env.DB.prepare("INSERT INTO campus_domains (domain, campus_id) VALUES (?1, ?2)").bind(`${id}.test`, id),
  ]);
  return { id, domain: `${id}.test` };
}

describe("each role x each admin endpoint", () => {
  // GET /api/admin/roles and /api/admin/audit; POST a warden role for a CIT member; DELETE a CIT role.
  const expected: Record<Who, { list: number; grant: number; revoke: number }> = {
    owner: { list: 403, grant: 403, revoke: 403 },
    student: { list: 403, grant: 403, revoke: 403 },
    wardenOfBlock: { list: 403, grant: 403, revoke: 403 },
    wardenOfOtherBlock: { list: 403, grant: 403, revoke: 403 },
    moderator: { list: 403, grant: 403, revoke: 403 },
    // Another campus's admin is an admin of theirs only: CIT's member and CIT's role are not found there.
    staffOfOtherCampus: { list: 403, grant: 403, revoke: 403 },
    adminOfOtherCampus: { list: 200, grant: 404, revoke: 404 },
    admin: { list: 200, grant: 201, revoke: 200 },
  };
  for (const [who, want] of Object.entries(expected) as [Who, (typeof expected)[Who]][]) {
    it(`${who}: list ${want.list}, grant ${want.grant}, revoke ${want.revoke}`, async () => {
      const people = await cast();
      const member = await createUser({ name: "New Warden" });
      const moderatorRole = await roleIdOf(people.moderator.userId, "moderator");
      const token = people[who].token;

      const roles = await get("/api/admin/roles", token);
      expect(roles.status).toBe(want.list);
      const audit = await get("/api/admin/audit", token);
      expect(audit.status).toBe(want.list);
      if (want.list === 200) {
        const { data } = await read<RoleHolder[]>(roles);
        // Each admin sees the roles of their own campus only.
        const campus = who === "admin" ? "cit" : "rce";
        const ownCampusRoles = await count(
          "SELECT COUNT(*) AS n FROM staff_roles r JOIN users u ON u.id = r.user_id WHERE r.campus_id = ? AND u.deleted_at IS NULL",
          campus,
        );
        expect(data).toHaveLength(ownCampusRoles);
        expect(data.some((r) => r.userId === people.moderator.userId)).toBe(who === "admin");
      }

      const granted = await sendJson(
        "POST",
        "/api/admin/roles",
        { email: member.email, role: "warden", blockId: "B" },
        token,
      );
      const grantBody = await read(granted);
      expect(granted.status, grantBody.message).toBe(want.grant);
      expect(await roleRows(member.userId)).toBe(want.grant === 201 ? 1 : 0);
      expect(await auditAbout(member.userId, "role.grant")).toBe(want.grant === 201 ? 1 : 0);
      expect(await noticesOf(member.userId)).toBe(want.grant === 201 ? 1 : 0);
      if (want.grant === 404)
        expect(grantBody.message).toBe("No verified member of Riverside College of Engineering has that address.");

      const revoked = await call(`/api/admin/roles/${moderatorRole}`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(revoked.status).toBe(want.revoke);
      expect(await roleRows(people.moderator.userId)).toBe(want.revoke === 200 ? 0 : 1);
      expect(await auditAbout(people.moderator.userId, "role.revoke")).toBe(want.revoke === 200 ? 1 : 0);
      expect(await noticesOf(people.moderator.userId)).toBe(want.revoke === 200 ? 1 : 0);
    });
  }

  it("signed out: 401 on every admin endpoint", async () => {
    expect((await get("/api/admin/roles")).status).toBe(401);
    expect((await get("/api/admin/audit")).status).toBe(401);
    expect((await sendJson("POST", "/api/admin/roles", { email: "a@campus.test", role: "mess" })).status).toBe(401);
    expect((await call("/api/admin/roles/x", { method: "DELETE" })).status).toBe(401);
  });
});

describe("granting a role", () => {
  it("the new warden can act on their block at once and is told", async () => {
    const { admin } = await cast();
    const member = await createUser({ name: "Priya Warden" });
    const res = await sendJson(
      "POST",
      "/api/admin/roles",
      { email: member.email.toUpperCase(), role: "warden", blockId: "C" },
      admin.token,
    );
    const body = await read<RoleHolder>(res);
    expect(res.status, body.message).toBe(201);
    expect(body.message).toBe("Priya Warden is now warden of Block C (Charaka).");
    expect(body.data).toMatchObject({ userId: member.userId, role: "warden", blockId: "C" });
    const notice = await env.DB.prepare("SELECT title, link FROM notices WHERE user_id = ?1")
      .bind(member.userId)
      .first<{ title: string; link: string }>();
    expect(notice).toEqual({ title: "You are now warden of Block C (Charaka)", link: "/staff" });
    const line = await env.DB.prepare("SELECT actor_id AS actorId, note FROM staff_audit_log WHERE subject_id = ?1")
      .bind(member.userId)
      .first();
    expect(line).toEqual({ actorId: admin.userId, note: "warden of Block C (Charaka)" });
    const staffPage = await call("/staff", { headers: { Cookie: member.cookie } });
    expect(staffPage.status).toBe(200);
  });

  it("holding it already: 409, nothing written twice", async () => {
    const { admin } = await cast();
    const member = await createUser();
    expect(
      (await sendJson("POST", "/api/admin/roles", { email: member.email, role: "moderator" }, admin.token)).status,
    ).toBe(201);
    const again = await sendJson("POST", "/api/admin/roles", { email: member.email, role: "moderator" }, admin.token);
    expect(again.status).toBe(409);
    expect((await read(again)).message).toMatch(/already moderator/);
    expect(await roleRows(member.userId)).toBe(1);
    expect(await auditAbout(member.userId, "role.grant")).toBe(1);
    expect(await noticesOf(member.userId)).toBe(1);
  });

  it("an unknown address, an unverified member and a member of another campus get the same answer", async () => {
    const { admin } = await cast();
    const unverified = await createUser({ verified: false });
    const elsewhere = await createUser({ email: `x-${crypto.randomUUID()}@riverside.test` });
    for (const email of ["nobody-here@campus.test", unverified.email, elsewhere.email]) {
      const res = await sendJson("POST", "/api/admin/roles", { email, role: "mess" }, admin.token);
      expect(res.status).toBe(404);
      expect((await read(res)).message).toBe("No verified member of Campus Institute of Technology has that address.");
    }
    expect(await roleRows(unverified.userId)).toBe(0);
    expect(await roleRows(elsewhere.userId, "rce")).toBe(0);
  });

  it("bad input: 400 with what to fix, nothing written", async () => {
    const { admin } = await cast();
    const member = await createUser();
    const cases: [unknown, RegExp][] = [
      [{ email: member.email, role: "warden" }, /choose one of A, B, C, D/],
      [{ email: member.email, role: "warden", blockId: "rce-1" }, /choose one of A, B, C, D/],
      [{ email: member.email, role: "mess", blockId: "A" }, /for wardens only/],
      [{ email: member.email, role: "dean" }, /Choose a role/],
      [{ email: "not-an-address", role: "mess" }, /valid e-mail/],
      [{ role: "mess" }, /e-mail/],
    ];
    for (const [body, message] of cases) {
      const res = await sendJson("POST", "/api/admin/roles", body, admin.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await read(res)).message).toMatch(message);
    }
    expect(await roleRows(member.userId)).toBe(0);
  });
});

describe("removing a role", () => {
  it("a campus keeps its last admin: removing it is refused with what to do instead", async () => {
    const campus = await freshCampus();
    const only = await createUser({ email: `only-${crypto.randomUUID()}@${campus.domain}` });
    await grant(only, "admin", null, campus.id);
    const res = await call(`/api/admin/roles/${await roleIdOf(only.userId, "admin")}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${only.token}` },
    });
    expect(res.status).toBe(409);
    expect((await read(res)).message).toBe(
      "A campus keeps at least one admin: grant the admin role to someone else first.",
    );
    expect(await roleRows(only.userId, campus.id)).toBe(1);
    expect(await auditAbout(only.userId, "role.revoke")).toBe(0);
  });

  it("two admins removing each other at once: one removal wins, one admin remains, one audit line and one notice", async () => {
    for (let round = 0; round < 5; round++) {
      const campus = await freshCampus();
      const [a, b] = (await Promise.all([
        createUser({ email: `a-${crypto.randomUUID()}@${campus.domain}` }),
        createUser({ email: `b-${crypto.randomUUID()}@${campus.domain}` }),
      ])) as [TestUser, TestUser];
      await grant(a, "admin", null, campus.id);
      await grant(b, "admin", null, campus.id);
      const [aRole, bRole] = [await roleIdOf(a.userId, "admin"), await roleIdOf(b.userId, "admin")];
      const statuses = (
        await Promise.all([
          call(`/api/admin/roles/${bRole}`, { method: "DELETE", headers: { Authorization: `Bearer ${a.token}` } }),
          call(`/api/admin/roles/${aRole}`, { method: "DELETE", headers: { Authorization: `Bearer ${b.token}` } }),
        ])
      ).map((r) => r.status);
      // The loser is refused before its batch (403: no longer an admin) or inside it (409: the last admin).
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 403 || s === 409)).toHaveLength(1);
      expect(
        await count("SELECT COUNT(*) AS n FROM staff_roles WHERE campus_id = ? AND role = 'admin'", campus.id),
      ).toBe(1);
      expect(
        await count(
          "SELECT COUNT(*) AS n FROM staff_audit_log WHERE campus_id = ? AND action = 'role.revoke'",
          campus.id,
        ),
      ).toBe(1);
      expect((await noticesOf(a.userId)) + (await noticesOf(b.userId))).toBe(1);
    }
  });

  it("an admin may step down while another admin remains; a role already removed is a 404", async () => {
    const campus = await freshCampus();
    const [a, b] = (await Promise.all([
      createUser({ email: `a-${crypto.randomUUID()}@${campus.domain}` }),
      createUser({ email: `b-${crypto.randomUUID()}@${campus.domain}` }),
    ])) as [TestUser, TestUser];
    await grant(a, "admin", null, campus.id);
    await grant(b, "admin", null, campus.id);
    const aRole = await roleIdOf(a.userId, "admin");
    expect(
      (await call(`/api/admin/roles/${aRole}`, { method: "DELETE", headers: { Authorization: `Bearer ${a.token}` } }))
        .status,
    ).toBe(200);
    expect(
      (await call(`/api/admin/roles/${aRole}`, { method: "DELETE", headers: { Authorization: `Bearer ${b.token}` } }))
        .status,
    ).toBe(404);
    expect(await auditAbout(a.userId, "role.revoke")).toBe(1);
  });
});

// Third round of hardening: the guard "a campus keeps one admin" covers deleting the account too.
describe("deleting an admin's account", () => {
  const deleteAccount = (user: TestUser) =>
    sendJson("DELETE", "/api/auth/account", { password: user.password }, user.token);
  const deleted = (userId: string) =>
    count("SELECT COUNT(*) AS n FROM users WHERE id = ? AND deleted_at IS NOT NULL", userId);

  it("the only admin of a campus cannot delete their account: 409 saying to hand the role on first; nothing is deleted", async () => {
    const campus = await freshCampus();
    const only = await createUser({ email: `only-${crypto.randomUUID()}@${campus.domain}` });
    await grant(only, "admin", null, campus.id);
    const res = await deleteAccount(only);
    expect(res.status).toBe(409);
    expect((await read(res)).message).toBe(
      `You are the only admin of Test College ${campus.id}: give the admin role to another member on the admin page first (or ask a Campus operator to), then delete your account.`,
    );
    expect(await deleted(only.userId)).toBe(0);
    expect(await roleRows(only.userId, campus.id)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", only.userId)).toBe(1);
    expect((await get("/api/auth/me", only.token)).status).toBe(200);
    // The page's form says the same, without a 5xx.
    const page = await call("/account", {
      method: "POST",
      headers: { Cookie: only.cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
      body: new URLSearchParams({ intent: "delete-account", password: only.password }),
    });
    expect(page.status).toBe(409);
    expect(await page.text()).toContain(`You are the only admin of Test College ${campus.id}`);
  });

  it("with another admin, an admin may delete their account", async () => {
    const campus = await freshCampus();
    const [a, b] = (await Promise.all([
      createUser({ email: `a-${crypto.randomUUID()}@${campus.domain}` }),
      createUser({ email: `b-${crypto.randomUUID()}@${campus.domain}` }),
    ])) as [TestUser, TestUser];
    await grant(a, "admin", null, campus.id);
    await grant(b, "admin", null, campus.id);
    expect((await deleteAccount(a)).status).toBe(200);
    expect(await deleted(a.userId)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM staff_roles WHERE campus_id = ? AND role = 'admin'", campus.id)).toBe(
      1,
    );
  });

  it("race: the two admins of a campus delete their accounts at once: one account goes, one admin remains (rows counted)", async () => {
    for (let round = 0; round < 5; round++) {
      const campus = await freshCampus();
      const [a, b] = (await Promise.all([
        createUser({ email: `a-${crypto.randomUUID()}@${campus.domain}` }),
        createUser({ email: `b-${crypto.randomUUID()}@${campus.domain}` }),
      ])) as [TestUser, TestUser];
      await grant(a, "admin", null, campus.id);
      await grant(b, "admin", null, campus.id);
      const statuses = (await Promise.all([deleteAccount(a), deleteAccount(b)])).map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      expect(
        await count(
          "SELECT COUNT(*) AS n FROM staff_roles r JOIN users u ON u.id = r.user_id WHERE r.campus_id = ? AND r.role = 'admin' AND u.deleted_at IS NULL",
          campus.id,
        ),
      ).toBe(1);
      expect((await deleted(a.userId)) + (await deleted(b.userId))).toBe(1);
    }
  });
});

describe("the audit log reader", () => {
  it("newest first, 50 a page, the next page by keyset; filters by action and actor; another campus's lines never", async () => {
    const campus = await freshCampus();
    const admin = await createUser({ name: "Log Reader", email: `r-${crypto.randomUUID()}@${campus.domain}` });
    await grant(admin, "admin", null, campus.id);
    const statements = Array.from({ length: 60 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO staff_audit_log (id, campus_id, actor_id, action, subject_kind, subject_id, note, created_at) VALUES (?1, ?2, ?3, ?4, 'complaint', ?5, ?6, ?7)",
      ).bind(
        `line-${campus.id}-${String(i).padStart(2, "0")}`,
        campus.id,
        i % 2 === 0 ? admin.userId : null,
        i % 3 === 0 ? "complaint.resolved" : "mess.menu",
        `s${i}`,
        `note ${i}`,
        1_000_000 + Math.floor(i / 2) * 1000, // pairs share a time: the id breaks the tie
      ),
    );
    statements.push(
      env.DB.prepare(
        "INSERT INTO staff_audit_log (id, campus_id, action, subject_kind, subject_id, created_at) VALUES (?1, 'cit', 'mess.menu', 'x', 'other-campus', 9999999999)",
      ).bind(`cit-${campus.id}`),
    );
    await env.DB.batch(statements);

    const first = await read<AuditPage>(await get("/api/admin/audit", admin.token));
    expect(first.data.lines).toHaveLength(50);
    expect(first.data.lines[0]).toMatchObject({
      id: `line-${campus.id}-59`,
      what: "Mess menu changed",
      note: "note 59",
      actorId: null,
    });
    expect(first.data.lines.map((l) => l.subjectId)).not.toContain("other-campus");
    expect(first.data.older).not.toBeNull();
    const second = await read<AuditPage>(await get(`/api/admin/audit?before=${first.data.older}`, admin.token));
    expect(second.data.lines.map((l) => l.note)).toEqual(Array.from({ length: 10 }, (_, i) => `note ${9 - i}`));
    expect(second.data.older).toBeNull();

    const resolved = await read<AuditPage>(await get("/api/admin/audit?action=complaint.resolved", admin.token));
    expect(resolved.data.lines).toHaveLength(20);
    expect(resolved.data.lines.every((l) => l.what === "Complaint resolved")).toBe(true);
    const byAdmin = await read<AuditPage>(await get(`/api/admin/audit?actor=${admin.userId}`, admin.token));
    expect(byAdmin.data.lines).toHaveLength(30);
    expect(byAdmin.data.lines.every((l) => l.actorName === "Log Reader")).toBe(true);
    const byCli = await read<AuditPage>(await get("/api/admin/audit?actor=cli", admin.token));
    expect(byCli.data.lines).toHaveLength(30);

    const bad = await get("/api/admin/audit?before=yesterday", admin.token);
    expect(bad.status).toBe(400);
    expect((await read(bad)).message).toBe("That page link is not valid; start from the newest.");
  });

  it("has no way to change a line: PATCH, PUT and DELETE on the log are not routes", async () => {
    const { admin } = await cast();
    for (const method of ["PATCH", "PUT", "DELETE", "POST"]) {
      const res = await call("/api/admin/audit", {
        method,
        headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "application/json" },
        body: method === "DELETE" ? null : "{}",
      });
      expect(res.status, method).toBe(404);
    }
  });
});

describe("/admin", () => {
  it("a student, a warden and a moderator get a 403 page saying what it is for; the admin sees roles and the log", async () => {
    const { student, wardenOfBlock, moderator, admin } = await cast();
    for (const who of [student, wardenOfBlock, moderator]) {
      const res = await call("/admin", { headers: { Cookie: who.cookie } });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("This page is for campus admins");
    }
    const page = await call("/admin", { headers: { Cookie: admin.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Staff roles (");
    expect(html).toContain("Grant a role");
    expect(html).toContain("Audit log");
    expect(html).toContain(moderator.email);
  });

  it("signed out: to the sign-in page", async () => {
    const res = await call("/admin", { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login/);
  });

  it("reads in at most 3 D1 round trips", async () => {
    const { admin } = await cast();
    expect(await tripsOf("admin", "/admin", admin.cookie)).toBeLessThanOrEqual(3);
    expect(await tripsOf("admin", "/admin?action=role.grant", admin.cookie)).toBeLessThanOrEqual(3);
  });

  it("grants and removes through the page's form", async () => {
    const { admin } = await cast();
    const member = await createUser();
    const form = (fields: Record<string, string>) =>
      call("/admin", {
        method: "POST",
        headers: {
          Cookie: admin.cookie,
          Origin: "http://localhost",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(fields),
      });
    const granted = await form({ intent: "grant", email: member.email, role: "laundry", blockId: "" });
    expect(granted.status).toBe(200);
    expect(await roleRows(member.userId)).toBe(1);
    const wrong = await form({ intent: "grant", email: member.email, role: "warden", blockId: "" });
    expect(wrong.status).toBe(400);
    const removed = await form({ intent: "revoke", id: await roleIdOf(member.userId, "laundry") });
    expect(removed.status).toBe(200);
    expect(await roleRows(member.userId)).toBe(0);
  });
});
