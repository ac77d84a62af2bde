// Study Swap between two campuses (docs/decisions/0076-campus-market.md): the board, the
// writers and the attachments are per campus, another campus's request is a 404, posting and
// becoming a writer need a verified member, contacts go only to those who may see them, and requests
// of verified members carry "Verified <campus> student" on the screens. CIT is @campus.test, RCE
// is @riverside.test.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { StudyRequest, Writer } from "#common/studyswap.ts";
import { bearer, call, createUser, postJson, unique, type TestUser } from "#test/helpers.ts";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

const riverside = (overrides: { verified?: boolean } = {}) =>
  createUser({ email: `${unique("s")}@riverside.test`, ...overrides });

const fields = (title: string, contact = "poster@campus.test") => ({
  title,
  category: "Physics",
  details: "Two pages on optics.",
  contact,
});

async function posted(user: TestUser, title = unique("Request "), contact?: string): Promise<StudyRequest> {
  const res = await postJson("/api/studyswap/requests", fields(title, contact), bearer(user.token));
  if (res.status !== 201) throw new Error(`post failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: StudyRequest }).data;
}

async function postedWithFile(user: TestUser): Promise<StudyRequest> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields(unique("Filed ")))) form.set(key, value);
  form.set("file", new File([PDF], "notes.pdf", { type: "application/pdf" }));
  const res = await call("/api/studyswap/requests", { method: "POST", headers: bearer(user.token), body: form });
  if (res.status !== 201) throw new Error(`post failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: StudyRequest }).data;
}

const board = async (user: TestUser) => {
  const res = await call("/api/studyswap/requests", { headers: bearer(user.token) });
  expect(res.status).toBe(200);
  return (await res.json()) as StudyRequest[];
};

const writersFor = async (user: TestUser | null, query = "") => {
  const res = await call(`/api/studyswap/writers${query}`, { headers: user ? bearer(user.token) : {} });
  expect(res.status).toBe(200);
  return (await res.json()) as Writer[];
};

const putWriter = (user: TestUser, body: Record<string, unknown>) =>
  call("/api/studyswap/writers/me", {
    method: "PUT",
    headers: { ...bearer(user.token), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

const page = async (path: string, user: TestUser | null) => {
  const res = await call(path, { headers: user ? { Cookie: user.cookie } : {} });
  expect(res.status, path).toBe(200);
  return res.text();
};

const post = (path: string, data: Record<string, string>, cookie: string) =>
  call(path, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    body: new URLSearchParams(data),
    redirect: "manual",
  });

const count = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .first<{ n: number }>()
  )?.n ?? 0;
const statusOf = async (id: string) =>
  (await env.DB.prepare("SELECT status FROM study_requests WHERE id = ?").bind(id).first<{ status: string }>())
    ?.status ?? null;

describe("Study Swap's lists are per campus", () => {
  it("GET /requests and /become-writer show a member their own campus's open requests only", async () => {
    const asha = await createUser();
    const meera = await riverside();
    const cit = await posted(asha, unique("CIT optics "));
    const rce = await posted(meera, unique("RCE optics "));
    const citBoard = (await board(asha)).map((r) => r._id);
    expect(citBoard).toContain(cit._id);
    expect(citBoard).not.toContain(rce._id);
    const rceBoard = (await board(meera)).map((r) => r._id);
    expect(rceBoard).toContain(rce._id);
    expect(rceBoard).not.toContain(cit._id);
    const citPage = await page("/become-writer", asha);
    expect(citPage).toContain(cit.title);
    expect(citPage).not.toContain(rce.title);
    const rcePage = await page("/become-writer", meera);
    expect(rcePage).toContain(rce.title);
    expect(rcePage).not.toContain(cit.title);
  });

  it("takes the campus from the poster, never from what the client sends", async () => {
    const meera = await riverside();
    const res = await postJson(
      "/api/studyswap/requests",
      { ...fields(unique("Sneaky ")), campusId: "cit", campus_id: "cit" },
      bearer(meera.token),
    );
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: StudyRequest };
    const row = await env.DB.prepare("SELECT campus_id AS campusId FROM study_requests WHERE id = ?")
      .bind(data._id)
      .first<{ campusId: string }>();
    expect(row?.campusId).toBe("rce");
  });

  it("writers: a member sees their own campus's, with contacts; a visitor every college's (or ?campus='s), never a contact", async () => {
    const asha = await createUser();
    const meera = await riverside();
    expect((await putWriter(asha, { name: "Asha", expertise: "Physics", contact: "asha.w@campus.test" })).status).toBe(
      200,
    );
    expect(
      (await putWriter(meera, { name: "Meera", expertise: "Chemistry", contact: "meera.w@riverside.test" })).status,
    ).toBe(200);
    const citList = await writersFor(asha);
    expect(citList.find((w) => w._id === asha.userId)?.contact).toBe("asha.w@campus.test");
    expect(citList.some((w) => w._id === meera.userId)).toBe(false);
    const rceList = await writersFor(meera);
    expect(rceList.find((w) => w._id === meera.userId)?.contact).toBe("meera.w@riverside.test");
    expect(rceList.some((w) => w._id === asha.userId)).toBe(false);
    // A member's ?campus= is ignored.
    expect((await writersFor(asha, "?campus=rce")).some((w) => w._id === meera.userId)).toBe(false);

    const visitor = await writersFor(null);
    expect(visitor.find((w) => w._id === asha.userId)?.contact).toBeNull();
    expect(visitor.find((w) => w._id === meera.userId)?.contact).toBeNull();
    const oneCollege = await writersFor(null, "?campus=rce");
    expect(oneCollege.some((w) => w._id === meera.userId)).toBe(true);
    expect(oneCollege.some((w) => w._id === asha.userId)).toBe(false);
    expect((await call("/api/studyswap/writers?campus=%3Cx%3E")).status).toBe(400);

    const landing = await page("/studyswap", meera);
    expect(landing).toContain("meera.w@riverside.test");
    expect(landing).not.toContain("asha.w@campus.test");
  });

  it("the writer profile takes the writer's campus", async () => {
    const meera = await riverside();
    expect(
      (await putWriter(meera, { name: "M", expertise: "Maths", contact: "m@riverside.test", campusId: "cit" })).status,
    ).toBe(200);
    const row = await env.DB.prepare("SELECT campus_id AS campusId FROM writers WHERE user_id = ?")
      .bind(meera.userId)
      .first<{ campusId: string }>();
    expect(row?.campusId).toBe("rce");
  });
});

describe("another campus's request is a 404, as one that does not exist", () => {
  it("closing and deleting it (API and screen): 404 (not 403), unchanged", async () => {
    const meera = await riverside();
    const asha = await createUser();
    const request = await posted(meera);
    for (const res of [
      await call(`/api/studyswap/requests/${request._id}/close`, { method: "POST", headers: bearer(asha.token) }),
      await call(`/api/studyswap/requests/${request._id}`, { method: "DELETE", headers: bearer(asha.token) }),
      await post("/find-writer", { intent: "close", id: request._id }, asha.cookie),
      await post("/find-writer", { intent: "delete", id: request._id }, asha.cookie),
    ]) {
      expect(res.status).toBe(404);
    }
    expect(await statusOf(request._id)).toBe("open");
    // Within a campus, someone else's request is still 403, as before.
    const other = await riverside();
    expect(
      (await call(`/api/studyswap/requests/${request._id}`, { method: "DELETE", headers: bearer(other.token) })).status,
    ).toBe(403);
  });

  it("its attachment is private to its campus: 404 for another campus, 200 for a member of its own", async () => {
    const meera = await riverside();
    const request = await postedWithFile(meera);
    const url = request.attachment!.url;
    expect((await call(url, { headers: bearer((await createUser()).token) })).status).toBe(404);
    const sameCampus = await call(url, { headers: bearer((await riverside()).token) });
    expect(sameCampus.status).toBe(200);
    expect(new Uint8Array(await sameCampus.arrayBuffer())).toEqual(PDF);
    expect((await call(url, { headers: bearer(meera.token) })).status).toBe(200);
  });
});

describe("posting a request and becoming a writer need a verified college e-mail", () => {
  it("an unverified account cannot post a request: 403 with the reason, nothing stored (API and screen)", async () => {
    const student = await createUser({ verified: false });
    const title = unique("Unverified ");
    const res = await postJson("/api/studyswap/requests", fields(title), bearer(student.token));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      message: "Verify your college e-mail to post a Study Swap request.",
      code: "verify_email",
    });
    // Refused before the body is read: a broken body gets the same answer.
    expect((await postJson("/api/studyswap/requests", { nonsense: true }, bearer(student.token))).status).toBe(403);
    const screen = await post("/find-writer", { intent: "post", ...fields(title) }, student.cookie);
    expect(screen.status).toBe(403);
    expect(await count("SELECT COUNT(*) AS n FROM study_requests WHERE title = ?", title)).toBe(0);
  });

  it("an unverified account cannot become a writer: 403 with the reason, no profile (API and screen)", async () => {
    const student = await createUser({ verified: false });
    const res = await putWriter(student, { name: "W", expertise: "Maths", contact: "w@campus.test" });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe("Verify your college e-mail to become a writer.");
    const screen = await post(
      "/become-writer",
      { intent: "save-writer", name: "W", expertise: "Maths", contact: "w@campus.test" },
      student.cookie,
    );
    expect(screen.status).toBe(403);
    expect(await count("SELECT COUNT(*) AS n FROM writers WHERE user_id = ?", student.userId)).toBe(0);
  });

  it("an unverified poster may still close and delete their own request", async () => {
    const poster = await createUser();
    const request = await posted(poster);
    await env.DB.prepare("UPDATE users SET email_verified_at = NULL WHERE id = ?").bind(poster.userId).run();
    expect(
      (await call(`/api/studyswap/requests/${request._id}/close`, { method: "POST", headers: bearer(poster.token) }))
        .status,
    ).toBe(200);
    expect(
      (await call(`/api/studyswap/requests/${request._id}`, { method: "DELETE", headers: bearer(poster.token) }))
        .status,
    ).toBe(200);
    expect(await statusOf(request._id)).toBeNull();
  });

  it("the screens show the verify banner instead of the post form and the writer form", async () => {
    const student = await createUser({ verified: false });
    const findWriter = await page("/find-writer", student);
    expect(findWriter).toContain("Verify your college e-mail to post a Study Swap request.");
    expect(findWriter).toContain(student.email);
    expect(findWriter).not.toContain('name="details"');
    const becomeWriter = await page("/become-writer", student);
    expect(becomeWriter).toContain("Verify your college e-mail to contact students or become a writer.");
    expect(becomeWriter).not.toContain('name="expertise"');
    const member = await createUser();
    expect(await page("/find-writer", member)).toContain('name="details"');
    const memberBoard = await page("/become-writer", member);
    expect(memberBoard).toContain('name="expertise"');
    expect(memberBoard).not.toContain("Verify your college e-mail");
  });
});

describe("contacts on the board go only to those who may see them", () => {
  it("an unverified member sees the request without its contact (API null, no Contact Student on the screen)", async () => {
    const poster = await createUser();
    const contact = `${unique("c")}@campus.test`;
    const request = await posted(poster, unique("Contacted "), contact);
    const student = await createUser({ verified: false });
    const seen = (await board(student)).find((r) => r._id === request._id);
    expect(seen).toBeDefined();
    expect(seen?.contact).toBeNull();
    const html = await page("/become-writer", student);
    expect(html).toContain(request.title);
    expect(html).not.toContain(contact);
    expect(html).not.toContain(`aria-label="Contact Student about ${request.title}"`);
    // A verified member of the campus gets it, in the specification's shape.
    const member = await createUser();
    expect((await board(member)).find((r) => r._id === request._id)?.contact).toBe(contact);
    expect(await page("/become-writer", member)).toContain(`aria-label="Contact Student about ${request.title}"`);
    // The poster's own list always has it.
    const mine = (await (
      await call("/api/studyswap/requests/mine", { headers: bearer(poster.token) })
    ).json()) as StudyRequest[];
    expect(mine.find((r) => r._id === request._id)?.contact).toBe(contact);
  });

  it("an unverified member sees writers without contacts, on the API and on /studyswap", async () => {
    const writer = await createUser();
    const contact = `${unique("w")}@campus.test`;
    expect((await putWriter(writer, { name: "Writer", expertise: "Physics", contact })).status).toBe(200);
    const student = await createUser({ verified: false });
    expect((await writersFor(student)).find((w) => w._id === writer.userId)?.contact).toBeNull();
    const landing = await page("/studyswap", student);
    expect(landing).not.toContain(contact);
    expect(landing).toContain("Verify your college e-mail to see contact details");
  });
});

describe("the verified badge on requests", () => {
  it("shows 'Verified RCE student' on a verified member's request, nothing on an unverified poster's; the API keeps the specification's shape", async () => {
    const meera = await riverside();
    const other = await riverside();
    const verified = await posted(meera, unique("Badged "));
    const plain = await posted(other, unique("Plain "));
    await env.DB.prepare("UPDATE users SET email_verified_at = NULL WHERE id = ?").bind(other.userId).run();
    const html = await page("/become-writer", meera);
    const cardOf = (title: string) => html.slice(html.indexOf(title), html.indexOf("Posted ", html.indexOf(title)));
    expect(cardOf(verified.title)).toContain("Verified RCE student");
    expect(cardOf(plain.title)).not.toContain("Verified RCE student");
    const json = (await board(meera)).find((r) => r._id === verified._id);
    expect(json).not.toHaveProperty("verifiedBadge");
  });
});
