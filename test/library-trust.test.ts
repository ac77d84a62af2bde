import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, postJson, type TestUser, unique } from "#test/helpers.ts";
import { sendJson } from "#test/hostel-helpers.ts";
import { grant } from "#test/staff-helpers.ts";
import { asUser, makeSubject, uploadPdf } from "#test/library-helpers.ts";
import { LIBRARY_MESSAGES } from "#common/library-contribute.ts";

// Trust in the library: the second look (moderators and curators), who sees an item, helpful votes
// counted once in a race, reports (a copyright report hides at once), the uploader's deletion, and
// an account's deletion and export.

const rceEmail = () => `${unique("r")}@riverside.test`;

function review(user: TestUser, id: string, body: unknown) {
  return sendJson("POST", `/api/library/items/${id}/review`, body, user.token);
}

async function status(id: string) {
  return env.DB.prepare(
    "SELECT status, hidden_at AS hiddenAt, helpful_count AS helpfulCount, uploader_id AS uploaderId FROM library_items WHERE id = ?1",
  )
    .bind(id)
    .first<{ status: string; hiddenAt: number | null; helpfulCount: number; uploaderId: string | null }>();
}

async function approvedItem(options: { public?: boolean } = {}) {
  const [uploader, moderator] = await Promise.all([createUser({ name: "Ravi Kumar" }), createUser()]);
  await grant(moderator, "moderator");
  const subject = await makeSubject();
  const id = await uploadPdf(uploader, subject, { public: options.public ?? false });
  expect((await review(moderator, id, { decision: "approve" })).status).toBe(200);
  return { uploader, moderator, subject, id };
}

describe("the second look", () => {
  it("a moderator approves a pending item: audited, the uploader told, the college sees it", async () => {
    const [uploader, moderator, member] = await Promise.all([createUser(), createUser(), createUser()]);
    await grant(moderator, "moderator");
    const id = await uploadPdf(uploader, await makeSubject());
    expect((await call(`/api/library/items/${id}`, asUser(member))).status).toBe(404);
    const staffView = await call(`/api/library/items/${id}/file`, asUser(moderator));
    expect(staffView.status).toBe(200);
    expect(staffView.headers.get("Content-Type")).toBe("application/pdf");
    expect((await review(member, id, { decision: "approve" })).status).toBe(403);
    const res = await review(moderator, id, { decision: "approve" });
    expect(res.status).toBe(200);
    expect((await review(moderator, id, { decision: "approve" })).status).toBe(409);
    expect((await status(id))!.status).toBe("approved");
    const audit = await env.DB.prepare("SELECT action, actor_id AS actor FROM staff_audit_log WHERE subject_id = ?1")
      .bind(id)
      .all();
    expect(audit.results).toEqual([{ action: "library.approve", actor: moderator.userId }]);
    const notice = await env.DB.prepare("SELECT title, link FROM notices WHERE user_id = ?1 AND kind = 'library'")
      .bind(uploader.userId)
      .first<{ title: string; link: string }>();
    expect(notice).toMatchObject({ link: `/library/${id}` });
    const seen = (await (await call(`/api/library/items/${id}`, asUser(member))).json()) as {
      data: { uploader: string; review: unknown };
    };
    expect(seen.data.uploader).toBe("Test");
    expect(seen.data.review).toBeNull();
  });

  it("a moderator does not approve their own upload: a second person does (403, nothing written)", async () => {
    const [moderator, other] = await Promise.all([createUser(), createUser()]);
    await Promise.all([grant(moderator, "moderator"), grant(other, "moderator")]);
    const id = await uploadPdf(moderator, await makeSubject());
    expect((await status(id))!.status).toBe("pending");
    // /staff says so instead of offering the decision.
    const staff = await (await call("/staff", { headers: { Cookie: moderator.cookie } })).text();
    expect(staff).toContain(LIBRARY_MESSAGES.reviewOwn.replace("'", "&#x27;"));
    for (const decision of [{ decision: "approve" }, { decision: "reject", note: "Mine." }]) {
      const own = await review(moderator, id, decision);
      expect(own.status).toBe(403);
      expect(((await own.json()) as { message: string }).message).toBe(LIBRARY_MESSAGES.reviewOwn);
    }
    expect((await status(id))!.status).toBe("pending");
    expect(
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_audit_log WHERE subject_id = ?1")
        .bind(id)
        .first<{ n: number }>())!.n,
    ).toBe(0);
    expect((await review(other, id, { decision: "approve" })).status).toBe(200);
    expect((await status(id))!.status).toBe("approved");
  });

  it("a curator rejects with a note the uploader reads; a rejection needs one", async () => {
    const [uploader, curator] = await Promise.all([createUser(), createUser()]);
    await grant(curator, "curator");
    const id = await uploadPdf(uploader, await makeSubject());
    const bare = await review(curator, id, { decision: "reject" });
    expect(bare.status).toBe(400);
    expect((await review(curator, id, { decision: "reject", note: "Pages are unreadable." })).status).toBe(200);
    const mine = (await (await call(`/api/library/items/${id}`, asUser(uploader))).json()) as {
      data: { review: { status: string; note: string } };
    };
    expect(mine.data.review).toMatchObject({ status: "rejected", note: "Pages are unreadable." });
  });
});

describe("curators", () => {
  it("a campus admin grants the curator role, and the curator's uploads are approved at once", async () => {
    const [admin, teacher] = await Promise.all([createUser(), createUser({ name: "Meena Teacher" })]);
    await grant(admin, "admin");
    const granted = await postJson(
      "/api/admin/roles",
      { email: teacher.email, role: "curator" },
      { Authorization: `Bearer ${admin.token}` },
    );
    expect(granted.status).toBe(201);
    const id = await uploadPdf(teacher, await makeSubject());
    expect((await status(id))!.status).toBe("approved");
  });
});

describe("who sees an item", () => {
  it("a visitor sees only public approved items, with the college named; another college's private item is a 404", async () => {
    const { id: privateId } = await approvedItem();
    const { id: publicId } = await approvedItem({ public: true });
    const stranger = await createUser({ email: rceEmail() });
    for (const viewer of [null, stranger]) {
      expect((await call(`/api/library/items/${privateId}`, asUser(viewer))).status).toBe(404);
      expect((await call(`/api/library/items/${privateId}/file`, asUser(viewer))).status).toBe(404);
      const res = await call(`/api/library/items/${publicId}`, asUser(viewer));
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { campusName: string } }).data.campusName).toMatch(/Campus Institute/);
    }
  });

  it("an unverified account of the college is a visitor: a members-only item, its page and its file are a 404; a public one is shown as to a visitor", async () => {
    const { id: privateId } = await approvedItem();
    const { id: publicId } = await approvedItem({ public: true });
    const unverified = await createUser({ verified: false });
    expect((await call(`/api/library/items/${privateId}`, asUser(unverified))).status).toBe(404);
    expect((await call(`/api/library/items/${privateId}/file`, asUser(unverified))).status).toBe(404);
    expect((await call(`/library/${privateId}`, { headers: { Cookie: unverified.cookie } })).status).toBe(404);
    const shown = await call(`/api/library/items/${publicId}`, asUser(unverified));
    expect(shown.status).toBe(200);
    expect(((await shown.json()) as { data: { viewer: { member: boolean } } }).data.viewer.member).toBe(false);
  });

  it("serves the file inline, or as a download named by the title, with the sandbox headers", async () => {
    const { id, uploader } = await approvedItem();
    const inline = await call(`/api/library/items/${id}/file`, asUser(uploader));
    expect(inline.headers.get("Content-Disposition")).toMatch(/^inline; filename="Unit 1 notes.pdf"/);
    expect(inline.headers.get("Content-Security-Policy")).toMatch(/sandbox/);
    expect(inline.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const bytes = new Uint8Array(await inline.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const download = await call(`/api/library/items/${id}/file?download=1`, asUser(uploader));
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment; filename="Unit 1 notes.pdf"/);
  });
});

describe("helpful votes", () => {
  it("one vote per member; simultaneous votes count once each", async () => {
    const { id, uploader } = await approvedItem();
    const voters = await Promise.all([createUser(), createUser(), createUser()]);
    // Each voter fires three votes at once, and the uploader's own vote is refused.
    const answers = await Promise.all(
      voters.flatMap((voter) =>
        [1, 2, 3].map(() => call(`/api/library/items/${id}/helpful`, asUser(voter, { method: "PUT" }))),
      ),
    );
    expect(answers.every((res) => res.status === 200)).toBe(true);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM library_votes WHERE item_id = ?1")
      .bind(id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(3);
    expect((await status(id))!.helpfulCount).toBe(3);
    expect((await call(`/api/library/items/${id}/helpful`, asUser(uploader, { method: "PUT" }))).status).toBe(400);
    const undo = await call(`/api/library/items/${id}/helpful`, asUser(voters[0]!, { method: "DELETE" }));
    expect(((await undo.json()) as { data: { helpfulCount: number } }).data.helpfulCount).toBe(2);
    const stranger = await createUser({ email: rceEmail() });
    expect((await call(`/api/library/items/${id}/helpful`, asUser(stranger, { method: "PUT" }))).status).toBe(404);
  });
});

describe("reports", () => {
  it("a copyright report hides the item at once, audited, until a moderator restores it", async () => {
    const { id, uploader, moderator } = await approvedItem();
    const reporter = await createUser();
    const res = await postJson(
      "/api/reports",
      { kind: "library", id, reason: "copyright", note: "Scanned textbook" },
      { Authorization: `Bearer ${reporter.token}` },
    );
    expect(res.status).toBe(201);
    expect((await status(id))!.hiddenAt).not.toBeNull();
    expect((await call(`/api/library/items/${id}`, asUser(reporter))).status).toBe(404);
    expect((await call(`/api/library/items/${id}`, asUser(uploader))).status).toBe(200);
    const audit = await env.DB.prepare("SELECT action FROM staff_audit_log WHERE subject_id = ?1 ORDER BY created_at")
      .bind(id)
      .all();
    expect(audit.results.map((r) => r.action)).toContain("copyright_hide");
    const queue = (await (await call("/api/moderation/queue", asUser(moderator))).json()) as {
      data: { id: string; kind: string }[];
    };
    expect(queue.data.some((item) => item.id === id && item.kind === "library")).toBe(true);
    const restore = await sendJson(
      "POST",
      "/api/moderation/actions",
      { action: "restore", kind: "library", id, reason: "Our own notes" },
      moderator.token,
    );
    expect(restore.status).toBe(200);
    expect((await status(id))!.hiddenAt).toBeNull();
  });

  it("another reason follows the usual threshold", async () => {
    const { id } = await approvedItem();
    const reporter = await createUser();
    await postJson(
      "/api/reports",
      { kind: "library", id, reason: "offensive" },
      { Authorization: `Bearer ${reporter.token}` },
    );
    expect((await status(id))!.hiddenAt).toBeNull();
  });
});

describe("deletion", () => {
  it("the uploader deletes their item: its file, search row and votes go; nobody else may", async () => {
    const { id, uploader } = await approvedItem();
    const voter = await createUser();
    await call(`/api/library/items/${id}/helpful`, asUser(voter, { method: "PUT" }));
    const key = (await env.DB.prepare("SELECT file_key AS k FROM library_items WHERE id = ?1")
      .bind(id)
      .first<{ k: string }>())!.k;
    expect((await call(`/api/library/items/${id}`, asUser(voter, { method: "DELETE" }))).status).toBe(403);
    expect((await call(`/api/library/items/${id}`, asUser(uploader, { method: "DELETE" }))).status).toBe(200);
    expect(await env.FILES.head(key)).toBeNull();
    for (const table of ["library_items WHERE id", "library_search WHERE item_id", "library_votes WHERE item_id"]) {
      const left = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} = ?1`).bind(id).first<{ n: number }>();
      expect(left!.n, table).toBe(0);
    }
  });

  it("deleting an account keeps approved uploads without a name and deletes pending ones with their files; the export lists both", async () => {
    const { id: approved, uploader } = await approvedItem();
    const subject = await makeSubject();
    const pending = await uploadPdf(uploader, subject);
    const other = await approvedItem();
    await call(`/api/library/items/${other.id}/helpful`, asUser(uploader, { method: "PUT" }));
    const exported = (await (await call("/api/auth/account/export", asUser(uploader))).json()) as {
      library: { uploads: { id: string }[]; helpfulVotes: { itemId: string }[] };
    };
    expect(exported.library.uploads.map((u) => u.id).sort()).toEqual([approved, pending].sort());
    expect(exported.library.helpfulVotes).toEqual([expect.objectContaining({ itemId: other.id })]);
    const pendingKey = (await env.DB.prepare("SELECT file_key AS k FROM library_items WHERE id = ?1")
      .bind(pending)
      .first<{ k: string }>())!.k;
    const res = await sendJson("DELETE", "/api/auth/account", { password: uploader.password }, uploader.token);
    expect(res.status).toBe(200);
    expect(await status(pending)).toBeNull();
    expect(await env.FILES.head(pendingKey)).toBeNull();
    expect((await status(approved))!.uploaderId).toBeNull();
    expect((await status(other.id))!.helpfulCount).toBe(0);
    const seen = (await (await call(`/api/library/items/${approved}`, asUser(other.uploader))).json()) as {
      data: { uploader: string | null };
    };
    expect(seen.data.uploader).toBeNull();
  });

  it("a subject that still has library items cannot be removed", async () => {
    const { subject } = await approvedItem();
    const admin = await createUser();
    await grant(admin, "admin");
    const res = await call(
      `/api/admin/campus/academics/subjects/${subject.subjectId}`,
      asUser(admin, { method: "DELETE" }),
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/library items/);
  });
});
