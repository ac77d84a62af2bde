// Notices that name a student (a message's sender, a reservation's buyer) keep who acted as an id and
// read the name when the notice is read: the inbox and GET /api/notifications, the push payload
// (built when it is sent), the daily digest and the export. So deleting the account or renaming it
// needs no surgery on the stored text (docs/decisions/0098-reservation-wording.md, 0113).
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { IST_OFFSET_MS } from "#common/india-time.ts";
import { DIGEST_MINUTE, runDigest } from "#server/services/notifications/digest.ts";
import { queueNewNotices } from "#server/services/notifications/push.ts";
import { answer, listProduct, rows, start } from "#test/messages-helpers.ts";
import { bearer, call, createUser, type TestUser } from "#test/helpers.ts";
import { makePushDevice } from "#test/web-push-device.ts";

const RESERVED =
  " reserved it. Meet them to hand it over: they pay you then. Confirm the handover on My Sells, or decline it there. The reservation ends by itself after 72 hours.";

type Notice = { kind: string; title: string; text: string };

async function inbox(user: TestUser): Promise<Notice[]> {
  const res = await answer<{ notices: Notice[] }>(await call("/api/notifications", { headers: bearer(user.token) }));
  expect(res.status).toBe(200);
  return res.body.data.notices;
}

const ofKind = async (user: TestUser, kind: string) => (await inbox(user)).filter((n) => n.kind === kind);

async function rename(user: TestUser, name: string): Promise<void> {
  const res = await call("/api/auth/name", {
    method: "PUT",
    headers: { ...bearer(user.token), "Content-Type": "application/json" },
    body: JSON.stringify({ name }),
  });
  expect(res.status).toBe(200);
}

async function deleteAccount(user: TestUser): Promise<void> {
  const res = await call("/api/auth/account", {
    method: "DELETE",
    headers: { ...bearer(user.token), "Content-Type": "application/json" },
    body: JSON.stringify({ password: user.password }),
  });
  expect(res.status).toBe(200);
}

async function reserve(buyer: TestUser, productId: string): Promise<void> {
  const res = await call(`/api/product/purchase/${productId}`, { method: "PATCH", headers: bearer(buyer.token) });
  expect(res.status).toBe(200);
}

/** Asha Verma messages Sita about one listing and reserves another. */
async function ashaAndSita() {
  const [seller, asha] = await Promise.all([createUser({ name: "Sita Seller" }), createUser({ name: "Asha Verma" })]);
  const asked = await listProduct(seller);
  const reserved = await listProduct(seller);
  const { conversationId } = await start(asha, asked, "Is this still available?");
  await reserve(asha, reserved);
  return { seller, asha, conversationId };
}

describe("notices that name a student", () => {
  it("read the name as it is now: the inbox shows a message's sender by first name and a reservation's buyer in full", async () => {
    const { seller } = await ashaAndSita();
    expect((await ofKind(seller, "market.message")).map((n) => n.text)).toEqual(["Asha: Is this still available?"]);
    expect((await ofKind(seller, "market.reserved")).map((n) => n.text)).toEqual([`Asha Verma${RESERVED}`]);
    // The stored text holds no name.
    expect(
      await rows("SELECT 1 FROM notices WHERE user_id = ?1 AND (title || text) LIKE '%Asha%'", seller.userId),
    ).toBe(0);
  });

  it("deleting the account takes its messages' notices, previews and all, out of the other member's inbox; its reservation notice reads 'Deleted student'", async () => {
    const { seller, asha, conversationId } = await ashaAndSita();
    await deleteAccount(asha);
    const after = await inbox(seller);
    expect(after.filter((n) => n.kind === "market.message")).toEqual([]);
    expect(JSON.stringify(after)).not.toContain("still available");
    expect(JSON.stringify(after)).not.toContain("Asha");
    expect((await ofKind(seller, "market.reserved")).map((n) => n.text)).toEqual([`Deleted student${RESERVED}`]);
    expect(await rows("SELECT 1 FROM notices WHERE link = ?1", `/messages/${conversationId}`)).toBe(0);
  });

  it("a rename shows the new name, and deleting the account after it still reads 'Deleted student', not a garbled text", async () => {
    const { seller, asha } = await ashaAndSita();
    await rename(asha, "Asha Kapoor-Raghunathan");
    expect((await ofKind(seller, "market.reserved")).map((n) => n.text)).toEqual([
      `Asha Kapoor-Raghunathan${RESERVED}`,
    ]);
    expect((await ofKind(seller, "market.message")).map((n) => n.text)).toEqual(["Asha: Is this still available?"]);
    // My Sells' banner of the same reservation too.
    const mySells = await (await call("/mysells", { headers: { Cookie: seller.cookie } })).text();
    expect(mySells).toMatch(/Asha Kapoor-Raghunathan<\/strong> reserved/);
    await rename(asha, "Al");
    await deleteAccount(asha);
    expect((await ofKind(seller, "market.reserved")).map((n) => n.text)).toEqual([`Deleted student${RESERVED}`]);
  });

  it("the daily digest reads the name when it is sent", async () => {
    const { seller, asha } = await ashaAndSita();
    const on = await call("/api/push/digest", {
      method: "PUT",
      headers: { ...bearer(seller.token), "Content-Type": "application/json" },
      body: JSON.stringify({ enabled: true }),
    });
    expect(on.status).toBe(200);
    await rename(asha, "Asha Kapoor");
    const now = Date.now();
    const minute = Math.floor(((now + IST_OFFSET_MS) % 86_400_000) / 60_000);
    await runDigest(env, minute >= DIGEST_MINUTE ? now : now + (DIGEST_MINUTE - minute) * 60_000);
    const mails = (
      (await (await call(`/api/dev/outbox?to=${encodeURIComponent(seller.email)}`)).json()) as {
        data: { subject: string; text: string }[];
      }
    ).data.filter((m) => m.subject.startsWith("Campus: "));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Asha Kapoor${RESERVED}`);
    expect(mails[0]!.text).toContain("Asha: Is this still available?");
    expect(mails[0]!.text).not.toContain("Asha Verma");
  });

  it("the push payload names the student as the notice is sent", async () => {
    const seller = await createUser({ name: "Sita Seller" });
    const asha = await createUser({ name: "Asha Verma" });
    const { keys } = await makePushDevice();
    const subscribed = await call("/api/push/subscribe", {
      method: "POST",
      headers: { ...bearer(seller.token), "Content-Type": "application/json" },
      body: JSON.stringify({ endpoint: `http://127.0.0.1:9/push/${crypto.randomUUID()}`, keys }),
    });
    expect(subscribed.status).toBe(201);
    await queueNewNotices(env);
    const sent: { body: { userId: string; kind: string; text: string } }[] = [];
    const spy = vi.spyOn(env.PUSH_QUEUE, "sendBatch").mockImplementation(async (messages) => {
      sent.push(...(messages as typeof sent));
      return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } } as unknown as QueueSendBatchResponse;
    });
    try {
      await start(asha, await listProduct(seller), "Is this still available?");
      await queueNewNotices(env);
      const mine = sent.filter((m) => m.body.userId === seller.userId).map((m) => [m.body.kind, m.body.text]);
      expect(mine).toEqual([["market.message", "Asha: Is this still available?"]]);
    } finally {
      spy.mockRestore();
    }
  });

  it("the export shows the student's own notices as they read", async () => {
    const { seller } = await ashaAndSita();
    const res = await call("/api/auth/account/export", { headers: bearer(seller.token) });
    expect(res.status).toBe(200);
    const data = (await res.json()) as { notices: Notice[] };
    expect(data.notices.map((n) => n.text).sort()).toEqual([`Asha Verma${RESERVED}`, "Asha: Is this still available?"]);
  });
});

describe("migration 0042: notices written with the name in their text", () => {
  /** The migration's statements after its ALTER TABLE and CREATE INDEX (both exist here). */
  async function runMigration(): Promise<void> {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0042_"))!;
    const statements = migration.queries.filter((q) => !/^\s*(ALTER TABLE|CREATE INDEX)/im.test(q));
    await env.DB.batch(statements.map((q) => env.DB.prepare(q)));
  }

  async function legacy(to: TestUser, kind: string, text: string, about: string | null, link: string): Promise<string> {
    const id = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO notices (id, user_id, kind, title, text, link, created_at, queued_at, about_user_id) VALUES (?1, ?2, ?3, 'Old notice', ?4, ?5, ?6, ?6, ?7)",
    )
      .bind(id, to.userId, kind, text, link, Date.now(), about)
      .run();
    return id;
  }

  const stored = (id: string) =>
    env.DB.prepare("SELECT text, actor_id AS actorId, about_user_id AS aboutUserId FROM notices WHERE id = ?1")
      .bind(id)
      .first<{ text: string; actorId: string | null; aboutUserId: string | null }>();

  it("takes the name out of the text where it can be matched, mends a garbled one, and drops previews of deleted conversations", async () => {
    const { seller, asha, conversationId } = await ashaAndSita();
    // Renamed since the notices were written: the old name is still matched by the sentence's shape.
    await rename(asha, "Asha Kapoor");
    const message = await legacy(
      seller,
      "market.message",
      "Asha: Is it here: the blue one?",
      asha.userId,
      `/messages/${conversationId}`,
    );
    const reserved = await legacy(seller, "market.reserved", `Asha Verma${RESERVED}`, asha.userId, "/mysells");
    const unmatched = await legacy(seller, "market.reserved", "Asha Verma has it now.", asha.userId, "/mysells");
    const garbled = await legacy(seller, "market.reserved", `Deleted studenta${RESERVED}`, null, "/mysells");
    const gone = await legacy(
      seller,
      "market.message",
      "Deleted studenthis still available?",
      null,
      `/messages/${crypto.randomUUID()}`,
    );
    await runMigration();

    expect(await stored(message)).toEqual({
      text: ": Is it here: the blue one?",
      actorId: asha.userId,
      aboutUserId: null,
    });
    expect(await stored(reserved)).toEqual({ text: RESERVED, actorId: asha.userId, aboutUserId: null });
    expect(await stored(unmatched)).toEqual({
      text: "Asha Verma has it now.",
      actorId: null,
      aboutUserId: asha.userId,
    });
    expect(await stored(garbled)).toEqual({ text: `Deleted student${RESERVED}`, actorId: null, aboutUserId: null });
    expect(await stored(gone)).toBeNull();
    const texts = (await inbox(seller)).map((n) => n.text);
    expect(texts).toContain("Asha: Is it here: the blue one?");
    expect(texts).toContain(`Asha Kapoor${RESERVED}`);

    // Deleting the account: the converted notices read "Deleted student" or go with the conversation;
    // the one that could not be converted goes rather than keep the name.
    await deleteAccount(asha);
    expect(await stored(reserved)).toEqual({ text: RESERVED, actorId: asha.userId, aboutUserId: null });
    expect(await stored(message)).toBeNull();
    expect(await stored(unmatched)).toBeNull();
    expect(JSON.stringify(await inbox(seller))).not.toContain("Asha");
  });
});
