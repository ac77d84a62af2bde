// The account a student controls: download my data (GET /api/auth/account/export and the
// /account/export link) and delete my account (DELETE /api/auth/account and the /account form), with
// the records other students hold kept and the person anonymised. The coverage checks read the live
// schema, so a table added later that refers to a user fails here until it is placed in
// worker/services/personal-data/registry.ts (and so in the export and the deletion).
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FAKE_ACCOUNTS } from "#fake-google/app.ts";
import { DELETION_MESSAGES } from "#common/account-messages.ts";
import { DELETED_STUDENT } from "#server/services/account/deletion.ts";
import { EXPORT_LIMITED } from "#server/services/account/export.ts";
import { resolveSession } from "#server/services/auth/sign-in.ts";
import { PERSONAL_DATA } from "#server/services/personal-data/registry.ts";
import { purchaseProduct } from "#server/services/market/purchase.ts";
import { cookiesFrom, googleRedirect, installFakeGoogle } from "#test/fake-google.ts";
import {
  bearer,
  call,
  createUser,
  ORIGIN,
  postJson,
  unique,
  uniqueIp,
  type TestUser,
  inOneLimiterMinute,
} from "#test/helpers.ts";
import { PNG_BYTES, sendJson } from "#test/hostel-helpers.ts";
import { count, snapshot } from "#test/robust-helpers.ts";
import { makeSubject, uploadPdf } from "#test/library-helpers.ts";
import { clubWithLead, eventBody, going, publish } from "#test/events-helpers.ts";
import {
  addPeriod as addTimetablePeriod,
  choose as chooseClass,
  newClass,
  pastDate,
  PHYSICS,
} from "#test/timetable-helpers.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

// Most tests here first put a student in every table (about thirty requests, uploads among them),
// and the first page rendered in the file loads the app's server build: on a busy machine that
// passes vitest's default 5 s.
vi.setConfig({ testTimeout: 30_000 });

// ---------------------------------------------------------------------------------------------
// The live schema: which tables refer to a user, and by which columns.

interface UserLinks {
  /** Columns with a foreign key to users(id). */
  userColumns: string[];
  /** Columns holding an e-mail address (a user is found by it: the sign-in throttle, the outbox). */
  emailColumns: string[];
}

/** Every table that refers to a user: a foreign key to users, a *user_id column, or an e-mail or address column. */
async function userLinkedTables(): Promise<Map<string, UserLinks>> {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' ORDER BY name",
  ).all<{ name: string }>();
  const linked = new Map<string, UserLinks>();
  for (const { name } of tables) {
    const [foreignKeys, tableInfo] = await env.DB.batch([
      env.DB.prepare(`SELECT "from", "table" FROM pragma_foreign_key_list('${name}')`),
      env.DB.prepare(`SELECT name FROM pragma_table_info('${name}')`),
    ]);
    const keys = foreignKeys?.results ?? [];
    const columns = tableInfo?.results ?? [];
    const userColumns = new Set(
      (keys as { from: string; table: string }[]).filter((k) => k.table === "users").map((k) => k.from),
    );
    const names = (columns as { name: string }[]).map((c) => c.name);
    // A user id without a declared foreign key (SQLite cannot add one with ALTER TABLE and a default).
    for (const column of names) if (/(^|_)user_id$/.test(column)) userColumns.add(column);
    if (name === "users") userColumns.add("id");
    const emailColumns = names.filter((c) => /(^|_)(email|address)$/.test(c));
    if (userColumns.size > 0 || emailColumns.length > 0)
      linked.set(name, { userColumns: [...userColumns], emailColumns });
  }
  return linked;
}

/** Rows of `table` that refer to the student, by user id or by e-mail. */
async function rowsReferring(table: string, links: UserLinks, userId: string, email: string): Promise<number> {
  const conditions = [
    ...links.userColumns.map((c) => `"${c}" = :user`),
    ...links.emailColumns.map((c) => `lower("${c}") = :email`),
  ];
  const sql = `SELECT COUNT(*) AS n FROM "${table}" WHERE ${conditions.join(" OR ")}`;
  // Bound in the order they appear (D1 refuses a parameter the statement does not use).
  const params = [...sql.matchAll(/:(user|email)/g)].map((m) => (m[1] === "user" ? userId : email));
  return count(sql.replace(/:(user|email)/g, "?"), ...params);
}

function at(data: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], data);
}

function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === "object" && Object.keys(value).length === 0)
  );
}

// ---------------------------------------------------------------------------------------------
// One student with something in every table, and a second student on the other side of it.

async function uploadProduct(
  seller: TestUser,
  title: string,
  whatsappNumber: string,
  sellerName: string,
): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    title,
    description: `${title}, barely used.`,
    price: "150",
    sellerName,
    whatsappNumber,
  }))
    form.set(k, v);
  form.set("image", new File([PNG_BYTES], "p.png", { type: "image/png" }));
  const res = await call("/api/product/upload", { method: "POST", headers: bearer(seller.token), body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { product: { _id: string } }).product._id;
}

async function buy(buyer: TestUser, id: string): Promise<Response> {
  return call(`/api/product/purchase/${id}`, { method: "PATCH", headers: bearer(buyer.token) });
}

async function imageKeyOf(productId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT image_key FROM products WHERE id = ?")
    .bind(productId)
    .first<{ image_key: string }>();
  return row!.image_key;
}

interface World {
  student: TestUser;
  other: TestUser;
  /** Distinctive personal values of the student, searched for in every table after deletion. */
  personal: string[];
  onSale: string;
  soldToOther: string;
  boughtFromOther: string;
  request: string;
  complaintAlone: string;
  complaintShared: string;
  othersComplaint: string;
  secrets: string[];
  fullEvent: string;
  files: { onSaleImage: string; soldImage: string; attachment: string; alonePhoto: string };
}

async function everything(): Promise<World> {
  const tag = unique("z");
  const student = await createUser({ name: `Zephyrine ${tag}` });
  const other = await createUser({ name: "Other Student" });
  const whatsapp = "9" + String(Math.floor(Math.random() * 1e9)).padStart(9, "0");
  const sellerName = `Zeph Seller ${tag}`;
  const contact = `${tag}@contact.test`;

  // The library: a pending upload of the student's, their helpful vote on another's approved one,
  // and the student named as the college's grievance officer.
  const librarySubject = await makeSubject();
  await uploadPdf(student, librarySubject, { title: `Notes ${tag}` });
  const othersItem = await uploadPdf(other, librarySubject);
  await env.DB.prepare("UPDATE library_items SET status = 'approved' WHERE id = ?1").bind(othersItem).run();
  expect(
    (await call(`/api/library/items/${othersItem}/helpful`, { method: "PUT", headers: bearer(student.token) })).status,
  ).toBe(200);
  await env.DB.prepare("UPDATE campuses SET grievance_name = ?1, grievance_email = ?2 WHERE id = 'cit'")
    .bind(student.name, student.email)
    .run();

  // Conversations: the student asks about a third student's listing, offers a price, reports the
  // conversation and blocks that seller.
  const asked = await uploadProduct(
    await createUser({ name: "Third Seller" }),
    `Lamp ${tag}`,
    "9123456780",
    "Third Seller",
  );
  const opened = await postJson(`/api/product/${asked}/messages`, { text: `Hello ${tag}` }, bearer(student.token));
  expect(opened.status).toBe(201);
  const { conversationId } = ((await opened.json()) as { data: { conversationId: string } }).data;
  expect((await postJson(`/api/messages/${conversationId}/offers`, { price: 100 }, bearer(student.token))).status).toBe(
    201,
  );
  expect(
    (await postJson(`/api/messages/${conversationId}/report`, { reason: "other" }, bearer(student.token))).status,
  ).toBe(201);
  expect(
    (
      await call(`/api/messages/${conversationId}/block`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", ...bearer(student.token) },
        body: JSON.stringify({ blocked: true }),
      })
    ).status,
  ).toBe(200);

  // The timetable: the student's class (and they represent it), an entry of their own, a hidden
  // period and an attendance mark (yesterday's period).
  const timetableClass = await newClass();
  const { date: yesterday, weekday } = pastDate(1);
  const period = { classId: timetableClass.id, weekday, subjectId: PHYSICS, kind: "lecture" as const };
  const attendedPeriod = await addTimetablePeriod(
    { ...period, startsAt: "09:00", endsAt: "09:50" },
    timetableClass.curator.token,
  );
  const hiddenPeriod = await addTimetablePeriod(
    { ...period, startsAt: "14:00", endsAt: "16:00" },
    timetableClass.curator.token,
  );
  expect((await chooseClass(student, timetableClass.id)).status).toBe(200);
  await env.DB.prepare("INSERT INTO timetable_reps (class_id, user_id, granted_at) VALUES (?1, ?2, 0)")
    .bind(timetableClass.id, student.userId)
    .run();
  expect(
    (
      await sendJson(
        "POST",
        "/api/timetable/personal",
        { weekday: 3, startsAt: "17:00", endsAt: "18:00", title: "Chess club" },
        student.token,
      )
    ).status,
  ).toBe(201);
  expect((await sendJson("PUT", `/api/timetable/hidden/${hiddenPeriod}`, undefined, student.token)).status).toBe(200);
  // A backlog subject on their datesheet.
  expect((await sendJson("PUT", `/api/exams/subjects/${PHYSICS}`, { reason: "backlog" }, student.token)).status).toBe(
    200,
  );
  expect(
    (await sendJson("PUT", `/api/attendance/${yesterday}/${attendedPeriod}`, { status: "present" }, student.token))
      .status,
  ).toBe(200);
  // What they already had in a subject when they started (docs/decisions/0137-attendance-that-fits.md).
  expect(
    (await sendJson("PUT", `/api/attendance/baselines/${PHYSICS}`, { attended: 9, held: 10 }, student.token)).status,
  ).toBe(200);
  // A grade of their own (docs/decisions/0133-grades.md).
  expect((await sendJson("PUT", `/api/grades/${PHYSICS}`, { grade: "A+" }, student.token)).status).toBe(200);

  // Events and clubs: the student leads a club and publishes its event, follows it, and goes to the
  // last place of another event while another student waits (their place is freed by the deletion).
  const { clubId, admin: clubAdmin } = await clubWithLead();
  expect((await sendJson("POST", `/api/clubs/${clubId}/leads`, { email: student.email }, clubAdmin.token)).status).toBe(
    201,
  );
  await publish(student, eventBody(clubId, { title: `Meetup ${tag}` }));
  expect((await sendJson("PUT", `/api/clubs/${clubId}/follow`, {}, student.token)).status).toBe(200);
  const fullEvent = await publish(clubAdmin, eventBody(clubId, { capacity: 1 }));
  expect((await going(student, fullEvent.id)).status).toBe(200);
  expect((await going(other, fullEvent.id)).status).toBe(200);

  const onSale = await uploadProduct(student, `Drafter ${tag}`, whatsapp, sellerName);
  const soldToOther = await uploadProduct(student, `Calculator ${tag}`, whatsapp, sellerName);
  expect((await buy(other, soldToOther)).status).toBe(200);
  const boughtFromOther = await uploadProduct(other, `Lab coat ${tag}`, "9876543210", "Other Student");
  expect((await buy(student, boughtFromOther)).status).toBe(200);
  // Both handed over (a purchase is a reservation until then), and the trades rated.
  for (const [seller, buyer, id] of [
    [student, other, soldToOther],
    [other, student, boughtFromOther],
  ] as const) {
    expect((await call(`/api/product/${id}/handover`, { method: "POST", headers: bearer(seller.token) })).status).toBe(
      200,
    );
    expect(
      (await postJson(`/api/product/${id}/rating`, { stars: 5, note: "Smooth handover." }, bearer(buyer.token))).status,
    ).toBe(201);
  }

  const requestForm = new FormData();
  for (const [k, v] of Object.entries({
    title: `Essay ${tag}`,
    category: "History",
    details: "Ten pages on the Mauryas.",
    contact,
  }))
    requestForm.set(k, v);
  requestForm.set("file", new File([new TextEncoder().encode("my notes")], "notes.txt", { type: "text/plain" }));
  const requestRes = await call("/api/studyswap/requests", {
    method: "POST",
    headers: bearer(student.token),
    body: requestForm,
  });
  expect(requestRes.status).toBe(201);
  const request = ((await requestRes.json()) as { data: { _id: string } }).data._id;
  expect(
    (
      await sendJson(
        "PUT",
        "/api/studyswap/writers/me",
        { name: `Writer ${tag}`, expertise: "History essays", contact },
        student.token,
      )
    ).status,
  ).toBe(200);

  const complaintForm = new FormData();
  for (const [k, v] of Object.entries({
    category: "plumbing",
    blockId: "B",
    room: "101",
    description: `Tap ${tag} leaks all night.`,
  }))
    complaintForm.set(k, v);
  complaintForm.set("photo", new File([PNG_BYTES], "tap.png", { type: "image/png" }));
  const aloneRes = await call("/api/hostel/complaints", {
    method: "POST",
    headers: bearer(student.token),
    body: complaintForm,
  });
  expect(aloneRes.status).toBe(201);
  const complaintAlone = ((await aloneRes.json()) as { data: { id: string } }).data.id;
  const sharedRes = await sendJson(
    "POST",
    "/api/hostel/complaints",
    { category: "internet", blockId: "B", room: "101", description: "The Wi-Fi drops every evening." },
    student.token,
  );
  expect(sharedRes.status).toBe(201);
  const complaintShared = ((await sharedRes.json()) as { data: { id: string } }).data.id;
  const othersRes = await sendJson(
    "POST",
    "/api/hostel/complaints",
    { category: "electrical", blockId: "B", room: "102", description: "The corridor light is out." },
    other.token,
  );
  expect(othersRes.status).toBe(201);
  const othersComplaint = ((await othersRes.json()) as { data: { id: string } }).data.id;
  expect(
    (await call(`/api/hostel/complaints/${complaintShared}/me-too`, { method: "POST", headers: bearer(other.token) }))
      .status,
  ).toBe(200);
  expect(
    (await call(`/api/hostel/complaints/${othersComplaint}/me-too`, { method: "POST", headers: bearer(student.token) }))
      .status,
  ).toBe(200);
  // A move to another block, waiting for its warden.
  expect((await sendJson("PUT", "/api/hostel/residence", { blockId: "C", room: "12" }, student.token)).status).toBe(
    202,
  );

  const listing = await sendJson(
    "POST",
    "/api/hostel/roommates",
    {
      about: `Quiet ${tag} student.`,
      roomType: "double",
      budget: 6000,
      sleepSchedule: "early_bird",
      studyHabits: "silent",
      cleanliness: "tidy",
      whatsapp,
      email: contact,
    },
    student.token,
  );
  expect(listing.status).toBe(201);

  // A saved listing (the other student's) and a wanted post.
  expect(
    (await call(`/api/product/${boughtFromOther}/save`, { method: "PUT", headers: bearer(student.token) })).status,
  ).toBe(200);
  expect(
    (await sendJson("POST", "/api/wanted", { words: `Wanted ${tag} drafter`, maxPrice: 400 }, student.token)).status,
  ).toBe(201);

  // Lost & found: the student's lost post with a photo; their claim of another's found item, accepted,
  // and the handover place they proposed.
  const lfForm = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      category: "wallet",
      description: "Brown leather.",
      placeId: "cit-central-canteen",
      happenedOn: new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10),
      timeOfDay: "evening",
      ...fields,
    }))
      form.set(key, value);
    form.set("image", new File([PNG_BYTES], "w.png", { type: "image/png" }));
    return form;
  };
  const lfPost = async (user: TestUser, fields: Record<string, string>) => {
    const res = await call("/api/lost-found", { method: "POST", headers: bearer(user.token), body: lfForm(fields) });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  await lfPost(student, { side: "lost", title: `Lost wallet ${tag}` });
  const othersFound = await lfPost(other, { side: "found", category: "keys", title: `Found keys ${tag}` });
  const lfClaim = await postJson(
    `/api/lost-found/${othersFound}/claims`,
    { answer: `Mine ${tag}` },
    bearer(student.token),
  );
  expect(lfClaim.status).toBe(201);
  const lfClaimId = ((await lfClaim.json()) as { data: { id: string } }).data.id;
  expect(
    (await postJson(`/api/lost-found/claims/${lfClaimId}`, { answer: "accept" }, bearer(other.token))).status,
  ).toBe(200);
  expect(
    (
      await postJson(
        `/api/lost-found/claims/${lfClaimId}/handover`,
        { placeId: "cit-main-gate" },
        bearer(student.token),
      )
    ).status,
  ).toBe(200);

  // What no API writes on demand (meal and slot times, Google, a minute-long code), written directly.
  const now = Date.now();
  const googleTokens = `SECRET-JWE-${tag}`;
  const handoffHash = `HANDOFF-HASH-${tag}`;
  const codeHash = `CODE-HASH-${tag}`;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO mess_ratings (user_id, date, meal_id, stars, created_at, updated_at) VALUES (?1, '2026-01-05', 'lunch', 4, ?2, ?2)",
    ).bind(student.userId, now),
    env.DB.prepare(
      "INSERT INTO laundry_bookings (id, user_id, slot_id, date, starts_at, clothes, service, created_at) VALUES (?1, ?2, '0800', '2026-01-05', ?3, 12, 'wash', ?3)",
    ).bind(crypto.randomUUID(), student.userId, now),
    env.DB.prepare(
      "INSERT INTO google_connections (user_id, google_email, tokens, updated_at) VALUES (?1, ?2, ?3, ?4)",
    ).bind(student.userId, `${tag}@gmail.test`, googleTokens, now),
    env.DB.prepare(
      "INSERT INTO classroom_reminders (id, user_id, course_id, course_work_id, kind, course_name, title, due_at, created_at) VALUES (?1, ?2, 'c1', 'w1', 'due_24h', 'Maths', 'Problem set 3', ?3, ?3)",
    ).bind(crypto.randomUUID(), student.userId, now),
    env.DB.prepare(
      "INSERT INTO google_handoffs (code_hash, purpose, user_id, expires_at) VALUES (?1, 'auth', ?2, ?3)",
    ).bind(handoffHash, student.userId, now + 60_000),
    env.DB.prepare(
      "INSERT INTO email_codes (user_id, purpose, code_hash, expires_at, tries, sent_at) VALUES (?1, 'reset', ?2, ?3, 0, ?4) ON CONFLICT (user_id, purpose) DO NOTHING",
    ).bind(student.userId, codeHash, now + 15 * 60_000, now),
    // A staff role, an audit line about the student (by a command-line actor) and a notice.
    env.DB.prepare(
      "INSERT INTO staff_roles (id, user_id, campus_id, role, block_id, granted_at) VALUES (?1, ?2, 'cit', 'warden', 'B', ?3)",
    ).bind(crypto.randomUUID(), student.userId, now),
    env.DB.prepare(
      "INSERT INTO staff_audit_log (id, campus_id, actor_id, action, subject_kind, subject_id, student_id, note, created_at) VALUES (?1, 'cit', NULL, 'complaint.resolved', 'complaint', ?2, ?3, 'Tap washer replaced.', ?4)",
    ).bind(crypto.randomUUID(), complaintShared, student.userId, now),
    env.DB.prepare(
      "INSERT INTO content_reports (id, campus_id, reporter_id, kind, subject_id, reason, note, created_at) VALUES (?1, 'cit', ?2, 'complaint', ?3, 'offensive', NULL, ?4)",
    ).bind(crypto.randomUUID(), student.userId, complaintShared, now),
    // A calendar feed (its secret's hash).
    env.DB.prepare("INSERT INTO calendar_feeds (user_id, secret_hash, created_at) VALUES (?1, ?2, ?3)").bind(
      student.userId,
      `FEED-HASH-${tag}`,
      now,
    ),
    // A device for push, and the notification settings.
    env.DB.prepare(
      "INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at) VALUES (?1, ?2, ?3, 'BKEY', 'AUTH', ?4)",
    ).bind(crypto.randomUUID(), student.userId, `https://fcm.googleapis.com/fcm/send/${tag}`, now),
    env.DB.prepare(
      "INSERT INTO notification_settings (user_id, muted, quiet_from, quiet_to, updated_at) VALUES (?1, '[\"campus\"]', 1380, 420, ?2)",
    ).bind(student.userId, now),
    env.DB.prepare(
      "INSERT INTO notices (id, user_id, kind, title, text, link, created_at) VALUES (?1, ?2, 'complaint.status', 'Your complaint is resolved', 'Tap washer replaced.', '/hostel-complaints', ?3)",
    ).bind(crypto.randomUUID(), student.userId, now),
  ]);
  // A failed sign-in leaves a throttle row for the address.
  expect(
    (
      await postJson(
        "/api/auth/login",
        { email: student.email, password: "wrong password" },
        { "CF-Connecting-IP": uniqueIp() },
      )
    ).status,
  ).toBe(401);

  const passwordHash = (await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?")
    .bind(student.userId)
    .first<{ password_hash: string }>())!.password_hash;
  const attachment = (await env.DB.prepare("SELECT attachment_key FROM study_requests WHERE id = ?")
    .bind(request)
    .first<{ attachment_key: string }>())!.attachment_key;
  const alonePhoto = (await env.DB.prepare("SELECT photo_key FROM hostel_complaints WHERE id = ?")
    .bind(complaintAlone)
    .first<{ photo_key: string }>())!.photo_key;
  return {
    student,
    other,
    personal: [
      student.email,
      student.name,
      sellerName,
      whatsapp,
      contact,
      `${tag}@gmail.test`,
      `Writer ${tag}`,
      `Quiet ${tag}`,
      `Tap ${tag}`,
      `Essay ${tag}`,
      `Wanted ${tag}`,
    ],
    fullEvent: fullEvent.id,
    onSale,
    soldToOther,
    boughtFromOther,
    request,
    complaintAlone,
    complaintShared,
    othersComplaint,
    secrets: [passwordHash, student.token, googleTokens, handoffHash, codeHash, student.password, `FEED-HASH-${tag}`],
    files: { onSaleImage: await imageKeyOf(onSale), soldImage: await imageKeyOf(soldToOther), attachment, alonePhoto },
  };
}

async function exportOf(
  user: TestUser,
  headers: Record<string, string> = bearer(user.token),
): Promise<{ res: Response; text: string; data: Record<string, unknown> }> {
  const res = await call("/api/auth/account/export", { headers });
  const text = await res.text();
  return { res, text, data: res.status === 200 ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A complaint as the other students of the block see it on their list. */
async function blockComplaint(
  viewer: TestUser,
  id: string,
): Promise<{ authorName: string; meTooCount: number } | undefined> {
  const res = await call("/api/hostel/complaints?view=block", { headers: bearer(viewer.token) });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { complaints: { id: string; authorName: string; meTooCount: number }[] } };
  return body.data.complaints.find((c) => c.id === id);
}

/** The codes in the mails the development outbox holds for an address, newest first. */
async function codesMailedTo(email: string): Promise<string[]> {
  const res = await call(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const mails = ((await res.json()) as { data: { text: string }[] }).data;
  return mails.flatMap((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? []);
}

function deleteAccount(token: string, body: unknown): Promise<Response> {
  return sendJson("DELETE", "/api/auth/account", body, token);
}

/** Every row of every table as text: what a search for a personal value looks through. */
async function everyRowAsText(): Promise<string> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
  ).all<{
    name: string;
  }>();
  const rows = await env.DB.batch(results.map(({ name }) => env.DB.prepare(`SELECT * FROM "${name}"`)));
  return rows.map((r, i) => `${results[i]!.name}: ${JSON.stringify(r.results)}`).join("\n");
}

// ---------------------------------------------------------------------------------------------

describe("every table that refers to a student is placed in the export and the deletion", () => {
  it("the live schema's user tables are exactly the ones worker/services/personal-data/registry.ts places", async () => {
    const linked = await userLinkedTables();
    // Guards the reading of the schema itself.
    expect(linked.get("products")?.userColumns.sort()).toEqual(["buyer_id", "seller_id"]);
    expect(linked.get("login_throttle")?.emailColumns).toEqual(["email"]);
    const missing = [...linked.keys()].filter((table) => !(table in PERSONAL_DATA));
    expect(missing, "add these tables to PERSONAL_DATA, the export and the deletion").toEqual([]);
    const stale = Object.keys(PERSONAL_DATA).filter((table) => !linked.has(table));
    expect(stale, "PERSONAL_DATA names tables that no longer refer to a user").toEqual([]);
  });

  it("notices a new table with a user id, a foreign key to users or an e-mail that is not placed", async () => {
    await env.DB.batch([
      env.DB.prepare("CREATE TABLE test_badges (id TEXT PRIMARY KEY, user_id TEXT)"),
      env.DB.prepare("CREATE TABLE test_follows (id TEXT PRIMARY KEY, follower TEXT REFERENCES users(id))"),
      env.DB.prepare("CREATE TABLE test_invites (id TEXT PRIMARY KEY, invited_email TEXT)"),
      env.DB.prepare("CREATE TABLE test_unrelated (id TEXT PRIMARY KEY, campus_id TEXT)"),
    ]);
    try {
      const linked = await userLinkedTables();
      expect([...linked.keys()].filter((table) => !(table in PERSONAL_DATA)).sort()).toEqual([
        "test_badges",
        "test_follows",
        "test_invites",
      ]);
    } finally {
      // Storage is shared by the tests of this file.
      await env.DB.batch(
        ["test_badges", "test_follows", "test_invites", "test_unrelated"].map((t) => env.DB.prepare(`DROP TABLE ${t}`)),
      );
    }
  });
});

describe("GET /api/auth/account/export: everything Campus holds about me", () => {
  it("answers 401 without a session, and the page's link sends a signed-out visitor to sign in", async () => {
    expect((await call("/api/auth/account/export")).status).toBe(401);
    expect((await call("/api/auth/account/export", { headers: bearer("not-a-token") })).status).toBe(401);
    const page = await call("/account/export", { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login");
  });

  it("is a file to save, never cached, with every placed table in it", async () => {
    const world = await everything();
    const { res, data } = await exportOf(world.student);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="campus-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get("Cache-Control")).toBe("no-store");

    // The seeding put the student in every table the schema links to a user, and each one's section is there.
    const linked = await userLinkedTables();
    for (const [table, links] of linked) {
      expect(
        await rowsReferring(table, links, world.student.userId, world.student.email),
        `the test seeds ${table}`,
      ).toBeGreaterThan(0);
      const placed: { exportedAs: string | null; why?: string } = PERSONAL_DATA[table as keyof typeof PERSONAL_DATA];
      if (placed.exportedAs === null) {
        expect(placed.why, `${table} is left out of the export only with a reason`).toBeTruthy();
        continue;
      }
      for (const path of placed.exportedAs.split(", ")) {
        expect(isEmpty(at(data, path)), `${table} is exported at ${path}`).toBe(false);
      }
    }

    expect(data.account).toMatchObject({
      id: world.student.userId,
      name: world.student.name,
      email: world.student.email,
      verified: true,
      hasPassword: true,
      googleLinked: false,
    });
    expect(at(data, "account.campus")).toEqual({ id: "cit", name: "Campus Institute of Technology", shortName: "CIT" });
    expect(data.devices).toEqual([expect.objectContaining({ device: "Unknown device", current: true })]);
    const selling = at(data, "marketplace.selling") as {
      id: string;
      status: string;
      buyerName: string | null;
      image: string;
    }[];
    expect(selling.map((p) => [p.id, p.status]).sort()).toEqual(
      [
        [world.onSale, "available"],
        [world.soldToOther, "sold"],
      ].sort(),
    );
    expect(selling.find((p) => p.id === world.soldToOther)?.buyerName).toBe("Other Student");
    expect(selling[0]!.image).toMatch(/^\/api\/files\/products\//);
    expect(at(data, "marketplace.bought")).toEqual([
      expect.objectContaining({ id: world.boughtFromOther, sellerName: "Other Student" }),
    ]);
    expect(at(data, "marketplace.saleNotifications")).toEqual([
      expect.objectContaining({ productId: world.soldToOther, buyerName: "Other Student" }),
    ]);
    expect(at(data, "studySwap.requests")).toEqual([
      expect.objectContaining({ id: world.request, attachmentName: "notes.txt" }),
    ]);
    expect(at(data, "hostel.complaints")).toHaveLength(2);
    expect(at(data, "hostel.meToos")).toEqual([expect.objectContaining({ complaintId: world.othersComplaint })]);
    expect(at(data, "hostel.residence")).toMatchObject({ blockId: "B", room: "101" });
    expect(at(data, "classroom")).toMatchObject({
      connected: true,
      remindersEnabled: true,
      remindersSent: [expect.objectContaining({ title: "Problem set 3" })],
    });
    expect(at(data, "classroom.pendingGoogleCodes")).toEqual([expect.objectContaining({ purpose: "auth" })]);
    expect(at(data, "signInThrottle")).toMatchObject({ failures: 1 });
    expect(at(data, "codes")).toEqual(
      expect.arrayContaining([expect.objectContaining({ purpose: "reset", tries: 0 })]),
    );
    // Only the student's own: nothing of the other student's complaint beyond its id and category.
    expect(JSON.stringify(data)).not.toContain("The corridor light is out.");
  });

  it("holds no secret: no password or its hash, no session token, no Google token, no code hash", async () => {
    const world = await everything();
    const { text, data } = await exportOf(world.student);
    for (const secret of world.secrets) expect(text).not.toContain(secret);
    const keys: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object")
        for (const [k, v] of Object.entries(value)) {
          keys.push(k);
          walk(v);
        }
    };
    walk(data);
    expect(keys.filter((k) => /hash|token|secret|key$/i.test(k))).toEqual([]);
  });

  it("the /account/export link answers the same file with the session cookie", async () => {
    const world = await everything();
    const res = await call("/account/export", { headers: { Cookie: world.student.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="campus-my-data-/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const data = (await res.json()) as { account: { email: string }; marketplace: { selling: unknown[] } };
    expect(data.account.email).toBe(world.student.email);
    expect(data.marketplace.selling).toHaveLength(2);
  });

  it("is rate limited per student: the sixth download in a minute is a 429 with a message", () =>
    inOneLimiterMinute(async () => {
      const user = await createUser();
      for (let i = 0; i < 5; i += 1) expect((await exportOf(user)).res.status).toBe(200);
      const limited = await exportOf(user);
      expect(limited.res.status).toBe(429);
      expect(JSON.parse(limited.text)).toMatchObject({ success: false, message: EXPORT_LIMITED });
      const page = await call("/account/export", { headers: { Cookie: user.cookie } });
      expect(page.status).toBe(429);
      expect(await page.text()).toBe(EXPORT_LIMITED);
      // Someone else is not limited by it.
      expect((await exportOf(await createUser())).res.status).toBe(200);
    }));
});

describe("DELETE /api/auth/account", () => {
  it("answers 401 without a session", async () => {
    expect((await sendJson("DELETE", "/api/auth/account", { password: "whatever-it-is" })).status).toBe(401);
  });

  it("refuses a wrong or missing password (403, 400) and deletes nothing", async () => {
    const world = await everything();
    const before = await snapshot();
    const wrong = await deleteAccount(world.student.token, { password: "not my password" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ success: false, message: DELETION_MESSAGES.wrongPassword });
    const missing = await deleteAccount(world.student.token, {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: DELETION_MESSAGES.needPassword });
    const badType = await deleteAccount(world.student.token, { password: 12345678 });
    expect(badType.status).toBe(400);
    expect(await snapshot()).toBe(before);
    expect((await call("/api/auth/me", { headers: bearer(world.student.token) })).status).toBe(200);
  });

  it("limits password guesses with the change-password budget: the sixth try in a minute is a 429", () =>
    inOneLimiterMinute(async () => {
      const user = await createUser();
      for (let i = 0; i < 5; i += 1)
        expect((await deleteAccount(user.token, { password: `guess number ${i}` })).status).toBe(403);
      expect((await deleteAccount(user.token, { password: user.password })).status).toBe(429);
      expect((await call("/api/auth/me", { headers: bearer(user.token) })).status).toBe(200);
    }));

  it("removes the student's data, keeps what other students hold with the person anonymised, and signs out for good", async () => {
    const world = await everything();
    const { student, other } = world;
    const othersComplaintBefore = await blockComplaint(other, world.othersComplaint);
    const res = await deleteAccount(student.token, { password: student.password });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: DELETION_MESSAGES.deleted });
    expect(res.headers.get("Set-Cookie")).toMatch(/__Host-campus_session=;.*Max-Age=0/i);

    // Signed out: the old token and cookie are refused.
    expect((await call("/api/auth/me", { headers: bearer(student.token) })).status).toBe(401);
    expect((await call("/api/auth/me", { headers: { Cookie: student.cookie } })).status).toBe(401);

    // The buyer still has the purchase; the seller is anonymised, with no number to chat to.
    const purchased = (await (await call("/api/product/purchased", { headers: bearer(other.token) })).json()) as Record<
      string,
      unknown
    >[];
    expect(purchased).toEqual([
      expect.objectContaining({
        _id: world.soldToOther,
        sellerName: DELETED_STUDENT,
        whatsappNumber: "",
        whatsappLink: null,
        status: "sold",
      }),
    ]);
    const purchasesPage = await (await call("/purchases", { headers: { Cookie: other.cookie } })).text();
    expect(purchasesPage).toContain("The seller has deleted their Campus account.");
    // And vice versa: the seller's sale stays, the buyer anonymised, on the product and on the notice.
    const sold = (await (await call("/api/product/mysells", { headers: bearer(other.token) })).json()) as Record<
      string,
      unknown
    >[];
    expect(sold).toEqual([
      expect.objectContaining({ _id: world.boughtFromOther, status: "sold", buyerName: DELETED_STUDENT }),
    ]);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM sale_notifications WHERE product_id = ? AND buyer_name = ?",
        world.boughtFromOther,
        DELETED_STUDENT,
      ),
    ).toBe(1);
    // The event place the student held goes to the student who waited for it.
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM event_attendees WHERE event_id = ? AND user_id = ? AND state = 'going'",
        world.fullEvent,
        other.userId,
      ),
    ).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM events WHERE created_by = ?", student.userId)).toBe(0);
    // The product still on sale is gone, with its image; the sold one's image stays for the buyer.
    expect(await count("SELECT COUNT(*) AS n FROM products WHERE id = ?", world.onSale)).toBe(0);
    expect(await env.FILES.head(world.files.onSaleImage)).toBeNull();
    expect(await env.FILES.head(world.files.soldImage)).not.toBeNull();
    // The request goes with its attachment; the lone complaint with its photo.
    expect(await count("SELECT COUNT(*) AS n FROM study_requests WHERE id = ?", world.request)).toBe(0);
    expect(await env.FILES.head(world.files.attachment)).toBeNull();
    expect(await count("SELECT COUNT(*) AS n FROM hostel_complaints WHERE id = ?", world.complaintAlone)).toBe(0);
    expect(await env.FILES.head(world.files.alonePhoto)).toBeNull();
    // A complaint the other student said "me too" to stays, signed by nobody; the student's "me too"
    // on the other's complaint still counts.
    expect(await blockComplaint(other, world.complaintShared)).toMatchObject({
      authorName: DELETED_STUDENT.split(" ")[0],
      meTooCount: 1,
    });
    expect(await blockComplaint(other, world.complaintAlone)).toBeUndefined();
    expect((await blockComplaint(other, world.othersComplaint))?.meTooCount).toBe(othersComplaintBefore!.meTooCount);

    // Table by table, from the live schema: nothing of the student is left where PERSONAL_DATA says
    // "deleted", and no personal value is left anywhere.
    const linked = await userLinkedTables();
    for (const [table, links] of linked) {
      if (PERSONAL_DATA[table as keyof typeof PERSONAL_DATA].onDelete === "deleted") {
        expect(
          await rowsReferring(table, links, student.userId, student.email),
          `${table} still holds the student`,
        ).toBe(0);
      }
    }
    const everywhere = await everyRowAsText();
    for (const value of world.personal) expect(everywhere, `"${value}" is still stored`).not.toContain(value);
    const row = await env.DB.prepare(
      "SELECT name, email, password_hash, google_sub, email_verified_at, deleted_at FROM users WHERE id = ?",
    )
      .bind(student.userId)
      .first();
    expect(row).toMatchObject({
      name: DELETED_STUDENT,
      password_hash: null,
      google_sub: null,
      email_verified_at: null,
      deleted_at: expect.any(Number),
    });
    expect(String(row!.email)).toMatch(/^deleted-[0-9a-f-]{36}@deleted\.invalid$/);
    // Nobody gets a reset code for the anonymous address (the answer is the same 200 as for any address).
    const reset = await postJson("/api/auth/password-reset", { email: row!.email }, { "CF-Connecting-IP": uniqueIp() });
    expect(reset.status).toBe(200);
    expect(await codesMailedTo(String(row!.email))).toEqual([]);
    expect(await count("SELECT COUNT(*) AS n FROM email_codes WHERE user_id = ?", student.userId)).toBe(0);

    // Never again: the old password signs nobody in (a row for the address in the sign-in throttle
    // comes from this very try, as for any address).
    expect(
      (
        await postJson(
          "/api/auth/login",
          { email: student.email, password: student.password },
          { "CF-Connecting-IP": uniqueIp() },
        )
      ).status,
    ).toBe(401);

    // The address is free: registering it again makes a new, empty account.
    const again = await postJson(
      "/api/auth/register",
      { name: "Zephyrine Again", email: student.email, password: "a fresh password" },
      { "CF-Connecting-IP": uniqueIp() },
    );
    expect(again.status).toBe(201);
    const fresh = (await again.json()) as { data: { userId: string; token: string } };
    expect(fresh.data.userId).not.toBe(student.userId);
    const { data } = await exportOf({ ...student, token: fresh.data.token });
    expect(at(data, "marketplace.bought")).toEqual([]);
    expect(at(data, "hostel.complaints")).toEqual([]);
  });

  it("deleting an account twice at once: one deletion does everything, the other nothing", async () => {
    const world = await everything();
    const second = (await postJson(
      "/api/auth/login",
      { email: world.student.email, password: world.student.password },
      { "CF-Connecting-IP": uniqueIp() },
    ).then((r) => r.json())) as {
      data: { token: string };
    };
    const answers = await Promise.all([
      deleteAccount(world.student.token, { password: world.student.password }),
      deleteAccount(second.data.token, { password: world.student.password }),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM users WHERE id = ? AND deleted_at IS NOT NULL AND name = ?",
        world.student.userId,
        DELETED_STUDENT,
      ),
    ).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", world.student.userId)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM products WHERE seller_id = ?", world.student.userId)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM products WHERE buyer_id = ?", world.student.userId)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM hostel_complaints WHERE user_id = ?", world.student.userId)).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM hostel_complaint_me_too WHERE user_id = ?", world.student.userId),
    ).toBe(1);
  });

  it("deleting while another student buys one of the listings: either the sale happened and is kept, or the listing is gone", async () => {
    for (let round = 0; round < 4; round += 1) {
      const seller = await createUser();
      const buyer = await createUser();
      const id = await uploadProduct(seller, "Race kit", "9123456780", "Race Seller");
      const imageKey = await imageKeyOf(id);
      const [purchase, deletion] = await Promise.all([
        buy(buyer, id),
        deleteAccount(seller.token, { password: seller.password }),
      ]);
      expect(deletion.status).toBe(200);
      const rows = await count("SELECT COUNT(*) AS n FROM products WHERE id = ?", id);
      if (purchase.status === 200) {
        // Sold first: the buyer's purchase stays, anonymised; the seller's notice went with the account.
        expect(rows).toBe(1);
        expect(
          await count(
            "SELECT COUNT(*) AS n FROM products WHERE id = ? AND buyer_id = ? AND seller_name = ? AND whatsapp_number = ''",
            id,
            buyer.userId,
            DELETED_STUDENT,
          ),
        ).toBe(1);
        expect(await env.FILES.head(imageKey)).not.toBeNull();
      } else {
        // Deleted first: no listing, no image, no sale.
        expect(purchase.status).toBe(404);
        expect(rows).toBe(0);
        expect(await env.FILES.head(imageKey)).toBeNull();
      }
      expect(await count("SELECT COUNT(*) AS n FROM sale_notifications WHERE seller_id = ?", seller.userId)).toBe(0);
    }
  });

  it("a purchase already on its way when the buyer's account is deleted writes nothing", async () => {
    const seller = await createUser();
    const buyer = await createUser();
    const id = await uploadProduct(seller, "Late kit", "9123456780", "Seller");
    // The buyer as the purchase's session lookup saw them, before the deletion.
    const stale = (await resolveSession(env, new Request(ORIGIN, { headers: bearer(buyer.token) })))?.user ?? null;
    expect((await deleteAccount(buyer.token, { password: buyer.password })).status).toBe(200);
    await expect(purchaseProduct(env, stale!, id)).rejects.toMatchObject({ status: 401 });
    expect(
      await count("SELECT COUNT(*) AS n FROM products WHERE id = ? AND status = 'available' AND buyer_id IS NULL", id),
    ).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM sale_notifications WHERE product_id = ?", id)).toBe(0);
  });

  it("a session a sign-in started just before the deletion finished signs nobody in", async () => {
    const user = await createUser();
    expect((await deleteAccount(user.token, { password: user.password })).status).toBe(200);
    // As if a sign-in that had checked the password wrote its session after the deletion.
    const { startSession } = await import("#server/services/auth/sign-in.ts");
    const { token } = await startSession(env, user.userId);
    expect((await call("/api/auth/me", { headers: bearer(token) })).status).toBe(401);
  });
});

describe("an account without a password (Google only): a code e-mailed to the address", () => {
  const aarav = FAKE_ACCOUNTS[0]!;

  async function signInWithGoogle(): Promise<{ token: string; userId: string; email: string }> {
    const fake = installFakeGoogle();
    const { location, cookie } = await googleRedirect(fake, "auth", "aarav");
    const res = await postJson("/api/google/session", { code: location.searchParams.get("code") }, { Cookie: cookie });
    expect(res.status).toBe(200);
    expect(cookiesFrom(res)).toContain("__Host-campus_session=");
    vi.restoreAllMocks();
    return ((await res.json()) as { data: { token: string; userId: string; email: string } }).data;
  }

  it("asks for the code (one a minute), refuses a wrong one and deletes with the right one; Google's next sign-in makes a new account", async () => {
    await env.DB.prepare("DELETE FROM users WHERE email = ?").bind(aarav.email).run();
    const { token, userId } = await signInWithGoogle();
    const ask = () =>
      call("/api/auth/account/deletion-code", {
        method: "POST",
        headers: { ...bearer(token), "CF-Connecting-IP": uniqueIp() },
      });
    const noCode = await deleteAccount(token, {});
    expect(noCode.status).toBe(400);
    expect(await noCode.json()).toMatchObject({ message: DELETION_MESSAGES.needCode });
    const sent = await ask();
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ message: DELETION_MESSAGES.codeSent(aarav.email) });
    expect((await ask()).status).toBe(429);
    const [code] = await codesMailedTo(aarav.email);
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = code === "000000" ? "000001" : "000000";
    const wrong = await deleteAccount(token, { code: wrongCode });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ message: DELETION_MESSAGES.wrongCode(4) });
    expect(await count("SELECT COUNT(*) AS n FROM users WHERE id = ? AND deleted_at IS NULL", userId)).toBe(1);
    // A password is no proof for an account that has none.
    expect((await deleteAccount(token, { password: "anything at all" })).status).toBe(400);

    const done = await deleteAccount(token, { code: code! });
    expect(done.status).toBe(200);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM users WHERE id = ? AND deleted_at IS NOT NULL AND google_sub IS NULL",
        userId,
      ),
    ).toBe(1);
    // The mails to the address went with it (the development outbox), and the code is spent.
    expect(await codesMailedTo(aarav.email)).toEqual([]);
    expect(await count("SELECT COUNT(*) AS n FROM email_codes WHERE user_id = ?", userId)).toBe(0);
    const again = await signInWithGoogle();
    expect(again.userId).not.toBe(userId);
  });

  it("an account with a password is told to use it (409), and no code is sent", async () => {
    const user = await createUser();
    const before = await codesMailedTo(user.email);
    const res = await call("/api/auth/account/deletion-code", {
      method: "POST",
      headers: { ...bearer(user.token), "CF-Connecting-IP": uniqueIp() },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: DELETION_MESSAGES.hasPassword });
    expect(await codesMailedTo(user.email)).toEqual(before);
  });
});

describe("/account: your data, without JavaScript", () => {
  it("shows the download link, the delete form and the DPDP line", async () => {
    const user = await createUser();
    const html = await (await call("/account", { headers: { Cookie: user.cookie } })).text();
    expect(html).toContain('href="/account/export"');
    expect(html).toContain("Download my data");
    expect(html).toContain("Delete my account");
    expect(html).toContain("Digital Personal Data Protection Act");
    expect(html).toMatch(/name="intent" value="delete-account"/);
  });

  it("a wrong password is refused on the page (403) and nothing is deleted; the right one signs out onto the deleted page", async () => {
    const world = await everything();
    const post = (fields: Record<string, string>) =>
      call("/account", {
        method: "POST",
        headers: { Cookie: world.student.cookie },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    const before = await snapshot();
    const wrong = await post({ intent: "delete-account", password: "not my password" });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain(DELETION_MESSAGES.wrongPassword);
    expect(await snapshot()).toBe(before);

    const ok = await post({ intent: "delete-account", password: world.student.password });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/account/deleted");
    expect(ok.headers.get("Set-Cookie")).toMatch(/__Host-campus_session=;.*Max-Age=0/i);
    expect(
      await count("SELECT COUNT(*) AS n FROM users WHERE id = ? AND deleted_at IS NOT NULL", world.student.userId),
    ).toBe(1);
    // Both doors did the same: the buyer's record is kept, anonymised.
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM products WHERE id = ? AND seller_name = ?",
        world.soldToOther,
        DELETED_STUDENT,
      ),
    ).toBe(1);
    const landing = await call("/account/deleted");
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain("Your account has been deleted");
    // Nobody signed in is told their account is gone.
    const signedIn = await call("/account/deleted", { headers: { Cookie: world.other.cookie }, redirect: "manual" });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/account");
  });
});
