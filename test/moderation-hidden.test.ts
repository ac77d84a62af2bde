// Hidden content as its owner, other students and moderators see it (the mark and the
// reason for the owner; files by id gone for others), and the Report control on every kind of card
// through the pages' own actions.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { StudyRequest } from "#common/studyswap.ts";
import type { ComplaintView } from "#server/services/hostel/complaints.ts";
import { bearer, call, createUser, type TestUser } from "#test/helpers.ts";
import { get, PNG_BYTES, read, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { grant } from "#test/staff-helpers.ts";

const hide = (table: string, id: string, reason = "Shares a phone number of someone else") =>
  env.DB.prepare(`UPDATE ${table} SET hidden_at = ?2, hidden_reason = ?3 WHERE id = ?1`)
    .bind(id, Date.now(), reason)
    .run();

async function complaintWithPhoto(owner: TestUser, blockId = "B"): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    category: "electrical",
    blockId,
    room: "101",
    description: "The switchboard sparks when the geyser is on.",
  }))
    form.set(k, v);
  form.set("photo", new File([PNG_BYTES], "spark.png", { type: "image/png" }));
  const res = await call("/api/hostel/complaints", { method: "POST", headers: bearer(owner.token), body: form });
  expect(res.status).toBe(201);
  return (await read<{ id: string }>(res)).data.id;
}

async function requestWithFile(owner: TestUser): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    title: "Thermodynamics tutorial sheet",
    category: "Thermodynamics",
    details: "Explain problems 3 to 7.",
    contact: "owner@campus.test",
  }))
    form.set(k, v);
  form.set("file", new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "sheet.pdf", { type: "application/pdf" }));
  const res = await call("/api/studyswap/requests", { method: "POST", headers: bearer(owner.token), body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: StudyRequest }).data._id;
}

describe("hidden content", () => {
  it("a hidden complaint: its owner sees it with the reason, a neighbour sees neither it nor its photo, a moderator sees both", async () => {
    const [owner, neighbour, moderator] = await Promise.all([createUser(), createUser(), createUser()]);
    await grant(moderator, "moderator");
    await sendJson("PUT", "/api/hostel/residence", { blockId: "B", room: "102" }, neighbour.token);
    const id = await complaintWithPhoto(owner);
    expect((await get(`/api/hostel/complaints/${id}/photo`, neighbour.token)).status).toBe(200);
    await hide("hostel_complaints", id);

    const mine = (
      await read<{ complaints: ComplaintView[] }>(await get("/api/hostel/complaints?view=mine", owner.token))
    ).data;
    expect(mine.complaints.find((c) => c.id === id)?.hiddenReason).toBe("Shares a phone number of someone else");
    const ownerPage = await (await call("/hostel-complaints?view=mine", { headers: { Cookie: owner.cookie } })).text();
    expect(ownerPage).toContain("Hidden from other students: Shares a phone number of someone else");

    const block = (
      await read<{ complaints: ComplaintView[] }>(await get("/api/hostel/complaints?view=block", neighbour.token))
    ).data;
    expect(block.complaints.some((c) => c.id === id)).toBe(false);
    expect((await get(`/api/hostel/complaints/${id}/photo`, neighbour.token)).status).toBe(404);
    expect((await get(`/api/hostel/complaints/${id}/photo`, owner.token)).status).toBe(200);
  });

  it("a hidden Study Swap request: its file is not served to other students, still to its owner; the owner's list shows why", async () => {
    const [owner, writer] = await Promise.all([createUser(), createUser()]);
    const id = await requestWithFile(owner);
    expect((await get(`/api/studyswap/requests/${id}/attachment`, writer.token)).status).toBe(200);
    await hide("study_requests", id, "Asks someone to do graded work for them");
    expect((await get(`/api/studyswap/requests/${id}/attachment`, writer.token)).status).toBe(404);
    expect((await get(`/api/studyswap/requests/${id}/attachment`, owner.token)).status).toBe(200);
    const board = (await (await get("/api/studyswap/requests", writer.token)).json()) as StudyRequest[];
    expect(board.some((r) => r._id === id)).toBe(false);
    const ownerBoard = (await (await get("/api/studyswap/requests", owner.token)).json()) as StudyRequest[];
    expect(ownerBoard.find((r) => r._id === id)).toMatchObject({
      mine: true,
      hiddenReason: "Asks someone to do graded work for them",
    });
  });

  it("a hidden roommate listing: the owner's own card on /roommate-finder carries the mark", async () => {
    const owner = await createUser();
    const res = await sendJson(
      "POST",
      "/api/hostel/roommates",
      {
        about: "Second-year civil student, early riser, keeps the room tidy.",
        preferredBlock: "A",
        roomType: "double",
        budget: 5000,
        sleepSchedule: "early_bird",
        studyHabits: "silent",
        cleanliness: "tidy",
        whatsapp: "9876543210",
      },
      owner.token,
    );
    expect(res.status, (await res.clone().text()).slice(0, 200)).toBe(201);
    const id = (await read<{ id: string }>(res)).data.id;
    await hide("roommate_listings", id, "Wrong category");
    const page = await (await call("/roommate-finder", { headers: { Cookie: owner.cookie } })).text();
    expect(page).toContain("Hidden from other students: Wrong category");
  });
});

describe("Report on every kind of card, through the page's own action", () => {
  const form = (user: TestUser, path: string, fields: Record<string, string>) =>
    call(path, {
      method: "POST",
      headers: { Cookie: user.cookie, Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

  it("complaints, Study Swap requests and roommate posts: counted once per member, own content refused", async () => {
    const [owner, reporter] = await Promise.all([createUser(), createUser()]);
    const complaint = await complaintWithPhoto(owner, "C");
    const request = await requestWithFile(owner);
    const listing = (
      await read<{ id: string }>(
        await sendJson(
          "POST",
          "/api/hostel/roommates",
          {
            about: "Looking for a quiet roommate in a double room near the library.",
            roomType: "double",
            budget: 4500,
            sleepSchedule: "flexible",
            studyHabits: "silent",
            cleanliness: "relaxed",
            whatsapp: "9876500000",
          },
          owner.token,
        ),
      )
    ).data.id;
    const cases = [
      { path: "/hostel-complaints", kind: "complaint", id: complaint },
      { path: "/become-writer", kind: "request", id: request },
      { path: "/roommate-finder", kind: "roommate", id: listing },
    ];
    for (const c of cases) {
      const first = await form(reporter, c.path, {
        intent: "report",
        kind: c.kind,
        id: c.id,
        reason: "offensive",
        note: "",
      });
      expect(first.status, c.path).toBe(200);
      expect(
        await form(reporter, c.path, { intent: "report", kind: c.kind, id: c.id, reason: "scam", note: "" }).then(
          (r) => r.status,
        ),
      ).toBe(200);
      expect(
        await count("SELECT COUNT(*) AS n FROM content_reports WHERE kind = ? AND subject_id = ?", c.kind, c.id),
      ).toBe(1);
      const own = await form(owner, c.path, { intent: "report", kind: c.kind, id: c.id, reason: "scam", note: "" });
      expect(own.status, c.path).toBe(400);
    }
  });

  it("the cards of other students' content show Report; one's own does not", async () => {
    const [owner, viewer] = await Promise.all([createUser(), createUser()]);
    await sendJson("PUT", "/api/hostel/residence", { blockId: "D", room: "7" }, viewer.token);
    await complaintWithPhoto(owner, "D");
    const viewerPage = await (
      await call("/hostel-complaints?view=block", { headers: { Cookie: viewer.cookie } })
    ).text();
    expect(viewerPage).toContain('aria-label="Report the complaint about Block D, room 101"');
    const ownerPage = await (await call("/hostel-complaints?view=mine", { headers: { Cookie: owner.cookie } })).text();
    expect(ownerPage).not.toContain('aria-label="Report the complaint');
  });
});
