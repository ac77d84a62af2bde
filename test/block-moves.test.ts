// A student's change of block waits for the warden of the new block (decision 0084).
// Each role x own and other block and campus; approve, decline, cancel; races counted in rows.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Residence } from "#server/services/hostel/common.ts";
import { call, type TestUser } from "#test/helpers.ts";
import { get, read, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { cast, type Who } from "#test/staff-helpers.ts";

/** A student of block A asking to move to block B (cast()'s warden of B decides). */
async function movingToB(student: TestUser): Promise<string> {
  expect((await sendJson("PUT", "/api/hostel/residence", { blockId: "A", room: "11" }, student.token)).status).toBe(
    200,
  );
  const res = await sendJson("PUT", "/api/hostel/residence", { blockId: "B", room: "b-21" }, student.token);
  expect(res.status).toBe(202);
  return (await read<Residence>(res)).data.pendingMove!.id;
}

const decide = (id: string, decision: string, token: string, note?: string) =>
  sendJson("POST", `/api/hostel/block-moves/${id}/decision`, { decision, ...(note ? { note } : {}) }, token);
const blockOf = async (userId: string) =>
  (
    await env.DB.prepare("SELECT block_id AS b FROM hostel_residents WHERE user_id = ?1")
      .bind(userId)
      .first<{ b: string }>()
  )?.b;
const statusOf = async (id: string) =>
  (await env.DB.prepare("SELECT status FROM block_moves WHERE id = ?1").bind(id).first<{ status: string }>())?.status;
const auditLines = (id: string) =>
  count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE subject_kind = 'block_move' AND subject_id = ?", id);
const noticesOf = (userId: string) =>
  count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ? AND kind = 'block.move'", userId);

describe("who may approve a move from block A to block B", () => {
  const expected: Record<Exclude<Who, "owner">, number> = {
    student: 403,
    wardenOfBlock: 200, // the warden of B, the new block
    wardenOfOtherBlock: 403, // the warden of A, the block the student leaves
    moderator: 403,
    staffOfOtherCampus: 404,
    adminOfOtherCampus: 404,
    admin: 200,
  };
  for (const [who, status] of Object.entries(expected) as [Exclude<Who, "owner">, number][]) {
    it(`${who}: ${status}`, async () => {
      const people = await cast();
      const id = await movingToB(people.owner);
      const res = await decide(id, "approve", people[who].token, "Welcome to B.");
      expect(res.status, (await read(res.clone())).message).toBe(status);
      const approved = status === 200;
      expect(await blockOf(people.owner.userId)).toBe(approved ? "B" : "A");
      expect(await statusOf(id)).toBe(approved ? "approved" : "pending");
      expect(await auditLines(id)).toBe(approved ? 1 : 0);
      expect(await noticesOf(people.owner.userId)).toBe(approved ? 1 : 0);
      if (status === 403)
        expect((await read(res)).message).toBe("Only the warden of Block B or a campus admin can do this.");
    });
  }
});

describe("deciding and cancelling", () => {
  it("approved: the student lives in B, room as asked, told with the warden's note; the move is in the audit log", async () => {
    const { owner, wardenOfBlock } = await cast();
    const id = await movingToB(owner);
    expect((await decide(id, "approve", wardenOfBlock.token, "Room key at the office.")).status).toBe(200);
    const residence = (await read<Residence>(await get("/api/hostel/residence", owner.token))).data;
    expect(residence).toMatchObject({ blockId: "B", room: "B-21", pendingMove: null });
    const notice = await env.DB.prepare("SELECT title, text FROM notices WHERE user_id = ?1 AND kind = 'block.move'")
      .bind(owner.userId)
      .first<{ title: string; text: string }>();
    expect(notice?.title).toBe("Your move to Block B was approved");
    expect(notice?.text).toContain("The warden's note: Room key at the office.");
    const line = await env.DB.prepare(
      "SELECT action, actor_id AS actorId, note FROM staff_audit_log WHERE subject_id = ?1",
    )
      .bind(id)
      .first();
    expect(line).toEqual({
      action: "block.approve",
      actorId: wardenOfBlock.userId,
      note: "Block A -> Block B: Room key at the office.",
    });
    // Decided once: a second decision is a 409.
    const again = await decide(id, "decline", wardenOfBlock.token);
    expect(again.status).toBe(409);
    expect((await read(again)).message).toBe("This block change was already approved.");
  });

  it("declined: the student stays in A and is told; the next request may follow", async () => {
    const { owner, wardenOfBlock } = await cast();
    const id = await movingToB(owner);
    expect((await decide(id, "decline", wardenOfBlock.token, "Block B is full this term.")).status).toBe(200);
    expect(await blockOf(owner.userId)).toBe("A");
    const notice = await env.DB.prepare("SELECT title, text FROM notices WHERE user_id = ?1")
      .bind(owner.userId)
      .first<{ title: string; text: string }>();
    expect(notice).toEqual({
      title: "Your move to Block B was declined",
      text: "You stay in Block A (Aryabhata). The warden's note: Block B is full this term.",
    });
    expect((await sendJson("PUT", "/api/hostel/residence", { blockId: "B", room: "21" }, owner.token)).status).toBe(
      202,
    );
  });

  it("the student cancels; the warden then finds it cancelled; nothing to cancel is a 409", async () => {
    const { owner, wardenOfBlock } = await cast();
    const id = await movingToB(owner);
    expect(
      (
        await call("/api/hostel/block-moves/mine/cancel", {
          method: "POST",
          headers: { Authorization: `Bearer ${owner.token}` },
        })
      ).status,
    ).toBe(200);
    const late = await decide(id, "approve", wardenOfBlock.token);
    expect(late.status).toBe(409);
    expect((await read(late)).message).toBe("The student cancelled this block change.");
    expect(await blockOf(owner.userId)).toBe("A");
    const none = await call("/api/hostel/block-moves/mine/cancel", {
      method: "POST",
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    expect(none.status).toBe(409);
  });

  it("bad input: 400, nothing decided", async () => {
    const { owner, wardenOfBlock } = await cast();
    const id = await movingToB(owner);
    const res = await decide(id, "maybe", wardenOfBlock.token);
    expect(res.status).toBe(400);
    expect((await read(res)).message).toBe("decision must be approve or decline.");
    expect((await decide("no-such-move", "approve", wardenOfBlock.token)).status).toBe(404);
    expect(await statusOf(id)).toBe("pending");
  });
});

describe("races", () => {
  it("approve vs cancel, at once: exactly one wins, and the residence agrees with it", async () => {
    for (let round = 0; round < 4; round++) {
      const { owner, wardenOfBlock } = await cast();
      const id = await movingToB(owner);
      const [approve, cancel] = await Promise.all([
        decide(id, "approve", wardenOfBlock.token),
        call("/api/hostel/block-moves/mine/cancel", {
          method: "POST",
          headers: { Authorization: `Bearer ${owner.token}` },
        }),
      ]);
      expect([approve.status, cancel.status].filter((s) => s === 200)).toHaveLength(1);
      const status = await statusOf(id);
      expect(await blockOf(owner.userId)).toBe(status === "approved" ? "B" : "A");
      expect(await auditLines(id)).toBe(status === "approved" ? 1 : 0);
      expect(await noticesOf(owner.userId)).toBe(status === "approved" ? 1 : 0);
    }
  });

  it("the warden and the admin approving at once: one decision, one audit line, one notice", async () => {
    for (let round = 0; round < 4; round++) {
      const { owner, wardenOfBlock, admin } = await cast();
      const id = await movingToB(owner);
      const statuses = (
        await Promise.all([decide(id, "approve", wardenOfBlock.token), decide(id, "decline", admin.token)])
      ).map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(1);
      expect(await auditLines(id)).toBe(1);
      expect(await noticesOf(owner.userId)).toBe(1);
    }
  });
});

describe("on the screens", () => {
  it("/staff lists the warden's block changes; /hostel-complaints tells the student they wait", async () => {
    const people = await cast();
    await movingToB(people.owner);
    const staff = await (await call("/staff", { headers: { Cookie: people.wardenOfBlock.cookie } })).text();
    // Other tests' students wait for block B too: the count is theirs and this one.
    expect(staff).toMatch(/Block changes \(\d+\)/);
    expect(staff).toContain(`${people.owner.name}: Block A to Block B, room B-21`);
    const other = await (await call("/staff", { headers: { Cookie: people.wardenOfOtherBlock.cookie } })).text();
    expect(other).toContain("Block changes (");
    expect(other).not.toContain(`${people.owner.name}: Block A to Block B`);
    const page = await (await call("/hostel-complaints", { headers: { Cookie: people.owner.cookie } })).text();
    expect(page).toContain("Waiting for the warden of Block B to approve your move from Block A (room B-21).");
  });
});
