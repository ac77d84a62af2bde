// Clubs (docs/decisions/0130-the-waiting-list.md): the campus admin makes them and names their leads
// (audited, the lead told), a student follows one and hears of its new events, and another college's
// club does not exist for them.
import { describe, expect, it } from "vitest";
import { createUser, type TestUser } from "#test/helpers.ts";
import { get, read, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { campusAdmin, clubWithLead, eventBody, publish } from "#test/events-helpers.ts";

interface Club {
  id: string;
  name: string;
  followers: number;
  following: boolean;
  leading: boolean;
  leads: { userId: string; name: string }[];
}

const clubsOf = async (user: TestUser) => (await read<Club[]>(await get("/api/clubs", user.token))).data;

describe("clubs", () => {
  it("lets only the campus admin create a club and name its leads, audited, the lead told", async () => {
    const student = await createUser();
    const refused = await sendJson("POST", "/api/clubs", { name: "Sneaky Club" }, student.token);
    expect(refused.status).toBe(403);
    expect((await read(refused)).message).toBe(
      "Only your college's campus admin can create clubs and name their leads.",
    );
    expect(await count("SELECT COUNT(*) AS n FROM clubs WHERE name = 'Sneaky Club'")).toBe(0);

    const { clubId, name, admin, lead } = await clubWithLead();
    const again = await sendJson("POST", "/api/clubs", { name: name.toUpperCase() }, admin.token);
    expect(again.status).toBe(409);
    expect((await read(again)).message).toBe("Your college already has a club of that name.");
    const byStudent = await sendJson("POST", `/api/clubs/${clubId}/leads`, { email: student.email }, student.token);
    expect(byStudent.status).toBe(403);
    const unknown = await sendJson("POST", `/api/clubs/${clubId}/leads`, { email: "nobody@campus.test" }, admin.token);
    expect(unknown.status).toBe(404);

    const listed = (await clubsOf(lead)).find((c) => c.id === clubId);
    expect(listed).toMatchObject({ name, leading: true, leads: [{ userId: lead.userId, name: "Lead Student" }] });
    expect(
      await count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE subject_kind = 'club' AND subject_id = ?1", clubId),
    ).toBe(2);
    expect(
      await count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ?1 AND kind = 'club.lead'", lead.userId),
    ).toBe(1);
  });

  it("lets the campus admin remove a lead: told once, audited once, the club's events stay", async () => {
    const { clubId, admin, lead } = await clubWithLead();
    const eventId = (await publish(lead, eventBody(clubId))).id;
    // Not the admin, another college's admin, someone who is not a lead: refused, nothing changes.
    const rceAdmin = await campusAdmin("rce");
    const other = await createUser();
    expect((await sendJson("DELETE", `/api/clubs/${clubId}/leads/${lead.userId}`, undefined, lead.token)).status).toBe(
      403,
    );
    expect(
      (await sendJson("DELETE", `/api/clubs/${clubId}/leads/${lead.userId}`, undefined, rceAdmin.token)).status,
    ).toBe(404);
    const notLead = await sendJson("DELETE", `/api/clubs/${clubId}/leads/${other.userId}`, undefined, admin.token);
    expect(notLead.status).toBe(404);
    expect((await read(notLead)).message).toBe("That student does not lead this club.");
    expect(await count("SELECT COUNT(*) AS n FROM club_leads WHERE club_id = ?1", clubId)).toBe(1);

    // Two removals at once: one row gone, one notice, one audit line; the other is a 404.
    const answers = await Promise.all([
      sendJson("DELETE", `/api/clubs/${clubId}/leads/${lead.userId}`, undefined, admin.token),
      sendJson("DELETE", `/api/clubs/${clubId}/leads/${lead.userId}`, undefined, admin.token),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
    expect((await read(answers.find((r) => r.status === 200)!)).message).toBe("Lead removed.");
    expect(await count("SELECT COUNT(*) AS n FROM club_leads WHERE club_id = ?1", clubId)).toBe(0);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM notices WHERE user_id = ?1 AND kind = 'club.lead' AND text LIKE 'You no longer lead%'",
        lead.userId,
      ),
    ).toBe(1);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'club.lead.remove' AND subject_id = ?1",
        clubId,
      ),
    ).toBe(1);
    expect((await clubsOf(lead)).find((c) => c.id === clubId)).toMatchObject({ leading: false, leads: [] });
    expect(await count("SELECT COUNT(*) AS n FROM events WHERE id = ?1", eventId)).toBe(1);
  });

  it("keeps each college's clubs to itself", async () => {
    const { clubId } = await clubWithLead();
    const rceAdmin = await campusAdmin("rce");
    const rceStudent = await createUser({ email: `r-${crypto.randomUUID()}@riverside.test` });
    expect((await clubsOf(rceStudent)).map((c) => c.id)).not.toContain(clubId);
    expect((await sendJson("PUT", `/api/clubs/${clubId}/follow`, {}, rceStudent.token)).status).toBe(404);
    expect(
      (await sendJson("POST", `/api/clubs/${clubId}/leads`, { email: rceStudent.email }, rceAdmin.token)).status,
    ).toBe(404);
    expect(await count("SELECT COUNT(*) AS n FROM club_follows WHERE club_id = ?1", clubId)).toBe(0);
  });

  it("lets a student follow a club once, hear of its new events, and unfollow", async () => {
    const { clubId, name, lead } = await clubWithLead();
    const student = await createUser();
    expect((await sendJson("PUT", `/api/clubs/${clubId}/follow`, {}, student.token)).status).toBe(200);
    await Promise.all([
      sendJson("PUT", `/api/clubs/${clubId}/follow`, {}, student.token),
      sendJson("PUT", `/api/clubs/${clubId}/follow`, {}, student.token),
    ]);
    expect(await count("SELECT COUNT(*) AS n FROM club_follows WHERE club_id = ?1", clubId)).toBe(1);
    expect((await clubsOf(student)).find((c) => c.id === clubId)).toMatchObject({ following: true, followers: 1 });

    const event = await publish(lead, eventBody(clubId, { title: "Open mic" }));
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM notices WHERE user_id = ?1 AND kind = 'club.event' AND link = ?2",
        student.userId,
        `/events/${event.id}`,
      ),
    ).toBe(1);
    // The lead is not told of their own event.
    expect(
      await count("SELECT COUNT(*) AS n FROM notices WHERE user_id = ?1 AND kind = 'club.event'", lead.userId),
    ).toBe(0);
    expect(name).toContain("Club");

    expect((await sendJson("DELETE", `/api/clubs/${clubId}/follow`, {}, student.token)).status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM club_follows WHERE club_id = ?1", clubId)).toBe(0);
  });

  it("asks an unverified student to verify before following", async () => {
    const { clubId } = await clubWithLead();
    const unverified = await createUser({ verified: false });
    const res = await sendJson("PUT", `/api/clubs/${clubId}/follow`, {}, unverified.token);
    expect(res.status).toBe(403);
    expect((await read(res)).message).toBe("Verify your college e-mail to follow a club.");
  });
});
