// Items 6b, 6c, 6e and 7b: attachment names and headers, what user text may contain,
// one creation per form submission, and the text shape of a Study Swap request's blank fields.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { StudyRequest } from "#common/studyswap.ts";
import { bearer, call, createUser, postJson, unique, uniqueIp, type TestUser } from "#test/helpers.ts";
import { JPEG_BYTES, PNG_BYTES, sendJson } from "#test/hostel-helpers.ts";
import { count } from "#test/robust-helpers.ts";
import { securityHeaderProblems } from "#test/security-headers.ts";

const base = {
  title: "Operating systems lab report",
  category: "Operating Systems",
  details: "Ten pages on scheduling.",
  contact: "student@campus.test",
};
const ZWSP = "\u200b";
const RLO = "\u202e";

function postRequest(
  user: TestUser,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return postJson("/api/studyswap/requests", body, { ...bearer(user.token), ...headers });
}

function requestForm(fields: Record<string, string>, file?: { bytes: Uint8Array | string; name: string }): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append("file", new File([file.bytes as BlobPart], file.name, { type: "application/octet-stream" }));
  return form;
}

async function objects(prefix: string): Promise<number> {
  return (await env.FILES.list({ prefix })).objects.length;
}

async function message(res: Response): Promise<string> {
  return ((await res.json()) as { message: string }).message;
}

function productForm(fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  const values = {
    title: "Drawing kit",
    description: "Mini drafter and compass.",
    price: "450",
    sellerName: "Asha",
    whatsappNumber: "9876543210",
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  form.append("image", new File([PNG_BYTES], "kit.png", { type: "image/png" }));
  return form;
}

// ---------------------------------------------------------------------------------------------
// 6b: attachments

describe("Study Swap attachments: download names and headers (6b)", () => {
  it.each(["evil.jse", "evil.vbe", "evil.reg", "evil.scf", "evil.hta", "evil.js", "evil.rtf", "evil.pdf"])(
    "a text file called %s is stored and downloaded with .txt added",
    async (name) => {
      const user = await createUser();
      const res = await call("/api/studyswap/requests", {
        method: "POST",
        headers: bearer(user.token),
        body: requestForm(base, { bytes: "WScript.Echo('hi')", name }),
      });
      expect(res.status).toBe(201);
      const { data } = (await res.json()) as { data: StudyRequest };
      expect(data.attachment).toMatchObject({ name: `${name}.txt`, contentType: "text/plain; charset=utf-8" });
      const download = await call(data.attachment!.url, { headers: bearer(user.token) });
      expect(download.headers.get("Content-Disposition")).toBe(
        `attachment; filename="${name}.txt"; filename*=UTF-8''${name}.txt`,
      );
    },
  );

  it.each([
    ["notes.md", "notes.md"],
    ["data.CSV", "data.csv"],
    ["readme", "readme.txt"],
    ["..hidden", "hidden.txt"],
    ["weird.t x t", "weird.t x t.txt"],
  ])("a text file called %s keeps an allowed extension (%s)", async (name, expected) => {
    const user = await createUser();
    const res = await call("/api/studyswap/requests", {
      method: "POST",
      headers: bearer(user.token),
      body: requestForm(base, { bytes: "plain words", name }),
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { data: StudyRequest }).data.attachment?.name).toBe(expected);
  });

  it("an attachment stored before the fix under a risky name is still downloaded as .txt", async () => {
    const user = await createUser();
    const id = crypto.randomUUID();
    const key = `requests/${crypto.randomUUID()}`;
    await env.FILES.put(key, "MsgBox 1", { httpMetadata: { contentType: "text/plain; charset=utf-8" } });
    await env.DB.prepare(
      `INSERT INTO study_requests (id, owner_id, title, subject, requirements, contact, status, attachment_key, attachment_name, attachment_type, attachment_size, created_at)
       VALUES (?, ?, 'Old', 'OS', 'Old request', 'a@b.co', 'open', ?, 'macro.vbe', 'text/plain; charset=utf-8', 8, ?)`,
    )
      .bind(id, user.userId, key, Date.now())
      .run();
    const download = await call(`/api/studyswap/requests/${id}/attachment`, { headers: bearer(user.token) });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toBe(
      `attachment; filename="macro.vbe.txt"; filename*=UTF-8''macro.vbe.txt`,
    );
  });

  it("the download keeps the route's sandbox policy (not replaced by the global one), and the other security headers", async () => {
    const user = await createUser();
    const res = await call("/api/studyswap/requests", {
      method: "POST",
      headers: bearer(user.token),
      body: requestForm(base, { bytes: "%PDF-1.4\n%%EOF\n", name: "brief.pdf" }),
    });
    const { data } = (await res.json()) as { data: StudyRequest };
    const download = await call(data.attachment!.url, { headers: bearer(user.token) });
    const csp = download.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(csp).toMatch(/default-src 'none'/);
    // The route's stricter policy still meets the one rule set, as do the other headers.
    expect(securityHeaderProblems(download.headers)).toEqual([]);
  });

  it("a non-ASCII name gets an ASCII fallback and the UTF-8 name in filename* (RFC 6266)", async () => {
    const user = await createUser();
    const res = await call("/api/studyswap/requests", {
      method: "POST",
      headers: bearer(user.token),
      body: requestForm(base, { bytes: "उत्तर", name: "प्रश्न: 1.txt" }),
    });
    const { data } = (await res.json()) as { data: StudyRequest };
    const download = await call(data.attachment!.url, { headers: bearer(user.token) });
    const disposition = download.headers.get("Content-Disposition") ?? "";
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!)).toBe("प्रश्न_ 1.txt");
  });
});

// ---------------------------------------------------------------------------------------------
// 6c: user text

describe("user text: invisible and control characters (6c)", () => {
  it("a title of zero-width characters only is refused with a message that says why, and nothing is stored", async () => {
    const user = await createUser();
    const before = await count("SELECT COUNT(*) AS n FROM study_requests WHERE owner_id = ?", user.userId);
    const res = await postRequest(user, { ...base, title: `${ZWSP}\u200c\u2060${ZWSP}` });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; field: string };
    expect(body.message).toBe("The title must contain visible text (invisible and control characters are removed).");
    expect(body.field).toBe("title");
    expect(await count("SELECT COUNT(*) AS n FROM study_requests WHERE owner_id = ?", user.userId)).toBe(before);
  });

  it("a title with a bidi override is stored without it; NUL and other controls go too", async () => {
    const user = await createUser();
    const res = await postRequest(user, {
      ...base,
      title: `Invoice ${RLO}fdp.exe\u202c`,
      details: "line one\u0000\nline\ttwo\u0007",
      subject: "\ufeffOS\u00ad",
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: StudyRequest };
    expect(data).toMatchObject({ title: "Invoice fdp.exe", requirements: "line one\nline\ttwo", subject: "OS" });
    const row = await env.DB.prepare("SELECT title, requirements FROM study_requests WHERE id = ?")
      .bind(data._id)
      .first<{ title: string; requirements: string }>();
    expect(row).toEqual({ title: "Invoice fdp.exe", requirements: "line one\nline\ttwo" });
  });

  it("a line break in a one-line field becomes a space; joiners inside words and emoji stay", async () => {
    const user = await createUser();
    const family = "👨\u200d👩\u200d👧";
    const res = await postRequest(user, { ...base, title: `Lab\r\nreport ${family}`, category: "क्\u200dष" });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: StudyRequest };
    expect(data.title).toBe(`Lab report ${family}`);
    expect(data.subject).toBe("क्\u200dष");
  });

  it("lengths count what a person sees: 120 emoji or Devanagari syllables fit a 120-character title, 121 do not", async () => {
    const user = await createUser();
    for (const unit of ["👩🏽‍💻", "क्षि"]) {
      expect((await postRequest(user, { ...base, title: unit.repeat(120) })).status).toBe(201);
      const tooLong = await postRequest(user, { ...base, title: unit.repeat(121) });
      expect(tooLong.status).toBe(400);
      expect(await message(tooLong)).toBe("The title can be at most 120 characters.");
    }
  });

  it("an optional field of invisible characters only is refused, not stored as blank", async () => {
    const user = await createUser();
    const res = await postRequest(user, { ...base, budget: `${ZWSP}${RLO}` });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(
      "The budget must contain visible text (invisible and control characters are removed).",
    );
  });

  it("a product title of invisible characters only is refused: no row and no image", async () => {
    const seller = await createUser();
    const before = await objects("products/");
    const res = await call("/api/product/upload", {
      method: "POST",
      headers: bearer(seller.token),
      body: productForm({ title: `${ZWSP}${ZWSP}` }),
    });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(
      "The title must contain visible text (invisible and control characters are removed).",
    );
    expect(await objects("products/")).toBe(before);
    expect(await count("SELECT COUNT(*) AS n FROM products WHERE seller_id = ?", seller.userId)).toBe(0);
  });

  it("a product edit strips a bidi override and refuses an invisible description", async () => {
    const seller = await createUser();
    const created = await call("/api/product/upload", {
      method: "POST",
      headers: bearer(seller.token),
      body: productForm(),
    });
    const id = ((await created.json()) as { product: { _id: string } }).product._id;
    const edited = await sendJson("PATCH", `/api/product/${id}`, { title: `Kit ${RLO}new` }, seller.token);
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { product: { title: string } }).product.title).toBe("Kit new");
    const refused = await sendJson("PATCH", `/api/product/${id}`, { description: "\u0000\u0001\u200b" }, seller.token);
    expect(refused.status).toBe(400);
    expect(await message(refused)).toBe(
      "The description must contain visible text (invisible and control characters are removed).",
    );
  });

  it("complaints, roommate listings, writer profiles and registration names refuse invisible-only text", async () => {
    const user = await createUser();
    const complaint = await sendJson(
      "POST",
      "/api/hostel/complaints",
      { category: "electrical", blockId: "A", room: "101", description: ZWSP.repeat(12) },
      user.token,
    );
    expect(complaint.status).toBe(400);
    expect(await message(complaint)).toBe(
      "The description must contain visible text (invisible and control characters are removed).",
    );
    // Ten visible characters are needed: invisible padding does not count towards them.
    const padded = await sendJson(
      "POST",
      "/api/hostel/complaints",
      { category: "electrical", blockId: "A", room: "101", description: `Fan${ZWSP.repeat(10)}` },
      user.token,
    );
    expect(padded.status).toBe(400);
    expect(await message(padded)).toBe("Describe the problem in at least 10 characters.");

    const listing = {
      about: `${RLO}${ZWSP}`.repeat(15),
      roomType: "double",
      budget: 6000,
      sleepSchedule: "early_bird",
      studyHabits: "silent",
      cleanliness: "tidy",
      whatsapp: "9876543210",
    };
    const roommate = await sendJson("POST", "/api/hostel/roommates", listing, user.token);
    expect(roommate.status).toBe(400);
    expect(await message(roommate)).toBe(
      "About me must contain visible text (invisible and control characters are removed).",
    );

    const writer = await sendJson(
      "PUT",
      "/api/studyswap/writers/me",
      { name: "\u2066\u2069", expertise: "Maths", contact: "a@b.co" },
      user.token,
    );
    expect(writer.status).toBe(400);
    expect(await message(writer)).toBe(
      "The name must contain visible text (invisible and control characters are removed).",
    );

    const email = `${unique("inv")}@campus.test`;
    const register = await postJson(
      "/api/auth/register",
      { name: `${ZWSP}\u00ad`, email, password: "correct horse battery" },
      { "CF-Connecting-IP": uniqueIp() },
    );
    expect(register.status).toBe(400);
    expect(await message(register)).toBe(
      "Your name must contain visible text (invisible and control characters are removed).",
    );
    expect(await count("SELECT COUNT(*) AS n FROM users WHERE email = ?", email)).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// 6e: one creation per submission

describe("creating is idempotent per form submission (6e)", () => {
  it("Study Swap: the same submission fired 5 times at once makes one row and one object; every answer is 201 with the same id", async () => {
    const user = await createUser();
    const key = crypto.randomUUID();
    const title = unique("Once ");
    const before = await objects("requests/");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call("/api/studyswap/requests", {
          method: "POST",
          headers: { ...bearer(user.token), "Idempotency-Key": key },
          body: requestForm({ ...base, title }, { bytes: "%PDF-1.4\n%%EOF\n", name: "a.pdf" }),
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as {
      success: boolean;
      message: string;
      data: StudyRequest;
    }[];
    expect(new Set(bodies.map((b) => b.data._id)).size).toBe(1);
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(await count("SELECT COUNT(*) AS n FROM study_requests WHERE title = ?", title)).toBe(1);
    expect(await objects("requests/")).toBe(before + 1);
  });

  it("Study Swap: the key may come as the form's submissionKey field; a new key posts again, no key keeps today's behaviour", async () => {
    const user = await createUser();
    const title = unique("Key field ");
    const key = crypto.randomUUID();
    const first = await postRequest(user, { ...base, title, submissionKey: key });
    const again = await postRequest(user, { ...base, title, submissionKey: key });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(((await again.json()) as { data: StudyRequest }).data._id).toBe(
      ((await first.json()) as { data: StudyRequest }).data._id,
    );
    expect((await postRequest(user, { ...base, title, submissionKey: crypto.randomUUID() })).status).toBe(201);
    expect((await postRequest(user, { ...base, title })).status).toBe(201);
    expect((await postRequest(user, { ...base, title })).status).toBe(201);
    expect(await count("SELECT COUNT(*) AS n FROM study_requests WHERE title = ?", title)).toBe(4);
    // Another student's identical key is their own submission.
    const other = await createUser();
    expect((await postRequest(other, { ...base, title, submissionKey: key })).status).toBe(201);
    expect(await count("SELECT COUNT(*) AS n FROM study_requests WHERE title = ?", title)).toBe(5);
  });

  it("a malformed key is refused with a message", async () => {
    const user = await createUser();
    const res = await postRequest(user, base, { "Idempotency-Key": "x y" });
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/Idempotency-Key/);
  });

  it("products: 5 simultaneous uploads of one submission make one product and one image", async () => {
    const seller = await createUser();
    const key = crypto.randomUUID();
    const before = await objects("products/");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call("/api/product/upload", {
          method: "POST",
          headers: { ...bearer(seller.token), "Idempotency-Key": key },
          body: productForm(),
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = await Promise.all(
      answers.map(async (r) => ((await r.json()) as { product: { _id: string } }).product._id),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM products WHERE seller_id = ?", seller.userId)).toBe(1);
    expect(await objects("products/")).toBe(before + 1);
  });

  it("hostel complaints: 5 simultaneous posts of one submission (with a photo) make one complaint and one photo", async () => {
    const user = await createUser();
    const key = crypto.randomUUID();
    const before = await objects("complaints/");
    const form = () => {
      const f = new FormData();
      for (const [k, v] of Object.entries({
        category: "plumbing",
        blockId: "B",
        room: "12",
        description: "The tap in the corridor leaks all day.",
        submissionKey: key,
      }))
        f.append(k, v);
      f.append("photo", new File([JPEG_BYTES], "tap.jpg"));
      return f;
    };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call("/api/hostel/complaints", { method: "POST", headers: bearer(user.token), body: form() }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { data: { id: string } }).data.id));
    expect(new Set(ids).size).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM hostel_complaints WHERE user_id = ?", user.userId)).toBe(1);
    expect(await objects("complaints/")).toBe(before + 1);
  });

  it("roommate listings: the same submission answers 201 with the same listing; another submission still gets the 409", async () => {
    const user = await createUser();
    const key = crypto.randomUUID();
    const listing = {
      about: "Second-year CSE, calm and tidy, early riser.",
      roomType: "double",
      budget: 6000,
      sleepSchedule: "early_bird",
      studyHabits: "silent",
      cleanliness: "tidy",
      whatsapp: "9876543210",
    };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call("/api/hostel/roommates", {
          method: "POST",
          headers: { ...bearer(user.token), "Content-Type": "application/json", "Idempotency-Key": key },
          body: JSON.stringify(listing),
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { data: { id: string } }).data.id));
    expect(new Set(ids).size).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM roommate_listings WHERE user_id = ?", user.userId)).toBe(1);
    const other = await call("/api/hostel/roommates", {
      method: "POST",
      headers: { ...bearer(user.token), "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
      body: JSON.stringify(listing),
    });
    expect(other.status).toBe(409);
  });

  it("the screens' forms carry a submission key, and a double post of one form creates one record", async () => {
    const user = await createUser();
    for (const path of ["/upload", "/find-writer", "/hostel-complaints", "/roommate-finder"]) {
      const html = await (await call(path, { headers: { Cookie: user.cookie } })).text();
      expect(html, path).toMatch(/<input type="hidden" name="submissionKey" value="[0-9a-f-]{36}"\/>/);
    }
    const post = (path: string, fields: Record<string, string>, file?: [string, File]) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      if (file) form.append(...file);
      return call(path, { method: "POST", headers: { Cookie: user.cookie }, body: form, redirect: "manual" });
    };
    const key = crypto.randomUUID();
    const title = unique("Twice ");
    const requests = await Promise.all(
      [1, 2].map(() => post("/find-writer", { intent: "post", ...base, title, submissionKey: key })),
    );
    expect(requests.map((r) => r.status)).toEqual([200, 200]);
    expect(await count("SELECT COUNT(*) AS n FROM study_requests WHERE title = ?", title)).toBe(1);

    const uploads = await Promise.all(
      [1, 2].map(() =>
        post(
          "/upload",
          {
            title,
            description: "Once only.",
            price: "10",
            sellerName: "Asha",
            whatsappNumber: "9876543210",
            submissionKey: key,
          },
          ["image", new File([PNG_BYTES], "p.png")],
        ),
      ),
    );
    expect(uploads.map((r) => r.status)).toEqual([302, 302]);
    expect(await count("SELECT COUNT(*) AS n FROM products WHERE title = ?", title)).toBe(1);

    const complaints = await Promise.all(
      [1, 2].map(() =>
        post("/hostel-complaints", {
          intent: "create",
          category: "internet",
          blockId: "C",
          room: "7",
          description: `${title}: the Wi-Fi drops every evening.`,
          submissionKey: key,
        }),
      ),
    );
    expect(complaints.map((r) => r.status)).toEqual([200, 200]);
    expect(await count("SELECT COUNT(*) AS n FROM hostel_complaints WHERE user_id = ?", user.userId)).toBe(1);

    const listing = {
      intent: "create",
      about: "Final-year ECE, quiet, likes cricket.",
      preferredBlock: "any",
      roomType: "single",
      budget: "5000",
      sleepSchedule: "night_owl",
      studyHabits: "silent",
      cleanliness: "tidy",
      whatsapp: "9876543210",
      submissionKey: key,
    };
    const listings = await Promise.all([1, 2].map(() => post("/roommate-finder", listing)));
    expect(listings.map((r) => r.status)).toEqual([200, 200]);
    expect(await count("SELECT COUNT(*) AS n FROM roommate_listings WHERE user_id = ?", user.userId)).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------
// 7b: blank text fields of a request

describe("Study Swap requests: blank deadline, budget and pages answer as text (7b)", () => {
  it('answers "" for them on create, on the board and on My requests; the database and budgetValue keep null', async () => {
    const user = await createUser();
    const res = await postRequest(user, { ...base, deadline: "  ", budget: "", pages: "" });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: StudyRequest };
    for (const request of [
      data,
      ((await (await call("/api/studyswap/requests", { headers: bearer(user.token) })).json()) as StudyRequest[]).find(
        (r) => r._id === data._id,
      )!,
      (
        (await (await call("/api/studyswap/requests/mine", { headers: bearer(user.token) })).json()) as StudyRequest[]
      ).find((r) => r._id === data._id)!,
    ]) {
      expect(request).toMatchObject({ deadline: "", budget: "", pages: "", budgetValue: null });
      // What a client that reads them as text does.
      expect([request.deadline, request.budget, String(request.pages)].map((v) => v.trim().toLowerCase())).toEqual([
        "",
        "",
        "",
      ]);
    }
    const row = await env.DB.prepare("SELECT deadline, budget, budget_value, pages FROM study_requests WHERE id = ?")
      .bind(data._id)
      .first();
    expect(row).toEqual({ deadline: null, budget: null, budget_value: null, pages: null });
  });

  it("keeps given values as they were: text, and pages as a number", async () => {
    const user = await createUser();
    const { data } = (await (
      await postRequest(user, { ...base, deadline: "7 days", budget: "₹2,000", pages: 12 })
    ).json()) as { data: StudyRequest };
    expect(data).toMatchObject({ deadline: "7 days", budget: "₹2,000", budgetValue: 2000, pages: 12 });
  });
});
