// Staff roles, the warden's complaint queue and status changes, the audit log and the
// students' notices. Table-driven: each endpoint x each role x own and other block and campus.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mayStaff, requireStaff } from "#server/services/staff.ts";
import { call, createUser } from "#test/helpers.ts";
import { get, read, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { cast, complaintInB, grant, setStatus, type Who } from "#test/staff-helpers.ts";

const auditLines = (id: string) => count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE subject_id = ?", id);
const noticesOf = (userId: string) => count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ?", userId);

describe("roles", () => {
  it("one row per user, role and block: a second admin row (NULL block) is refused, as is a warden without a block", async () => {
    const user = await createUser();
    await grant(user, "admin");
    await expect(grant(user, "admin")).rejects.toThrow(/UNIQUE/);
    await grant(user, "warden", "A");
    await expect(grant(user, "warden", "A")).rejects.toThrow(/UNIQUE/);
    await grant(user, "warden", "B");
    await expect(grant(user, "warden", null)).rejects.toThrow(/CHECK/);
    await expect(grant(user, "mess", "A")).rejects.toThrow(/CHECK/);
  });

  it("requireStaff: the admin passes everything of the campus, a warden only their blocks, a role of another campus nothing", async () => {
    const { wardenOfBlock, admin, moderator, staffOfOtherCampus, student } = await cast();
    const member = (u: { userId: string }, campusId = "cit") => ({ id: u.userId, campusId });
    await expect(requireStaff(env, member(wardenOfBlock), "warden", { blockId: "B" })).resolves.toHaveLength(1);
    await expect(requireStaff(env, member(wardenOfBlock), "warden", { blockId: "A" })).rejects.toMatchObject({
      status: 403,
      message: "Only the warden of block A or a campus admin can do this.",
    });
    await expect(requireStaff(env, member(wardenOfBlock), "mess")).rejects.toMatchObject({ status: 403 });
    for (const role of ["warden", "mess", "laundry", "moderator", "admin"] as const)
      await expect(requireStaff(env, member(admin), role, { blockId: "C" })).resolves.toBeTruthy();
    await expect(requireStaff(env, member(moderator), "moderator")).resolves.toBeTruthy();
    await expect(requireStaff(env, member(moderator), "warden", { blockId: "B" })).rejects.toMatchObject({
      status: 403,
    });
    // The RCE warden's row is of RCE: asked about CIT it gives nothing.
    await expect(
      requireStaff(env, member(staffOfOtherCampus, "cit"), "warden", { blockId: "rce-1" }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      requireStaff(env, member(staffOfOtherCampus, "rce"), "warden", { blockId: "rce-1" }),
    ).resolves.toBeTruthy();
    await expect(requireStaff(env, member(student), "warden")).rejects.toMatchObject({ status: 403 });
    expect(mayStaff([], "admin")).toBe(false);
  });
});

describe("the audit log is append-only", () => {
  it("an UPDATE or a DELETE fails, whoever runs it", async () => {
    const id = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO staff_audit_log (id, campus_id, action, subject_kind, subject_id, created_at) VALUES (?1, 'cit', 'role.grant', 'user', 'x', 1)",
    )
      .bind(id)
      .run();
    await expect(
      env.DB.prepare("UPDATE staff_audit_log SET note = 'changed' WHERE id = ?1").bind(id).run(),
    ).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM staff_audit_log WHERE id = ?1").bind(id).run()).rejects.toThrow(
      /append-only/,
    );
    await expect(env.DB.prepare("DELETE FROM staff_audit_log").run()).rejects.toThrow(/append-only/);
    expect(await count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE id = ? AND note IS NULL", id)).toBe(1);
  });
});

describe("PATCH /api/hostel/complaints/:id/status: each role on a complaint of block B at CIT", () => {
  // What each person gets when they move an open complaint to "in progress" with a note.
  const expected: Record<Who, { status: number; message?: RegExp }> = {
    owner: { status: 400, message: /warden adds a note/ },
    student: { status: 403, message: /Only the student who filed/ },
    wardenOfBlock: { status: 200 },
    wardenOfOtherBlock: { status: 403, message: /Only the warden of Block B/ },
    staffOfOtherCampus: { status: 404 },
    adminOfOtherCampus: { status: 404 },
    moderator: { status: 403, message: /Only the warden of Block B/ },
    admin: { status: 200 },
  };
  for (const [who, want] of Object.entries(expected) as [Who, (typeof expected)[Who]][]) {
    it(`${who}: ${want.status}`, async () => {
      const people = await cast();
      const id = await complaintInB(people.owner, people.student);
      const res = await setStatus(
        id,
        { status: "in_progress", note: "Electrician booked for Tuesday." },
        people[who].token,
      );
      const body = await read<{ status: string; statusNote: string | null }>(res);
      expect(res.status, body.message).toBe(want.status);
      if (want.message) expect(body.message).toMatch(want.message);
      const changed = want.status === 200;
      expect(await auditLines(id)).toBe(changed ? 1 : 0);
      expect(await noticesOf(people.owner.userId)).toBe(changed ? 1 : 0);
      if (changed)
        expect(body.data).toMatchObject({ status: "in_progress", statusNote: "Electrician booked for Tuesday." });
    });
  }

  it("the warden moves open -> in progress -> resolved; the student sees the status and the note, the audit log has both lines", async () => {
    const { owner, student, wardenOfBlock } = await cast();
    const id = await complaintInB(owner, student);
    expect((await sendJson("POST", `/api/hostel/complaints/${id}/me-too`, {}, student.token)).status).toBe(200);
    expect((await setStatus(id, { status: "in_progress" }, wardenOfBlock.token)).status).toBe(200);
    const resolved = await setStatus(id, { status: "resolved", note: "Tube light replaced." }, wardenOfBlock.token);
    expect(resolved.status).toBe(200);
    expect((await read(resolved)).message).toBe("Marked as resolved.");
    const mine = await read<{
      complaints: { id: string; status: string; statusNote: string | null; resolvedAt: number | null }[];
    }>(await get("/api/hostel/complaints?view=mine", owner.token));
    expect(mine.data.complaints.find((c) => c.id === id)).toMatchObject({
      status: "resolved",
      statusNote: "Tube light replaced.",
      resolvedAt: expect.any(Number),
    });
    const lines = await env.DB.prepare(
      "SELECT action, actor_id AS actor, student_id AS student, note FROM staff_audit_log WHERE subject_id = ? ORDER BY created_at, action",
    )
      .bind(id)
      .all();
    expect(lines.results).toEqual([
      { action: "complaint.in_progress", actor: wardenOfBlock.userId, student: owner.userId, note: null },
      {
        action: "complaint.resolved",
        actor: wardenOfBlock.userId,
        student: owner.userId,
        note: "Tube light replaced.",
      },
    ]);
    // The owner and the student who said "me too" are told of both changes.
    expect(await noticesOf(owner.userId)).toBe(2);
    expect(await noticesOf(student.userId)).toBe(2);
    expect(await noticesOf(wardenOfBlock.userId)).toBe(0);
    // No way back, and no second resolution.
    expect((await setStatus(id, { status: "in_progress" }, wardenOfBlock.token)).status).toBe(409);
    const again = await setStatus(id, { status: "resolved" }, wardenOfBlock.token);
    expect(again.status).toBe(409);
    expect((await read(again)).message).toBe("This complaint is already resolved.");
    expect(await auditLines(id)).toBe(2);
  });

  it("the student keeps what they could do: resolve or withdraw their own, without a note; staff cannot withdraw", async () => {
    const { owner, wardenOfBlock } = await cast();
    const first = await complaintInB(owner);
    expect((await setStatus(first, { status: "withdrawn" }, wardenOfBlock.token)).status).toBe(400);
    const withdrawn = await setStatus(first, { status: "withdrawn" }, owner.token);
    expect(withdrawn.status).toBe(200);
    expect((await read(withdrawn)).message).toBe("Complaint withdrawn.");
    // Withdrawn: no longer the warden's to move, and invisible to them.
    expect((await setStatus(first, { status: "resolved" }, wardenOfBlock.token)).status).toBe(404);
    const second = await complaintInB(owner, undefined, "The window latch in my room is broken.");
    expect((await setStatus(second, { status: "resolved" }, owner.token)).status).toBe(200);
    expect(await auditLines(second)).toBe(0);
    // The old endpoint answers as it did.
    const third = await complaintInB(owner, undefined, "The fan regulator is stuck on full speed.");
    const old = await sendJson("PATCH", `/api/hostel/complaints/${third}`, { status: "resolved" }, owner.token);
    expect(old.status).toBe(200);
    expect((await read(old)).message).toBe("Marked as resolved.");
  });

  it("refuses bad input with a 400 and no sign-in with a 401; an unknown complaint is a 404", async () => {
    const { owner, wardenOfBlock } = await cast();
    const id = await complaintInB(owner);
    for (const body of [
      {},
      { status: "open" },
      { status: "closed" },
      { status: "resolved", note: 5 },
      { status: "resolved", note: "x".repeat(501) },
    ]) {
      const res = await setStatus(id, body, wardenOfBlock.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await setStatus(id, { status: "resolved" })).status).toBe(401);
    expect((await setStatus(crypto.randomUUID(), { status: "resolved" }, wardenOfBlock.token)).status).toBe(404);
    expect(await auditLines(id)).toBe(0);
  });

  it("two status changes at once: one succeeds, one audit line, one notice", async () => {
    const { owner, wardenOfBlock, admin } = await cast();
    const id = await complaintInB(owner);
    const answers = await Promise.all([
      setStatus(id, { status: "resolved", note: "Fixed by the electrician." }, wardenOfBlock.token),
      setStatus(id, { status: "resolved", note: "Fixed." }, admin.token),
      setStatus(id, { status: "resolved", note: "Fixed again." }, wardenOfBlock.token),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await auditLines(id)).toBe(1);
    expect(await noticesOf(owner.userId)).toBe(1);
  });
});

describe("/staff: only what the signed-in person's roles allow", () => {
  const page = (cookie?: string) => call("/staff", { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  const sees: Record<Who, { status: number; complaint: boolean }> = {
    owner: { status: 403, complaint: false },
    student: { status: 403, complaint: false },
    wardenOfBlock: { status: 200, complaint: true },
    wardenOfOtherBlock: { status: 200, complaint: false },
    staffOfOtherCampus: { status: 200, complaint: false },
    adminOfOtherCampus: { status: 200, complaint: false },
    moderator: { status: 200, complaint: false },
    admin: { status: 200, complaint: true },
  };
  it("each role", async () => {
    const people = await cast();
    const description = `Ceiling fan ${crypto.randomUUID()} wobbles.`;
    await complaintInB(people.owner, people.student, description);
    for (const [who, want] of Object.entries(sees) as [Who, (typeof sees)[Who]][]) {
      const res = await page(people[who].cookie);
      const html = await res.text();
      expect(res.status, who).toBe(want.status);
      expect(html.includes(description), who).toBe(want.complaint);
      if (want.status === 403) expect(html).toContain("This page is for hostel staff");
    }
    expect((await page()).status).toBe(302);
  });

  it("the queue: open first, then the most me-too, then the oldest; over 72 hours marked; the median per block", async () => {
    // Block C: storage is shared by the tests of this file, and block B has their complaints.
    const { owner, student } = await cast();
    const wardenOfBlock = await createUser({ name: "Warden Cee" });
    await grant(wardenOfBlock, "warden", "C");
    const old = await complaintInB(owner, student, "Old: the water cooler leaks.", "C");
    const backed = await complaintInB(owner, undefined, "Backed: the Wi-Fi drops at night.", "C");
    const started = await complaintInB(owner, undefined, "Started: the lift is stuck.", "C");
    const hour = 3_600_000;
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("UPDATE hostel_complaints SET created_at = ?2 WHERE id = ?1").bind(old, now - 80 * hour),
      env.DB.prepare("UPDATE hostel_complaints SET created_at = ?2 WHERE id = ?1").bind(started, now - 100 * hour),
    ]);
    expect((await sendJson("POST", `/api/hostel/complaints/${backed}/me-too`, {}, student.token)).status).toBe(200);
    expect((await setStatus(started, { status: "in_progress" }, wardenOfBlock.token)).status).toBe(200);
    // Two resolved in block C in the last 30 days, after 2 and 6 hours: the median is 4 hours.
    for (const [created, took] of [
      [now - 10 * hour, 2],
      [now - 20 * hour, 6],
    ]) {
      const id = await complaintInB(owner, undefined, `Resolved after ${took} hours of waiting.`, "C");
      await env.DB.prepare(
        "UPDATE hostel_complaints SET status = 'resolved', created_at = ?2, resolved_at = ?3 WHERE id = ?1",
      )
        .bind(id, created, created! + took! * hour)
        .run();
    }
    const html = await (await page(wardenOfBlock.cookie)).text();
    const order = ["Backed: the Wi-Fi", "Old: the water cooler", "Started: the lift"].map((t) => html.indexOf(t));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html.match(/Open over 72 hours/g)).toHaveLength(1);
    expect(html).toMatch(/Block C[^<]*<\/span><span[^>]*>2 resolved/);
    expect(html).toContain(">4 h<");
  });

  it("the page's action: the warden resolves with a note; a warden of another block is refused", async () => {
    const { owner, wardenOfBlock, wardenOfOtherBlock } = await cast();
    const id = await complaintInB(owner);
    const post = (cookie: string, fields: Record<string, string>) =>
      call("/staff", {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
        body: new URLSearchParams(fields),
      });
    expect((await post(wardenOfOtherBlock.cookie, { intent: "resolved", id, note: "Done." })).status).toBe(403);
    expect((await post(wardenOfBlock.cookie, { intent: "resolved", id, note: "Done." })).status).toBe(200);
    expect((await post(wardenOfBlock.cookie, { intent: "delete", id })).status).toBe(400);
    expect(await auditLines(id)).toBe(1);
  });
});

describe("notifications", () => {
  it("GET /api/notifications: own notices only, newest first, with the unread count; POST /read marks one or all", async () => {
    const { owner, student, wardenOfBlock, staffOfOtherCampus } = await cast();
    const id = await complaintInB(owner, student);
    await setStatus(id, { status: "in_progress", note: "On it." }, wardenOfBlock.token);
    await setStatus(id, { status: "resolved", note: "Fixed." }, wardenOfBlock.token);
    const inbox = await read<{ notices: { id: string; title: string; text: string; read: boolean }[]; unread: number }>(
      await get("/api/notifications", owner.token),
    );
    expect(inbox.data.unread).toBe(2);
    expect(inbox.data.notices.map((n) => n.title)).toEqual([
      "Your complaint is resolved",
      "Your complaint is in progress",
    ]);
    expect(inbox.data.notices[0]!.text).toContain("The warden's note: Fixed.");
    for (const other of [student, wardenOfBlock, staffOfOtherCampus]) {
      const theirs = await read<{ notices: { id: string }[] }>(await get("/api/notifications", other.token));
      expect(theirs.data.notices.some((n) => inbox.data.notices.some((m) => m.id === n.id))).toBe(false);
    }
    // Someone else's notice is no notice of theirs.
    expect(
      (await sendJson("POST", "/api/notifications/read", { id: inbox.data.notices[0]!.id }, student.token)).status,
    ).toBe(404);
    const one = await sendJson("POST", "/api/notifications/read", { id: inbox.data.notices[0]!.id }, owner.token);
    expect(one.status).toBe(200);
    expect((await read<{ unread: number }>(one)).data.unread).toBe(1);
    const all = await sendJson("POST", "/api/notifications/read", {}, owner.token);
    expect((await read<{ unread: number }>(all)).data.unread).toBe(0);
    expect((await get("/api/notifications")).status).toBe(401);
    expect((await sendJson("POST", "/api/notifications/read", { id: 5 }, owner.token)).status).toBe(400);
  });

  it("the top bar shows the unread count and a Staff link, read in the session's one query", async () => {
    const { owner, wardenOfBlock } = await cast();
    const id = await complaintInB(owner);
    await setStatus(id, { status: "resolved", note: "Fixed." }, wardenOfBlock.token);
    const studentPage = await (await call("/dashboard", { headers: { Cookie: owner.cookie } })).text();
    expect(studentPage).toContain('aria-label="Notifications, 1 unread"');
    expect(studentPage).not.toContain('href="/staff"');
    const wardenPage = await (await call("/dashboard", { headers: { Cookie: wardenOfBlock.cookie } })).text();
    expect(wardenPage).toContain('aria-label="Notifications"');
    expect(wardenPage).toContain('href="/staff"');
    const inbox = await (await call("/notifications", { headers: { Cookie: owner.cookie } })).text();
    expect(inbox).toContain("Your complaint is resolved");
    expect(inbox).toContain("Mark as read");
  });
});

describe("D1 round trips", () => {
  it("/staff and /notifications read with at most 3", async () => {
    const { owner, wardenOfBlock } = await cast();
    await complaintInB(owner);
    const { tripsOf } = await import("#test/staff-trips.ts");
    const staff = await tripsOf("staff", "/staff", wardenOfBlock.cookie);
    const inbox = await tripsOf("notifications", "/notifications", owner.cookie);
    console.log(`D1 round trips: /staff ${staff}, /notifications ${inbox}`);
    expect(staff).toBeLessThanOrEqual(3);
    expect(inbox).toBeLessThanOrEqual(3);
  });
});

describe("the student's complaint view", () => {
  it("shows the warden's note under the complaint on /hostel-complaints", async () => {
    const { owner, wardenOfBlock } = await cast();
    const id = await complaintInB(owner);
    const note = `Switchboard ${crypto.randomUUID().slice(0, 8)} replaced.`;
    expect((await setStatus(id, { status: "resolved", note }, wardenOfBlock.token)).status).toBe(200);
    const html = await (await call("/hostel-complaints?view=mine", { headers: { Cookie: owner.cookie } })).text();
    expect(html).toContain("Warden&#x27;s note:");
    expect(html).toContain(note);
  });
});
