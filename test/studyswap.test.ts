import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { MyStudyRequest, StudyRequest, Writer } from "#common/studyswap.ts";
import { bearer, call, clockPast, createUser, postJson, unique, type TestUser } from "#test/helpers.ts";

const base = {
  title: "Operating systems lab report",
  category: "Operating Systems",
  details: "Ten pages on scheduling.",
  contact: "student@campus.test",
};

async function post(user: TestUser, body: Record<string, unknown>): Promise<Response> {
  return postJson("/api/studyswap/requests", body, bearer(user.token));
}

async function created(user: TestUser, body: Record<string, unknown> = {}): Promise<StudyRequest> {
  const res = await post(user, { ...base, title: unique("Request "), ...body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: StudyRequest }).data;
}

function multipart(
  user: TestUser,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array | string; name: string; type?: string },
): Promise<Response> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file)
    form.append(
      "file",
      new File([file.bytes as BlobPart], file.name, { type: file.type ?? "application/octet-stream" }),
    );
  return call("/api/studyswap/requests", { method: "POST", headers: bearer(user.token), body: form });
}

async function board(user: TestUser): Promise<StudyRequest[]> {
  const res = await call("/api/studyswap/requests", { headers: bearer(user.token) });
  expect(res.status).toBe(200);
  return (await res.json()) as StudyRequest[];
}

async function objectCount(): Promise<number> {
  return (await env.FILES.list({ prefix: "requests/" })).objects.length;
}

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0]);
const OLE = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);

describe("GET /api/studyswap/health-check", () => {
  it("answers 200 while the database answers", async () => {
    const res = await call("/api/studyswap/health-check");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, status: "ok" });
  });
});

describe("POST /api/studyswap/requests", () => {
  it("needs sign-in: 401 without a session, and nothing is stored", async () => {
    const title = unique("signed out ");
    const res = await postJson("/api/studyswap/requests", { ...base, title });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, message: "Please sign in to continue." });
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM study_requests WHERE title = ?")
      .bind(title)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it("accepts the form's category/details and answers with subject/requirements", async () => {
    const user = await createUser();
    const res = await post(user, { ...base, deadline: " 7 days ", budget: "₹2,000", pages: 12 });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { success: boolean; message: string; data: StudyRequest };
    expect(body.success).toBe(true);
    expect(body.message).toBe("Your request has been posted successfully! Helpers can now see it.");
    expect(body.data).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: base.title,
      subject: "Operating Systems",
      requirements: "Ten pages on scheduling.",
      deadline: "7 days",
      budget: "₹2,000",
      budgetValue: 2000,
      pages: 12,
      contact: "student@campus.test",
      createdAt: expect.any(Number),
      attachment: null,
      mine: true,
    });
    expect(Math.abs(body.data.createdAt - Date.now())).toBeLessThan(60_000);
  });

  it("accepts subject/requirements too", async () => {
    const user = await createUser();
    const res = await post(user, {
      title: "Essay",
      subject: "English",
      requirements: "1500 words",
      contact: "+91 98765 43210",
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: StudyRequest };
    expect(data).toMatchObject({
      subject: "English",
      requirements: "1500 words",
      contact: "+91 98765 43210",
      deadline: "",
      budget: "",
      budgetValue: null,
      pages: "",
    });
  });

  it.each([
    [{ title: "" }, /title/i],
    [{ title: "x".repeat(121) }, /at most 120/],
    [{ category: undefined }, /category or subject/i],
    [{ category: "x".repeat(81) }, /at most 80/],
    [{ details: "   " }, /details/i],
    [{ details: "x".repeat(5001) }, /at most 5000/],
    [{ contact: undefined }, /e-mail address or a phone number/],
    [{ contact: "call me maybe" }, /valid e-mail address .* or phone number/],
    [{ contact: "someone@nowhere" }, /valid e-mail address/],
    [{ contact: "12345" }, /valid e-mail address/],
    [{ pages: 0 }, /at least 1/],
    [{ pages: 2.5 }, /whole number/],
    [{ pages: "five" }, /whole number/],
    [{ pages: 1001 }, /at most 1,000/],
    [{ deadline: "x".repeat(61) }, /deadline can be at most 60/],
    [{ budget: "x".repeat(41) }, /budget can be at most 40/],
    [{ title: 42 }, /title/i],
  ])("answers 400 with a message for %j", async (change, message) => {
    const user = await createUser();
    const res = await post(user, { ...base, ...change });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { success: boolean; message: string; msg: string };
    expect(body.success).toBe(false);
    expect(body.message).toMatch(message);
    expect(body.msg).toBe(body.message);
  });

  it("answers 400 for malformed JSON and 415 for another content type", async () => {
    const user = await createUser();
    const bad = await call("/api/studyswap/requests", {
      method: "POST",
      headers: { ...bearer(user.token), "Content-Type": "application/json" },
      body: '{"title":',
    });
    expect(bad.status).toBe(400);
    const text = await call("/api/studyswap/requests", {
      method: "POST",
      headers: { ...bearer(user.token), "Content-Type": "text/plain" },
      body: "hello",
    });
    expect(text.status).toBe(415);
  });

  it("parses the number out of the budget text for sorting", async () => {
    const user = await createUser();
    for (const [budget, value] of [
      ["$150", 150],
      ["₹2,000", 2000],
      ["150-200", 150],
      ["negotiable", null],
    ] as const) {
      const request = await created(user, { budget });
      expect(request.budget).toBe(budget);
      expect(request.budgetValue).toBe(value);
    }
  });

  it("accepts multipart with the same fields and no file (an empty file part means none)", async () => {
    const user = await createUser();
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...base, pages: "3", budget: "" })) form.append(key, value);
    form.append("file", new File([], ""));
    const res = await call("/api/studyswap/requests", { method: "POST", headers: bearer(user.token), body: form });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: StudyRequest };
    expect(data).toMatchObject({ subject: base.category, pages: 3, budget: "", attachment: null });
  });

  it("stores an attachment under a server key and serves it to signed-in users as a download", async () => {
    const poster = await createUser();
    const before = await objectCount();
    const res = await multipart(
      poster,
      { ...base, pages: "4" },
      { bytes: PDF, name: "../../etc/My notes:v2.PDF", type: "text/html" },
    );
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: StudyRequest };
    expect(data.attachment).toEqual({
      url: `/api/studyswap/requests/${data._id}/attachment`,
      name: "My notes_v2.pdf",
      contentType: "application/pdf",
      size: PDF.byteLength,
    });

    expect(await objectCount()).toBe(before + 1);
    const row = await env.DB.prepare("SELECT attachment_key FROM study_requests WHERE id = ?")
      .bind(data._id)
      .first<{ attachment_key: string }>();
    expect(row?.attachment_key).toMatch(/^requests\/[0-9a-f-]{36}$/);
    const object = await env.FILES.head(row!.attachment_key);
    expect(object?.customMetadata?.name).toBe("My notes_v2.pdf");

    // Any signed-in user may download it; the answer is a download, never rendered.
    const reader = await createUser();
    const download = await call(data.attachment!.url, { headers: bearer(reader.token) });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    expect(download.headers.get("Content-Disposition")).toBe(
      `attachment; filename="My notes_v2.pdf"; filename*=UTF-8''My%20notes_v2.pdf`,
    );
    expect(download.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);

    // The listed request carries the attachment too.
    expect((await board(reader)).find((r) => r._id === data._id)?.attachment?.url).toBe(data.attachment!.url);

    const signedOut = await call(data.attachment!.url);
    expect(signedOut.status).toBe(401);
  });

  it.each([
    ["picture.png", PNG, "image/png", "picture.png"],
    ["report.docx", ZIP, "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "report.docx"],
    ["bundle.jar", ZIP, "application/zip", "bundle.zip"],
    ["old.doc", OLE, "application/msword", "old.doc"],
    ["notes.md", new TextEncoder().encode("# Notes\nप्रश्न 1"), "text/plain; charset=utf-8", "notes.md"],
    ["page.html", new TextEncoder().encode("<script>alert(1)</script>"), "text/plain; charset=utf-8", "page.html.txt"],
  ])("detects %s by its bytes", async (name, bytes, type, downloadName) => {
    const user = await createUser();
    const res = await multipart(user, base, { bytes, name });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: StudyRequest };
    expect(data.attachment).toMatchObject({ contentType: type, name: downloadName });
    const download = await call(data.attachment!.url, { headers: bearer(user.token) });
    expect(download.headers.get("Content-Type")).toBe(type);
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment;/);
  });

  it.each([
    ["program.exe", new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0xff, 0xfe])],
    ["binary.txt", new Uint8Array([0x68, 0x69, 0x00, 0x21])],
    ["archive.rar", new Uint8Array([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00])],
    ["macro.msg", OLE],
  ])("refuses %s with 400 and leaves no row and no object", async (name, bytes) => {
    const user = await createUser();
    const before = await objectCount();
    const title = unique("refused ");
    const res = await multipart(user, { ...base, title }, { bytes, name });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/file type is not allowed/);
    expect(await objectCount()).toBe(before);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM study_requests WHERE title = ?")
      .bind(title)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("refuses a file over 10 MB with 413, and invalid fields with a file leave no object", async () => {
    const user = await createUser();
    const before = await objectCount();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF);
    const tooBig = await multipart(user, base, { bytes: big, name: "big.pdf" });
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toMatch(/at most 10 MB/);
    const invalid = await multipart(user, { ...base, contact: "nope" }, { bytes: PDF, name: "ok.pdf" });
    expect(invalid.status).toBe(400);
    expect(await objectCount()).toBe(before);
  });

  it("refuses two files", async () => {
    const user = await createUser();
    const before = await objectCount();
    const form = new FormData();
    for (const [key, value] of Object.entries(base)) form.append(key, value);
    form.append("file", new File([PDF], "a.pdf"));
    form.append("file", new File([PDF], "b.pdf"));
    const res = await call("/api/studyswap/requests", { method: "POST", headers: bearer(user.token), body: form });
    expect(res.status).toBe(400);
    expect(await objectCount()).toBe(before);
  });
});

describe("GET /api/studyswap/requests", () => {
  it("needs sign-in", async () => {
    expect((await call("/api/studyswap/requests")).status).toBe(401);
    expect((await call("/api/studyswap/requests/mine")).status).toBe(401);
  });

  it("is a bare array of open requests, newest first", async () => {
    const user = await createUser();
    const first = await created(user);
    await clockPast(first.createdAt);
    const second = await created(user);
    const list = await board(user);
    expect(Array.isArray(list)).toBe(true);
    const ids = list.map((r) => r._id);
    expect(ids.indexOf(second._id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    for (let i = 1; i < list.length; i++) expect(list[i - 1]!.createdAt).toBeGreaterThanOrEqual(list[i]!.createdAt);
    // The specification's keys; the poster's own requests also say "mine" (no Report on them: decision 0082).
    expect(Object.keys(list[0]!).sort()).toEqual([
      "_id",
      "attachment",
      "budget",
      "budgetValue",
      "contact",
      "createdAt",
      "deadline",
      "mine",
      "pages",
      "requirements",
      "subject",
      "title",
    ]);
    const other = (await board(await createUser())).find((r) => r._id === second._id)!;
    expect(Object.keys(other).sort()).toEqual([
      "_id",
      "attachment",
      "budget",
      "budgetValue",
      "contact",
      "createdAt",
      "deadline",
      "pages",
      "requirements",
      "subject",
      "title",
    ]);
  });
});

describe("closing and deleting requests", () => {
  it("the poster sees their own requests with a status and can close one: it leaves the board", async () => {
    const poster = await createUser();
    const other = await createUser();
    const request = await created(poster);
    const othersRequest = await created(other);

    const mine = (await (
      await call("/api/studyswap/requests/mine", { headers: bearer(poster.token) })
    ).json()) as MyStudyRequest[];
    expect(mine.map((r) => [r._id, r.status])).toEqual([[request._id, "open"]]);

    const forbidden = await call(`/api/studyswap/requests/${request._id}/close`, {
      method: "POST",
      headers: bearer(other.token),
    });
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { message: string }).message).toMatch(/Only the student who posted/);
    expect((await board(other)).some((r) => r._id === request._id)).toBe(true);

    const closed = await call(`/api/studyswap/requests/${request._id}/close`, {
      method: "POST",
      headers: bearer(poster.token),
    });
    expect(closed.status).toBe(200);
    expect(((await closed.json()) as { data: MyStudyRequest }).data).toMatchObject({
      _id: request._id,
      status: "closed",
      closedAt: expect.any(Number),
    });
    // Closing again changes nothing and is not an error.
    expect(
      (await call(`/api/studyswap/requests/${request._id}/close`, { method: "POST", headers: bearer(poster.token) }))
        .status,
    ).toBe(200);

    const ids = (await board(other)).map((r) => r._id);
    expect(ids).not.toContain(request._id);
    expect(ids).toContain(othersRequest._id);
    const mineAfter = (await (
      await call("/api/studyswap/requests/mine", { headers: bearer(poster.token) })
    ).json()) as MyStudyRequest[];
    expect(mineAfter[0]).toMatchObject({ _id: request._id, status: "closed" });
  });

  it("a closed request's attachment is for the poster only", async () => {
    const poster = await createUser();
    const other = await createUser();
    const { data } = (await (await multipart(poster, base, { bytes: PDF, name: "a.pdf" })).json()) as {
      data: StudyRequest;
    };
    await call(`/api/studyswap/requests/${data._id}/close`, { method: "POST", headers: bearer(poster.token) });
    expect((await call(data.attachment!.url, { headers: bearer(other.token) })).status).toBe(404);
    expect((await call(data.attachment!.url, { headers: bearer(poster.token) })).status).toBe(200);
  });

  it("only the poster can delete, and deleting removes the attachment too", async () => {
    const poster = await createUser();
    const other = await createUser();
    const before = await objectCount();
    const { data } = (await (await multipart(poster, base, { bytes: PDF, name: "a.pdf" })).json()) as {
      data: StudyRequest;
    };
    expect(await objectCount()).toBe(before + 1);

    const forbidden = await call(`/api/studyswap/requests/${data._id}`, {
      method: "DELETE",
      headers: bearer(other.token),
    });
    expect(forbidden.status).toBe(403);
    expect(await objectCount()).toBe(before + 1);

    const signedOut = await call(`/api/studyswap/requests/${data._id}`, { method: "DELETE" });
    expect(signedOut.status).toBe(401);

    const deleted = await call(`/api/studyswap/requests/${data._id}`, {
      method: "DELETE",
      headers: bearer(poster.token),
    });
    expect(deleted.status).toBe(200);
    expect(await objectCount()).toBe(before);
    expect((await board(poster)).some((r) => r._id === data._id)).toBe(false);
    expect((await call(data.attachment!.url, { headers: bearer(poster.token) })).status).toBe(404);

    const again = await call(`/api/studyswap/requests/${data._id}`, {
      method: "DELETE",
      headers: bearer(poster.token),
    });
    expect(again.status).toBe(404);
  });

  it("answers 404 for an id that is not a request", async () => {
    const user = await createUser();
    expect(
      (await call("/api/studyswap/requests/not-a-uuid/close", { method: "POST", headers: bearer(user.token) })).status,
    ).toBe(404);
    expect(
      (await call(`/api/studyswap/requests/${crypto.randomUUID()}`, { method: "DELETE", headers: bearer(user.token) }))
        .status,
    ).toBe(404);
    expect(
      (await call(`/api/studyswap/requests/${crypto.randomUUID()}/attachment`, { headers: bearer(user.token) })).status,
    ).toBe(404);
  });

  it("two simultaneous closes both succeed and leave one closed request", async () => {
    const poster = await createUser();
    const request = await created(poster);
    const results = await Promise.all(
      [1, 2].map(() =>
        call(`/api/studyswap/requests/${request._id}/close`, { method: "POST", headers: bearer(poster.token) }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const row = await env.DB.prepare("SELECT status FROM study_requests WHERE id = ?")
      .bind(request._id)
      .first<{ status: string }>();
    expect(row?.status).toBe("closed");
  });
});

describe("writer profiles", () => {
  function put(user: TestUser, body: unknown) {
    return call("/api/studyswap/writers/me", {
      method: "PUT",
      headers: { ...bearer(user.token), "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  it("GET /writers is a bare array; contacts only for signed-in visitors", async () => {
    const user = await createUser();
    const res = await put(user, {
      name: "Meera Iyer",
      expertise: "Economics, statistics",
      rate: "150.5",
      contact: "meera@campus.test",
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: Writer }).data).toEqual({
      _id: user.userId,
      name: "Meera Iyer",
      expertise: "Economics, statistics",
      rate: 150.5,
      contact: "meera@campus.test",
    });
    const row = await env.DB.prepare("SELECT rate_paise FROM writers WHERE user_id = ?")
      .bind(user.userId)
      .first<{ rate_paise: number }>();
    expect(row?.rate_paise).toBe(15050);

    const signedOut = await call("/api/studyswap/writers");
    expect(signedOut.status).toBe(200);
    const publicList = (await signedOut.json()) as Writer[];
    expect(Array.isArray(publicList)).toBe(true);
    expect(publicList.find((w) => w._id === user.userId)).toEqual({
      _id: user.userId,
      name: "Meera Iyer",
      expertise: "Economics, statistics",
      rate: 150.5,
      contact: null,
    });
    const signedIn = (await (await call("/api/studyswap/writers", { headers: bearer(user.token) })).json()) as Writer[];
    expect(signedIn.find((w) => w._id === user.userId)?.contact).toBe("meera@campus.test");
  });

  it("editing keeps one profile per user; it can be read back and removed", async () => {
    const user = await createUser();
    await put(user, { name: "A", expertise: "Physics", contact: "9876543210" });
    const edited = await put(user, { name: "A B", expertise: "Physics, maths", rate: 200, contact: "9876543210" });
    expect(edited.status).toBe(200);
    const me = (await (await call("/api/studyswap/writers/me", { headers: bearer(user.token) })).json()) as {
      data: Writer;
    };
    expect(me.data).toMatchObject({ name: "A B", expertise: "Physics, maths", rate: 200 });
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM writers WHERE user_id = ?")
      .bind(user.userId)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
    expect((await call("/api/studyswap/writers/me", { method: "DELETE", headers: bearer(user.token) })).status).toBe(
      200,
    );
    expect(
      (
        (await (await call("/api/studyswap/writers/me", { headers: bearer(user.token) })).json()) as {
          data: Writer | null;
        }
      ).data,
    ).toBeNull();
  });

  it("needs sign-in to write", async () => {
    const res = await call("/api/studyswap/writers/me", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "A", expertise: "B", contact: "a@b.co" }),
    });
    expect(res.status).toBe(401);
  });

  it.each([
    [{ name: "" }, /name/i],
    [{ expertise: "x".repeat(201) }, /at most 200/],
    [{ rate: -1 }, /negative/],
    [{ rate: "cheap" }, /rupees/],
    [{ rate: 1.234 }, /two decimals/],
    [{ contact: "no" }, /valid e-mail/],
  ])("answers 400 for %j", async (change, message) => {
    const user = await createUser();
    const res = await put(user, { name: "A", expertise: "B", contact: "a@b.co", ...change });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
  });
});

describe("study swap pages (server-rendered, no JavaScript needed)", () => {
  it("signed out, the pages render their sign-in gates and the landing page its buttons", async () => {
    const landing = await (await call("/StudySwap")).text();
    expect(landing).toContain("Academic Excellence Made Accessible");
    for (const card of ["Research Papers", "Essay Writing", "Technical Reports", "Thesis Support"])
      expect(landing).toContain(card);
    const writer = await (await call("/become-writer")).text();
    expect(writer).toContain("Sign In to Continue");
    expect(writer).toContain("Sign In / Sign Up");
    const poster = await (await call("/find-writer")).text();
    expect(poster).toContain("You need to be signed in to post requests.");
  });

  it("the posting form carries the honour code, in one line above its button", async () => {
    const user = await createUser();
    const html = await (await call("/find-writer", { headers: { Cookie: user.cookie } })).text();
    expect(html).toMatch(
      /<p[^>]*>Honour code: ask for help to learn \(explanations, reviews, tutoring\), never for someone to do graded work in your name\.<\/p><button type="submit"[^>]*>Post Request<\/button>/,
    );
  });

  it("signed in, /become-writer carries the open requests in its HTML (no spinner, nothing to fetch first)", async () => {
    const poster = await createUser();
    const request = await created(poster);
    const reader = await createUser();
    const html = await (await call("/become-writer", { headers: { Cookie: reader.cookie } })).text();
    expect(html).toContain(request.title);
    expect(html).toContain("Refresh list");
    expect(html).not.toContain("Loading assignment requests");
    expect(html).not.toContain("Failed to load assignment requests");
  });

  it("the post form works as a plain form post, with its file", async () => {
    const user = await createUser();
    const form = new FormData();
    const title = unique("No-JS post ");
    for (const [key, value] of Object.entries({ intent: "post", ...base, title, pages: "", deadline: "" }))
      form.append(key, value);
    form.append("file", new File([PDF], "brief.pdf", { type: "application/pdf" }));
    const res = await call("/find-writer", { method: "POST", headers: { Cookie: user.cookie }, body: form });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Your request has been posted successfully! Helpers can now see it.");
    const row = await env.DB.prepare("SELECT attachment_name, owner_id FROM study_requests WHERE title = ?")
      .bind(title)
      .first<{ attachment_name: string; owner_id: string }>();
    expect(row).toEqual({ attachment_name: "brief.pdf", owner_id: user.userId });
  });

  it("the close form refuses someone else's request with 403 and says why", async () => {
    const poster = await createUser();
    const other = await createUser();
    const request = await created(poster);
    const form = new FormData();
    form.append("intent", "close");
    form.append("id", request._id);
    const res = await call("/find-writer", { method: "POST", headers: { Cookie: other.cookie }, body: form });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("Only the student who posted this request can change it.");
    expect((await board(poster)).some((r) => r._id === request._id)).toBe(true);
  });

  it("the writer profile form saves through the page's action", async () => {
    const user = await createUser();
    const form = new FormData();
    for (const [key, value] of Object.entries({
      intent: "save-writer",
      name: "Kabir",
      expertise: "Maths",
      rate: "",
      contact: "9876543210",
    }))
      form.append(key, value);
    const res = await call("/become-writer", { method: "POST", headers: { Cookie: user.cookie }, body: form });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Your writer profile is saved.");
    const me = (await (await call("/api/studyswap/writers/me", { headers: bearer(user.token) })).json()) as {
      data: Writer;
    };
    expect(me.data).toMatchObject({ name: "Kabir", expertise: "Maths", rate: null, contact: "9876543210" });
  });
});
